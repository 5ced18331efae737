"""``carc-teach compare GAME [--presets A B] [--option ID=VALUE[,VALUE_B]] [--json]``.

Plays one game's moves under two rule sets and says where the event logs part, how the points
change per player, and which rule option and footnote make the difference.

``--presets A B`` names the two presets (``default`` for the defaults; without it both sides
keep the game file's own). ``--option ID=V`` sets an option on both sides; ``--option
ID=VA,VB`` gives side A the value VA and side B the value VB (two values of one option).
"""

from __future__ import annotations

import argparse
import json
import sys

from ..errors import CarcTeachError, terminal_text
from ..i18n import _
from ._common import add_game_argument, max_bytes, open_game

__all__ = ["configure", "run", "parse_sides"]


def configure(parser: argparse.ArgumentParser) -> None:
    add_game_argument(parser)
    parser.add_argument(
        "--presets",
        nargs=2,
        metavar=("A", "B"),
        help=_(
            "the two edition presets to compare (e.g. hig-original rgg; 'default' for the defaults)"
        ),
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="ID=VALUE",
        help=_(
            "a rule option for both sides (ID=VALUE), or one value per side "
            "(ID=A_VALUE,B_VALUE); repeatable"
        ),
    )
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))


def parse_sides(presets: list[str] | None, options: list[str]):
    """The two :class:`~carc_teach.compare.RuleSide` the arguments ask for."""
    from ..compare import RuleSide, parse_option_value

    a_opts: dict = {}
    b_opts: dict = {}
    for item in options:
        key, sep, values = item.partition("=")
        key = key.strip()
        if not sep or not key or not values.strip():
            raise CarcTeachError(
                _("--option {item!r}: write it as ID=VALUE or ID=A_VALUE,B_VALUE", item=item)
            )
        texts = values.split(",")
        if len(texts) > 2:
            raise CarcTeachError(
                _(
                    "--option {item!r}: give one value (both sides) or two (A,B), not {count}",
                    item=item,
                    count=len(texts),
                )
            )
        a_text, b_text = (texts[0], texts[0]) if len(texts) == 1 else texts
        a_opts[key] = parse_option_value(key, a_text)
        b_opts[key] = parse_option_value(key, b_text)
    pa, pb = presets if presets else (None, None)
    if not presets and a_opts == b_opts:
        raise CarcTeachError(
            _(
                "nothing to compare: give two presets (--presets A B) or two values of an "
                "option (--option ID=A_VALUE,B_VALUE)"
            )
        )
    return RuleSide(pa, a_opts), RuleSide(pb, b_opts)


def run(args: argparse.Namespace) -> int:
    from ..compare import compare_games, comparison_text
    from ..editions import get_preset

    for preset in args.presets or ():
        if preset not in ("default", "defaults"):
            get_preset(preset)  # an unknown preset is one line, before the game is loaded
    side_a, side_b = parse_sides(args.presets, args.option)
    game = open_game(args.game, max_bytes(args))
    result = compare_games(game, side_a, side_b)
    if args.json:
        json.dump(result.to_json(), sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        # player names and notes come from the file: escaped, line by line
        lines = comparison_text(result).split("\n")
        sys.stdout.write("\n".join(terminal_text(line) for line in lines))
    return 0
