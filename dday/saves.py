"""dday.saves — moved to :mod:`dday.play.saves`; this module re-exports its public names so that
existing code keeps working.
"""


from .play.saves import (
    FORMAT,
    MAX_FILE_BYTES,
    VERSION,
    History,
    Input,
    LoadedGame,
    checksum,
    dumps,
    final_mismatches,
    load_game,
    main,
    make_golden,
    read_json,
    replay,
    save_game,
    seal,
)

__all__ = [
    "FORMAT",
    "MAX_FILE_BYTES",
    "VERSION",
    "History",
    "Input",
    "LoadedGame",
    "checksum",
    "dumps",
    "final_mismatches",
    "load_game",
    "main",
    "make_golden",
    "read_json",
    "replay",
    "save_game",
    "seal",
]


if __name__ == "__main__":  # pragma: no cover  (python -m dday.saves --make-golden ...)
    raise SystemExit(main())
