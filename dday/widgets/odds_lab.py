"""dday.widgets.odds_lab — moved to :mod:`dday.views.widgets.odds_lab`; this module re-exports its
public names so that existing code and notebooks keep working.
"""

from ..views.widgets.odds_lab import FIGHT_COLUMNS, MonteCarlo, OddsLab, UnitsNeeded, short_fmt, simulate_fight, units_needed, wilson

__all__ = ["FIGHT_COLUMNS", "MonteCarlo", "OddsLab", "UnitsNeeded", "short_fmt", "simulate_fight", "units_needed", "wilson"]
