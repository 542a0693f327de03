"""Play order cards with widgets: decisions from dropdowns, dice from a Roll button.

:class:`PlayLab` is the engine behind :func:`dday.tutorial.card_lab` (one order card) and
:func:`dday.tutorial.turn_stepper` (a whole turn, bots optional). Everything a button does is
a plain method (:meth:`PlayLab.choose`, :meth:`PlayLab.roll`, :meth:`PlayLab.step_back`, ...),
so tests drive the widgets without a kernel or a browser.

>>> from dday.state import initial_state
>>> info = roll_info(initial_state())                 # the 101st Airborne's three dice
>>> info.title
'US paratroopers over F11 Sainte-Mère-Église: 3 dice'
>>> str(info.probs[0]), info.value((1, 4, 1))
('125/216', 2)
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as w
import numpy as np
import plotly.graph_objects as go

from .. import odds
from ..actions import (
    Action,
    Bombard,
    BomberStrike,
    ChooseCasualties,
    Done,
    FireAA,
    FireToSea,
    Land,
    Move,
    Patrol,
    PlaceReinforcement,
    SplitNavalDice,
)
from ..cards import ORDER_CARDS
from ..dice import Faces, hits_in
from ..engine import apply, chance_outcomes, describe_step, legal_actions, sample_roll, step_dice
from ..errors import DDayError
from ..maps import LeafletView
from ..players import GreedyBot, Player, make_player
from ..state import Roll, State, StrafeStep
from ..units import other_side
from . import style as st

__all__ = ["DecisionControl", "PlayLab", "RollInfo", "action_label", "figure_widget", "roll_info"]

PlayerSpec = str | Player | None
"""Who decides for a side: "person" (or None) for the learner, "greedy"/"random" or a Player."""


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

    def value(self, faces: Sequence[int]) -> int:
        """The result of ``faces``: the 2d6 total or the number of hits."""
        if self.is_2d6:
            return int(sum(faces))
        return sum(1 for f, h in zip(faces, self.hit_on, strict=True) if f <= h)

    def explain(self, rolled: int | None = None) -> str:
        """Plain text: the formula, what a hit does and, if given, how likely the rolled result was."""
        lines = [self.formula, self.meaning]
        if rolled is not None:
            lines.append(f"You rolled {rolled} {self.outcome_name}: P = {odds.fmt(self.probs.get(rolled, Fraction(0)))}")
        return "\n".join(x for x in lines if x)


def _roll_title(s: State) -> str:
    step = s.step
    b = s.board
    if isinstance(step, StrafeStep):
        power, unit, dest, n = step.arrivals[step.index]
        return f"Strafing: a {power} {unit} bound for {b.name(dest)}, {n} dice"
    assert isinstance(step, Roll)
    zone = b.name(step.zone) if step.zone else ""
    n = step.dice.count
    if step.kind == "para":
        return f"{step.power} paratroopers over {zone}: {n} dice"
    if step.kind == "naval":
        return f"Naval die {step.index + 1} of 6 ({step.power}) at a blockhouse in {zone}"
    if step.kind == "aa":
        return f"AA fire in {zone} at the {step.power} {step.target}"
    if step.kind == "bomb":
        return f"{step.power} bomber strikes a German {step.target} in {zone}"
    if step.kind == "sea":
        return f"Blockhouse in {zone} fires at the {step.target} on {step.power}"
    if step.kind == "attack":
        return f"{step.power.capitalize()} attack in {zone}: {n} dice"
    if step.kind == "defense":
        return f"{other_side(step.power).capitalize()} defend in {zone}: {n} dice"
    if step.kind == "reinf":
        return f"{b.charts[step.index].label}: two dice (2d6)"
    return describe_step(s)


def _meaning(s: State) -> str:
    step = s.step
    if isinstance(step, StrafeStep):
        return "Any die showing 1 destroys the moving unit (R-AIR-3)."
    assert isinstance(step, Roll)
    return {
        "para": "Each hit destroys one German unit there that is not a blockhouse; extra hits are lost (ORDER-1).",
        "naval": "A hit destroys the blockhouse aimed at (ORDER-2).",
        "aa": f"A hit removes the {step.target} from play (R-AA-2).",
        "bomb": f"A hit destroys the German {step.target} (R-AIR-5).",
        "sea": f"A hit destroys the {step.target} waiting in the beachhead (R-BH-2).",
        "attack": "Each hit is one casualty, chosen by its owner; casualties still fire back (R-COMBAT-5, R-COMBAT-6).",
        "defense": "Each hit is one casualty for the attacker, chosen by its owner (R-COMBAT-5).",
        "reinf": "That many units leave the front of the chart, in order, if there is room (R-REINF-1).",
    }.get(step.kind, "")


def roll_info(s: State) -> RollInfo:
    """Exact distribution of the pending roll's result, from :func:`dday.engine.chance_outcomes`."""
    dice = step_dice(s)
    probs: dict[int, Fraction] = {}
    for faces, p in chance_outcomes(s):
        k = int(sum(faces)) if dice.is_2d6 else sum(hits_in(dice, faces))
        probs[k] = probs.get(k, Fraction(0)) + p
    probs = dict(sorted(probs.items()))
    if dice.is_2d6:
        formula = "Two dice, total N from 2 to 12: P(N) = (6 − |N − 7|)/36, so 7 is the most likely (6/36)."
        hit_on: tuple[int, ...] = (0, 0)
        name = "total"
    else:
        hit_on = tuple(h for h, n in dice.groups for _ in range(n))
        name = "hits"
        if len(dice.groups) == 1 and dice.groups[0][1] == 1:
            h = dice.groups[0][0]
            formula = f"One die, hits on {h} or less: P(hit) = {h}/6 ≈ {h / 6:.1%}, P(miss) = {6 - h}/6."
        elif len(dice.groups) == 1:
            h, n = dice.groups[0]
            formula = f"Each die hits on {h} or less: " + odds.hit_distribution(n, h).formula.replace("\n", "; ")
        else:
            groups = ", ".join(f"{n} hitting on {h}" for h, n in dice.groups)
            formula = (
                f"Dice grouped by hit number ({groups}): each group is binomial, C(n,k)(N/6)^k(1−N/6)^(n−k); "
                "the total is their convolution."
            )
    return RollInfo(_roll_title(s), name, probs, formula, _meaning(s), hit_on, dice.is_2d6)


