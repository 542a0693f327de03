"""The pending roll of a position: its exact distribution (:class:`RollInfo`, :func:`roll_info`) and the bar chart that shows it (:func:`roll_figure`).

>>> from dday.rules.setup import initial_state
>>> info = roll_info(initial_state())                 # the 101st Airborne's three dice
>>> info.title
'US paratroopers over F11 Sainte-Mère-Église: 3 dice'
>>> str(info.probs[0]), info.value((1, 4, 1)), info.targets     # only 1 unit in F11 can be hit
('125/216', 2, 1)
>>> info.lost(3), info.tick(3), info.tick(1)
(2, '3<br>(2 lost)', '1')
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

from ... import odds
from ...odds.distribution import GROUPS_WORDS, TWO_DICE_WORDS, dice_groups_words
from ...rules.dice import hits_in
from ...rules.engine import chance_outcomes, hit_targets, step_dice
from ...rules.orders.combat import combat_dice
from ...rules.state import State
from ...rules.steps import (
    AARoll,
    AttackRoll,
    BombRoll,
    DefenseRoll,
    NavalRoll,
    ParaRoll,
    ReinforcementRoll,
    Roll,
    SeaRoll,
    StrafeStep,
)
from ...rules.units import LAND_TYPES, Force, attack_value, defense_value, other_side, powers_of
from ...rules.words import count, percent, plural, roll_words
from ..prompts import describe_step
from . import style as st

# ---------------------------------------------------------------------------------------------
# the distribution of the pending roll


@dataclass(frozen=True)
class RollInfo:
    """The pending roll: exact distribution of its result (hits, or the 2d6 total) and the words for it."""

    title: str
    outcome_name: str
    probs: dict[int, Fraction]
    formula: str
    meaning: str
    hit_on: tuple[int, ...]  # per die; 0 for a 2d6 roll
    is_2d6: bool
    targets: int | None = None  # units the hits can destroy, when hits beyond them are lost
    group_names: tuple[str, ...] = ()  # per dice group, the units that roll it ("infantry"), "" when unknown

    def lost(self, result: int) -> int:
        """Hits of ``result`` that destroy nothing: more hits than units that can be hit."""
        return max(0, result - self.targets) if self.targets is not None and not self.is_2d6 else 0

    def tick(self, result: int) -> str:
        """The chart's label for ``result``: "2", or "3<br>(2 lost)" when hits are lost."""
        return f"{result}<br>({self.lost(result)} lost)" if self.lost(result) else str(result)

    @property
    def cap_words(self) -> str:
        """A sentence when some results have lost hits, else ``""``.

        >>> from dday.rules.setup import initial_state
        >>> roll_info(initial_state()).cap_words
        'Only 1 unit here can be hit: the hits beyond it are lost, and the chart marks them.'
        """
        if not any(self.lost(k) for k in self.probs):
            return ""
        n = self.targets or 0
        return f"Only {count(n, 'unit')} here can be hit: the hits beyond {'it' if n == 1 else 'them'} are lost, and the chart marks them."

    def value(self, faces: Sequence[int]) -> int:
        """The result of ``faces``: the 2d6 total or the number of hits."""
        if self.is_2d6:
            return int(sum(faces))
        return sum(1 for f, h in zip(faces, self.hit_on, strict=True) if f <= h)

    def explain(self, rolled: int | None = None) -> str:
        """Plain text: the formula, what a hit does and, if given, how likely the rolled result was."""
        lines = [self.formula, self.meaning, self.cap_words]
        if rolled is not None:
            lines.append(f"You rolled {rolled} {self.outcome_name}: the chance of that is {odds.fmt(self.probs.get(rolled, Fraction(0)))}")
        return "\n".join(x for x in lines if x)


def _roll_title(s: State) -> str:
    step = s.step
    b = s.board
    if isinstance(step, StrafeStep):
        power, unit, dest, n = step.arrivals[step.index]
        return f"Strafing: a {power} {unit} bound for {b.name(dest)}, {count(n, 'die')}"
    assert isinstance(step, Roll)
    zone_id = str(getattr(step, "zone", ""))
    zone = b.name(zone_id) if zone_id else ""
    n = step.dice.count
    match step:
        case ParaRoll():
            return f"{step.power} paratroopers over {zone}: {count(n, 'die')}"
        case NavalRoll():
            return f"Naval die {step.die + 1} of 6 ({step.power}) at a blockhouse in {zone}"
        case AARoll():
            return f"Antiaircraft fire in {zone} at the {step.power} {step.aircraft}"
        case BombRoll():
            return f"{step.power} bomber strikes a German {step.unit} in {zone}"
        case SeaRoll():
            return f"Blockhouse in {zone} fires at the {step.unit} on {step.beach}"
        case AttackRoll():
            return f"{step.attacker.capitalize()} attack in {zone}: {count(n, 'die')}"
        case DefenseRoll():
            return f"{other_side(step.attacker).capitalize()} defend in {zone}: {count(n, 'die')}"
        case ReinforcementRoll():
            return f"{b.charts[step.chart].label}: two dice (2d6)"
    return describe_step(s)


