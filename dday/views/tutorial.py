"""What the tutorial notebooks call: one short call per cell, the widgets live here.

* :func:`card_lab` — "Try it" for one order card on a prepared position (:data:`PREPARED`);
* :func:`quiz` — "Check yourself" questions with instant feedback;
* :func:`nav` — links to the previous and next notebook (:data:`NOTEBOOKS`);
* :func:`start_map`, :func:`card_table` — the real map at the set-up and the sixteen cards;
* :func:`turn_stepper` — a whole turn, card by card, you or a bot deciding for each side;
* :func:`odds_lab`, :func:`units_needed` — exact combat odds against a labelled Monte Carlo.

Every widget callback is a method you can call from Python (no kernel needed), e.g.

>>> lab = CardLab(9)
>>> (lab.state.turn, lab.state.card), lab.roll_button.description
((1, 9), 'Roll')
>>> NOTEBOOKS[9]
'09_blockhouses_fire.ipynb'
"""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass
from functools import cache
from html import escape
from typing import TYPE_CHECKING, Any, Final

import ipywidgets as w
import numpy as np

from ..bots.greedy import GreedyBot
from ..rules.cards import ORDER_CARDS
from ..rules.engine import apply, legal_actions, sample_roll
from ..rules.events import CardStarted
from ..rules.setup import initial_state, state_from_json
from ..rules.state import State
from ..rules.words import count
from .maps.leaflet_view import LeafletView
from .maps.plotly_view import plotly_map, show_config
from .maps.words_view import MapInWords
from .widgets import style as st
from .widgets.figures import show_figure
from .widgets.play import PlayerSpec, PlayLab

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .. import odds
    from .quiz import Quiz
    from .tables import CardTable
    from .widgets.odds_lab import OddsLab, UnitsNeeded

LAZY: Final = {"Quiz": ".quiz", "OddsLab": ".widgets.odds_lab", "UnitsNeeded": ".widgets.odds_lab"}
"""Names imported when first asked for (PEP 562), so that a card lab's kernel starts without
the quiz, the odds lab and pandas (issue 33); ``from dday.tutorial import *`` leaves them out."""


