"""Play order cards with widgets: decisions from dropdowns, dice from a Roll button.

:class:`PlayLab` is the engine behind :func:`dday.tutorial.card_lab` (one order card) and
:func:`dday.tutorial.turn_stepper` (a whole turn, bots optional). Everything a button does is
a plain method (:meth:`PlayLab.choose`, :meth:`PlayLab.roll`, :meth:`PlayLab.step_back`, ...),
so tests drive the widgets without a kernel or a browser. The roll's distribution is in
:mod:`.rolls`, the decision controls in :mod:`.decisions`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as w
import numpy as np

from ... import odds
from ...bots import STRONGEST_WORDS, make_player
from ...bots.base import Player
from ...bots.coach import hint
from ...errors import DDayError
from ...rules.actions import Action
from ...rules.cards import ORDER_CARDS
from ...rules.dice import Faces
from ...rules.engine import apply, legal_actions, sample_roll
from ...rules.state import State
from ...rules.steps import AttackRoll, ChooseCasualtiesStep, DefenseRoll, FireToSeaStep, SeaRoll
from ...rules.words import count, exact_text, percent, side_name
from ..aria import Announcer, news, spoken
from ..log_text import log_lines
from ..maps.geodata import SIDE_COLORS
from ..maps.leaflet_view import LeafletView
from ..prompts import describe_step
from . import style as st
from .decisions import DecisionControl, bot_played_html, decision_prompt, hint_html, played_html
from .figures import drawn, figure_output
from .rolls import RollInfo, roll_figure, roll_info

__all__ = ["PlayLab", "PlayerSpec"]

PlayerSpec = str | Player | None
"""Who decides for a side: "person" (or None) for the learner, a bot's name ("random", "greedy", "strong",
"planner": :data:`dday.bots.BOTS`) or a Player."""


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
        goal: tuple[int, int] | None = None,
    ) -> None:
        self.start = state
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        self.bot_rng = np.random.default_rng(seed + 1)
        self.players: dict[str, Player | None] = {side: _player((players or {}).get(side)) for side in ("allies", "axis")}
        self.stop = stop
        self.history: list[State] = [state]
        # (history index, turn, card); ``goal`` (turn, card) when the lab is about another card than the state's
        self.goal: list[tuple[int, int, int]] = [(0, *(goal or (state.turn, state.card)))]
        self.last_roll: tuple[RollInfo, Faces, int, int] | None = None  # (info, faces, turn, card of the roll)
        self.decision: DecisionControl | None = None
        self._quiet = False  # set while bots play many steps: refresh once at the end

        self.header = st.html()
        self.status = st.html()
        self.message = st.html()
        self.decision_box = w.VBox([])
        self.roll_button = st.button("Roll", style="danger", tooltip="Roll the dice of this step")
        self.bot_button = st.button("Let the bot decide", tooltip=f"The coach ({STRONGEST_WORDS}) makes this one decision and says why")
        self.hint_button = st.button("Hint", icon="lightbulb", tooltip=f"What {STRONGEST_WORDS}, would do now, and why (nothing is played)")
        self.back_button = st.button("Step back", tooltip="Undo the last decision or roll")
        self.reset_button = st.button("Reset", tooltip="Start again from the first position, re-seeding the dice")
        self.next_button = st.button("Next card ▶", style="success")
        self.seed_box = w.IntText(value=seed, description="seed", layout=w.Layout(width="150px"))
        self.roll_button.on_click(lambda _b: self._safely(self.roll))
        self.bot_button.on_click(lambda _b: self._safely(self.bot_decide))
        self.hint_button.on_click(lambda _b: self._safely(self.show_hint))
        self.back_button.on_click(lambda _b: self._safely(self.step_back))
        self.reset_button.on_click(lambda _b: self._safely(self.reset))
        self.next_button.on_click(lambda _b: self._safely(self.next_card))
        self.dice = st.html(min_height="80px")
        self.chart_view = w.Output()  # the exact odds of the roll, as a bar chart (:func:`.rolls.roll_figure`)
        self.no_dice = st.html()
        self.explanation = st.html(max_width="560px")
        self.log = st.html()
        self.map_view = LeafletView(state, height=map_height)
        self.map_note = st.html()
        self.voice = Announcer()  # says what each button did, for a screen reader
        self._heard = 0  # log lines already said
        self.extra_buttons: list[w.Widget] = []
        self.controls = w.HBox(
            [self.roll_button, self.bot_button, self.hint_button, self.back_button, self.reset_button, self.seed_box, self.next_button],
            layout=w.Layout(flex_flow="row wrap"),
        )
        left = w.VBox(
            [self.status, self.decision_box, self.controls, self.message, self.dice, self.log, self.voice], layout=w.Layout(flex="1 1 460px")
        )
        right = w.VBox([self.no_dice, self.chart_view, self.explanation], layout=w.Layout(flex="0 0 540px"))
        self.widget = st.panel(
            [self.header, w.HBox([left, right], layout=w.Layout(flex_flow="row wrap")), self.map_note, self.map_view.widget], width="100%"
        )
        self.refresh()
        self._heard = len(self.log_lines())  # on the page from the start: not said again

    # -- state --------------------------------------------------------------------------------
    @property
    def chart(self) -> dict[str, Any]:
        """The odds chart the lab shows now, as plotly JSON (``{}`` before any)."""
        return drawn(self.chart_view)

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
        first = log_lines(self.history[0])
        card = self.goal[0][2]
        starts = [i for i, e in enumerate(first) if f", order {card}: " in e]
        if starts:  # drop what the previous card logged in the same transition
            first = first[starts[0] :]
        return first + [line for s in self.history[1:] for line in log_lines(s)]

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
        self.last_roll = (info, rolled, s.turn, s.card)
        self.message.value = ""
        self.refresh()
        return rolled

    def bot_decide(self) -> Action:
        """Make the pending decision for the learner: the coach's choice (what **Hint** advises, the
        planner bot's, the strongest, :func:`dday.bots.coach.hint`), then show what was played and the coach's reason
        with its numbers. On a side a bot plays, that bot decides (and the note names it)."""
        s = self.state
        if s.is_over or s.current_player not in ("allies", "axis"):
            raise DDayError(f"no decision is pending: {describe_step(s)}")
        bot = self.players.get(s.current_player)
        if bot is not None:
            a = bot.choose(s, legal_actions(s), self.bot_rng)
            self.choose(a)
            self.message.value = bot_played_html(s, a, bot.name)
            return a
        advice = hint(s)
        self.choose(advice.action)
        self.message.value = played_html(advice)
        return advice.action

    def show_hint(self) -> str:
        """Show the coach's advice for the pending decision in the message area (nothing is played)."""
        self.message.value = hint_html(self.state)
        return str(self.message.value)

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
        roll_before = self.last_roll
        try:
            fn()
        except DDayError as exc:  # illegal choices are explained, not raised into the notebook
            self.message.value = f'<span style="color:{st.HIT_COLOR};font-weight:bold">✘ {escape(str(exc))}</span>'
            self.voice.say(spoken(self.message.value))  # "Not done: ..."
            return
        self.voice.say(self.what_happened(rolled=self.last_roll is not roll_before))

    def what_happened(self, *, rolled: bool = False) -> str:
        """What a button just did, in the words a screen reader says (:class:`~dday.views.aria.Announcer`):
        the roll's result and its chance (``rolled``), the new lines of the log, the message and what is due next.

        >>> from dday.views.tutorial import card_lab
        >>> lab = card_lab(1)
        >>> _ = lab.what_happened()             # the card's first lines, heard once
        >>> _ = lab.roll(faces=(1, 4, 4))
        >>> print(lab.what_happened(rolled=True))
        Rolled 1, 4, 4: hits = 1, a result with chance 34.7 %. US 101st Airborne attacks F11 Sainte-Mère-Église: dice 1,4,4: 1 hit (hits on 1; blockhouses exempt). Axis removes 1 German infantry in F11 Sainte-Mère-Église. US paratroopers over F10 Saint-Sauveur-le-Vicomte: 3 dice — press Roll.
        """
        first = ""
        if rolled and self.last_roll is not None:
            info, faces = self.last_roll[0], self.last_roll[1]
            value = info.value(faces)
            chance = percent(float(info.probs.get(value, 0)))
            first = f"Rolled {', '.join(map(str, faces))}: {info.outcome_name} = {value}, a result with chance {chance}."
        lines = self.log_lines()
        said = news(lines, self._heard, first=first, then=[self.message.value, self.status.value])
        self._heard = len(lines)
        return said

    # -- display -----------------------------------------------------------------------------
    def shown_card(self) -> int:
        """The order card the header names: the card being played (the lab's own card once it is finished)."""
        s = self.state
        if self.stop == "turn" and not s.is_over and not self.finished:
            return s.card
        return self.card

    def _header_html(self) -> str:
        c = ORDER_CARDS[self.shown_card()]
        side = c.active
        resp = f" · response: {escape(c.response)}" if c.response else ""
        return (
            f'<div style="border-left:8px solid {SIDE_COLORS[side]};padding:4px 10px">'
            f'<div style="font:bold 24px sans-serif">Order {c.number} — {escape(c.name)}</div>'
            f'<div style="font-size:17px">{escape(c.summary)}</div>'
            f'<div class="dday-muted" style="font-size:15px">Active: {side.capitalize()}{resp} · rules {", ".join(c.rules)}</div></div>'
        )

    def _status_html(self) -> str:
        s = self.state
        if self.finished:
            if s.is_over:
                return f'<div style="font:bold 20px sans-serif;color:{st.OK_COLOR}">✔ Game over: the {escape(side_name(str(s.winner)))} win.</div>'
            what = f"Order card {self.card} is finished" if self.stop == "card" else f"Turn {self.goal[-1][1]} is finished"
            return f'<div style="font:bold 20px sans-serif;color:{st.OK_COLOR}">✔ {what}. Next: order {s.card} ({escape(ORDER_CARDS[s.card].name)}).</div>'
        who = s.current_player
        if who == "chance":
            return f'<div style="font-size:18px">⚄ <b>{escape(roll_info(s).title)}</b> — press <b>Roll</b>.</div>'
        player = self.players.get(who)
        by = f" ({player.name} bot)" if player is not None else ""
        if player is None:  # the decision controls below carry the prompt: say it once
            return f'<div style="font-size:18px">Your decision: you play the {escape(side_name(who))}.</div>'
        return f'<div style="font-size:18px">{who.capitalize()}{escape(by)} to decide: {escape(decision_prompt(s))}.</div>'

    def waiting_reason(self) -> str:
        """Why the bots cannot go on (a person must decide), in words; "" if nothing waits for a person."""
        s = self.state
        if self.finished or s.current_player not in ("allies", "axis") or self.players.get(s.current_player) is not None:
            return ""
        prompt = decision_prompt(s)
        side = s.current_player.capitalize()
        prompt = prompt.removeprefix(f"{side}: ")
        return f"Waiting for your decision ({side}): {prompt[:1].lower()}{prompt[1:]}"

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
        self._show_roll(chance)
        self.log.value = st.log_html(self.log_lines())
        show_on_map(self.map_view, self.map_note, self.history)

    def map_state(self) -> State:
        """The position the map shows (:func:`map_position` of this lab's history)."""
        return map_position(self.history)

    def _show_roll(self, chance: bool) -> None:
        """Dice, chart and explanation: the last roll of this card, else the pending roll, else a sentence."""
        s = self.state
        last = self.last_roll
        if last is not None and (last[2], last[3]) != (s.turn, s.card) and not self.finished:
            last = None  # a roll of an earlier card is not what the learner is looking at now
        if last is not None:
            info, faces = last[0], last[1]
            self.dice.value = f'<div style="font-size:16px">{escape(info.title)}</div>' + st.dice_html(
                faces, info.hit_on, total=info.value(faces) if info.is_2d6 else None, labels=info.group_names
            )
        else:  # said, not left blank: an empty box under the buttons looked like something failed to load
            self.dice.value = '<div class="dday-muted" style="font-size:15px">The dice of a roll appear here.</div>'
        if last is not None:  # the roll just made stays shown (the status line names the next one)
            self.chart_view.outputs = (figure_output(roll_figure(last[0], last[0].value(last[1]))),)
            self.explanation.value = _explain_html(last[0], last[0].value(last[1]))
            shown = True
        elif chance:  # the odds of the pending roll, before the card's first roll
            pending = roll_info(s)
            self.chart_view.outputs = (figure_output(roll_figure(pending)),)
            self.explanation.value = _explain_html(pending, None)
            shown = True
        else:
            self.explanation.value = ""
            shown = False
        self.chart_view.layout.display = "" if shown else "none"
        self.no_dice.value = (
            ""
            if shown
            else (
                '<div class="dday-note">No dice to roll at this step, so there are no odds to show. '
                "The chart of exact odds appears as soon as a step rolls dice.</div>"
            )
        )

    # -- display in notebooks -------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


