"""The combat odds lab: exact odds of one cycle and of a whole fight, checked by Monte Carlo.

Exact numbers come from :mod:`dday.odds` (:func:`~dday.odds.cycle_distribution`,
:func:`~dday.odds.zone_fight_exact`). The Monte Carlo here is a separate, vectorised
implementation of the same rules (both sides fire with every unit, each owner loses units in
the :data:`~dday.odds.DEFAULT_POLICY` order), so agreement is a real check. Every sampled
number is printed with its run count, seed and a 95 % Wilson interval.

>>> mc = simulate_fight("3i 1a", "2i 1b", cards=2, runs=400, seed=1)
>>> mc.runs, mc.seed, round(float(mc.table["allies_hold"].iloc[-1] + mc.table["axis_hold"].iloc[-1]
...     + mc.table["contested"].iloc[-1] + mc.table["empty"].iloc[-1]), 9)
(400, 1, 1.0)
>>> r = units_needed(0.8, by_turn=4, defender="2a 1t", mix="t")
>>> r.n, r.force.short()
(4, '4t')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from html import escape
from math import sqrt
from typing import Any, Final

import ipywidgets as w
import numpy as np
import pandas as pd
import plotly.graph_objects as go

from ... import odds
from ...odds.distribution import dice_groups_words
from ...rules.orders.combat import dice_groups
from ...rules.scenario import force as parse_force
from ...rules.setup import initial_state
from ...rules.units import Force, attack_value, defense_value
from ...rules.words import count, fraction_text, interval, percent, plural, wrap
from ..aria import NamedSlider
from ..maps.geodata import CONTROL_COLORS, POWER_COLORS, SIDE_COLORS
from . import style as st
from .react_chart import ReactFigure, react_figure

__all__ = ["FIGHT_COLUMNS", "MonteCarlo", "OddsLab", "UnitsNeeded", "simulate_fight", "units_needed", "wilson"]

def _title(text: str) -> dict[str, Any]:
    """A chart title just above the plot, below the band where plotly's toolbar appears (it covered the titles)."""
    return {"text": text, "x": 0.01, "xanchor": "left", "xref": "container", "y": 1, "yanchor": "bottom", "yref": "paper", "pad": {"b": 10}}


def _busy_line(text: str) -> str:
    """The busy sign's line: always one line high, so the charts under it do not jump when it comes and goes."""
    return f'<div role="status" aria-live="polite" style="font-size:17px;font-weight:bold;min-height:26px">{text}</div>'


FIGHT_COLUMNS: Final = ("allies_hold", "axis_hold", "contested", "empty")
_LABELS: Final = {
    "allies_hold": "Allies hold",
    "axis_hold": "Axis holds",
    "contested": "still contested",
    "empty": "empty (both wiped out)",
}
_COLORS: Final = {
    "allies_hold": CONTROL_COLORS["allies"],
    "axis_hold": POWER_COLORS["Germany"],
    "contested": CONTROL_COLORS["contested"],
    "empty": "#E69F00",
}
_DASH: Final = {"allies_hold": "solid", "axis_hold": "dash", "contested": "dot", "empty": "dashdot"}


