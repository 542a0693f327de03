"""dday.widgets — the tutorial's widgets (moved to :mod:`dday.views.widgets`). The modules
``dday.widgets.play``, ``.game_board``, ``.odds_lab`` and ``.style`` re-export the new ones."""
