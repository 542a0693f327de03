"""Decision controls: the legal actions of a step as a dropdown (with a count where units move together), in plain words (:func:`action_label`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from html import escape
from typing import Any

import ipywidgets as w

from ...bots.coach import Hint, NoDecisionError, hint
from ...rules.actions import (
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
from ...rules.state import State
from ...rules.steps import AATargetStep, FireToSeaStep, NavalTargetStep
from ...rules.units import ALLIED_POWERS
from ...rules.words import count, percent, plural, units
from ..log_text import aa_gun_name
from ..prompts import describe_step
from . import style as st
from .rolls import roll_info

# ---------------------------------------------------------------------------------------------
# decision controls


def _force_text(losses: Sequence[tuple[str, str, int]]) -> str:
    return " + ".join(units(n, u, p) for p, u, n in losses) or "nothing"


def action_label(s: State, a: Action) -> str:
    """Readable text for one legal action (used in the dropdowns)."""
    b = s.board
    if isinstance(a, Done):
        return "Done"
    if isinstance(a, ChooseCasualties):
        return "lose " + _force_text(a.losses)
    if isinstance(a, SplitNavalDice):
        return f"UK {count(a.uk, 'die')}, US {count(6 - a.uk, 'die')}"
    if isinstance(a, Bombard):
        n = s.units(a.zone, "Germany").blockhouse
        arc = b.zone(a.zone).fires_at
        aims = f"{'fires' if n == 1 else 'fire'} at {' and '.join(arc) if arc else 'no beach'}"  # short: the dropdown is ~500 px wide
        return f"{b.name(a.zone)} ({count(n, 'blockhouse')}; {aims})"
    if isinstance(a, Patrol):
        art = s.units(a.zone, "Germany").artillery
        flak = f"; {count(art, 'antiaircraft gun')}" if art else ""  # German artillery fires at aircraft (R-AA-1)
        return f"{b.name(a.zone)} ({count(s.fighters_in(a.zone), 'fighter')} there{flak})"
    if isinstance(a, FireAA):
        step = s.step
        kind = getattr(step, "kind", "air unit")
        zone = getattr(step, "zone", "")
        n = s.air_in(zone).get(a.power, kind) if zone and kind in ("fighter", "bomber") else 1
        return f"the {a.power} {kind}" if n == 1 else f"one of the {n} {a.power} {plural(n, kind)}"
    if isinstance(a, BomberStrike):
        return f"{b.name(a.zone)}: the {a.target} ({s.units(a.zone, 'Germany').short()})"
    if isinstance(a, FireToSea):
        return f"the {a.target} on {a.beach}" if a.beach else f"the {a.target}"
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
        return max(1, min(s.airfield.get(a.power, "fighter"), s.options.fighter_limit - s.fighters_in(a.zone)))
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


def decision_prompt(s: State) -> str:
    """What the pending decision is about, in words, naming the zones involved.

    >>> from dday.views.tutorial import prepared_position
    >>> decision_prompt(prepared_position(9))
    'Axis: the blockhouse in F4 Saint-Vaast-la-Hougue fires at the units on Utah beach (3i 1a): pick its target (R-BH-2)'
    """
    step = s.step
    b = s.board
    if isinstance(step, FireToSeaStep):
        waiting = " and ".join(f"{beach} beach ({s.beach_units(beach).short() or 'empty'})" for beach in b.zone(step.zone).fires_at)
        return f"Axis: the blockhouse in {b.name(step.zone)} fires at the units on {waiting}: pick its target (R-BH-2)"
    if isinstance(step, AATargetStep):  # which gun, and where: the map alone does not say
        return f"Axis: {aa_gun_name(s.units(step.zone, 'Germany').artillery, step.shot)} in {b.name(step.zone)} fires at one {step.kind} there: pick which (R-AA-2)"
    if isinstance(step, NavalTargetStep):
        power = "UK" if step.die < step.uk_dice else "US"
        return f"Allies: aim naval die {step.die + 1} of 6 ({power}) at a blockhouse (R-NAVAL-1)"
    return describe_step(s)


def _best_first(s: State, actions: Sequence[Action]) -> Action | None:
    """The choice shown first: for a naval die, a blockhouse that fires at a beach with units on it."""
    for a in actions:
        if isinstance(a, Bombard) and any(s.beach_units(beach).total for beach in s.board.zone(a.zone).fires_at):
            return a
    return None


def one_width(labels: Sequence[str]) -> str:
    """A CSS width that fits the longest of ``labels`` in a dropdown (with room for its arrow), so
    that dropdowns stacked one above the other line up.

    >>> one_width(["from the airfield (UK)", "to F12 Carentan"])
    '26ch'
    """
    return f"{max((len(x) for x in labels), default=10) + 4}ch"


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
        self.prompt = st.html(f"<b>{st.words_html(decision_prompt(state))}</b>")
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
            self.group = w.Dropdown(options=[(group_labels[k], k) for k in self.groups], layout=w.Layout(width="auto", max_width="100%"))
            self.group.observe(self._on_group, names="value")
        self.choice = w.Dropdown(options=[], layout=w.Layout(width="auto", max_width="100%"))
        self.choice.observe(self._on_choice, names="value")
        counted = self.kind in (Patrol, Move, Land)
        self.count: w.BoundedIntText | None = (
            w.BoundedIntText(
                value=1, min=1, max=1, description="how many", style={"description_width": "initial"}, layout=w.Layout(width="210px")
            )  # the label at its own width: at the tutorial's 17 px font the default 80 px cut it to "how m…"
            if counted
            else None
        )
        self.go = st.button(_GO_WORDS.get(self.kind, "Choose") if self.kind else "Choose", style="primary")
        self.go.on_click(lambda _b: self.submit())
        self.go.disabled = not real
        self.done: w.Button | None = None
        if any(isinstance(a, Done) for a in self.actions):
            self.done = st.button(_DONE_WORDS.get(self.kind, "Done") if self.kind else "Done", style="warning")
            self.done.on_click(lambda _b: self.on_choose(Done()))
        self._fill_choices()
        if self.group is not None:  # one width for the two dropdowns, stacked one above the other (issue 31.7)
            width = one_width([group_labels[k] for k in self.groups] + [action_label(state, a) for a in real])
            self.group.layout.width = self.choice.layout.width = width
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
            best = _best_first(self.state, acts)
            if best is not None:
                self.choice.value = best
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


def hint_html(state: State) -> str:
    """The coach's advice for the pending decision as a short HTML note (never played for you).

    The advice comes from :func:`dday.bots.coach.hint`: the planner bot's choice (the strongest) with its reason and
    numbers. When nobody has to decide, the note says so instead.
    """
    try:
        text = hint(state).text
    except NoDecisionError as exc:
        text = str(exc)
        if state.current_player == "chance" and not state.is_over:
            text = f"{text} {next_roll_words(state)}"
    return f'<div class="dday-hint" style="border-left:4px solid var(--jp-brand-color1,#0072B2);padding:4px 8px;margin:4px 0"><b>Hint:</b> {st.words_html(text)}</div>'


def next_roll_words(state: State) -> str:
    """What the pending roll does and the exact chance of each result, in words (issue 31: a Hint
    on a roll step says what happens next), from :func:`.rolls.roll_info`.

    >>> from dday.rules.setup import initial_state
    >>> print(next_roll_words(initial_state()))  # doctest: +NORMALIZE_WHITESPACE
    US paratroopers over F11 Sainte-Mère-Église: 3 dice. Each hit destroys one German unit there that is not a blockhouse;
    extra hits are lost (ORDER-1). The chances: 0 hits 57.9 %, 1 hit 34.7 %, 2 hits 6.9 %, 3 hits 0.5 %. Press Roll.
    """
    info = roll_info(state)
    if info.is_2d6:
        chances = ", ".join(f"{k}: {percent(p)}" for k, p in info.probs.items())
        odds = f"The chance of each total: {chances}."
    else:
        odds = "The chances: " + ", ".join(f"{count(k, 'hit')} {percent(p)}" for k, p in info.probs.items()) + "."
    return " ".join(x for x in (f"{info.title}.", info.meaning, odds, "Press Roll.") if x)


def played_html(advice: Hint) -> str:
    """What **Let the bot decide** just played for the learner: the coach's advice (it names the
    action, then says why, with the numbers), as the **Hint** button would have shown it before."""
    return (
        '<div class="dday-hint dday-played" style="border-left:4px solid var(--jp-brand-color1,#0072B2);padding:4px 8px;margin:4px 0">'
        f"<b>Played for you (the coach's choice):</b> {escape(advice.text)}</div>"
    )


def bot_played_html(before: State, action: Action, bot: str) -> str:
    """What a side's own bot just played, in words read from ``before`` (that bot gives no reason)."""
    return f'<div class="dday-played"><b>The {escape(bot)} bot played:</b> {escape(action_label(before, action))}.</div>'


