"""Transitions: what may be done now, and what doing it (or rolling dice) leads to.

The game is a sequence of steps. At each step either a side decides (``legal_actions``,
then ``apply(state, action)``) or dice are rolled (``chance_outcomes`` / ``sample_roll``,
then ``apply(state, faces)``). A decision with exactly one legal choice is taken
automatically, so every step a caller sees is a real choice or a real roll.

The rules live in :mod:`dday.flow` (card sequence, tactics offers, victory), :mod:`dday.fortune`,
:mod:`dday.orders_air` (orders 1-7, 16), :mod:`dday.orders_ground` (8-10, 12, 14, 15),
:mod:`dday.orders_combat` (11, 13, casualties) and :mod:`dday.tactics`; this module wires
them into dispatch tables and is the public face (it re-exports the names other modules use).

>>> import numpy as np
>>> from dday.state import initial_state
>>> s = initial_state()
>>> s.current_player, s.step.kind, s.step.zone          # the 101st Airborne rolls first
('chance', 'para', 'F11')
>>> s2 = apply(s, (1, 1, 4))                            # EX-9: two hits, one infantry to lose
>>> s2.units("F11", "Germany").short(), s.units("F11", "Germany").short()
('1b', '1i 1b')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from fractions import Fraction
from itertools import islice
from typing import Any, cast

import numpy as np

from . import dice as dice_mod
from .actions import (
    Action,
    Bombard,
    BomberStrike,
    ChooseCasualties,
    Done,
    FireAA,
    FireToSea,
    Land,
    Move,
    Patrol,
    Pick,
    PlaceReinforcement,
    SplitNavalDice,
)
from .cards import ORDER_CARDS
from .dice import Dice, Faces
from .errors import IllegalActionError, NotYourTurnError
from .flow import (
    _BEGIN,
    _TACTIC_POSSIBLE,
    _TACTIC_USE,
    EXTENDED_PLAY_LAST_TURN,
    EXTENDED_PLAY_UNITS,
    _add_effect,
    _advance,
    _air_on_board,
    _arty_next,
    _arty_targets,
    _effect_values,
    _pick,
    _pick_arty,
    _pick_tactic,
    _roll_arty,
    start_card,
)
from .fortune import (
    _pick_air_remove,
    _pick_air_return,
    _pick_fort1,
    _pick_fort11,
    _pick_fort13,
    _pick_no_aa,
    _ready,
    _roll_fortune,
    _roll_ground,
    hit_number,
)
from .orders_air import (
    _TACTIC_CONTINUE,
    _act_aa,
    _act_bomb,
    _act_bombard,
    _act_patrol,
    _act_split,
    _begin_1,
    _begin_2,
    _begin_3,
    _begin_5,
    _begin_7,
    _begin_16,
    _begin_aa,
    _done_bomb,
    _done_patrol,
    _legal_aa,
    _legal_bomb,
    _legal_bombard,
    _legal_patrol,
    _legal_split,
    _roll_aa,
    _roll_bomb,
    _roll_naval,
    _roll_para,
    patrol_options,
)
from .orders_combat import (
    _CASUALTY_CONTINUE,
    _act_casualties,
    _begin_combat,
    _legal_casualties,
    _roll_attack,
    _roll_defense,
    casualty_options,
    combat_dice,
    dice_groups,
)
from .orders_ground import (
    _act_land,
    _act_move,
    _act_place,
    _act_sea,
    _begin_9,
    _begin_10,
    _begin_move,
    _begin_reinf,
    _done_land,
    _done_moves,
    _done_place,
    _legal_land,
    _legal_moves,
    _legal_place,
    _legal_sea,
    _pick_reroll,
    _roll_reinf,
    _roll_reroll,
    _roll_sea,
    _roll_strafe,
    check_move,
    move_options,
)
from .state import (
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
    PickStep,
    PlaceReinforcementsStep,
    Roll,
    State,
    StrafeStep,
    evolve,
)
from .tactics import (
    _allied_chart_infantry,
    _pick_effect,
    _pick_tac5,
    _pick_tac6,
    _pick_tac8,
    _pick_tac9,
    _pick_tac14_move,
    _pick_tac14_zone,
    _pick_tac15,
    _pick_tac16,
    _roll_tac1_attack,
    _roll_tac1_box,
    _roll_tac2,
    _roll_tac4,
    _roll_tac6,
    _roll_tac16,
    _tac1_next,
    _tac2,
    _tac4_next,
    _tac5_next,
    _tac6_options,
    _tac8_zones,
    _tac9_options,
    _tac14_zones,
    _tac15_options,
    _tac16_powers,
)

__all__ = [
    "EXTENDED_PLAY_LAST_TURN",
    "EXTENDED_PLAY_UNITS",
    "apply",
    "casualty_options",
    "chance_outcomes",
    "check_move",
    "combat_dice",
    "describe_step",
    "dice_groups",
    "hit_number",
    "iter_legal_actions",
    "legal_actions",
    "move_options",
    "patrol_options",
    "sample_roll",
    "settle",
    "start_card",
    "step_dice",
]


# ---------------------------------------------------------------------------------------------
# picks (fortune and tactics choices)


def _act_pick(s: State, step: PickStep, a: Pick) -> State:
    if a.option not in step.options:
        rule = {"tactic": "R-TAC-2"}.get(step.purpose, f"FORT-{s.card}" if step.purpose in _FORT_PURPOSES else f"TAC-{s.card}")
        raise IllegalActionError(rule, f"{a.option!r} is not one of the choices: {', '.join(step.options)}")
    return _PICK[step.purpose](s, step, a.option)


_FORT_PURPOSES = {"fort1", "no-aa", "air-return", "air-remove", "fort11", "fort13", "reroll"}


# ---------------------------------------------------------------------------------------------
# dispatch tables (the registries of dday.flow, dday.orders_air and dday.orders_combat are filled here)


_TACTIC_POSSIBLE.update(
    {
        1: lambda s: any(_allied_chart_infantry(s, a.power) for a in s.board.airborne_boxes),
        2: lambda s: any(s.charts[c.index] for c in s.board.charts if c.power != "Germany"),
        3: lambda s: bool(_air_on_board(s, "fighter")),
        4: lambda s: any(s.side_total(z, "allies") for z in _effect_values(s, "AA-KILL")),
        5: lambda s: any(s.units(w.split(":")[0], "Germany").total for w in _air_on_board(s, "bomber")),
        6: lambda s: bool(_tac6_options(s)),
        7: lambda s: True,
        8: lambda s: bool(_tac8_zones(s)),
        9: lambda s: bool(_tac9_options(s)),
        10: lambda s: True,
        11: lambda s: any(_arty_targets(s, 11, z.id) for z in s.board.zones if s.side_units(z.id, "allies").artillery),
        12: lambda s: any(s.side_total(z.id, "allies") for z in s.board.zones),
        13: lambda s: any(_arty_targets(s, 13, z.id) for z in s.board.zones if s.side_units(z.id, "axis").artillery),
        14: lambda s: bool(_tac14_zones(s)) and bool(_air_on_board(s, "fighter") or _ready(s, "UK", "fighter") + _ready(s, "US", "fighter")),
        15: lambda s: bool(_tac15_options(s)),
        16: lambda s: bool(_tac16_powers(s)),
    }
)


_TACTIC_USE.update(
    {
        1: lambda s: _tac1_next(s, 0),
        2: _tac2,
        3: lambda s: _pick(s, "allies", "tac3", _air_on_board(s, "fighter"), "Pick the fighter AA may not target this turn (TAC-3)"),
        4: lambda s: _tac4_next(s, 0),
        5: _tac5_next,
        6: lambda s: _pick(s, "axis", "tac6", _tac6_options(s), "Pick the bomber and the Allied unit next to it that it hits (TAC-6)"),
        7: lambda s: _pick(s, "axis", "tac7", [z.id for z in s.board.zones], "Pick the zone to flood (TAC-7)"),
        8: lambda s: _pick(s, "axis", "tac8", _tac8_zones(s), "Pick the coastal zone where a blockhouse is rebuilt (TAC-8)"),
        9: lambda s: _pick(s, "allies", "tac9", [*_tac9_options(s), "done"], "Move a unit between beachhead boxes of one power, or done (TAC-9)"),
        10: lambda s: _advance(_add_effect(s, "TAC-10"), 10),
        11: lambda s: _arty_next(s, 11, 0, 0),
        12: lambda s: _pick(s, "allies", "tac12", [z.id for z in s.board.zones if s.side_total(z.id, "allies")], "Pick the zone the Resistance protects on order 13 (TAC-12)"),
        13: lambda s: _arty_next(s, 13, 0, 0),
        14: lambda s: _pick(s, "allies", "tac14", _tac14_zones(s), "Pick the German reinforcement zone the fighters fly to (TAC-14)"),
        15: lambda s: _pick(s, "axis", "tac15", _tac15_options(s), "Pick the reinforcement that moves at once, and its path (TAC-15)"),
        16: lambda s: evolve(s, step=Roll(kind="tac16", dice=Dice.one_face())),
    }
)


_TACTIC_CONTINUE.update({5: _tac5_next})


_CASUALTY_CONTINUE.update(
    {
        "tac1": lambda s, step: _tac1_next(s, step.index + 1),
        "tac4": lambda s, step: _tac4_next(s, step.index + 1),
    }
)


_PICK: dict[str, Callable[[State, PickStep, str], State]] = {
    "fort1": _pick_fort1,
    "no-aa": _pick_no_aa,
    "air-return": _pick_air_return,
    "air-remove": _pick_air_remove,
    "fort11": _pick_fort11,
    "fort13": _pick_fort13,
    "reroll": _pick_reroll,
    "tactic": _pick_tactic,
    "tac3": _pick_effect("TAC-3", 3),
    "tac5": _pick_tac5,
    "tac6": _pick_tac6,
    "tac7": _pick_effect("TAC-7", 7),
    "tac8": _pick_tac8,
    "tac9": _pick_tac9,
    "tac12": _pick_effect("TAC-12", 12),
    "tac14": _pick_tac14_zone,
    "tac14-move": _pick_tac14_move,
    "tac15": _pick_tac15,
    "tac16": _pick_tac16,
    "arty": _pick_arty,
}


_BEGIN.update(
    {
        1: _begin_1,
        2: _begin_2,
        3: _begin_3,
        4: _begin_aa("fighter"),
        5: _begin_5,
        6: _begin_aa("bomber"),
        7: _begin_7,
        8: _begin_move("allies"),
        9: _begin_9,
        10: _begin_10,
        11: _begin_combat("allies"),
        12: _begin_move("axis"),
        13: _begin_combat("axis"),
        14: _begin_reinf("allies"),
        15: _begin_reinf("axis"),
        16: _begin_16,
    }
)


_ROLL: dict[str, Callable[[State, Roll, Faces], State]] = {
    "para": _roll_para,
    "naval": _roll_naval,
    "aa": _roll_aa,
    "bomb": _roll_bomb,
    "sea": _roll_sea,
    "attack": _roll_attack,
    "defense": _roll_defense,
    "reinf": _roll_reinf,
    "reroll": _roll_reroll,
    "fortune": _roll_fortune,
    "ground": _roll_ground,
    "tac1-box": _roll_tac1_box,
    "tac1-attack": _roll_tac1_attack,
    "tac2": _roll_tac2,
    "tac4": _roll_tac4,
    "tac6": _roll_tac6,
    "tac16": _roll_tac16,
    "arty": _roll_arty,
}


_ACT: dict[tuple[type, type], Callable[[State, Any, Any], State]] = {
    (NavalSplitStep, SplitNavalDice): _act_split,
    (NavalTargetStep, Bombard): _act_bombard,
    (PatrolStep, Patrol): _act_patrol,
    (PatrolStep, Done): _done_patrol,
    (AATargetStep, FireAA): _act_aa,
    (BomberStep, BomberStrike): _act_bomb,
    (BomberStep, Done): _done_bomb,
    (FireToSeaStep, FireToSea): _act_sea,
    (DeclareMovesStep, Move): _act_move,
    (DeclareMovesStep, Done): _done_moves,
    (LandingStep, Land): _act_land,
    (LandingStep, Done): _done_land,
    (ChooseCasualtiesStep, ChooseCasualties): _act_casualties,
    (PlaceReinforcementsStep, PlaceReinforcement): _act_place,
    (PlaceReinforcementsStep, Done): _done_place,
    (PickStep, Pick): _act_pick,
}


_LEGAL: dict[type, Callable[[State, Any], Iterable[Action]]] = {
    NavalSplitStep: _legal_split,
    NavalTargetStep: _legal_bombard,
    PatrolStep: _legal_patrol,
    AATargetStep: _legal_aa,
    BomberStep: _legal_bomb,
    FireToSeaStep: _legal_sea,
    DeclareMovesStep: _legal_moves,
    LandingStep: _legal_land,
    ChooseCasualtiesStep: _legal_casualties,
    PlaceReinforcementsStep: _legal_place,
    PickStep: lambda s, step: [Pick(o) for o in step.options],
}


# ---------------------------------------------------------------------------------------------
# public API


def step_dice(s: State) -> Dice:
    """The dice of the pending chance event (raise if the game waits for a decision)."""
    step = s.step
    if isinstance(step, Roll):
        return step.dice
    if isinstance(step, StrafeStep):
        return step.dice
    raise NotYourTurnError("R-TURN-3", f"the game waits for a decision by {s.current_player}, not for dice")


def chance_outcomes(s: State) -> list[tuple[Faces, Fraction]]:
    """Every distinct result of the pending roll with its exact probability (sums to 1)."""
    return dice_mod.outcomes(step_dice(s))


def sample_roll(s: State, rng: np.random.Generator) -> Faces:
    """Roll the pending dice with the generator given."""
    return dice_mod.sample(step_dice(s), rng)


def _apply_roll(s: State, faces: Faces) -> State:
    step = s.step
    faces = dice_mod.as_faces(faces)  # before anything reads them: 1.9 is not a 1
    if isinstance(step, StrafeStep):
        dice_mod.hits_in(step.dice, faces)
        return _roll_strafe(s, step, faces)
    assert isinstance(step, Roll)
    if step.dice.is_2d6:
        dice_mod.total_2d6(step.dice, faces)
    else:
        dice_mod.hits_in(step.dice, faces)
    return _ROLL[step.kind](s, step, faces)


def _apply_action(s: State, action: Action) -> State:
    handler = _ACT.get((type(s.step), type(action)))
    if handler is None:
        card = ORDER_CARDS.get(s.card)
        raise NotYourTurnError(
            "R-TURN-3", f"order {s.card} ({card.name if card else '?'}) waits for {type(s.step).__name__}; {action!s} is not allowed now"
        )
    return handler(s, s.step, action)


def apply(s: State, x: Action | Sequence[int]) -> State:
    """Apply a decision or a roll and return the new state (``s`` is never changed).

    Illegal input raises an :class:`~dday.errors.IllegalActionError` (a ``ValueError``)
    naming the rule, or :class:`~dday.errors.BadRollError` for dice that do not fit.
    """
    if s.is_over:
        raise IllegalActionError("R-TURN-1", f"the game is over ({s.winner} won)")
    s0 = evolve(s, events=())
    if s.step.who == "chance":
        if not isinstance(x, (tuple, list)):
            raise NotYourTurnError("R-TURN-3", f"the game waits for dice ({step_dice(s).count} of them), not for {x!s}")
        out = _apply_roll(s0, tuple(x))
    else:
        if isinstance(x, (tuple, list)):
            raise NotYourTurnError("R-TURN-3", f"the game waits for a decision by {s.current_player}, not for dice")
        out = _apply_action(s0, cast(Action, x))
    return settle(out)


def settle(s: State) -> State:
    """Take every decision that has exactly one legal choice."""
    while s.step.who in ("allies", "axis"):
        acts = list(islice(iter_legal_actions(s), 2))
        if len(acts) != 1:
            break
        s = _apply_action(s, acts[0])
    return s


def iter_legal_actions(s: State) -> Iterator[Action]:
    """Legal decisions one by one (lazily; see :func:`legal_actions`)."""
    fn = _LEGAL.get(type(s.step))
    return iter(fn(s, s.step)) if fn else iter(())


def legal_actions(s: State) -> list[Action]:
    """The legal decisions now (empty at chance steps and when the game is over).

    Declarations (moves, landings, patrols, bombers) are offered one unit at a time;
    ``Move``/``Land``/``Patrol`` with a larger ``count`` are accepted by :func:`apply` too.
    """
    return list(iter_legal_actions(s))


def describe_step(s: State) -> str:
    """One line saying what the game waits for (for logs and widgets)."""
    step = s.step
    if isinstance(step, GameOver):
        return f"Game over: {s.winner} win"
    if isinstance(step, Roll):
        return f"Roll {step.dice.count} dice ({step.kind}{' in ' + step.zone if step.zone else ''})"
    if isinstance(step, StrafeStep):
        power, unit, dest, n = step.arrivals[step.index]
        return f"Roll {n} strafing dice against a {power} {unit} bound for {dest}"
    if isinstance(step, ChooseCasualtiesStep):
        return f"{step.side.capitalize()}: choose {step.hits} casualt{'y' if step.hits == 1 else 'ies'} in {step.zone}"
    if isinstance(step, DeclareMovesStep):
        return f"{step.side.capitalize()}: declare moves ({len(step.moves)} so far), then done (R-MOVE-7)"
    if isinstance(step, PlaceReinforcementsStep):
        left = ", ".join(f"{s.board.charts[i].name}: {q}" for i, q in enumerate(step.quota) if q)
        return f"{step.side.capitalize()}: place reinforcements in chart order ({left})"
    return f"{step.who.capitalize()}: {step.prompt}"
