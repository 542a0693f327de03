"""dday.views.numbers: percentages, "about 1 in N", short exact fractions, never scientific notation."""

from __future__ import annotations

import re
from fractions import Fraction

import pandas as pd
import pytest

from dday.odds import zone_fight
from dday.rules.words import count, exact_text, percent, plural
from dday.views.numbers import chance, fight_table, one_in, probability_table

SCIENTIFIC = re.compile(r"\d[eE][+-]?\d")


@pytest.mark.parametrize(
    ("p", "text"),
    [
        (Fraction(1, 6), "16.7 %"),
        (Fraction(0), "0 %"),
        (Fraction(1), "100 %"),
        (Fraction(1, 10**9), "< 0.1 %"),
        (1 - Fraction(1, 10**9), "> 99.9 %"),
        (0.0004, "< 0.1 %"),  # rounds to 0.0: "0.0 %" never appears
        (0.9995, "> 99.9 %"),
        (0.00051, "0.1 %"),
    ],
)
def test_percent_never_says_impossible_or_certain_for_a_possible_event(p: Fraction | float, text: str) -> None:
    assert percent(p) == text


def test_percent_rejects_what_is_not_a_probability() -> None:
    with pytest.raises(ValueError, match="between 0 and 1"):
        percent(1.5)


@pytest.mark.parametrize("k", range(1, 60))
def test_no_scientific_notation_at_any_scale(k: int) -> None:
    p = Fraction(1, 7**k)
    for text in (percent(p), one_in(p), chance(p), chance(1 - p)):
        assert not SCIENTIFIC.search(text), text
    assert len(max(re.findall(r"\d+", exact_text(p)) or [""], key=len)) <= 12


def test_one_in_is_close_to_the_truth() -> None:
    for n in (2, 3, 6, 36, 216, 1296, 46656, 10**7 + 3):
        text = one_in(Fraction(1, n))
        shown = int(text.removeprefix("about 1 in ").replace(" ", "")) if text else None
        if n <= 4:
            assert text == ""  # 1 in 2 reads better as 50 %
        else:
            assert shown is not None and abs(shown - n) / n < 0.05, (n, text)


def test_exact_only_when_short_or_asked() -> None:
    long = Fraction(6458032651, 33059881728)
    assert exact_text(long) == ""
    assert exact_text(long, asked=True) == "6458032651/33059881728"
    assert exact_text(Fraction(91, 216)) == "91/216"
    assert "6458032651" not in chance(long)
    assert chance(long, show_exact=True).endswith("exactly 6458032651/33059881728)")


def test_plurals() -> None:
    assert [count(n, "hit") for n in (0, 1, 2)] == ["0 hits", "1 hit", "2 hits"]
    assert count(1, "die", "dice") == "1 die" and count(5, "die", "dice") == "5 dice"
    assert plural(2, "infantry", "infantry") == "infantry"


def _shown_cells(html: str) -> list[str]:
    """The values a Styler's table shows, without its tags: the random table id (``T_4e25d``) may look like '4e2'."""
    return re.findall(r"<td[^>]*>([^<]*)</td>", html)


def test_probability_table_formats_long_fractions_and_tiny_floats() -> None:
    df = pd.DataFrame(
        {"force": ["1i", "1i 1a"], "P(Allies hold)": [2.566056e-11, 0.0572586], "exact": ["1572225863/1338925209984", "1/6"]}
    )
    html = probability_table(df).to_html()
    assert "&lt; 0.1 %" in html and "5.7 %" in html and "1/6" in html
    cells = _shown_cells(html)
    assert len(cells) == 6 and "1338925209984" not in html and not any(SCIENTIFIC.search(c) for c in cells)


def test_fight_table_on_a_real_fight() -> None:
    frame = zone_fight("4i 2a 1t", "2i 1a 1b", cards=4)
    styler = fight_table(frame)
    assert list(styler.data.index) == [f"after attack card {c}" for c in range(1, 5)]
    assert "P(Allies hold)" in styler.data.columns
    cells = _shown_cells(styler.to_html())
    assert any("%" in c for c in cells) and not any(SCIENTIFIC.search(c) for c in cells)
    assert styler.data["P(Allies hold)"].iloc[-1] == pytest.approx(float(frame["allies_hold"].iloc[-1]))
    html = styler.to_html()
    head = html[html.index("<thead>") : html.index("</thead>")]
    assert head.count("<tr>") == 1  # one header row: an empty index-name row drew a blank band under the titles
    caption = re.search(r"<caption>(.*?)</caption>", html)
    assert caption and "P(Allies hold), that only Allied units are left in the zone" in caption.group(1)  # the notation, said once


def test_printed_explanations_fold_long_lines_at_spaces() -> None:
    """JupyterLab breaks a printed line that is too long anywhere, even inside a word; the
    explanations the notebooks print fold their lines at 100 characters, at spaces."""
    from dday import odds
    from dday.views.tutorial import units_needed

    texts = [
        odds.cycle_distribution("6i 2a", "4i 3a 2b", "allies").explain(),
        odds.zone_fight("4i 2a 2t", "2i 1a 1t", cards=6).attrs["explanation"],
        units_needed(target_prob=0.8, by_turn=4).explain(),
    ]
    for text in texts:
        lines = text.splitlines()
        assert all(len(line) <= 100 for line in lines), max(lines, key=len)
        assert any(line.startswith("  ") for line in lines)  # each was too long once: the rest of it is indented
    assert "Worked out exactly, card by card" in texts[1]  # folding keeps the words


def test_a_fraction_too_long_to_write_out_is_said_so_not_raised() -> None:
    """A fight of 30 against 30 units over 200 cards has exact chances whose denominators run to
    thousands of digits, past the 4,300 that Python writes out: the words say so instead of raising."""
    from dday.odds.distribution import Distribution
    from dday.rules.words import chance_text, exact_text, fraction_text

    huge = Fraction(1, 6**6000)
    assert exact_text(huge) == "" and chance_text(huge) == "< 0.1 %"
    assert exact_text(huge, asked=True) == fraction_text(huge) == "a fraction too long to write out (about 4,669 digits below the line)"
    table = Distribution({0: huge, 1: 1 - huge}, outcome_name="hits").to_frame()
    assert table["exact"].iloc[0].startswith("a fraction too long") and table["probability"].iloc[1] == 1.0
