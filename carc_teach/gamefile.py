"""Game files: JSON documents holding a set-up and the moves of a game.

The format is described in ``docs/game-format.md`` and by the JSON Schema shipped as
``carc_teach/schema/game.schema.json``. This module checks the same constraints by hand (the
engine depends on nothing but networkx) so that every problem raises one
:class:`~carc_teach.errors.GameFileError` whose message names the file, the move number, the
action number and the field. Moves are then played, and a move that breaks the rules raises
:class:`~carc_teach.errors.IllegalMoveError`, located the same way.

Version 2 (written since the engine asks decisions of any player) gives each move a list of
``actions``; version-1 files, whose moves carry at most one ``deploy``, still load and replay
identically. Every action is read here, once, into a typed action
(:func:`carc_teach.actions.read_action`, kept as ``Move.typed_actions``), so a malformed one is
reported as the file loads; what it means on the board (a segment of the tile placed in the
turn) is checked when its turn is played.
"""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from importlib import resources
from pathlib import Path
from typing import Any

from .actions import ACTION_TYPES, ActionError, WrittenAction, json_type, read_action
from .controllers import register_every_action_type
from .editions import from_setup, option
from .errors import GameFileError, UnknownRuleError, has_control_characters, phrase, shown
from .game import Game
from .rules import module_class
from .setup import Move, Setup, StartTile

__all__ = [
    "load_game",
    "parse_game",
    "parse_final_actions",
    "parse_seats",
    "read_game_file",
    "decode_game_text",
    "dump_game",
    "setup_to_json",
    "schema",
    "FORMAT",
    "VERSION",
    "MAX_FILE_BYTES",
    "MAX_DEPTH",
    "SEAT_KINDS",
]

FORMAT = "carc-teach-game"
#: the version this carc_teach writes; it reads every version in VERSIONS
VERSION = 2
VERSIONS = (1, 2)
#: the largest game file read unless asked for more (``max_bytes``, ``--max-size``): a random
#: game with every expansion and six players takes about 15 kB, and decoding a file takes
#: several times its size in memory
MAX_FILE_BYTES = 5_000_000
#: how deep arrays and objects may nest (a game file needs 6 levels: the file, its moves, a
#: move, its actions, an action, a corner's [x, y])
MAX_DEPTH = 32
_TOP_KEYS = {
    "format",
    "version",
    "title",
    "description",
    "setup",
    "moves",
    "final_actions",
    "final_scoring",
    "seats",
}
#: who sat at each seat of a game played on the Play page (a file's ``seats``): a person, or
#: one of the simulated players
SEAT_KINDS = ("human", "greedy", "random")
_SETUP_KEYS = {"players", "expansions", "followers", "rules", "start", "tile_order", "seed"}
_START_KEYS = {"tile", "x", "y", "rotation"}
_MOVE_KEYS_V1 = {"player", "tile", "x", "y", "rotation", "deploy", "discard", "note"}
_MOVE_KEYS = {"player", "tile", "x", "y", "rotation", "actions", "discard", "note"}
_DEPLOY_KEYS = {"figure", "segment"}
_RULES_KEYS = {"preset", "options"}


def schema() -> dict[str, Any]:
    """The JSON Schema of game files."""
    text = resources.files("carc_teach").joinpath("schema", "game.schema.json").read_text("utf-8")
    return json.loads(text)


