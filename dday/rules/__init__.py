"""The rules of *Axis & Allies: D-Day*: the engine's rule modules (one per order card in
:mod:`dday.rules.orders`) and the rules reference (:mod:`dday.rules.reference`).

>>> from dday.rules.reference import lookup
>>> lookup("R-BH-2").title
'Blockhouses fire to sea'
"""
