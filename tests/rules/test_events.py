"""The typed events of the log (dday.rules.events) and their sentences (dday.views.log_text).

The rules record facts; the views write them. Every kind of event round-trips through JSON and
has a sentence; the sentences of whole games are compared with main's by
``benchmarks/check_identity.py --compare`` (every log line of about 200 games).
"""

from __future__ import annotations

import json
from typing import get_args

import pytest

from dday.bots import make_player
from dday.play.game import play_game
from dday.rules import events as ev
from dday.rules.board import load_board
from dday.rules.events import EVENT_TYPES, Event, event_from_json
from dday.rules.scenario import position
from dday.rules.state import RuleOptions
from dday.variants.rulesets import ruleset
from dday.views.log_text import event_text, lines_of, log_lines, log_of

SAMPLES: list[Event] = [
    ev.CardStarted(2, 9),
    ev.HouseArtillery(11),
    ev.DeckChanged(2, leaves=True),
    ev.DeckChanged(2, leaves=False),
    ev.TurnEnded(3, ("allies", "", "axis")),
    *(ev.VictoryCheck(o, turn=10, last_turn=10, units=12, zone="F2") for o in get_args(ev.Outcome)),
    ev.TacticDecided(7, used=True),
    ev.TacticDecided(7, used=False),
    ev.ArtilleryFire("F30", "F31", "Germany", "tank", (2,), True, "TAC-11"),
    ev.FortuneRolled(2, 6),
    ev.Grounded("bomber", (4, 1, 6), 1, 1),
    ev.ParatrooperRemoved(1),
    ev.FortuneZone(4, "F11"),
    ev.FortuneZone(11, "F30", "UK"),
    ev.FortuneAir(7, "US", "bomber"),
    ev.FortuneAir(16, "UK", "fighter", "F30"),
    ev.Tac1Drop(0, 2, 2),
    ev.Tac1Attack("F11", (1, 3), 1),
    ev.V2Strike("UK", "tank"),
    ev.V2Strike("US"),
    ev.Tac4Fire("F30", (1,), True),
    ev.FriendlyFire("US", "infantry", "F14", (3,), True),
    ev.TacticChoice("TAC-7", "F12"),
    ev.BlockhouseRebuilt("F14"),
    ev.BeachUnitMoved("infantry", "Gold", "Juno"),
    ev.FightersGather("F40"),
    ev.FighterSent("UK", "airfield", "F40"),
    ev.ConvoyMoved("tank", ("F40", "F37", "F34"), 2),
    ev.VolunteersRolled(2, 2),
    ev.VolunteerReturns("UK", 3),
    ev.ParatroopersLanded(2, 3),
    ev.AirborneAttack(0, "F11", (1, 1, 4), 2, 1, 1),
    ev.NavalSplit(4),
    ev.NavalFire(0, "UK", "blockhouse", "F14", (2,), False, 2),
    ev.NavalDiceLost(1),
    ev.FightersPatrol("US", 2, "F32"),
    ev.AntiaircraftFire("F32", 3, 1, "UK", "fighter", (1,), True, 1),
    ev.BomberAttack("UK", "artillery", "F30", (4,), False, 3),
    ev.AirHome("bomber", 1),
    ev.BlockhouseFire("F15", 2, 0, "tank", "Gold", (1,), True, 1),
    ev.UnitsLanded("UK", "infantry", 1, "Gold", "F15"),
    ev.NoMoves("axis"),
    ev.UnitsMoved("UK", "infantry", 2, ("F29", "F30")),
    ev.UnitsMoved("Germany", "tank", 1, ("F40", "F37", "F34"), declared=True, dice=1),
    ev.Strafed("Germany", "tank", "F34", 2, (3, 5), False),
    ev.NoCombatCycle("F30", "TAC-12"),
    ev.CombatRolled("F30", "allies", (3, 1, 1, 0), (2, 0, 0, 1), (1, 2, 6), 2),
    ev.DefenceRolled("F30", "axis", (2, 5), 1),
    ev.CycleEnded("F30", (0, 0, 0, 0), (1, 1, 0, 0), "allies"),
    ev.CasualtiesRemoved("allies", "F30", (("UK", "infantry", 1), ("US", "tank", 1))),
    ev.RerollOffered(0, (2, 5)),
    ev.DieRerolled(6, 2),
    ev.ReinforcementsRolled(0, (6, 3), ("VAR-RM-12", "FORT-14"), ("infantry",)),
    ev.GermanDieShared(3, ("infantry", "tank")),
    ev.NoRoom(1, 2),
    ev.GermanPlaced((("tank", "F40"), ("infantry", "F42")), True),
    ev.AlliedPlaced("US", "tank", 4, "Omaha"),
    ev.AxisStopsPlacing(),
]


