"""Order 15, Axis Reinforces (ORDER-15, R-REINF-1..3, R-REINF-6..8; FORT-15, TAC-15).

The Germans roll two dice per reinforcement column; that many units enter in the zones of
their sector, at most eight Axis land units per zone. Units arriving under patrolling
fighters are strafed first (R-REINF-8). The reinforcement rules are shared with order 14
(:mod:`.reinforcements`).

Handlers (``python -m dday handlers 15``; a test keeps this table true)::

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

begin(15)(begin_reinf("axis"))
