"""Words for people: every log line, prompt and error message a learner reads is scanned for glitches.

Two seeded games under every rule set (greedy bots), illegal inputs along a random game, and every
card lab played to the end of its card give the log lines, the prompts (``describe_step``) and the
error messages; the patterns are the slips
issue 18 found: "1 hits", "2 die", "Germany infantry", doubled words, "(s)", "die/dice",
"axis win" in a sentence.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

from dday.bots.greedy import GreedyBot
from dday.errors import IllegalActionError
from dday.play.game import play_game
from dday.rules.engine import apply, legal_actions, sample_roll
from dday.rules.setup import initial_state
from dday.tutorial import card_lab
from dday.variants.rulesets import RULESETS, ruleset
from dday.views.log_text import lines_of
from dday.views.prompts import describe_step

PATTERNS: dict[str, re.Pattern[str]] = {
    "1 + plural": re.compile(r"(?<![\d.,/−-])\b1 (?:more |new |German |Allied |UK |US |Axis |strafing |naval |blockhouse )?(hits|dice|units|fighters|bombers|blockhouses|tanks|games|turns|cards|zones|rolls|cycles|casualties)\b"),
    "n≠1 + singular": re.compile(
        r"(?<![\d.,/−-])\b(?!(?:1[89]|20)\d\d )(?:0|[2-9]|\d{2,}|two|three|four|five|six|seven|eight|nine|ten) (?:more |German |Allied |UK |US |Axis |strafing |naval )?(hit|die|unit|fighter|bomber|blockhouse|tank|game|turn|casualty)\b(?![-/])"
    ),
    "Germany as adjective": re.compile(r"\bGermany (infantry|artillery|tanks?|blockhouses?|units?|fighters?|bombers?)\b"),
    "doubled word": re.compile(r"\b([A-Za-z]{2,}) \1\b", re.I),
    "(s)": re.compile(r"\w\(s\)"),
    "die/dice": re.compile(r"die/dice|dice/die"),
    "lowercase side": re.compile(r"(?:^|[.;:,] |\b(?:the|an?|for|by) )(allies|axis)\b(?! =)(?!_)(?!\))(?!['\"])"),
    "side win": re.compile(r"\b(allies|axis) wins?\b", re.I),
    "hits on 1 count": re.compile(r"\b0 count\b"),
}
ALLOWED_DOUBLES = {"that that", "had had"}


def glitches(text: str) -> list[str]:
    """The wording slips in ``text``, as "pattern: match".

    >>> glitches("Rolled: 1 hits; lose 1 Germany infantry; starting at at line 512; Strafing of one moving unit(s)")
    ['1 + plural: 1 hits', 'Germany as adjective: Germany infantry', 'doubled word: at at', '(s): t(s)']
    >>> glitches("Rolled: 1 hit; lose 1 German infantry; 2 dice; Axis win on turn 9; the 1961 game")
    []
    """
    found = []
    for name, pattern in PATTERNS.items():
        for m in pattern.finditer(text):
            if name == "doubled word" and m.group(0).lower() in ALLOWED_DOUBLES:
                continue
            if name == "side win" and m.group(0)[0].isupper():
                continue  # "Axis win on turn 9" is right; "axis win" / "allies win" in a sentence is not
            found.append(f"{name}: {m.group(0)}")
    return found


def game_lines(rules_name: str, seed: int) -> list[str]:
    """Every log line of one greedy-vs-greedy game, and every prompt it showed (``describe_step``).

    The actions' own texts ("move Germany infantry F1>F2") are the save-file format, not prose: not scanned.
    """
    rules = ruleset(rules_name)
    prompts: list[str] = []

    def on_state(s: object) -> None:
        if getattr(s, "current_player", "chance") != "chance" and not getattr(s, "is_over", False):
            prompts.append(describe_step(s))  # type: ignore[arg-type]

    rec = play_game(GreedyBot(), GreedyBot(), seed, options=rules, on_state=on_state)
    return lines_of(rec.log, rec.final.board) + prompts


@pytest.mark.parametrize("rules_name", sorted(RULESETS))
def test_game_logs_and_prompts_read_well(rules_name: str) -> None:
    bad: dict[str, str] = {}
    for seed in (0, 1):
        for line in game_lines(rules_name, seed):
            for g in glitches(line):
                bad.setdefault(g, line)
    assert not bad, "\n".join(f"{g}  <-  {line}" for g, line in bad.items())


def test_error_messages_read_well() -> None:
    """Illegal inputs at every card of a seeded game: the messages a learner sees when a move is refused."""
    s = initial_state()
    rng = np.random.default_rng(3)
    messages = [describe_step(s)]
    for _ in range(400):
        if s.is_over:
            break
        if s.current_player == "chance":
            s = apply(s, sample_roll(s, rng))
            continue
        acts = legal_actions(s)
        try:
            apply(s, (9, 9, 9, 9, 9, 9, 9, 9, 9, 9))  # dice where a decision is wanted
        except (IllegalActionError, ValueError) as e:
            messages.append(str(e))
        s = apply(s, acts[int(rng.integers(len(acts)))])
    assert messages
    bad = {g: m for m in messages for g in glitches(m)}
    assert not bad, bad


@pytest.mark.parametrize("card", range(1, 17))
def test_card_labs_read_well(card: int) -> None:
    """Each card lab played to the end of its card (the bot decides, the dice roll): its log and prompts."""
    lab = card_lab(card)
    lines = [describe_step(lab.state)]
    for _ in range(200):
        if lab.finished:
            break
        if lab.state.current_player == "chance":
            lab.roll()
        else:
            lab.bot_decide()
        lines.append(describe_step(lab.state))
    lines += lab.log_lines()
    bad = {g: line for line in lines for g in glitches(line)}
    assert not bad, bad


def test_odds_explanations_read_as_sentences() -> None:
    """The odds' titles and formulas a learner reads: no 'unit(s)', 'die/dice' or unexplained jargon."""
    from dday import odds

    texts: list[str] = []
    for n in (1, 2, 3):
        for d in (odds.paratroopers(n, "1i 1b"), odds.bomber_strike(n, n), odds.fire_to_sea(n, "3i 1a"), odds.naval_bombardment(n, 2)):
            texts += [d.title, d.formula]
    fight = odds.zone_fight_exact("2i 1t", "1i 1b", 1)
    texts += [fight.explain(), fight.final.title, odds.cycle_distribution("2i 1a", "1i 1b", "allies").formula]
    for text in texts:
        for bad in ("(s)", "die/dice", "convolution", "1 dice", "one dice", "1 cards", "1 attack cards"):
            assert bad not in text, (bad, text)
        if "Markov chain" in text:
            assert "depends only on" in text, text  # explained where it appears


