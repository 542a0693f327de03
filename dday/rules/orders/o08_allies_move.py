"""Order 8, Allies Move (ORDER-8, R-MOVE-1, R-MOVE-3, R-MOVE-4, R-MOVE-6, R-MOVE-7, R-STACK-4; FORT-8, TAC-7).

The Allies declare their moves one unit at a time, then all of them happen together
(R-MOVE-7). A unit moves to an adjacent zone, a tank up to two zones (not through a zone
with enemy units, FAQ-24). Units locked in combat with enemy land units may not leave
(R-MOVE-3), and no zone may end with more than eight Allied land units (R-STACK-4). The
rules of movement are shared with order 12 and live in :mod:`.movement`.

Handlers (``python -m dday handlers 8``; a test keeps this table true)::

    begin                      movement.begin_move(...)
    roll StrafeStep            movement._roll_strafe
    Move at DeclareMovesStep   movement._act_move
    Done at DeclareMovesStep   movement._done_moves
    legal at DeclareMovesStep  movement._legal_moves
"""

from __future__ import annotations

from ..registry import begin
from .movement import begin_move

begin(8)(begin_move("allies"))
