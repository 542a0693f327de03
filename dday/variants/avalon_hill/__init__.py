"""Avalon Hill's *D-Day* (1961), Basic Game: the odds-ratio combat system, for comparison (AH-1..AH-20 in dday/data/reference/50-variants.md).

This is **not** the 2004 game the rest of the package plays. In 1961 a battle is one die roll
on a *combat results table* (CRT): add up the attack factors, add up the defense factors
(multiplied by terrain), reduce the two totals to an odds column, roll once, and the result
hits whole stacks. The package models the parts of that system that can be computed without
the 1961 map: odds and their rounding, the CRT, terrain multipliers, exact result
probabilities, exchanges, soak-off limits and the descriptive rules as checkable data.

>>> from dday.variants.avalon_hill.combat_table import battle_odds, result_probabilities
>>> from dday.variants.avalon_hill.procedures import exchange
>>> battle_odds([4], [2])                       # AH-9: the 29th Division (4) against a static division (2)
'2-1'
>>> battle_odds([4, 4], [4], terrain="city")    # two 4-factor divisions against a 4-defense unit in a city
'1-1'
>>> result_probabilities("3-1")["DE"]
Fraction(1, 3)
>>> exchange([4, 4, 6], 8).removed               # AH-11: doubled 4-defense division costs 8 attack factors
(0, 1)

Confidence (the status of each AH entry in the rules reference): every rule this module encodes is listed in :data:`CONFIDENCE` with
its tag. Two pieces are **RECONSTRUCTED** in the rules reference itself and must be shown as such:

* the CRT (AH-10) is the classic Avalon Hill table (as in *Afrika Korps*), very likely but
  unverified for *D-Day* — the 1961 edition used a slide-rule table;
* the rounding of uneven ratios and the automatic elimination above 6-1 (AH-9) are the
  classic Avalon Hill convention, not stated in the 1961 text.

This package adds two choices of its own, also RECONSTRUCTED: several terrain features do not
stack (the single highest multiplier applies, :func:`terrain_multiplier`), and an attacker
who cannot pay an exchange in full loses every attacking unit (:func:`exchange`). Which units
pay an exchange is the attacker's free choice; :func:`exchange` picks one sensible answer
(tagged POLICY: not a rule).

The code is in three modules: :mod:`.combat_table` (units, terrain, odds, the results table),
:mod:`.procedures` (battles, exchanges, the descriptive rules) and :mod:`.comparison` (against
the 2004 game, notebook 22).
"""
