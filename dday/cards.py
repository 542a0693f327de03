"""dday.cards — the sixteen order cards as data (moved to :mod:`dday.rules.cards`; re-exported
here).
"""

from .rules.cards import ORDER_CARDS, REMOVAL_REASON, STAYS_IN_DECK, OrderCard, stays_in_deck

__all__ = ["ORDER_CARDS", "REMOVAL_REASON", "STAYS_IN_DECK", "OrderCard", "stays_in_deck"]
