"""Every number the bots play by, in one place: one frozen config per bot.

A bot scores each legal action with a plain sum of the terms below and plays the highest
(a move or landing scoring no more than 0 loses to **Done**). The greedy numbers are rules of
thumb; the strong bot replaces some of them with exact fight odds
(:func:`dday.bots.strong.hold_probability`, a probability between 0 and 1, so a weight of 6
per point of probability turns "from 40 % to 60 % likely to hold" into 1.2); the planner adds
its plan on top. A config is a frozen value: a bot never changes it, and
``dataclasses.replace`` makes a variant to try.

>>> from dataclasses import replace
>>> bolder = replace(StrongConfig(), attack_threshold=0.4)
>>> bolder.attack_threshold, StrongConfig().attack_threshold
(0.4, 0.5)
>>> PlannerConfig().strong_for("axis").attack_threshold
0.25
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

__all__ = ["TARGET_VALUE", "UNIT_VALUE", "GreedyWeights", "PlannerConfig", "StrongConfig"]

UNIT_VALUE = {"infantry": 1.0, "artillery": 2.0, "tank": 3.0, "blockhouse": 2.5}
"""What losing one unit costs its owner (casualties go cheapest first)."""
TARGET_VALUE = {"infantry": 1.0, "artillery": 2.2, "tank": 3.0, "blockhouse": 2.0}
"""What destroying one enemy unit is worth to the one who aims (artillery is also the antiaircraft gun)."""


@dataclass(frozen=True)
class GreedyWeights:
    """The greedy bot's rules of thumb (:class:`~dday.bots.greedy.GreedyBot`), also the base of the others."""

    # -- attacks: moving into a zone with enemy land units --
    attack_ratio: float = 1.3  # attack only if own expected hits per round are at least this many times the defenders'
    attack: float = 2.0  # an attack with that edge
    attack_city: float = 3.0  # ... plus this if the zone has a victory city
    weak_attack_cost: float = 1.0  # an attack without that edge (subtracted)
    # -- Allied moves --
    allies_per_move_to_city: float = 0.8  # per move closer to the nearest victory city the Allies do not hold
    allies_city_left_empty_cost: float = 5.0  # leaving an Allied-held city with no unit in it
    clear_the_beach: float = 0.3  # moving out of a zone that beachhead boxes land into (room for the next wave)
    # -- German moves --
    axis_garrison: float = 2.5  # into a German-held city next to Allied units...
    axis_garrison_size: int = 6  # ... while it then holds at most this many land units
    axis_city_left_cost: float = 3.0  # moving out of a city next to Allied units
    axis_per_move_to_front: float = 0.6  # per move closer to the nearest Allied land units
    axis_per_fighter_cost: float = 0.4  # per Allied fighter over the start and end zones (twice over the zones passed)
    # -- naval bombardment (one naval die aimed at a coastal zone) --
    bombard: float = 1.0  # any naval die
    bombard_arc: float = 2.0  # the zone's blockhouses fire at beaches...
    bombard_per_unit_on_beach: float = 0.3  # ... plus this per unit on those beaches
    bombard_city: float = 1.5  # the zone has a victory city
    bombard_allies_there: float = 1.0  # Allied units fight in the zone
    bombard_per_blockhouse_cost: float = 0.1  # per blockhouse there: finish off small groups first
    # -- bomber strikes (added to the target's TARGET_VALUE) --
    bomb_near_allies: float = 1.0  # the zone is at most one move from Allied land units
    bomb_per_artillery_cost: float = 0.2  # per German artillery there (the antiaircraft guns)
    # -- fighter patrols --
    patrol_per_german_unit: float = 0.4  # per German land unit in a zone not fought over (it may move out: strafed)
    patrol_arrivals: float = 2.0  # a German reinforcement sector whose chart still has units (they arrive there)
    patrol_per_allied_neighbour: float = 0.3  # per neighbouring zone with Allied land units
    patrol_per_artillery_cost: float = 0.6  # per German artillery there (antiaircraft fire)
    patrol_per_fighter_cost: float = 0.5  # per fighter already patrolling there
    # -- German reinforcements --
    place: float = 10.0  # placing a unit in a sector zone, minus its distance in moves to the nearest Allied units...
    place_distance_alone: int = 5  # ... (this distance when no Allied unit is on the board)
    place_per_fighter_cost: float = 0.7  # per Allied fighter over the zone (it strafes units placed under it)
    # -- other choices --
    uk_naval_dice: int = 3  # of the six naval dice, the UK's share (the US gets the rest)
    batch_moves: bool = True  # declare several like units in one Move or Land (the same decision as one by one, faster)


