"""dday.saves — moved to :mod:`dday.play.saves`; this module re-exports its public names so that
existing code keeps working.
"""


from .play.saves import (
    FORMAT,
    VERSION,
    History,
    Input,
    LoadedGame,
    dumps,
    final_mismatches,
    load_game,
    main,
    make_golden,
    replay,
    save_game,
)

__all__ = ["FORMAT", "VERSION", "History", "Input", "LoadedGame", "dumps", "final_mismatches", "load_game", "main", "make_golden", "replay", "save_game"]


if __name__ == "__main__":  # pragma: no cover  (python -m dday.saves --make-golden ...)
    raise SystemExit(main())
