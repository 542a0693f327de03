"""Widgets of the tutorial: playing order cards (:mod:`.play`) and the odds lab (:mod:`.odds_lab`).

Notebooks call :mod:`dday.tutorial`; these modules hold the parts.
"""
