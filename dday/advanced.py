"""dday.advanced — advanced rules (moved). The fortune and tactics decks and the option checks are
data in :mod:`dday.rules.decks`; the named rule sets and the notebook tables in
:mod:`dday.variants.rulesets`. This module re-exports them.
"""

from .errors import DDayError
from .rules.decks import FORTUNE, OFFICIAL_ORDER, TACTICS, TRIPLEA_ORDER, FortuneCard, RulesConflictError, TacticsCard, check_rules
from .variants.rulesets import (
    OPTION_INFO,
    RULESETS,
    board_changes,
    card_table,
    compare_rulesets,
    odds_figure,
    rates_figure,
    ruleset,
    ruleset_table,
)

__all__ = [
    "FORTUNE",
    "OFFICIAL_ORDER",
    "OPTION_INFO",
    "RULESETS",
    "TACTICS",
    "TRIPLEA_ORDER",
    "DDayError",
    "FortuneCard",
    "RulesConflictError",
    "TacticsCard",
    "board_changes",
    "card_table",
    "check_rules",
    "compare_rulesets",
    "odds_figure",
    "rates_figure",
    "ruleset",
    "ruleset_table",
]
