"""The rules reference: every rule ID as a short entry in plain words, read from Markdown files.

The entries live in ``dday/data/reference/NN-*.md`` (readable on GitHub as they are); this
module parses them once and looks rules up by ID:

>>> rule = lookup("R-STACK-1")
>>> rule.title
'Eight land units per side in a zone'
>>> rule.status, rule.section
('official', 'Stacking')
>>> lookup(" r-stack-1 ") is rule       # case, spaces and underscores are forgiven
True

An unknown ID raises ``UnknownRuleError`` (a ``KeyError``) that names the nearest IDs:

>>> lookup("R-STACK-9")
Traceback (most recent call last):
...
dday.rules.reference.UnknownRuleError: no rule 'R-STACK-9' in the rules reference; did you mean R-STACK-1, R-STACK-2, R-STACK-3?
"""

from __future__ import annotations

import difflib
import html
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pandas.io.formats.style import Styler

#: One rule ID (no anchors): ``R-BH-2``, ``ORDER-9``, ``FAQ-24``, ``VAR-TA-1`` ...
ID_PATTERN = r"R-[A-Z]+-\d+[a-z]?|ORDER-\d+|FAQ-\d+|EX-\d+|FORT-\d+|TAC-\d+|VAR-(?:RM|TA)-\d+|AH-\d+"
#: Finds rule IDs inside running text.
ID_RE = re.compile(rf"\b(?:{ID_PATTERN})\b")
RULE_SETS = ("reference-manual", "reference-manual-extended", "triplea", "avalon-hill-1961")
STATUSES = ("official", "faq", "player-aid", "reconstructed", *(f"variant:{s}" for s in RULE_SETS))

_FILE_RE = re.compile(r"^\d\d-.*\.md$")  # parsed files; board.md and others are notes for people
_HEADING_RE = re.compile(r"^(#{1,6})\s")
_ENTRY_RE = re.compile(rf"^### ({ID_PATTERN}) — (\S.*)$")
_STATUS_RE = re.compile(r"^\*Status:\* (\S+) · \*Source:\* (\S.*)$")
_SEE_ALSO_RE = re.compile(r"^\*See also:\*(.*)$")
_SUMMARY_RE = re.compile(r"^\*Summary:\*(.*)$")
#: Words that mark a reconstruction in a summary: a summary that uses them is labelled so in its hover.
RECONSTRUCTION_RE = re.compile(r"\bour (?:[\w']+ )?(?:reading|proposal|guess|choice|reconstruction)\b|\breconstruct", re.IGNORECASE)


class BadReferenceError(ValueError):
    """A reference data file that breaks the format; ``file`` and ``line`` say where.

    >>> str(BadReferenceError("10-core.md", 12, "unknown status 'oficial'"))
    "10-core.md, line 12: unknown status 'oficial'"
    """

    def __init__(self, file: str, line: int, problem: str) -> None:
        self.file, self.line, self.problem = file, line, problem
        super().__init__(f"{file}, line {line}: {problem}")


class UnknownRuleError(KeyError):
    """No rule has this ID; ``suggestions`` holds the nearest IDs (also named in the message)."""

    def __init__(self, rule_id: str, suggestions: Sequence[str] = ()) -> None:
        self.rule_id, self.suggestions = rule_id, tuple(suggestions)
        hint = f"; did you mean {', '.join(self.suggestions)}?" if self.suggestions else ""
        self.message = f"no rule {rule_id!r} in the rules reference{hint}"
        super().__init__(self.message)

    def __str__(self) -> str:  # KeyError would show the message in quotes
        return self.message


@cache
def _markdown() -> Callable[[str], object]:
    """The Markdown renderer of a rule's text (made when first needed: a kernel starts without mistune)."""
    import mistune

    return mistune.create_markdown(escape=True, plugins=["table"])  # type: ignore[return-value]
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")  # |---|---|

