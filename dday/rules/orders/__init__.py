"""The sixteen order cards, one module each (``o01_airborne`` … ``o16_fighters_return``).

Importing this package imports every card module, and each registers its handlers (how the
order begins, what its actions and rolls do, its legal choices) in
:mod:`dday.rules.registry`. Mechanisms that several cards share are modules of their own:
:mod:`.movement` (orders 8 and 12), :mod:`.combat` (11 and 13, and every choice of
casualties), :mod:`.reinforcements` (14 and 15); orders 4/6 and 7/16 share one function each.
"""

from . import (
    combat,
    movement,
    o01_airborne,
    o02_naval_bombardment,
    o03_fighter_patrol,
    o04_aa_vs_fighters,
    o05_bomber_strike,
    o06_aa_vs_bombers,
    o07_bombers_return,
    o08_allies_move,
    o09_blockhouses_fire_to_sea,
    o10_allies_land,
    o11_allies_attack,
    o12_axis_moves,
    o13_axis_attacks,
    o14_allies_reinforce,
    o15_axis_reinforces,
    o16_fighters_return,
    reinforcements,
)

CARD_MODULES = (
    o01_airborne,
    o02_naval_bombardment,
    o03_fighter_patrol,
    o04_aa_vs_fighters,
    o05_bomber_strike,
    o06_aa_vs_bombers,
    o07_bombers_return,
    o08_allies_move,
    o09_blockhouses_fire_to_sea,
    o10_allies_land,
    o11_allies_attack,
    o12_axis_moves,
    o13_axis_attacks,
    o14_allies_reinforce,
    o15_axis_reinforces,
    o16_fighters_return,
)  # order n is CARD_MODULES[n - 1]

__all__ = ["CARD_MODULES", "combat", "movement", "reinforcements"]