def acting_zones(s: State) -> tuple[str, ...]:
    """The zone(s) the pending step is about (the blockhouse that fires, the zone in combat), for the map to mark.

    >>> from dday.rules.setup import initial_state
    >>> acting_zones(initial_state())
    ('F11',)
    """
    zone = getattr(s.step, "zone", None)
    return (zone,) if isinstance(zone, str) and s.board.has_zone(zone) else ()


def map_position(states: Sequence[State]) -> State:
    """The position a map shows after ``states`` (oldest first): the last one, except while the
    defenders fire back, when the map shows the zone as the attack began (the attack's casualties
    are off the board already but still fire, R-COMBAT-6), so a learner sees who is shooting.

    >>> from dday.rules.scenario import position
    >>> from dday.rules.engine import apply
    >>> before = position(card=11, zones={"F30": {"UK": "2i", "Germany": "2i"}})
    >>> after = apply(before, (1, 1))                      # the attack: two hits
    >>> type(after.step).__name__, after.units("F30", "Germany").total, map_position([before, after]) is before
    ('DefenseRoll', 0, True)
    """
    s = states[-1]
    step = s.step
    if not isinstance(step, DefenseRoll):
        return s
    for prev in reversed(states[:-1]):
        if (prev.turn, prev.card) != (s.turn, s.card):
            break
        ps = prev.step
        if isinstance(ps, AttackRoll) and ps.zone == step.zone:
            hit = any(prev.units(step.zone, p) != s.units(step.zone, p) for p in ("Germany", "UK", "US"))
            return prev if hit else s  # a miss changed nothing: the map is the same
    return s