def __getattr__(name: str) -> Any:
    if name in LAZY:
        return getattr(importlib.import_module(LAZY[name], __package__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = [
    "NOTEBOOKS",
    "PREPARED",
    "CardLab",
    "MapPanel",
    "Prepared",
    "TurnStepper",
    "card_lab",
    "card_table",
    "game_position",
    "map_picture",
    "nav",
    "odds_lab",
    "prepared_position",
    "quiz",
    "start_map",
    "turn_stepper",
    "units_needed",
]

NOTEBOOKS: Final[tuple[str, ...]] = (
    "00_start_here.ipynb",
    "01_airborne_assault.ipynb",
    "02_naval_bombardment.ipynb",
    "03_fighter_patrol.ipynb",
    "04_antiaircraft_fighters.ipynb",
    "05_bomber_strike.ipynb",
    "06_antiaircraft_bombers.ipynb",
    "07_bombers_return.ipynb",
    "08_allies_move.ipynb",
    "09_blockhouses_fire.ipynb",
    "10_allies_land.ipynb",
    "11_allies_attack.ipynb",
    "12_axis_moves.ipynb",
    "13_axis_attacks.ipynb",
    "14_allies_reinforce.ipynb",
    "15_axis_reinforces.ipynb",
    "16_fighters_return.ipynb",
    "17_full_turn.ipynb",
    "18_combat_odds_lab.ipynb",
    "19_classroom_lesson.ipynb",
    "20_play.ipynb",
    "21_what_wins.ipynb",
    "22_two_ways_to_model_a_battle.ipynb",
    "23_fortune_and_tactics.ipynb",
    "24_variants.ipynb",
)
"""The tutorial in reading order; ``NOTEBOOKS[n]`` is the notebook of order card ``n`` (1..16)."""


# ---------------------------------------------------------------------------------------------
# prepared positions


@dataclass(frozen=True)
class Prepared:
    """Where a card lab starts: the start of order ``card`` on ``turn`` of a game between two
    greedy bots with dice seed ``seed`` — a position a real game reaches — and why it is a good one."""

    card: int
    turn: int
    seed: int
    why: str


PREPARED: Final[dict[int, Prepared]] = {
    p.card: p
    for p in (
        Prepared(1, 1, 0, "the set-up: nine paratroopers over three drop zones"),
        Prepared(2, 1, 0, "turn 1: every blockhouse still stands; split the six dice, aim each one"),
        Prepared(3, 1, 0, "turn 1: eight fighters on the airfield, German artillery waiting below"),
        Prepared(4, 2, 0, "turn 2: UK and US fighters patrol over German artillery; the Axis picks targets"),
        Prepared(5, 1, 0, "turn 1: two bombers, many German units out of reach of Allied troops"),
        Prepared(6, 2, 0, "turn 2: a bomber over German artillery"),
        Prepared(7, 1, 0, "turn 1: the bombers fly home (no decisions, no dice)"),
        Prepared(8, 2, 0, "turn 2: Allied units ashore, some locked in combat"),
        Prepared(9, 1, 0, "turn 1: full beachheads under the blockhouses' fire"),
        Prepared(10, 1, 0, "turn 1: the boxes are full; land up to eight units per zone"),
        Prepared(11, 1, 0, "turn 1: several contested zones after the landings"),
        Prepared(12, 1, 0, "turn 1: fighters patrol; German moves are strafed"),
        Prepared(13, 1, 0, "turn 1: the Germans counter-attack the beachheads"),
        Prepared(14, 3, 3, "turn 3: a few units still wait in the boxes, the charts are partly used"),
        Prepared(15, 2, 0, "turn 2: German charts partly used, fighters over the sectors"),
        Prepared(16, 1, 0, "turn 1: fighters fly home, the turn ends and victory is checked"),
    )
}


@cache
def _game_states(seed: int, turns: int) -> tuple[State, ...]:
    """Every state of a greedy-vs-greedy game with dice seed ``seed`` until turn ``turns`` ends."""
    rng = np.random.default_rng(seed)
    bot = GreedyBot()
    s = initial_state()
    out = [s]
    while not s.is_over and s.turn <= turns:
        x = sample_roll(s, rng) if s.current_player == "chance" else bot.choose(s, legal_actions(s), rng)
        s = apply(s, x)
        out.append(s)
    return tuple(out)


def game_position(turn: int, card: int, seed: int = 0) -> State:
    """The start of order ``card`` on ``turn`` of a game between two greedy bots (dice seed ``seed``).

    If the card has nothing to decide or roll, it resolves at once: the state returned is the
    one right after it, whose log (``events``) tells what the card did.

    >>> s = game_position(1, 9)
    >>> (s.turn, s.card), s.beach_units("Gold").short()
    ((1, 9), '5i 1a 1t')
    """
    for s in _game_states(seed, turn):
        if (s.turn, s.card) == (turn, card) or CardStarted(turn, card) in s.events:
            return s
    raise ValueError(f"the seed-{seed} game never reaches order {card} on turn {turn} (the card left the deck or the game ended)")


def prepared_position(card: int) -> State:
    """The position :func:`card_lab` uses for ``card`` by default (see :data:`PREPARED`)."""
    if card not in PREPARED:
        raise ValueError(f"order cards are numbered 1..16, not {card}")
    p = PREPARED[card]
    return initial_state() if card == 1 else game_position(p.turn, card, p.seed)


def _advance_to(state: State, card: int, seed: int) -> State:
    """Play greedy bots from ``state`` until order ``card`` starts (at most one turn on)."""
    if state.card == card:
        return state
    rng = np.random.default_rng(seed)
    bot = GreedyBot()
    s, turn = state, state.turn
    while not s.is_over and s.turn <= turn + 1:
        x = sample_roll(s, rng) if s.current_player == "chance" else bot.choose(s, legal_actions(s), rng)
        s = apply(s, x)
        if s.card == card or any(isinstance(e, CardStarted) and e.card == card for e in s.events):
            return s
    raise ValueError(f"order {card} does not come up within a turn of this position")


def _resolve(card: int, position: str | State | None, seed: int) -> State:
    if position is None:
        return prepared_position(card)
    if isinstance(position, State):
        return _advance_to(position, card, seed)
    text = position.strip()
    if text == "start":
        return game_position(1, card)
    if text.startswith("turn "):
        return game_position(int(text.split()[1]), card)
    if text.startswith("{"):
        return _advance_to(state_from_json(json.loads(text)), card, seed)
    raise ValueError(f"position must be None, a State, 'start', 'turn N' or a saved state (JSON), not {position!r}")


# ---------------------------------------------------------------------------------------------
# card lab and turn stepper


class CardLab(PlayLab):
    """The "Try it" widget of one order card: you decide, you roll, you see dice, odds, log and map.

    ``position``: None (the prepared position of :data:`PREPARED`), a :class:`State` (played on
    by greedy bots until the card starts), ``"start"``/``"turn N"`` (the seed-0 greedy game) or
    a saved state as JSON text. Dice come from ``numpy.random.default_rng(seed)``.
    """

    def __init__(self, card: int, position: str | State | None = None, seed: int = 0) -> None:
        if card not in ORDER_CARDS:
            raise ValueError(f"order cards are numbered 1..16, not {card}")
        state = _resolve(card, position, seed)
        turn = state.turn
        for e in state.events:  # a card with nothing to decide is already over: find its turn in the log
            if isinstance(e, CardStarted) and e.card == card:
                turn = e.turn
        super().__init__(state, seed=seed, stop="card", goal=(turn, card))  # drawn once, for its goal


def card_lab(card: int, position: str | State | None = None, seed: int = 0) -> CardLab:
    """The "Try it" lab for order ``card`` (1..16); display it by making it the last line of a cell."""
    return CardLab(card, position, seed)


class TurnStepper(PlayLab):
    """One whole turn, card by card. Each side is played by you ("person") or a bot."""

    def __init__(self, state: State | None = None, *, seed: int = 0, allies: PlayerSpec = "person", axis: PlayerSpec = "greedy") -> None:
        super().__init__(state or initial_state(), seed=seed, players={"allies": allies, "axis": axis}, stop="turn")
        self.next_step_button = st.button("Next step", style="info")
        self.card_button = st.button(
            "Play to end of card", tooltip="Roll, let the bots play and decide for you as Hint advises, until this card is over"
        )
        self.turn_button = st.button("Play to end of turn")
        self.next_button.description = "Next turn ▶"
        self.next_step_button.on_click(lambda _b: self._safely(self.next_step))
        self.card_button.on_click(lambda _b: self._safely(self.play_to_end_of_card))
        self.turn_button.on_click(lambda _b: self._safely(self.play_to_end_of_turn))
        self.controls.children = (self.next_step_button, self.card_button, self.turn_button, *self.controls.children)
        self.refresh()

    def _header_html(self) -> str:
        s = self.state
        names = {"allies": "Allies", "axis": "Axis"}
        who = ", ".join(f"{names[k]}: {p.name + ' bot' if p else 'you'}" for k, p in self.players.items())
        return (
            super()._header_html()
            + f'<div style="font-size:16px;margin:4px 10px">Turn {s.turn} · {escape(who)} · dice seed {self.seed}</div>'
        )

    def _run(self, until_card_ends: bool) -> int:
        """Step until the card (or the turn) ends. To the end of a card, your own decisions are taken
        too, as **Let the bot decide** takes them (the card of six naval aims took six clicks, issue 31.7);
        to the end of a turn, the run stops at your decisions."""
        start = (self.state.turn, self.state.card)
        steps = decided = 0
        self._quiet = True
        try:
            while not self.finished and (not until_card_ends or (self.state.turn, self.state.card) == start):
                if not self.step():
                    if not until_card_ends or self.state.current_player not in ("allies", "axis"):
                        break
                    self.bot_decide()
                    decided += 1
                steps += 1
        finally:
            self._quiet = False
            self.refresh()
        self._say_why_stopped(steps, decided)
        return steps

    def _say_why_stopped(self, steps: int, decided: int = 0) -> None:
        """Tell the learner why the bots stopped: a decision of theirs (named) or the card or turn ending."""
        reason = self.waiting_reason()
        done = f"{count(steps, 'step')} played. " if steps else "Nothing played: "
        if decided:
            done += f"{count(decided, 'decision')} of yours {'was' if decided == 1 else 'were'} taken as Hint advises. "
        if reason:
            self.message.value = (
                f'<div class="dday-note dday-wait"><b>{escape(done)}{escape(reason)}.</b> '
                "Choose in the controls above, or press <i>Let the bot decide</i>.</div>"
            )
        elif steps:
            self.message.value = f'<div class="dday-note">{escape(done)}</div>'

    def next_step(self) -> bool:
        """One step: a roll or a bot's decision. False (and a hint) when it is your decision."""
        if self.finished:
            return False
        moved = self.step()
        if not moved:
            self._say_why_stopped(0)
        return moved

    def play_to_end_of_card(self) -> int:
        """Roll and let bots decide until this card is resolved, your decisions taken as **Hint**
        advises; returns the steps taken."""
        return self._run(True)

    def play_to_end_of_turn(self) -> int:
        """Roll and let bots decide until the turn ends or you must decide; returns the steps taken."""
        return self._run(False)


def turn_stepper(seed: int = 0, allies: PlayerSpec = "person", axis: PlayerSpec = "greedy", state: State | None = None) -> TurnStepper:
    """Step through one turn (from the set-up unless ``state`` is given); each side "person" or a bot's name
    ("random", "greedy", "strong" or "planner", the strongest)."""
    return TurnStepper(state, seed=seed, allies=allies, axis=axis)


# ---------------------------------------------------------------------------------------------
# quiz, navigation, map, card table


def nav(card: int) -> w.HTML:
    """Links to the previous and next notebook; ``card`` is the notebook's number (0..24)."""
    if not 0 <= card < len(NOTEBOOKS):
        raise ValueError(f"notebooks are numbered 0..{len(NOTEBOOKS) - 1}, not {card}")
    link = 'style="font-size:18px;text-decoration:none;padding:4px 10px;border:1px solid var(--jp-content-link-color, #0072B2);border-radius:6px;color:var(--jp-content-link-color, #0072B2)"'
    parts = []
    if card > 0:
        parts.append(f'<a {link} href="{NOTEBOOKS[card - 1]}">◀ {escape(NOTEBOOKS[card - 1])}</a>')
    parts.append(f'<span style="font-size:18px;font-weight:bold;margin:0 12px">{escape(NOTEBOOKS[card])}</span>')
    if card + 1 < len(NOTEBOOKS):
        parts.append(f'<a {link} href="{NOTEBOOKS[card + 1]}">{escape(NOTEBOOKS[card + 1])} ▶</a>')
    return w.HTML(value=f'<div style="display:flex;align-items:center;gap:6px;margin:6px 0">{"".join(parts)}</div>')


class MapPanel(w.VBox):
    """The real map of a position with a caption; ``map_view`` is the :class:`~dday.views.maps.LeafletView`."""

    def __init__(self, state: State, caption: str = "") -> None:
        self.map_view = LeafletView(state)
        super().__init__([st.css(), st.html(f'<div style="font-size:18px">{escape(caption)}</div>'), self.map_view.widget])
        self.add_class(st.UI_CLASS)


def start_map(state: State | None = None) -> MapPanel:
    """The map at the set-up (or of ``state``): hover or click a zone to see its units."""
    s = state or initial_state()
    cap = "The set-up: German units inland, Allied units waiting in the beachhead and airborne boxes." if state is None else ""
    panel = MapPanel(s, cap)
    if state is None:  # nothing acts yet: no outline (the 101st's coming drop outlined F11 unexplained, issue 31.7)
        panel.map_view.highlight()
    return panel


_PICTURE_CLASS: Final = "dday-map-picture"


def map_picture(state: State, **options: Any) -> w.Box:
    """A still picture of ``state``'s board (:func:`~dday.views.maps.plotly_view.plotly_map`, with
    ``options`` such as ``height``) and its text alternative: the picture is named after the position,
    and a button shows every place, who holds it and its units, as a table.

    >>> pic = map_picture(initial_state())
    >>> toggle = pic.children[2].children[0]            # after the style sheet and the picture
    >>> toggle.description, toggle.value
    ('Show the map as a table', False)
    """
    words = MapInWords(state, scope=_PICTURE_CLASS, selector=".js-plotly-plot")
    button = w.HBox([words.toggle])  # the button as wide as its words, under the picture's left edge
    box = st.panel([show_figure(plotly_map(state, **options), show_config()), button, words.table, words.name], width="100%")
    box.add_class(_PICTURE_CLASS)
    return box


def card_table() -> CardTable:
    """The sixteen order cards: number, name, active side, response, what happens, rule IDs.

    >>> df = card_table()
    >>> len(df), list(df.columns)[:3]
    (16, ['card', 'name', 'active'])
    """
    import pandas as pd  # here, not at the top: a card lab's kernel starts without pandas

    from .tables import CardTable

    frame = pd.DataFrame(
        [
            {
                "card": c.number,
                "name": c.name,
                "active": c.active.capitalize(),
                "response": c.response or "—",
                "what happens": c.summary,
                "rules": ", ".join(c.rules),
            }
            for c in ORDER_CARDS.values()
        ]
    ).set_index("card", drop=False)
    return CardTable(frame)


def odds_lab(**forces: int) -> OddsLab:
    """The combat odds lab: pick the units, see one cycle, the fight over several cards, and a Monte Carlo check.

    Keyword arguments preset the sliders, e.g. ``odds_lab(allies_infantry=4, axis_blockhouse=1)``.
    """
    from .widgets.odds_lab import OddsLab  # here, not at the top: a card lab's kernel starts without it

    return OddsLab(**forces)


def units_needed(
    target_prob: float = 0.8, by_turn: int = 4, defender: odds.UnitSpec | None = None, zone: str = "F30", mix: str = "iat"
) -> UnitsNeeded:
    """:func:`dday.views.widgets.odds_lab.units_needed`: how many Allied units must sit in ``zone``
    (default Caen) to take it by ``by_turn`` with ``target_prob``?"""
    from .widgets import odds_lab

    return odds_lab.units_needed(target_prob, by_turn, defender, zone, mix)


def quiz(questions: str | Sequence[tuple[str, Sequence[str], int, str]], *, seed: int = 0) -> Quiz:
    """:func:`dday.views.quiz.quiz`: "Check yourself" questions with instant feedback (imported
    when the first quiz is shown, after the lab is up)."""
    from . import quiz as quiz_module

    return quiz_module.quiz(questions, seed=seed)
