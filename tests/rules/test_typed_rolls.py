"""Typed rolls and typed effects (issue 30): one frozen class per kind of roll, with fields named
for what they hold, and effects as small frozen records; both still saved as before.

``tests/data/positions_before_typed_rolls.json`` holds positions saved by the version before
(commit 4eddec4: greedy and random bots under four rule sets), one per kind of roll and per kind
of effect: they load into the typed classes and are saved again as the same JSON.
"""

from __future__ import annotations

import json
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from dday.errors import SaveFileError
from dday.rules import registry
from dday.rules.dice import Dice
from dday.rules.effects import (
    EFFECT_TYPES,
    AAKill,
    ArtilleryOrderPlayed,
    AttackOnly,
    AxisAttacks,
    Barnstorming,
    CombinedAssault,
    Effect,
    Flooded,
    Landed,
    NoAA,
    Placed,
    Resistance,
    Tac5Done,
    Tac9Received,
    parse_effect,
)
from dday.rules.setup import initial_state, state_from_json
from dday.rules.state import evolve
from dday.rules.steps import (
    ROLL_TYPES,
    AARoll,
    ArtilleryRoll,
    AttackRoll,
    BombRoll,
    DefenseRoll,
    FortuneRoll,
    GroundingRoll,
    NavalRoll,
    ParaRoll,
    PickPurpose,
    ReinforcementRoll,
    RerollRoll,
    Roll,
    SeaRoll,
    StrafeStep,
    Tac1AttackRoll,
    Tac1BoxRoll,
    Tac2Roll,
    Tac4Roll,
    Tac6Roll,
    Tac16Roll,
    step_from_json,
    step_to_json,
)

OLD = json.loads((Path(__file__).parents[1] / "data" / "positions_before_typed_rolls.json").read_text(encoding="utf-8"))
D = Dice.simple(2, 3)

# one roll of every kind, every field set to something other than its default
ROLLS: list[Roll] = [
    ParaRoll(dice=D, zone="F11", box=1, power="US"),
    NavalRoll(dice=D, zone="F14", die=3, unit="infantry", power="US", uk_dice=2),
    AARoll(dice=D, zone="F30", shot=1, aircraft="bomber", power="UK"),
    BombRoll(dice=D, zone="F30", unit="tank", power="US", tactic=5),
    SeaRoll(dice=D, zone="F16", shot=1, unit="infantry", beach="Gold"),
    AttackRoll(dice=D, zone="F30", attacker="allies", powers=("UK", "US"), defense_dice=Dice.simple(2, 4)),
    DefenseRoll(dice=D, zone="F30", attacker="allies", powers=("US",)),
    ReinforcementRoll(dice=Dice.two_d6(), chart=2, side="axis", quota=(1, 0, 3, 0)),
    RerollRoll(dice=Dice.one_face(), chart=1, side="allies", kept=4, quota=(2, 0, 0, 0)),
    FortuneRoll(dice=Dice.one_face(), card=9, roller="axis"),
    GroundingRoll(dice=Dice(((3, 2), (3, 1))), aircraft="fighter"),
    ArtilleryRoll(dice=D, zone="F30", unit="tank", power="Germany", origin="F26", code=111, shot=2),
    Tac1BoxRoll(dice=Dice.one_face(), zone="F10", box=2),
    Tac1AttackRoll(dice=D, zone="F10", box=2),
    Tac2Roll(dice=Dice(((4, 1), (4, 1))), charts=(0, 1)),
    Tac4Roll(dice=D, zone="F26", kill=1),
    Tac6Roll(dice=D, zone="F29", unit="artillery", power="UK"),
    Tac16Roll(dice=Dice.one_face()),
]

# what each class holds, by name (the loosely typed roll had zone/index/target/power/count for all)
FIELDS = {
    ParaRoll: ("dice", "zone", "box", "power"),
    NavalRoll: ("dice", "zone", "die", "unit", "power", "uk_dice"),
    AARoll: ("dice", "zone", "shot", "aircraft", "power"),
    BombRoll: ("dice", "zone", "unit", "power", "tactic"),
    SeaRoll: ("dice", "zone", "shot", "unit", "beach"),
    AttackRoll: ("dice", "zone", "attacker", "powers", "defense_dice"),
    DefenseRoll: ("dice", "zone", "attacker", "powers"),
    ReinforcementRoll: ("dice", "chart", "side", "quota"),
    RerollRoll: ("dice", "chart", "side", "kept", "quota"),
    FortuneRoll: ("dice", "card", "roller"),
    GroundingRoll: ("dice", "aircraft"),
    ArtilleryRoll: ("dice", "zone", "unit", "power", "origin", "code", "shot"),
    Tac1BoxRoll: ("dice", "zone", "box"),
    Tac1AttackRoll: ("dice", "zone", "box"),
    Tac2Roll: ("dice", "charts"),
    Tac4Roll: ("dice", "zone", "kill"),
    Tac6Roll: ("dice", "zone", "unit", "power"),
    Tac16Roll: ("dice",),
}