def _meaning(s: State) -> str:
    step = s.step
    if isinstance(step, StrafeStep):
        return "Any die showing 1 destroys the moving unit (R-AIR-3)."
    match step:
        case ParaRoll():
            return "Each hit destroys one German unit there that is not a blockhouse; extra hits are lost (ORDER-1)."
        case NavalRoll():
            return "A hit destroys the blockhouse aimed at (ORDER-2)."
        case AARoll():
            return f"A hit removes the {step.aircraft} from play (R-AA-2)."
        case BombRoll():
            return f"A hit destroys the German {step.unit} (R-AIR-5)."
        case SeaRoll():
            return f"A hit destroys the {step.unit} waiting in the beachhead (R-BH-2)."
        case AttackRoll():
            return "Each hit is one casualty, chosen by its owner; casualties still fire back (R-COMBAT-5, R-COMBAT-6)."
        case DefenseRoll():
            return "Each hit is one casualty for the attacker, chosen by its owner (R-COMBAT-5)."
        case ReinforcementRoll():
            return "That many units leave the front of the chart, in order, if there is room (R-REINF-1)."
    return ""


def group_names(s: State) -> tuple[str, ...]:
    """The units behind each dice group of a combat roll, by the plain unit values (R-COMBAT-4):
    "infantry", "artillery", "infantry and artillery"; ``()`` for other rolls, or where a card or a
    variant changes who hits on what (then the groups are named by their numbers only).

    >>> from dday.rules.scenario import position
    >>> group_names(position(card=11, zones={"F14": {"US": "6i 2a", "Germany": "4i 3a 2b"}}))
    ('infantry', 'artillery')
    """
    step = s.step
    if not isinstance(step, (AttackRoll, DefenseRoll)) or s.options.artillery_orders:
        return ()
    attacking = isinstance(step, AttackRoll)
    side = step.attacker if attacking else other_side(step.attacker)
    if attacking:
        powers = step.powers or powers_of(side)
        force = Force()
        for p in powers:
            force = force.plus(s.units(step.zone, p))
        if combat_dice(force, side, True) != step.dice:  # a fortune or tactics card changed a hit number
            return ()
    else:
        force = s.side_units(step.zone, side)  # the casualties are gone but fired: a type may be missing
    value = attack_value if attacking else defense_value
    names = []
    for hit_on, _n in step.dice.groups:
        types = [plural(2, u) for u in LAND_TYPES if force.get(u) and value(u, side) == hit_on]
        names.append(" and ".join(types))
    return tuple(names)


def roll_info(s: State) -> RollInfo:
    """Exact distribution of the pending roll's result, from :func:`dday.rules.engine.chance_outcomes`."""
    dice = step_dice(s)
    probs: dict[int, Fraction] = {}
    for faces, p in chance_outcomes(s):
        k = int(sum(faces)) if dice.is_2d6 else sum(hits_in(dice, faces))
        probs[k] = probs.get(k, Fraction(0)) + p
    probs = dict(sorted(probs.items()))
    if dice.is_2d6:
        formula = TWO_DICE_WORDS
        hit_on: tuple[int, ...] = (0, 0)
        name = "total"
    else:
        hit_on = tuple(h for h, n in dice.groups for _ in range(n))
        name = "hits"
        if len(dice.groups) == 1 and dice.groups[0][1] == 1:
            h = dice.groups[0][0]
            formula = (
                f"One die, which hits on {roll_words(h)}: it hits with chance {h}/6 ≈ {percent(h / 6)} and misses with chance {6 - h}/6."
            )
        elif len(dice.groups) == 1:
            h, n = dice.groups[0]
            formula = f"Each die hits on {roll_words(h)}. " + odds.hit_distribution(n, h).formula.replace("\n", " ")
        else:
            formula = f"Dice grouped by hit number: {dice_groups_words(dice.groups)}. {GROUPS_WORDS}"
    return RollInfo(
        _roll_title(s), name, probs, formula, _meaning(s), hit_on, dice.is_2d6, None if dice.is_2d6 else hit_targets(s), group_names(s)
    )


# The look plotly's default template gave the chart when it was a ``go.Figure`` (title at the left,
# slate text, no axis lines or ticks), written out: the chart is plain plotly JSON, so a card lab
# never loads plotly's Python figure machinery (about 50 ms of every learner's start, issue 33).
_AXIS: Final = {
    "gridcolor": "#FFFFFF",
    "linecolor": "#FFFFFF",
    "ticks": "",
    "zerolinecolor": "#FFFFFF",
    "zerolinewidth": 2,
    "automargin": True,
}