def figure_widget() -> go.Figure:
    """An empty bar chart (a FigureWidget), updated in place by :func:`show_distribution`."""
    fig = st.live_figure(
        data=[
            go.Bar(
                x=[],
                y=[],
                marker_color=[],
                text=[],
                textposition="outside",
                cliponaxis=False,
                hovertemplate="%{x}: %{y:.1%}<extra></extra>",
            )
        ]
    )
    fig.update_layout(
        height=330,
        width=520,
        margin={"l": 60, "r": 20, "t": 75, "b": 55},
        font={"size": 16},
        title={"text": "Exact odds of the next roll", "font": {"size": 17}},
        yaxis={"tickformat": ".0%", "title": "probability", "rangemode": "tozero"},
        xaxis={"title": "hits", "dtick": 1},
        plot_bgcolor="#FFFFFF",
        showlegend=False,
    )
    fig.update_yaxes(gridcolor="#DDDDDD")
    return fig


def show_distribution(fig: go.Figure, info: RollInfo, rolled: int | None = None) -> None:
    """Draw ``info`` as bars, the ``rolled`` outcome in vermilion (others sky blue), in place."""
    xs = list(info.probs)
    ys = [float(p) for p in info.probs.values()]
    colors = [st.HIT_COLOR if x == rolled else st.BAR_COLOR for x in xs]
    with fig.batch_update():
        bar = fig.data[0]
        bar.x = xs
        bar.y = ys
        bar.marker.color = colors
        bar.marker.line = {"color": ["#000000" if x == rolled else "#FFFFFF" for x in xs], "width": 2}
        bar.text = [f"{y:.1%}" for y in ys]
        title = info.title if rolled is None else f"{info.title} — rolled {rolled}"
        fig.layout.title.text = "<br>".join(textwrap.wrap(title, 52))
        fig.layout.xaxis.title.text = info.outcome_name
        fig.layout.yaxis.range = [0, max(ys) * 1.22 if ys else 1]


