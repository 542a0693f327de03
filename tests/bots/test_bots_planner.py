"""PlannerBot (dday.bots.planner) and its two plans: registered, reproducible, and doing what each plan step says.

Strength is measured by benchmarks/bench_bots.py (too slow for a test); these tests check the
plan's steps on prepared positions and that the bot plays whole legal games.
"""

from __future__ import annotations

from itertools import pairwise

import numpy as np
import pytest

from dday.bots import BOTS, make_player
from dday.bots.allies_plan import move_bonus as allies_move_bonus
from dday.bots.allies_plan import needs_a_detachment
from dday.bots.axis_plan import move_bonus as axis_move_bonus
from dday.bots.context import distances
from dday.bots.plan_odds import garrison_odds, joinable, threat
from dday.bots.planner import PlannerBot
from dday.bots.strong import StrongBot, StrongScorer
from dday.bots.weights import PlannerConfig
from dday.play.game import play_game
from dday.play.simulate import game_seeds
from dday.rules.actions import Move
from dday.rules.engine import legal_actions
from dday.rules.scenario import position
from dday.rules.units import Force


def test_registered_as_planner_and_offered_by_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    planner = make_player("planner")
    assert BOTS["planner"] is PlannerBot and isinstance(planner, PlannerBot)
    assert all(isinstance(s.strong, StrongScorer) for s in planner.scorers.values())  # the strong bot's scores, held per side
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


def test_axis_plan_garrisons_a_threatened_city() -> None:
    """US infantry next to Saint-Lô, held by one German infantry: the planner brings Marigny's infantry in."""
    s = position(card=12, zones={"F26": {"Germany": "1i"}, "F21": {"US": "3i"}, "F25": {"Germany": "3i"}, "F2": {"US": "1i"}, "F30": {"UK": "1i"}})
    a = PlannerBot().choose(s, legal_actions(s), np.random.default_rng(0))
    assert isinstance(a, Move) and a.path == ("F25", "F26")
    after = lambda st, zone, side: st.side_units(zone, side)  # noqa: E731
    strong_garrison = position(card=12, zones={"F26": {"Germany": "3i"}, "F21": {"US": "3i"}})
    assert axis_move_bonus(strong_garrison, "infantry", ("F26", "F20"), 1, after) < 0  # leaving costs
    quiet = position(card=12, zones={"F26": {"Germany": "1i"}, "F25": {"Germany": "3i"}, "F30": {"UK": "1i"}})
    assert axis_move_bonus(quiet, "infantry", ("F25", "F26"), 3, after) == 0.0  # no threat, no bonus


def test_planner_beats_random_on_both_sides() -> None:
    """The planner Allies beat a random Axis in most games (93 of the first 100 seeds below, so
    at least 16 of 20; a random Axis that sits tight in a city still wins a few), and the
    planner Axis beats random Allies every time."""
    seeds = game_seeds(3, 20)
    assert sum(play_game(PlannerBot(), make_player("random"), seed=sd).winner == "allies" for sd in seeds) >= 16
    assert all(play_game(make_player("random"), PlannerBot(), seed=sd).winner == "axis" for sd in seeds[:3])


def test_allied_plan_holds_a_city_it_has_taken() -> None:
    """The Allies hold Saint-Lô with 3 infantry and a tank; one German infantry stands next door.
    The strong bot sends the tank to attack it (leaving the city); the planner keeps the garrison."""
    s = position(card=8, zones={"F26": {"US": "3i 1t"}, "F25": {"Germany": "1i"}, "F2": {"US": "1i"}, "F30": {"UK": "1i"}})
    strong = StrongBot().choose(s, legal_actions(s), np.random.default_rng(0))
    assert isinstance(strong, Move) and strong.path[0] == "F26"
    planned = PlannerBot().choose(s, legal_actions(s), np.random.default_rng(0))
    assert not (isinstance(planned, Move) and planned.path[0] == "F26")
    after = lambda st, zone, side: st.side_units(zone, side)  # noqa: E731
    assert allies_move_bonus(s, "tank", ("F26", "F35", "F25"), 1, after) <= -PlannerConfig().hold_penalty


def test_allied_plan_reinforces_a_threatened_city() -> None:
    """One US infantry holds Saint-Lô, Germans gather next door: the planner brings in the three next door."""
    s = position(card=8, zones={"F26": {"US": "1i"}, "F21": {"US": "3i"}, "F35": {"Germany": "2i 1t"}, "F2": {"US": "1i"}, "F30": {"UK": "1i"}})
    a = PlannerBot().choose(s, legal_actions(s), np.random.default_rng(0))
    assert isinstance(a, Move) and a.path == ("F21", "F26") and a.count == 3
    after = lambda st, zone, side: st.side_units(zone, side)  # noqa: E731
    assert allies_move_bonus(s, "infantry", ("F21", "F26"), 3, after) > 0


def test_saved_balance_table_is_a_bench_run() -> None:
    """dday/data/bot_balance.csv (read by notebook 21) holds every pairing of bench_bots.py, each
    interval the Wilson interval of its own wins and games: a table typed in by hand would not pass."""
    import csv
    import importlib.util
    from importlib.resources import files
    from pathlib import Path

    from dday.play.simulate import wilson

    spec = importlib.util.spec_from_file_location("bench_bots", Path(__file__).resolve().parents[2] / "benchmarks" / "bench_bots.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    rows = list(csv.DictReader((files("dday") / "data" / "bot_balance.csv").open(encoding="utf-8")))
    assert [(r["allies"], r["axis"], r["rules"]) for r in rows] == bench.ROWS
    for r in rows:
        wins, games = int(r["allied_wins"]), int(r["games"])
        lo, hi = wilson(wins, games)
        assert float(r["rate"]) == round(wins / games, 4) and (float(r["ci95_low"]), float(r["ci95_high"])) == (round(lo, 4), round(hi, 4))
