"""The tutorial widgets, driven like a learner would, without a kernel or a browser.

Every button is pressed with ``button.click()`` and every control set through ``.value``.
"""

from __future__ import annotations

import re
from fractions import Fraction
from html import escape

import plotly.graph_objects as go
import pytest

from dday import odds
from dday.rules.actions import Bombard, ChooseCasualties, Done, FireToSea, Land, Move, Patrol, PlaceReinforcement, SplitNavalDice
from dday.rules.cards import ORDER_CARDS
from dday.rules.engine import chance_outcomes, legal_actions
from dday.rules.setup import initial_state
from dday.rules.steps import ChooseCasualtiesStep
from dday.rules.words import percent
from dday.views.log_text import log_lines
from dday.views.maps.leaflet_view import LeafletView
from dday.views.tutorial import (
    NOTEBOOKS,
    PREPARED,
    CardLab,
    card_lab,
    card_table,
    game_position,
    nav,
    odds_lab,
    prepared_position,
    quiz,
    start_map,
    turn_stepper,
    units_needed,
)
from dday.views.widgets.figures import PLOTLY_MIME
from dday.views.widgets.odds_lab import FIGHT_COLUMNS, simulate_fight, wilson
from dday.views.widgets.react_chart import ReactFigure
from dday.views.widgets.rolls import roll_info
from dday.views.widgets.style import HIT_COLOR

# ---------------------------------------------------------------------------------------------
# prepared positions


def test_notebook_list_follows_the_cards() -> None:
    assert len(NOTEBOOKS) == 25 and len(set(NOTEBOOKS)) == 25
    assert NOTEBOOKS[0] == "00_start_here.ipynb"
    for n in range(1, 17):
        assert NOTEBOOKS[n].startswith(f"{n:02d}_")
    assert NOTEBOOKS[17:20] == ("17_full_turn.ipynb", "18_combat_odds_lab.ipynb", "19_classroom_lesson.ipynb")
    assert NOTEBOOKS[-1] == "24_variants.ipynb"


def test_every_card_has_a_prepared_position_a_real_game_reaches() -> None:
    assert sorted(PREPARED) == list(range(1, 17))
    for card, p in PREPARED.items():
        s = prepared_position(card)
        if card in (7, 16):  # nothing to decide or roll: the card resolves at once and its log says so
            assert any(f"Turn {p.turn}, order {card}:" in e for e in log_lines(s))
        else:
            assert (s.turn, s.card) == (p.turn, card), card
            assert s.current_player in ("allies", "axis", "chance"), card


def test_prepared_positions_make_their_card_interesting() -> None:
    nine = prepared_position(9)
    assert nine.turn == 1 and sum(f.total for f in nine.beach) >= 30  # full beachheads under fire
    eleven = prepared_position(11)
    assert len(eleven.combat_zones()) >= 3  # several contested zones
    twelve = prepared_position(12)
    assert sum(a.fighters for a in twelve.air) > 0  # fighters on patrol strafe the moves
    four = prepared_position(4)
    assert any(a.fighters and four.units(z.id, "Germany").artillery for z, a in zip(four.board.zones, four.air, strict=True))
    fourteen = prepared_position(14)
    full = initial_state()
    assert any(len(q) < len(f) for q, f in zip(fourteen.charts, full.charts, strict=True))  # charts partly used
    assert any(f.total for f in fourteen.beach)  # boxes partly filled


def test_positions_can_be_given_as_state_text_or_turn() -> None:
    s = game_position(1, 5)
    lab = card_lab(9, position=s)  # played on by greedy bots until order 9 starts
    assert (lab.state.turn, lab.state.card) == (1, 9)
    lab2 = card_lab(11, position=prepared_position(11).dumps())
    assert lab2.state.key == prepared_position(11).key
    assert card_lab(2, position="turn 2").state.turn == 2
    with pytest.raises(ValueError):
        card_lab(17)
    with pytest.raises(ValueError):
        card_lab(3, position="somewhere")


# ---------------------------------------------------------------------------------------------
# the card lab