@dataclass(frozen=True)
class RuleRef:
    """One rule of the reference: what it says (``text``), where it comes from and how sure we are.

    ``status`` is one of ``STATUSES``; ``section`` is the ``##`` heading it sits under, ``file``
    the data file's name and ``line`` its heading's line there. ``summary`` is the rule in one or
    two sentences of its own (the entry's ``*Summary:*`` line): the hover text of the rule's ID.
    """

    id: str
    title: str
    text: str
    source: str
    status: str
    section: str = ""
    see_also: tuple[str, ...] = ()
    file: str = ""
    line: int = field(default=0, compare=False, repr=False)
    summary: str = ""

    @property
    def label(self) -> str:
        """How sure the summary is: the status, plus "partly reconstructed" when a summary of a
        rule that is not itself reconstructed states a reconstruction (so that an "(official)"
        hover never carries "our reading" unannounced).

        >>> RuleRef("R-X-1", "T", "...", "rulebook", "official", summary="At most 4 fighters; UK and US count together (our reading).").label
        'official, partly reconstructed'
        >>> RuleRef("R-X-1", "T", "...", "rulebook", "official", summary="At most 4 fighters.").label
        'official'
        """
        if self.status != "reconstructed" and RECONSTRUCTION_RE.search(self.summary):
            return f"{self.status}, partly reconstructed"
        return self.status

    def tooltip(self) -> str:
        """The hover text of the rule's ID: ID, title, :attr:`label`, then the summary (the whole
        text, never cut, for an entry without one).

        >>> RuleRef("R-X-1", "Dice", "A long text.", "rulebook", "official", summary="A d6.").tooltip()
        'R-X-1 — Dice (official): A d6.'
        """
        return f"{self.id} — {self.title} ({self.label}): {self.summary or self.plain()}"

    @property
    def anchor(self) -> str:
        """The entry's heading anchor as GitHub renders it (``10-core.md#<anchor>``).

        >>> RuleRef("R-BH-2", "Fire to sea", "...", "rulebook", "official").anchor
        'r-bh-2--fire-to-sea'
        """
        heading = f"{self.id} — {self.title}".lower()
        return re.sub(r"[^\w\- ]", "", heading).replace(" ", "-")

    def plain(self) -> str:
        """The text on one line without Markdown marks, e.g. for hover text.

        >>> RuleRef("R-X-1", "T", "Hits:\\n\\n| Unit | On |\\n|---|---|\\n| *Tank* | 3 |", "rulebook", "official").plain()
        'Hits: Unit On Tank 3'
        """
        rows = [line for line in self.text.splitlines() if not _TABLE_RULE.match(line)]  # no |---|---| lines
        return " ".join(re.sub(r"[*_`|]", " ", "\n".join(rows)).split())

    def text_html(self) -> str:
        """The text as HTML: its tables, lists and emphasis drawn, any HTML in it escaped.

        >>> print(RuleRef("R-X-1", "T", "Hits on *3* or less <b>.", "rulebook", "official").text_html())
        <p>Hits on <em>3</em> or less &lt;b&gt;.</p>
        <BLANKLINE>
        """
        return str(_markdown()(self.text))

    def markdown(self) -> str:
        """A short Markdown block: bold heading, status and source, then the text.

        >>> print(RuleRef("R-X-1", "Example", "One sentence.", "rulebook, 'Combat'", "official").markdown())
        **R-X-1 — Example** · *official* · rulebook, 'Combat'
        <BLANKLINE>
        One sentence.
        """
        return f"**{self.id} — {self.title}** · *{self.status}* · {self.source}\n\n{self.text}"

    def html(self, href: str | None = None) -> str:
        """The ID as inline HTML whose hover text is the rule (a link if ``href`` is given).

        >>> RuleRef("R-X-1", "A <b> title", "Hits on 3 or less.", "rulebook", "official").html()
        '<abbr title="R-X-1 — A &lt;b&gt; title (official): Hits on 3 or less.">R-X-1</abbr>'
        """
        tip = html.escape(self.tooltip())
        if href is None:
            return f'<abbr title="{tip}">{self.id}</abbr>'
        return f'<a href="{html.escape(href)}" title="{tip}">{self.id}</a>'

    def _repr_markdown_(self) -> str:  # how a notebook shows a looked-up rule
        return self.markdown()


def normalize_id(rule_id: str) -> str:
    """The canonical spelling of a rule ID: upper case, hyphens, no leading zeros.

    >>> normalize_id(" r bh 2"), normalize_id("order_09"), normalize_id("var-ta-1")
    ('R-BH-2', 'ORDER-9', 'VAR-TA-1')
    """
    s = re.sub(r"[\s_\-]+", "-", rule_id.strip().upper())
    s = re.sub(r"-0+(?=\d)", "-", s)
    return re.sub(r"(\d)([A-Z])$", lambda m: m[1] + m[2].lower(), s)