EFFECTS: list[tuple[Effect, str]] = [
    (NoAA("F26"), "NOAA:F26"),
    (Barnstorming("F26", "UK"), "TAC-3:F26:UK"),
    (Flooded("F12"), "TAC-7:F12"),
    (CombinedAssault(), "TAC-10"),
    (Resistance("F30"), "TAC-12:F30"),
    (AAKill("F30"), "AA-KILL:F30"),
    (Landed("US", "Utah"), "LANDED-US:Utah"),
    (Placed("F12", "tank"), "PLACED:F12:tank"),
    (ArtilleryOrderPlayed(9), "RM-ARTY:9"),
    (AttackOnly("US", "F14"), "FORT-11:US:F14"),
    (AxisAttacks("F17"), "FORT-13:F17"),
    (Tac5Done("F30", "UK"), "TAC5-DONE:F30:UK"),
    (Tac9Received("Gold"), "TAC9-TO:Gold"),
]


def test_one_example_per_kind_of_roll_and_effect() -> None:
    assert sorted(type(r).kind for r in ROLLS) == sorted(ROLL_TYPES)
    assert {type(e) for e, _ in EFFECTS} == set(EFFECT_TYPES.values())


@pytest.mark.parametrize("roll", ROLLS, ids=lambda r: type(r).kind)
def test_each_roll_class_holds_named_typed_fields(roll: Roll) -> None:
    cls = type(roll)
    assert tuple(f.name for f in fields(cls)) == FIELDS[cls]
    assert roll.who == "chance" and cls.kind and ROLL_TYPES[cls.kind] is cls
    with pytest.raises(AttributeError):  # frozen
        roll.dice = Dice()  # type: ignore[misc]
    for name in ("index", "target", "count"):  # the bag's catch-all names are gone
        assert not hasattr(roll, name)


@pytest.mark.parametrize("roll", ROLLS, ids=lambda r: type(r).kind)
def test_every_roll_round_trips_through_json_in_the_old_layout(roll: Roll) -> None:
    data = json.loads(json.dumps(step_to_json(roll)))
    assert list(data) == ["type", "kind", "dice", "zone", "index", "target", "power", "count", "quota", "origin", "defense_dice"]
    assert data["type"] == "Roll" and data["kind"] == type(roll).kind
    assert step_from_json(data) == roll


def test_the_old_layout_maps_onto_the_named_fields() -> None:
    sea = step_to_json(SeaRoll(dice=D, zone="F16", shot=1, unit="infantry", beach="Gold"))
    assert (sea["index"], sea["target"], sea["power"]) == (1, "infantry", "Gold")
    attack = step_to_json(ROLLS[5])
    assert (attack["power"], attack["target"]) == ("allies", "UK,US")
    assert step_to_json(Tac2Roll(charts=(0, 1)))["target"] == "0,1"
    assert step_from_json({"type": "Roll", "kind": "defense", "zone": "F30", "power": "axis", "target": ""}) == DefenseRoll(
        zone="F30", attacker="axis", powers=()
    )


def test_an_unknown_kind_of_roll_is_a_clear_file_error() -> None:
    with pytest.raises(SaveFileError, match="no such roll"):
        step_from_json({"type": "Roll", "kind": "catapult"})


def test_every_kind_of_roll_has_its_handler_registered_by_class() -> None:
    assert set(registry.ROLL) == {*ROLL_TYPES.values(), StrafeStep}


@pytest.mark.parametrize(("effect", "text"), EFFECTS, ids=lambda x: x if isinstance(x, str) else "")
def test_every_effect_is_saved_as_its_old_text_and_read_back(effect: Effect, text: str) -> None:
    assert effect.to_json() == text
    assert parse_effect(text) == effect


@pytest.mark.parametrize("text", ["TAC-7", "TAC-7:F1:F2", "HELLO:F1", "RM-ARTY:nine", ""])
def test_a_bad_effect_is_a_clear_file_error(text: str) -> None:
    with pytest.raises(SaveFileError, match="effect"):
        parse_effect(text)


@pytest.mark.parametrize("key", sorted(OLD))
def test_positions_saved_before_load_into_typed_classes_and_save_identically(key: str) -> None:
    data: dict[str, Any] = OLD[key]
    s = state_from_json(data)
    assert json.dumps(s.to_json(), sort_keys=True) == json.dumps(data, sort_keys=True)
    what, name = key.split(":", 1)
    if what == "roll":
        assert isinstance(s.step, ROLL_TYPES[name])
    else:
        assert any(type(e).tag == name for e in s.effects) and all(isinstance(e, Effect) for e in s.effects)


def test_the_saved_positions_cover_every_kind() -> None:
    assert {k.split(":", 1)[1] for k in OLD if k.startswith("roll:")} == set(ROLL_TYPES)
    assert {k.split(":", 1)[1] for k in OLD if k.startswith("effect:")} == set(EFFECT_TYPES)


def test_a_state_with_effects_round_trips() -> None:
    s = evolve(initial_state(), effects=tuple(e for e, _ in EFFECTS))
    again = state_from_json(json.loads(json.dumps(s.to_json())))
    assert again.effects == s.effects


def test_every_pick_purpose_is_named_once() -> None:
    """The bots compare a pick's purpose with PickPurpose members: every registered pick has one."""
    assert set(registry.PICK) == {p.value for p in PickPurpose}
