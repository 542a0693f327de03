"""Rule IDs in the tutorial's text that a reader can hover over (issue 14, item 2).

Every rule ID in a notebook's Markdown (``R-BH-2``, ``ORDER-9``, ``FAQ-29`` ...) is written as
``<abbr title="...">R-BH-2</abbr>``: JupyterLab, Voilà and GitHub show it as the ID, dotted
underlined, and hovering over it shows the rule's summary (one or two sentences of our own, the
entry's ``*Summary:*`` line in the rules reference, :func:`dday.rules.reference.lookup`), whole, never cut. The titles are generated, never typed: after editing a
notebook or the reference, run ::

    python -m dday.views.rule_links notebooks/*.ipynb          # rewrite the titles
    python -m dday.views.rule_links --check notebooks/*.ipynb  # exit 1 if any is stale

and ``tests/notebooks/test_rule_links.py`` fails while a notebook is out of date. Code spans, code
blocks and links are left alone, and IDs the reference does not know stay as they are (another
test makes sure there are none).

>>> print(link_rule_ids("Blockhouses fire at sea (R-BH-2); see `lookup('R-BH-2')`."))  # doctest: +ELLIPSIS
Blockhouses fire at sea (<abbr title="R-BH-2 — Blockhouses fire to sea (official): On order 9 ...">R-BH-2</abbr>); see `lookup('R-BH-2')`.
>>> link_rule_ids(link_rule_ids("FAQ-29")) == link_rule_ids("FAQ-29")   # running it twice changes nothing
True
"""

from __future__ import annotations

import argparse
import html
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from ..rules.reference import ID_PATTERN, UnknownRuleError, lookup

TITLE_LIMIT = 400  # characters of hover text at most: a summary is one or two sentences (tests/notebooks/test_rule_links.py checks)

_OURS = re.compile(rf'<abbr title="[^"]*">({ID_PATTERN})</abbr>')  # what this module wrote before
_LEAVE = re.compile(r"```.*?```|`[^`\n]*`|<a\b.*?</a>|<abbr\b.*?</abbr>|\[[^\]\n]*\]\([^)\n]*\)", re.DOTALL)
_ID = re.compile(rf"(?<![\w-])({ID_PATTERN})(?![\w-])")


def hover_text(rule_id: str) -> str:
    """The hover text of one rule: ID, title, how sure (:attr:`~dday.rules.reference.RuleRef.label`) and its summary.

    >>> hover_text("FAQ-29")[:60]
    'FAQ-29 — Can troops land in any zone linked to their beach b'
    """
    return lookup(rule_id).tooltip()


def _abbr(m: re.Match[str]) -> str:
    try:
        return f'<abbr title="{html.escape(hover_text(m.group(1)))}">{m.group(1)}</abbr>'
    except UnknownRuleError:
        return m.group(0)  # not ours to fix here: test_rules_reference names it


def link_rule_ids(markdown: str) -> str:
    """``markdown`` with every rule ID outside code and links wrapped in an ``<abbr>`` with hover text."""
    text = _OURS.sub(r"\1", markdown)  # start from bare IDs, so that stale titles are rewritten
    out, last = [], 0
    for m in _LEAVE.finditer(text):
        out.append(_ID.sub(_abbr, text[last : m.start()]))
        out.append(m.group(0))
        last = m.end()
    out.append(_ID.sub(_abbr, text[last:]))
    return "".join(out)


def _source_lines(text: str) -> list[str]:
    lines = text.split("\n")
    return [line + "\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])


def link_notebook(path: str | Path, *, write: bool = True) -> bool:
    """Rewrite the rule IDs of one notebook's Markdown cells; ``True`` if anything changed (written if ``write``)."""
    p = Path(path)
    nb = json.loads(p.read_text(encoding="utf-8"))
    changed = False
    for cell in nb.get("cells", []):
        if cell.get("cell_type") != "markdown":
            continue
        source = cell["source"]
        text = "".join(source) if isinstance(source, list) else source
        new = link_rule_ids(text)
        if new != text:
            cell["source"] = _source_lines(new)
            changed = True
    if changed and write:
        p.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return changed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dday.views.rule_links", description="Give the rule IDs in notebooks their hover text.")
    parser.add_argument("notebooks", nargs="+", type=Path)
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a notebook is out of date")
    args = parser.parse_args(argv)
    stale = [str(p) for p in args.notebooks if link_notebook(p, write=not args.check)]
    verb = "out of date" if args.check else "updated"
    print(f"{len(stale)} of {len(args.notebooks)} notebooks {verb}" + "".join(f"\n  {s}" for s in stale))
    return 1 if (stale and args.check) else 0


if __name__ == "__main__":
    sys.exit(main())
