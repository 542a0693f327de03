"""Playing games: the game loop (:mod:`.game`), saving and replaying (:mod:`.saves`), many games
as a table (:mod:`.simulate`) and prepared positions (:mod:`.scenario`)."""
