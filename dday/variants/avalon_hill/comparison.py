"""Avalon Hill's 1961 odds table against the 2004 bucket of dice: the same question asked of both
games, and the pictures and tables of notebook 22.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

import pandas as pd

from ...odds import zone_fight_exact
from ...rules.scenario import force as parse
from ...rules.units import UNIT_STATS
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
    return df


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
        title="1961: one die on the odds column (classic CRT, RECONSTRUCTED)",
    )
    fig.update_layout(yaxis_tickformat=".0%")
    return fig


def massing_figure(defense: int, attack_totals: Iterable[int]) -> Any:
    """Step chart of :func:`massing_table`: what more attack factors buy against ``defense``."""
    import plotly.graph_objects as go

    mass = massing_table(defense, attack_totals)
    fig = go.Figure()
    for col in ("P(defender removed)", "P(attacker hurt)"):
        fig.add_trace(go.Scatter(x=mass["attack"], y=mass[col], mode="lines", line_shape="hv", name=col, text=mass["odds"]))
    fig.update_layout(
        title=f"1961: attack factors against {defense} defense factors",
        xaxis_title="total attack factors", yaxis_title="probability", yaxis_tickformat=".0%",
    )
    return fig


def compare_models(battles: Mapping[str, BattleSummary], fights: Mapping[str, pd.Series], start_units: int) -> pd.DataFrame:
    """One row per model: P(the defender is gone) and the attacker's expected loss.

    ``battles`` are 1961 summaries; ``fights`` are rows of :func:`dday.odds.zone_fight` (the
    card to compare) for an Allied force of ``start_units`` land units.
    """
    rows: list[dict[str, object]] = []
    for name, b in battles.items():
        rows.append(
            {
                "model": name,
                "P(defender gone)": float(b.probabilities["DE"] + b.probabilities["EX"]),
                "expected attacker loss": f"{float(b.attacker_loss):.1f} of {b.attack} factors",
            }
        )
    for name, row in fights.items():
        left = sum(float(row[c]) for c in ("E[allies_infantry]", "E[allies_artillery]", "E[allies_tank]"))
        rows.append(
            {
                "model": name,
                "P(defender gone)": float(row["allies_hold"] + row["empty"]),
                "expected attacker loss": f"{start_units - left:.1f} of {start_units} units",
            }
        )
    return pd.DataFrame(rows)
