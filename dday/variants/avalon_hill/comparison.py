"""Avalon Hill's 1961 odds table against the 2004 bucket of dice: the same question asked of both
games, and the pictures and tables of notebook 22.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from fractions import Fraction
from typing import Any

import pandas as pd

from ...odds import zone_fight_exact
from ...rules.scenario import force as parse
from ...rules.units import UNIT_STATS
from ...rules.words import count, percent
from ...views.numbers import probability_table
from ...views.tables import text_table
from .combat_table import massing_table
from .procedures import BattleSummary

# ---------------------------------------------------------------------------------------------
# the 2004 game for comparison (dday.odds): the same question asked of a bucket-of-dice fight


def sweep_2004(allied_forces: Iterable[str], axis: str, cards: int, first: str = "allies") -> pd.DataFrame:
    """For each Allied force, the fight for one zone of the 2004 game after ``cards`` attack cards.

    One row per force: its attack pips (the sum of the units' attack hit numbers: a rough
    analogue of 1961 attack factors), P(Allies hold), P(Axis hold), P(contested), P(empty) and
    the expected Allied and Axis units lost — all from :func:`dday.odds.zone_fight_exact`
    (exact; floats here, Fractions in ``df.attrs["exact"]``).

    >>> df = sweep_2004(["1i", "2i"], "1i", cards=1)
    >>> df["attack pips"].tolist(), df.attrs["exact"][0]["allies_hold"]      # 1/6 · 4/6: hit and not be hit
    ([1, 2], Fraction(1, 9))
    """
    rows: list[dict[str, object]] = []
    exact: list[dict[str, object]] = []
    axis_force = parse(axis)
    for spec in allied_forces:
        f = parse(spec)
        fight = zone_fight_exact(f, axis_force, cards, first)
        last = fight.rows[-1]
        allied_left = sum((last[f"E[allies_{u}]"] for u in ("infantry", "artillery", "tank")), Fraction(0))
        axis_left = sum((last[f"E[axis_{u}]"] for u in ("infantry", "artillery", "tank", "blockhouse")), Fraction(0))
        row: dict[str, object] = {
            "allies": f.short(),
            "units": f.total,
            "attack pips": sum(f.get(u) * UNIT_STATS[u].attack for u in ("infantry", "artillery", "tank")),
            **{k: last[k] for k in ("allies_hold", "axis_hold", "contested", "empty")},
            "E[allied units lost]": f.total - allied_left,
            "E[axis units lost]": axis_force.total - axis_left,
        }
        exact.append(row)
        rows.append({k: (float(v) if isinstance(v, Fraction) else v) for k, v in row.items()})
    df = pd.DataFrame(rows)
    df.attrs["exact"] = exact
    df.attrs["cards"] = cards
    return df


SWEEP_WORDS: dict[str, str] = {
    "allies": "Allied force",
    "units": "units",
    "attack pips": "attack pips",
    "allies_hold": "Allies hold",
    "axis_hold": "Axis hold",
    "contested": "still contested",
    "empty": "nobody left",
    "E[allied units lost]": "expected Allied units lost",
    "E[axis units lost]": "expected Axis units lost",
}
"""The columns of :func:`sweep_2004` in words."""


def sweep_table(sweep: pd.DataFrame, columns: Iterable[str] | None = None) -> Any:
    """:func:`sweep_2004` for people: the chances as percentages, the expected losses with one
    decimal, the columns named in words (:data:`SWEEP_WORDS`); ``columns`` picks some.

    >>> t = sweep_table(sweep_2004(["2i"], "1i", cards=1))
    >>> t.data.columns.tolist()[3:5], "%" in t.to_html(), "0.111111" in t.to_html()
    (['Allies hold', 'Axis hold'], True, False)
    """
    shown = sweep[list(columns)] if columns is not None else sweep
    chances = [SWEEP_WORDS[c] for c in ("allies_hold", "axis_hold", "contested", "empty") if c in shown.columns]
    losses: list[Hashable] = [SWEEP_WORDS[c] for c in ("E[allied units lost]", "E[axis units lost]") if c in shown.columns]
    styler = probability_table(shown, chances, rename={c: SWEEP_WORDS.get(c, c) for c in shown.columns})
    cards = sweep.attrs.get("cards")
    caption = f"After {count(cards, 'attack card')}: the chance of each outcome" if cards else ""
    if cards and losses:
        caption += ", and the units lost on average"
    return text_table(styler.format("{:.1f}", subset=losses) if losses else styler, caption=caption)


_PLOT_W, _PLOT_H = 900.0, 330.0  # the plot area in px, about (a 1068 px notebook output, the margins below)
_Y_RANGE = (-0.15, 1.2)  # room below 0 % and above 100 % for labels


def _label_offsets(
    xs: list[float], ys: list[float], texts: list[str], sizes: list[float], x_range: tuple[float, float]
) -> list[tuple[float, float]]:
    """For each dot, where its label goes (px right, px down from the dot), so that no label
    covers another label or another dot and none leaves the plot.

    Labels are about 7 px a character wide and 16 px high. Dots are taken left to right, the
    higher one first where two share a column; each label takes the first free place among:
    just above its dot, just below, right, left, then higher and lower, a label height at a time.

    >>> _label_offsets([3, 3, 10], [0.004, 0.0, 0.5], ["1i 1a", "1t", "2i 2a"], [13, 10.5, 23], (0, 23))
    [(0.0, -18.5), (0.0, 17.25), (0.0, -23.5)]
    """
    def px(x: float, y: float) -> tuple[float, float]:
        return (
            (x - x_range[0]) / (x_range[1] - x_range[0]) * _PLOT_W,
            (_Y_RANGE[1] - y) / (_Y_RANGE[1] - _Y_RANGE[0]) * _PLOT_H,  # from the top
        )

    dots = [(*px(x, y), size / 2) for x, y, size in zip(xs, ys, sizes, strict=True)]
    boxes: list[tuple[float, float, float, float]] = []  # left, top, right, bottom

    def free(box: tuple[float, float, float, float], own: int) -> bool:
        left, top, right, bottom = box
        if top < 0 or bottom > _PLOT_H or left < 0 or right > _PLOT_W:
            return False
        if any(left < b[2] + 2 and right > b[0] - 2 and top < b[3] + 2 and bottom > b[1] - 2 for b in boxes):
            return False
        return not any(k != own and left < cx + r and right > cx - r and top < cy + r and bottom > cy - r for k, (cx, cy, r) in enumerate(dots))

    offsets: list[tuple[float, float]] = [(0.0, 0.0)] * len(xs)
    for i in sorted(range(len(xs)), key=lambda k: (xs[k], -ys[k])):
        cx, cy, r = dots[i]
        half_w = (7 * len(texts[i]) + 4) / 2
        side = r + 6 + half_w
        up_down = [(0.0, sign * (r + 12 + 16 * k)) for k in range(4) for sign in (-1, 1)]
        candidates = [*up_down[:2], (side, 0.0), (-side, 0.0), *up_down[2:]]  # above, below, right, left, higher, lower…
        chosen = candidates[0]
        for ax, ay in candidates:
            if free((cx + ax - half_w, cy + ay - 8, cx + ax + half_w, cy + ay + 8), i):
                chosen = (ax, ay)
                break
        offsets[i] = chosen
        ax, ay = chosen
        boxes.append((cx + ax - half_w, cy + ay - 8, cx + ax + half_w, cy + ay + 8))
    return offsets


def sweep_figure(sweep: pd.DataFrame, title: str) -> Any:
    """The chance to hold the zone against the attack pips of each force in :func:`sweep_2004`.

    One dot per force (its size: the number of units), named by a label joined to it by a short
    line. Labels are placed so that none covers another label or another dot, and the axis
    leaves room above 100 % and below 0 % so no label is cut.

    >>> fig = sweep_figure(sweep_2004(["1t", "1i 1a", "2i"], "1i", cards=1), "test")
    >>> fig.layout.yaxis.tickformat, [a.text for a in fig.layout.annotations]
    ('.0%', ['1t', '1i 1a', '2i'])
    """
    import plotly.graph_objects as go

    xs = [float(x) for x in sweep["attack pips"]]
    ys = [float(y) for y in sweep["allies_hold"]]
    texts = [str(t) for t in sweep["allies"]]
    sizes = [8 + 2.5 * u for u in sweep["units"]]
    x_range = (0.0, max(xs) + 1.5)
    offsets = _label_offsets(xs, ys, texts, sizes, x_range)
    fig = go.Figure(
        go.Scatter(
            x=xs,
            y=ys,
            mode="markers",
            marker={"size": sizes, "color": "#4C72B0", "opacity": 0.75},
            customdata=[f"{t}: {percent(y)}" for t, y in zip(texts, ys, strict=True)],
            hovertemplate="%{customdata}<extra></extra>",
        )
    )
    for x, y, text, (ax, ay) in zip(xs, ys, texts, offsets, strict=True):
        fig.add_annotation(x=x, y=y, text=text, showarrow=True, arrowhead=0, arrowwidth=1, arrowcolor="#999", ax=ax, ay=ay, font={"size": 12})
    fig.update_layout(
        title=title,
        xaxis={"title": "attack pips (infantry 1, artillery 2, tank 3)", "range": list(x_range)},
        yaxis={"title": "chance the Allies hold the zone", "tickformat": ".0%", "range": list(_Y_RANGE), "tickvals": [0, 0.25, 0.5, 0.75, 1]},
        height=460,
        margin={"l": 70, "r": 30, "t": 70, "b": 60},
        showlegend=False,
    )
    return fig


# ---------------------------------------------------------------------------------------------
# Pictures and tables for the comparison notebook (22)


def results_figure(battles: Mapping[str, BattleSummary]) -> Any:
    """Grouped bars: each named 1961 battle's exact result probabilities (AH-10, RECONSTRUCTED CRT)."""
    import plotly.express as px

    rows = [
        {"attack": name, "result": result, "probability": float(p), "exact": str(p)}
        for name, b in battles.items()
        for result, p in b.probabilities.items()
    ]
    fig = px.bar(
        rows, x="result", y="probability", color="attack", barmode="group", hover_data=["exact"],
        title="1961: one die on the odds column (classic combat results table, RECONSTRUCTED)",
    )
    fig.update_layout(yaxis_tickformat=".0%")
    return fig