@dataclass(frozen=True)
class StrongConfig:
    """The strong bot's thresholds and weights (:class:`~dday.bots.strong.StrongBot`). A probability
    here is P(a side holds the zone alone after the next attack cards), from the exact zone fight."""

    greedy: GreedyWeights = field(default_factory=GreedyWeights)  # the rules of thumb it keeps
    # -- attacks --
    attack_threshold: float = 0.5  # start a new attack only if P(holding the zone after two attack cards) is at least this
    city_threshold: float = 0.3  # the same for an Allied attack on a victory city, over every attack card before the deadline
    max_fight_units: int = 16  # the most units of both sides in a zone whose exact odds it works out (above: the greedy rule)
    max_city_cards: int = 10  # the longest look-ahead, in attack cards, for an Allied attack on a victory city
    city: float = 3.0  # the zone has a victory city
    new_attack: float = 1.0  # a new attack that clears the bar...
    new_attack_per_point: float = 3.0  # ... plus this per point of P(holding)
    below_bar_cost: float = 1.0  # a new attack below the bar...
    below_bar_per_point_cost: float = 2.0  # ... and this per point it falls short
    join: float = 0.5  # joining a fight already under way or declared...
    join_per_own_point: float = 6.0  # ... plus this per point it adds to P(we hold the zone)
    join_per_enemy_point: float = 4.0  # ... plus this per point it takes from P(the enemy holds it) (and the city's weight too)
    # -- naval bombardment --
    bombard_any: float = 0.1  # any unit removed
    beach_targets: int = 3  # the most units on the beaches a blockhouse's shot this turn is counted against
    later_shots_per_turn: float = 0.5  # units on later waves a blockhouse threatens, per turn left after this one
    unit_on_beach: float = 1.5  # what a unit sunk on the beach is worth
    bombard_per_point: float = 6.0  # per point of P(the Allies hold the zone) gained, where they fight
    bombard_city_factor: float = 2.0  # ... times this in a victory city
    bombard_city: float = 0.5  # a victory city where no Allied unit fights yet
    # -- bomber strikes --
    bomb_importance: tuple[float, float, float] = (1.5, 1.0, 0.5)  # a target's weight at most 1, exactly 2, 3 or more moves from Allied units
    bomb_distance_alone: int = 4  # the distance counted when no Allied unit is on the board
    bomb_city: float = 0.5  # ... plus this in a victory city
    bomber_hit: float = 1.5  # what each later hit of the bomber is worth (it may be shot down)


@dataclass(frozen=True)
class PlannerConfig:
    """The planner's plan (:class:`~dday.bots.planner.PlannerBot`, :mod:`dday.bots.allies_plan`,
    :mod:`dday.bots.axis_plan`); everything else is the strong bot's, with a bar per side."""

    strong: StrongConfig = field(default_factory=StrongConfig)  # the strong bot it steers (its attack_threshold is replaced per side)
    allies_attack_threshold: float = 0.5  # the Allies' bar for a new attack outside the cities
    axis_attack_threshold: float = 0.25  # the Axis's: lower, it attacks sooner (see dday.bots.axis_plan)
    garrison_weight: float = 4.0  # both sides: per point of P(a city's garrison holds) added or taken by a move
    hold_penalty: float = 10.0  # Allies: per move out of a city they hold (an attack scores about 2 to 8)
    empty_city_bonus: float = 6.0  # Allies: the first unit declared into an empty city
    detach_range: int = 4  # Allies: units this many moves or fewer from an empty city may be sent to it
    detach_weight: float = 5.0  # Allies: per move closer to an empty city, for those units
    detach_size: int = 2  # Allies: the units sent (no more once this many are in or next to the city)

    def strong_for(self, side: str) -> StrongConfig:
        """The strong bot's config with this side's bar for a new attack."""
        bar = self.axis_attack_threshold if side == "axis" else self.allies_attack_threshold
        return replace(self.strong, attack_threshold=bar)
