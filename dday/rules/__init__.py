"""The rules of *Axis & Allies: D-Day*: the engine's rule modules and the rules reference."""