def short_fmt(p: Fraction) -> str:
    """'1/6 ≈ 16.7 %' when the fraction is short enough to read, else just '97.2 %'.

    >>> short_fmt(Fraction(1, 6)), short_fmt(Fraction(123456789, 987654321))
    ('1/6 ≈ 16.7 %', '12.5 %')
    """
    return odds.fmt(p)  # the one rule for every exact chance (dday.rules.words.chance_text)


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval for k successes in n runs.

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
    """
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class MonteCarlo:
    """Sampled fight results: one row per card with the share of runs in each outcome."""

    table: pd.DataFrame
    counts: pd.DataFrame
    runs: int
    seed: int

    def interval(self, column: str, card: int | None = None) -> tuple[float, float]:
        """95 % interval of ``column`` after ``card`` (default: the last card)."""
        k = self.counts[column].iloc[-1] if card is None else self.counts[column].loc[card]
        return wilson(int(k), self.runs)

    def value(self, column: str, card: int | None = None) -> float:
        """The sampled share of ``column`` after ``card`` (default: the last card)."""
        shares = self.table[column]
        return float(shares.iloc[-1] if card is None else shares.loc[card])

    def share(self, column: str, card: int | None = None) -> str:
        """The sampled share with its 95 % interval, as percentages: '41.2 % (95 % interval 39.0 % to 43.4 %)'."""
        lo, hi = self.interval(column, card)
        return f"{percent(self.value(column, card))} (95 % interval {interval(lo, hi)})"

    def label(self, column: str, card: int | None = None) -> str:
        """:meth:`share` with the runs and the seed: '41.2 % (n = 2,000 runs, seed 0, 95 % interval 39.0 % to 43.4 %)'."""
        lo, hi = self.interval(column, card)
        return f"{percent(self.value(column, card))} (n = {self.runs:,} runs, seed {self.seed}, 95 % interval {interval(lo, hi)})"


def _hit_numbers(f: Force, side: str, attacking: bool, order: tuple[str, ...]) -> np.ndarray:
    """One hit number per unit, in loss order (the first is lost first)."""
    value = attack_value if attacking else defense_value
    units = [u for u in order] + [u for u in ("infantry", "artillery", "tank", "blockhouse") if u not in order]
    return np.array([value(u, side) for u in units for _ in range(f.get(u))], dtype=np.int64)


def simulate_fight(
    allies: odds.UnitSpec, axis: odds.UnitSpec, cards: int, first: str = "allies", runs: int = 2000, seed: int = 0
) -> MonteCarlo:
    """Sample the fight of :func:`dday.odds.zone_fight` ``runs`` times with ``numpy.random.default_rng(seed)``."""
    a0, x0 = parse_force(allies), parse_force(axis)  # type: ignore[arg-type]
    pol = odds.DEFAULT_POLICY
    rng = np.random.default_rng(seed)
    vals = {
        (side, att): _hit_numbers(f, side, att, pol.allies if side == "allies" else pol.axis)
        for side, f in (("allies", a0), ("axis", x0))
        for att in (True, False)
    }
    na, nx = a0.total, x0.total
    la = np.zeros(runs, dtype=np.int64)  # Allied losses so far: units leave from the front of the list
    lx = np.zeros(runs, dtype=np.int64)
    slots_a, slots_x = np.arange(na), np.arange(nx)
    rows, counts = [], []
    attacker = first
    for card in range(1, cards + 1):
        va = vals[("allies", attacker == "allies")]
        vx = vals[("axis", attacker == "axis")]
        live = (la < na) & (lx < nx)
        ha = ((rng.integers(1, 7, (runs, na)) <= va) & (slots_a[None, :] >= la[:, None])).sum(1) if na else np.zeros(runs, dtype=np.int64)
        hx = ((rng.integers(1, 7, (runs, nx)) <= vx) & (slots_x[None, :] >= lx[:, None])).sum(1) if nx else np.zeros(runs, dtype=np.int64)
        lx = np.where(live, np.minimum(nx, lx + ha), lx)
        la = np.where(live, np.minimum(na, la + hx), la)
        alive_a, alive_x = la < na, lx < nx
        c = {
            "allies_hold": int((alive_a & ~alive_x).sum()),
            "axis_hold": int((~alive_a & alive_x).sum()),
            "contested": int((alive_a & alive_x).sum()),
            "empty": int((~alive_a & ~alive_x).sum()),
        }
        counts.append({"card": card, **c})
        rows.append({"card": card, **{k: v / runs for k, v in c.items()}})
        attacker = "axis" if attacker == "allies" else "allies"
    return MonteCarlo(pd.DataFrame(rows).set_index("card"), pd.DataFrame(counts).set_index("card"), runs, seed)


# ---------------------------------------------------------------------------------------------
# how many units?


@dataclass(frozen=True)
class UnitsNeeded:
    """The answer of :func:`units_needed`: the smallest force (or None), the table and the assumptions."""

    n: int | None
    force: Force
    table: pd.DataFrame
    target_prob: float
    by_turn: int
    defender: Force
    zone: str

    def explain(self) -> str:
        """The answer and its assumptions in plain words."""
        if self.n is None:
            best = self.table["P(Allies hold)"].max()
            head = (
                f"Even 8 units (the stacking limit) reach only {percent(best)} by the end of turn {self.by_turn}: "
                f"the target {percent(self.target_prob, 0)} cannot be met in one zone."
            )
        else:
            p = float(self.table["P(Allies hold)"].loc[self.n])
            head = f"{self.n} units ({self.force.short()}) take {self.zone} by the end of turn {self.by_turn} with probability {percent(p)} ≥ {percent(self.target_prob, 0)}."
        return wrap(
            "\n".join(
                [
                    head,
                    f"Assumptions: the Allied units are all in {self.zone} before order 11 of turn 1; the defenders are {self.defender.short()};",
                    f"nobody moves in, out or is reinforced; each turn has one Allied attack (order 11) and one Axis attack (order 13), "
                    f"so {2 * self.by_turn} combat cycles; each owner loses its cheapest units first; "
                    "no bombers, naval dice or strafing. 'Take' = only Allied land units left (blockhouses count as Axis).",
                    "Exact: the odds follow every way the dice can fall, card by card; nothing is sampled.",
                ]
            )
        )

    def _repr_html_(self) -> str:
        return f"<pre style='font-size:15px'>{escape(self.explain())}</pre>" + self.table.assign(**{"P(Allies hold)": self.table["P(Allies hold)"].map(percent)}).to_html()


def _mix_force(n: int, mix: str) -> Force:
    names = {"i": "infantry", "a": "artillery", "t": "tank"}
    if not mix or any(ch not in names for ch in mix):
        raise ValueError(f"mix is a string of unit letters i, a, t (e.g. 'iat'), not {mix!r}")
    f = Force()
    for k in range(n):
        f = f.add(names[mix[k % len(mix)]])
    return f


def units_needed(
    target_prob: float = 0.8, by_turn: int = 4, defender: odds.UnitSpec | None = None, zone: str = "F30", mix: str = "iat"
) -> UnitsNeeded:
    """How many Allied units must sit in ``zone`` (default Caen) to take it by ``by_turn`` with ``target_prob``?

    Exact, via :func:`dday.odds.zone_fight`. The force of n units takes the first n letters of
    ``mix`` repeated ('iat': infantry, artillery, tank, infantry, ...). ``defender`` defaults to
    the zone's German garrison at the set-up. See :meth:`UnitsNeeded.explain` for the assumptions.
    """
    if not 0 < target_prob < 1:
        raise ValueError("target_prob is a probability strictly between 0 and 1")
    if by_turn < 1:
        raise ValueError("by_turn is a turn number, 1 or more")
    s0 = initial_state()
    dfn = parse_force(defender) if defender is not None else s0.units(zone, "Germany")  # type: ignore[arg-type]
    if not dfn.total:
        raise ValueError(f"{zone} has no defenders: give defender=")
    limit = s0.board.stacking_limit
    rows = []
    answer: int | None = None
    for n in range(1, limit + 1):
        f = _mix_force(n, mix)
        fight = odds.zone_fight_exact(f, dfn, cards=2 * by_turn, first="allies")
        p = fight.exact("allies_hold")
        rows.append({"units": n, "force": f.short(), "P(Allies hold)": float(p), "exact": fraction_text(p)})
        if answer is None and p >= Fraction(target_prob).limit_denominator(10**6):
            answer = n
    table = pd.DataFrame(rows).set_index("units")
    return UnitsNeeded(answer, _mix_force(answer or limit, mix), table, target_prob, by_turn, dfn, zone)


# ---------------------------------------------------------------------------------------------
# the widget


class OddsLab:
    """Sliders for both sides, the exact one-cycle heatmap, the fight over N cards, and a "Simulate" button.

    ``sliders`` maps 'allies_infantry' … 'axis_blockhouse' to IntSliders; ``attacker`` picks
    who attacks first; ``heatmap`` and ``fight_chart`` are :class:`~.react_chart.ReactFigure` objects:
    each slider move sends each of them to the page once, and the page updates them in place.
    """

    def __init__(self, **preset: int) -> None:
        start = {
            "allies_infantry": 3,
            "allies_artillery": 1,
            "allies_tank": 1,
            "axis_infantry": 2,
            "axis_artillery": 1,
            "axis_tank": 0,
            "axis_blockhouse": 1,
        }
        unknown = set(preset) - set(start)
        if unknown:
            raise ValueError(f"unknown {plural(len(unknown), 'slider')} {sorted(unknown)}; use {sorted(start)}")
        start.update(preset)
        self.sliders: dict[str, NamedSlider] = {}
        for key, v in start.items():
            side, unit = key.split("_")
            top = 4 if unit == "blockhouse" else 8
            self.sliders[key] = NamedSlider(  # a slider a screen reader can name (ipywidgets' cannot)
                value=v,
                min=0,
                max=top,
                description=unit,
                description_width="100px",  # "blockhouse" whole, and the sliders of a column line up
                label=f"{'Allied' if side == 'allies' else 'German'} {unit}",
                continuous_update=False,
                layout=w.Layout(width="330px"),
            )
        self.attacker = w.ToggleButtons(
            options=[("Allies attack (order 11)", "allies"), ("Axis attacks (order 13)", "axis")],
            value="allies",
            style={"button_width": "230px"},  # the labels in full
        )
        self.cards = NamedSlider(value=6, min=1, max=12, description="cards", label="attack cards", continuous_update=False, layout=w.Layout(width="300px"))
        self.runs = w.BoundedIntText(value=2000, min=10, max=200_000, description="runs", layout=w.Layout(width="190px"))
        self.seed = w.IntText(value=0, description="seed", layout=w.Layout(width="150px"))
        self.simulate_button = st.button("Simulate", style="primary", tooltip="Monte Carlo check of the exact fight")
        self.simulate_button.on_click(lambda _b: self.simulate())
        self.summary = st.html()
        self.fight_text = st.html()
        self.mc_text = st.html()
        self.message = st.html()
        self.busy = st.html(_busy_line(""))  # "Working out the odds …" while a change recomputes (issue 31)
        self.heatmap: ReactFigure = react_figure(
            data=[
                go.Heatmap(
                    z=[[0]],
                    colorscale="Viridis",
                    colorbar={"tickformat": ".0%"},
                    texttemplate="%{text}",
                    hovertemplate="attacker %{y} hits, defender %{x} hits: %{z:.2%}<extra></extra>",
                )
            ]
        )
        self.heatmap.update_layout(height=400, width=400, margin={"l": 70, "r": 10, "t": 80, "b": 60}, font={"size": 15}, title=_title("One combat cycle"))
        self.heatmap.update_xaxes(title="defender's hits", dtick=1)
        self.heatmap.update_yaxes(title="attacker's hits", dtick=1)
        self.fight_chart: ReactFigure = react_figure(
            data=[
                go.Scatter(x=[], y=[], mode="lines+markers", name=_LABELS[c], line={"color": _COLORS[c], "width": 3, "dash": _DASH[c]})
                for c in FIGHT_COLUMNS
            ]
            + [
                go.Scatter(
                    x=[],
                    y=[],
                    mode="markers",
                    name=f"{_LABELS[c].split(' (')[0]} (sampled)",  # "empty (sampled)": the whole legend fits
                    marker={"color": _COLORS[c], "symbol": "x", "size": 11},
                    error_y={"type": "data", "array": [], "arrayminus": []},
                    visible=False,
                )
                for c in FIGHT_COLUMNS
            ]
        )
        self.fight_chart.update_layout(
            height=460,
            width=520,
            margin={"l": 60, "r": 10, "t": 80, "b": 140},
            font={"size": 15},
            title=_title("Who holds the zone after each card"),
            legend={"font": {"size": 13}, "orientation": "h", "y": -0.25, "entrywidth": 0.5, "entrywidthmode": "fraction"},  # two columns
        )
        self.fight_chart.update_xaxes(title="attack card (11 and 13 alternate)", dtick=1)
        self.fight_chart.update_yaxes(title="probability", tickformat=".0%", range=[0, 1.02])
        self.mc: MonteCarlo | None = None
        for s in (*self.sliders.values(), self.attacker, self.cards):
            s.observe(lambda _c: self.update(), names="value")
        allies = w.VBox(
            [
                st.html(
                    f'<b style="background:{SIDE_COLORS["allies"]};color:#fff;padding:1px 8px;border-radius:5px;font-size:18px">Allies</b>'
                )
            ]
            + [self.sliders[k] for k in self.sliders if k.startswith("allies")]
        )
        axis = w.VBox(
            [
                st.html(
                    f'<b style="background:{SIDE_COLORS["axis"]};color:#fff;padding:1px 8px;border-radius:5px;font-size:18px">Axis</b>'
                )
            ]
            + [self.sliders[k] for k in self.sliders if k.startswith("axis")]
        )
        self.widget = st.panel(
            [
                w.HBox([allies, axis, w.VBox([self.attacker, self.cards])], layout=w.Layout(flex_flow="row wrap")),
                self.message,
                self.busy,
                w.HBox(
                    [
                        w.VBox([self.heatmap.view, self.summary], layout=w.Layout(flex="0 0 440px", margin="0 16px 0 0")),
                        w.VBox([self.fight_chart.view, self.fight_text], layout=w.Layout(flex="0 0 540px")),
                    ],
                    layout=w.Layout(flex_flow="row wrap", width="100%"),
                ),
                w.HBox([self.runs, self.seed, self.simulate_button]),
                self.mc_text,
            ],
            width="100%",  # the whole cell wide, so the two charts sit side by side
        )
        self.update()

    # -- the forces ------------------------------------------------------------------------------
    def forces(self) -> tuple[Force, Force]:
        """(Allied force, Axis force) from the sliders."""

        def side(prefix: str) -> Force:
            return Force.from_dict({k.split("_")[1]: s.value for k, s in self.sliders.items() if k.startswith(prefix) and s.value})

        return side("allies"), side("axis")

    # -- callbacks ---------------------------------------------------------------------------------
    def update(self) -> None:
        """Recompute the exact cycle and fight for the sliders' forces (the sampled points are cleared).

        A sign says the lab is working while it does (the page gets it before the sums start);
        each chart is redrawn once, in one batch.
        """
        allies, axis = self.forces()
        self.busy.value = _busy_line(
            f"Working out the odds for {escape(allies.short())} against {escape(axis.short())} … (the charts change when it is done)"
        )
        try:
            self._recompute(allies, axis)
        finally:
            self.busy.value = _busy_line("")

    def _recompute(self, allies: Force, axis: Force) -> None:
        self.mc = None
        self.mc_text.value = ""
        if not allies.total or not axis.total:
            with self.fight_chart.batch_update():
                for tr in self.fight_chart.data[len(FIGHT_COLUMNS) :]:
                    tr.visible = False
            self.message.value = f'<span style="color:{st.HIT_COLOR};font-size:17px">Give both sides at least one unit.</span>'
            return
        self.message.value = ""
        first = self.attacker.value
        att, dfn = (allies, axis) if first == "allies" else (axis, allies)
        d = odds.cycle_distribution(att, dfn, first)
        ni = max(i for i, _ in d.probs)  # only possible outcomes: no more hits than dice, nor than enemy units
        nj = max(j for _, j in d.probs)
        z = [[float(d[(i, j)]) for j in range(nj + 1)] for i in range(ni + 1)]
        text = [[percent(v, 0) if v >= 0.005 else "" for v in row] for row in z]
        with self.heatmap.batch_update():
            hm = self.heatmap.data[0]
            hm.z = z
            hm.text = text
            hm.x = list(range(nj + 1))
            hm.y = list(range(ni + 1))
            self.heatmap.layout.title.text = f"One cycle: {first.capitalize()} {att.short()} attack {dfn.short()}"
        ea, ed = float(d.marginal(0).mean()), float(d.marginal(1).mean())
        more = d.prob(lambda o: o[0] > o[1])
        dside = "axis" if first == "allies" else "allies"
        self.summary.value = (
            f'<div style="font-size:16px;max-width:470px">The attacker rolls {escape(dice_groups_words(dice_groups(att, first, True)))}; '
            f"the defender rolls {escape(dice_groups_words(dice_groups(dfn, dside, False)))}. "
            "Each die hits when it shows its number or less: a die hitting on 1 with chance 1/6, on 2 or less 2/6, on 3 or less 3/6.<br>"
            f"On average the attacker scores {ea:.2f} hits and the defender {ed:.2f}. "
            f"The attacker scores more hits than the defender with chance {escape(short_fmt(more))} "
            "(the cells above the diagonal, where the two sides score the same).<br>"
            "Both sides fire with every unit (casualties still fire back), so each cell multiplies the two sides' chances. "
            "Only possible outcomes are shown: no side scores more hits than it has dice, nor more than the enemy has units.</div>"
        )
        fight = odds.zone_fight_exact(allies, axis, self.cards.value, first=first)
        self.fight = fight
        df = fight.to_frame()
        with self.fight_chart.batch_update():  # one redraw: the curves, and the sampled points hidden
            for tr, c in zip(self.fight_chart.data, FIGHT_COLUMNS, strict=False):
                tr.x = list(df["card"])
                tr.y = list(df[c])
            for tr in self.fight_chart.data[len(FIGHT_COLUMNS) :]:
                tr.visible = False
        last = df.iloc[-1]  # the float chain: the exact chain runs only when a fraction is asked for
        self.fight_text.value = (
            f'<div style="font-size:16px;max-width:600px">After {count(self.cards.value, "attack card")}: '
            + ", ".join(f"{_LABELS[c]} {escape(percent(float(last[c])))}" for c in FIGHT_COLUMNS)
            + ".<br><b>Allies hold</b> after card N means: after N attack cards, only Allied land units are left in the zone "
            "(every Axis unit, blockhouses too, destroyed, and at least one Allied unit alive); <b>Axis holds</b> the other way round; "
            "<b>still contested</b>: both sides have units left; <b>empty</b>: both were wiped out in the same cycle, so nobody holds it.<br>"
            "Worked out exactly, card by card, from every way the dice can fall. The model assumes that nobody moves into or out of "
            "the zone, that each attack card is one combat cycle in this zone, and that each owner loses its cheapest units first "
            "(the Allies infantry, then artillery, then tanks; the Axis infantry, then artillery, then blockhouses, then tanks: "
            "the model's choice, where in the game each owner chooses). "
            "Each percentage is an exact fraction rounded: in code, <code>lab.fight.exact('allies_hold')</code> gives the fraction "
            "for the Allies holding after the last card.</div>"
        )

    def simulate(self, runs: int | None = None, seed: int | None = None) -> MonteCarlo | None:
        """Run the Monte Carlo check and draw it next to the exact curves (each point with its 95 % interval)."""
        allies, axis = self.forces()
        if not allies.total or not axis.total:
            return None
        n = int(runs if runs is not None else self.runs.value)
        sd = int(seed if seed is not None else self.seed.value)
        if self.runs.min <= n <= self.runs.max:
            self.runs.value = n  # the boxes show what was run, also when code asked for it
        self.seed.value = sd
        mc = simulate_fight(allies, axis, self.cards.value, self.attacker.value, n, sd)
        self.mc = mc
        with self.fight_chart.batch_update():
            for tr, c in zip(self.fight_chart.data[len(FIGHT_COLUMNS) :], FIGHT_COLUMNS, strict=True):
                ys = list(mc.table[c])
                ivs = [mc.interval(c, k) for k in mc.table.index]
                tr.x = [k + 0.12 for k in mc.table.index]
                tr.y = ys
                tr.error_y = {
                    "type": "data",
                    "array": [hi - y for y, (_, hi) in zip(ys, ivs, strict=True)],
                    "arrayminus": [y - lo for y, (lo, _) in zip(ys, ivs, strict=True)],
                }
                tr.visible = True
        last = self.fight.to_frame().iloc[-1]
        cell = 'style="padding:2px 12px 2px 0;text-align:left"'
        rows = "".join(
            f"<tr><td {cell}>{_LABELS[c]}</td><td {cell}>{escape(percent(float(last[c])))}</td><td {cell}>{escape(mc.share(c))}</td></tr>" for c in FIGHT_COLUMNS
        )
        self.mc_text.value = (
            f'<div style="font-size:16px">Monte Carlo after card {self.cards.value}: n = {n:,} runs, seed {sd}, 95 % Wilson intervals '
            "(a separate numpy simulation of the same rules).</div>"
            f'<table style="font-size:16px;border-collapse:collapse"><tr><th {cell}>outcome</th><th {cell}>exact</th><th {cell}>sampled</th></tr>{rows}</table>'
        )
        return mc

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