def read_game_file(path: str | Path, *, max_bytes: int = MAX_FILE_BYTES) -> dict[str, Any]:
    """Read and JSON-decode a game file, turning every failure into a :class:`GameFileError`.

    A file larger than ``max_bytes`` is refused before it is decoded (the bytes past the limit
    are never read, so endless inputs such as ``/dev/zero`` stop there too).
    """
    p = Path(path)
    name = p.name
    try:
        with p.open("rb") as handle:
            raw = handle.read(max_bytes + 1)
    except FileNotFoundError:
        raise GameFileError(phrase("no such file"), source=str(path)) from None
    except IsADirectoryError:
        raise GameFileError(phrase("is a directory, not a game file"), source=str(path)) from None
    except PermissionError:
        raise GameFileError(phrase("permission denied: cannot read it"), source=str(path)) from None
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise GameFileError(
            phrase("cannot read it: {reason}", reason=reason), source=str(path)
        ) from None
    if len(raw) > max_bytes:
        raise GameFileError(_too_large(max_bytes), source=str(path))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise GameFileError(
            phrase("not UTF-8 text (byte {byte})", byte=exc.start), source=name
        ) from None
    return decode_game_text(text, source=name, max_bytes=max_bytes)


def _too_large(max_bytes: int) -> str:
    return phrase(
        "larger than {size}, the limit for a game file "
        "(a whole game takes well under 100 kB; --max-size MB or load_game(max_bytes=...) "
        "raises the limit)",
        size=_size(max_bytes),
    )


def _size(count: int) -> str:
    """``"5 MB"``, ``"2.5 MB"``, ``"800 kB"``, ``"12 bytes"``."""
    if count >= 1_000_000:
        return phrase("{size:g} MB", size=count / 1_000_000)
    if count >= 1_000:
        return phrase("{size:g} kB", size=count / 1_000)
    return phrase("{size} bytes", size=count)


def decode_game_text(
    text: str, source: str = "<game>", *, max_bytes: int = MAX_FILE_BYTES
) -> dict[str, Any]:
    """JSON-decode the text of a game file with a located error.

    The text may be at most ``max_bytes`` long in UTF-8 (:func:`parse_game` then refuses
    nesting deeper than :data:`MAX_DEPTH` and lone UTF-16 surrogates).
    """
    if len(text) > max_bytes or (
        4 * len(text) > max_bytes and len(text.encode("utf-8", "surrogatepass")) > max_bytes
    ):
        raise GameFileError(_too_large(max_bytes), source=source)
    if not text.strip():
        raise GameFileError(phrase("the file is empty"), source=source)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        if _unclosed(text):
            why = phrase(
                "not valid JSON at line {line}, column {column}: {error} "
                "(the file ends too early: is it truncated?)",
                line=exc.lineno,
                column=exc.colno,
                error=exc.msg,
            )
        else:
            why = phrase(
                "not valid JSON at line {line}, column {column}: {error}",
                line=exc.lineno,
                column=exc.colno,
                error=exc.msg,
            )
        raise GameFileError(why, source=source) from None
    except RecursionError:
        raise GameFileError(
            phrase(
                "arrays and objects nest too deeply (a game file needs at most {n} levels)",
                n=MAX_DEPTH,
            ),
            source=source,
        ) from None
    except ValueError:  # an integer longer than Python converts (sys.get_int_max_str_digits)
        raise GameFileError(
            phrase(
                "holds a number of more than {n:,} digits, "
                "longer than any field of a game file can use",
                n=sys.get_int_max_str_digits(),
            ),
            source=source,
        ) from None
    if not isinstance(data, dict):
        raise GameFileError(
            phrase("a game file is a JSON object, not {kind}", kind=json_type(data)),
            source=source,
        )
    return data


def _check_tree(data: dict[str, Any], source: str) -> None:
    """Refuse nesting deeper than :data:`MAX_DEPTH` and lone surrogates, naming the field."""
    todo: list[tuple[Any, tuple[str | int, ...]]] = [(data, ())]
    while todo:
        value, path = todo.pop()
        if len(path) > MAX_DEPTH:
            raise GameFileError(
                phrase("nested more than {n} levels deep (a game file needs 6)", n=MAX_DEPTH),
                **_located(path[:MAX_DEPTH], source),
            )
        if isinstance(value, dict):
            for key, item in value.items():
                if _has_surrogate(key):
                    raise GameFileError(
                        phrase(
                            "the key {key} holds a lone UTF-16 surrogate, which is not a character",
                            key=shown(key),
                        ),
                        **_located(path, source),
                    )
                todo.append((item, (*path, key)))
        elif isinstance(value, list):
            todo.extend((item, (*path, i)) for i, item in enumerate(value))
        elif isinstance(value, str) and _has_surrogate(value):
            raise GameFileError(
                phrase(
                    "{value} holds a lone UTF-16 surrogate (written \\udXXX in JSON), "
                    "which is not a character",
                    value=shown(value),
                ),
                **_located(path, source),
            )


