"""Command line: ``python -m dday play ...`` plays a bot game and prints its log.

Every argument is checked before any work: a bad one is answered in one line on stderr with exit
code 2 (paths: empty, too long for the system, a system folder, a folder where a file is meant
or the other way round; numbers out of range, ``simulate --processes`` above this machine's
cores); a failure while working (a save that cannot be written) in one line with exit code 1.

>>> main(["play", "--allies", "greedy", "--axis", "random", "--seed", "7", "--quiet"])  # doctest: +ELLIPSIS
Axis & Allies: D-Day - Allies: greedy bot, Axis: random bot, seed 7
Result: ... win after turn .... Land units destroyed: Germany ...
0
"""

from __future__ import annotations

import argparse
import os
import stat
import sys
from collections.abc import Callable, Sequence
from pathlib import Path, PurePosixPath
from typing import NoReturn

from .bots import BOTS, make_player
from .play.game import play_game
from .variants.rulesets import RULESETS, ruleset

NAME_MAX = 255
"""Bytes in one file or folder name (Linux, macOS and Windows file systems)."""
PATH_MAX = 4095
"""Bytes in a whole path (Linux)."""
MAX_SEED = 10**20 - 1
"""The largest seed: a saved game's numbers have at most 20 digits (``dday.play.saves``)."""
MAX_GAMES = 1_000_000
"""Games in one ``simulate`` run (a million take days on a laptop)."""
SYSTEM_FOLDERS = ("/bin", "/boot", "/dev", "/etc", "/lib", "/lib32", "/lib64", "/libx32", "/proc", "/run", "/sbin", "/sys", "/usr")
"""Folders the command line never writes into or reads a folder from (nor anything inside them), with ``/`` itself."""
USER_FOLDERS = ("/usr/local", "/run/media")
"""Folders inside those where a user's own files may be (local installs, removable disks on some systems)."""


class _Parser(argparse.ArgumentParser):
    """argparse, answering a bad command line in one line (and exit code 2) instead of a usage block."""

    def error(self, message: str) -> NoReturn:
        if len(message) > 300:
            message = message[:280] + f"… ({len(message)} characters)"
        message = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)  # argparse quotes some values raw: "\r" would start a line
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def _ruleset_argument(parser: argparse.ArgumentParser) -> None:
    """``--ruleset NAME``; the old spelling ``--rules NAME`` still works but is no longer listed in the help."""
    parser.add_argument(
        "--ruleset",
        default="official",
        choices=sorted(RULESETS),
        help="named rule set: the official rules, alone or with the fortune (and tactics) decks, or the fan reference manual's or TripleA's house rules (notebook 24 compares them)",
    )
    parser.add_argument("--rules", dest="ruleset", choices=sorted(RULESETS), default=argparse.SUPPRESS, help=argparse.SUPPRESS)


def _parser(prog: str = "dday") -> argparse.ArgumentParser:
    p = _Parser(
        prog=prog,
        description="Axis & Allies: D-Day (2004): open the tutorial in JupyterLab or as a classroom app, play and simulate bot games, check a saved game.",
    )
    sub = p.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play one game between two bots and print the log", description="Play one seeded game between two bots.")
    play.add_argument("--allies", default="greedy", choices=sorted(BOTS), help="bot for the Allies (UK and US)")
    play.add_argument("--axis", default="greedy", choices=sorted(BOTS), help="bot for the Axis (Germany)")
    play.add_argument("--seed", type=_whole(0, MAX_SEED), default=0, help="seed for the dice and the bots (same seed, same game)")
    play.add_argument("--two-player", action="store_true", help="one Allied player: no split of the naval dice (R-NAVAL-2)")
    _ruleset_argument(play)
    play.add_argument("--quiet", action="store_true", help="print only the result")
    play.add_argument("--save", metavar="PATH", type=_output_path, help="also save the game (JSON input log, see dday.play.saves); checked before the game starts")
    sim = sub.add_parser(
        "simulate",
        help="play many seeded bot games and print win rates",
        description="Play many seeded games between two bots; print win rates with 95 % intervals, the deciding turn and units lost.",
    )
    sim.add_argument("--games", type=_whole(1, MAX_GAMES), default=100, help="number of games")
    sim.add_argument("--allies", default="greedy", choices=sorted(BOTS), help="bot for the Allies")
    sim.add_argument("--axis", default="greedy", choices=sorted(BOTS), help="bot for the Axis")
    sim.add_argument("--seed", type=_whole(0, MAX_SEED), default=0, help="master seed (each game's seed is spawned from it)")
    sim.add_argument(
        "--processes", type=_whole(1, _cores(), "the cores of this machine"), default=None, help=f"worker processes, at most {_cores()} here (default: every core)"
    )
    sim.add_argument("--two-player", action="store_true", help="one Allied player: no split of the naval dice (R-NAVAL-2)")
    _ruleset_argument(sim)
    sim.add_argument("--csv", metavar="PATH", type=_output_path, help="also write the one-row-per-game table to PATH; checked before the first game")
    sim.add_argument("--no-progress", action="store_true", help="no progress bar")
    chk = sub.add_parser(
        "check",
        help="check a saved game: replay and validate every input",
        description="Load a saved game (JSON input log), replay every input and compare with the saved final position.",
    )
    chk.add_argument("file", type=_input_path, help="the saved game (.json)")
    tut = sub.add_parser(
        "tutorial",
        help="copy the tutorial notebooks into a folder and open JupyterLab there",
        description="Copy the tutorial notebooks into DIR (a notebook you edited is kept unless --force) and open JupyterLab on 00_start_here (as root with --allow-root). Exits with JupyterLab's code when it fails to start.",
    )
    tut.add_argument("dir", nargs="?", type=_folder_path, default="dday-tutorial", help="folder for the notebooks (default: ./dday-tutorial)")
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
    app.add_argument("--pool", type=_whole(0, 60), default=10, help="pages of each lesson notebook prepared before anyone asks (default 10; 0 to 60)")
    app.add_argument("--cull-after", type=_whole(10, 86400), default=60, help="seconds a kernel lives on after its page was closed (default 60)")
    app.add_argument("--dir", type=_folder_path, help="keep the notebooks in this folder (edited ones are kept and served as edited)")
    app.add_argument("--no-browser", action="store_true", help="do not open a browser")
    han = sub.add_parser(
        "handlers",
        help="list which function of the rules answers each step, roll and pick of a card",
        description="For each order card (or one), the fortune and tactics decks and the turn flow: the function that begins it and the one that answers each of its rolls, actions, legal-action lists and picks (module.function).",
    )
    han.add_argument("table", nargs="?", type=_handler_table, help="an order 1-16, fortune, tactics or flow (default: all)")
    han.add_argument("--markdown", action="store_true", help="all the tables as docs/handlers.md holds them")
    return p


