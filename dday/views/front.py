"""What wins and where the front stands: bot pairings, deciding turns and zone control per turn.

:func:`pairings` plays every pairing of bots (each in both seats) with :func:`dday.play.simulate.simulate`;
:func:`pairing_rates` gives the Allied win rate of each pairing with its 95 % Wilson interval;
:func:`pairing_figure` and :func:`turn_figure` draw them. With a few games per pairing these are
estimates with wide intervals, and every label says how many games and which seed.

:func:`front_by_turn` plays ``n_games`` games between two bots (seeded like
:func:`dday.play.simulate.simulate`: game ``i`` uses ``game_seeds(seed, n_games)[i]``) and, for each
turn, counts in how many games each zone was Allied, contested or Axis at the end of that turn.
:func:`front_figure` draws one of those shares on the map, one frame per turn with a slider.

>>> df = front_by_turn(2, "greedy", "greedy", seed=1)
>>> list(df.columns)
['zone', 'name', 'turn', 'p_allied', 'p_contested', 'p_axis', 'games']
>>> row = df[(df.zone == "F30") & (df.turn == 1)].iloc[0]      # Caen after turn 1
>>> int(row.games), float(row.p_axis)
(2, 1.0)

A game counts for a turn only if it was still being played then: ``games`` drops after turn
8 or 9 as games end (the Allies win on turn 2 at the earliest; FAQ-11 ends lost games at the
end of turn 9). The share of games in which a zone was empty is ``1 - p_allied - p_contested - p_axis``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

import pandas as pd
import plotly.graph_objects as go
from plotly.colors import qualitative
from tqdm.auto import tqdm

from ..play.simulate import game_seeds, interval_error_y, play_with_turn_ends, simulate, turn_distribution, wilson
from ..rules.board import load_board
from ..rules.state import RuleOptions, State
from ..rules.words import count, interval, percent
from .maps.geodata import CONTROL_COLORS, SIDE_COLORS, map_geometry, plotly_geojson
from .maps.labels import zone_control
from .maps.plotly_view import frame_board, sea_trace

__all__ = [
    "VALUES",
    "front_by_turn",
    "front_figure",
    "pairing_figure",
    "pairing_rates",
    "pairings",
    "rate_rows_figure",
    "turn_end_states",
    "turn_figure",
]

VALUES: Final[dict[str, tuple[str, str]]] = {
    "p_allied": ("Allied-held", CONTROL_COLORS["allies"]),
    "p_contested": ("contested", CONTROL_COLORS["contested"]),
    "p_axis": ("Axis-held", "#595959"),
}
"""What :func:`front_figure` can draw: column -> (words, colour of 100 %)."""


def turn_end_states(game_seed: int, allies: str = "greedy", axis: str = "greedy", options: RuleOptions | None = None) -> dict[int, State]:
    """Play one seeded game; the position at the end of each turn it reached (its last turn: the final position)."""
    return play_with_turn_ends(game_seed, allies, axis, options)[1]


def front_by_turn(n_games: int, allies: str = "greedy", axis: str = "greedy", seed: int = 0, options: RuleOptions | None = None) -> pd.DataFrame:
    """Per zone and turn: the share of games in which the zone was Allied, contested or Axis at the end of the turn.

    One row per (zone, turn) for every turn at least one game reached; ``games`` is the number
    of games still being played at that turn's end. ``df.attrs`` records the bots, the seed and
    the number of games. Same arguments, same table.
    """
    if n_games < 1:
        raise ValueError("n_games must be >= 1")
    b = load_board()
    counts: Counter[tuple[int, str, str]] = Counter()
    games: Counter[int] = Counter()
    for sd in game_seeds(seed, n_games):
        for turn, s in turn_end_states(sd, allies, axis, options).items():
            games[turn] += 1
            for z in b.zone_ids:
                counts[(turn, z, zone_control(s, z))] += 1
    rows: list[dict[str, Any]] = []
    for turn in sorted(games):
        n = games[turn]
        for z in b.zone_ids:
            rows.append(
                {
                    "zone": z,
                    "name": b.name(z),
                    "turn": turn,
                    "p_allied": counts[(turn, z, "allies")] / n,
                    "p_contested": counts[(turn, z, "contested")] / n,
                    "p_axis": counts[(turn, z, "axis")] / n,
                    "games": n,
                }
            )
    df = pd.DataFrame(rows, columns=["zone", "name", "turn", "p_allied", "p_contested", "p_axis", "games"])
    df.attrs.update({"allies": allies, "axis": axis, "seed": seed, "n_games": n_games})
    return df


def front_figure(df: pd.DataFrame, value: str = "p_allied", *, font_size: int = 17) -> go.Figure:
    """The share ``value`` ("p_allied", "p_contested" or "p_axis") of each zone on the map, one frame per turn.

    Display offline with ``fig.show(config=dday.views.maps.show_config())``. Hover a zone for all
    three shares and the number of games.
    """
    if value not in VALUES:
        raise ValueError(f"value must be one of {sorted(VALUES)}, not {value!r}")
    words, color = VALUES[value]
    geo = map_geometry()
    turns = sorted(int(t) for t in df["turn"].unique())
    if not turns:
        raise ValueError("the table is empty")

    def land_trace(turn: int) -> go.Choropleth:
        sub = df[df["turn"] == turn]
        hover = []
        for name, al, co, ax, n in zip(sub["name"], sub["p_allied"], sub["p_contested"], sub["p_axis"], sub["games"], strict=True):
            empty = max(0.0, 1.0 - float(al) - float(co) - float(ax))
            hover.append(f"<b>{name}</b><br>Allied {percent(al, 0)} · contested {percent(co, 0)} · Axis {percent(ax, 0)}<br>empty {percent(empty, 0)} · {count(n, 'game')}")
        return go.Choropleth(
            geojson=plotly_geojson("land"),
            featureidkey="properties.id",
            locations=list(sub["zone"]),
            z=list(sub[value]),
            zmin=0,
            zmax=1,
            colorscale=[[0, "#FFFFFF"], [1, color]],
            marker_line={"width": 0.8, "color": "#333333"},
            colorbar={"title": {"text": f"share of games<br>{words}"}, "tickformat": ".0%", "len": 0.75},
            text=hover,
            hovertemplate="%{text}<extra></extra>",
            name="zones",
        )

    fig = go.Figure()
    fig.add_trace(sea_trace())
    fig.add_trace(land_trace(turns[0]))
    land_index = len(fig.data) - 1
    b = load_board()
    cities = sorted(geo.cities, key=lambda f: b.zone_index(f["properties"]["zone"]))
    fig.add_trace(
        go.Scattergeo(
            lon=[f["geometry"]["coordinates"][0] for f in cities],
            lat=[f["geometry"]["coordinates"][1] for f in cities],
            text=[f["properties"]["name"] for f in cities],
            mode="markers+text",
            textposition="bottom center",
            textfont={"size": font_size, "color": "#111"},
            marker={"symbol": "star", "size": font_size + 10, "color": "#F0E442", "line": {"width": 2, "color": "#000"}},
            hoverinfo="skip",
            showlegend=False,
            name="victory cities",
        )
    )
    a = df.attrs

    def title(turn: int) -> str:
        n = int(df.loc[df["turn"] == turn, "games"].iloc[0])
        head = f"Zones {words} at the end of turn {turn}"
        who = f"{a['allies']} Allies vs {a['axis']} Axis, seed {a['seed']}: " if "allies" in a else ""
        return f"{head}<br><span style='font-size:0.7em'>{who}{n} games still on (an estimate from few games)</span>"

    fig.frames = [go.Frame(name=f"t{t}", data=[land_trace(t)], traces=[land_index], layout={"title": {"text": title(t)}}) for t in turns]
    steps = [
        {
            "label": str(t),
            "method": "animate",
            "args": [[f"t{t}"], {"mode": "immediate", "frame": {"duration": 0, "redraw": True}, "transition": {"duration": 0}}],
        }
        for t in turns
    ]
    frame_board(fig)
    fig.update_layout(
        title={"text": title(turns[0]), "x": 0.5, "font": {"size": font_size + 7}},
        font={"family": "DejaVu Sans, Arial, sans-serif", "size": font_size},
        height=720,
        margin={"l": 10, "r": 10, "t": 90, "b": 10},
        paper_bgcolor="white",
        sliders=[{"active": 0, "currentvalue": {"prefix": "turn "}, "steps": steps, "pad": {"t": 10}, "x": 0.1, "len": 0.9}],
        updatemenus=[
            {
                "type": "buttons",
                "showactive": False,
                "x": 0.09,
                "y": 0.0,
                "xanchor": "right",
                "yanchor": "top",
                "buttons": [
                    {
                        "label": "▶ play",
                        "method": "animate",
                        "args": [None, {"frame": {"duration": 900, "redraw": True}, "fromcurrent": True, "transition": {"duration": 0}}],
                    }
                ],
            }
        ],
    )
    return fig


# ---------------------------------------------------------------------------------------------
# what wins: bot pairings


def pairings(
    bots: tuple[str, ...] = ("random", "greedy", "strong", "planner"),
    n_games: int = 6,
    seed: int = 0,
    processes: int | None = 1,
    progress: bool = True,
) -> pd.DataFrame:
    """Every pairing of ``bots`` (each bot in both seats), ``n_games`` each: the rows of :func:`dday.play.simulate.simulate`.

    Every pairing uses the same master ``seed``, so game ``i`` of each pairing starts from the same seed.
    ``progress`` shows one ``tqdm`` bar over every game; the default 6 games per pairing keep a
    notebook cell under 20 s (ask for ``n_games=40`` for narrower intervals).
    """
    pairs = [(a, x) for a in bots for x in bots]
    parts = []
    with tqdm(total=n_games * len(pairs), disable=not progress, desc="pairings", unit="game") as bar:
        for a, x in pairs:
            bar.set_postfix_str(f"{a} vs {x}")
            parts.append(simulate(n_games, allies=a, axis=x, seed=seed, processes=processes, progress=False))
            bar.update(n_games)
    out = pd.concat(parts, ignore_index=True)
    out.attrs.update({"seed": seed, "n_games": n_games, "bots": list(bots)})
    return out


def pairing_rates(games: pd.DataFrame) -> pd.DataFrame:
    """Allied win rate per (allies, axis) pairing with its 95 % Wilson interval and a label naming games and seed.

    >>> g = pd.DataFrame({"allies": ["greedy"] * 4, "axis": ["random"] * 4, "winner": ["allies", "allies", "axis", "allies"]})
    >>> pairing_rates(g)[["allied_wins", "games", "allied_rate"]].to_dict("records")
    [{'allied_wins': 3, 'games': 4, 'allied_rate': 0.75}]
    """
    seed = games.attrs.get("seed", "?")
    rows = []
    for (a, x), sub in games.groupby(["allies", "axis"], sort=False):
        n = len(sub)
        wins = int((sub["winner"] == "allies").sum())
        lo, hi = wilson(wins, n)
        rows.append(
            {
                "allies": a,
                "axis": x,
                "allied_wins": wins,
                "games": n,
                "allied_rate": wins / n,
                "ci95_low": lo,
                "ci95_high": hi,
                "label": f"{percent(wins / n, 0)} (95 % interval {interval(lo, hi, 0)}), {count(n, 'game')}, seed {seed}",
            }
        )
    return pd.DataFrame(rows)


def rate_rows_figure(
    rows: list[str],
    rates: pd.DataFrame,
    title: str,
    *,
    groups: list[str] | None = None,
    legend_title: str = "",
    font_size: int = 17,
) -> go.Figure:
    """Win rates as horizontal bars, one row each, with their 95 % intervals as error bars.

    ``rates`` has the columns ``rate``, ``ci95_low``, ``ci95_high`` and ``label`` (the hover
    text), one line per entry of ``rows``; each row's name ends with its rate, on the left,
    where no error bar can cross the number. ``groups`` (one name per row) gives each group a
    colour (colour-blind safe) and a legend entry, under ``legend_title``.
    """
    named = rates.assign(row=rows, group=groups if groups is not None else [""] * len(rows))
    colours = qualitative.Safe
    bars = []
    for i, group in enumerate(dict.fromkeys(named["group"])):
        sub = named[named["group"] == group]
        bars.append(
            go.Bar(
                name=group,
                showlegend=groups is not None,
                orientation="h",
                y=sub["row"],
                x=sub["rate"],
                marker_color=colours[i % len(colours)] if groups is not None else SIDE_COLORS["allies"],
                error_x={**interval_error_y(sub["rate"], sub["ci95_low"], sub["ci95_high"]), "color": "#000", "thickness": 2},
                customdata=sub["label"],
                hovertemplate="%{y}<br>%{customdata}<extra></extra>",
            )
        )
    fig = go.Figure(bars)
    fig.update_layout(
        barmode="overlay",  # one bar per row: every row belongs to one group
        title={"text": title, "font": {"size": font_size + 3}},
        font={"size": font_size},
        yaxis={"categoryorder": "array", "categoryarray": rows, "autorange": "reversed", "title": "", "ticksuffix": "  "},
        xaxis={"title": "Allied wins", "tickformat": ".0%", "range": [0, 1.02]},
        legend={"orientation": "h", "y": 1.0, "x": 1, "xanchor": "right", "yanchor": "bottom", "title": {"text": legend_title}},
        height=160 + 34 * len(rows),
        plot_bgcolor="#FFFFFF",
        margin={"t": 110 if groups is not None else 80, "b": 60, "l": 20},
    )
    fig.update_xaxes(gridcolor="#DDDDDD")
    return fig


def pairing_figure(rates: pd.DataFrame, *, font_size: int = 17) -> go.Figure:
    """The Allied win rate of each pairing as a row with its 95 % interval as an error bar.

    One colour per Axis bot, so the rows of one opponent stand out (:func:`rate_rows_figure`).
    """
    rows = [
        f"{a} Allies vs {x} Axis: {percent(r, 0)}" for a, x, r in zip(rates["allies"], rates["axis"], rates["allied_rate"], strict=True)
    ]
    n = int(rates["games"].min()) if len(rates) else 0
    return rate_rows_figure(
        rows,
        rates.rename(columns={"allied_rate": "rate"}),
        f"Allied win rate per pairing ({count(n, 'game')} each; black lines: 95 % interval)",
        groups=[f"{x} Axis" for x in rates["axis"]],
        legend_title="against",
        font_size=font_size,
    )


def turn_figure(games: pd.DataFrame, *, font_size: int = 17) -> go.Figure:
    """How many games were decided on each turn, stacked by winner (all pairings together)."""
    dist = turn_distribution(games)
    fig = go.Figure(
        [
            go.Bar(x=list(dist.index), y=list(dist[side]), name=f"{side.capitalize()} win", marker_color=SIDE_COLORS[side])
            for side in ("allies", "axis")
        ]
    )
    seed = games.attrs.get("seed", "?")
    fig.update_layout(
        barmode="stack",
        title={"text": f"The deciding turn — {len(games)} games, seed {seed}", "font": {"size": font_size + 3}},
        font={"size": font_size},
        xaxis={"title": "turn the game was decided", "dtick": 1, "range": [0.5, 10.5]},
        yaxis={"title": "games"},
        height=460,
        plot_bgcolor="#FFFFFF",
        legend={"orientation": "h", "y": 1.02, "x": 1, "xanchor": "right", "yanchor": "bottom"},
    )
    fig.update_yaxes(gridcolor="#DDDDDD")
    return fig
