"""Play whole games: decisions from players, dice from a seeded generator.

>>> from dday.bots.base import RandomBot
>>> g = play_game(RandomBot(), RandomBot(), seed=1)
>>> g.final.winner in ("allies", "axis"), len(g.record) > 100
(True, True)
>>> play_game(RandomBot(), RandomBot(), seed=1).final.key == g.final.key   # same seed, same game
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import overload

import numpy as np

from ..bots.base import Player
from ..rules.actions import Action
from ..rules.dice import Faces
from ..rules.engine import apply, legal_actions, sample_roll
from ..rules.events import Event
from ..rules.setup import initial_state
from ..rules.state import RuleOptions, State


class LegalActions(Sequence[Action]):
    """``legal_actions(state)``, worked out on first use.

    A bot that finds its own candidates (``GreedyBot`` moves through
    :func:`dday.rules.orders.movement.move_options`) never pays for the list of action objects.

    >>> acts = LegalActions(initial_state())
    >>> len(acts) == len(legal_actions(initial_state())), list(acts) == legal_actions(initial_state())
    (True, True)
    """

    __slots__ = ("_list", "_state")

    def __init__(self, state: State) -> None:
        self._state = state
        self._list: list[Action] | None = None

    def _actions(self) -> list[Action]:
        if self._list is None:
            self._list = legal_actions(self._state)
        return self._list

    @overload
    def __getitem__(self, i: int) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Action]: ...
    def __getitem__(self, i: int | slice) -> Action | Sequence[Action]:
        return self._actions()[i]

    def __len__(self) -> int:
        return len(self._actions())

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions())


@dataclass
class GameRecord:
    """A finished (or stopped) game: the final state, every input in order, and the log (typed
    events; :func:`dday.views.log_text.lines_of` writes them as sentences)."""

    final: State
    record: list[Action | Faces] = field(default_factory=list)
    log: list[Event] = field(default_factory=list)
    seed: int | None = None
    start: State | None = None  # the state the game was played from (None: the set-up)
    players: dict[str, str] = field(default_factory=dict)  # side -> player name

    @property
    def winner(self) -> str | None:
        return self.final.winner


def play_game(
    allies: Player,
    axis: Player,
    seed: int | np.random.Generator | None = None,
    *,
    options: RuleOptions | None = None,
    state: State | None = None,
    max_steps: int = 100_000,
    on_event: Callable[[Event], None] | None = None,
    on_state: Callable[[State], None] | None = None,
) -> GameRecord:
    """Play from ``state`` (default: the set-up) until the game ends.

    The dice and the bots' tie-breaks use one generator made from ``seed``, so the same
    seed and the same players always give the same game. ``on_event`` receives every event
    of the log as it happens; ``on_state`` every state after an input (not the starting one).
    """
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    s = state or initial_state(options)
    rec = GameRecord(
        final=s,
        seed=int(seed) if isinstance(seed, (int, np.integer)) else None,
        start=state,
        players={"allies": getattr(allies, "name", type(allies).__name__), "axis": getattr(axis, "name", type(axis).__name__)},
    )
    for event in s.events:
        rec.log.append(event)
        if on_event:
            on_event(event)
    players = {"allies": allies, "axis": axis}
    for _ in range(max_steps):
        if s.is_over:
            break
        x: Action | Faces
        if s.current_player == "chance":
            x = sample_roll(s, rng)
        else:
            x = players[s.current_player].choose(s, LegalActions(s), rng)
        s = apply(s, x)
        rec.record.append(x)
        if on_state:
            on_state(s)
        for event in s.events:
            rec.log.append(event)
            if on_event:
                on_event(event)
    else:
        raise RuntimeError(f"game did not end within {max_steps} steps")
    rec.final = s
    return rec
