"""The sixteen order cards as data (R-TURN-2; ORDER-1..16 in dday/data/reference/20-orders.md).

>>> ORDER_CARDS[9].name, ORDER_CARDS[9].active
('Blockhouses Fire to Sea', 'axis')
>>> [c.number for c in ORDER_CARDS.values() if c.response]
[11, 12, 13, 15]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import State


@dataclass(frozen=True)
class OrderCard:
    number: int
    name: str
    active: str  # "allies" or "axis"
    response: str  # what the other side does, "" if nothing
    rules: tuple[str, ...]  # rule IDs the card implements
    summary: str  # one line in our own words


ORDER_CARDS: dict[int, OrderCard] = {
    c.number: c
    for c in (
        OrderCard(1, "Airborne Assault", "allies", "", ("ORDER-1", "R-PARA-1", "R-PARA-2", "R-DECK-1"),
                  "Turn 1 only: each paratrooper rolls a die and hits on 1; the Germans pick their losses (never a blockhouse)."),
        OrderCard(2, "Naval Bombardment", "allies", "", ("ORDER-2", "R-NAVAL-1", "R-NAVAL-2", "R-NAVAL-3"),
                  "Six dice in all, aimed one at a time at any blockhouse; 1-2 destroys it."),
        OrderCard(3, "Fighter Patrol", "allies", "", ("ORDER-3", "R-AIR-2", "R-STACK-3"),
                  "Fighters leave the airfield to patrol zones, at most four per zone."),
        OrderCard(4, "Antiaircraft Fire vs. Fighters", "axis", "", ("ORDER-4", "R-AA-1", "R-AA-2"),
                  "Each German artillery under patrolling fighters fires one die at one of them; a 1 shoots it down."),
        OrderCard(5, "Bomber Strike", "allies", "", ("ORDER-5", "R-AIR-5"),
                  "Bombers fly to zones with no Allied troops and each strikes one German unit; 1-3 destroys it."),
        OrderCard(6, "Antiaircraft Fire vs. Bombers", "axis", "", ("ORDER-6", "R-AA-2"),
                  "Each German artillery under a bomber fires one die at it; a 1 shoots it down."),
        OrderCard(7, "Bombers Return", "allies", "", ("ORDER-7", "R-AIR-6"), "Surviving bombers fly back to the airfield."),
        OrderCard(8, "Allies Move", "allies", "", ("ORDER-8", "R-MOVE-1", "R-MOVE-3", "R-MOVE-4"),
                  "Allied units ashore move one zone, tanks up to two; units locked in combat stay."),
        OrderCard(9, "Blockhouses Fire to Sea", "axis", "", ("ORDER-9", "R-BH-2", "R-BH-3"),
                  "Each blockhouse with a firing arc fires one die at a chosen unit waiting in a beachhead its arc covers; 1-3 destroys it."),
        OrderCard(10, "Allies Land", "allies", "", ("ORDER-10", "R-BEACH-2"),
                  "Units in the beachhead boxes come ashore into their landing zone, up to eight Allied units there."),
        OrderCard(11, "Allies Attack", "allies", "Axis defends", ("ORDER-11", "R-COMBAT-1", "R-COMBAT-3"),
                  "One round of combat in every zone where both sides have land units; the Allies fire first."),
        OrderCard(12, "Axis Moves", "axis", "Allied fighters strafe", ("ORDER-12", "R-MOVE-7", "R-AIR-3", "R-AIR-4"),
                  "German units move one zone, tanks up to two; every fighter on the way rolls against each mover."),
        OrderCard(13, "Axis Attacks", "axis", "Allies defend", ("ORDER-13", "R-COMBAT-1", "R-COMBAT-3"),
                  "One round of combat in every contested zone; the Germans fire first."),
        OrderCard(14, "Allies Reinforce", "allies", "", ("ORDER-14", "R-REINF-1", "R-REINF-4", "R-REINF-5"),
                  "Roll 2d6 for the UK and for the US; that many units from the chart go to the beachhead boxes."),
        OrderCard(15, "Axis Reinforces", "axis", "Allied fighters strafe", ("ORDER-15", "R-REINF-6", "R-REINF-8"),
                  "Roll 2d6 per German column; units enter in their sector zones and are strafed by fighters there."),
        OrderCard(16, "Fighters Return", "allies", "", ("ORDER-16", "R-AIR-6", "R-VICTORY-2"),
                  "Fighters fly home; the turn ends and victory is checked."),
    )
}


# ---- R-DECK-2: when a card leaves the deck (RECONSTRUCTED predicates) -------------------------


def _fighters_in_play(s: State) -> bool:
    return s.airfield.fighters + sum(a.fighters for a in s.air) > 0


def _bombers_in_play(s: State) -> bool:
    return s.airfield.bombers + sum(a.bombers for a in s.air) > 0


def _arc_blockhouses(s: State) -> bool:
    return any(s.units(z, "Germany").blockhouse for z in s.board.arc_zones())


def _allied_charts_empty(s: State) -> bool:
    return all(not s.charts[c.index] for c in s.board.charts if c.power != "Germany")


def _german_charts_empty(s: State) -> bool:
    return all(not s.charts[c.index] for c in s.board.charts if c.power == "Germany")


def _allied_land_anywhere(s: State) -> bool:
    on_board = any(uk.land_for_stacking + us.land_for_stacking for _, uk, us in s.ground)
    return on_board or any(f.total for f in s.beach) or any(f.total for f in s.airborne) or not _allied_charts_empty(s)


def _axis_mobile_anywhere(s: State) -> bool:
    return any(g.land_for_stacking for g, _, _ in s.ground) or not _german_charts_empty(s)


STAYS_IN_DECK: dict[int, Callable[[State], bool]] = {
    2: lambda s: s.blockhouses_in_play() > 0,
    3: _fighters_in_play,
    4: _fighters_in_play,
    5: _bombers_in_play,
    6: _bombers_in_play,
    7: _bombers_in_play,
    8: _allied_land_anywhere,
    9: _arc_blockhouses,
    10: lambda s: any(f.total for f in s.beach) or not _allied_charts_empty(s),
    12: _axis_mobile_anywhere,
    14: lambda s: not _allied_charts_empty(s),
    15: lambda s: not _german_charts_empty(s),
    16: _fighters_in_play,
}

REMOVAL_REASON: dict[int, str] = {
    1: "it is used on turn 1 only (R-DECK-1)",
    2: "no blockhouse is left (R-DECK-2)",
    3: "no fighter is left (R-DECK-2)",
    4: "no fighter is left (R-DECK-2)",
    5: "no bomber is left (R-DECK-2)",
    6: "no bomber is left (R-DECK-2)",
    7: "no bomber is left (R-DECK-2)",
    8: "the Allies have no land units left (R-DECK-2)",
    9: "no blockhouse with a firing arc is left (R-DECK-2)",
    10: "the beachheads and Allied charts are empty (R-DECK-2)",
    12: "the Axis has no movable land units left (R-DECK-2)",
    14: "both Allied charts are empty (R-DECK-2)",
    15: "both German columns are empty (R-DECK-2)",
    16: "no fighter is left (R-DECK-2)",
}


def stays_in_deck(card: int, state: State) -> bool:
    """Whether order ``card`` is still in play (orders 11 and 13 never leave, R-DECK-3)."""
    pred = STAYS_IN_DECK.get(card)
    return True if pred is None else pred(state)
