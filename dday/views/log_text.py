"""The game's log in English: the sentence for each typed event the rules record.

The rules record what happened as :mod:`dday.rules.events` (facts: zones, units, dice, rule
ids); this module is the one place that writes them as the lines a learner reads in the game
log, the card labs and the command line. Zone ids become "F11 Sainte-Mère-Église" and chart
and airborne-box numbers their names, so each line needs the board the game is played on.

>>> from dday.rules.setup import initial_state
>>> from dday.rules.engine import apply
>>> s = apply(initial_state(), (1, 1, 4))                 # EX-9: the 101st Airborne's dice
>>> for line in log_lines(s):
...     print(line)
US 101st Airborne attacks F11 Sainte-Mère-Église: dice 1,1,4 -> 2 hits, 1 of them counts (hits on 1; blockhouses exempt)
Axis removes 1 German infantry in F11 Sainte-Mère-Église
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from ..rules.board import Board
from ..rules.cards import ORDER_CARDS, REMOVAL_REASON
from ..rules.decks import FORTUNE, TACTICS
from ..rules.events import (
    AirborneAttack,
    AirHome,
    AlliedPlaced,
    AntiaircraftFire,
    ArtilleryFire,
    AxisStopsPlacing,
    BeachUnitMoved,
    BlockhouseFire,
    BlockhouseRebuilt,
    BomberAttack,
    CardStarted,
    CasualtiesRemoved,
    CombatRolled,
    ConvoyMoved,
    Counts,
    CycleEnded,
    DeckChanged,
    DefenceRolled,
    DieRerolled,
    Event,
    FighterSent,
    FightersGather,
    FightersPatrol,
    FortuneAir,
    FortuneRolled,
    FortuneZone,
    FriendlyFire,
    GermanDieShared,
    GermanPlaced,
    Grounded,
    HouseArtillery,
    NavalDiceLost,
    NavalFire,
    NavalSplit,
    NoCombatCycle,
    NoMoves,
    NoRoom,
    ParatrooperRemoved,
    ParatroopersLanded,
    ReinforcementsRolled,
    RerollOffered,
    Strafed,
    Tac1Attack,
    Tac1Drop,
    Tac4Fire,
    TacticChoice,
    TacticDecided,
    TurnEnded,
    UnitsLanded,
    UnitsMoved,
    V2Strike,
    VictoryCheck,
    VolunteerReturns,
    VolunteersRolled,
)
from ..rules.scenario import Script, events_of
from ..rules.state import State
from ..rules.units import Force, other_side
from ..rules.words import count, plural, side_name, unit_noun, units, with_article

__all__ = ["aa_gun_name", "event_text", "faces_text", "hit_range", "lines_of", "log_lines", "log_of"]

E = TypeVar("E", bound=Event)
_WRITERS: dict[type[Event], Callable[[Any, Board], str]] = {}


def _writes(kind: type[E]) -> Callable[[Callable[[E, Board], str]], Callable[[E, Board], str]]:
    def register(fn: Callable[[E, Board], str]) -> Callable[[E, Board], str]:
        _WRITERS[kind] = fn
        return fn

    return register


def event_text(event: Event, board: Board) -> str:
    """The log line for ``event`` of a game on ``board``.

    >>> from dday.rules.board import load_board
    >>> from dday.rules.events import UnitsLanded
    >>> event_text(UnitsLanded("US", "tank", 2, "Utah", "F11"), load_board())
    '2 US tanks land from Utah into F11 Sainte-Mère-Église'
    """
    return _WRITERS[type(event)](event, board)


def lines_of(events: Iterable[Event], board: Board) -> list[str]:
    """:func:`event_text` of each of ``events``, in order."""
    return [_WRITERS[type(e)](e, board) for e in events]


def log_lines(state: State) -> list[str]:
    """The log lines of the transition that led to ``state`` (its ``events``)."""
    return lines_of(state.events, state.board)


def log_of(state: State, script: Script) -> tuple[State, list[str]]:
    """Play ``script`` (decisions, as text or actions, and dice) from ``state``: the state after it
    and the log's lines on the way, those that made ``state`` first (:func:`~dday.rules.scenario.events_of`)."""
    after, events = events_of(state, script)
    return after, lines_of(events, state.board)


