"""Who decides: the decision-provider interface, and the simplest bot.

A *player* is anything with ``choose(state, actions, rng) -> action``: a person behind a
widget, a script, or a bot.

>>> import numpy as np
>>> from dday.rules.actions import Done, Pick
>>> RandomBot().choose(None, [Done(), Pick("use")], np.random.default_rng(1)) in (Done(), Pick("use"))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np

from ..rules.actions import Action
from ..rules.state import State


class Player(Protocol):
    """Anything that answers decisions. ``actions`` is never empty."""

    name: str

    def choose(self, state: State, actions: Sequence[Action], rng: np.random.Generator) -> Action: ...


class RandomBot:
    """Picks one legal action uniformly at random (with the generator it is given)."""

    name = "random"

    def choose(self, state: State, actions: Sequence[Action], rng: np.random.Generator) -> Action:
        return actions[int(rng.integers(len(actions)))]


__all__ = ["Player", "RandomBot"]
