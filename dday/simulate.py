"""dday.simulate — moved to :mod:`dday.play.simulate`; this module re-exports its public names so
that existing code keeps working.
"""


from .play.simulate import (
    AIR_LOST,
    city_key,
    game_seeds,
    interval_error_y,
    play_one,
    play_with_turn_ends,
    simulate,
    summary,
    turn_distribution,
    wilson,
    win_rates,
)

__all__ = ["AIR_LOST", "city_key", "game_seeds", "interval_error_y", "play_one", "play_with_turn_ends", "simulate", "summary", "turn_distribution", "wilson", "win_rates"]