# ---------------------------------------------------------------------------------------------
# small words


def faces_text(faces: Iterable[int]) -> str:
    """Dice faces for the log: '1,4,6', or 'no dice'.

    >>> faces_text((1, 4, 6)), faces_text(())
    ('1,4,6', 'no dice')
    """
    return ",".join(str(x) for x in faces) or "no dice"


def hit_range(hit_on: int) -> str:
    """What a die hits on, for the log: '1' or '1-3'."""
    return "1" if hit_on == 1 else f"1-{hit_on}"


def aa_gun_name(guns: int, shot: int) -> str:
    """The German artillery firing antiaircraft shot ``shot`` (0-based) of the ``guns`` in its zone,
    as the log and the card lab's prompt name it (each gun fires once, R-AA-2).

    >>> aa_gun_name(1, 0), aa_gun_name(3, 1)
    ('the German artillery', 'German artillery 2 of 3')
    """
    return "the German artillery" if guns == 1 else f"German artillery {shot + 1} of {guns}"


def _outcome(hit: bool, hit_word: str = "destroyed") -> str:
    return hit_word if hit else "miss"


def _shot(faces: Iterable[int], hit: bool, hit_on: int, hit_word: str = "destroyed") -> str:
    """One die's result in the log: '4 -> miss (hits on 1-2)'."""
    return f"{faces_text(faces)} -> {_outcome(hit, hit_word)} (hits on {hit_range(hit_on)})"


def _left(counts: Counts) -> str:
    """What a side has left in a zone after a cycle: "1i 1a", or "none" (not the reference's bare "-")."""
    force = Force(*counts)
    return force.short() if force.total else "none"


def _initials(unit_types: Iterable[str]) -> str:
    return " ".join(u[0] for u in unit_types)


def _next_units(unit_types: Sequence[str]) -> str:
    """The units a reinforcement roll brings, by initials: "next 2 units: i a"; "no units" for none.

    >>> _next_units(("infantry", "artillery")), _next_units(())
    ('next 2 units: i a', 'no units')
    """
    return f"next {count(len(unit_types), 'unit')}: {_initials(unit_types)}" if unit_types else "no units"


# ---------------------------------------------------------------------------------------------
# the turn's backbone


@_writes(CardStarted)
def _card_started(e: CardStarted, b: Board) -> str:
    return f"Turn {e.turn}, order {e.card}: {ORDER_CARDS[e.card].name}"


@_writes(HouseArtillery)
def _house_artillery(e: HouseArtillery, b: Board) -> str:
    name = "9a Allied Artillery Fires" if e.card == 9 else "11a Axis Artillery Fires"
    return f"Order {name} (reference manual house rule, VAR-RM-7/8)"


@_writes(DeckChanged)
def _deck_changed(e: DeckChanged, b: Board) -> str:
    if e.leaves:
        return f"Order {e.card} leaves the deck: {REMOVAL_REASON[e.card]}"
    return f"Order {e.card} returns to the deck: its units are back in play (R-DECK-4)"


@_writes(TurnEnded)
def _turn_ended(e: TurnEnded, b: Board) -> str:
    cities = "; ".join(f"{city} held by {'the ' + side_name(c) if c else 'nobody'}" for city, c in zip(b.victory_cities, e.holders, strict=True))
    return f"End of turn {e.turn}: {cities}"


