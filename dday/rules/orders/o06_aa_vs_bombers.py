"""Order 6, Antiaircraft Fire vs. Bombers (ORDER-6, R-AA-2; FORT-6).

Every German artillery unit in a zone with an Allied bomber over it fires one die at it; a 1
shoots it down (out of the game, R-AIR-7). It works exactly like order 4 against fighters
(:mod:`.o04_aa_vs_fighters`).

Handlers (``python -m dday handlers 6``; a test keeps this table true)::

    begin                   o04_aa_vs_fighters.begin_aa(...)
    roll AARoll             o04_aa_vs_fighters._roll_aa
    FireAA at AATargetStep  o04_aa_vs_fighters._act_aa
    legal at AATargetStep   o04_aa_vs_fighters._legal_aa
"""

from __future__ import annotations

from ..registry import begin
from .o04_aa_vs_fighters import begin_aa

begin(6)(begin_aa("bomber"))