def test_every_kind_of_event_has_a_sample() -> None:
    assert {type(e).__name__ for e in SAMPLES} == set(EVENT_TYPES)


@pytest.mark.parametrize("event", SAMPLES, ids=lambda e: type(e).__name__)
def test_every_event_round_trips_through_json(event: Event) -> None:
    data = json.loads(json.dumps(event.to_json()))
    assert data["event"] == type(event).__name__
    assert event_from_json(data) == event


@pytest.mark.parametrize("event", SAMPLES, ids=lambda e: type(e).__name__)
def test_every_event_has_a_sentence(event: Event) -> None:
    text = event_text(event, load_board())
    assert text and text == text.strip() and "{" not in text and "None" not in text


def test_the_sentences_name_places_and_read_as_before() -> None:
    """A few sentences in full: zone ids become their towns, charts their labels, dice their faces."""
    b = load_board()
    assert event_text(ev.TurnEnded(3, ("allies", "", "axis")), b) == "End of turn 3: Cherbourg held by the Allies; St. Lô held by nobody; Caen held by the Axis"
    assert event_text(ev.CombatRolled("F30", "allies", (3, 1, 1, 0), (2, 0, 0, 1), (1, 2, 6), 2), b) == (
        "Combat in F30 Caen: Allies (3i 1a 1t) attack Axis (2i 1b); dice 1,2,6 -> 2 hits"
    )
    assert event_text(ev.CycleEnded("F30", (0, 0, 0, 0), (1, 1, 0, 0), "allies"), b) == (
        "After the cycle in F30 Caen: Axis none, Allies 1i 1a; the Allies control it"
    )
    assert event_text(ev.ReinforcementsRolled(0, (6, 3), ("VAR-RM-12",), ()), b).endswith(
        ": 2d6 6,3 = 9 (a 6 on a die brings nothing (VAR-RM-12)) -> no units"
    )
    assert event_text(ev.VictoryCheck("americans-alone", zone="F2"), b) == f"The Americans alone hold {b.name('F2')}: the Allies win (VAR-RM-17)"


def test_unknown_events_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown event 'Speech'"):
        event_from_json({"event": "Speech", "text": "hello"})


def test_the_events_of_a_whole_game_are_json_and_come_back_equal() -> None:
    """Every event of a game with the fortune and tactics decks survives JSON; the state holds events, not text."""
    g = play_game(make_player("greedy"), make_player("random"), seed=4, options=ruleset("official+fortune+tactics"))
    assert g.log and all(isinstance(e, Event) for e in g.log)
    back = [event_from_json(json.loads(json.dumps(e.to_json()))) for e in g.log]
    assert back == g.log
    lines = lines_of(g.log, g.final.board)
    assert lines[0] == "Turn 1, order 1: Airborne Assault" and sum(line.startswith("End of turn") for line in lines) == g.final.turn


def test_the_log_of_a_scripted_card_is_written_by_the_views() -> None:
    s = position(card=9, zones={"F15": {"Germany": "1b"}}, beaches={"Gold": "5i 1a 1t"})
    after, lines = log_of(s, ["fire-to-sea tank", (1,)])
    assert lines[:2] == ["Turn 2, order 9: Blockhouses Fire to Sea", "Blockhouse in F15 Bayeux fires at a tank in Gold: 1 -> destroyed (hits on 1-3)"]
    assert lines[-len(log_lines(after)) :] == log_lines(after)


def test_the_two_kinds_the_identity_games_never_meet_read_as_before() -> None:
    """TAC-4's die and VAR-RM-19's shared German die do not come up in the identity games: their
    lines, word for word as main wrote them before the events."""
    s = position(card=4, options=RuleOptions(tactics=True), zones={"F30": {"Germany": "1a", "UK": "1i 1a"}}, patrols={"F30": {"uk_fighter": 1}})
    _, lines = log_of(s, [(1,), "pick use", (5,)])
    assert "TAC-4 in F30 Caen: 5 -> miss (hits on 1)" in lines
    s = position(card=15, turn=11, options=RuleOptions(extended_play=True), charts={"Germany_Rennes_Chartres": [39]})
    _, lines = log_of(s, [(3,)])
    assert lines[-2:] == [
        "Germany: enter at Rennes or Chartres: 1d6 3 = 3 -> next 1 unit: a",
        "Germany: enter at Rouen or Chartres: the German die's remaining 2 -> next 2 units: t t",
    ]
