"""dday.front — moved to :mod:`dday.views.front`; this module re-exports its public names so that
existing code and notebooks keep working.
"""


from .views.front import (
    SIDE_COLORS,
    VALUES,
    front_by_turn,
    front_figure,
    pairing_figure,
    pairing_rates,
    pairings,
    turn_end_states,
    turn_figure,
)

__all__ = ["SIDE_COLORS", "VALUES", "front_by_turn", "front_figure", "pairing_figure", "pairing_rates", "pairings", "turn_end_states", "turn_figure"]