@pytest.mark.rules("ORDER-1", "ORDER-2", "ORDER-4", "ORDER-5", "ORDER-9", "ORDER-12", "ORDER-14")
def test_odds_explanations_say_each_result_as_a_percentage_without_code_notation() -> None:
    """What a card notebook prints under ``.explain()``: sentences, each result's chance as a
    percentage with its fraction, an average in at most two decimals, and none of the
    notation of a program ("P(0) =", "min(hits, 7)", "expected …: 1.000")."""
    from dday import odds

    events = [
        odds.paratroopers(3, "1i 1b"),
        odds.naval_bombardment({"F14": 2}),
        odds.antiaircraft(3, 4),
        odds.bomber_strike(2, 3),
        odds.fire_to_sea(2, "5i 1a 1t"),
        odds.strafing(transit=[2], end=1),
        odds.strafing(end=2, units=3),
        odds.reinforcements("US", {"Utah": 4, "Omaha": 8}),
        odds.hit_distribution(3, 2),
    ]
    for d in events:
        text = d.explain()
        for bad in ("P(0)", "P(1)", "min(hits", "expected ", "≤", "^4:", "(binomial)", "P(N)"):
            assert bad not in text, (bad, text)
        assert re.search(r"^  0: \d+\.\d % \(\d+/\d+\)$", text, re.M) or re.search(r"^  2: ", text, re.M), text
        average = re.search(r"^Average number of [a-zA-Z ]+: (\S+)$", text, re.M)
        assert average and re.fullmatch(r"\d+(\.\d{1,2})?", average.group(1)), text
    assert "1 − (5/6)³ = 91/216 ≈ 42.1 %" in " ".join(events[0].explain().split())  # EX-9's chance, worked out in the text
    assert "0: 57.9 % (125/216)" in events[0].explain()


@pytest.mark.rules("R-REINF-5")
def test_reinforcement_explanation_names_the_chart_it_is_about() -> None:
    """The slot limits come from the chart asked about: the US chart's Utah/Omaha slots, and
    none for the UK chart (which once read 'US chart slots 1–6 Utah only' too)."""
    from dday import odds

    us = " ".join(odds.reinforcements("US", {"Utah": 4, "Omaha": 8}).formula.split())
    uk = " ".join(odds.reinforcements("UK").formula.split())
    assert "chart slots 1–6 go only to Utah" in us and "chart slots 7–8 go only to Omaha" in us
    assert "US" not in uk and "Utah" not in uk and "UK chart" in uk


NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_prose_reads_well(path: Path) -> None:
    """The Markdown of every notebook, 00-24 (issue 32: the advanced notebooks 18-24 too), as a reader sees it."""
    cells = [c for c in json.loads(path.read_text(encoding="utf-8"))["cells"] if c["cell_type"] == "markdown"]
    prose = [re.sub(r'<abbr title="[^"]*">([^<]*)</abbr>', r"\1", "".join(c["source"])) for c in cells]
    bad = {g: line for text in prose for line in text.splitlines() for g in glitches(line)}
    assert not bad, bad


def test_hover_summaries_read_well() -> None:
    """Every rule's hover text (its summary, issue 32) passes the same checks as the game's log."""
    from dday.rules.reference import all_rules

    bad = {r.id: glitches(r.tooltip()) for r in all_rules() if glitches(r.tooltip())}
    assert not bad, bad
    assert glitches("On a 1 blockhouses hit on 1 to 5.")  # the slip the fortune summaries once had