_VICTORY = {
    "capture": "The Allies hold all three cities at the end of turn {turn}: the Allies win (VAR-RM-15)",
    "capture-failed": "The Allies do not hold all three cities at the end of turn {turn}: the Axis wins (VAR-RM-16)",
    "extended-win": "The Allies control all three cities at the end of turn {turn}: the Allies win (VAR-RM-18)",
    "extended-ends": "Extended play ends after turn {turn}: the Allies have {units} land units on the board; the Axis wins (VAR-RM-18)",
    "extended-goes-on": "Extended play goes on: {units} Allied land units on the board (VAR-RM-18)",
    "play-goes-on": "Turn {turn} is over, but the Allies have {units} land units on the board: play goes on (VAR-RM-18)",
    "held": "The Allies have held all three cities for a full turn: the Allies win on turn {turn} (R-VICTORY-1)",
    "hold-broken": "An Allied city was lost during the holding turn: the hold is broken (R-VICTORY-4 option)",
    "hold-started": "The Allies hold all three cities: they win if they still hold them at the end of next turn (R-VICTORY-2)",
    "cannot-hold": "The Allies do not hold all three cities at the end of turn {turn}: they can no longer hold them for a full turn "
    "by turn {last_turn}, so the Axis wins (FAQ-11, R-VICTORY-3)",
    "time-up": "The Allies have not won by the end of turn {turn}: the Axis wins (R-VICTORY-3)",
    "germans-gone": "Every German unit is gone: the Allies win (VAR-RM-17)",
    "americans-alone": "The Americans alone hold {place}: the Allies win (VAR-RM-17)",
    "americans-gone": "Every American unit is gone: the Axis wins (VAR-RM-17)",
}


@_writes(VictoryCheck)
def _victory(e: VictoryCheck, b: Board) -> str:
    place = b.name(e.zone) if e.zone else ""
    return _VICTORY[e.outcome].format(turn=e.turn, last_turn=e.last_turn, units=e.units, place=place)


@_writes(TacticDecided)
def _tactic_decided(e: TacticDecided, b: Board) -> str:
    card = TACTICS[e.card]
    if not e.used:
        return f"Tactics card {e.card} '{card.name}' is not used; it stays in the deck (R-TAC-2)"
    note = " [RECONSTRUCTED effect]" if card.reconstructed else ""
    return f"Tactics card {e.card} '{card.name}' is used by the {side_name(card.side)} and leaves the game (R-TAC-2): {card.effect}{note}"


@_writes(ArtilleryFire)
def _artillery(e: ArtilleryFire, b: Board) -> str:
    return (
        f"Artillery in {b.name(e.origin)} fires at a {unit_noun(1, e.unit, e.power)} in {b.name(e.zone)}: "
        f"{faces_text(e.faces)} -> {_outcome(e.hit)} (hits on 1-2, {e.rule})"
    )


# ---------------------------------------------------------------------------------------------
# fortune cards


@_writes(FortuneRolled)
def _fortune_rolled(e: FortuneRolled, b: Board) -> str:
    card = FORTUNE[e.card]
    result = 1 if e.face == 1 else 6 if e.face == 6 else 0
    what = {1: f"positive: {card.positive}", 6: f"negative: {card.negative}", 0: "no effect"}[result]
    note = f" [RECONSTRUCTED: {card.note_for(result)}]" if result and card.note_for(result) else ""
    return f"Fortune card {card.number} (the {side_name(card.roller)} roll): {e.face} -> {what}{note} (R-FORT-2)"


@_writes(Grounded)
def _grounded(e: Grounded, b: Board) -> str:
    return (
        f"Grounding dice {faces_text(e.faces)}: {e.uk} UK and {units(e.us, e.kind, 'US')} stay on the airfield this turn "
        "(4-6 grounds; RECONSTRUCTED meaning of 'grounded')"
    )


@_writes(ParatrooperRemoved)
def _paratrooper_removed(e: ParatrooperRemoved, b: Board) -> str:
    return f"The Axis removes a paratrooper of the {b.airborne_boxes[e.box].division} from play (FORT-1 result 6)"


@_writes(FortuneZone)
def _fortune_zone(e: FortuneZone, b: Board) -> str:
    if e.card == 11:
        return f"{e.power} units attack only in {b.name(e.zone)} (FORT-11 result 6, FAQ-39)"
    if e.card == 13:
        return f"The Axis attacks in {b.name(e.zone)} (FORT-13 result 6)"
    return f"No antiaircraft fire in {b.name(e.zone)} this order (FORT-{e.card} result 6)"