# ---------------------------------------------------------------------------------------------
# which powers a decision concerns (the game board splits the Allied seats by them)


def action_powers(state: State, action: Action) -> frozenset[str]:
    """The powers whose units ``action`` uses or loses (empty for Done and picks).

    >>> from dday.rules.setup import initial_state
    >>> s = initial_state()
    >>> sorted(action_powers(s, Patrol("UK", "F14"))), sorted(action_powers(s, Land("Utah", "infantry")))
    (['UK'], ['US'])
    """
    b = state.board
    if isinstance(action, (Patrol, BomberStrike, Move)):
        return frozenset({action.power})
    if isinstance(action, Land):
        return frozenset({b.beachhead(action.beach).power})
    if isinstance(action, PlaceReinforcement):
        return frozenset({b.chart(action.chart).power})
    if isinstance(action, ChooseCasualties):
        return frozenset(p for p, _, _ in action.losses)
    if isinstance(action, SplitNavalDice):
        return frozenset(ALLIED_POWERS)
    if isinstance(action, Bombard) and isinstance(state.step, NavalTargetStep):
        if not state.options.three_player:
            return frozenset(ALLIED_POWERS)
        return frozenset({"UK" if state.step.die < state.step.uk_dice else "US"})
    if state.current_player == "axis" and not isinstance(action, Done):
        return frozenset({"Germany"})
    return frozenset()
