"""Order 12, Axis Moves (ORDER-12, R-MOVE-1, R-MOVE-7, R-AIR-3, R-AIR-4; FORT-12, FAQ-18).

The Germans declare their moves one unit at a time, then all of them happen together. Each
moving unit is strafed by the Allied fighters patrolling its start and end zones (and twice
by those over a zone a tank passes through): one die per fighter, any 1 destroys it
(R-AIR-3, R-AIR-4). The rules of movement are shared with order 8 (:mod:`.movement`).

Handlers (``python -m dday handlers 12``; a test keeps this table true)::

    begin                      movement.begin_move(...)
    roll StrafeStep            movement._roll_strafe
    Move at DeclareMovesStep   movement._act_move
    Done at DeclareMovesStep   movement._done_moves
    legal at DeclareMovesStep  movement._legal_moves
"""

from __future__ import annotations

from ..registry import begin
from .movement import begin_move

begin(12)(begin_move("axis"))
