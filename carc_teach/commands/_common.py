"""Helpers shared by the engine's CLI commands."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..errors import CarcTeachError, GameFileError, shown
from ..game import Game
from ..i18n import _

__all__ = ["open_game", "add_game_argument", "max_bytes"]


class _ListExamples(argparse.Action):
    """``--list``: print the bundled examples (name and title) and exit, like ``--help``."""

    def __init__(self, option_strings, dest, **kwargs) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        from .. import examples

        listed = examples.names()
        width = max(map(len, listed))
        for name in listed:
            print(f"{name:<{width}}  {examples.data(name).get('title', '')}")
        parser.exit(0)


def add_game_argument(parser: argparse.ArgumentParser) -> None:
    """The ``GAME`` argument, ``--list`` (the bundled examples) and ``--max-size MB``."""
    from ..gamefile import MAX_FILE_BYTES

    prog = parser.prog
    parser.add_argument(
        "game",
        metavar="GAME",
        help=_(
            "a game file (JSON), or the name of a bundled example (see `{prog} --list`)",
            prog=prog,
        ),
    )
    parser.add_argument(
        "--list",
        action=_ListExamples,
        help=_("list the bundled examples (name and title) and exit"),
    )
    parser.add_argument(
        "--max-size",
        type=float,
        default=MAX_FILE_BYTES / 1_000_000,
        metavar="MB",
        help=_(
            "refuse game files larger than this many megabytes, unread (default {size:g})",
            size=MAX_FILE_BYTES / 1_000_000,
        ),
    )


def max_bytes(args: argparse.Namespace) -> int:
    """The ``--max-size`` of a command, in bytes (a one-line error unless it is positive)."""
    size = args.max_size
    if not size > 0 or size == float("inf"):
        raise CarcTeachError(
            _("--max-size must be a positive number of megabytes, not {size:g}", size=size)
        )
    return max(1, int(size * 1_000_000))


def open_game(ref: str, max_size: int | None = None) -> Game:
    """Load a game file, or a bundled example when ``ref`` names one and no such file exists.

    ``max_size``: the largest file read, in bytes (default :data:`~carc_teach.gamefile.MAX_FILE_BYTES`).
    """
    from .. import examples
    from ..gamefile import MAX_FILE_BYTES, load_game

    path = Path(ref)
    if path.exists() or ref.endswith(".json") or "/" in ref:
        if not path.exists():
            raise GameFileError(_("no such file"), source=ref)
        return load_game(path, max_bytes=max_size or MAX_FILE_BYTES)
    if ref in examples.names():
        return examples.load(ref)
    raise CarcTeachError(
        _(
            "{name}: no such file, and no bundled example of that name "
            "(`carc-teach replay --list` lists them: {names})",
            name=shown(ref),
            names=", ".join(examples.names()),
        )
    )
