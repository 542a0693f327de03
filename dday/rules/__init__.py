"""The rules of *Axis & Allies: D-Day*: the engine's rule modules and the rules reference.

>>> from dday import rules
>>> rules.lookup("R-BH-2").title
'Blockhouses fire to sea'
"""

from dday.rules.reference import (
    BadReferenceError,
    RuleRef,
    UnknownRuleError,
    all_rules,
    lookup,
    rule_title,
    rules_card,
)

__all__ = ["BadReferenceError", "RuleRef", "UnknownRuleError", "all_rules", "lookup", "rule_title", "rules_card"]
