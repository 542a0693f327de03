"""Game identity check: play a fixed set of games and compare them with a reference file.

    python benchmarks/check_identity.py --out /tmp/identity_before.json     # write the reference
    python benchmarks/check_identity.py --compare /tmp/identity_before.json # replay and compare

A refactoring that must not change a single game (moving modules, splitting the engine's
dispatch) is checked by playing the same games before and after: every pairing of the bots
``random``, ``greedy`` and ``strong`` (Allies x Axis, 9 pairings) for ``--seeds`` seeds with
:func:`dday.play.game.play_game`, and (``--rules-seeds``) a few games under every named rule set with
the fortune and tactics decks or variants, so that the code of the advanced decks and the
variants is played too. For each game the file holds the record of inputs (actions as text,
dice as lists), the final state's JSON and the log. ``--compare`` plays the games again and
reports the first difference of each game that differs; the exit code is 1 if any differs.

Imports from the modules where the names live (``dday.play.game``, ``dday.bots``,
``dday.variants.rulesets``; 0.3.0 removed the flat re-export paths it used before). A reference
file written by an earlier version still compares: the file holds only the games, never a
module path.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

BOTS = ("random", "greedy", "strong")
# rule sets other than "official": played by the cheaper bots only (a few seeds each)
# ("name" or "name|option,option": extra options of dday.rules.state.RuleOptions set to True)
RULESETS = (
    "official+fortune",
    "official+fortune+tactics",
    "official+fortune+tactics|three_player,continuous_hold",
    "reference-manual",
    "reference-manual-extended",
    "triplea",
)
RULES_PAIRINGS = (("random", "random"), ("greedy", "greedy"), ("greedy", "random"))


def _input_json(x: Any) -> Any:
    if isinstance(x, (tuple, list)):
        return [int(f) for f in x]
    return str(x)


def play_one(job: tuple[str, str, str, int]) -> dict[str, Any]:
    """One game as plain JSON data: the pairing, the seed, inputs, final state and log."""
    from dday.bots import make_player
    from dday.play.game import play_game
    from dday.variants.rulesets import ruleset
    from dday.views.log_text import lines_of

    rules_name, allies, axis, seed = job
    name, _, extra = rules_name.partition("|")
    rules = None if rules_name == "official" else ruleset(name, **dict.fromkeys(filter(None, extra.split(",")), True))
    g = play_game(make_player(allies), make_player(axis), seed=seed, options=rules)
    return {
        "rules": rules_name,
        "allies": allies,
        "axis": axis,
        "seed": seed,
        "winner": g.final.winner,
        "record": [_input_json(x) for x in g.record],
        "final": g.final.to_json(),
        "log": lines_of(g.log, g.final.board),  # the sentences a learner reads
    }


def jobs(seeds: int, rules_seeds: int) -> list[tuple[str, str, str, int]]:
    """The games to play: (rule set, Allied bot, Axis bot, seed)."""
    out = [("official", a, x, sd) for sd in range(1, seeds + 1) for a in BOTS for x in BOTS]
    out += [(r, a, x, sd) for r in RULESETS for sd in range(1, rules_seeds + 1) for a, x in RULES_PAIRINGS]
    return out


def _first_difference(a: Any, b: Any, where: str = "") -> str | None:
    if type(a) is not type(b):
        return f"{where or '.'}: {a!r} != {b!r}"
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b), key=str):
            if k not in a or k not in b:
                return f"{where}.{k}: only in {'before' if k in a else 'after'}"
            d = _first_difference(a[k], b[k], f"{where}.{k}")
            if d:
                return d
        return None
    if isinstance(a, list):
        for i, (u, v) in enumerate(zip(a, b, strict=False)):
            d = _first_difference(u, v, f"{where}[{i}]")
            if d:
                return d
        if len(a) != len(b):
            return f"{where}: length {len(a)} != {len(b)}"
        return None
    return None if a == b else f"{where or '.'}: {a!r} != {b!r}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", type=int, default=20, help="seeds per pairing of bots (default 20: 180 games)")
    ap.add_argument("--rules-seeds", type=int, default=2, help="seeds per pairing under each other rule set (0: none)")
    ap.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--out", help="write the games to this JSON file")
    g.add_argument("--compare", help="play the games listed in this file again and report differences")
    args = ap.parse_args(argv)

    if args.compare:
        before = json.loads(Path(args.compare).read_text())
        todo = [(d["rules"], d["allies"], d["axis"], d["seed"]) for d in before["games"]]
    else:
        todo = jobs(args.seeds, args.rules_seeds)
    t0 = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as ex:
        games = list(ex.map(play_one, todo, chunksize=4))
    dt = time.perf_counter() - t0

    if args.out:
        Path(args.out).write_text(json.dumps({"games": games}))
        print(f"{len(games)} games written to {args.out} in {dt:.0f} s")
        return 0
    diffs = 0
    for old, new in zip(before["games"], games, strict=True):
        d = _first_difference(old, new)
        if d:
            diffs += 1
            print(f"DIFFERENT {old['rules']} {old['allies']} x {old['axis']} seed {old['seed']}: {d}")
    print(f"{len(games)} games compared in {dt:.0f} s: {diffs} differ")
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