def _has_surrogate(text: str) -> bool:
    if text.isascii():
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _located(path: tuple[str | int, ...], source: str) -> dict[str, Any]:
    """How an error names the place ``path`` (keys and indexes) in a game file: inside
    ``moves`` by the move number, inside a move's ``actions`` by the action number."""
    move = action = None
    if len(path) >= 2 and path[0] == "moves" and isinstance(path[1], int):
        move, path = path[1] + 1, path[2:]
        if len(path) >= 2 and path[0] == "actions" and isinstance(path[1], int):
            action, path = path[1] + 1, path[2:]
    elif len(path) >= 2 and path[0] == "final_actions" and isinstance(path[1], int):
        action, path = path[1] + 1, ("final_actions", *path[2:])
    field = ""
    for part in path:
        field += f"[{part}]" if isinstance(part, int) else (f".{part}" if field else str(part))
    return {"source": source, "move": move, "action": action, "field": field or None}


def _message(error: Exception) -> str:
    """The message of ``error`` to quote in another error: its first argument (a
    :class:`~carc_teach.errors.Phrase` remembers how to say it in another language) when that
    is what it prints."""
    first = error.args[0] if error.args else ""
    return first if isinstance(first, str) and str(first) == str(error) else str(error)


def _unclosed(text: str) -> bool:
    """Whether the text ends inside a string or with brackets still open (a cut-off file)."""
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
    return in_string or depth > 0


def _check_keys(
    obj: dict, allowed: set[str], where: str, source: str, move: int | None = None
) -> None:
    extra = sorted(set(obj) - allowed)
    if extra:
        raise GameFileError(
            phrase(
                "unknown key {key} (allowed: {allowed})",
                key=shown(extra[0]),
                allowed=", ".join(sorted(allowed)),
            ),
            source=source,
            move=move,
            field=f"{where}.{extra[0]}" if where else extra[0],
        )