# ---------------------------------------------------------------------------------------------
# decision controls


def _force_text(losses: Sequence[tuple[str, str, int]]) -> str:
    return " + ".join(f"{n} {p} {u}" for p, u, n in losses) or "nothing"


def action_label(s: State, a: Action) -> str:
    """Readable text for one legal action (used in the dropdowns)."""
    b = s.board
    if isinstance(a, Done):
        return "Done"
    if isinstance(a, ChooseCasualties):
        return "lose " + _force_text(a.losses)
    if isinstance(a, SplitNavalDice):
        return f"UK {a.uk} dice, US {6 - a.uk} dice"
    if isinstance(a, Bombard):
        return f"{b.name(a.zone)} ({s.units(a.zone, 'Germany').blockhouse} blockhouse(s))"
    if isinstance(a, Patrol):
        art = s.units(a.zone, "Germany").artillery
        flak = f" — AA: {art} German artillery" if art else ""
        return f"{b.name(a.zone)} ({s.fighters_in(a.zone)} fighter(s) there){flak}"
    if isinstance(a, FireAA):
        step = s.step
        kind = getattr(step, "kind", "air unit")
        return f"the {a.power} {kind}"
    if isinstance(a, BomberStrike):
        return f"{b.name(a.zone)}: the {a.target} ({s.units(a.zone, 'Germany').short()})"
    if isinstance(a, FireToSea):
        return f"the {a.target}"
    if isinstance(a, Move):
        return f"{a.power} {a.unit} → {' → '.join(b.name(z) for z in a.path[1:])}"
    if isinstance(a, Land):
        return f"{a.unit} (into {b.beachhead(a.beach).lands_into})"
    if isinstance(a, PlaceReinforcement):
        return a.destination if not b.has_zone(a.destination) else f"{b.name(a.destination)}"
    return str(a)


def _group_of(s: State, a: Action) -> tuple[str, str] | None:
    """(key, label) of the first dropdown for actions that are grouped, else None."""
    b = s.board
    if isinstance(a, Patrol):
        return a.power, f"{a.power} fighters ({s.airfield.get(a.power, 'fighter')} on the airfield)"
    if isinstance(a, BomberStrike):
        return a.power, f"{a.power} bomber"
    if isinstance(a, Move):
        here = s.units(a.path[0], a.power).short()
        return f"{a.path[0]} {a.power}", f"from {b.name(a.path[0])}: {a.power} {here}"
    if isinstance(a, Land):
        return a.beach, f"{a.beach} beachhead ({s.beach_units(a.beach).short()})"
    if isinstance(a, PlaceReinforcement):
        c = b.chart(a.chart)
        return a.chart, c.label
    return None


def _max_count(s: State, a: Action) -> int:
    """How many units one declaration may carry (1 if the action has no count)."""
    if isinstance(a, Patrol):
        return max(1, min(s.airfield.get(a.power, "fighter"), s.rules.fighter_limit - s.fighters_in(a.zone)))
    if isinstance(a, Move):
        return max(1, s.units(a.path[0], a.power).get(a.unit))
    if isinstance(a, Land):
        return max(1, s.beach_units(a.beach).get(a.unit))
    return 1


