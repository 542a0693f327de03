"""Where the front stands per turn (issue 6): the table of zone control and its map."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from dday.bots import make_player
from dday.play.game import play_game
from dday.play.simulate import city_key, game_seeds, simulate
from dday.rules.board import load_board
from dday.rules.state import State
from dday.rules.words import percent
from dday.views.front import VALUES, front_by_turn, front_figure, turn_end_states
from dday.views.maps.labels import zone_control

N, SEED = 4, 11


@pytest.fixture(scope="module")
def df() -> pd.DataFrame:
    return front_by_turn(N, "greedy", "random", seed=SEED)


def test_columns_and_probabilities(df: pd.DataFrame) -> None:
    b = load_board()
    assert list(df.columns) == ["zone", "name", "turn", "p_allied", "p_contested", "p_axis", "games"]
    p = df[["p_allied", "p_contested", "p_axis"]]
    assert ((p >= 0) & (p <= 1)).all().all()
    assert (p.sum(axis=1) <= 1 + 1e-12).all()  # the remainder is the share of games with the zone empty
    assert df.groupby("turn").size().eq(len(b.zone_ids)).all()
    games = df.groupby("turn")["games"].first()
    assert games.loc[1] == N and games.is_monotonic_decreasing and games.index.max() <= b.turns
    assert df.attrs == {"allies": "greedy", "axis": "random", "seed": SEED, "n_games": N}


def test_same_seed_same_table(df: pd.DataFrame) -> None:
    assert df.equals(front_by_turn(N, "greedy", "random", seed=SEED))
    assert not df.equals(front_by_turn(N, "greedy", "random", seed=SEED + 1))


def test_turn_one_matches_a_direct_play_of_the_same_seeds(df: pd.DataFrame) -> None:
    b = load_board()
    firsts: list[State] = []
    for sd in game_seeds(SEED, N):
        seen: list[State] = []
        play_game(make_player("greedy"), make_player("random"), seed=sd, on_state=lambda s, seen=seen: seen.append(s))
        firsts.append(next(s for s in seen if s.turn == 2 or s.is_over))  # the board as turn 1 left it
    t1 = df[df.turn == 1].set_index("zone")
    for z in b.zone_ids:
        ctl = [zone_control(s, z) for s in firsts]
        assert t1.loc[z, "p_allied"] == ctl.count("allies") / N
        assert t1.loc[z, "p_contested"] == ctl.count("contested") / N
        assert t1.loc[z, "p_axis"] == ctl.count("axis") / N


def test_cities_agree_with_simulate(df: pd.DataFrame) -> None:
    """The victory-city columns of dday.play.simulate are the same games seen from another angle."""
    sim = simulate(N, allies="greedy", axis="random", seed=SEED, progress=False)
    b = load_board()
    for city, zone in b.victory_cities.items():
        for t in sorted(df.turn.unique()):
            col = sim[f"{city_key(city)}_t{t}"].dropna()
            row = df[(df.zone == zone) & (df.turn == t)].iloc[0]
            assert row.games == len(col)
            assert row.p_allied == pytest.approx((col == "allies").mean())
            assert row.p_axis == pytest.approx((col == "axis").mean())


def test_turn_end_states_cover_the_game() -> None:
    sd = game_seeds(3, 1)[0]
    ends = turn_end_states(sd, "greedy", "greedy")
    g = play_game(make_player("greedy"), make_player("greedy"), seed=sd)
    assert sorted(ends) == list(range(1, g.final.turn + 1))
    assert ends[g.final.turn].key == g.final.key


def test_front_figure_has_a_frame_per_turn(df: pd.DataFrame) -> None:
    turns = sorted(df.turn.unique())
    for value in VALUES:
        fig = front_figure(df, value)
        assert [f.name for f in fig.frames] == [f"t{t}" for t in turns]
        assert len(fig.layout.sliders[0].steps) == len(turns)
        for f in fig.frames:
            z = np.array(f.data[0].z, dtype=float)
            assert len(z) == len(load_board().zone_ids) and (z >= 0).all() and (z <= 1).all()
        assert "estimate" in fig.layout.title.text and f"seed {SEED}" in fig.layout.title.text
    with pytest.raises(ValueError, match="value must be"):
        front_figure(df, "p_empty")
    with pytest.raises(ValueError):
        front_by_turn(0)


def test_pairings_rates_and_figures() -> None:
    from dday.views.front import pairing_figure, pairing_rates, pairings, turn_figure

    games = pairings(("random", "greedy"), n_games=2, seed=5)
    assert len(games) == 8 and games.attrs["seed"] == 5
    rates = pairing_rates(games)
    assert list(zip(rates.allies, rates.axis, strict=True)) == [
        ("random", "random"),
        ("random", "greedy"),
        ("greedy", "random"),
        ("greedy", "greedy"),
    ]
    assert ((rates.ci95_low <= rates.allied_rate) & (rates.allied_rate <= rates.ci95_high)).all()
    assert all("2 games, seed 5" in label and "95 % interval" in label for label in rates.label)
    fig = pairing_figure(rates)
    assert [t.name for t in fig.data] == ["random Axis", "greedy Axis"]  # one colour per Axis bot
    assert [list(t.x) for t in fig.data] == [list(rates[rates.axis == x].allied_rate) for x in ("random", "greedy")]
    rows = [row for t in fig.data for row in t.y]  # each row names its pairing and its rate
    assert sorted(rows) == sorted(
        f"{a} Allies vs {x} Axis: {percent(r, 0)}" for a, x, r in zip(rates.allies, rates.axis, rates.allied_rate, strict=True)
    )
    fig = turn_figure(games)
    assert sum(sum(t.y) for t in fig.data) == 8


def test_rates_figure_names_each_rule_set_with_its_rate_beside_the_bar() -> None:
    """Notebook 24's chart: one row per rule set, its rate in the row's name (never under an
    error bar), the interval as the error bar, the full label on hover."""
    from dday.play.simulate import wilson
    from dday.variants.rulesets import rates_figure

    wins, n = {"official": 1, "triplea": 5}, 6
    table = pd.DataFrame(
        [{"rate": w / n, "ci95_low": wilson(w, n)[0], "ci95_high": wilson(w, n)[1], "label": f"{w} of {n}"} for w in wins.values()],
        index=list(wins),
    )
    fig = rates_figure(table)
    (bars,) = fig.data
    assert list(bars.y) == ["official: 17 %", "triplea: 83 %"]
    assert list(bars.x) == [1 / 6, 5 / 6] and list(bars.customdata) == ["1 of 6", "5 of 6"]
    assert list(bars.error_x.array) == pytest.approx(list(table.ci95_high - table.rate))
    assert list(bars.error_x.arrayminus) == pytest.approx(list(table.rate - table.ci95_low))
    assert bars.orientation == "h" and not bars.showlegend