def parse_text(text: str, file: str = "<text>") -> tuple[RuleRef, ...]:
    """Parse one reference file's text into its entries, checking the format as it goes.

    >>> page = "# Core\\n\\n## Dice\\n\\n### R-GEN-2 — Dice\\n*Status:* official · *Source:* rulebook\\n\\nA d6.\\n"
    >>> parse_text(page)[0].text
    'A d6.'
    """
    lines = text.splitlines()
    rules: list[RuleRef] = []
    seen: dict[str, int] = {}
    section, i = "", 0
    while i < len(lines):
        line = lines[i].rstrip()
        heading = _HEADING_RE.match(line)
        if heading is None or len(heading[1]) == 1:
            i += 1
            continue
        if len(heading[1]) == 2:
            section, i = line[3:].strip(), i + 1
            continue
        entry = _ENTRY_RE.match(line)
        if entry is None:
            raise BadReferenceError(file, i + 1, f"bad heading {line!r}: expected '### <rule ID> — <title>' (an em dash)")
        rule_id, title = entry[1], entry[2].strip()
        if rule_id in seen:
            raise BadReferenceError(file, i + 1, f"duplicate ID {rule_id} (first at line {seen[rule_id]})")
        seen[rule_id] = i + 1
        j = i + 1
        while j < len(lines) and not lines[j].strip():
            j += 1
        status_line = _STATUS_RE.match(lines[j].strip()) if j < len(lines) else None
        if status_line is None:
            raise BadReferenceError(file, min(j, len(lines)) + 1, f"{rule_id}: expected '*Status:* <status> · *Source:* <source>'")
        status, source = status_line[1], status_line[2].strip()
        if status not in STATUSES:
            raise BadReferenceError(file, j + 1, f"{rule_id}: unknown status {status!r}; use one of {', '.join(STATUSES)}")
        k = j + 1
        while k < len(lines) and not lines[k].strip():
            k += 1
        summary = ""
        if k < len(lines) and (said := _SUMMARY_RE.match(lines[k].strip())):
            summary = said[1].strip()
            if not summary:
                raise BadReferenceError(file, k + 1, f"{rule_id}: empty '*Summary:*' line")
            k += 1
        else:
            k = j + 1
        body: list[tuple[int, str]] = []
        while k < len(lines) and not _HEADING_RE.match(lines[k]):
            body.append((k + 1, lines[k].rstrip()))
            k += 1
        while body and not body[-1][1]:
            body.pop()
        see_also: tuple[str, ...] = ()
        if body and (see := _SEE_ALSO_RE.match(body[-1][1])):
            see_also = tuple(s.strip() for s in see[1].split(",") if s.strip())
            bad = [s for s in see_also if not re.fullmatch(ID_PATTERN, s)]
            if bad or not see_also:
                raise BadReferenceError(
                    file, body[-1][0], f"{rule_id}: 'See also' needs rule IDs separated by commas, not {bad or see[1]!r}"
                )
            body.pop()
        body_text = "\n".join(t for _, t in body).strip()
        if not body_text:
            raise BadReferenceError(file, i + 1, f"{rule_id} has no text")
        rules.append(RuleRef(rule_id, title, body_text, source, status, section, see_also, file, i + 1, summary))
        i = k
    return tuple(rules)


def parse_file(path: Path | Traversable) -> tuple[RuleRef, ...]:
    """Parse one reference file (a path, or a package resource)."""
    return parse_text(path.read_text(encoding="utf-8"), path.name)


