"""The package's three public faces (issue 30): ``dday`` (the engine), ``dday.odds`` (exact odds)
and ``dday.tutorial`` (the notebooks' front). Each gives the names its audience imports, and each
name is the very object of the module that defines it (one room, one name)."""

from __future__ import annotations

import importlib

import pytest

FACE_NAMES: dict[str, tuple[str, ...]] = {
    "dday": (
        "Action",
        "BadRollError",
        "Bombard",
        "BomberStrike",
        "Board",
        "BoardDataError",
        "ChooseCasualties",
        "DDayError",
        "Done",
        "FireAA",
        "FireToSea",
        "IllegalActionError",
        "Land",
        "Move",
        "NotYourTurnError",
        "Patrol",
        "Pick",
        "PlaceReinforcement",
        "RuleOptions",
        "SaveFileError",
        "SplitNavalDice",
        "State",
        "apply",
        "chance_outcomes",
        "initial_state",
        "legal_actions",
        "load_board",
        "parse_action",
        "sample_roll",
        "state_from_json",
    ),
    "dday.odds": (
        "ALLIED_LOSS_ORDER",
        "AXIS_LOSS_ORDER",
        "CasualtyPolicy",
        "CombatOptions",
        "DEFAULT_POLICY",
        "Distribution",
        "ENGINE_ORDER_POLICY",
        "LossOrder",
        "NORMAL",
        "UnitSpec",
        "ZoneFight",
        "antiaircraft",
        "bomber_strike",
        "clear_caches",
        "combat_options",
        "cycle",
        "cycle_distribution",
        "fire_to_sea",
        "fmt",
        "hit_distribution",
        "hit_numbers",
        "hits",
        "naval_bombardment",
        "naval_bombardment_by_zone",
        "paratroopers",
        "reinforcement_placed",
        "reinforcements",
        "side_hits",
        "strafe_dice",
        "strafing",
        "zone_fight",
        "zone_fight_exact",
    ),
    "dday.tutorial": (
        "CardLab",
        "MapPanel",
        "NOTEBOOKS",
        "OddsLab",
        "PREPARED",
        "Prepared",
        "Quiz",
        "TurnStepper",
        "UnitsNeeded",
        "card_lab",
        "card_table",
        "game_position",
        "lookup",
        "nav",
        "odds_lab",
        "plotly_map",
        "prepared_position",
        "quiz",
        "rules_card",
        "show_config",
        "show_figure",
        "map_picture",
        "start_map",
        "turn_stepper",
        "units_needed",
    ),
}


@pytest.mark.parametrize("face", sorted(FACE_NAMES))
def test_each_face_gives_the_names_its_audience_imports(face: str) -> None:
    mod = importlib.import_module(face)
    missing = [name for name in FACE_NAMES[face] if not hasattr(mod, name)]
    assert not missing, f"{face} lost {missing}"
    undeclared = [name for name in getattr(mod, "__all__", ()) if not hasattr(mod, name)]
    assert not undeclared, f"{face}.__all__ names what it does not have: {undeclared}"


def test_a_face_name_is_the_object_of_its_home_module() -> None:
    import dday
    import dday.odds
    import dday.tutorial
    from dday.rules import actions, engine, state
    from dday.views import tutorial
    from dday.views.widgets import figures

    assert dday.legal_actions is engine.legal_actions
    assert dday.Move is actions.Move and dday.State is state.State
    assert dday.odds.zone_fight_exact is importlib.import_module("dday.odds.fight_chain").zone_fight_exact
    assert dday.tutorial.card_lab is tutorial.card_lab and dday.tutorial.show_figure is figures.show_figure
    assert dday.tutorial.Quiz is importlib.import_module("dday.views.quiz").Quiz  # loaded on first use


@pytest.mark.parametrize("old", ["engine", "state", "maps", "widgets", "advanced", "players"])
def test_the_old_flat_paths_are_gone(old: str) -> None:
    """0.3.0 removed the re-export modules of the flat paths (CHANGELOG.md says where each name lives)."""
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(f"dday.{old}")
