"""dday.widgets.game_board — moved to :mod:`dday.views.widgets.game_board`; this module re-exports
its public names so that existing code and notebooks keep working.
"""

from ..views.widgets.board_html import UNIT_LETTER
from ..views.widgets.game_board import ALLIED, SEAT_CHOICES, GameBoard, Turn, action_powers, chart_table_html, turn_track_html

__all__ = ["ALLIED", "SEAT_CHOICES", "UNIT_LETTER", "GameBoard", "Turn", "action_powers", "chart_table_html", "turn_track_html"]
