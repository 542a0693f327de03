"""Views: the maps of a position (:mod:`.maps`), where the front stands (:mod:`.front`), the
notebook widgets (:mod:`.widgets`) and the tutorial helpers (:mod:`.tutorial`)."""
