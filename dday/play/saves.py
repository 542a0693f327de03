"""Saved games: a JSON file that replays, input by input, to the identical state.

A saved game does not store positions; it stores the *inputs* (every decision as its text
form, e.g. ``"move Germany tank F38>F30"``, and every roll as a list of faces), the rules
options, the seed, the players and, as checks, the final position and a checksum (SHA-256) of
all of that. Loading replays the inputs through the engine, so a loaded game is always a legal
game, and any damage to the file is caught:

* the file is not a plain file, is larger than 2 MB, is not JSON, or is cut short;
* the format name or version is not this one;
* the checksum does not match the content: the file was changed after it was saved, even where
  the change makes no difference to the final position (a die that missed either way, the
  seed, the players' names, two inputs swapped);
* an input cannot be read, is illegal where it stands, or dice do not fit the roll;
* the replayed final position differs from the stored one.

A checksum is not a signature: it catches a file changed by hand, by a tool or by damage, and the
replay still checks every input of a file that comes with a right one. A game saved by an
older dday without a checksum (saved-game version 2) is loaded only if it replays to its stored
final position, and says so: ``LoadedGame.note`` (and ``dday check``) tells that a change which
leaves that position as it is cannot be detected in it. Saving it again gives it a checksum.
Version 1 files are refused (their board had other firing arcs, R-BH-3).

Each gives a :class:`~dday.errors.SaveFileError` naming the problem, e.g.
``input 57 ('move Germany tank F38>F99'): R-MOVE-1: 'F99' is not a zone of the board``.
Inputs are numbered from 0, like ``saved["inputs"]``. :func:`load_game` checks everything
before it returns, so there is never a half-loaded game.

>>> from dday.play.game import play_game
>>> from dday.bots.greedy import GreedyBot
>>> g = play_game(GreedyBot(), GreedyBot(), seed=5)
>>> data = save_game(g)                      # a dict; save_game(g, "game.json") also writes it
>>> data["format"], data["version"], data["seed"], data["players"], data["checksum"][:7]
('dday-game', 3, 5, {'allies': 'greedy', 'axis': 'greedy'}, 'sha256:')
>>> loaded = load_game(data)
>>> loaded.final.key == g.final.key, len(loaded.states) == len(g.record) + 1
(True, True)

Move-by-move replay (lazily) and a history with undo for interactive play:

>>> states = list(replay(data))
>>> states[-1].key == g.final.key
True
>>> h = History()
>>> _ = h.apply((1, 6, 6))                   # the 101st Airborne: one hit in F11
>>> h.state.units("F11", "Germany").short(), len(h)
('1b', 1)
>>> h.undo().units("F11", "Germany").short(), len(h)
('1i 1b', 0)

Regenerate the golden game of the tests deliberately with
``python -m dday.play.saves --make-golden tests/data/golden_game.json``.
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ..bots.greedy import GreedyBot
from ..errors import DDayError, SaveFileError
from ..rules.actions import Action, parse_action, quote
from ..rules.dice import Faces
from ..rules.engine import apply, legal_actions, sample_roll
from ..rules.setup import check_invariants, initial_state, state_from_json
from ..rules.state import RuleOptions, State
from ..rules.units import SIDES
from .game import GameRecord, play_game
from .save_file import CHECKSUM_KEY, checksum, read_json

FORMAT = "dday-game"
VERSION = 3  # 3: a checksum of the content; 2: firing arcs may cover two beachheads, so a blockhouse's shot names its beach (R-BH-3)
UNCHECKED_VERSION = 2  # loaded without a checksum, only if it replays, and with a note saying so

Input = Action | Faces

__all__ = ["FORMAT", "VERSION", "History", "LoadedGame", "final_mismatches", "load_game", "make_golden", "replay", "save_game", "seal"]


# ---------------------------------------------------------------------------------------------
# History: a list of states and the inputs between them, with undo


@dataclass
class History:
    """A game in progress: ``states[i]`` is the position before ``inputs[i]``.

    ``states`` always holds one more entry than ``inputs``; ``state`` is the current
    position. :meth:`apply` adds an input (an illegal one raises and changes nothing);
    :meth:`undo` takes inputs back.
    """

    states: list[State] = field(default_factory=list)
    inputs: list[Input] = field(default_factory=list)
    seed: int | None = None
    players: dict[str, str] = field(default_factory=dict)
    start_given: bool = False  # True when the game did not start from the set-up

    def __post_init__(self) -> None:
        if not self.states:
            self.states.append(initial_state())
        if len(self.states) != len(self.inputs) + 1:
            raise ValueError("a History holds one more state than inputs")

    @classmethod
    def new(cls, options: RuleOptions | None = None, state: State | None = None, **kw: Any) -> History:
        """A fresh history from the set-up (with ``options``) or from ``state``."""
        return cls(states=[state or initial_state(options)], start_given=state is not None, **kw)

    @classmethod
    def from_record(cls, game: GameRecord) -> History:
        """The history of a played game (replays it; use :func:`load_game` for files)."""
        start = game.start or initial_state(game.final.options)
        states = [start]
        for x in game.record:
            states.append(apply(states[-1], x))
        return cls(states, list(game.record), game.seed, dict(game.players), game.start is not None)

    # -- the position ----------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The current position."""
        return self.states[-1]

    @property
    def start(self) -> State:
        return self.states[0]

    @property
    def options(self) -> RuleOptions:
        return self.states[0].options

    def __len__(self) -> int:
        """The number of inputs so far."""
        return len(self.inputs)

    def legal_actions(self) -> list[Action]:
        return legal_actions(self.state)

    # -- changes ---------------------------------------------------------------------------
    def apply(self, x: Input) -> State:
        """Apply a decision or a roll; an illegal one raises and leaves the history as it was."""
        s = apply(self.state, x)
        self.inputs.append(tuple(int(f) for f in x) if isinstance(x, (tuple, list)) else x)
        self.states.append(s)
        return s

    def roll(self, rng: np.random.Generator) -> State:
        """Roll the pending dice with ``rng`` and apply them."""
        return self.apply(sample_roll(self.state, rng))

    def undo(self, n: int = 1) -> State:
        """Take back the last ``n`` inputs (never past the start) and return the position."""
        n = max(0, min(n, len(self.inputs)))
        if n:
            del self.inputs[-n:]
            del self.states[-n:]
        return self.state

    def undo_decision(self, side: str | None = None) -> State:
        """Take back the last decision (of ``side``, if given) and every roll after it.

        This is "undo my move" in a play notebook: the dice rolled after the decision go too.
        Nothing changes if there is no such decision.
        """
        for i in range(len(self.inputs) - 1, -1, -1):
            if not isinstance(self.inputs[i], tuple) and (side is None or self.states[i].current_player == side):
                return self.undo(len(self.inputs) - i)
        return self.state

    def replay(self) -> Iterator[tuple[Input, State]]:
        """(input, state after it) pairs, in order."""
        return zip(self.inputs, self.states[1:], strict=True)

    def save(self, path: str | os.PathLike[str] | None = None) -> dict[str, Any]:
        """:func:`save_game` of this history."""
        return save_game(self, path)


