"""What the game waits for, in words: one line per step (the rules record the step as typed data;
this module writes the sentence a learner reads, as :mod:`.log_text` writes the log's).

>>> from dday.rules.setup import initial_state
>>> describe_step(initial_state())
'Roll 3 dice (para in F11)'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from ..rules.state import State
from ..rules.steps import (
    AATargetStep,
    BomberStep,
    ChooseCasualtiesStep,
    DeclareMovesStep,
    FireToSeaStep,
    GameOver,
    LandingStep,
    NavalSplitStep,
    NavalTargetStep,
    PatrolStep,
    PlaceReinforcementsStep,
    Roll,
    Step,
    StrafeStep,
)
from ..rules.words import count, plural, side_name, unit_noun

__all__ = ["STEP_PROMPTS", "describe_step"]

STEP_PROMPTS: Final[Mapping[type[Step], str]] = {
    NavalSplitStep: "Split the six naval dice between the UK and the US (R-NAVAL-2)",
    NavalTargetStep: "Pick the blockhouse this naval die is aimed at (R-NAVAL-1)",
    PatrolStep: "Send fighters from the airfield to patrol zones, at most 4 per zone (R-AIR-2)",
    AATargetStep: "Pick the air unit this artillery fires at (R-AA-2)",
    BomberStep: "Send a bomber to a zone without Allied land units and pick its target (R-AIR-5)",
    FireToSeaStep: "Pick the unit in the beachhead this blockhouse fires at (R-BH-2)",
    LandingStep: "Land units from the beachhead boxes into their landing zones (R-BEACH-2)",
}
"""The decisions that take their words from this table (the others are written from their fields below)."""


def describe_step(s: State) -> str:
    """One line saying what the game waits for (for logs and widgets)."""
    step = s.step
    if isinstance(step, GameOver):
        return f"Game over: the {side_name(s.winner or '')} win"
    if isinstance(step, Roll):
        zone = getattr(step, "zone", "")
        return f"Roll {count(step.dice.count, 'die')} ({step.kind}{' in ' + zone if zone else ''})"
    if isinstance(step, StrafeStep):
        power, unit, dest, n = step.arrivals[step.index]
        return f"Roll {n} strafing {plural(n, 'die')} against a {unit_noun(1, unit, power)} bound for {dest}"
    if isinstance(step, ChooseCasualtiesStep):
        return f"{side_name(step.side)}: choose {count(step.hits, 'casualty')} in {step.zone}"
    if isinstance(step, DeclareMovesStep):
        return f"{step.side.capitalize()}: declare moves ({len(step.moves)} so far), then done (R-MOVE-7)"
    if isinstance(step, PlaceReinforcementsStep):
        left = ", ".join(f"{s.board.charts[i].name}: {q}" for i, q in enumerate(step.quota) if q)
        return f"{step.side.capitalize()}: place reinforcements in chart order ({left})"
    return f"{step.who.capitalize()}: {STEP_PROMPTS.get(type(step), '')}"