def show_on_map(view: LeafletView, note: w.HTML, states: Sequence[State]) -> None:
    """Bring a map in line with a game whose positions so far are ``states``: the position of
    :func:`map_position`, the sentence under the map when that is an earlier one, and the places
    acting now marked (blockhouse fire, a fight, the last declared move)."""
    s = states[-1]
    shown = map_position(states)
    view.update(shown)
    note.value = map_note_html(shown, s)
    view.highlight(acting_zones(s), acting_kind(s))


def map_note_html(shown: State, s: State) -> str:
    """The sentence under the map when it shows an earlier position than ``s`` (see :func:`map_position`)."""
    if shown is s:
        return ""
    zone = escape(s.board.name(str(getattr(s.step, "zone", ""))))
    return (
        f'<div class="dday-note">The map shows {zone} as the attack began: '
        "the defenders hit by it are already removed, yet they still fire back (R-COMBAT-6).</div>"
    )


def acting_kind(s: State) -> str:
    """How the map should mark the acting zone: 'fire' (a blockhouse firing), 'combat' or 'acting'.

    >>> from dday.views.tutorial import prepared_position
    >>> acting_kind(prepared_position(9)), acting_kind(prepared_position(11))
    ('fire', 'combat')
    """
    step = s.step
    if isinstance(step, (SeaRoll, FireToSeaStep)):
        return "fire"
    if isinstance(step, (AttackRoll, DefenseRoll)) or (isinstance(step, ChooseCasualtiesStep) and step.after_combat):
        return "combat"
    return "acting"