def massing_figure(defense: int, attack_totals: Iterable[int]) -> Any:
    """Step chart of :func:`massing_table`: what more attack factors buy against ``defense``."""
    import plotly.graph_objects as go

    mass = massing_table(defense, attack_totals)
    fig = go.Figure()
    for col in ("P(defender removed)", "P(attacker hurt)"):
        name = col.removeprefix("P(").removesuffix(")")  # the legend in words: "defender removed"
        fig.add_trace(
            go.Scatter(
                x=mass["attack"], y=mass[col], mode="lines", line_shape="hv", name=name, text=mass["odds"],
                hovertemplate="%{x} attack factors, column %{text}: %{y:.1%}<extra>%{fullData.name}</extra>",
            )
        )
    fig.update_layout(
        title=f"1961: attack factors against {defense} defense factors",
        xaxis_title="total attack factors", yaxis_title="chance", yaxis_tickformat=".0%",
    )
    return fig


def compare_models(battles: Mapping[str, BattleSummary], fights: Mapping[str, pd.Series], start_units: int) -> Any:
    """One row per model: the chance that the defender is gone, and the attacker's expected loss.

    ``battles`` are 1961 summaries; ``fights`` are rows of :func:`dday.odds.zone_fight` (the
    card to compare) for an Allied force of ``start_units`` land units. A ``Styler`` that shows
    the chance as a percentage; the numbers are in ``.data`` (column "chance the defender is gone").
    """
    rows: list[dict[str, object]] = []
    for name, b in battles.items():
        rows.append(
            {
                "model": name,
                "chance the defender is gone": float(b.probabilities["DE"] + b.probabilities["EX"]),
                "expected attacker loss": f"{float(b.attacker_loss):.1f} of {b.attack} factors",
            }
        )
    for name, row in fights.items():
        left = sum(float(row[c]) for c in ("E[allies_infantry]", "E[allies_artillery]", "E[allies_tank]"))
        rows.append(
            {
                "model": name,
                "chance the defender is gone": float(row["allies_hold"] + row["empty"]),
                "expected attacker loss": f"{start_units - left:.1f} of {start_units} units",
            }
        )
    return text_table(probability_table(pd.DataFrame(rows), ["chance the defender is gone"]))