_GO_WORDS: dict[type, str] = {
    ChooseCasualties: "Remove these casualties",
    SplitNavalDice: "Split the dice",
    Bombard: "Aim this die",
    Patrol: "Send",
    FireAA: "Fire",
    BomberStrike: "Send bomber",
    FireToSea: "Fire",
    Move: "Declare move",
    Land: "Land",
    PlaceReinforcement: "Place",
}
_DONE_WORDS: dict[type, str] = {
    Patrol: "Done patrolling",
    BomberStrike: "No more bombers",
    Move: "Done moving",
    Land: "Done landing",
}


class DecisionControl:
    """Widgets for one decision, built from ``legal_actions``: an optional group dropdown, the
    choice dropdown, an optional count, the action button ``go`` and a ``done`` button.

    ``on_choose(action)`` is called with the chosen action.
    """

    def __init__(self, state: State, actions: Sequence[Action], on_choose: Callable[[Action], None]) -> None:
        self.state = state
        self.actions = list(actions)
        self.on_choose = on_choose
        real = [a for a in self.actions if not isinstance(a, Done)]
        self.kind: type | None = type(real[0]) if real else None
        self.prompt = st.html(f"<b>{escape(describe_step(state))}</b>")
        self.groups: dict[str, list[Action]] = {}
        group_labels: dict[str, str] = {}
        for a in real:
            g = _group_of(state, a)
            key, label = g if g else ("", "")
            self.groups.setdefault(key, []).append(a)
            group_labels.setdefault(key, label)
        grouped = len(self.groups) > 1 or (self.kind in (Patrol, Move, Land, PlaceReinforcement, BomberStrike) and bool(real))
        self.group: w.Dropdown | None = None
        if grouped and real:
            self.group = w.Dropdown(options=[(group_labels[k], k) for k in self.groups], layout=w.Layout(width="auto", max_width="640px"))
            self.group.observe(self._on_group, names="value")
        self.choice = w.Dropdown(options=[], layout=w.Layout(width="auto", max_width="640px"))
        self.choice.observe(self._on_choice, names="value")
        counted = self.kind in (Patrol, Move, Land)
        self.count: w.BoundedIntText | None = (
            w.BoundedIntText(value=1, min=1, max=1, description="how many", layout=w.Layout(width="170px")) if counted else None
        )
        self.go = st.button(_GO_WORDS.get(self.kind, "Choose") if self.kind else "Choose", style="primary")
        self.go.on_click(lambda _b: self.submit())
        self.go.disabled = not real
        self.done: w.Button | None = None
        if any(isinstance(a, Done) for a in self.actions):
            self.done = st.button(_DONE_WORDS.get(self.kind, "Done") if self.kind else "Done", style="warning")
            self.done.on_click(lambda _b: self.on_choose(Done()))
        self._fill_choices()
        row = [x for x in (self.choice, self.count, self.go, self.done) if x is not None]
        if not real:
            row = [x for x in (self.done,) if x is not None]
        self.widget = w.VBox([self.prompt, *([self.group] if self.group else []), w.HBox(row, layout=w.Layout(flex_flow="row wrap"))])

    # -- callbacks ---------------------------------------------------------------------------
    def _current_group(self) -> list[Action]:
        if self.group is not None:
            return self.groups.get(self.group.value, [])
        return [a for a in self.actions if not isinstance(a, Done)]

    def _fill_choices(self) -> None:
        acts = self._current_group()
        self.choice.options = [(action_label(self.state, a), a) for a in acts]
        if acts:
            self.choice.index = 0
        if isinstance(self.kind, type) and self.kind is SplitNavalDice and SplitNavalDice(3) in acts:
            self.choice.value = SplitNavalDice(3)
        self._on_choice()

    def _on_group(self, _change: Any = None) -> None:
        self._fill_choices()

    def _on_choice(self, _change: Any = None) -> None:
        if self.count is not None and self.choice.value is not None:
            top = _max_count(self.state, self.choice.value)
            self.count.value = min(self.count.value, top)
            self.count.max = top

    def selected(self) -> Action | None:
        """The action the controls describe now (with the count applied)."""
        a = self.choice.value
        if a is None:
            return None
        if self.count is not None and isinstance(a, (Patrol, Move, Land)) and self.count.value > 1:
            return replace(a, count=int(self.count.value))
        return a  # type: ignore[no-any-return]

    def submit(self) -> None:
        """Press the action button: hand the selected action to ``on_choose``."""
        a = self.selected()
        if a is not None:
            self.on_choose(a)