HANDLER_TABLES = (*(str(n) for n in range(1, 17)), "fortune", "tactics", "flow")
"""What ``handlers`` accepts: an order's number or one of the decks or the turn flow."""


def _handler_table(text: str) -> str:
    if text not in HANDLER_TABLES:
        raise argparse.ArgumentTypeError(f"expected an order 1-16, fortune, tactics or flow, not {_short(text, 20)}")
    return text


def _cores() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on Linux
        return os.cpu_count() or 1


def _whole(least: int, most: int | None = None, why: str = "") -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``least`` and at most ``most`` (a seed, a number of games or processes)."""

    def parse(text: str) -> int:
        if len(text) > 30 or not text.strip().lstrip("+-").isdecimal():
            raise argparse.ArgumentTypeError(f"expected a whole number, not {_short(text, 20)}")
        n = int(text)
        if n < least:
            raise argparse.ArgumentTypeError(f"expected a whole number of at least {least}, not {n}")
        if most is not None and n > most:
            raise argparse.ArgumentTypeError(f"expected a whole number of at most {most:,}{f' ({why})' if why else ''}, not {n:,}")
        return n

    parse.__name__ = f"whole number >= {least}"
    return parse


def _short(text: str, limit: int = 80) -> str:
    """``text`` quoted for a message, cut to about ``limit`` characters."""
    return repr(text) if len(text) <= limit else repr(text[: limit - 20]) + f"… ({len(text):,} characters)"


def _checked(text: str) -> Path:
    """The path in a command-line argument, checked before any work: not empty, a name the file
    system can hold, not the root or a system folder (:data:`SYSTEM_FOLDERS`) nor inside one."""
    if not text.strip():
        raise argparse.ArgumentTypeError("the path is empty")
    try:
        raw = os.fsencode(text)
    except UnicodeError:
        raise argparse.ArgumentTypeError(f"{_short(text)} is not a name the file system can hold") from None
    if b"\0" in raw:
        raise argparse.ArgumentTypeError(f"{_short(text)} holds a NUL character, which no file name can")
    if len(raw) > PATH_MAX:
        raise argparse.ArgumentTypeError(f"the path is {len(raw):,} bytes long; the system takes at most {PATH_MAX:,}")
    longest = max(raw.split(os.fsencode(os.sep)), key=len)
    if len(longest) > NAME_MAX:
        raise argparse.ArgumentTypeError(
            f"a file or folder name has at most {NAME_MAX} bytes; {os.fsdecode(longest)[:20]!r}… has {len(longest):,}"
        )
    path = Path(text).expanduser()
    try:
        real = path.resolve()
    except (OSError, RuntimeError) as e:  # RuntimeError: a loop of symbolic links
        raise argparse.ArgumentTypeError(f"cannot use {_short(text)}: {getattr(e, 'strerror', None) or e}") from None
    if os.name == "posix" and _in_system_folder(PurePosixPath(real)):
        top = "/" + real.parts[1] if len(real.parts) > 1 else "/"
        where = "the root folder" if top == "/" else f"the system folder {top}" if str(real) == top else f"inside the system folder {top}"
        raise argparse.ArgumentTypeError(f"{_short(text)} is {where}; use a folder of your own")
    return path


def _in_system_folder(real: PurePosixPath) -> bool:
    """True for ``/`` and for a system folder or anything inside one.

    >>> _in_system_folder(PurePosixPath("/proc/self/fd")), _in_system_folder(PurePosixPath("/home/me/game.json"))
    (True, False)
    >>> _in_system_folder(PurePosixPath("/usr/share")), _in_system_folder(PurePosixPath("/usr/local/games/dday"))
    (True, False)
    """

    def within(folders: tuple[str, ...]) -> bool:
        return any(real == PurePosixPath(f) or PurePosixPath(f) in real.parents for f in folders)

    return str(real) == "/" or (within(SYSTEM_FOLDERS) and not within(USER_FOLDERS))


def _output_path(text: str) -> Path:
    """An argparse type: a file we will be able to write, checked before any game is played."""
    path = _checked(text)
    try:
        if path.is_dir():
            raise argparse.ArgumentTypeError(f"{_short(text)} is a folder, not a file")
        folder = path.parent
        if not folder.is_dir():
            raise argparse.ArgumentTypeError(f"the folder {str(folder)[:80]} does not exist")
        if path.exists() and not stat.S_ISREG(path.stat().st_mode):
            raise argparse.ArgumentTypeError(f"{_short(text)} is not a plain file (a device, a pipe, ...); give the name of a file to write")
        if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
            raise argparse.ArgumentTypeError(f"cannot write {_short(text)} (permission denied)")
    except OSError as e:
        raise argparse.ArgumentTypeError(f"cannot use {_short(text)}: {e.strerror or e}") from None
    return path


def _folder_path(text: str) -> Path:
    """An argparse type: a folder to copy the notebooks into (made if missing), never a file nor a system folder."""
    path = _checked(text)
    try:
        if path.exists() and not path.is_dir():
            raise argparse.ArgumentTypeError(f"{_short(text)} is a file, not a folder")
    except OSError as e:
        raise argparse.ArgumentTypeError(f"cannot use {_short(text)}: {e.strerror or e}") from None
    return path


def _input_path(text: str) -> str:
    """An argparse type: the name of a file to read (whether it can be read is the loader's to say)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("the path is empty")
    if len(text) > PATH_MAX:
        raise argparse.ArgumentTypeError(f"the path is {len(text):,} characters long; the system takes at most {PATH_MAX:,}")
    return text


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
    try:
        return _run(args, prog)
    except KeyboardInterrupt:
        print(f"{prog} {args.command}: stopped", file=sys.stderr)
        return 130


def _run(args: argparse.Namespace, prog: str) -> int:
    """Do what the checked command line asks."""
    if args.command in ("tutorial", "app"):
        from .launch import TutorialError, app_settings, main_tutorial, serve_app

        try:
            if args.command == "tutorial":
                return main_tutorial(str(args.dir), force=args.force, open_browser=not args.no_browser)
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
        options = ruleset(args.ruleset, three_player=not args.two_player)
        print(f"Axis & Allies: D-Day - Allies: {args.allies} bot, Axis: {args.axis} bot, seed {args.seed}", file=out)

        from .rules.board import load_board
        from .rules.events import Event
        from .views.log_text import event_text  # the log's sentences (the game records typed events)

        board = load_board()

        def show(event: Event) -> None:
            if not args.quiet:
                line = event_text(event, board)
                indent = "" if line.startswith(("Turn ", "End of turn", "The ")) else "    "
                print(indent + line, file=out)

        g = play_game(make_player(args.allies), make_player(args.axis), seed=args.seed, options=options, on_event=show)
        if args.save:
            from .play.saves import save_game

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
        from .play.simulate import simulate, summary

        df = simulate(
            args.games,
            allies=args.allies,
            axis=args.axis,
            seed=args.seed,
            processes=args.processes,
            progress=not args.no_progress,
            options=ruleset(args.ruleset, three_player=not args.two_player),
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
    if args.command == "handlers":
        from .rules import handlers

        print(handlers.markdown() if args.markdown else handlers.listing(args.table and handlers.group_named(args.table)), end="" if args.markdown else "\n")
        return 0
    return 2  # pragma: no cover - argparse requires a command


def _check(file: str, prog: str) -> int:
    """``check FILE``: 0 and a one-line summary for a good save, 1 and the reason for a bad one."""
    from .errors import SaveFileError
    from .play.saves import load_game

    try:
        game = load_game(Path(file))
    except SaveFileError as e:
        print(f"invalid: {e}")
        return 1
    except OSError as e:
        print(f"{prog} check: cannot read {_short(file)}: {e.strerror or e}", file=sys.stderr)
        return 1
    except (ValueError, TypeError, RecursionError, MemoryError) as e:  # what the save checks do not catch yet
        print(f"invalid: {_short(file)} is not a save this version can read ({type(e).__name__})")
        return 1
    final = game.final
    print(f"ok: {len(game)} inputs, {final.winner or 'nobody yet'} {'won' if final.is_over else 'to play'}, turn {final.turn}")
    if game.note:
        print(f"note: {game.note}")
    return 0
