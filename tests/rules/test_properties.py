"""Property tests over random legal play (hypothesis picks the seeds and the bots).

At every step of every game: at most 8 land units per side per zone (R-STACK-1), at most 4
fighters per zone (R-STACK-3), every unit accounted for (on the board, in a box, on a chart,
in transit, destroyed or removed from play), units locked in combat never leave their zone
(R-MOVE-3), and air units never control a zone (R-AIR-1, R-CONTROL-1).
"""

from __future__ import annotations

from itertools import islice

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dday.bots.base import RandomBot
from dday.bots.greedy import GreedyBot
from dday.rules.effects import Flooded
from dday.rules.engine import apply, legal_actions, sample_roll
from dday.rules.setup import check_invariants, initial_inventory, initial_state
from dday.rules.state import State
from dday.rules.units import POWERS


def _locked_units_stay(before: State, after: State) -> None:
    """R-MOVE-3: in a zone contested before the step, no unit is gone except the destroyed."""
    lost = {p: after.destroyed[i].minus(before.destroyed[i]) for i, p in enumerate(POWERS)}
    for z in before.combat_zones():
        for p in POWERS:
            b, a = before.units(z, p), after.units(z, p)
            for unit, n_before in b._asdict().items():
                assert a.get(unit) >= n_before - lost[p].get(unit), f"{p} {unit} left {z} while locked in combat"


def _check(s: State, expected: dict[tuple[str, str], int]) -> None:
    check_invariants(s)
    assert s.inventory() == expected
    for z, air in zip(s.board.zones, s.air, strict=True):
        assert air.fighters <= s.options.fighter_limit, f"R-STACK-3: {z.id} has {air.fighters} fighters"
        if air.fighters + air.bombers and not any(f.total for f in s.ground[z.index]):
            assert s.controller(z.id) is None, "R-AIR-1: air units never control a zone"


def play_checked(seed: int, allies: str, axis: str) -> State:
    bots = {"random": RandomBot(), "greedy": GreedyBot()}
    players = {"allies": bots[allies], "axis": bots[axis]}
    rng = np.random.default_rng(seed)
    s = initial_state()
    expected = initial_inventory(s.board)
    _check(s, expected)
    while not s.is_over:
        if s.current_player == "chance":
            x = sample_roll(s, rng)
        else:
            x = players[s.current_player].choose(s, legal_actions(s), rng)
        nxt = apply(s, x)
        _locked_units_stay(s, nxt)
        _check(nxt, expected)
        s = nxt
    return s


@pytest.mark.rules("R-STACK-1", "R-STACK-3", "R-MOVE-3", "R-AIR-1", "R-CONTROL-1", "R-COMBAT-7")
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), allies=st.sampled_from(["random", "greedy"]), axis=st.sampled_from(["random", "greedy"]))
def test_random_legal_play_keeps_every_invariant(seed: int, allies: str, axis: str) -> None:
    final = play_checked(seed, allies, axis)
    assert final.winner in ("allies", "axis")
    # an Allied win needs a full turn's hold; the Axis wins at the end of turn 9 (FAQ-11) or 10 (R-VICTORY-3)
    assert final.hold >= 2 if final.winner == "allies" else final.turn in (final.board.turns - 1, final.board.turns)


@pytest.mark.rules("R-MOVE-1", "R-MOVE-4", "R-MOVE-6", "R-STACK-4")
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_generated_moves_agree_with_the_move_checker(seed: int) -> None:
    """Every generated move passes check_move, and every move check_move accepts is generated."""
    from itertools import product

    from dday.errors import IllegalActionError
    from dday.rules.actions import Move
    from dday.rules.orders.movement import check_move
    from dday.rules.steps import DeclareMovesStep
    from dday.rules.units import MOBILE_TYPES, powers_of

    rng = np.random.default_rng(seed)
    s = initial_state()
    bot = RandomBot()
    checked = 0
    while not s.is_over and checked < 30:
        if s.current_player == "chance":
            s = apply(s, sample_roll(s, rng))
            continue
        acts = legal_actions(s)
        if isinstance(s.step, DeclareMovesStep):
            generated = {a for a in acts if isinstance(a, Move)}
            b = s.board
            accepted = set()
            for z in b.zones:
                for p, u in product(powers_of(s.step.side), MOBILE_TYPES):
                    paths = [(z.id, n) for n in z.neighbours] + [(z.id, n, m) for n in z.neighbours for m in b.zone(n).neighbours]
                    for path in paths:
                        mv = Move(p, u, path)
                        try:
                            check_move(s, s.step, mv)
                        except IllegalActionError:
                            continue
                        accepted.add(mv)
            assert generated == accepted
            checked += 1
        s = apply(s, bot.choose(s, acts, rng))


def _moves_check_move_accepts(s: State) -> list[tuple[str, str, tuple[str, ...]]]:
    """Every one-unit move of the pending move step that check_move accepts, by brute force."""
    from itertools import product

    from dday.errors import IllegalActionError
    from dday.rules.actions import Move
    from dday.rules.orders.movement import check_move
    from dday.rules.steps import DeclareMovesStep
    from dday.rules.units import MOBILE_TYPES, powers_of

    step = s.step
    assert isinstance(step, DeclareMovesStep)
    b = s.board
    out = []
    for z in b.zones:
        for p, u in product(powers_of(step.side), MOBILE_TYPES):
            if not s.units(z.id, p).get(u):
                continue  # check_move: no unit to move (R-TURN-3)
            paths = [(z.id, n) for n in z.neighbours] + [(z.id, n, m) for n in z.neighbours for m in b.zone(n).neighbours]
            for path in paths:
                try:
                    check_move(s, step, Move(p, u, path))
                except IllegalActionError:
                    continue
                out.append((p, u, path))
    return out


@pytest.mark.rules("R-MOVE-1", "R-MOVE-3", "R-MOVE-4", "R-MOVE-6", "R-STACK-4", "TAC-7", "FORT-8", "FORT-12")
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), bot=st.sampled_from(["random", "greedy"]))
def test_move_options_agree_with_the_move_checker_with_fortune_and_tactics(seed: int, bot: str) -> None:
    """move_options keeps per-zone facts while the units on the board stay the same object
    (dday.rules.orders.movement._zone_facts): at every move step of games with the fortune and tactics
    decks (flooded zones, FORT-8/12 results 1 and 6), the moves it offers, in order, are those
    it offers with nothing kept, and exactly those check_move accepts. settle() decides from the
    first two legal actions whether to take a lone Done itself."""
    from dday.rules.engine import iter_legal_actions
    from dday.rules.orders.movement import _FACTS, move_options
    from dday.rules.state import RuleOptions
    from dday.rules.steps import DeclareMovesStep

    rng = np.random.default_rng(seed)
    player = {"random": RandomBot(), "greedy": GreedyBot()}[bot]
    s = initial_state(RuleOptions(fortune=True, tactics=True))
    checked = 0
    while not s.is_over:
        if s.current_player == "chance":
            s = apply(s, sample_roll(s, rng))
            continue
        if isinstance(s.step, DeclareMovesStep):
            warm = list(move_options(s))
            _FACTS.clear()
            assert list(move_options(s)) == warm
            assert len(list(islice(iter_legal_actions(s), 2))) == min(2, 1 + len(warm))
            special = (s.fortune in (1, 6) and s.card in (8, 12)) or any(isinstance(e, Flooded) for e in s.effects)
            if checked < 8 or special:
                assert sorted(warm) == sorted(_moves_check_move_accepts(s))
                assert len(set(warm)) == len(warm)
                checked += 1
        s = apply(s, player.choose(s, legal_actions(s), rng))
