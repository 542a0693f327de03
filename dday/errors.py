"""Exceptions. Each is a ``ValueError`` subclass so callers can catch broadly or precisely.

An illegal action names the rule it breaks, with the rule's title from the rules reference
(``dday.rules.reference.lookup``), so a reader knows what the ID means without looking it up:

>>> err = IllegalActionError("R-STACK-1", "F30 would hold 9 Allied land units")
>>> str(err)
'R-STACK-1 (Eight land units per side in a zone): F30 would hold 9 Allied land units'
>>> isinstance(err, ValueError), err.rule, err.message
(True, 'R-STACK-1', 'F30 would hold 9 Allied land units')
"""

from __future__ import annotations

from .rules.reference import UnknownRuleError, rule_title


class DDayError(ValueError):
    """Base class of every error this package raises on purpose."""


class IllegalActionError(DDayError):
    """An action that the rules forbid in this state; the state is left unchanged.

    ``rule`` holds the rule ID (e.g. ``"R-MOVE-4"``), ``message`` what is wrong; ``str(err)`` shows
    both with the rule's title, looked up only when the error is shown.
    """

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.message = message
        super().__init__(rule, message)

    def __str__(self) -> str:
        try:
            return f"{self.rule} ({rule_title(self.rule)}): {self.message}"
        except UnknownRuleError:
            return f"{self.rule}: {self.message}"


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
