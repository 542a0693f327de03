"""Exceptions. Each is a ``ValueError`` subclass so callers can catch broadly or precisely.

An illegal action names the rule it breaks:

>>> err = IllegalActionError("R-STACK-1", "F30 would hold 9 Allied land units")
>>> str(err)
'R-STACK-1: F30 would hold 9 Allied land units'
>>> isinstance(err, ValueError), err.rule
(True, 'R-STACK-1')
"""

from __future__ import annotations


class DDayError(ValueError):
    """Base class of every error this package raises on purpose."""


class IllegalActionError(DDayError):
    """An action that the rules forbid in this state; the state is left unchanged.

    ``rule`` holds the rule ID of rules.md (e.g. ``"R-MOVE-4"``).
    """

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        super().__init__(f"{rule}: {message}")


class NotYourTurnError(IllegalActionError):
    """An action or roll given when the game expects something else (R-TURN-3)."""


class BadRollError(DDayError):
    """Dice that do not fit the pending chance event (wrong count or a face outside 1..6)."""


class BoardDataError(DDayError):
    """The board data file is inconsistent (asymmetric adjacency, unknown ids, ...)."""


class SaveFileError(DDayError):
    """A saved game or state that cannot be loaded (corrupted, truncated, wrong version, tampered)."""


class OddsInputError(DDayError):
    """A question to :mod:`dday.odds` that cannot be answered as asked: a count that is not a
    non-negative ``int``, an unknown unit name or side, or a size beyond the documented limits
    (see :mod:`dday.odds.inputs`). Raised at once, before any work."""
