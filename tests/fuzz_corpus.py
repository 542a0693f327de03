"""A corpus of nasty saved-game files, made on demand (never committed as blobs).

``make_corpus(folder, golden)`` writes one file per kind of damage and returns their paths by name.
Files edited as a dict are sealed again (:func:`dday.play.saves.seal`), as a tool that writes saves
wrongly (or a forger) would, so that the checks behind the checksum are reached. Used by ``tests/rules/test_validation.py`` (every file must be refused with a ``SaveFileError`` in well
under a second and 200 MB) and handy by hand::

    python tests/fuzz_corpus.py /tmp/nasty && for f in /tmp/nasty/*; do python -m dday check "$f"; done
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any


def seal(data: dict[str, Any]) -> dict[str, Any]:
    from dday.play.saves import seal as seal_save

    return seal_save(dict(data))


def _start_with(golden: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """The golden game with a start position = its own start, edited (a tampered ``start``)."""
    from dday.rules.setup import initial_state

    start = initial_state().to_json()
    for path, value in changes.items():
        node = start
        keys = path.split("__")
        for k in keys[:-1]:
            node = node[int(k)] if isinstance(node, list) else node[k]
        last = keys[-1]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value
    return {**golden, "start": start}


def make_corpus(folder: Path, golden: dict[str, Any]) -> dict[str, Path]:
    folder.mkdir(parents=True, exist_ok=True)
    text = json.dumps(golden)
    files: dict[str, str | bytes] = {
        "deep_nesting.json": "[" * 1000 + "]" * 1000,
        "deep_inside.json": text[:-1] + ', "x": ' + "[" * 5000 + "]" * 5000 + "}",
        "huge_integer.json": text.replace('"seed": 2026', '"seed": ' + "9" * 5000),
        "huge_float.json": text.replace('"seed": 2026', '"seed": 1e999'),
        "truncated.json": text[: len(text) // 2],
        "not_utf8.json": text.encode("utf-16"),
        "list_at_top.json": "[" + text + "]",
        "duplicate_keys.json": text[:-1] + ', "seed": 1}',
        "unknown_key.json": text[:-1] + ', "cheat": true}',
        "final_cut.json": json.dumps(seal({**golden, "inputs": golden["inputs"][:500], "final": {}})),
        "final_missing.json": json.dumps(seal({k: v for k, v in golden.items() if k != "final"})),
        "seed_text.json": json.dumps(seal({**golden, "seed": "lucky"})),
        "players_number.json": json.dumps(seal({**golden, "players": 5})),
        "huge_input.json": json.dumps(seal({**golden, "inputs": ["move " + "F" * 1_000_000, *golden["inputs"]]})),
        "roll_bogus.json": json.dumps(seal(_start_with(golden, step__kind="bogus"))),
        "roll_billion_dice.json": json.dumps(seal(_start_with(golden, step__dice__groups__0__1=10**9))),
        "winner_on_running_game.json": json.dumps(seal(_start_with(golden, winner="allies"))),
        "card_99.json": json.dumps(seal(_start_with(golden, card=99))),
        "hold_negative.json": json.dumps(seal(_start_with(golden, hold=-5))),
        "deck_repeats.json": json.dumps(seal(_start_with(golden, deck=[3, 3, 3]))),
        "count_fraction.json": json.dumps(seal(_start_with(golden, zones__F2__Germany__infantry=1.7))),
    }
    casualty = _start_with(golden)
    casualty["start"]["step"] = {"type": "ChooseCasualtiesStep", "side": "axis", "zone": "F99", "hits": 1}
    files["casualties_in_F99.json"] = json.dumps(seal(casualty))
    paths = {}
    for name, content in files.items():
        p = folder / name
        if isinstance(content, bytes):
            p.write_bytes(content)
        else:
            p.write_text(content, encoding="utf-8")
        paths[name] = p
    big = folder / "two_hundred_mb.json"  # sparse: 200 MB on paper, nothing written
    with big.open("wb") as f:
        f.truncate(200_000_000)
    paths[big.name] = big
    return paths


if __name__ == "__main__":  # pragma: no cover
    golden = json.loads((Path(__file__).parent / "data" / "golden_game.json").read_text(encoding="utf-8"))
    for name in make_corpus(Path(sys.argv[1]), golden):
        print(name)