@pytest.mark.parametrize("card", range(1, 17))
def test_card_lab_builds_for_every_card(card: int) -> None:
    lab = card_lab(card)
    assert isinstance(lab, CardLab)
    assert lab.roll_button.description == "Roll"
    assert isinstance(lab.map_view, LeafletView) and len(lab.map_view.zone_layers) == len(lab.state.board.zones)
    assert ORDER_CARDS[card].name in lab.header.value
    assert lab.history == [lab.state]
    assert lab.widget._repr_mimebundle_() is not None or True  # displayable
    if lab.finished:
        assert card in (7, 16) and "finished" in lab.status.value
    elif lab.state.current_player == "chance":
        assert not lab.roll_button.disabled and lab.decision is None
        assert abs(sum(lab.chart["data"][0]["y"]) - 1) < 1e-12  # the odds are shown before rolling
    else:
        assert lab.roll_button.disabled and lab.decision is not None


def _choices(lab: CardLab) -> set[object]:
    d = lab.decision
    assert d is not None
    return {a for acts in d.groups.values() for a in acts}


@pytest.mark.parametrize("card", range(1, 17))
def test_buttons_play_every_card_to_its_end(card: int) -> None:
    """Press the action button with the default choice, or Done, and Roll, until the card is over."""
    lab = card_lab(card, seed=card)
    for _ in range(400):
        if lab.finished:
            break
        if lab.state.current_player == "chance":
            lab.roll_button.click()
            continue
        d = lab.decision
        assert d is not None
        legal = legal_actions(lab.state)
        assert _choices(lab) == {a for a in legal if not isinstance(a, Done)}  # the dropdowns offer exactly the legal actions
        before = len(lab.history)
        if d.done is not None and len(lab.history) > 6:
            d.done.click()
        elif not d.go.disabled:
            d.go.click()
        else:
            assert d.done is not None
            d.done.click()
        assert "✘" not in lab.message.value, lab.message.value
        assert len(lab.history) == before + 1
    assert lab.finished, lab.status.value
    assert "finished" in lab.status.value
    assert lab.map_view.state is lab.state  # the map shows the last position
    if not lab.state.is_over:
        assert lab.next_button.layout.display != "none"


def test_card_9_fire_to_sea_with_scripted_dice() -> None:
    lab = card_lab(9)
    d = lab.decision
    assert d is not None and d.kind is FireToSea
    (beach,) = lab.state.board.zone(lab.state.step.zone).fires_at
    before = lab.state.beach_units(beach)
    d.choice.value = FireToSea("infantry", beach)
    d.go.click()
    assert not lab.roll_button.disabled
    info = roll_info(lab.state)
    assert info.probs == {0: Fraction(1, 2), 1: Fraction(1, 2)}
    lab.roll(faces=(3,))  # 3 or less destroys it (R-BH-2)
    assert lab.state.beach_units(beach).infantry == before.infantry - 1
    assert lab.dice.value.count("data-hit") == 1 and "✔ hit" in lab.dice.value
    bar = lab.chart["data"][0]
    assert bar["x"] == [0, 1] and bar["marker"]["color"][1] == HIT_COLOR and bar["marker"]["color"][0] != HIT_COLOR
    assert "result: hits = 1" in lab.chart["layout"]["title"]["text"].replace("<br>", " ")
    assert "1/2" in lab.explanation.value and "hits on a roll of 3 or less" in lab.explanation.value
    assert any("destroyed" in line for line in lab.log_lines())
    assert "destroyed" in lab.log.value


def test_card_1_paratroopers_odds_and_map() -> None:
    lab = card_lab(1)
    assert lab.state.step.zone == "F11"
    info = roll_info(lab.state)
    assert info.probs[0] == Fraction(125, 216) and sum(info.probs.values()) == 1
    assert lab.chart["data"][0]["y"] == pytest.approx([float(p) for p in info.probs.values()])
    assert info.probs == {k: sum((p for f, p in chance_outcomes(lab.state) if sum(x == 1 for x in f) == k), Fraction(0)) for k in range(4)}
    lab.roll(faces=(1, 1, 4))  # EX-9: two hits, the infantry dies, the blockhouse is exempt
    assert lab.state.units("F11", "Germany").short() == "1b"
    assert lab.map_view.state.units("F11", "Germany").short() == "1b"
    assert "2 hits" in lab.dice.value
    assert "C(3, k)" in lab.explanation.value and "counts the ways" in lab.explanation.value  # the binomial, explained