@dataclass
class LoadedGame(History):
    """A game read by :func:`load_game`: a :class:`History` that has been fully validated.

    ``note`` is empty for a file with a checksum; for an older file without one (version 2) it
    says what could not be checked, to be shown with the game."""

    note: str = ""

    @property
    def final(self) -> State:
        return self.state


# ---------------------------------------------------------------------------------------------
# saving


def _input_to_json(x: Input) -> str | list[int]:
    if isinstance(x, (tuple, list)):
        return [int(f) for f in x]
    return str(x)


def save_game(
    game: GameRecord | History,
    path: str | os.PathLike[str] | None = None,
    *,
    seed: int | None = None,
    players: dict[str, str] | None = None,
) -> dict[str, Any]:
    """The saved-game dict of a played game or a history; written as JSON to ``path`` if given.

    Keys: ``format`` ("dday-game"), ``version`` (3), ``rules`` (the options of
    :class:`~dday.rules.state.RuleOptions`), ``seed`` (int or null), ``players`` ({side: name}, may be
    empty), ``start`` (null for the set-up, else a position from ``State.to_json``),
    ``inputs`` (each decision as its ``str()`` form, each roll as a list of faces) and
    ``final`` (the last position's ``to_json()``, checked on loading) and ``checksum``
    (:func:`checksum` of all the others, checked on loading).
    """
    if isinstance(game, GameRecord):
        start = game.start
        inputs: Sequence[Input] = game.record
        final = game.final
        rules = final.options
        seed = game.seed if seed is None else seed
        players = dict(game.players) if players is None else players
    else:
        start = game.start if game.start_given else None
        inputs = game.inputs
        final = game.state
        rules = game.options
        seed = game.seed if seed is None else seed
        players = dict(game.players) if players is None else players
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "rules": rules.to_json(),
        "seed": None if seed is None else int(seed),
        "players": players,
        "start": None if start is None else start.to_json(),
        "inputs": [_input_to_json(x) for x in inputs],
        "final": final.to_json(),
    }
    seal(data)
    if path is not None:
        Path(path).write_text(dumps(data), encoding="utf-8")
    return data


