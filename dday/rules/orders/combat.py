"""Land combat cycles, shared by order 11 (Allies attack) and order 13 (Axis attacks), and the
choice of casualties (R-COMBAT-1..8; also the casualties of ORDER-1, TAC-1 and TAC-4).

In every contested zone (R-CONTROL-2) the attacker rolls one die per unit, grouped by hit
number (R-COMBAT-4); the defender chooses its losses (R-COMBAT-5) and fires back with all its
units, casualties included; then the attacker chooses its losses. Fortune cards 11 and 13,
tactics cards 10 and 12 and the reference manual's artillery orders (VAR-RM-9) change it.
Casualties of other kinds (paratroopers, TAC-1, TAC-4) go on where their card registered
(:func:`dday.rules.registry.after_casualties`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from ...errors import IllegalActionError
from .. import dice as dice_mod
from ..actions import Action, ChooseCasualties
from ..dice import Dice, Faces
from ..editing import effects_of, kill_in_zone, record
from ..effects import AttackOnly, AxisAttacks, CombinedAssault, Resistance
from ..events import CasualtiesRemoved, CombatRolled, CycleEnded, DefenceRolled, NoCombatCycle
from ..flow import finish_card
from ..registry import CASUALTY_CONTINUE, legal, on_action, on_roll
from ..state import RuleOptions, State, evolve
from ..steps import AttackRoll, ChooseCasualtiesStep, DefenseRoll
from ..units import LAND_TYPES, Force, attack_value, defense_value, other_side, powers_of
from ..words import units

# ---------------------------------------------------------------------------------------------
# ORDER-11 / ORDER-13 Land combat (R-COMBAT-1..8)


_HIT_VALUES: dict[tuple[str, bool], tuple[int, ...]] = {
    (side, attacking): tuple((attack_value if attacking else defense_value)(u, side) for u in LAND_TYPES)
    for side in ("allies", "axis")
    for attacking in (True, False)
}  # (side, attacking) -> each land type's hit number, in LAND_TYPES order (R-COMBAT-4)


def fortune_infantry_hit(card: int, fortune: int) -> int | None:
    """FORT-11 / FORT-13, positive result (1): the attacking infantry hit on 2 on orders 11 and 13
    (None: their usual number). The engine and :mod:`dday.odds` both ask this.

    >>> fortune_infantry_hit(11, 1), fortune_infantry_hit(11, 6), fortune_infantry_hit(9, 1)
    (2, None, None)
    """
    return 2 if fortune == 1 and card in (11, 13) else None


def tac10_paired_infantry(force: Force, attacker: str, tac10: bool) -> int:
    """TAC-10 (on the Allies' order 11): one attacking infantry per attacking artillery hits on 2.

    >>> tac10_paired_infantry(Force(infantry=3, artillery=2), "allies", True)
    2
    """
    return force.artillery if tac10 and attacker == "allies" else 0


def artillery_rolls(options: RuleOptions) -> bool:
    """Whether artillery rolls a die in land combat: not under VAR-RM-9 (artillery orders)."""
    return not options.artillery_orders


def combat_dice(
    force: Force, side: str, attacking: bool, *, infantry_hit: int | None = None, paired_infantry: int = 0, artillery_rolls: bool = True
) -> Dice:
    """The dice a side rolls in one cycle: one per unit, grouped by hit number (R-COMBAT-4).

    ``infantry_hit`` overrides the attacking infantry's number (FORT-11/13 result 1: 2);
    ``paired_infantry`` infantry attack on 2 (TAC-10); ``artillery_rolls=False`` leaves the
    artillery out (VAR-RM-9). The groups are :func:`dice_groups`.

    >>> combat_dice(Force(infantry=3, tank=1), "axis", False).groups     # defending: infantry on 2, an Axis tank on 3
    ((2, 3), (3, 1))
    """
    return Dice(
        dice_groups(force, side, attacking, infantry_hit=infantry_hit, paired_infantry=paired_infantry, artillery_rolls=artillery_rolls)
    )


def dice_groups(
    force: Force, side: str, attacking: bool, *, infantry_hit: int | None = None, paired_infantry: int = 0, artillery_rolls: bool = True
) -> tuple[tuple[int, int], ...]:
    """:func:`combat_dice`'s (hit number, dice) groups, lowest hit number first, without the
    :class:`~dday.rules.dice.Dice` around them (the exact odds read thousands of them).

    >>> dice_groups(Force(infantry=4, artillery=2, tank=2), "allies", True)   # infantry 1, artillery 2, tank 3
    ((1, 4), (2, 2), (3, 2))
    >>> dice_groups(Force(infantry=4, artillery=2), "allies", True, paired_infantry=2)   # TAC-10: two infantry on 2
    ((1, 2), (2, 4))
    """
    groups: dict[int, int] = {}
    values = _HIT_VALUES[side, attacking]
    if infantry_hit is None and not paired_infantry and artillery_rolls:  # the usual case: one hit number per type
        for n, v in zip(force, values, strict=True):
            if n:
                groups[v] = groups.get(v, 0) + n
        return tuple(sorted(groups.items()))
    for unit, n, v in zip(LAND_TYPES, force, values, strict=True):  # Force's fields are LAND_TYPES, in order
        if not n or (unit == "artillery" and not artillery_rolls):
            continue
        if unit == "infantry" and attacking:
            k = min(n, paired_infantry)
            if k:
                groups[2] = groups.get(2, 0) + k
                n -= k
            if infantry_hit is not None:
                v = infantry_hit
        if n:
            groups[v] = groups.get(v, 0) + n
    return tuple(sorted(groups.items()))


def begin_combat(attacker: str) -> Callable[[State], State]:
    """How orders 11 (``attacker="allies"``) and 13 (``"axis"``) begin: a combat cycle in the first contested zone."""
    return lambda s: _combat_next(s, attacker, 0)


def _attacking_powers(s: State, zone: str, attacker: str) -> tuple[str, ...] | None:
    """Which attacking powers fight in ``zone`` on this card; None = no cycle there.

    FORT-11 result 6: each Allied power attacks only in the zone it picked (FAQ-39);
    FORT-13 result 6: the Axis only in its two zones; TAC-12: one zone has no cycle on 13.
    """
    if s.card == 11 and s.fortune == 6:
        powers = tuple(e.power for e in effects_of(s, AttackOnly) if e.zone == zone)
        return powers or None
    if s.card == 13 and s.fortune == 6 and AxisAttacks(zone) not in s.effects:
        return None
    if s.card == 13 and Resistance(zone) in s.effects:
        return None
    return powers_of(attacker)


def _force_of(s: State, zone: str, powers: Sequence[str]) -> Force:
    out = Force()
    for p in powers:
        out = out.plus(s.units(zone, p))
    return out


def _combat_next(s: State, attacker: str, zone_index: int) -> State:
    b = s.board
    defender = other_side(attacker)
    for i in range(zone_index, len(b.zones)):
        g, uk, us = s.ground[i]
        if not (g.total and (uk.total or us.total)):  # a combat situation (R-CONTROL-2)
            continue
        z = b.zones[i]
        powers = _attacking_powers(s, z.id, attacker)
        if powers is None:
            s = record(s, NoCombatCycle(z.id, "FORT-11" if s.card == 11 else "FORT-13" if s.fortune == 6 else "TAC-12"))
            continue
        att = _force_of(s, z.id, powers)
        dfn = s.side_units(z.id, defender)
        paired = tac10_paired_infantry(att, attacker, CombinedAssault() in s.effects)
        infantry_hit = fortune_infantry_hit(s.card, s.fortune)
        arty = artillery_rolls(s.options)
        return evolve(
            s,
            step=AttackRoll(
                dice=combat_dice(att, attacker, True, infantry_hit=infantry_hit, paired_infantry=paired, artillery_rolls=arty),
                zone=z.id,
                attacker=attacker,
                powers=powers,
                defense_dice=combat_dice(dfn, defender, False, artillery_rolls=arty),
            ),
        )
    return finish_card(s)


def cycle_targets(s: State, step: AttackRoll | DefenseRoll) -> int:
    """How many units the hits of a combat roll can destroy: the defenders' units for the attack,
    the attacking powers' units for the defence's reply; hits beyond are lost."""
    if isinstance(step, AttackRoll):
        return s.side_units(step.zone, other_side(step.attacker)).total
    return _force_of(s, step.zone, step.powers or powers_of(step.attacker)).total


@on_roll(AttackRoll)
def _roll_attack(s: State, step: AttackRoll, faces: Faces) -> State:
    attacker = step.attacker
    defender = other_side(attacker)
    hits = sum(dice_mod.hits_in(step.dice, faces))
    h = min(hits, cycle_targets(s, step))
    s = record(s, CombatRolled(step.zone, attacker, s.side_units(step.zone, attacker), s.side_units(step.zone, defender), faces, hits))
    powers = step.powers or powers_of(attacker)
    if h == 0:
        return _defense_roll(s, step.zone, attacker, step.defense_dice, powers)
    return evolve(
        s,
        step=ChooseCasualtiesStep(
            side=defender, zone=step.zone, hits=h, kind="combat-defender", defense_dice=step.defense_dice, only_powers=powers
        ),
    )


def _defense_roll(s: State, zone: str, attacker: str, dice: Dice, powers: Sequence[str] = ()) -> State:
    return evolve(s, step=DefenseRoll(dice=dice, zone=zone, attacker=attacker, powers=tuple(powers)))


@on_roll(DefenseRoll)
def _roll_defense(s: State, step: DefenseRoll, faces: Faces) -> State:
    attacker = step.attacker
    powers = step.powers or powers_of(attacker)
    hits = sum(dice_mod.hits_in(step.dice, faces))
    h = min(hits, cycle_targets(s, step))
    s = record(s, DefenceRolled(step.zone, other_side(attacker), faces, hits))
    if h == 0:
        return _after_cycle(s, step.zone, attacker)
    only = powers if set(powers) != set(powers_of(attacker)) else ()
    return evolve(s, step=ChooseCasualtiesStep(side=attacker, zone=step.zone, hits=h, kind="combat-attacker", only_powers=only))


def _after_cycle(s: State, zone: str, attacker: str) -> State:
    s = record(s, CycleEnded(zone, s.side_units(zone, "axis"), s.side_units(zone, "allies"), s.controller(zone) or ""))
    return _combat_next(s, attacker, s.board.zone_index(zone) + 1)


# ---------------------------------------------------------------------------------------------
# Casualties (R-COMBAT-5, ORDER-1)


def _casualty_pool(s: State, step: ChooseCasualtiesStep) -> dict[tuple[str, str], int]:
    pool: dict[tuple[str, str], int] = {}
    owners = step.only_powers if step.kind == "combat-attacker" and step.only_powers else powers_of(step.side)
    for p in owners:
        f = s.units(step.zone, p)
        for u in LAND_TYPES:
            if u == "blockhouse" and step.kind in ("para", "tac1"):
                continue  # R-BH-1: paratroopers cannot hit blockhouses
            if f.get(u):
                pool[(p, u)] = f.get(u)
    return pool


@on_action(ChooseCasualtiesStep, ChooseCasualties)
def _act_casualties(s: State, step: ChooseCasualtiesStep, a: ChooseCasualties) -> State:
    rule = "ORDER-1" if step.kind == "para" else "R-COMBAT-5"
    pool = _casualty_pool(s, step)
    seen: dict[tuple[str, str], int] = {}
    for p, u, n in a.losses:
        if n < 0:
            raise IllegalActionError(rule, "casualty counts cannot be negative")
        seen[(p, u)] = seen.get((p, u), 0) + n
    for key, n in seen.items():
        if n > pool.get(key, 0):
            p, u = key
            extra = " (blockhouses are exempt from the airborne assault, R-BH-1)" if u == "blockhouse" and step.kind == "para" else ""
            raise IllegalActionError(rule, f"{step.zone} has only {units(pool.get(key, 0), u, p)} that can be chosen{extra}")
    if sum(seen.values()) != step.hits:
        raise IllegalActionError(
            rule, f"choose exactly {step.hits} casualt{'y' if step.hits == 1 else 'ies'} in {step.zone}, got {sum(seen.values())}"
        )
    for (p, u), n in seen.items():
        if n:
            s = kill_in_zone(s, step.zone, p, u, n)
    s = record(s, CasualtiesRemoved(step.side, step.zone, tuple((p, u, n) for (p, u), n in seen.items() if n)))
    if step.kind == "combat-defender":
        return _defense_roll(s, step.zone, other_side(step.side), step.defense_dice, step.only_powers)
    if step.kind in CASUALTY_CONTINUE:
        return CASUALTY_CONTINUE[step.kind](s, step)
    return _after_cycle(s, step.zone, step.side)


def casualty_options(pool: dict[tuple[str, str], int], hits: int) -> Iterator[tuple[tuple[str, str, int], ...]]:
    """Every way to choose ``hits`` units from ``pool`` (multisets), as loss tuples."""
    keys = list(pool)

    def rec(i: int, left: int) -> Iterator[tuple[tuple[str, str, int], ...]]:
        if left == 0:
            yield ()
            return
        if i == len(keys):
            return
        p, u = keys[i]
        for n in range(min(left, pool[keys[i]]), -1, -1):
            for rest in rec(i + 1, left - n):
                yield (((p, u, n),) if n else ()) + rest

    return rec(0, hits)


@legal(ChooseCasualtiesStep)
def _legal_casualties(s: State, step: ChooseCasualtiesStep) -> Iterator[Action]:
    """Every choice of casualties (lazily: settle() looks at the first two only)."""
    return (ChooseCasualties(opt) for opt in casualty_options(_casualty_pool(s, step), step.hits))


__all__ = ["begin_combat", "casualty_options", "combat_dice", "dice_groups"]