def test_same_seed_same_dice_and_reset_reseeds() -> None:
    a, b = card_lab(1, seed=5), card_lab(1, seed=5)
    a.roll_button.click()
    b.roll_button.click()
    assert a.state.key == b.state.key
    first = a.state.key
    a.roll_button.click()
    a.reset_button.click()
    assert len(a.history) == 1 and a.last_roll is None
    a.roll_button.click()
    assert a.state.key == first  # Reset re-seeds the dice from the seed box
    a.seed_box.value = 6
    a.reset_button.click()
    a.roll_button.click()
    c = card_lab(1, seed=6)
    c.roll()
    assert a.state.key == c.state.key


def test_step_back_undoes_one_step() -> None:
    lab = card_lab(2)
    start = lab.state
    assert lab.back_button.disabled
    lab.decision.go.click()  # type: ignore[union-attr]  # split 3/3
    assert len(lab.history) == 2 and not lab.back_button.disabled
    lab.back_button.click()
    assert lab.state is start and len(lab.history) == 1
    assert lab.map_view.state is start


def test_naval_bombardment_split_aim_roll() -> None:
    lab = card_lab(2)
    d = lab.decision
    assert d is not None and d.kind is SplitNavalDice and d.choice.value == SplitNavalDice(3)
    d.choice.value = SplitNavalDice(6)
    d.go.click()
    d = lab.decision
    assert d is not None and d.kind is Bombard and "Aim" in d.go.description
    assert {a.zone for a in _choices(lab)} == {z.id for z in lab.state.board.zones if lab.state.units(z.id, "Germany").blockhouse}  # type: ignore[attr-defined]
    d.choice.value = Bombard("F14")
    before = lab.state.units("F14", "Germany").blockhouse
    d.go.click()
    lab.roll(faces=(2,))
    assert lab.state.units("F14", "Germany").blockhouse == before - 1


def test_fighter_patrol_power_zone_count_send() -> None:
    lab = card_lab(3)
    d = lab.decision
    assert d is not None and d.kind is Patrol and d.group is not None and d.count is not None
    assert d.go.description == "Send" and d.done is not None
    d.group.value = "US"
    d.choice.value = Patrol("US", "F30")
    assert d.count.max == 4
    d.count.value = 3
    d.go.click()
    assert lab.state.fighters_in("F30") == 3
    d = lab.decision
    assert d is not None
    d.group.value = "UK"  # type: ignore[union-attr]
    d.choice.value = Patrol("UK", "F30")
    assert d.count.max == 1  # at most four fighters per zone (R-STACK-3)
    d.done.click()  # type: ignore[union-attr]
    assert lab.card == 3 and lab.finished
    lab.next_button.click()
    assert lab.card == lab.state.card and not lab.finished
    assert f"Order {lab.card}" in lab.header.value
    lab.back_button.click()  # back into card 3
    assert lab.card == 3


def test_illegal_choice_is_explained_not_raised() -> None:
    lab = card_lab(3)
    d = lab.decision
    assert d is not None
    d.on_choose(Patrol("UK", "F30", 9))
    assert "✘" in lab.message.value and len(lab.history) == 1
    with pytest.raises(ValueError):
        lab.choose(Patrol("UK", "F30", 9))
    with pytest.raises(ValueError):
        lab.roll()  # a decision is pending, not a roll


def test_moves_landings_and_casualties_controls() -> None:
    lab = card_lab(8)
    d = lab.decision
    assert d is not None and d.kind is Move and d.group is not None
    move = d.choice.value
    assert isinstance(move, Move)
    d.go.click()
    assert lab.state.step.moves[0].path == move.path  # type: ignore[attr-defined]
    lab.decision.done.click()  # type: ignore[union-attr]

    lab = card_lab(10)
    d = lab.decision
    assert d is not None and d.kind is Land and d.count is not None
    d.group.value = "Omaha"  # type: ignore[union-attr]
    d.choice.value = Land("Omaha", "infantry")
    d.count.value = d.count.max
    n = d.count.max
    d.go.click()
    assert lab.state.beach_units("Omaha").infantry == prepared_position(10).beach_units("Omaha").infantry - n

    lab = card_lab(11)
    while not isinstance(lab.state.step, ChooseCasualtiesStep):
        assert lab.state.current_player == "chance"
        lab.roll(faces=(1,) * lab.state.step.dice.count)  # type: ignore[attr-defined]
    d = lab.decision
    assert d is not None and d.kind is ChooseCasualties
    options = [v for _, v in d.choice.options]
    assert set(options) == set(legal_actions(lab.state)) and len(options) >= 1
    d.choice.value = options[-1]
    d.go.click()
    assert len(lab.history) >= 2 and "✘" not in lab.message.value


