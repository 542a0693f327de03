"""Order 15, Axis Reinforces (ORDER-15, R-REINF-1..3, R-REINF-6..8; FORT-15, TAC-15).

The Germans roll two dice per reinforcement column; that many units enter in the zones of
their sector, at most eight Axis land units per zone. Units arriving under patrolling
fighters are strafed first (R-REINF-8). The reinforcement rules are shared with order 14
(:mod:`.reinforcements`).
"""

from __future__ import annotations

from ..registry import begin
from .reinforcements import begin_reinf

begin(15)(begin_reinf("axis"))