def _int(value: Any, field: str, source: str, move: int | None = None, *, lo=None, hi=None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise GameFileError(
            phrase("must be an integer, not {kind}", kind=json_type(value)),
            source=source,
            move=move,
            field=field,
        )
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        if hi is None:
            why = phrase("must be at least {lo}, not {value}", lo=lo, value=shown(value))
        elif lo is None:
            why = phrase("must be at most {hi}, not {value}", hi=hi, value=shown(value))
        else:
            why = phrase(
                "must be between {lo} and {hi}, not {value}", lo=lo, hi=hi, value=shown(value)
            )
        raise GameFileError(why, source=source, move=move, field=field)
    return value


def _str(value: Any, field: str, source: str, move: int | None = None) -> str:
    if not isinstance(value, str) or not value:
        raise GameFileError(
            phrase("must be a non-empty string, not {kind}", kind=json_type(value)),
            source=source,
            move=move,
            field=field,
        )
    return value


def _rotation(value: Any, field: str, source: str, move: int | None = None) -> int:
    r = _int(value, field, source, move)
    if r not in (0, 90, 180, 270):
        raise GameFileError(
            phrase("rotation is in degrees clockwise and must be 0, 90, 180 or 270, not {r}", r=r),
            source=source,
            move=move,
            field=field,
        )
    return r


def _parse_setup(data: Any, source: str) -> Setup:
    if not isinstance(data, dict):
        raise GameFileError(
            phrase("must be an object, not {kind}", kind=json_type(data)),
            source=source,
            field="setup",
        )
    _check_keys(data, _SETUP_KEYS, "setup", source)
    players = data.get("players")
    if not isinstance(players, list) or not 1 <= len(players) <= 8:
        raise GameFileError(
            phrase("must be a list of 1 to 8 player names"), source=source, field="setup.players"
        )
    names = tuple(_str(p, f"setup.players[{i}]", source) for i, p in enumerate(players))
    for i, name in enumerate(names):  # names go into every text: one line, shown as written
        if has_control_characters(name):
            raise GameFileError(
                phrase(
                    "a player name may not hold control characters (line breaks, terminal or "
                    "text-direction codes): {name}",
                    name=shown(name),
                ),
                source=source,
                field=f"setup.players[{i}]",
            )
    if len(set(names)) != len(names):
        dup = next(n for n in names if names.count(n) > 1)
        raise GameFileError(
            phrase("player name {name} appears twice", name=shown(dup)),
            source=source,
            field="setup.players",
        )
    expansions = data.get("expansions", ["base"])
    if not isinstance(expansions, list) or not expansions:
        raise GameFileError(
            phrase("must be a non-empty list of expansion ids"),
            source=source,
            field="setup.expansions",
        )
    exps = tuple(_str(e, f"setup.expansions[{i}]", source) for i, e in enumerate(expansions))
    if exps[0] != "base":
        raise GameFileError(
            phrase('the first expansion must be "base"'),
            source=source,
            field="setup.expansions[0]",
        )
    for i, e in enumerate(exps):
        if exps.index(e) != i:
            raise GameFileError(
                phrase("expansion {name} is listed twice", name=shown(e)),
                source=source,
                field=f"setup.expansions[{i}]",
            )
        try:
            module_class(e)
        except UnknownRuleError as exc:
            raise GameFileError(
                _message(exc), source=source, field=f"setup.expansions[{i}]"
            ) from None
    followers = data.get("followers")
    if followers is not None:
        allowed = option("base.followers").values
        followers = _int(followers, "setup.followers", source, lo=min(allowed), hi=max(allowed))
    rules = data.get("rules", {})
    if not isinstance(rules, dict):
        raise GameFileError(
            phrase("must be an object, not {kind}", kind=json_type(rules)),
            source=source,
            field="setup.rules",
        )
    _check_keys(rules, _RULES_KEYS, "setup.rules", source)
    if "preset" in rules:
        _str(rules["preset"], "setup.rules.preset", source)
    if "options" in rules and not isinstance(rules["options"], dict):
        raise GameFileError(phrase("must be an object"), source=source, field="setup.rules.options")
    try:
        from_setup(rules)
    except UnknownRuleError as exc:
        where = (
            "setup.rules.preset"
            if "preset" in str(exc) and "option" not in str(exc)
            else "setup.rules.options"
        )
        raise GameFileError(_message(exc), source=source, field=where) from None
    start_data = data.get("start", {})
    if not isinstance(start_data, dict):
        raise GameFileError(
            phrase("must be an object, not {kind}", kind=json_type(start_data)),
            source=source,
            field="setup.start",
        )
    _check_keys(start_data, _START_KEYS, "setup.start", source)
    start = StartTile(
        tile=_str(start_data.get("tile", "D"), "setup.start.tile", source),
        x=_int(start_data.get("x", 0), "setup.start.x", source),
        y=_int(start_data.get("y", 0), "setup.start.y", source),
        rotation=_rotation(start_data.get("rotation", 0), "setup.start.rotation", source),
    )
    order = data.get("tile_order")
    seed = data.get("seed")
    if order is not None and seed is not None:
        raise GameFileError(
            phrase("give either a tile order or a seed, not both"),
            source=source,
            field="setup.seed",
        )
    tile_order = None
    if order is not None:
        if not isinstance(order, list):
            raise GameFileError(
                phrase("must be a list of tile ids"), source=source, field="setup.tile_order"
            )
        tile_order = tuple(_str(t, f"setup.tile_order[{i}]", source) for i, t in enumerate(order))
    if seed is not None:
        # random.Random draws the same for -n as for n: a seed is never negative
        seed = _int(seed, "setup.seed", source, lo=0)
    return Setup(
        players=names,
        expansions=exps,
        followers=followers,
        start=start,
        tile_order=tile_order,
        seed=seed,
        rules=dict(rules),
    )


def _parse_move(data: Any, number: int, source: str, version: int) -> Move:
    where = f"moves[{number - 1}]"
    if not isinstance(data, dict):
        raise GameFileError(
            phrase("a move is an object, not {kind}", kind=json_type(data)),
            source=source,
            move=number,
            field=where,
        )
    _check_keys(data, _MOVE_KEYS_V1 if version == 1 else _MOVE_KEYS, "", source, number)
    player = data.get("player")
    if player is not None:
        player = _str(player, "player", source, number)
    tile = data.get("tile")
    if tile is not None:
        tile = _str(tile, "tile", source, number)
    discard = data.get("discard", False)
    if not isinstance(discard, bool):
        raise GameFileError(
            phrase("must be true or false"), source=source, move=number, field="discard"
        )
    note = data.get("note", "")
    if not isinstance(note, str):
        raise GameFileError(phrase("must be a string"), source=source, move=number, field="note")
    if discard:
        for key in ("x", "y", "rotation", "deploy", "actions"):
            if key in data:
                raise GameFileError(
                    phrase(
                        "a discarded tile is not placed, so the move has no position or actions"
                    ),
                    source=source,
                    move=number,
                    field=key,
                )
        return Move(
            number,
            tile=tile,
            discard=True,
            player=player,
            note=note,
            version=version,
            typed_actions=(),
        )
    for key in ("x", "y", "rotation"):
        if key not in data:
            raise GameFileError(
                phrase("is required to place the tile"), source=source, move=number, field=key
            )
    x = _int(data["x"], "x", source, number)
    y = _int(data["y"], "y", source, number)
    rotation = _rotation(data["rotation"], "rotation", source, number)
    if version == 1:
        actions = _v1_deploy(data.get("deploy"), number, source)
        typed = tuple(read_action(a) for a in actions)  # checked by _v1_deploy: cannot fail
    else:
        actions, typed = _parse_actions(data.get("actions", []), number, source)
    return Move(
        number,
        tile=tile,
        x=x,
        y=y,
        rotation=rotation,
        actions=actions,
        player=player,
        note=note,
        version=version,
        typed_actions=typed,
    )


def _v1_deploy(deploy: Any, number: int, source: str) -> tuple[dict[str, Any], ...]:
    """A version-1 ``deploy`` as the one action of the move."""
    if deploy is None:
        return ()
    if not isinstance(deploy, dict):
        raise GameFileError(
            phrase(
                'must be an object like {{"figure": "follower", "segment": "N"}} or null, '
                "not {kind}",
                kind=json_type(deploy),
            ),
            source=source,
            move=number,
            field="deploy",
        )
    _check_keys(deploy, _DEPLOY_KEYS, "deploy", source, number)
    if "segment" not in deploy:
        raise GameFileError(
            phrase("is required: which segment of the tile"),
            source=source,
            move=number,
            field="deploy.segment",
        )
    figure = _str(deploy.get("figure", "follower"), "deploy.figure", source, number)
    segment = _str(deploy["segment"], "deploy.segment", source, number)
    return ({"type": "deploy", "figure": figure, "segment": segment},)


def _parse_actions(
    actions: Any, number: int | None, source: str, where: str = "actions"
) -> tuple[tuple[dict[str, Any], ...], tuple[WrittenAction, ...]]:
    """Read a move's actions (``number`` None: the file's ``final_actions``): as written, and
    as typed actions (:func:`carc_teach.actions.read_action`). What they mean on the board is
    checked when the turn is played (a segment of the tile placed in it)."""
    if not isinstance(actions, list):
        raise GameFileError(
            phrase("must be a list of actions, not {kind}", kind=json_type(actions)),
            source=source,
            move=number,
            field=where,
        )
    written, typed = [], []
    prefix = "" if where == "actions" else f"{where}."
    for i, action in enumerate(actions):
        if isinstance(action, dict):
            kind = action.get("type")
            if not isinstance(kind, str) or kind not in ACTION_TYPES:
                register_every_action_type()
        try:
            typed.append(read_action(action))
        except ActionError as exc:
            raise GameFileError(
                exc.reason,
                source=source,
                move=number,
                action=i + 1,
                field=None if exc.field is None else prefix + exc.field,
            ) from None
        written.append(dict(action))
    return tuple(written), tuple(typed)


def parse_game(
    data: dict[str, Any], source: str = "<game>"
) -> tuple[Setup, list[Move], bool | None]:
    """Check a decoded game file; return its set-up, moves (their actions read, see
    :class:`~carc_teach.setup.Move`) and final-scoring flag (see :func:`parse_final_actions`
    for the answers given during scoring after the game)."""
    setup, moves, final, _ = _parse(data, source)
    return setup, moves, final


def _parse(data: dict[str, Any], source: str) -> tuple[Setup, list[Move], bool | None, Move]:
    """:func:`parse_game`, and the file's ``final_actions`` read as a move."""
    if not isinstance(data, dict):
        raise GameFileError(
            phrase("a game file is a JSON object, not {kind}", kind=json_type(data)),
            source=source,
        )
    _check_tree(data, source)
    _check_keys(data, _TOP_KEYS, "", source)
    if data.get("format") != FORMAT:
        raise GameFileError(
            phrase('must be "{format}"', format=FORMAT), source=source, field="format"
        )
    version = data.get("version")
    if type(version) is not int or version not in VERSIONS:  # not 2.0, not true
        raise GameFileError(
            phrase(
                "this carc_teach reads versions {versions} (an integer), not {version}",
                versions=" and ".join(map(str, VERSIONS)),
                version=shown(version),
            ),
            source=source,
            field="version",
        )
    if "setup" not in data:
        raise GameFileError(phrase("is required"), source=source, field="setup")
    setup = _parse_setup(data["setup"], source)
    for key in ("title", "description"):
        if key in data:
            _str(data[key], key, source)
    setup = replace(setup, title=data.get("title", ""), description=data.get("description", ""))
    moves_data = data.get("moves", [])
    if not isinstance(moves_data, list):
        raise GameFileError(
            phrase("must be a list, not {kind}", kind=json_type(moves_data)),
            source=source,
            field="moves",
        )
    moves = [_parse_move(m, i + 1, source, version) for i, m in enumerate(moves_data)]
    for m in moves:
        for i, action in enumerate(m.typed_actions or ()):
            who = action.player
            if who is not None and who not in setup.players:
                raise GameFileError(
                    phrase(
                        "{name} is not a player of this game (players: {players})",
                        name=shown(who),
                        players=", ".join(setup.players),
                    ),
                    source=source,
                    move=m.number,
                    action=i + 1,
                    field="player",
                )
    final = data.get("final_scoring")
    if final is not None and not isinstance(final, bool):
        raise GameFileError(phrase("must be true or false"), source=source, field="final_scoring")
    return setup, moves, final, _final_move(data, source, setup)


def parse_final_actions(
    data: dict[str, Any], source: str = "<game>", setup: Setup | None = None
) -> tuple[dict[str, Any], ...]:
    """The file's ``final_actions``: answers to decisions asked during scoring after the game
    (the Count's market loop), in the order asked, written like a move's actions."""
    return _final_move(data, source, setup).actions


def _final_move(data: dict[str, Any], source: str, setup: Setup | None) -> Move:
    """The file's ``final_actions``, read, as the move the file's controller plays them from."""
    if "final_actions" not in data:
        return Move(0, final=True, typed_actions=())
    if data.get("version", VERSION) == 1:
        raise GameFileError(
            phrase("final actions need a version-2 game file"),
            source=source,
            field="final_actions",
        )
    actions, typed = _parse_actions(data["final_actions"], None, source, "final_actions")
    if setup is not None:
        for i, action in enumerate(typed):
            who = action.player
            if who is not None and who not in setup.players:
                raise GameFileError(
                    phrase(
                        "{name} is not a player of this game (players: {players})",
                        name=shown(who),
                        players=", ".join(setup.players),
                    ),
                    source=source,
                    action=i + 1,
                    field="final_actions.player",
                )
    for i, action in enumerate(typed):
        # no tile is placed after the game: a segment or corner "of the tile placed in the
        # turn" can be refused now rather than when the game is scored
        try:
            action.action.resolved(None, None)
        except ActionError as exc:
            raise GameFileError(
                exc.reason,
                source=source,
                action=i + 1,
                field="final_actions" if exc.field is None else f"final_actions.{exc.field}",
            ) from None
    return Move(0, actions=actions, final=True, typed_actions=typed)


def parse_seats(
    data: dict[str, Any], setup: Setup, source: str = "<game>"
) -> tuple[str, ...] | None:
    """The file's ``seats`` (None when it has none): for each player of the set-up, in seat
    order, who played: ``"human"`` or a simulated player's kind (:data:`SEAT_KINDS`)."""
    if "seats" not in data:
        return None
    seats = data["seats"]
    if not isinstance(seats, list):
        raise GameFileError(
            phrase("must be a list, not {kind}", kind=json_type(seats)),
            source=source,
            field="seats",
        )
    if len(seats) != len(setup.players):
        raise GameFileError(
            phrase(
                "names who sat at each of the {n} seats, in the order of setup.players, but "
                "has {m} entries",
                n=len(setup.players),
                m=len(seats),
            ),
            source=source,
            field="seats",
        )
    for i, kind in enumerate(seats):
        if kind not in SEAT_KINDS:
            raise GameFileError(
                phrase(
                    "must be one of {kinds}, not {value}",
                    kinds=", ".join(SEAT_KINDS),
                    value=shown(kind),
                ),
                source=source,
                field=f"seats[{i}]",
            )
    return tuple(seats)


def load_game(
    game: str | Path | dict[str, Any],
    *,
    source: str | None = None,
    max_bytes: int = MAX_FILE_BYTES,
) -> Game:
    """Load, check and play a game file (a path, or an already decoded dict).

    A file larger than ``max_bytes`` (default :data:`MAX_FILE_BYTES`, 5 MB) is refused unread.

    Raises
    ------
    GameFileError
        The file is not a valid game file; the message names the file, move and field.
    IllegalMoveError
        A move breaks the rules; the message says which move and why.
    """
    if isinstance(game, dict):
        data = game
        name = source or "<game>"
    else:
        data = read_game_file(game, max_bytes=max_bytes)
        name = source or Path(game).name
    setup, moves, final, final_actions = _parse(data, name)
    seats = parse_seats(data, setup, name)
    game = Game(setup, moves, final_scoring=final, source=name, final_actions=final_actions)
    game.seats = seats
    return game


def setup_to_json(setup: Setup) -> dict[str, Any]:
    """The ``setup`` object of a game file (see :meth:`Setup.to_json`)."""
    return setup.to_json()


def dump_game(data: dict[str, Any]) -> str:
    """Format a game-file dict for people: indented, but one line per move and per tile order."""
    lines = ["{"]
    items = list(data.items())
    for i, (key, value) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        if key == "moves":
            lines.append('  "moves": [')
            for j, move in enumerate(value):
                sep = "," if j < len(value) - 1 else ""
                lines.append("    " + json.dumps(move, ensure_ascii=False) + sep)
            lines.append("  ]" + comma)
        elif key == "setup":
            inner = ",\n".join(
                f"    {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}"
                for k, v in value.items()
            )
            lines.append('  "setup": {\n' + inner + "\n  }" + comma)
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"