def test_reinforcements_with_the_bot() -> None:
    lab = card_lab(14)
    lab.roll(faces=(4, 4))
    assert "= 8" in lab.dice.value
    while lab.state.current_player == "chance":  # one 2d6 roll per Allied chart
        lab.roll(faces=(4, 4))
    assert lab.chart["data"][0]["x"][0] == 2 and max(lab.chart["data"][0]["y"]) == pytest.approx(6 / 36)
    d = lab.decision
    assert d is not None and d.kind is PlaceReinforcement
    while not lab.finished:
        if lab.state.current_player == "chance":
            lab.roll_button.click()
        else:
            lab.bot_button.click()
    assert "finished" in lab.status.value


# ---------------------------------------------------------------------------------------------
# turn stepper


def test_turn_stepper_bots_play_a_whole_turn() -> None:
    t = turn_stepper(seed=3, allies="greedy", axis="greedy")
    assert t.next_step_button.description == "Next step"
    t.card_button.click()
    assert t.state.card != 1  # order 1 resolved
    t.turn_button.click()
    assert t.finished and t.state.turn == 2
    assert "Turn 1 is finished" in t.status.value
    same = turn_stepper(seed=3, allies="greedy", axis="greedy")
    same.play_to_end_of_turn()
    assert same.state.key == t.state.key


def test_turn_stepper_waits_for_the_person() -> None:
    t = turn_stepper(seed=1, allies="person", axis="greedy")
    t.turn_button.click()
    assert not t.finished and t.state.current_player == "allies"
    assert t.decision is not None
    assert t.next_step() is False and "Waiting for your decision" in t.message.value
    t.bot_button.click()  # the learner may still hand one decision to the bot
    steps = 0
    while not t.finished and steps < 300:
        if t.decision is not None:
            t.bot_decide()
        else:
            t.next_step_button.click()
        steps += 1
    assert t.finished and t.state.turn == 2


# ---------------------------------------------------------------------------------------------
# quiz, navigation, map, card table


def test_quiz_gives_instant_feedback() -> None:
    q = quiz(
        [
            ("Who picks fire-to-sea targets?", ["The Allies", "The Germans"], 1, "Fire to sea is targeted (R-BH-2)."),
            ("2+2?", ["4", "5"], 0, "Arithmetic."),
        ]
    )
    assert q.feedback[0].value == ""
    q.radios[0].value = 0
    assert "✘" in q.feedback[0].value and "R-BH-2" in q.feedback[0].value
    q.radios[0].value = 1
    assert "✔" in q.feedback[0].value and q.score == 1
    q.radios[1].value = 0
    assert q.score == 2 and "Score: 2 right out of 2." in q.score_line.value
    with pytest.raises(ValueError):
        quiz([("bad", ["a"], 3, "")])


def test_nav_links_neighbours() -> None:
    h = nav(9).value
    assert 'href="08_allies_move.ipynb"' in h and 'href="10_allies_land.ipynb"' in h
    assert "◀" not in nav(0).value and 'href="01_airborne_assault.ipynb"' in nav(0).value
    assert 'href="20_play.ipynb"' in nav(19).value
    assert "▶" not in nav(24).value
    with pytest.raises(ValueError):
        nav(25)


def test_start_map_and_card_table() -> None:
    m = start_map()
    assert len(m.map_view.zone_layers) == len(initial_state().board.zones)
    df = card_table()
    assert list(df["card"]) == list(range(1, 17))
    assert {"name", "active", "response", "what happens", "rules"} <= set(df.columns)
    assert df.loc[9, "active"] == "Axis" and "ORDER-9" in df.loc[9, "rules"]


# ---------------------------------------------------------------------------------------------
# odds lab


