"""Order 11, Allies Attack (ORDER-11, R-COMBAT-1, R-COMBAT-3..5, R-CONTROL-2; FORT-11, TAC-10).

In every zone that holds land units of both sides, one combat cycle: the Allies roll one die
per unit (infantry hit on 1, artillery on 2, tanks on 3), the Axis chooses its losses, then
every Axis unit there, the casualties included, fires back and the Allies choose theirs. The
combat cycle is shared with order 13 and lives in :mod:`.combat`.

Handlers (``python -m dday handlers 11``; a test keeps this table true)::

    begin                                     combat.begin_combat(...)
    roll AttackRoll                           combat._roll_attack
    roll DefenseRoll                          combat._roll_defense
    ChooseCasualties at ChooseCasualtiesStep  combat._act_casualties
    legal at ChooseCasualtiesStep             combat._legal_casualties
"""

from __future__ import annotations

from ..registry import begin
from .combat import begin_combat

begin(11)(begin_combat("allies"))
