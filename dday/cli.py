"""Command line: ``python -m dday play ...`` plays a bot game and prints its log.

>>> main(["play", "--allies", "greedy", "--axis", "random", "--seed", "7", "--quiet"])  # doctest: +ELLIPSIS
Axis & Allies: D-Day - Allies: greedy bot, Axis: random bot, seed 7
Result: ... win after turn .... Land units destroyed: Germany ...
0
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from .advanced import RULESETS, ruleset
from .game import play_game
from .players import BOTS, make_player


def _parser(prog: str = "dday") -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog=prog,
        description="Axis & Allies: D-Day (2004): open the tutorial in JupyterLab or as a classroom app, play and simulate bot games, check a saved game.",
    )
    sub = p.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play one game between two bots and print the log", description="Play one seeded game between two bots.")
    play.add_argument("--allies", default="greedy", choices=sorted(BOTS), help="bot for the Allies (UK and US)")
    play.add_argument("--axis", default="greedy", choices=sorted(BOTS), help="bot for the Axis (Germany)")
    play.add_argument("--seed", type=_whole(0), default=0, help="seed for the dice and the bots (same seed, same game)")
    play.add_argument("--two-player", action="store_true", help="one Allied player: no split of the naval dice (R-NAVAL-2)")
    play.add_argument("--rules", default="official", choices=sorted(RULESETS), help="rule set: the official rules, alone or with the fortune (and tactics) decks, or the fan reference manual's or TripleA's house rules (notebook 24 compares them)")
    play.add_argument("--quiet", action="store_true", help="print only the result")
    play.add_argument("--save", metavar="PATH", type=_output_path, help="also save the game (JSON input log, see dday.play.saves); checked before the game starts")
    sim = sub.add_parser(
        "simulate",
        help="play many seeded bot games and print win rates",
        description="Play many seeded games between two bots; print win rates with 95 % intervals, the deciding turn and units lost.",
    )
    sim.add_argument("--games", type=_whole(1), default=100, help="number of games")
    sim.add_argument("--allies", default="greedy", choices=sorted(BOTS), help="bot for the Allies")
    sim.add_argument("--axis", default="greedy", choices=sorted(BOTS), help="bot for the Axis")
    sim.add_argument("--seed", type=_whole(0), default=0, help="master seed (each game's seed is spawned from it)")
    sim.add_argument("--processes", type=_whole(1), default=None, help="worker processes (default: every core)")
    sim.add_argument("--two-player", action="store_true", help="one Allied player: no split of the naval dice (R-NAVAL-2)")
    sim.add_argument("--rules", default="official", choices=sorted(RULESETS), help="rule set: the official rules, alone or with the fortune (and tactics) decks, or the fan reference manual's or TripleA's house rules (notebook 24 compares them)")
    sim.add_argument("--csv", metavar="PATH", type=_output_path, help="also write the one-row-per-game table to PATH; checked before the first game")
    sim.add_argument("--no-progress", action="store_true", help="no progress bar")
    chk = sub.add_parser(
        "check",
        help="check a saved game: replay and validate every input",
        description="Load a saved game (JSON input log), replay every input and compare with the saved final position.",
    )
    chk.add_argument("file", help="the saved game (.json)")
    tut = sub.add_parser(
        "tutorial",
        help="copy the tutorial notebooks into a folder and open JupyterLab there",
        description="Copy the tutorial notebooks into DIR (a notebook you edited is kept unless --force) and open JupyterLab on 00_start_here (as root with --allow-root). Exits with JupyterLab's code when it fails to start.",
    )
    tut.add_argument("dir", nargs="?", default="dday-tutorial", help="folder for the notebooks (default: ./dday-tutorial)")
    tut.add_argument("--force", action="store_true", help="replace notebooks that differ from the tutorial's (your edits are lost)")
    tut.add_argument("--no-browser", action="store_true", help="only copy; do not start JupyterLab")
    app = sub.add_parser(
        "app",
        help="serve the tutorial to a class as an app (Voila: code hidden, widgets live, a class token)",
        description=(
            "Serve the tutorial through Voila: a landing page lists the notebooks by title, the code is hidden, and every page "
            "needs the class token. By default only this computer can reach it; --host 0.0.0.0 serves the school's network."
        ),
    )
    app.add_argument(
        "notebook", nargs="*", help="the lesson's notebooks, e.g. 01_airborne_assault: preheated, listed first, and the URL printed opens the first"
    )
    app.add_argument("--host", default="127.0.0.1", type=_host, help="address to listen on (default 127.0.0.1: this computer only; 0.0.0.0: every network)")
    app.add_argument("--port", type=_port, default=8866, help="port (default 8866; the next free one if it is busy, and the URL says which)")
    app.add_argument("--token", type=_token, help="the class token (default: a new random one, printed in the URL)")
    app.add_argument("--pool", type=_bounded(0, 60), default=10, help="pages of each lesson notebook prepared before anyone asks (default 10; 0 to 60)")
    app.add_argument("--cull-after", type=_bounded(10, 86400), default=60, help="seconds a kernel lives on after its page was closed (default 60)")
    app.add_argument("--dir", type=_app_folder, help="keep the notebooks in this folder (edited ones are kept and served as edited)")
    app.add_argument("--no-browser", action="store_true", help="do not open a browser")
    return p


def _whole(least: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``least`` (a seed, a number of games or processes)."""

    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, not {text[:20]!r}") from None
        if n < least:
            raise argparse.ArgumentTypeError(f"expected a whole number of at least {least}, not {n}")
        return n

    parse.__name__ = f"whole number >= {least}"
    return parse