@_writes(FortuneAir)
def _fortune_air(e: FortuneAir, b: Board) -> str:
    if e.zone:
        return f"The Axis removes a {unit_noun(1, e.kind, e.power)} in {b.name(e.zone)} from play (FORT-{e.card} result 6)"
    return f"A lost {e.power} {e.kind} returns to the airfield (FORT-{e.card} result 1, R-AIR-7)"


# ---------------------------------------------------------------------------------------------
# tactics cards


@_writes(Tac1Drop)
def _tac1_drop(e: Tac1Drop, b: Board) -> str:
    box = b.airborne_boxes[e.box]
    return f"TAC-1, {box.division}: die {e.face} -> {e.count} {box.power} infantry from the chart drop into {b.name(box.zone)}"


@_writes(Tac1Attack)
def _tac1_attack(e: Tac1Attack, b: Board) -> str:
    return f"TAC-1 attack in {b.name(e.zone)}: {faces_text(e.faces)} -> {count(e.hits, 'hit')} (hits on 1, no return fire, blockhouses exempt)"


@_writes(V2Strike)
def _v2(e: V2Strike, b: Board) -> str:
    if e.unit:
        return f"V-2 strike on the {e.power} chart: the next {e.unit} is destroyed"
    return f"V-2 strike on the {e.power} chart misses"


@_writes(Tac4Fire)
def _tac4(e: Tac4Fire, b: Board) -> str:
    return f"TAC-4 in {b.name(e.zone)}: {_shot(e.faces, e.hit, 1, 'hit')}"


@_writes(FriendlyFire)
def _friendly_fire(e: FriendlyFire, b: Board) -> str:
    return f"Friendly fire on a {e.power} {e.unit} in {b.name(e.zone)}: {_shot(e.faces, e.hit, 3)}"


@_writes(TacticChoice)
def _tactic_choice(e: TacticChoice, b: Board) -> str:
    return f"{e.rule}: {e.choice} for the rest of this turn"


@_writes(BlockhouseRebuilt)
def _blockhouse_rebuilt(e: BlockhouseRebuilt, b: Board) -> str:
    return f"A blockhouse is rebuilt in {b.name(e.zone)} (TAC-8; number rebuilt RECONSTRUCTED: 1)"


@_writes(BeachUnitMoved)
def _beach_unit_moved(e: BeachUnitMoved, b: Board) -> str:
    return f"{with_article(e.unit).capitalize()} moves from {e.source} to {e.destination} (TAC-9)"


@_writes(FightersGather)
def _fighters_gather(e: FightersGather, b: Board) -> str:
    return f"Fighters gather over {b.name(e.zone)} (TAC-14, one zone only: FAQ-47)"


@_writes(FighterSent)
def _fighter_sent(e: FighterSent, b: Board) -> str:
    return f"A {e.power} fighter moves from {e.source} to {e.zone} (TAC-14)"


@_writes(ConvoyMoved)
def _convoy(e: ConvoyMoved, b: Board) -> str:
    dice = f", {e.dice} strafing {plural(e.dice, 'die')}" if e.dice else ""
    return f"German convoy: {with_article(e.unit)} moves {' > '.join(b.name(z) for z in e.path)} (TAC-15){dice}"


@_writes(VolunteersRolled)
def _volunteers(e: VolunteersRolled, b: Board) -> str:
    return f"Volunteers: die {e.face} -> {e.count} destroyed infantry may return to the charts (TAC-16)"


@_writes(VolunteerReturns)
def _volunteer_returns(e: VolunteerReturns, b: Board) -> str:
    return f"A {e.power} infantry returns to box {e.box + 1} of its chart (TAC-16)"


# ---------------------------------------------------------------------------------------------
# order cards


@_writes(ParatroopersLanded)
def _paratroopers_landed(e: ParatroopersLanded, b: Board) -> str:
    box = b.airborne_boxes[e.box]
    return f"{box.division}: {e.infantry} paratroopers are now in {b.name(box.zone)} (R-PARA-2)"


