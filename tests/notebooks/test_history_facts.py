"""History checked (issue 18): the notebooks' history sections agree with one facts table.

Every notebook's history sections ("What happened" in the heading) may name dates and Normandy
places only if the package's facts table, ``dday/data/history_facts.csv`` (date, place, event,
source), has them, so a claim cannot drift between notebooks. The rules:

- every date a section names (``6 June``, ``5–6 June``, ``26 June – 1 July``, ``19 to 22 June``)
  is a date of the table (ISO ``1944-06-06`` or a range ``1944-06-26/1944-07-01``);
- every known place a section names is a place of the table. Known places are the table's
  places, the zone names and other towns of ``dday/data/board.json`` and the five beaches;
- in each sentence (or table row) each date goes with the nearest known place, and that
  (date, place) pair is a row of the table;
- each section ends with a ``*Sources:*`` line naming at least one book of ``TITLES``.

The tests read the notebooks' Markdown and the package data only; they import nothing from the
engine, so they do not depend on how ``dday`` is split into modules.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

import pytest

NOTEBOOK_DIR = Path(__file__).resolve().parents[2] / "notebooks"
NOTEBOOKS = sorted(NOTEBOOK_DIR.glob("*.ipynb"))

# A history section is a Markdown cell whose heading says "What happened" (plus any heading-less
# Markdown cells after it). How many each notebook has, so a renamed heading cannot hide one.
HEADING = re.compile(r"^#{1,6}\s.*\bWhat happened\b", re.IGNORECASE)
EXPECTED_SECTIONS = {**{f"{n:02d}": 1 for n in range(1, 17)}, "19": 2, "22": 1}

SOURCES_LINE = re.compile(r"^\*Sources:\*\s+\S")
# The books a Sources line or a facts row may cite (official histories first).
TITLES = (
    "Cross-Channel Attack",
    "Utah Beach to Cherbourg",
    "Omaha Beachhead",
    "Small Unit Actions",
    "Breakout and Pursuit",
    "Logistical Support of the Armies",
    "The Army Air Forces in World War II",
    "The Invasion of France and Germany",
    "Victory in the West",
    "The Victory Campaign",
    "By Air to Battle",
    "SOE in France",
    "Das Reich",
)

FACTS_COLUMNS = ["date", "place", "event", "source"]
ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
YEAR = 1944
MONTHS = {"May": 5, "June": 6, "July": 7, "August": 8, "September": 9}
_M = "(" + "|".join(MONTHS) + ")"
_D = r"(?<![\w:.,–-])(\d{1,2})"
_Y = r"(?:,?\s+(\d{4}))?"
_TO = r"\s*(?:–|-|\bto\b)\s*"
# Longest forms first; each match blanks its text so a shorter form cannot match inside it.
DATE_FORMS = (
    ("cross-month", re.compile(_D + r"\s+" + _M + _TO + r"(\d{1,2})\s+" + _M + r"\b" + _Y)),
    ("range", re.compile(_D + _TO + r"(\d{1,2})\s+" + _M + r"\b" + _Y)),
    ("day", re.compile(_D + r"\s+" + _M + r"\b" + _Y)),
    ("month-first", re.compile(r"\b" + _M + r"\s+(\d{1,2})(?![\d:])")),
)

# Slips that issue 18 found; they must not come back (matched case-insensitively in every
# notebook's Markdown).
SLIPS = [
    (r"three gliders carrying", "Howard's company flew in six gliders; three landed at the canal bridge"),
    (r"Goodwood[^|\n]*\brest of (?:the city|Caen)\b", "Caen's southern suburbs fell to the Canadian Operation Atlantic"),
    (r"rest of Caen is cleared", "Caen's southern suburbs fell to the Canadian Operation Atlantic"),
    (r"101st[^.|\n]*\btook\b[^.|\n]*Sainte-Mère-Église", "the 82nd's 505th PIR took Sainte-Mère-Église"),
]


# ---- reading -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Section:
    notebook: str  # "01"
    heading: str
    lines: tuple[str, ...]  # the Markdown after the heading

    @property
    def name(self) -> str:
        return f"{self.notebook}: {self.heading}"

    def claim_lines(self) -> list[str]:
        return [ln for ln in self.lines if ln.strip() and not SOURCES_LINE.match(ln.strip())]


def _markdown_cells(path: Path) -> list[tuple[str, str]]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return [(c["cell_type"], "".join(c["source"])) for c in nb["cells"]]


def history_sections(path: Path) -> list[Section]:
    sections: list[Section] = []
    current: tuple[str, list[str]] | None = None
    for kind, text in _markdown_cells(path):
        if kind != "markdown":
            current = None
            continue
        lines = text.splitlines()
        if lines and lines[0].startswith("#"):
            current = None
            if HEADING.match(lines[0]):
                current = (lines[0].lstrip("#").strip(), [])
                sections.append(Section(path.name[:2], current[0], ()))
            body = lines[1:]
        else:
            body = lines
        if current is not None:
            current[1].extend(body)
            sections[-1] = Section(sections[-1].notebook, current[0], tuple(current[1]))
    return sections


def _all_sections() -> list[Section]:
    return [s for p in NOTEBOOKS for s in history_sections(p)]


def _facts_text() -> str:
    return resources.files("dday").joinpath("data/history_facts.csv").read_text(encoding="utf-8")


@cache
def facts() -> tuple[dict[str, str], ...]:
    return tuple(csv.DictReader(io.StringIO(_facts_text())))


@cache
def board() -> dict:
    return json.loads(resources.files("dday").joinpath("data/board.json").read_text(encoding="utf-8"))


@cache
def known_places() -> tuple[str, ...]:
    """Places the checker looks for, longest first (so 'Caen Canal' wins over 'Caen')."""
    names = {r["place"] for r in facts()}
    for z in board()["zones"]:
        names.add(z["name"])
        for town in z.get("other_towns", "").split("/"):
            town = re.sub(r"\(.*?\)", "", town).strip()
            if town:
                names.add(town)
    names.update(board()["beachheads"])
    return tuple(sorted(names, key=lambda n: (-len(n), n)))


# ---- the checker ---------------------------------------------------------------------------


def _iso(day: str, month: str, year: str | None) -> str:
    return dt.date(int(year or YEAR), MONTHS[month], int(day)).isoformat()


def find_dates(text: str) -> list[tuple[int, int, str]]:
    """(start, end, normalised date) for every date in ``text``, in order."""
    out = []
    blank = text
    for form, rx in DATE_FORMS:
        for m in rx.finditer(blank):
            g = m.groups()
            if form == "cross-month":
                value = f"{_iso(g[0], g[1], g[4])}/{_iso(g[2], g[3], g[4])}"
            elif form == "range":
                value = f"{_iso(g[0], g[2], g[3])}/{_iso(g[1], g[2], g[3])}"
            elif form == "day":
                value = _iso(g[0], g[1], g[2])
            else:
                value = _iso(g[1], g[0], None)
            out.append((m.start(), m.end(), value))
        for s, e, _ in out:
            blank = blank[:s] + " " * (e - s) + blank[e:]
    return sorted(out)


def find_places(text: str, places: tuple[str, ...]) -> list[tuple[int, int, str]]:
    """(start, end, place) for every known place in ``text`` (longest names first, no overlaps)."""
    out = []
    blank = text
    for name in places:
        rx = re.compile(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])")
        for m in rx.finditer(blank):
            out.append((m.start(), m.end(), name))
            blank = blank[: m.start()] + " " * (m.end() - m.start()) + blank[m.end() :]
    return sorted(out)


def claims(lines: list[str]) -> list[str]:
    """Sentences of the prose and rows of the tables, without Markdown emphasis."""
    out = []
    for line in lines:
        line = line.replace("*", "").strip()
        if line.startswith("|"):
            if not re.fullmatch(r"[|\s:-]+", line):
                out.append(line)
            continue
        out.extend(s for s in re.split(r"(?<=[.!?])\s+(?=[\"(A-Z0-9])", line) if s.strip())
    return out


def pairs(claim: str, places: tuple[str, ...]) -> list[tuple[str, str]]:
    """(date, place): each date of the claim with the nearest known place in it."""
    ps = find_places(claim, places)
    out = []
    for s, e, date in find_dates(claim):
        if ps:
            near = min(ps, key=lambda p: (max(p[0] - e, s - p[1], 0), p[0] > s))
            out.append((date, near[2]))
    return out


def problems(section_lines: list[str], rows: tuple[dict[str, str], ...], places: tuple[str, ...]) -> list[str]:
    """Every date, place or (date, place) of the lines that the facts ``rows`` lack."""
    dates = {r["date"] for r in rows}
    table_places = {r["place"] for r in rows}
    table_pairs = {(r["date"], r["place"]) for r in rows}
    found = []
    for claim in claims(section_lines):
        for _, _, d in find_dates(claim):
            if d not in dates:
                found.append(f"date {d} not in the facts table: {claim!r}")
        for _, _, p in find_places(claim, places):
            if p not in table_places:
                found.append(f"place {p!r} not in the facts table: {claim!r}")
        for d, p in pairs(claim, places):
            if d in dates and p in table_places and (d, p) not in table_pairs:
                found.append(f"no facts row ({d}, {p}): {claim!r}")
    return found


# ---- the tests -----------------------------------------------------------------------------


def test_every_expected_history_section_is_found() -> None:
    found: dict[str, int] = {}
    for s in _all_sections():
        found[s.notebook] = found.get(s.notebook, 0) + 1
    assert found == EXPECTED_SECTIONS


@pytest.mark.parametrize("section", _all_sections(), ids=lambda s: s.name)
def test_dates_and_places_of_the_section_are_in_the_facts_table(section: Section) -> None:
    found = problems(section.claim_lines(), facts(), known_places())
    assert not found, f"{section.name}:\n" + "\n".join(found)


@pytest.mark.parametrize("section", _all_sections(), ids=lambda s: s.name)
def test_the_section_ends_with_a_sources_line(section: Section) -> None:
    last = [ln.strip() for ln in section.lines if ln.strip()][-1]
    assert SOURCES_LINE.match(last), f"{section.name}: the last line is not '*Sources:* …': {last!r}"
    assert any(t in last for t in TITLES), f"{section.name}: the Sources line names none of {TITLES}"


@pytest.mark.parametrize(("pattern", "why"), SLIPS, ids=[p for p, _ in SLIPS])
def test_slips_found_in_issue_18_stay_fixed(pattern: str, why: str) -> None:
    rx = re.compile(pattern, re.IGNORECASE)
    bad = [
        f"{p.name}: {m.group(0)!r}"
        for p in NOTEBOOKS
        for kind, text in _markdown_cells(p)
        if kind == "markdown"
        for m in [rx.search(text)]
        if m
    ]
    assert not bad, f"{why}: {bad}"


def test_the_facts_table_is_well_formed() -> None:
    reader = csv.reader(io.StringIO(_facts_text()))
    assert next(reader) == FACTS_COLUMNS
    rows = list(reader)
    assert len(rows) >= 40
    seen = set()
    for n, row in enumerate(rows, start=2):
        assert len(row) == 4, f"line {n}: {row}"
        date, place, event, source = (c.strip() for c in row)
        assert row == [date, place, event, source], f"line {n}: stray spaces"
        parts = date.split("/")
        assert len(parts) in (1, 2) and all(ISO_DATE.match(p) for p in parts), f"line {n}: date {date!r}"
        days = [dt.date.fromisoformat(p) for p in parts]
        assert all(dt.date(1944, 5, 1) <= d <= dt.date(1944, 9, 30) for d in days), f"line {n}: {date} outside 1944"
        assert days == sorted(days) and len(set(days)) == len(days), f"line {n}: range {date} runs backwards"
        assert place and event, f"line {n}: empty place or event"
        assert any(t in source for t in TITLES), f"line {n}: source {source!r} names none of {TITLES}"
        assert (date, place, event) not in seen, f"line {n}: duplicate row"
        seen.add((date, place, event))


@pytest.mark.rules("R-SETUP-3")
def test_01_names_each_airborne_box_with_its_zone_as_the_board_does() -> None:
    """Map, log and text agree: for every box of board.json, 01's history names division and zone
    in one sentence (so swapping the boxes in the data without the text fails here)."""
    (sec,) = history_sections(NOTEBOOK_DIR / "01_airborne_assault.ipynb")
    sentences = claims(sec.claim_lines())
    for box in board()["airborne_boxes"]:
        short = re.search(r"\d+(?:st|nd|rd|th)", box["division"]).group(0)
        zone = box["zone"]
        name = next(z["name"] for z in board()["zones"] if z["id"] == zone)
        hits = [s for s in sentences if re.search(rf"\b{zone}\b", s) and short in s and name in s]
        assert hits, f"01 never says that the {box['division']} box is in {zone} ({name})"
    british = next(ln for ln in sec.claim_lines() if "F17" in ln and "6th" in ln)
    for words in ("east of the river", "F31", "R-SETUP-3", "tracing of the printed board"):
        assert words in british, f"01 should say why the British box is in F17 ({words!r}): {british}"


def test_the_checker_catches_a_drifted_claim() -> None:
    """The checker itself can fail: a wrong date, an unknown place and a mismatched pair."""
    rows = (
        {"date": "1944-06-12", "place": "Carentan", "event": "taken", "source": "Utah Beach to Cherbourg"},
        {"date": "1944-06-26/1944-06-29", "place": "Cherbourg", "event": "taken", "source": "Cross-Channel Attack"},
        {"date": "1944-06-13", "place": "Villers-Bocage", "event": "ambush", "source": "Victory in the West"},
    )
    places = ("Villers-Bocage", "Cherbourg", "Carentan", "Caen")
    assert problems(["The **101st** took **Carentan** on **12 June**."], rows, places) == []
    assert problems(["**Cherbourg** fell on 26–29 June 1944."], rows, places) == []
    assert problems(["The 101st took Carentan on 14 June."], rows, places) == [
        "date 1944-06-14 not in the facts table: 'The 101st took Carentan on 14 June.'"
    ]
    assert problems(["Caen was bombed."], rows, places) == ["place 'Caen' not in the facts table: 'Caen was bombed.'"]
    assert problems(["Cherbourg was ambushed on 13 June."], rows, places) == [
        "no facts row (1944-06-13, Cherbourg): 'Cherbourg was ambushed on 13 June.'"
    ]
    assert find_dates("26 June – 1 July, 19 to 22 June, 6 June 1944, June 7")[0][2] == "1944-06-26/1944-07-01"
    assert [d for _, _, d in find_dates("19 to 22 June; night of 5–6 June 1944; June 7; 06:30")] == [
        "1944-06-19/1944-06-22",
        "1944-06-05/1944-06-06",
        "1944-06-07",
    ]