def _explain_html(info: RollInfo, rolled: int | None) -> str:
    parts = [
        f'<div style="font-size:16px">{escape(info.formula)}</div>',
        f'<div style="font-size:16px">{escape(info.meaning)}</div>',
    ]
    if info.cap_words:
        parts.append(f'<div style="font-size:16px">{escape(info.cap_words)}</div>')
    if rolled is not None:
        p = info.probs.get(rolled, Fraction(0))
        parts.append(
            f'<div style="font-size:17px"><b style="color:{st.HIT_COLOR}">Rolled: {info.outcome_name} = {rolled}</b> — '
            f"exact chance of that: {escape(odds.fmt(p))}</div>"
        )
    parts.append(exact_fold(info))
    return "".join(parts)


def exact_fold(info: RollInfo) -> str:
    """The exact fraction of every result, folded (a ``<details>``): asked for, however long.

    >>> from dday.rules.setup import initial_state
    >>> from dday.views.widgets.rolls import roll_info
    >>> html = exact_fold(roll_info(initial_state()))
    >>> html.startswith("<details") and "<li>0 hits: 125/216</li>" in html
    True
    """
    items = "".join(
        f"<li>{escape(count(k, 'hit') if info.outcome_name == 'hits' else f'{info.outcome_name} {k}')}: "
        f"{escape(exact_text(p, asked=True) or str(p))}</li>"
        for k, p in info.probs.items()
    )
    return (
        '<details style="font-size:15px"><summary>The exact chance of each result, as a fraction</summary>'
        f'<ul style="margin:4px 0">{items}</ul></details>'
    )
