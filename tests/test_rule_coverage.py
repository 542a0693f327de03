"""Every rule ID of the core, orders and rulings (tests/data/rule_ids.txt) has at least one test that names it.

A test names a rule either in its function name (``test_r_move_4_...``, ``test_faq_19_...``)
or with the marker ``@pytest.mark.rules("R-MOVE-4", "FAQ-24")``. The advanced-rules IDs
(FORT, TAC, VAR, AH and the FAQ rulings about fortune and tactics cards) belong to the
advanced-rules issue and are reported, not required, here.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

TESTS = Path(__file__).parent
ID_RE = re.compile(r"^(R-[A-Z]+-\d+|ORDER-\d+|FAQ-\d+|EX-\d+|FORT-\d+|TAC-\d+|VAR-RM-\d+|VAR-TA-\d+|AH-\d+)$")


def rule_ids(scope: str) -> set[str]:
    out = set()
    for line in (TESTS / "data" / "rule_ids.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            rid, s = line.split()
            if s == scope:
                out.add(rid)
    return out


def name_to_id(name: str) -> set[str]:
    """test_r_move_4_tank -> {'R-MOVE-4'}; test_faq_19_x -> {'FAQ-19'}; test_order_9 -> {'ORDER-9'}."""
    found = set()
    for m in re.finditer(r"(?:^|_)(r_[a-z]+_\d+|order_\d+|faq_\d+|ex_\d+|fort_\d+|tac_\d+|var_rm_\d+|var_ta_\d+|ah_\d+)(?=_|$)", name):
        found.add(m.group(1).upper().replace("_", "-"))
    return found


def collect_tested_ids() -> set[str]:
    ids: set[str] = set()
    for path in sorted(TESTS.rglob("test_*.py")):  # every folder of tests/
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name.lower().startswith("test"):
                ids |= name_to_id(node.name.lower())
                for dec in node.decorator_list:
                    call = dec if isinstance(dec, ast.Call) else None
                    if call and isinstance(call.func, ast.Attribute) and call.func.attr == "rules":
                        ids |= {a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)}
    return {i for i in ids if ID_RE.match(i)}


def test_name_to_id_reads_test_names() -> None:
    assert name_to_id("test_r_move_4_tank_stops") == {"R-MOVE-4"}
    assert name_to_id("test_faq_19_and_ex_6") == {"FAQ-19", "EX-6"}
    assert name_to_id("test_order_12_strafing") == {"ORDER-12"}


def test_every_basic_rule_id_has_a_test() -> None:
    missing = sorted(rule_ids("basic") - collect_tested_ids(), key=lambda s: (s.split("-")[0], int(s.split("-")[-1])))
    assert not missing, f"{len(missing)} rule IDs of tests/data/rule_ids.txt have no test naming them: {missing}"


def test_named_ids_exist_in_rules_md() -> None:
    known = rule_ids("basic") | rule_ids("advanced")
    unknown = sorted(collect_tested_ids() - known)
    assert not unknown, f"tests name rule IDs that tests/data/rule_ids.txt does not list: {unknown}"
