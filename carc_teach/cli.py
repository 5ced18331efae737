"""The ``carc-teach`` command line.

Each sub-command lives in its own module under :mod:`carc_teach.commands` with two functions,
``configure(parser)`` and ``run(args) -> int``; modules are imported only when their command runs,
so ``carc-teach replay`` never pays for the site builder's imports.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from .errors import CarcTeachError

__all__ = ["main", "COMMANDS"]

#: command name -> (module under carc_teach.commands, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "replay": ("replay", "replay a game file and print its event log and scores"),
    "simulate": ("simulate", "play seeded random legal games"),
    "bench": ("bench", "measure random games per second and time per event step"),
    "render": ("render", "write the board of a game file (after event N) as SVG"),
    "notes": ("notes", "list the annotation corpus (footnotes, rulings, house rules)"),
    "options": ("options", "list rule options and edition presets"),
    "compare": ("compare", "play one game under two editions or option values and compare"),
    "reference": ("reference", "print the Scoring During Turn Sequence reference"),
    "build-site": ("build_site", "build the static WebAssembly site of the notebooks"),
    "serve": ("serve", "open the walkthrough notebooks locally"),
}


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="carc-teach",
        description="Teach the rules of Carcassonne: replay, simulate and explain games.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    wanted = None
    if argv:
        wanted = next((a for a in argv if not a.startswith("-")), None)
    for name, (module_name, help_text) in COMMANDS.items():
        cmd = sub.add_parser(name, help=help_text, description=help_text)
        # Only the command being run needs its full argument list (and its imports).
        if name == wanted:
            module = importlib.import_module(f"carc_teach.commands.{module_name}")
            module.configure(cmd)
            cmd.set_defaults(_run=module.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    try:
        return int(args._run(args) or 0)
    except CarcTeachError as exc:
        print(f"carc-teach {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `carc-teach replay x.json | head`
        _silence_stdout()
        return 0
    except KeyboardInterrupt:  # Ctrl-C: one line, the shell's status for SIGINT
        print(f"carc-teach {args.command}: interrupted", file=sys.stderr)
        return 130
    except OSError as exc:  # a path the command could not read or write
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"carc-teach {args.command}: error: {where}{exc.strerror or exc}", file=sys.stderr)
        return 2


def _silence_stdout() -> None:
    """After a closed pipe, point stdout at /dev/null so exiting does not complain again."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    sys.exit(main())