class RuleBook:
    """A set of parsed entries with unique IDs whose *See also* IDs all resolve."""

    def __init__(self, rules: Iterable[RuleRef]) -> None:
        self.rules: dict[str, RuleRef] = {}
        for rule in rules:
            if (first := self.rules.get(rule.id)) is not None:
                raise BadReferenceError(rule.file, rule.line, f"duplicate ID {rule.id} (also {first.file}, line {first.line})")
            self.rules[rule.id] = rule
        for rule in self.rules.values():
            missing = [s for s in rule.see_also if s not in self.rules]
            if missing:
                raise BadReferenceError(rule.file, rule.line, f"{rule.id}: 'See also' names unknown IDs {', '.join(missing)}")

    @classmethod
    def from_folder(cls, folder: Path | Traversable) -> RuleBook:
        """Parse every ``NN-*.md`` file of ``folder``, in name order."""
        files = sorted((f for f in folder.iterdir() if _FILE_RE.match(f.name)), key=lambda f: f.name)
        return cls(rule for f in files for rule in parse_file(f))

    def lookup(self, rule_id: str) -> RuleRef:
        """The rule with this ID (see ``normalize_id`` for the spellings accepted)."""
        key = normalize_id(rule_id)
        if key in self.rules:
            return self.rules[key]
        raise UnknownRuleError(rule_id.strip(), self.nearest(key))

    def nearest(self, key: str, n: int = 3) -> list[str]:
        """Up to ``n`` IDs most like ``key`` (difflib ratio at least 0.6; ties in file order)."""
        scores = [(difflib.SequenceMatcher(None, key, rid).ratio(), i, rid) for i, rid in enumerate(self.rules)]
        return [rid for score, _, rid in sorted(scores, key=lambda t: (-t[0], t[1]))[:n] if score >= 0.6]

    def card(self, n: int) -> Styler:
        """ORDER-n and the rules its *See also* line names, as a table styled for a notebook."""
        import pandas as pd

        order = self.lookup(f"ORDER-{n}")
        rows = [order, *(self.rules[s] for s in order.see_also)]
        cols = ("id", "title", "status", "text", "source")
        table = pd.DataFrame([{c: getattr(r, c) for c in cols} for r in rows], columns=list(cols))
        texts = {r.text: r.text_html() for r in rows}

        def drawn(text: object) -> str:
            return texts[str(text)]

        return (
            _folded_styler()(table)
            .hide(axis="index")
            .format(escape="html")
            .format(drawn, subset=["text"])  # tables and lists in a rule drawn, not shown as | and -
            .set_caption(f"Order card {n}: {html.escape(order.title)}")
            .set_table_styles(
                [
                    {"selector": "td", "props": "text-align: left; vertical-align: top;"},
                    {"selector": "th", "props": "text-align: left;"},
                    {"selector": "td p", "props": "margin: 0 0 0.4em 0;"},
                ]
            )
            .set_table_styles({"id": [{"selector": "td", "props": "white-space: nowrap;"}]}, overwrite=False)  # "R-SETUP-3", not "R-" over "SETUP-3"
        )


@cache
def _folded_styler() -> type[Styler]:
    """A pandas ``Styler`` that shows in a notebook folded (a ``<details>``): the rules of a card are
    three screens of small print, and stood between a card's history and its lab (issue 31.6).
    ``to_html()`` is the plain table; the notebook's view is the fold around it."""
    from pandas.io.formats.style import Styler

    class FoldedRules(Styler):
        def _repr_html_(self) -> str:
            rows = len(getattr(self, "data"))  # noqa: B009 - pandas sets it in __init__, unknown to the stubs
            caption = getattr(self, "caption")  # noqa: B009 - as above
            return (
                '<details class="dday-rules"><summary style="font-size:16px;cursor:pointer">'
                f"<b>{caption}</b>: the card and {rows - 1} related {'rule' if rows == 2 else 'rules'}, as the rules reference states them"
                " (open to read)</summary>"
                f"{self.to_html()}</details>"
            )

    return FoldedRules


@cache
def _book() -> RuleBook:
    return RuleBook.from_folder(resources.files("dday") / "data" / "reference")


def lookup(rule_id: str) -> RuleRef:
    """The rule with this ID; case, spaces, underscores and leading zeros are forgiven.

    >>> lookup("R-BH-2").status
    'official'
    """
    return _book().lookup(rule_id)


def rule_title(rule_id: str) -> str:
    """The title of a rule.

    >>> rule_title("r-victory-1")
    'How the Allies win'
    """
    return lookup(rule_id).title


def all_rules() -> tuple[RuleRef, ...]:
    """Every entry of the reference, in file order (``10-core.md`` first).

    >>> all_rules()[0].id
    'R-GEN-1'
    """
    return tuple(_book().rules.values())


def rules_card(n: int) -> Styler:
    """Order card ``n`` and its related rules as a tidy table for a notebook.

    Columns: id, title, status, text, source; ``rules_card(9).data`` is the plain DataFrame.
    """
    return _book().card(n)