@_writes(AirborneAttack)
def _airborne_attack(e: AirborneAttack, b: Board) -> str:
    counted = "" if e.counted == e.hits else f", {e.counted} of them {plural(e.counted, 'counts', 'count')}"  # not "0 hits, 0 of them count"
    return (
        f"{b.airborne_boxes[e.box].division} attacks {b.name(e.zone)}: dice {faces_text(e.faces)} -> {count(e.hits, 'hit')}{counted}"
        f" (hits on {hit_range(e.hit_on)}; blockhouses exempt)"
    )


@_writes(NavalSplit)
def _naval_split(e: NavalSplit, b: Board) -> str:
    return f"Naval dice: UK {e.uk}, US {6 - e.uk} (R-NAVAL-2)"


@_writes(NavalFire)
def _naval_fire(e: NavalFire, b: Board) -> str:
    return f"Naval die {e.die + 1} ({e.power}) at a {e.unit} in {b.name(e.zone)}: {_shot(e.faces, e.hit, e.hit_on)}"


@_writes(NavalDiceLost)
def _naval_lost(e: NavalDiceLost, b: Board) -> str:
    return f"No blockhouse is left: the remaining {count(e.count, 'naval die', 'naval dice')} {plural(e.count, 'is', 'are')} lost (R-NAVAL-3)"


@_writes(FightersPatrol)
def _patrol(e: FightersPatrol, b: Board) -> str:
    return f"{units(e.count, 'fighter', e.power)} {plural(e.count, 'patrols', 'patrol')} {b.name(e.zone)}"


@_writes(AntiaircraftFire)
def _antiaircraft(e: AntiaircraftFire, b: Board) -> str:
    return (
        f"Antiaircraft: {aa_gun_name(e.guns, e.shot)} in {b.name(e.zone)} fires at a {unit_noun(1, e.kind, e.power)}: "
        f"{_shot(e.faces, e.hit, e.hit_on, 'shot down, removed from play')}"
    )


@_writes(BomberAttack)
def _bomber(e: BomberAttack, b: Board) -> str:
    return f"{e.power} bomber strikes {with_article(e.unit)} in {b.name(e.zone)}: {_shot(e.faces, e.hit, e.hit_on)}"


@_writes(AirHome)
def _air_home(e: AirHome, b: Board) -> str:
    return f"{count(e.count, e.kind)} {plural(e.count, 'returns', 'return')} to the airfield (R-AIR-6)"


@_writes(BlockhouseFire)
def _blockhouse_fire(e: BlockhouseFire, b: Board) -> str:
    which = "Blockhouse" if e.guns == 1 else f"Blockhouse {e.shot + 1} of {e.guns}"
    return f"{which} in {b.name(e.zone)} fires at {with_article(e.unit)} in {e.beach}: {_shot(e.faces, e.hit, e.hit_on)}"


@_writes(UnitsLanded)
def _landed(e: UnitsLanded, b: Board) -> str:
    return f"{units(e.count, e.unit, e.power)} {plural(e.count, 'lands', 'land')} from {e.beach} into {b.name(e.zone)}"


@_writes(NoMoves)
def _no_moves(e: NoMoves, b: Board) -> str:
    return f"No {'Allied' if e.side == 'allies' else 'Axis'} unit moves"


@_writes(UnitsMoved)
def _moved(e: UnitsMoved, b: Board) -> str:
    path = " > ".join(b.name(z) for z in e.path)
    if not e.declared:
        return f"{e.power} {e.unit} x{e.count} moves {path}"
    dice = f" ({e.dice} strafing {plural(e.dice, 'die')} each)" if e.dice else ""
    return f"{unit_noun(e.count, e.unit, e.power)} x{e.count} declared {path}{dice}"


@_writes(Strafed)
def _strafed(e: Strafed, b: Board) -> str:
    return (
        f"Strafing {unit_noun(1, e.unit, e.power)} bound for {b.name(e.zone)}: {count(e.dice, 'die')} {faces_text(e.faces)} -> "
        f"{'destroyed' if e.hit else 'survives'} (hits on 1)"
    )