def test_odds_lab_exact_cycle_and_fight() -> None:
    lab = odds_lab(allies_infantry=3, allies_artillery=0, allies_tank=0, axis_infantry=0, axis_artillery=0, axis_blockhouse=1)
    z = lab.heatmap.data[0].z
    assert sum(map(sum, z)) == pytest.approx(1)
    exact = odds.cycle({"infantry": 3}, {"blockhouse": 1}, "allies")
    assert z[1][0] == pytest.approx(float(exact[(1, 0)]))
    ys = [tr.y for tr in lab.fight_chart.data[: len(FIGHT_COLUMNS)]]
    for k in range(lab.cards.value):
        assert sum(y[k] for y in ys) == pytest.approx(1)
    lab.sliders["axis_tank"].value = 2
    assert "2t" in lab.heatmap.layout.title.text
    lab.attacker.value = "axis"
    assert lab.heatmap.layout.title.text.startswith("One cycle: Axis")
    for s in lab.sliders.values():
        if s.description != "infantry":
            s.value = 0
    lab.sliders["axis_infantry"].value = 0
    assert "at least one unit" in lab.message.value
    assert lab.simulate() is None


def test_odds_lab_monte_carlo_agrees_and_is_labelled() -> None:
    lab = odds_lab()
    lab.runs.value = 3000
    lab.seed.value = 4
    lab.simulate_button.click()
    mc = lab.mc
    assert mc is not None and mc.runs == 3000 and mc.seed == 4
    assert "n = 3,000 runs, seed 4, 95 % Wilson intervals" in lab.mc_text.value
    assert all(escape(mc.share(c)) in lab.mc_text.value for c in FIGHT_COLUMNS)
    assert re.search(r"\d\.\d{3}", lab.mc_text.value) is None  # percentages, not bare fractions of one
    for c in FIGHT_COLUMNS:
        lo, hi = mc.interval(c)
        exact = float(lab.fight.rows[-1][c])
        assert lo - 0.03 <= exact <= hi + 0.03
    assert all(tr.visible for tr in lab.fight_chart.data[len(FIGHT_COLUMNS) :])
    lab.cards.value = 3  # a new question clears the old sample
    assert lab.mc is None and lab.mc_text.value == ""


def test_simulation_matches_exact_fight() -> None:
    exact = odds.zone_fight_exact("3i 2a 1t", "2i 1a 1t 1b", cards=4, first="axis")
    mc = simulate_fight("3i 2a 1t", "2i 1a 1t 1b", cards=4, first="axis", runs=20000, seed=2)
    for c in FIGHT_COLUMNS:
        p = float(exact.rows[-1][c])
        sigma = (p * (1 - p) / 20000) ** 0.5
        assert abs(mc.table[c].iloc[-1] - p) <= 4 * sigma + 1e-9
    assert wilson(0, 10)[0] == 0.0


def test_units_needed_is_exact_and_explains_itself() -> None:
    r = units_needed(target_prob=0.8, by_turn=4)
    assert r.n is not None and 1 <= r.n <= 8
    p = r.table["P(Allies hold)"]
    assert p.loc[r.n] >= 0.8 and (r.n == 1 or p.loc[r.n - 1] < 0.8)
    assert Fraction(r.table["exact"].loc[r.n]) == odds.zone_fight_exact(r.force, r.defender, cards=8).rows[-1]["allies_hold"]
    assert "Assumptions" in r.explain() and "<table" in r._repr_html_()
    hopeless = units_needed(0.99, by_turn=1, defender="4t 4b", mix="i")
    assert hopeless.n is None and "cannot" in hopeless.explain()
    with pytest.raises(ValueError):
        units_needed(1.5)