def seal(data: dict[str, Any]) -> dict[str, Any]:
    """Put the :func:`checksum` of ``data``'s content in ``data["checksum"]``; returns ``data``."""
    data[CHECKSUM_KEY] = checksum(data)
    return data


def dumps(data: dict[str, Any]) -> str:
    """JSON text of a saved game: one input per line, so files diff well; the checksum comes last."""
    head = {k: v for k, v in data.items() if k not in ("inputs", "final", CHECKSUM_KEY)}
    lines = ["{"]
    for k, v in head.items():
        lines.append(f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)},")
    lines.append('  "inputs": [')
    inputs = data.get("inputs", [])
    for i, x in enumerate(inputs):
        lines.append("    " + json.dumps(x) + ("," if i < len(inputs) - 1 else ""))
    lines.append("  ],")
    lines.append(f'  "final": {json.dumps(data.get("final"), ensure_ascii=False, sort_keys=True)}' + ("," if CHECKSUM_KEY in data else ""))
    if CHECKSUM_KEY in data:
        lines.append(f"  {json.dumps(CHECKSUM_KEY)}: {json.dumps(data[CHECKSUM_KEY])}")
    lines.append("}")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------------
# loading


KEYS = ("format", "version", "rules", "seed", "players", "start", "inputs", "final", CHECKSUM_KEY)
KEYS_UNCHECKED = KEYS[:-1]  # version 2: no checksum
UNCHECKED_NOTE = (
    "saved by an older dday, without a fingerprint of its content (a checksum; saved-game version 2): it replays"
    " legally to its stored final position, but a change that leaves that position as it is (a die that made no"
    " difference, the seed, the players' names) cannot be detected in it; save it again to add the fingerprint"
)


def _parse_input(i: int, raw: Any) -> Input:
    if isinstance(raw, str):
        try:
            return parse_action(raw)
        except SaveFileError as exc:
            raise SaveFileError(f"input {i} ({quote(raw)}): {exc}") from None
    if isinstance(raw, list) and all(isinstance(f, int) and not isinstance(f, bool) for f in raw):
        return tuple(raw)
    raise SaveFileError(f"input {i} ({quote(raw)}): neither an action text nor a list of dice faces")