@_writes(NoCombatCycle)
def _no_cycle(e: NoCombatCycle, b: Board) -> str:
    return f"No combat cycle in {b.name(e.zone)} on this card ({e.rule})"


@_writes(CombatRolled)
def _combat(e: CombatRolled, b: Board) -> str:
    return (
        f"Combat in {b.name(e.zone)}: {side_name(e.attacker)} ({Force(*e.attacking).short()}) attack "
        f"{side_name(other_side(e.attacker))} ({Force(*e.defending).short()}); dice {faces_text(e.faces)} -> {count(e.hits, 'hit')}"
    )


@_writes(DefenceRolled)
def _defence(e: DefenceRolled, b: Board) -> str:
    return (
        f"Defence in {b.name(e.zone)}: {side_name(e.defender)} fire back with all units, casualties included; "
        f"dice {faces_text(e.faces)} -> {count(e.hits, 'hit')}"
    )


@_writes(CycleEnded)
def _cycle_ended(e: CycleEnded, b: Board) -> str:
    what = f"the {side_name(e.controller)} control it" if e.controller else "the combat goes on next attack card"
    return f"After the cycle in {b.name(e.zone)}: Axis {_left(e.axis)}, Allies {_left(e.allies)}; {what}"


@_writes(CasualtiesRemoved)
def _casualties(e: CasualtiesRemoved, b: Board) -> str:
    lost = ", ".join(units(n, u, p) for p, u, n in e.losses)
    return f"{e.side.capitalize()} remove{'s' if e.side == 'axis' else ''} {lost} in {b.name(e.zone)}"


# ---------------------------------------------------------------------------------------------
# reinforcements

_TOTAL_RULES = {
    "VAR-RM-19": "a 6 after turn 10 brings nothing (VAR-RM-19)",
    "VAR-RM-12": "a 6 on a die brings nothing (VAR-RM-12)",
}


@_writes(RerollOffered)
def _reroll_offered(e: RerollOffered, b: Board) -> str:
    return f"{b.charts[e.chart].label}: 2d6 {faces_text(e.faces)}; fortune lets one die be rolled again (the new roll stands, FAQ-37)"


@_writes(DieRerolled)
def _rerolled(e: DieRerolled, b: Board) -> str:
    return f"Re-rolled die: {e.face} (kept {e.kept})"


@_writes(ReinforcementsRolled)
def _reinforcement_roll(e: ReinforcementsRolled, b: Board) -> str:
    notes = [_TOTAL_RULES.get(r, f"halved, rounded up ({r} result 6)") for r in e.rules]
    extra = f" ({'; '.join(notes)})" if notes else ""
    dice = "2d6" if len(e.faces) == 2 else "1d6"
    return f"{b.charts[e.chart].label}: {dice} {faces_text(e.faces)} = {sum(e.faces)}{extra} -> {_next_units(e.units)}"


@_writes(GermanDieShared)
def _german_die_shared(e: GermanDieShared, b: Board) -> str:
    return f"{b.charts[e.chart].label}: the German die's remaining {len(e.units)} -> {_next_units(e.units)}"


@_writes(NoRoom)
def _no_room(e: NoRoom, b: Board) -> str:
    stays = plural(e.count, "it stays", "they stay")
    return f"{b.charts[e.chart].label}: no room for the next {count(e.count, 'unit')}; {stays} on the chart, first in line (R-REINF-3)"


@_writes(GermanPlaced)
def _german_placed(e: GermanPlaced, b: Board) -> str:
    strafing = " (strafing follows, R-REINF-8)" if e.strafing else ""
    return "German reinforcements placed: " + ", ".join(f"{u} > {z}" for u, z in e.placed) + strafing


@_writes(AlliedPlaced)
def _allied_placed(e: AlliedPlaced, b: Board) -> str:
    return f"{e.power} {e.unit} (chart box {e.box + 1}) placed in {e.beach}"


@_writes(AxisStopsPlacing)
def _axis_stops(e: AxisStopsPlacing, b: Board) -> str:
    return "The Axis leaves the remaining units on the chart (VAR-TA-9)"