def _output_path(text: str) -> Path:
    """An argparse type: a file we will be able to write, checked before any game is played."""
    if not text.strip():
        raise argparse.ArgumentTypeError("the path is empty")
    path = Path(text).expanduser()
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text[:80]} is a folder, not a file")
    folder = path.parent
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(f"the folder {str(folder)[:80]} does not exist")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise argparse.ArgumentTypeError(f"cannot write {text[:80]} (permission denied)")
    return path


def _bounded(least: int, most: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``least`` to ``most``."""
    whole = _whole(least)

    def parse(text: str) -> int:
        n = whole(text)
        if n > most:
            raise argparse.ArgumentTypeError(f"expected a whole number of at most {most}, not {n}")
        return n

    parse.__name__ = f"whole number from {least} to {most}"
    return parse


def _host(text: str) -> str:
    """An argparse type: an address to listen on (a name or an IP address, no URL, no port)."""
    if not text or len(text) > 253 or not all(c.isalnum() or c in ".-:" for c in text):
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not an address (use e.g. 127.0.0.1, 0.0.0.0 or this computer's address)")
    return text


def _token(text: str) -> str:
    """An argparse type: a class token of 8 to 64 letters, digits, '-' or '_' (it travels in a URL)."""
    if not 8 <= len(text) <= 64 or not all(c.isascii() and (c.isalnum() or c in "-_") for c in text):
        raise argparse.ArgumentTypeError("a class token has 8 to 64 letters, digits, '-' or '_'")
    return text


def _app_folder(text: str) -> str:
    """An argparse type: a folder the app may copy the notebooks into (not a system folder)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("the folder is empty")
    path = Path(text).expanduser()
    resolved = path.resolve()
    system = {Path(p) for p in ("/", "/proc", "/sys", "/dev", "/etc", "/bin", "/sbin", "/usr", "/boot", "/run", "/var")}
    if resolved in system or any(resolved.is_relative_to(p) for p in system - {Path("/"), Path("/usr"), Path("/var")}):
        raise argparse.ArgumentTypeError(f"{text[:80]} is a system folder; choose a folder of your own")
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text[:80]} is a file, not a folder")
    return text


def _port(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a port is a whole number, not {text[:20]!r}") from None
    if not 1 <= n <= 65535:
        raise argparse.ArgumentTypeError(f"a port is between 1 and 65535, not {n}")
    return n


def main(argv: Sequence[str] | None = None, *, prog: str = "dday") -> int:
    args = _parser(prog).parse_args(argv)
    if args.command in ("tutorial", "app"):
        from .launch import TutorialError, app_settings, main_tutorial, serve_app

        try:
            if args.command == "tutorial":
                return main_tutorial(args.dir, force=args.force, open_browser=not args.no_browser)
            settings = app_settings(
                args.notebook,
                host=args.host,
                port=args.port,
                token=args.token,
                pool=args.pool,
                cull_after=args.cull_after,
                open_browser=not args.no_browser,
            )
            return serve_app(settings, folder=args.dir)
        except TutorialError as e:
            print(f"{prog} {args.command}: {e}", file=sys.stderr)
            return 1
    if args.command == "play":
        out = sys.stdout
        rules = ruleset(args.rules, three_player=not args.two_player)
        print(f"Axis & Allies: D-Day - Allies: {args.allies} bot, Axis: {args.axis} bot, seed {args.seed}", file=out)

        def show(line: str) -> None:
            if not args.quiet:
                indent = "" if line.startswith(("Turn ", "End of turn", "The ")) else "    "
                print(indent + line, file=out)

        g = play_game(make_player(args.allies), make_player(args.axis), seed=args.seed, rules=rules, on_event=show)
        if args.save:
            from .saves import save_game

            try:
                save_game(g, args.save)
            except OSError as e:
                print(f"{prog} play: could not save the game to {args.save}: {e.strerror or e}", file=sys.stderr)
                return 1
        s = g.final
        lost = ", ".join(f"{p} {f.short()}" for p, f in zip(("Germany", "UK", "US"), s.destroyed, strict=True))
        print(f"Result: {s.winner} win after turn {s.turn}. Land units destroyed: {lost}. Decisions and rolls: {len(g.record)}.", file=out)
        return 0
    if args.command == "simulate":
        from .simulate import simulate, summary

        df = simulate(
            args.games,
            allies=args.allies,
            axis=args.axis,
            seed=args.seed,
            processes=args.processes,
            progress=not args.no_progress,
            rules=ruleset(args.rules, three_player=not args.two_player),
        )
        print(summary(df))
        if args.csv:
            try:
                df.to_csv(args.csv, index=False)
            except OSError as e:
                print(f"{prog} simulate: could not write {args.csv}: {e.strerror or e}", file=sys.stderr)
                return 1
        return 0
    if args.command == "check":
        return _check(args.file, prog)
    return 2  # pragma: no cover - argparse requires a command


def _check(file: str, prog: str) -> int:
    """``check FILE``: 0 and a one-line summary for a good save, 1 and the reason for a bad one."""
    from .errors import SaveFileError
    from .saves import load_game

    try:
        game = load_game(Path(file))
    except SaveFileError as e:
        print(f"invalid: {e}")
        return 1
    except OSError as e:
        print(f"{prog} check: cannot read {file[:80]}: {e.strerror or e}", file=sys.stderr)
        return 1
    except (ValueError, TypeError, RecursionError, MemoryError) as e:  # what the save checks do not catch yet
        print(f"invalid: {file[:80]} is not a save this version can read ({type(e).__name__})")
        return 1
    final = game.final
    print(f"ok: {len(game)} inputs, {final.winner or 'nobody yet'} {'won' if final.is_over else 'to play'}, turn {final.turn}")
    return 0
