"""The coach (dday.bots.coach.hint): the planner bot's choice, not played, with a reason and its numbers.

Each prepared position has a move a player should not miss; the hint must find it and say why
with the odds. A property test checks that every hint is a legal action.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dday.bots.coach import Hint, NoDecisionError, hint
from dday.rules.actions import ChooseCasualties, Done, Land, Move
from dday.rules.engine import apply, legal_actions, sample_roll
from dday.rules.scenario import position, run
from dday.rules.setup import initial_state
from dday.rules.state import State
from dday.rules.steps import GameOver
from dday.rules.words import percent as pct
from dday.views.widgets.decisions import hint_html


def _is_percent(text: str) -> bool:
    import re

    return re.search(r"\d+\.\d %", text) is not None


def test_hint_attacks_a_weakly_held_city_with_everything_next_door() -> None:
    s = position(card=8, zones={"F16": {"UK": "2i 1t"}, "F17": {"UK": "2i 1a"}, "F30": {"Germany": "1i"}, "F2": {"US": "1i"}, "F26": {"US": "1i"}})
    h = hint(s)
    assert isinstance(h, Hint) and isinstance(h.action, Move) and h.action.path[-1] == "F30"
    assert "Caen" in h.text and _is_percent(h.text)
    assert h.numbers["together"] > 0.9 and h.numbers["together"] > h.numbers["alone"]
    assert _legal(s, h.action)


def test_hint_walks_into_an_empty_city() -> None:
    s = position(card=8, zones={"F16": {"UK": "2i"}, "F2": {"UK": "1i"}, "F26": {"US": "1i"}, "F32": {"Germany": "1t"}})
    h = hint(s)
    assert isinstance(h.action, Move) and h.action.path[-1] == "F30"
    assert "Caen is empty" in h.text


def test_hint_sends_a_detachment_to_an_empty_city_far_away() -> None:
    s = position(card=8, zones={"F11": {"US": "2i 1a"}, "F26": {"US": "1i"}, "F30": {"UK": "1i"}, "F32": {"Germany": "1t"}})
    h = hint(s)
    assert isinstance(h.action, Move) and "Cherbourg is empty" in h.text and "detachment" in h.text


def test_hint_axis_attacks_a_weakly_held_allied_city() -> None:
    s = position(card=12, zones={"F30": {"UK": "1i"}, "F2": {"US": "1i"}, "F26": {"US": "1i"}, "F31": {"Germany": "3t"}, "F16": {"UK": "1i"}})
    assert s.allies_hold_all_cities() and s.current_player == "axis"
    h = hint(s)
    assert isinstance(h.action, Move) and h.action.path[-1] == "F30" and h.action.power == "Germany"
    assert "German tank" in h.text and _is_percent(h.text)


def test_hint_axis_reinforces_a_threatened_city() -> None:
    s = position(card=12, zones={"F26": {"Germany": "1i"}, "F21": {"US": "3i"}, "F25": {"Germany": "3i"}, "F2": {"US": "1i"}, "F30": {"UK": "1i"}})
    h = hint(s)
    assert isinstance(h.action, Move) and h.action.path == ("F25", "F26")
    assert h.numbers["after"] > h.numbers["before"]
    assert "St. Lô" in h.text


def test_hint_loses_the_infantry_not_the_tank() -> None:
    s = position(card=13, zones={"F30": {"Germany": "1i", "UK": "1i 1t"}})
    s = run(s, [(1,)])  # the German infantry hits: the British lose one unit
    assert isinstance(s.step.__class__.__name__, str) and s.current_player == "allies"
    h = hint(s)
    assert isinstance(h.action, ChooseCasualties) and h.action.losses == (("UK", "infantry", 1),)
    assert h.text.startswith("Lose 1 infantry") and _is_percent(h.text)


def test_hint_refuses_when_nothing_is_to_decide() -> None:
    s = position(card=13, zones={"F30": {"Germany": "1i", "UK": "1i 1t"}})
    assert s.current_player == "chance"
    with pytest.raises(NoDecisionError, match="Nothing to decide now: the dice are rolled next") as info:
        hint(s)
    assert "R-TURN-3" not in str(info.value)  # words for a learner, not a rule ID (issue 31)


def test_hint_on_a_roll_says_what_happens_and_the_chances() -> None:
    """Issue 31.4: on a roll step the Hint button says what the dice do and the exact chance of each result."""
    s = position(card=13, zones={"F30": {"Germany": "1i", "UK": "1i 1t"}})
    text = hint_html(s)
    assert "Nothing to decide now: the dice are rolled next." in text and "Axis attack in F30" in text
    assert "Each hit is one casualty" in text
    assert "0 hits 83.3 %, 1 hit 16.7 %" in text  # one German infantry attacking: hits on a roll of 1
    over = replace(s, winner="allies", step=GameOver())
    assert over.is_over and "The game is over: the Allies win" in hint_html(over)


def test_pct_has_one_decimal_and_no_scientific_notation() -> None:
    assert pct(0.000012) == "< 0.1 %" and pct(0.5) == "50.0 %" and pct(0.0) == "0 %"  # a possible event is never "0.0 %"


def _legal(s: State, action: object) -> bool:
    """In ``legal_actions(s)``, or (the bots declare like units together) a ``Move``/``Land`` of
    several units whose one-unit form is, and which the engine accepts."""
    acts = legal_actions(s)
    if action in acts:
        return True
    if isinstance(action, (Move, Land)) and action.count > 1 and replace(action, count=1) in acts:
        apply(s, action)  # raises IllegalActionError if the engine refuses it
        return True
    return False


def _random_position(seed: int, steps: int) -> State:
    rng = np.random.default_rng(seed)
    s = initial_state()
    for _ in range(steps):
        if s.is_over:
            break
        if s.current_player == "chance":
            s = apply(s, sample_roll(s, rng))
        else:
            acts = legal_actions(s)
            s = apply(s, acts[int(rng.integers(len(acts)))])
    return s


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 400))
def test_hinted_action_is_always_legal(seed: int, steps: int) -> None:
    s = _random_position(seed, steps)
    if s.is_over or s.current_player == "chance":
        with pytest.raises(NoDecisionError):
            hint(s)
        return
    h = hint(s)
    assert _legal(s, h.action)
    assert h.text and h.side == s.current_player
    assert all(0.0 <= v <= 1.0 for v in h.numbers.values())


def test_hint_keeps_the_garrison_and_says_why() -> None:
    """The Allies hold Saint-Lô; a weak German unit next door tempts its tank out. The coach stops
    (the planner's hold step) and says the garrison stays to hold the city."""
    s = position(card=8, zones={"F26": {"US": "3i 1t"}, "F25": {"Germany": "1i"}, "F2": {"US": "1i"}, "F30": {"UK": "1i"}})
    h = hint(s)
    assert isinstance(h.action, Done)
    assert "stay to hold" in h.text and "St. Lô" in h.text and "all three cities at once" in h.text


def test_hint_joining_a_fight_it_cannot_win_yet_names_the_enemys_falling_odds() -> None:
    """Joining a fight the Allies cannot win this time: the reason is the enemy's falling chance of
    holding, not 'rises from 0 % to 0 %' (the planner joins fights for both, as the strong bot does)."""
    s = position(
        card=8,
        zones={"F14": {"UK": "1a", "Germany": "4i 3a 1t 2b"}, "F16": {"UK": "2i 1a 1t"}, "F15": {"UK": "3i 1a"}, "F30": {"Germany": "2a 1t"}, "F2": {"US": "1i"}},
    )
    h = hint(s)
    assert isinstance(h.action, Move) and h.action.path[-1] == "F14"
    assert "rises from 0 % to 0 %" not in h.text
    assert "cannot hold" in h.text and "falls from" in h.text and h.numbers["enemy after"] < h.numbers["enemy before"]


def test_hint_when_all_three_cities_are_held_says_so() -> None:
    s = position(card=8, zones={"F14": {"UK": "1a", "Germany": "4i 3a"}, "F15": {"UK": "1t"}, "F2": {"US": "1i"}, "F26": {"US": "1i"}, "F30": {"UK": "1i"}})
    h = hint(s)
    assert isinstance(h.action, Move) and h.action.path[-1] == "F30"
    assert "still need (0 of 3)" not in h.text and "hold all three cities" in h.text


def test_fire_to_sea_hint_takes_the_right_article() -> None:
    """The hint at order 9 read "Fire at a artillery on Utah": the article follows the unit's name."""
    from dday.views.tutorial import card_lab

    text = hint(card_lab(9).state).text
    assert text.startswith("Fire at an artillery on ") or text.startswith("Fire at an infantry on ") or text.startswith("Fire at a tank on "), text