def roll_figure(info: RollInfo, rolled: int | None = None) -> dict[str, Any]:
    """The bar chart of ``info`` as plotly JSON (``data``, ``layout``, ``config``): one bar per outcome,
    the ``rolled`` one in vermilion (the others sky blue), each labelled with its chance.

    >>> from dday.rules.setup import initial_state
    >>> fig = roll_figure(roll_info(initial_state()), rolled=1)
    >>> bars = fig["data"][0]
    >>> bars["x"], bars["text"]
    ([0, 1, 2, 3], ['57.9 %', '34.7 %', '6.9 %', '0.5 %'])
    >>> bars["marker"]["color"][1] == st.HIT_COLOR, fig["layout"]["xaxis"]["ticktext"][3]
    (True, '3<br>(2 lost)')
    >>> fig["layout"]["title"]["text"]
    'US paratroopers over F11 Sainte-Mère-Église: 3 dice<br>— result: hits = 1'
    """
    xs = list(info.probs)
    ys = [float(p) for p in info.probs.values()]
    title = info.title if rolled is None else f"{info.title} — result: {info.outcome_name} = {rolled}"  # "rolled 0" read as a die of 0
    bars = {
        "type": "bar",
        "x": xs,
        "y": ys,
        "text": [percent(y) for y in ys],
        "textposition": "outside",
        "cliponaxis": False,
        "hovertemplate": "%{x}: %{y:.1%}<extra></extra>",
        "marker": {
            "color": [st.HIT_COLOR if x == rolled else st.BAR_COLOR for x in xs],
            "line": {"color": ["#000000" if x == rolled else "#FFFFFF" for x in xs], "width": 2},
            # results with lost hits (more hits than units to hit) are hatched and labelled "(2 lost)"
            "pattern": {
                "shape": ["/" if info.lost(x) else "" for x in xs],
                "fgcolor": "#FFFFFF",
                "solidity": 0.3,
                "fillmode": "overlay",
                "size": 10,
            },
        },
    }
    layout = {
        "height": 330,
        "width": 520,
        "margin": {"l": 60, "r": 20, "t": 75, "b": 85 if any(info.lost(x) for x in xs) else 55},  # room for two-line labels
        "font": {"size": 16, "color": "#2A3F5F"},
        "title": {
            "text": "<br>".join(textwrap.wrap(title, 52, break_on_hyphens=False)),
            "font": {"size": 17},
            "x": 0.05,
        },  # not "Saint-<br>Vaast"
        "xaxis": {
            **_AXIS,
            "title": {"text": info.outcome_name, "standoff": 15},
            "tickmode": "array",
            "tickvals": xs,
            "ticktext": [info.tick(x) for x in xs],
            # fixed to the outcomes (plotly's autorange would start at -1)
            "range": [min(xs, default=0) - 0.6, max(xs, default=3) + 0.6],
        },
        "yaxis": {
            **_AXIS,
            "gridcolor": "#DDDDDD",
            "title": {"text": "probability", "standoff": 15},
            "tickformat": ".0%",
            "range": [0, max(ys) * 1.22 if ys else 1],
        },
        # one white, spelled two ways: plotly.js draws the plot area's own rectangle (".bg") only when
        # the two colours are written differently, and the dark theme's CSS paints that rectangle
        "paper_bgcolor": "white",
        "plot_bgcolor": "#FFFFFF",
        "hoverlabel": {"align": "left"},
        "showlegend": False,
        # one size for every bar's label: plotly shrinks the labels that are wider than their bar
        # one by one, so the 2d6 chart mixed 12 px and 8 px labels
        "uniformtext": {"minsize": 11, "mode": "show"},
    }
    return {"data": [bars], "layout": layout, "config": {"displaylogo": False}}


def odds_html(info: RollInfo, rolled: int | None = None) -> str:
    """The exact odds of a roll as a compact row of labelled bars (HTML, for boards with no room for a chart).

    >>> from dday.rules.setup import initial_state
    >>> html = odds_html(roll_info(initial_state()), rolled=1)
    >>> "57.9 %" in html and html.count("dday-odds-bar") == 4 and "(2 lost)" in html
    True
    """
    top = max((float(p) for p in info.probs.values()), default=1.0) or 1.0
    cells = []
    for k, p in info.probs.items():
        mine = k == rolled
        colour = st.HIT_COLOR if mine else st.BAR_COLOR
        cells.append(
            f'<div class="dday-odds-bar" style="display:inline-flex;flex-direction:column;align-items:center;margin:0 3px">'
            f'<span style="font-size:14px">{percent(p)}</span>'
            f'<span style="display:block;width:34px;height:{4 + 56 * float(p) / top:.0f}px;background:{colour};'
            f'{"outline:2px solid " + st.INK + ";" if mine else ""}"></span>'
            f'<span style="font-size:14px;{"font-weight:bold" if mine else ""}">{k}</span>'
            + (f'<span style="font-size:12px">({info.lost(k)} lost)</span>' if info.lost(k) else "")
            + "</div>"
        )
    head = f"Exact odds ({info.outcome_name})" + ("" if rolled is None else f", result: {info.outcome_name} = {rolled}")
    return f'<div style="font-size:15px">{head}:</div><div style="display:flex;align-items:flex-end;flex-wrap:wrap">{"".join(cells)}</div>'
