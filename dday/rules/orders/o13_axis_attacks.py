"""Order 13, Axis Attacks (ORDER-13, R-COMBAT-1, R-COMBAT-3..5; FORT-13, TAC-12).

In every zone that holds land units of both sides, one combat cycle with the Germans firing
first and the Allies firing back with all their units. The combat cycle is shared with
order 11 (:mod:`.combat`). Fortune card 13's bad result limits the Axis to two zones;
tactics card 12 spares one zone.

Handlers (``python -m dday handlers 13``; a test keeps this table true)::

    begin                                     combat.begin_combat(...)
    roll AttackRoll                           combat._roll_attack
    roll DefenseRoll                          combat._roll_defense
    ChooseCasualties at ChooseCasualtiesStep  combat._act_casualties
    legal at ChooseCasualtiesStep             combat._legal_casualties
"""

from __future__ import annotations

from ..registry import begin
from .combat import begin_combat

begin(13)(begin_combat("axis"))
