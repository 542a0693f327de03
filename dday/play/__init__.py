"""Playing games: the game loop (:mod:`.game`), saving and replaying (:mod:`.saves`) and many
games as a table (:mod:`.simulate`)."""