def _header(data: dict[str, Any]) -> tuple[State, int | None, dict[str, str], bool, list[Any]]:
    if data.get("format") != FORMAT:
        raise SaveFileError(f"not a saved dday game: format is {quote(data.get('format'))}, expected {FORMAT!r}")
    if data.get("version") == 1:
        raise SaveFileError(
            "this game was saved by an older dday (saved-game version 1), whose board gave every blockhouse a single"
            " beach to fire at; since version 2 the blockhouses of F14 and F16 cover two beaches (R-BH-3), so the"
            " game cannot be replayed the same way. Open it with dday 0.1.0, or start the position again from its"
            " 'final' state with dday.rules.setup.state_from_json"
        )
    version = data.get("version")
    if version not in (VERSION, UNCHECKED_VERSION) or isinstance(version, bool):
        raise SaveFileError(
            f"saved-game version {quote(version)} is not supported (this dday reads versions {UNCHECKED_VERSION} and {VERSION})"
        )
    keys = KEYS if version == VERSION else KEYS_UNCHECKED
    unknown = sorted(set(data) - set(keys), key=str)
    if unknown:
        raise SaveFileError(
            f"unknown key{'s' if len(unknown) > 1 else ''} {', '.join(quote(k, 40) for k in unknown[:5])} (a version {version} saved game has {', '.join(keys)})"
        )
    missing = [k for k in keys if k not in data]
    if missing == [CHECKSUM_KEY]:
        raise SaveFileError("the saved game has no checksum: the file was changed after it was saved (it was removed)")
    if missing:
        raise SaveFileError(f"the saved game has no {', '.join(map(repr, missing))}")
    rules_data = data["rules"]
    if not isinstance(rules_data, dict):
        raise SaveFileError("'rules' must be an object of rule options")
    try:
        rules = RuleOptions.from_json(rules_data)
    except TypeError as exc:
        raise SaveFileError(f"bad rule options: {quote(str(exc))}") from None
    except DDayError as exc:
        raise SaveFileError(f"bad rule options: {exc}") from None
    seed = data["seed"]
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0):
        raise SaveFileError(f"'seed' must be a whole number of at least 0, or null, not {quote(seed)}")
    players = data["players"]
    if (
        not isinstance(players, dict)
        or not set(players) <= set(SIDES)
        or not all(isinstance(v, str) and 0 < len(v) <= 40 for v in players.values())
    ):
        raise SaveFileError(f"'players' must map 'allies' and 'axis' to short names, not {quote(players)}")
    if data["start"] is None:
        start = initial_state(rules)
    else:
        start = state_from_json(data["start"])
        if start.options != rules:
            raise SaveFileError("the start position's rules differ from the saved rules")
        if start.is_over:
            raise SaveFileError("the start position is a finished game: there is nothing to replay")
    inputs = data["inputs"]
    if not isinstance(inputs, list):
        raise SaveFileError("'inputs' must be a list")
    if not isinstance(data["final"], dict):
        raise SaveFileError("'final' must be the final position (an object), as saved")
    if version == VERSION and data[CHECKSUM_KEY] != checksum(data):
        raise SaveFileError(
            "the file was changed after it was saved: it carries a fingerprint of its content (a SHA-256 checksum),"
            " and what it holds now no longer matches it. A saved game cannot be edited by hand; play the change instead"
        )
    return start, seed, players, data["start"] is not None, inputs


def _step(i: int, s: State, raw: Any) -> tuple[Input, State]:
    x = _parse_input(i, raw)
    if s.is_over:
        raise SaveFileError(f"input {i} ({quote(raw)}): the game was already over ({s.winner} won)")
    try:
        return x, apply(s, x)
    except DDayError as exc:
        raise SaveFileError(f"input {i} ({quote(raw)}): {exc}") from None
    except (KeyError, IndexError, TypeError, ValueError) as exc:  # input the engine could not even read
        raise SaveFileError(f"input {i} ({quote(raw)}): {type(exc).__name__}: {quote(str(exc))}") from None


