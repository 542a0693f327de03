"""dday.board — the board (moved to :mod:`dday.rules.board`; re-exported here)."""

from .errors import BoardDataError
from .rules.board import CHART_LETTERS, AirborneBox, Beachhead, Board, Chart, Zone, board_from_dict, load_board, load_board_file
from .rules.units import ALLIED_POWERS, LAND_TYPES, Force

__all__ = [
    "ALLIED_POWERS",
    "CHART_LETTERS",
    "LAND_TYPES",
    "AirborneBox",
    "Beachhead",
    "Board",
    "BoardDataError",
    "Chart",
    "Force",
    "Zone",
    "board_from_dict",
    "load_board",
    "load_board_file",
]