def test_charts_never_use_figurewidget(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 17: charts are plain figures drawn into an Output or a small chart widget (no FigureWidget,
    no plotly.js in the widget state)."""

    def forbidden(*_a: object, **_k: object) -> None:
        raise AssertionError("a FigureWidget was made")

    monkeypatch.setattr(go, "FigureWidget", forbidden)
    lab = card_lab(9)
    lab.bot_button.click()
    lab.roll(faces=(1,))
    drawn = lab.chart_view.outputs[0]["data"][PLOTLY_MIME]
    assert drawn["data"][0]["marker"]["color"][1] == HIT_COLOR  # the Output shows the roll just made
    assert lab.chart == drawn
    assert isinstance(odds_lab().heatmap, ReactFigure)


def test_odds_lab_boxes_show_the_run_that_code_asked_for() -> None:
    """``lab.simulate(runs=..., seed=...)`` from a cell (notebook 18) runs what it says, and the
    boxes then show those numbers: pressing Simulate again repeats the same run."""
    lab = odds_lab()
    mc = lab.simulate(runs=4000, seed=1)
    assert mc is not None and (mc.runs, mc.seed) == (4000, 1)
    assert (lab.runs.value, lab.seed.value) == (4000, 1)
    lab.simulate_button.click()
    assert lab.mc is not None and lab.mc.table.equals(mc.table)
    assert mc.label("allies_hold").startswith(percent(float(mc.table["allies_hold"].iloc[-1])) + " (n = 4,000 runs, seed 1, 95 % interval ")


def test_roll_titles_count_one_die_in_the_singular() -> None:
    """A single German artillery attacking rolls '1 die', never '1 dice' (the card lab's header
    and chart title); the defence roll of three infantry keeps its plural."""
    from dday.rules.scenario import position

    s = position(card=13, zones={"F10": {"Germany": "1a", "US": "3i"}})
    assert roll_info(s).title == "Axis attack in F10 Saint-Sauveur-le-Vicomte: 1 die"
    assert odds.hit_distribution(1, 2).title == "Hits from one die hitting on a roll of 2 or less"
    assert odds.hit_distribution(3, 2).title == "Hits from three dice, each hitting on a roll of 2 or less"
    assert odds.antiaircraft(3, 1).title == "Antiaircraft fire: 3 artillery against 1 fighter"  # no "fighter(s)"


@pytest.mark.rules("ORDER-15", "R-REINF-1")
def test_two_dice_chart_labels_every_bar_at_one_size() -> None:
    """Order 15's 2d6 chart has eleven narrow bars: plotly shrank each label that did not fit its
    bar on its own, so 16.7 % was drawn smaller than 2.8 %. The chart asks for one size for all
    labels (uniformtext), not below 11 px, and still labels every bar with its percentage."""
    from dday.rules.scenario import position
    from dday.views.widgets.rolls import roll_figure

    s = position(card=15, turn=2)
    info = roll_info(s)
    fig = roll_figure(info)
    assert fig["layout"]["uniformtext"]["mode"] == "show" and fig["layout"]["uniformtext"]["minsize"] >= 11
    bars = fig["data"][0]
    assert bars["x"] == list(range(2, 13)) and bars["text"][5] == "16.7 %" and bars["text"][0] == "2.8 %"
    assert "36 ways" in info.formula  # why 7 is the likeliest total, in words


def test_patrol_choices_name_the_antiaircraft_guns_in_words() -> None:
    """Order 3's choices say how many German guns can fire at a patrol there (R-AA-1), with
    plurals, and stay short enough for the card lab's dropdown (no bare 'AA')."""
    from dday.views.widgets.decisions import action_label

    s = card_lab(3).state
    labels = [action_label(s, a) for a in legal_actions(s) if isinstance(a, Patrol)]
    assert "F2 Cherbourg (0 fighters there; 2 antiaircraft guns)" in labels
    assert "F10 Saint-Sauveur-le-Vicomte (0 fighters there; 1 antiaircraft gun)" in labels
    assert not any("AA" in label for label in labels) and max(map(len, labels)) <= 70


# ---------------------------------------------------------------------------------------------
# Issue 31.7: notebook 00's map and card table


def test_start_map_outlines_nothing_and_keeps_the_board_width() -> None:
    from dday.views.maps.leaflet_view import MAP_MIN_WIDTH
    from dday.views.tutorial import start_map

    panel = start_map()
    view = panel.map_view
    assert view.highlighted == {}  # at the set-up nothing acts: no thick outline to explain
    assert LeafletView(initial_state()).highlighted  # a position in play still outlines the zone acting (F11)
    # the map keeps the board's width and the side column wraps under it when both do not fit
    row = next(box for box in view.widget.children if view.map in getattr(box, "children", ()))  # the map and its side column
    assert row.layout.flex_flow == "row wrap" and view.map.layout.min_width == f"min({MAP_MIN_WIDTH}px, 100%)"


def test_card_table_keeps_rule_ids_whole_and_left_aligns() -> None:
    from dday.views.tutorial import card_table

    html = card_table()._repr_html_()
    assert "text-align: left" in html and "text-align: right" not in html
    for rule in ("R-PARA-1", "R-NAVAL-2", "R-REINF-5", "R-VICTORY-2"):
        assert f'<span style="white-space:nowrap">{rule}</span>' in html
