"""StrongBot: exact odds for attacks, casualties and targets; it must beat random, and beat greedy on both sides.

Measured with the seeds of ``game_seeds(11, 20)`` (Allied wins out of 20, Allies vs Axis):
strong vs greedy 8, greedy vs greedy 0, strong vs strong 4, strong vs random 18,
random vs strong 0, greedy vs random 4, greedy vs strong 0. Before the strong bot judged an
attack by every unit that could join it (one unit alone never takes a city), strong vs
greedy was 0 as well.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from dday.bots import BOTS, make_player
from dday.bots.base import RandomBot
from dday.bots.greedy import GreedyBot
from dday.bots.strong import StrongBot, hold_probability
from dday.play.game import play_game
from dday.play.simulate import game_seeds
from dday.rules.actions import ChooseCasualties
from dday.rules.engine import legal_actions
from dday.rules.state import State
from dday.rules.steps import ChooseCasualtiesStep
from dday.rules.units import Force, other_side


def test_registered_as_strong() -> None:
    assert BOTS["strong"] is StrongBot and isinstance(make_player("strong"), StrongBot)
    assert make_player("strong").scorer.greedy.weights == GreedyBot().config  # falls back on the greedy rules (held, not inherited)


def test_hold_probability_is_exact_and_monotone() -> None:
    assert hold_probability(Force(infantry=1), Force(blockhouse=1), "allies", "allies", 1) == pytest.approx(5 / 36)
    weak = hold_probability(Force(infantry=2), Force(infantry=2), "allies", "allies")
    strong = hold_probability(Force(infantry=2, tank=3), Force(infantry=2), "allies", "allies")
    assert 0 < weak < strong < 1
    assert hold_probability(Force(), Force(infantry=1), "allies", "axis") == 1.0


@pytest.mark.parametrize(("allies", "axis", "first", "cards"), [("2i 1a", "1i 1b", "allies", 2), ("3i 1t", "2i 1a 1t", "axis", 4), ("1i", "3b", "allies", 10)])
def test_hold_probability_is_the_float_of_the_exact_fraction_for_both_sides(allies: str, axis: str, first: str, cards: int) -> None:
    """One chain answers both sides (dday.bots.strong._hold_probabilities); each is its exact Fraction to 1e-12 (the float chain)."""
    from dday.odds import zone_fight_exact
    from dday.odds.distribution import as_force

    a, x = as_force(allies), as_force(axis)
    last = zone_fight_exact(a, x, cards, first).rows[-1]
    assert hold_probability(a, x, first, "allies", cards) == pytest.approx(float(last["allies_hold"]), rel=1e-12, abs=1e-300)
    assert hold_probability(a, x, first, "axis", cards) == pytest.approx(float(last["axis_hold"]), rel=1e-12, abs=1e-300)
    assert hold_probability(a, Force(), first, "allies", cards) == 1.0 and hold_probability(a, Force(), first, "axis", cards) == 0.0


def _casualty_states(n: int) -> list[State]:
    found: list[State] = []

    def watch(s: State) -> None:
        if isinstance(s.step, ChooseCasualtiesStep) and s.step.kind != "para" and len(found) < n and len(legal_actions(s)) > 2:
            found.append(s)

    for seed in range(5):
        play_game(GreedyBot(), GreedyBot(), seed=seed, on_state=watch)
        if len(found) >= n:
            break
    return found


def test_casualties_maximise_the_exact_hold_probability() -> None:
    states = _casualty_states(5)
    assert states
    bot = StrongBot()
    for s in states:
        step = s.step
        assert isinstance(step, ChooseCasualtiesStep)
        acts = legal_actions(s)
        choice = bot.choose(s, acts, np.random.default_rng(0))
        attacker = other_side(step.side) if step.kind == "combat-defender" else step.side

        def p(a: Any, s: State = s, step: ChooseCasualtiesStep = step, attacker: str = attacker) -> float:
            left = s.side_units(step.zone, step.side)
            for _, u, k in a.losses:
                left = left.add(u, -k)
            them = s.side_units(step.zone, other_side(step.side))
            allies, axis = (left, them) if step.side == "allies" else (them, left)
            return hold_probability(allies, axis, other_side(attacker), step.side)

        assert isinstance(choice, ChooseCasualties)
        assert p(choice) == pytest.approx(max(p(a) for a in acts))


def test_strong_axis_beats_random_allies() -> None:
    wins = [play_game(RandomBot(), StrongBot(), seed=s).winner for s in game_seeds(11, 4)]
    assert wins.count("axis") >= 3, wins


def _allied_wins(allies: str, axis: str, n: int) -> int:
    return sum(play_game(make_player(allies), make_player(axis), seed=s).winner == "allies" for s in game_seeds(11, n))


@pytest.mark.slow
def test_strong_beats_random_and_beats_greedy_on_both_sides() -> None:
    n = 20
    as_axis = n - _allied_wins("random", "strong", n)
    as_allies = _allied_wins("strong", "random", n)
    print(f"strong vs random: {as_allies}/{n} as Allies, {as_axis}/{n} as Axis")
    assert as_axis + as_allies > 1.5 * n  # measured: 38/40
    gg = _allied_wins("greedy", "greedy", n)
    sg = _allied_wins("strong", "greedy", n)
    ss = _allied_wins("strong", "strong", n)
    print(f"Allied wins: greedy vs greedy {gg}, strong vs greedy {sg}, strong vs strong {ss} (of {n})")
    assert sg >= gg + 4  # strong Allies win clearly more often against the same greedy Axis (measured 8 vs 0)
    assert ss < sg  # strong Axis concedes fewer games than greedy Axis to the same strong Allies (measured 4 vs 8)
