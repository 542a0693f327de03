"""The built-in bots, by name, and the interface every player answers.

* ``random`` — :class:`~dday.bots.base.RandomBot`: a uniform legal choice;
* ``greedy`` — :class:`~dday.bots.greedy.GreedyBot`: rules of thumb a careful beginner would use;
* ``strong`` — :class:`~dday.bots.strong.StrongBot`: the greedy rules with the exact odds where they matter;
* ``planner`` — :class:`~dday.bots.planner.PlannerBot`: the strong bot steered by a plan for each side,
  the strongest (notebook 21 measures them): :data:`STRONGEST`, the coach's bot and every seat list's last choice.

Each scoring bot is built from one frozen config of its numbers (:mod:`dday.bots.weights`:
:class:`GreedyWeights`, :class:`StrongConfig`, :class:`PlannerConfig`) and calls the decision
loop they share (:mod:`dday.bots.choice`) with the scorer it holds; ``choose`` changes none of them.

>>> sorted(BOTS), make_player("greedy").name
(['greedy', 'planner', 'random', 'strong'], 'greedy')
"""

from __future__ import annotations

from .base import Player, RandomBot
from .greedy import GreedyBot
from .planner import PlannerBot
from .strong import StrongBot

BOTS: dict[str, type] = {"random": RandomBot, "greedy": GreedyBot, "strong": StrongBot, "planner": PlannerBot}
STRONGEST = "planner"
"""The name of the strongest bot, the one the coach (**Hint**, **Let the bot decide**) asks: one name everywhere."""
STRONGEST_WORDS = f"the {STRONGEST} bot, the strongest"
"""How the widgets name it to a learner."""


def make_player(name: str) -> Player:
    """A bot by name: 'random', 'greedy', 'strong' or 'planner'."""
    try:
        return BOTS[name]()  # type: ignore[no-any-return]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; choose from {sorted(BOTS)}") from None


__all__ = ["BOTS", "STRONGEST", "STRONGEST_WORDS", "make_player"]
