"""Order 14, Allies Reinforce (ORDER-14, R-REINF-1..5; FORT-14).

The UK and the US each roll two dice; that many units, taken in order from the top of their
reinforcement chart, go to the beachhead boxes the chart allows, up to each box's capacity
(the rest stay on the chart, first in line). The reinforcement rules are shared with order 15
(:mod:`.reinforcements`).

Handlers (``python -m dday handlers 14``; a test keeps this table true)::

    begin                                          reinforcements.begin_reinf(...)
    roll ReinforcementRoll                         reinforcements._roll_reinf
    roll RerollRoll                                reinforcements._roll_reroll
    PlaceReinforcement at PlaceReinforcementsStep  reinforcements._act_place
    Done at PlaceReinforcementsStep                reinforcements._done_place
    legal at PlaceReinforcementsStep               reinforcements._legal_place
    pick reroll (fortune)                          reinforcements._pick_reroll
"""

from __future__ import annotations

from ..registry import begin
from .reinforcements import begin_reinf

begin(14)(begin_reinf("allies"))
