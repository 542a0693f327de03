"""PlannerBot (dday.bots.planner) and its two plans: registered, reproducible, and doing what each plan step says.

Strength is measured by benchmarks/bench_bots.py (too slow for a test); these tests check the
plan's steps on prepared positions and that the bot plays whole legal games.
"""

from __future__ import annotations

from itertools import pairwise

import numpy as np
import pytest

from dday.bots import BOTS, StrongBot, make_player
from dday.bots.allies_plan import needs_a_detachment
from dday.bots.axis_plan import counter_attack_score, placement_score
from dday.bots.greedy import distances
from dday.bots.plan_odds import garrison_odds, joinable, threat
from dday.bots.planner import PlannerBot
from dday.play.game import play_game
from dday.play.simulate import game_seeds
from dday.rules.actions import Move
from dday.rules.engine import legal_actions
from dday.rules.scenario import position
from dday.rules.units import Force


def test_registered_as_planner_and_offered_by_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert BOTS["planner"] is PlannerBot and isinstance(make_player("planner"), StrongBot)
    from dday.cli import main

    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    assert "planner" in capsys.readouterr().out


def test_same_seed_same_game() -> None:
    sd = game_seeds(5, 1)[0]
    a = play_game(PlannerBot(), PlannerBot(), seed=sd)
    b = play_game(PlannerBot(), PlannerBot(), seed=sd)
    assert a.final.is_over and a.record == b.record and a.winner in ("allies", "axis")


def test_threat_counts_mobile_units_next_door_not_blockhouses_nor_locked_units() -> None:
    s = position(card=12, zones={"F30": {"UK": "2i"}, "F31": {"Germany": "2t"}, "F39": {"Germany": "1i 1b"}, "F17": {"Germany": "3i", "UK": "1i"}})
    assert threat(s, "F30", "allies") == Force(infantry=1, tank=2)  # F17's Germans are locked in a fight


def test_garrison_odds_grow_with_the_garrison() -> None:
    enemy = Force(infantry=2)
    odds = [garrison_odds(Force(infantry=n), enemy, "allies") for n in range(0, 5)]
    assert odds[0] == 0.0 and all(a < b for a, b in pairwise(odds))
    assert garrison_odds(Force(infantry=1), Force(), "axis") == 1.0


def test_joinable_adds_free_units_next_door_up_to_the_stacking_limit() -> None:
    s = position(card=8, zones={"F16": {"UK": "5i 1t"}, "F17": {"UK": "4i"}, "F30": {"Germany": "1i"}})
    full = joinable(s, "F30", "allies", Force())
    assert full.land_for_stacking == 8 and full.tank == 1


def test_allied_plan_sends_a_detachment_to_an_empty_city() -> None:
    """Cherbourg is empty and no Allied unit is near it: the Allies at Sainte-Mère-Église march on it."""
    s = position(card=8, zones={"F11": {"US": "2i 2a 1t"}, "F26": {"US": "2i"}, "F30": {"UK": "2i"}, "F32": {"Germany": "2i"}})
    a = PlannerBot().choose(s, legal_actions(s), np.random.default_rng(0))
    d = distances(s.board)
    assert isinstance(a, Move) and d[a.path[-1]]["F2"] < d[a.path[0]]["F2"]
    s2 = s
    for _ in range(2):  # two units on their way: the detachment is complete
        s2 = position(card=8, zones={"F6": {"US": "2i"}, "F11": {"US": "2a 1t"}, "F26": {"US": "2i"}, "F30": {"UK": "2i"}, "F32": {"Germany": "2i"}})
    assert not needs_a_detachment(s2, "F2", lambda st, z, side: st.side_units(z, side))


def test_axis_plan_keeps_fighting_units_in_a_city() -> None:
    """Cherbourg's infantry and artillery would march towards the front; the plan keeps one there."""
    s = position(card=12, zones={"F2": {"Germany": "1i 2a 2b"}, "F11": {"US": "4i"}, "F26": {"Germany": "2i"}, "F30": {"Germany": "2i"}}, turn=1)
    s_after = s
    bot = PlannerBot()
    rng = np.random.default_rng(0)
    for _ in range(10):
        a = bot.choose(s_after, legal_actions(s_after), rng)
        if not isinstance(a, Move):
            break
        from dday.rules.engine import apply

        s_after = apply(s_after, a)
    left = s.side_units("F2", "axis")
    for m in getattr(s_after.step, "moves", ()):
        if m.path[0] == "F2":
            left = left.add(m.unit, -m.count)
    assert left.infantry + left.artillery + left.tank >= 1


def test_axis_plan_counter_attacks_when_the_allies_hold_every_city() -> None:
    s = position(card=12, zones={"F30": {"UK": "1i"}, "F2": {"US": "1i"}, "F26": {"US": "1i"}, "F31": {"Germany": "3t"}})
    a = PlannerBot().choose(s, legal_actions(s), np.random.default_rng(0))
    assert isinstance(a, Move) and a.path[-1] == "F30"
    assert counter_attack_score(s, "F30", Force(tank=3), Force(infantry=1), 0.2) > 0
    only_caen = position(card=12, zones={"F30": {"UK": "6i"}, "F31": {"Germany": "1i"}})
    assert counter_attack_score(only_caen, "F30", Force(infantry=1), Force(infantry=6), 0.2) < 0  # a hopeless attack


def test_axis_plan_reinforces_next_to_the_most_threatened_city() -> None:
    """US units next to Saint-Lô, nothing near Caen: Percy (F35, next to Saint-Lô) beats Mézidon (F32)."""
    s = position(card=15, zones={"F21": {"US": "4i 2t"}, "F26": {"Germany": "1i"}, "F30": {"Germany": "2i"}, "F2": {"Germany": "1i"}})
    assert placement_score(s, "F35") > placement_score(s, "F32")


def test_planner_beats_random_on_both_sides() -> None:
    seeds = game_seeds(3, 3)
    assert all(play_game(PlannerBot(), make_player("random"), seed=sd).winner == "allies" for sd in seeds)
    assert all(play_game(make_player("random"), PlannerBot(), seed=sd).winner == "axis" for sd in seeds)