# ---------------------------------------------------------------------------------------------
# the lab


def _player(spec: PlayerSpec) -> Player | None:
    if spec is None or spec == "person":
        return None
    if isinstance(spec, str):
        return make_player(spec)
    return spec


class PlayLab:
    """Play from ``state`` with widgets. ``players`` maps 'allies'/'axis' to a :data:`PlayerSpec`.

    ``stop`` says when the lab has reached its goal: ``"card"`` (this order card is resolved)
    or ``"turn"`` (this turn is over). History is a list of immutable states, so stepping
    back is popping the list.
    """

    def __init__(
        self,
        state: State,
        *,
        seed: int = 0,
        players: Mapping[str, PlayerSpec] | None = None,
        stop: str = "card",
        map_height: str = "560px",
    ) -> None:
        self.start = state
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        self.bot_rng = np.random.default_rng(seed + 1)
        self.players: dict[str, Player | None] = {side: _player((players or {}).get(side)) for side in ("allies", "axis")}
        self.helper = GreedyBot()
        self.stop = stop
        self.history: list[State] = [state]
        self.goal: list[tuple[int, int, int]] = [(0, state.turn, state.card)]  # (history index, turn, card)
        self.last_roll: tuple[RollInfo, Faces] | None = None
        self.decision: DecisionControl | None = None
        self._quiet = False  # set while bots play many steps: refresh once at the end

        self.header = st.html()
        self.status = st.html()
        self.message = st.html()
        self.decision_box = w.VBox([])
        self.roll_button = st.button("Roll", style="danger", tooltip="Roll the dice of this step")
        self.bot_button = st.button("Let the bot decide", tooltip="GreedyBot makes this one decision")
        self.back_button = st.button("Step back", tooltip="Undo the last decision or roll")
        self.reset_button = st.button("Reset", tooltip="Start again from the first position, re-seeding the dice")
        self.next_button = st.button("Next card ▶", style="success")
        self.seed_box = w.IntText(value=seed, description="seed", layout=w.Layout(width="150px"))
        self.roll_button.on_click(lambda _b: self._safely(self.roll))
        self.bot_button.on_click(lambda _b: self._safely(self.bot_decide))
        self.back_button.on_click(lambda _b: self._safely(self.step_back))
        self.reset_button.on_click(lambda _b: self._safely(self.reset))
        self.next_button.on_click(lambda _b: self._safely(self.next_card))
        self.dice = st.html(min_height="80px")
        self.chart = figure_widget()
        self.explanation = st.html(max_width="560px")
        self.log = st.html()
        self.map_view = LeafletView(state, height=map_height)
        self.extra_buttons: list[w.Widget] = []
        self.controls = w.HBox(
            [self.roll_button, self.bot_button, self.back_button, self.reset_button, self.seed_box, self.next_button],
            layout=w.Layout(flex_flow="row wrap"),
        )
        left = w.VBox([self.status, self.decision_box, self.controls, self.message, self.dice, self.log], layout=w.Layout(flex="1 1 460px"))
        right = w.VBox([st.figure_view(self.chart), self.explanation], layout=w.Layout(flex="0 0 540px"))
        self.widget = st.panel(
            [self.header, w.HBox([left, right], layout=w.Layout(flex_flow="row wrap")), self.map_view.widget], width="100%"
        )
        self.refresh()

    # -- state --------------------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The position now."""
        return self.history[-1]

    @property
    def card(self) -> int:
        """The order card this lab is about (changes with :meth:`next_card`)."""
        return self.goal[-1][2]

    @property
    def finished(self) -> bool:
        """Whether the goal (this card, or this turn) is reached."""
        s = self.state
        _, turn, card = self.goal[-1]
        if s.is_over:
            return True
        if self.stop == "turn":
            return s.turn != turn
        return (s.turn, s.card) != (turn, card)

    def log_lines(self) -> list[str]:
        """Every log line since the first position (``state.events`` of each step)."""
        first = list(self.history[0].events)
        card = self.goal[0][2]
        starts = [i for i, e in enumerate(first) if f", order {card}: " in e]
        if starts:  # drop what the previous card logged in the same transition
            first = first[starts[0] :]
        return first + [line for s in self.history[1:] for line in s.events]

    # -- actions (the buttons call these) ------------------------------------------------------
    def _push(self, new: State) -> None:
        self.history.append(new)

    def choose(self, action: Action) -> State:
        """Make a decision (raises :class:`~dday.errors.IllegalActionError` if it is illegal)."""
        if self.state.current_player not in ("allies", "axis"):
            raise DDayError(f"no decision is pending: {describe_step(self.state)}")
        self._push(apply(self.state, action))
        self.message.value = ""
        self.refresh()
        return self.state

    def roll(self, faces: Sequence[int] | None = None) -> Faces:
        """Roll the pending dice (``faces`` to script them) and show dice, odds and the map."""
        s = self.state
        if s.current_player != "chance":
            raise DDayError(f"nothing to roll now: {describe_step(s)}")
        info = roll_info(s)
        rolled: Faces = tuple(int(f) for f in faces) if faces is not None else sample_roll(s, self.rng)
        self._push(apply(s, rolled))
        self.last_roll = (info, rolled)
        self.message.value = ""
        self.refresh()
        return rolled

    def bot_decide(self) -> Action:
        """Let :class:`~dday.players.GreedyBot` (or the side's own bot) make the pending decision."""
        s = self.state
        acts = legal_actions(s)
        if not acts:
            raise DDayError(f"no decision is pending: {describe_step(s)}")
        bot = self.players.get(s.current_player) or self.helper
        a = bot.choose(s, acts, self.bot_rng)
        self.choose(a)
        return a

    def step_back(self) -> None:
        """Undo the last step (the dice generator is not rewound: a re-roll gives new dice)."""
        if len(self.history) > 1:
            self.history.pop()
            while len(self.goal) > 1 and self.goal[-1][0] >= len(self.history):
                self.goal.pop()
            self.last_roll = None
            self.refresh()

    def reset(self) -> None:
        """Back to the first position; the dice are re-seeded from the seed box."""
        self.seed = int(self.seed_box.value)
        self.rng = np.random.default_rng(self.seed)
        self.bot_rng = np.random.default_rng(self.seed + 1)
        self.history = [self.start]
        self.goal = self.goal[:1]
        self.last_roll = None
        self.message.value = ""
        self.refresh()

    def next_card(self) -> None:
        """Carry on with the next order card of the same game."""
        if not self.finished or self.state.is_over:
            raise DDayError("finish this card first")
        self.goal.append((len(self.history) - 1, self.state.turn, self.state.card))
        self.refresh()

    def step(self) -> bool:
        """One step by whoever is due: roll, or a bot's decision. False if a person must decide."""
        s = self.state
        if s.is_over:
            return False
        if s.current_player == "chance":
            self.roll()
            return True
        bot = self.players.get(s.current_player)
        if bot is None:
            return False
        self.choose(bot.choose(s, legal_actions(s), self.bot_rng))
        return True

    def _safely(self, fn: Callable[[], Any]) -> None:
        try:
            fn()
        except DDayError as exc:  # illegal choices are explained, not raised into the notebook
            self.message.value = f'<span style="color:{st.HIT_COLOR};font-weight:bold">✘ {escape(str(exc))}</span>'

    # -- display -----------------------------------------------------------------------------
    def _header_html(self) -> str:
        c = ORDER_CARDS[self.card]
        side = c.active
        resp = f" · response: {escape(c.response)}" if c.response else ""
        return (
            f'<div style="border-left:8px solid {st.SIDE_COLORS[side]};padding:4px 10px">'
            f'<div style="font:bold 24px sans-serif">Order {c.number} — {escape(c.name)}</div>'
            f'<div style="font-size:17px">{escape(c.summary)}</div>'
            f'<div style="font-size:15px;color:#444">Active: {side.capitalize()}{resp} · rules {", ".join(c.rules)}</div></div>'
        )

    def _status_html(self) -> str:
        s = self.state
        if self.finished:
            if s.is_over:
                return f'<div style="font:bold 20px sans-serif;color:{st.OK_COLOR}">✔ Game over: {escape(str(s.winner))} win.</div>'
            what = f"Order card {self.card} is finished" if self.stop == "card" else f"Turn {self.goal[-1][1]} is finished"
            return f'<div style="font:bold 20px sans-serif;color:{st.OK_COLOR}">✔ {what}. Next: order {s.card} ({escape(ORDER_CARDS[s.card].name)}).</div>'
        who = s.current_player
        if who == "chance":
            return f'<div style="font-size:18px">⚄ <b>{escape(roll_info(s).title)}</b> — press <b>Roll</b>.</div>'
        player = self.players.get(who)
        by = f" ({player.name} bot)" if player is not None else ""
        return f'<div style="font-size:18px">{who.capitalize()}{escape(by)} to decide.</div>'

    def refresh(self) -> None:
        """Bring every widget in line with the current state (map updated in place)."""
        if self._quiet:
            return
        s = self.state
        done = self.finished
        self.header.value = self._header_html()
        self.status.value = self._status_html()
        chance = s.current_player == "chance" and not done
        self.roll_button.disabled = not chance
        deciding = s.current_player in ("allies", "axis") and not done
        self.bot_button.disabled = not deciding
        self.back_button.disabled = len(self.history) <= 1
        self.next_button.layout.display = "" if done and not s.is_over and self.stop == "card" else "none"
        if deciding and self.players.get(s.current_player) is None:
            self.decision = DecisionControl(s, legal_actions(s), lambda a: self._safely(lambda: self.choose(a)))
            self.decision_box.children = [self.decision.widget]
        else:
            self.decision = None
            self.decision_box.children = []
        if self.last_roll is not None:
            info, faces = self.last_roll
            self.dice.value = f'<div style="font-size:16px;color:#333">{escape(info.title)}</div>' + st.dice_html(
                faces, info.hit_on, total=info.value(faces) if info.is_2d6 else None
            )
            show_distribution(self.chart, info, info.value(faces))
            self.explanation.value = _explain_html(info, info.value(faces))
        else:
            self.dice.value = ""
        if chance and self.last_roll is None:  # the odds before the first roll; afterwards the last roll stays shown
            info = roll_info(s)
            show_distribution(self.chart, info)
            self.explanation.value = _explain_html(info, None)
        lines = self.log_lines()[-14:]
        self.log.value = '<div class="dday-log">' + "<br>".join(escape(x) for x in lines) + "</div>"
        self.map_view.update(s)

    # -- display in notebooks -------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


def _explain_html(info: RollInfo, rolled: int | None) -> str:
    parts = [
        f'<div style="font-size:16px">{escape(info.formula)}</div>',
        f'<div style="font-size:16px;color:#333">{escape(info.meaning)}</div>',
    ]
    if rolled is not None:
        p = info.probs.get(rolled, Fraction(0))
        parts.append(
            f'<div style="font-size:17px"><b style="color:{st.HIT_COLOR}">Rolled: {rolled} {info.outcome_name}</b> — '
            f"exact chance of that: {escape(odds.fmt(p))}</div>"
        )
    return "".join(parts)
