"""A whole game in a notebook: two or three players, any seat a bot, save, load, undo and replay.

:class:`GameBoard` puts together what the tutorial widgets already have - the decision
controls of :class:`~dday.views.widgets.decisions.DecisionControl`, the live map of
:class:`~dday.views.maps.LeafletView` and the saved games of :mod:`dday.play.saves` - with the order card
being played, the reinforcement charts, the turn track and the game log.

Seats are powers: ``germany``, ``uk`` and ``us`` are each ``"person"`` or a bot name
(``"random"``, ``"greedy"``, ``"strong"``, ``"planner"``: the strongest). Leave ``us=None`` for a two-player game: the UK
seat then commands both Allied powers (and the naval dice are not split, R-NAVAL-2).

The engine asks each decision of a *side* ("allies" or "axis"). When the UK and US seats are
different (say the UK is a person and the US a bot), an Allied decision is routed like this:

* if every legal action names one power only (a US ``Patrol``, a landing from Utah, a UK
  chart's reinforcement...), that power's seat decides;
* if the actions name both powers one by one (patrols, bombers, moves, landings, placements),
  the bot seat goes first with its own power's actions; when it says "done" it *passes*
  (nothing is applied) and the other seat finishes the step, its "done" ending it;
* decisions that belong to both powers at once (splitting the naval dice, casualties that may
  mix UK and US units, fortune and tactics picks) go to the person, if an Allied seat is one,
  else to the UK seat's bot.

Every button calls a plain method, so tests play without a browser:

>>> board = GameBoard("greedy", "greedy", "greedy", seed=3)
>>> board.play_bots() > 100, board.state.is_over
(True, True)
>>> board.undo().is_over                      # bots only: the last decision is taken back
False

Dice come from ``numpy.random.default_rng(seed)``, used for the bots' tie-breaks too, so a
bot-only board plays exactly the game of :func:`dday.play.game.play_game` with the same seed.
Undoing does not rewind the generator: a decision made again meets new dice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from html import escape
from pathlib import Path
from typing import Any, Final

import ipywidgets as w
import numpy as np

from ...bots import BOTS, STRONGEST, STRONGEST_WORDS, make_player
from ...bots.base import Player
from ...errors import DDayError, SaveFileError
from ...play.saves import History, Input, dumps, load_game, save_game
from ...rules.actions import Action, Done
from ...rules.cards import ORDER_CARDS
from ...rules.state import RuleOptions, State
from ...rules.steps import Roll, StrafeStep
from ...rules.units import ALLIED_POWERS
from ...rules.words import count
from ..aria import Announcer, NamedSlider, news, spoken
from ..log_text import log_lines
from ..maps.leaflet_view import LeafletView
from ..prompts import describe_step
from . import style as st
from .board_html import card_html, chart_table_html, chip, seat_words, turn_track_html
from .decisions import DecisionControl, action_powers, hint_html
from .files import MAX_NAME, FileBoxError, SaveUpload, download_link_html, in_app, notebook_folder_file, size_words
from .play import show_on_map
from .rolls import odds_html, roll_info

__all__ = ["SEAT_CHOICES", "GameBoard", "Turn"]

SEAT_CHOICES: Final[tuple[str, ...]] = ("person", "random", "greedy", "strong", STRONGEST)


class Due(StrEnum):
    """Who a :class:`Turn` waits for."""

    OVER = "over"
    CHANCE = "chance"
    PERSON = "person"
    BOT = "bot"


@dataclass
class Turn:
    """Who is due now: ``kind`` is :class:`Due` ("over", "chance", "person" or "bot").

    ``powers`` are the powers the decision concerns, ``actions`` the choices offered to that
    seat (a subset of ``legal_actions`` when two Allied seats share a step), ``bot`` the
    deciding bot and ``can_pass`` whether its "done" only hands the step to the other seat.
    """

    kind: Due
    powers: tuple[str, ...] = ()
    actions: list[Action] = field(default_factory=list)
    bot: Player | None = None
    can_pass: bool = False


# ---------------------------------------------------------------------------------------------


class GameBoard:
    """A complete game with widgets. ``widget`` is the panel to display.

    Parameters: ``germany``, ``uk``, ``us`` - each "person" or a bot name (``us=None``: two
    players, the UK seat plays both Allied powers); ``seed`` for the dice; ``options`` (default:
    the basic game, with the naval dice split only in a three-player game); ``auto`` - after a
    person's decision, roll and let the bots play until a person must decide again.
    """

    def __init__(
        self,
        germany: str = "person",
        uk: str = "person",
        us: str | None = None,
        *,
        seed: int = 0,
        options: RuleOptions | None = None,
        auto: bool = True,
        filename: str = "dday_game.json",
        map_height: str = "560px",
        server_files: bool | None = None,
    ) -> None:
        self.three_player = us is not None
        self.seats: dict[str, str] = {"Germany": germany, "UK": uk, "US": us if us is not None else uk}
        for power, spec in self.seats.items():
            if spec != "person" and spec not in BOTS:
                raise ValueError(f"{power}: choose a seat from {[*SEAT_CHOICES]}, not {spec!r}")
        self._bots: dict[str, Player] = {}
        for power in ("Germany", "UK", "US"):
            spec = self.seats[power]
            if spec == "person":
                continue
            same = next((p for p in self._bots if self.seats[p] == spec and p != "Germany"), None)
            self._bots[power] = self._bots[same] if same else make_player(spec)  # UK and US share one bot if alike
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        options = options or RuleOptions(three_player=self.three_player)
        self.history = History.new(options, seed=seed, players=self._players())
        self._passes: set[tuple[int, str, int]] = set()  # (step start, power, inputs when it passed)
        self._quiet = False

        # -- widgets ------------------------------------------------------------------------
        self.title = st.html(self._title_html())
        self.card = st.html()
        self.track = st.html()
        self.status = st.html()
        self.decision: DecisionControl | None = None
        self.decision_box = w.VBox([])
        self.message = st.html()
        self.roll_button = st.button("Roll", style="danger", tooltip="Roll the dice of this step")
        self.bots_button = st.button("Play bots until a person must decide", style="success")
        self.undo_button = st.button("Undo my last decision", style="warning", tooltip="Takes back the decision and the dice after it")
        self.hint_button = st.button("Hint", icon="lightbulb", tooltip=f"What {STRONGEST_WORDS}, would do now, and why (nothing is played)")
        self.hint_button.on_click(lambda _b: self._safely(self.show_hint))
        self.auto_box = w.Checkbox(value=auto, description="after my decision, roll and play the bots", indent=False)
        self.roll_button.on_click(lambda _b: self._safely(self.roll))
        self.bots_button.on_click(lambda _b: self._safely(self.play_bots))
        self.undo_button.on_click(lambda _b: self._safely(self.undo))
        self.charts = st.html()
        self.dice = st.html()
        self.log = st.html()
        self.map_view = LeafletView(self.state, height=map_height)
        self.map_note = st.html()
        self.voice = Announcer()  # says what each button did, for a screen reader
        self._heard = 0  # log lines already said

        # Saving: always as a download and an upload through the browser; in JupyterLab also a file box,
        # confined to the notebook's folder. Under Voilà (the classroom app, a hub's Voilà) a page's
        # widgets are a stranger's browser, so no widget names a file on the server.
        self.server_files = not in_app() if server_files is None else server_files
        self.download_name = Path(filename).name or "dday_game.json"
        self.filename = w.Text(value=self.download_name, description="file name", layout=w.Layout(width="360px"))
        self.save_button = st.button(
            "Save to this file", icon="save", tooltip="Write the game to this file, in the notebook's folder"
        )
        self.load_button = st.button(
            "Load this file", icon="folder-open", tooltip="Load a saved game from this file in the notebook's folder and carry on playing it"
        )
        self.save_button.on_click(lambda _b: self._safely(self.save))
        self.load_button.on_click(lambda _b: self._safely(self.load))
        self.download_button = st.button("Save as a download", icon="download", tooltip="Make a link that saves the game on your computer")
        self.download_button.on_click(lambda _b: self._safely(self.make_download))
        self.download = st.html()
        self.upload = SaveUpload(
            on_file=lambda name, data: self._safely(lambda: self._load(data, name)),
            on_too_big=lambda name, size: self._safely(lambda: self._upload_too_big(name, size)),
        )

        self.replay_states: list[State] = []
        self.replay_inputs: list[Input] = []
        self.replay_this_button = st.button("Replay this game", tooltip="Step through the game so far, move by move")
        self.replay_slider = NamedSlider(value=0, min=0, max=0, description="Replay at input", layout=w.Layout(width="560px"))
        self.replay_prev = st.button("◀ Prev")
        self.replay_next = st.button("Next ▶")
        self.replay_caption = st.html()
        self.replay_map: LeafletView | None = None  # made when a replay is first shown: one map per board until then
        self.replay_map_box = w.VBox([])
        self.replay_this_button.on_click(lambda _b: self.replay_from())
        self.replay_prev.on_click(lambda _b: self.replay_step(-1))
        self.replay_next.on_click(lambda _b: self.replay_step(+1))
        self.replay_slider.observe(lambda _c: self._show_replay(), names="value")

        controls = w.HBox([self.roll_button, self.bots_button, self.undo_button, self.hint_button, self.auto_box], layout=w.Layout(flex_flow="row wrap"))
        left = w.VBox([self.card, self.status, self.decision_box, controls, self.message, self.dice, self.voice], layout=w.Layout(flex="1 1 560px"))
        right = w.VBox([self.track, self.charts, self.log], layout=w.Layout(flex="1 1 480px"))
        files = w.VBox(
            [
                st.html('<div style="font:bold 20px sans-serif;margin-top:10px">Save and load</div>'),
                w.HBox([self.download_button, self.download, self.upload], layout=w.Layout(flex_flow="row wrap", align_items="center")),
                *([w.HBox([self.filename, self.save_button, self.load_button], layout=w.Layout(flex_flow="row wrap"))] if self.server_files else []),
            ]
        )
        replay = w.VBox(
            [
                st.html('<div style="font:bold 20px sans-serif;margin-top:10px">Replay, move by move</div>'),
                w.HBox(
                    [self.replay_this_button, self.replay_prev, self.replay_slider, self.replay_next], layout=w.Layout(flex_flow="row wrap")
                ),
                self.replay_caption,
                self.replay_map_box,
            ]
        )
        self.widget = st.panel(
            [self.title, w.HBox([left, right], layout=w.Layout(flex_flow="row wrap")), self.map_note, self.map_view.widget, files, replay],
            width="100%",
        )
        self.refresh()
        self._heard = len(self.log_lines())  # on the page from the start: not said again
        self._set_replay([], [])

    # -- the position -------------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The position now."""
        return self.history.state

    def log_lines(self) -> list[str]:
        """Every log line of the game so far."""
        return [line for s in self.history.states for line in log_lines(s)]

    def _players(self) -> dict[str, str]:
        allies = self.seats["UK"] if self.seats["UK"] == self.seats["US"] else f"UK {self.seats['UK']}, US {self.seats['US']}"
        return {"allies": allies, "axis": self.seats["Germany"]}

    # -- who decides ----------------------------------------------------------------------------
    @property
    def split_allies(self) -> bool:
        """Whether the UK and US seats are held by different players (routing applies)."""
        return self.seats["UK"] != self.seats["US"]

    def _kind(self, power: str) -> Due:
        return Due.PERSON if self.seats[power] == "person" else Due.BOT

    def _lead_allied(self) -> str:
        """The Allied seat for decisions of both powers: a person if there is one, else the UK."""
        return next((p for p in ALLIED_POWERS if self.seats[p] == "person"), "UK")

    def _step_start(self) -> int:
        """Index of the state where the pending decision step began (decisions of one step in a row)."""
        h = self.history
        i = len(h.inputs)
        cur = h.states[i]
        while i > 0:
            prev, x = h.states[i - 1], h.inputs[i - 1]
            if isinstance(x, tuple) or type(prev.step) is not type(cur.step) or (prev.turn, prev.card) != (cur.turn, cur.card):
                break
            i -= 1
        return i

    def turn_now(self) -> Turn:
        """Who must act now, on which powers' units, and with which choices."""
        s = self.state
        if s.is_over:
            return Turn(Due.OVER)
        if s.current_player == "chance":
            return Turn(Due.CHANCE)
        acts = self.history.legal_actions()
        if s.current_player == "axis":
            return Turn(self._kind("Germany"), ("Germany",), acts, self._bots.get("Germany"))
        named = frozenset().union(*(action_powers(s, a) for a in acts))
        powers = tuple(p for p in ALLIED_POWERS if p in named) or ALLIED_POWERS
        if not self.split_allies:
            return Turn(self._kind("UK"), powers, acts, self._bots.get("UK"))
        if len(powers) == 1:
            p = powers[0]
            return Turn(self._kind(p), powers, acts, self._bots.get(p))
        real = [a for a in acts if not isinstance(a, Done)]
        dones = [a for a in acts if isinstance(a, Done)]
        if not real or any(len(action_powers(s, a)) != 1 for a in real):  # a decision of both powers at once
            lead = self._lead_allied()
            return Turn(self._kind(lead), ALLIED_POWERS, acts, self._bots.get(lead))
        order = sorted(ALLIED_POWERS, key=lambda p: self.seats[p] == "person")  # bots first
        start = self._step_start()
        for p in order[:-1]:
            mine = [a for a in real if action_powers(s, a) == {p}]
            if mine and not any(st_ == start and q == p for st_, q, _ in self._passes):
                return Turn(self._kind(p), (p,), mine + dones, self._bots.get(p), can_pass=bool(dones))
        p = order[-1]
        return Turn(self._kind(p), (p,), [a for a in real if action_powers(s, a) == {p}] + dones, self._bots.get(p))

    def _decided_by_person(self, before: State, x: Input) -> bool:
        """Whether a person seat made decision ``x`` in position ``before``."""
        if isinstance(x, tuple):
            return False
        if before.current_player == "axis":
            return self.seats["Germany"] == "person"
        if not self.split_allies:
            return self.seats["UK"] == "person"
        powers = action_powers(before, x)
        if len(powers) == 1:
            return self.seats[next(iter(powers))] == "person"
        return self.seats[self._lead_allied()] == "person"

    # -- actions (the buttons call these) --------------------------------------------------------
    def choose(self, action: Action) -> State:
        """A person's decision; then, with ``auto`` on, rolls and bots until a person must decide."""
        t = self.turn_now()
        if t.kind is not Due.PERSON:
            raise DDayError(f"no person is to decide now: {describe_step(self.state)}")
        self.history.apply(action)
        self.message.value = ""
        if self.auto_box.value:
            self.play_bots()
        else:
            self.refresh()
        return self.state

    def roll(self) -> State:
        """Roll the pending dice with the seeded generator."""
        if self.state.current_player != "chance":
            raise DDayError(f"nothing to roll now: {describe_step(self.state)}")
        self.history.roll(self.rng)
        self.message.value = ""
        self.refresh()
        return self.state

    def play_bots(self, max_steps: int = 100_000) -> int:
        """Roll and let bot seats decide until a person must decide or the game ends; returns the steps taken."""
        n = 0
        while n < max_steps:
            t = self.turn_now()
            if t.kind is Due.CHANCE:
                self.history.roll(self.rng)
            elif t.kind is Due.BOT and t.bot is not None:
                a = t.bot.choose(self.state, t.actions, self.rng)
                if isinstance(a, Done) and t.can_pass:
                    self._passes.add((self._step_start(), t.powers[0], len(self.history)))
                else:
                    self.history.apply(a)
            else:
                break
            n += 1
        self.refresh()
        return n

    def show_hint(self) -> str:
        """Show the coach's advice for the pending decision under the controls (nothing is played)."""
        self.message.value = hint_html(self.state)
        return str(self.message.value)

    def undo(self) -> State:
        """Take back the last decision of a person (of anyone in a bot-only game) and every roll and
        bot decision after it, like :meth:`dday.play.saves.History.undo_decision`."""
        h = self.history
        anyone = "person" not in self.seats.values()
        for i in range(len(h.inputs) - 1, -1, -1):
            x = h.inputs[i]
            if not isinstance(x, tuple) and (anyone or self._decided_by_person(h.states[i], x)):
                h.undo(len(h.inputs) - i)
                break
        else:
            raise DDayError("there is no decision to undo")
        self._passes = {p for p in self._passes if p[2] <= len(h)}
        self.message.value = ""
        self.refresh()
        return self.state

    def save(self, path: str | Path | None = None) -> Path:
        """Write the game to ``path`` as a saved game of :mod:`dday.play.saves`; without ``path``, to the
        file box's name in the notebook's folder (never elsewhere: :func:`notebook_folder_file`)."""
        p = Path(path) if path is not None else self._file_box_path()
        self.history.players = self._players()
        self.history.save(p)
        self.message.value = (
            f'<span style="color:{st.OK_COLOR};font-weight:bold">✔ Saved {count(len(self.history), "input")} to {escape(str(p))}</span>'
        )
        return p

    def make_download(self) -> str:
        """Put a download link for the game as it is now next to the button; returns the file's text."""
        self.history.players = self._players()
        text = dumps(save_game(self.history, None))
        self.download.value = download_link_html(text, self.download_name)
        self.message.value = f'<span style="color:{st.OK_COLOR};font-weight:bold">✔ Saved {count(len(self.history), "input")}: click the link to keep the file</span>'
        return text

    def load(self, path: str | Path | None = None) -> bool:
        """Load a saved game and carry on playing it; a bad file leaves this game as it was. Without
        ``path``, the file box's name in the notebook's folder (never elsewhere).

        The seats stay as they are; dice go on from ``default_rng((seed, inputs so far))``.
        The loaded game is also ready in the replay below.
        """
        if path is not None:
            return self._load(Path(path), str(path))
        try:
            p = self._file_box_path()
        except FileBoxError as e:
            self._say_not_loaded(self.filename.value[:MAX_NAME], str(e))
            return False
        return self._load(p, p.name)

    def _file_box_path(self) -> Path:
        if not self.server_files:
            raise FileBoxError("this page saves and loads through the browser only (the download link and the upload button)")
        return notebook_folder_file(self.filename.value)

    def _upload_too_big(self, name: str, size: int) -> None:
        self._say_not_loaded(
            name,
            f"the file is {size_words(size)}, and an upload here takes at most {size_words(self.upload.max_bytes)} "
            "(a saved game is much smaller: this is not one, or it was changed)",
        )

    def _say_not_loaded(self, name: str, why: str) -> None:
        self.message.value = f'<span style="color:{st.HIT_COLOR};font-weight:bold">✘ Could not load {escape(name)}: {escape(why)}</span>'

    def _load(self, source: bytes | Path, name: str) -> bool:
        try:
            game = load_game(source)
        except Exception as exc:  # any bad file (truncated, tampered, not ours) is explained here, never raised
            why = str(exc) if isinstance(exc, SaveFileError) else f"it is not a saved game of this program ({type(exc).__name__}: {exc})"
            self._say_not_loaded(name, why)
            return False
        self.history = History(list(game.states), list(game.inputs), game.seed, dict(game.players), game.start_given)
        self.seed = game.seed if game.seed is not None else self.seed
        self.rng = np.random.default_rng((self.seed, len(game.inputs)))
        self._passes = set()
        self._set_replay(list(game.states), list(game.inputs))
        self.refresh()
        self.message.value = (
            f'<span style="color:{st.OK_COLOR};font-weight:bold">✔ Loaded {escape(name)}: {count(len(game), "input")}, turn {game.final.turn}'
            f"{', game over' if game.final.is_over else ''}</span>"
            + (f"<br><span>Note: this file was {escape(game.note)}.</span>" if game.note else "")  # an older save, without a checksum
        )
        return True

    # -- replay ------------------------------------------------------------------------------------
    def replay_from(self, game: History | None = None) -> None:
        """Replay ``game`` (default: this game so far) with the slider and Prev/Next."""
        g = game or self.history
        self._set_replay(list(g.states), list(g.inputs))

    def _set_replay(self, states: list[State], inputs: list[Input]) -> None:
        self.replay_states, self.replay_inputs = states, inputs
        with self.replay_slider.hold_trait_notifications():
            self.replay_slider.max = max(0, len(states) - 1)
            self.replay_slider.value = 0
        self._show_replay()

    def replay_step(self, delta: int) -> int:
        """Move the replay ``delta`` inputs forward (or back); returns the new position."""
        self.replay_slider.value = min(max(0, self.replay_slider.value + delta), self.replay_slider.max)
        return int(self.replay_slider.value)

    @property
    def replay_state(self) -> State | None:
        """The position the replay shows (None if nothing is loaded)."""
        return self.replay_states[self.replay_slider.value] if self.replay_states else None

    def _show_replay(self) -> None:
        s = self.replay_state
        on = s is not None
        self.replay_prev.disabled = not on or self.replay_slider.value == 0
        self.replay_next.disabled = not on or self.replay_slider.value >= self.replay_slider.max
        if s is None:
            self.replay_caption.value = '<div class="dday-note">Load a saved game, or press <b>Replay this game</b>.</div>'
            return
        if self.replay_map is None:
            self.replay_map = LeafletView(s, height="440px")
            self.replay_map_box.children = [self.replay_map.widget]
        k = self.replay_slider.value
        what = "the start" if k == 0 else f"input {k} of {len(self.replay_inputs)}: <b>{escape(_input_text(self.replay_inputs[k - 1]))}</b>"
        where = f"After {what} · turn {s.turn}, order {s.card} ({escape(ORDER_CARDS[s.card].name)})"
        lines = log_lines(s)
        self.replay_caption.value = f'<div style="font-size:17px">{where}</div>' + st.log_html(lines, 6, name="Log of the replayed input", max_height="140px")
        self.replay_map.update(s)
        self.voice.say(news(lines, 0, first=spoken(where) + "."))  # a screen reader hears each move of the replay

    # -- display -------------------------------------------------------------------------------------
    def _safely(self, fn: Callable[[], Any]) -> None:
        try:
            fn()
        except (DDayError, FileBoxError, OSError) as exc:  # illegal choices and refused files are explained, not raised
            why = (exc.strerror or str(exc)) if isinstance(exc, OSError) else str(exc)
            self.message.value = f'<span style="color:{st.HIT_COLOR};font-weight:bold">✘ {escape(why)}</span>'
        self.voice.say(self.what_happened())

    def what_happened(self) -> str:
        """What the last button did, in the words a screen reader says: the new log lines, the message, what is due next."""
        lines = self.log_lines()
        said = news(lines, self._heard, then=[self.message.value, self.status.value])
        self._heard = len(lines)
        return said

    def _title_html(self) -> str:
        seats = " · ".join(
            f"{chip(p)} {escape(seat_words(self.seats[p]))}" for p in (("Germany", "UK", "US") if self.three_player else ("Germany", "UK"))
        )
        if not self.three_player:
            seats = seats.replace(chip("UK"), f"{chip('UK')}+{chip('US')}")
        n = 3 if self.three_player else 2
        return f'<div style="font:bold 28px sans-serif">Axis & Allies: D-Day — a {n}-player game</div><div style="font-size:18px;margin:4px 0">{seats}</div>'

    def _status_html(self, t: Turn) -> str:
        s = self.state
        if t.kind is Due.OVER:
            return f'<div style="font:bold 24px sans-serif;color:{st.OK_COLOR}">✔ Game over on turn {s.turn}: the {escape(str(s.winner).capitalize())} win.</div>'
        if t.kind is Due.CHANCE:
            title = roll_info(s).title if isinstance(s.step, (Roll, StrafeStep)) else describe_step(s)
            return f'<div style="font-size:19px">⚄ <b>{escape(title)}</b> — press <b>Roll</b> (or play on).</div>'
        chips = " ".join(chip(p) for p in t.powers)
        who = "you decide" if t.kind is Due.PERSON else f"the {escape(getattr(t.bot, 'name', 'bot'))} bot decides — press <b>Play bots</b>"
        what = (
            "" if t.kind is Due.PERSON else f'<br><span style="font-size:17px">{escape(describe_step(s))}</span>'
        )  # a person sees it above the controls
        return f'<div style="font-size:19px">{chips} units: {who}.{what}</div>'

    def refresh(self) -> None:
        """Bring every widget in line with the current position (the map is restyled in place)."""
        s = self.state
        t = self.turn_now()
        self.card.value = card_html(s)
        self.track.value = turn_track_html(s)
        self.charts.value = chart_table_html(s)
        self.status.value = self._status_html(t)
        self.roll_button.disabled = t.kind is not Due.CHANCE
        self.bots_button.disabled = t.kind in (Due.OVER, Due.PERSON)
        self.undo_button.disabled = not any(not isinstance(x, tuple) for x in self.history.inputs)
        if t.kind is Due.PERSON:
            self.decision = DecisionControl(s, t.actions, lambda a: self._safely(lambda: self.choose(a)))
            self.decision_box.children = [self.decision.widget]
        else:
            self.decision = None
            self.decision_box.children = []
        self.log.value = '<div style="font-size:16px"><b>Game log</b></div>' + st.log_html(self.log_lines())
        self.dice.value = self._dice_html()
        show_on_map(self.map_view, self.map_note, self.history.states)  # while defenders fire back: the zone as the attack began

    def _dice_html(self) -> str:
        """The last roll's dice with its exact odds, and the odds of the roll waiting to be made."""
        h = self.history
        s = self.state
        parts = []
        for i in range(len(h.inputs) - 1, -1, -1):
            x = h.inputs[i]
            if isinstance(x, tuple):
                info = roll_info(h.states[i])
                dice = st.dice_html(x, info.hit_on, total=info.value(x) if info.is_2d6 else None, labels=info.group_names)
                parts.append(f'<div style="font-size:16px">Last roll: {escape(info.title)}</div>{dice}{odds_html(info, info.value(x))}')
                break
        if s.current_player == "chance" and isinstance(s.step, (Roll, StrafeStep)):
            nxt = roll_info(s)
            parts.append(f'<div style="font-size:16px;margin-top:6px">Next roll: {escape(nxt.title)}</div>{odds_html(nxt)}')
        return "".join(parts)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


def _input_text(x: Input) -> str:
    return "roll " + " ".join(str(f) for f in x) if isinstance(x, tuple) else str(x)