def final_mismatches(stored: Any, got: Any, where: str = "") -> list[str]:
    """Paths where the stored final position differs from the replayed one: every key of either
    side must be in the other, with the same value (a missing or extra key is a difference)."""
    if isinstance(stored, dict) and isinstance(got, dict):
        out: list[str] = []
        for k in sorted(set(stored) | set(got), key=str):
            path = f"{where}.{k}" if where else str(k)
            if k in stored and k in got:
                out.extend(final_mismatches(stored[k], got[k], path))
            else:
                out.append(path + (" (missing)" if k in got else " (not in this dday's positions)"))
        return out
    if isinstance(stored, list) and isinstance(got, list) and len(stored) == len(got):
        return [m for i, (a, b) in enumerate(zip(stored, got, strict=True)) for m in final_mismatches(a, b, f"{where}[{i}]")]
    return [] if stored == got and type(stored) is type(got) else [where or "final"]


def load_game(source: str | bytes | os.PathLike[str] | dict[str, Any]) -> LoadedGame:
    """Read and fully validate a saved game (a path, JSON text or the dict of :func:`save_game`).

    Raises :class:`~dday.errors.SaveFileError` naming what is wrong; returns only a game
    whose every input replayed legally and whose final position matches the stored one.
    """
    data = read_json(source)
    start, seed, players, start_given, raw_inputs = _header(data)
    states = [start]
    inputs: list[Input] = []
    for i, raw in enumerate(raw_inputs):
        x, s = _step(i, states[-1], raw)
        inputs.append(x)
        states.append(s)
    final = states[-1]
    diff = final_mismatches(data["final"], json.loads(json.dumps(final.to_json())))
    if diff:
        raise SaveFileError(
            f"the replayed final position does not match the stored one (differs in: {', '.join(diff[:8])}); the file was changed"
        )
    if not start_given:  # units are conserved in a game played from the set-up (not in a prepared start)
        check_invariants(final, error=SaveFileError)
    return LoadedGame(states, inputs, seed, players, start_given, note="" if data["version"] == VERSION else UNCHECKED_NOTE)


def replay(saved: str | os.PathLike[str] | dict[str, Any] | History) -> Iterator[State]:
    """Every position of a saved game, from the start to the end, one input at a time.

    Lazy: a damaged file raises :class:`~dday.errors.SaveFileError` when the replay reaches
    the damage (use :func:`load_game` to validate everything first).
    """
    if isinstance(saved, History):
        yield from saved.states
        return
    data = read_json(saved)
    s, _, _, _, raw_inputs = _header(data)
    yield s
    for i, raw in enumerate(raw_inputs):
        _, s = _step(i, s, raw)
        yield s


# ---------------------------------------------------------------------------------------------
# the golden game of the tests


def make_golden(path: str | os.PathLike[str] | None = None, seed: int = 2026) -> dict[str, Any]:
    """Greedy vs greedy with ``seed``: the golden saved game of ``tests/data/golden_game.json``."""
    g = play_game(GreedyBot(), GreedyBot(), seed=seed)
    return save_game(g, path)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m dday.play.saves", description="Saved games: make the golden game, or check a file.")
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument("--make-golden", metavar="PATH", help="play greedy vs greedy (seed 2026) and save it to PATH")
    g.add_argument("--check", metavar="PATH", help="load PATH, replaying and validating every input")
    p.add_argument("--seed", type=int, default=2026)
    args = p.parse_args(argv)
    if args.make_golden:
        data = make_golden(args.make_golden, args.seed)
        print(f"wrote {args.make_golden}: {len(data['inputs'])} inputs, {data['final']['winner']} win on turn {data['final']['turn']}")
        return 0
    try:
        game = load_game(args.check)
    except SaveFileError as exc:
        print(f"invalid: {exc}")
        return 1
    print(
        f"ok: {len(game)} inputs, {game.final.winner or 'nobody yet'} {'won' if game.final.is_over else 'to play'}, turn {game.final.turn}"
    )
    if game.note:
        print(f"note: {game.note}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
