"""dday.advanced — advanced rules (moved). The fortune and tactics decks and the option checks are
data in :mod:`dday.rules.decks`; the named rule sets and notebook 24's tables in
:mod:`dday.variants.rulesets`; the card tables and odds charts of notebook 23 in
:mod:`dday.views.deck_tables`. This module re-exports them.
"""

from .errors import DDayError
from .rules.decks import FORTUNE, OFFICIAL_ORDER, TACTICS, TRIPLEA_ORDER, FortuneCard, RulesConflictError, TacticsCard, check_rules
from .variants.rulesets import OPTION_INFO, RULESETS, compare_rulesets, rates_figure, ruleset, ruleset_table
from .views.deck_tables import board_changes, card_table, odds_figure

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
