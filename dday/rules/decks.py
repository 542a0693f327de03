"""Advanced rules as data: the fortune and tactics decks (dday/data/reference/40-advanced.md), the card sequences and the rule-option checks (50-variants.md).

Each card records how sure we are of it. Effects the rules reference marks reconstructed or UNKNOWN are
implemented as its documented reconstruction, and ``reconstructed`` is True so the game log
and the notebooks can say so.

>>> FORTUNE[2].positive
'naval dice hit on 1-3'
>>> TACTICS[8].name, TACTICS[8].side, TACTICS[8].reconstructed
('Blockhouse Construction', 'axis', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import DDayError


class RulesConflictError(DDayError):
    """Two rule options that cannot be combined (the message names both)."""


@dataclass(frozen=True)
class FortuneCard:
    """Fortune card N, resolved just before order N (R-FORT-1, R-FORT-2)."""

    number: int
    roller: str  # side that rolls: the side active on order N
    positive: str  # effect on a roll of 1
    negative: str  # effect on a roll of 6
    confidence: str  # AID, OFFICIAL, AID + RB, ...
    reconstructed: str = ""  # which detail is RECONSTRUCTED, if any
    reconstructed_on: int = 0  # the result (1 or 6) that detail concerns; 0 = both

    def note_for(self, result: int) -> str:
        """The RECONSTRUCTED note that applies to ``result`` (1 or 6), or ''."""
        return self.reconstructed if self.reconstructed and self.reconstructed_on in (0, result) else ""


@dataclass(frozen=True)
class TacticsCard:
    """Tactics card N, offered just after order N to the side it belongs to (R-TAC-1, R-TAC-2)."""

    number: int
    side: str
    name: str
    effect: str
    confidence: str
    reconstructed: bool


FORTUNE: dict[int, FortuneCard] = {
    c.number: c
    for c in (
        FortuneCard(1, "allies", "paratroopers hit on 1-2", "the Axis removes 2 paratroopers of its choice; the rest do not attack", "AID",
                    "the 2 removed infantry leave play; the others still land (FORT-1 result 6)", 6),
        FortuneCard(2, "allies", "naval dice hit on 1-3", "naval dice hit only on 1", "OFFICIAL"),
        FortuneCard(3, "allies", "no limit of 4 fighters per zone", "each fighter on the airfield rolls: 4-6 is grounded this turn", "AID",
                    "'grounded' = stays on the airfield this turn", 6),
        FortuneCard(4, "axis", "antiaircraft hits on 1-2", "the Allies pick one zone with no antiaircraft fire", "AID",
                    "the zone is picked before any antiaircraft die", 6),
        FortuneCard(5, "allies", "bombers hit on 1-5", "each bomber on the airfield rolls: 4-6 is grounded this turn", "AID",
                    "'grounded' = stays on the airfield this turn", 6),
        FortuneCard(6, "axis", "antiaircraft hits on 1-2", "the Allies pick one zone with no antiaircraft fire", "AID",
                    "the zone is picked before any antiaircraft die", 6),
        FortuneCard(7, "allies", "one bomber lost earlier returns to the airfield", "the Axis removes one bomber on the board from play",
                    "AID + RB", "the Allies pick the power that gets its bomber back; no effect if none was lost / none is on the board"),
        FortuneCard(8, "allies", "every Allied land unit may move 2 zones", "the UK and the US may each move units out of one zone only",
                    "AID + RB", "non-tanks moving 2 zones follow the tank rule (stop in a zone with enemy land units)", 1),
        FortuneCard(9, "axis", "blockhouses hit on 1-5", "blockhouses hit only on 1", "AID"),
        FortuneCard(10, "allies", "units of a power may land from any of its boxes into any of its landing zones",
                    "the Allies land from one UK box and one US box only", "AID + RB + FAQ"),
        FortuneCard(11, "allies", "Allied infantry attack on 1-2", "the UK and the US each attack in one zone of their choice only",
                    "AID + RB + FAQ", "zones not picked get no combat cycle on this card", 6),
        FortuneCard(12, "axis", "every Axis land unit may move 2 zones", "the Axis moves units out of 2 zones only", "AID + RB",
                    "non-tanks moving 2 zones follow the tank rule", 1),
        FortuneCard(13, "axis", "Axis infantry attack on 1-2", "the Axis attacks in 2 zones of its choice only", "AID + RB",
                    "zones not picked get no combat cycle on this card", 6),
        FortuneCard(14, "allies", "the UK and the US may each re-roll one of their two dice (the new roll stands)",
                    "each Allied power gets half its roll, rounded up", "AID + RB"),
        FortuneCard(15, "axis", "each German sector roll may re-roll one die (the new roll stands)",
                    "each German sector gets half its roll, rounded up", "AID + RB"),
        FortuneCard(16, "allies", "one fighter lost earlier returns to the airfield", "the Axis removes one fighter on the board from play",
                    "AID + RB", "the Allies pick the power; no effect if none was lost / none is on the board"),
    )
}

TACTICS: dict[int, TacticsCard] = {
    c.number: c
    for c in (
        TacticsCard(1, "allies", "Paratrooper Reinforcements",
                    "per airborne box roll a die; on 1-3 that many infantry come off the chart into the box's zone and attack at once (hit on 1, targets picked by the Allies, no return fire, blockhouses exempt)",
                    "AID + RB fragment", True),
        TacticsCard(2, "axis", "V-2 Rocket Strike", "one die per Allied chart; on 1-4 the next unit on that chart is destroyed", "AID", False),
        TacticsCard(3, "allies", "Barnstorming",
                    "one patrolling fighter cannot be targeted by antiaircraft fire this turn; alone in its zone, the zone has no antiaircraft fire", "RB fragment", True),
        TacticsCard(4, "axis", "Fireball from Above",
                    "for each fighter shot down on order 4 this turn, a die: on 1 the Axis destroys an Allied land unit of its choice in that zone",
                    "UNKNOWN", True),
        TacticsCard(5, "allies", "Heavy Bombardment", "each bomber on the board strikes again in its zone (hits on 1-3)", "UNKNOWN", True),
        TacticsCard(6, "axis", "Friendly Fire",
                    "one bomber on the board strikes an Allied land unit chosen by the Axis in a zone next to the bomber's (hits on 1-3)",
                    "partly UNKNOWN", True),
        TacticsCard(7, "axis", "Flooding the Lowlands", "one zone: on order 8 this turn no Allied land unit may enter or pass through it",
                    "partly UNKNOWN", True),
        TacticsCard(8, "axis", "Blockhouse Construction",
                    "rebuild 1 destroyed blockhouse in a coastal zone that lost one (never above its starting count)", "RB fragments", True),
        TacticsCard(9, "allies", "Deceptive Landing", "before order 10 move units between beachhead boxes of one power (no box above 8)",
                    "UNKNOWN", True),
        TacticsCard(10, "allies", "Combined Assault",
                    "on order 11 this turn, in each zone, as many Allied infantry as there are Allied artillery attack on 1-2", "RB fragment", True),
        TacticsCard(11, "allies", "Long-Range Howitzers",
                    "each Allied artillery ashore may fire one die at an Axis land unit in an adjacent zone (1-2 destroys), no return fire",
                    "partly UNKNOWN", True),
        TacticsCard(12, "allies", "French Resistance", "one zone gets no combat cycle on order 13 this turn", "UNKNOWN", True),
        TacticsCard(13, "axis", "Long-Range 88s",
                    "each Axis artillery may fire one die at an Allied land unit in an adjacent zone (1-2 destroys), no return fire",
                    "UNKNOWN", True),
        TacticsCard(14, "allies", "Reconnaissance Strafing",
                    "move fighters (from patrols or the airfield) to one German reinforcement zone; they strafe on order 15 as usual",
                    "RB fragment + FAQ", True),
        TacticsCard(15, "axis", "German Convoy",
                    "one unit placed as a reinforcement this turn moves at once (1 zone, tank 2) and is strafed as usual", "UNKNOWN", True),
        TacticsCard(16, "allies", "Volunteers Home Front",
                    "a die: on 1-3 that many destroyed Allied infantry go back to empty infantry slots on their chart", "UNKNOWN", True),
    )
}


# ---------------------------------------------------------------------------------------------
# Card sequences and the option checks of dday.rules.state.RuleOptions (the named rule sets are in
# dday.variants.rulesets)

OFFICIAL_ORDER = tuple(range(1, 17))
# VAR-TA-2: paratroopers; naval; bombers strike, AA vs bombers, bombers return; fighters placed,
# AA vs fighters; blockhouses fire; Allied movement and landing; battles; Allied reinforcements;
# German movement; battles; German reinforcements; fighters return.
TRIPLEA_ORDER = (1, 2, 5, 6, 7, 3, 4, 9, 8, 10, 11, 14, 12, 13, 15, 16)


def check_rules(options: Any) -> None:
    """Refuse option combinations that contradict each other (raises :class:`RulesConflictError`)."""
    if options.fighter_limit < 1:
        raise RulesConflictError("fighter_limit must be at least 1 (R-STACK-3 / VAR-TA-1)")
    if sorted(options.card_order) != list(OFFICIAL_ORDER):
        raise RulesConflictError(f"card_order must list the orders 1-16 once each, got {options.card_order}")
    if options.card_order != OFFICIAL_ORDER and (options.fortune or options.tactics):
        raise RulesConflictError(
            "the TripleA card sequence (VAR-TA-2) has no fortune or tactics cards (VAR-TA-12); fortune and tactics are placed "
            "next to the order of the same number in the official sequence (R-FORT-1, R-TAC-1)"
        )
    if options.capture_win and options.continuous_hold:
        raise RulesConflictError("capture_win (VAR-RM-15: no holding turn) contradicts continuous_hold (R-VICTORY-4: a stricter hold)")
    if options.capture_win and options.extended_play:
        raise RulesConflictError("capture_win (VAR-RM-15/16) ends the game at turn 10, extended_play (VAR-RM-18) continues it")
    if options.artillery_orders and options.tactics:
        raise RulesConflictError(
            "the reference manual's artillery orders 9a/11a (VAR-RM-7/8/9) replace artillery dice in land combat and clash with "
            "the tactics cards' artillery effects (TAC-10, TAC-11, TAC-13)"
        )


__all__ = ["FORTUNE", "OFFICIAL_ORDER", "TACTICS", "TRIPLEA_ORDER", "FortuneCard", "RulesConflictError", "TacticsCard", "check_rules"]
