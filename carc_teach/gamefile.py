"""Game files: JSON documents holding a set-up and the moves of a game.

The format is described in ``docs/game-format.md`` and by the JSON Schema shipped as
``carc_teach/schema/game.schema.json``. This module checks the same constraints by hand (the
engine depends on nothing but networkx) so that every problem raises one
:class:`~carc_teach.errors.GameFileError` whose message names the file, the move number, the
action number and the field. Moves are then played, and a move that breaks the rules raises
:class:`~carc_teach.errors.IllegalMoveError`, located the same way.

Version 2 (written since the engine asks decisions of any player) gives each move a list of
``actions``; version-1 files, whose moves carry at most one ``deploy``, still load and replay
identically.
"""

from __future__ import annotations

import json
from dataclasses import replace
from importlib import resources
from pathlib import Path
from typing import Any

from .actions import ACTION_TYPES
from .editions import from_setup
from .errors import GameFileError, UnknownRuleError
from .game import Game
from .rules import module_class
from .setup import Move, Setup, StartTile

__all__ = [
    "load_game",
    "parse_game",
    "parse_final_actions",
    "read_game_file",
    "decode_game_text",
    "dump_game",
    "setup_to_json",
    "schema",
    "FORMAT",
    "VERSION",
]

FORMAT = "carc-teach-game"
#: the version this carc_teach writes; it reads every version in VERSIONS
VERSION = 2
VERSIONS = (1, 2)
_TOP_KEYS = {
    "format",
    "version",
    "title",
    "description",
    "setup",
    "moves",
    "final_actions",
    "final_scoring",
}
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


def read_game_file(path: str | Path) -> dict[str, Any]:
    """Read and JSON-decode a game file, turning every failure into a :class:`GameFileError`."""
    p = Path(path)
    name = p.name
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise GameFileError("no such file", source=str(path)) from None
    except IsADirectoryError:
        raise GameFileError("is a directory, not a game file", source=str(path)) from None
    except UnicodeDecodeError as exc:
        raise GameFileError(f"not UTF-8 text (byte {exc.start})", source=name) from None
    return decode_game_text(text, source=name)


def decode_game_text(text: str, source: str = "<game>") -> dict[str, Any]:
    """JSON-decode the text of a game file with a located error."""
    if not text.strip():
        raise GameFileError("the file is empty", source=source)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        hint = " (the file ends too early: is it truncated?)" if _unclosed(text) else ""
        raise GameFileError(
            f"not valid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}{hint}",
            source=source,
        ) from None
    if not isinstance(data, dict):
        raise GameFileError(f"a game file is a JSON object, not {_json_type(data)}", source=source)
    return data


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


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "an object"


def _check_keys(
    obj: dict, allowed: set[str], where: str, source: str, move: int | None = None
) -> None:
    extra = sorted(set(obj) - allowed)
    if extra:
        raise GameFileError(
            f"unknown key {extra[0]!r} (allowed: {', '.join(sorted(allowed))})",
            source=source,
            move=move,
            field=f"{where}.{extra[0]}" if where else extra[0],
        )


def _int(value: Any, field: str, source: str, move: int | None = None, *, lo=None, hi=None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise GameFileError(
            f"must be an integer, not {_json_type(value)}", source=source, move=move, field=field
        )
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise GameFileError(
            f"must be between {lo} and {hi}, not {value}", source=source, move=move, field=field
        )
    return value


def _str(value: Any, field: str, source: str, move: int | None = None) -> str:
    if not isinstance(value, str) or not value:
        raise GameFileError(
            f"must be a non-empty string, not {_json_type(value)}",
            source=source,
            move=move,
            field=field,
        )
    return value


def _rotation(value: Any, field: str, source: str, move: int | None = None) -> int:
    r = _int(value, field, source, move)
    if r not in (0, 90, 180, 270):
        raise GameFileError(
            f"rotation is in degrees clockwise and must be 0, 90, 180 or 270, not {r}",
            source=source,
            move=move,
            field=field,
        )
    return r


def _parse_setup(data: Any, source: str) -> Setup:
    if not isinstance(data, dict):
        raise GameFileError(
            f"must be an object, not {_json_type(data)}", source=source, field="setup"
        )
    _check_keys(data, _SETUP_KEYS, "setup", source)
    players = data.get("players")
    if not isinstance(players, list) or not 1 <= len(players) <= 8:
        raise GameFileError(
            "must be a list of 1 to 8 player names", source=source, field="setup.players"
        )
    names = tuple(_str(p, f"setup.players[{i}]", source) for i, p in enumerate(players))
    if len(set(names)) != len(names):
        dup = next(n for n in names if names.count(n) > 1)
        raise GameFileError(
            f"player name {dup!r} appears twice", source=source, field="setup.players"
        )
    expansions = data.get("expansions", ["base"])
    if not isinstance(expansions, list) or not expansions:
        raise GameFileError(
            "must be a non-empty list of expansion ids", source=source, field="setup.expansions"
        )
    exps = tuple(_str(e, f"setup.expansions[{i}]", source) for i, e in enumerate(expansions))
    if exps[0] != "base":
        raise GameFileError(
            'the first expansion must be "base"', source=source, field="setup.expansions[0]"
        )
    for i, e in enumerate(exps):
        if exps.index(e) != i:
            raise GameFileError(
                f"expansion {e!r} is listed twice", source=source, field=f"setup.expansions[{i}]"
            )
        try:
            module_class(e)
        except UnknownRuleError as exc:
            raise GameFileError(str(exc), source=source, field=f"setup.expansions[{i}]") from None
    followers = data.get("followers")
    if followers is not None:
        followers = _int(followers, "setup.followers", source, lo=0, hi=30)
    rules = data.get("rules", {})
    if not isinstance(rules, dict):
        raise GameFileError(
            f"must be an object, not {_json_type(rules)}", source=source, field="setup.rules"
        )
    _check_keys(rules, _RULES_KEYS, "setup.rules", source)
    if "preset" in rules:
        _str(rules["preset"], "setup.rules.preset", source)
    if "options" in rules and not isinstance(rules["options"], dict):
        raise GameFileError("must be an object", source=source, field="setup.rules.options")
    try:
        from_setup(rules)
    except UnknownRuleError as exc:
        where = (
            "setup.rules.preset"
            if "preset" in str(exc) and "option" not in str(exc)
            else "setup.rules.options"
        )
        raise GameFileError(str(exc), source=source, field=where) from None
    start_data = data.get("start", {})
    if not isinstance(start_data, dict):
        raise GameFileError(
            f"must be an object, not {_json_type(start_data)}", source=source, field="setup.start"
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
            "give either a tile order or a seed, not both", source=source, field="setup.seed"
        )
    tile_order = None
    if order is not None:
        if not isinstance(order, list):
            raise GameFileError(
                "must be a list of tile ids", source=source, field="setup.tile_order"
            )
        tile_order = tuple(_str(t, f"setup.tile_order[{i}]", source) for i, t in enumerate(order))
    if seed is not None:
        seed = _int(seed, "setup.seed", source)
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
            f"a move is an object, not {_json_type(data)}", source=source, move=number, field=where
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
        raise GameFileError("must be true or false", source=source, move=number, field="discard")
    note = data.get("note", "")
    if not isinstance(note, str):
        raise GameFileError("must be a string", source=source, move=number, field="note")
    if discard:
        for key in ("x", "y", "rotation", "deploy", "actions"):
            if key in data:
                raise GameFileError(
                    "a discarded tile is not placed, so the move has no position or actions",
                    source=source,
                    move=number,
                    field=key,
                )
        return Move(number, tile=tile, discard=True, player=player, note=note, version=version)
    for key in ("x", "y", "rotation"):
        if key not in data:
            raise GameFileError(
                "is required to place the tile", source=source, move=number, field=key
            )
    x = _int(data["x"], "x", source, number)
    y = _int(data["y"], "y", source, number)
    rotation = _rotation(data["rotation"], "rotation", source, number)
    if version == 1:
        actions = _v1_deploy(data.get("deploy"), number, source)
    else:
        actions = _parse_actions(data.get("actions", []), number, source)
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
    )


def _v1_deploy(deploy: Any, number: int, source: str) -> tuple[dict[str, Any], ...]:
    """A version-1 ``deploy`` as the one action of the move."""
    if deploy is None:
        return ()
    if not isinstance(deploy, dict):
        raise GameFileError(
            f'must be an object like {{"figure": "follower", "segment": "N"}} or null, not {_json_type(deploy)}',
            source=source,
            move=number,
            field="deploy",
        )
    _check_keys(deploy, _DEPLOY_KEYS, "deploy", source, number)
    if "segment" not in deploy:
        raise GameFileError(
            "is required: which segment of the tile",
            source=source,
            move=number,
            field="deploy.segment",
        )
    figure = _str(deploy.get("figure", "follower"), "deploy.figure", source, number)
    segment = _str(deploy["segment"], "deploy.segment", source, number)
    return ({"type": "deploy", "figure": figure, "segment": segment},)


def _parse_actions(
    actions: Any, number: int | None, source: str, where: str = "actions"
) -> tuple[dict[str, Any], ...]:
    """Check the shape of a move's actions (``number`` None: the file's ``final_actions``);
    what they mean is checked when the turn is played (a segment depends on the tile placed)."""
    if not isinstance(actions, list):
        raise GameFileError(
            f"must be a list of actions, not {_json_type(actions)}",
            source=source,
            move=number,
            field=where,
        )
    out = []
    prefix = "" if where == "actions" else f"{where}."
    for i, action in enumerate(actions):
        loc = {"source": source, "move": number, "action": i + 1}
        if not isinstance(action, dict):
            raise GameFileError(
                f"an action is an object with a 'type', not {_json_type(action)}", **loc
            )
        kind = action.get("type")
        if kind not in ACTION_TYPES:
            raise GameFileError(
                f"unknown action type {kind!r}; known: {', '.join(sorted(ACTION_TYPES))}",
                field=f"{prefix}type",
                **loc,
            )
        cls = ACTION_TYPES[kind]
        allowed = {"type", "player", *cls.keys}
        extra = sorted(set(action) - allowed)
        if extra:
            raise GameFileError(
                f"unknown key {extra[0]!r} for a {kind!r} action (allowed: {', '.join(sorted(allowed))})",
                field=prefix + extra[0],
                **loc,
            )
        for key, required in cls.keys.items():
            if required and key not in action:
                raise GameFileError(f"is required in a {kind!r} action", field=prefix + key, **loc)
        if "player" in action:
            _str_at(action["player"], f"{prefix}player", loc)
        out.append(dict(action))
    return tuple(out)


def _str_at(value: Any, field: str, loc: dict[str, Any]) -> str:
    if not isinstance(value, str) or not value:
        raise GameFileError(
            f"must be a non-empty string, not {_json_type(value)}", field=field, **loc
        )
    return value


def parse_game(
    data: dict[str, Any], source: str = "<game>"
) -> tuple[Setup, list[Move], bool | None]:
    """Check a decoded game file; return its set-up, moves and final-scoring flag (see
    :func:`parse_final_actions` for the answers given during scoring after the game)."""
    _check_keys(data, _TOP_KEYS, "", source)
    if data.get("format") != FORMAT:
        raise GameFileError(f'must be "{FORMAT}"', source=source, field="format")
    version = data.get("version")
    if version not in VERSIONS or isinstance(version, bool):
        raise GameFileError(
            f"this carc_teach reads versions {' and '.join(map(str, VERSIONS))}, not {version!r}",
            source=source,
            field="version",
        )
    if "setup" not in data:
        raise GameFileError("is required", source=source, field="setup")
    setup = _parse_setup(data["setup"], source)
    for key in ("title", "description"):
        if key in data:
            _str(data[key], key, source)
    setup = replace(setup, title=data.get("title", ""), description=data.get("description", ""))
    moves_data = data.get("moves", [])
    if not isinstance(moves_data, list):
        raise GameFileError(
            f"must be a list, not {_json_type(moves_data)}", source=source, field="moves"
        )
    moves = [_parse_move(m, i + 1, source, version) for i, m in enumerate(moves_data)]
    for m in moves:
        for i, action in enumerate(m.actions):
            who = action.get("player")
            if who is not None and who not in setup.players:
                raise GameFileError(
                    f"{who!r} is not a player of this game (players: {', '.join(setup.players)})",
                    source=source,
                    move=m.number,
                    action=i + 1,
                    field="player",
                )
    final = data.get("final_scoring")
    if final is not None and not isinstance(final, bool):
        raise GameFileError("must be true or false", source=source, field="final_scoring")
    parse_final_actions(data, source, setup)
    return setup, moves, final


def parse_final_actions(
    data: dict[str, Any], source: str = "<game>", setup: Setup | None = None
) -> tuple[dict[str, Any], ...]:
    """The file's ``final_actions``: answers to decisions asked during scoring after the game
    (the Count's market loop), in the order asked, written like a move's actions."""
    if "final_actions" not in data:
        return ()
    if int(data.get("version", VERSION)) < 2:
        raise GameFileError(
            "final actions need a version-2 game file", source=source, field="final_actions"
        )
    actions = _parse_actions(data["final_actions"], None, source, "final_actions")
    if setup is not None:
        for i, action in enumerate(actions):
            who = action.get("player")
            if who is not None and who not in setup.players:
                raise GameFileError(
                    f"{who!r} is not a player of this game (players: {', '.join(setup.players)})",
                    source=source,
                    action=i + 1,
                    field="final_actions.player",
                )
    return actions


def load_game(game: str | Path | dict[str, Any], *, source: str | None = None) -> Game:
    """Load, check and play a game file (a path, or an already decoded dict).

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
        data = read_game_file(game)
        name = source or Path(game).name
    setup, moves, final = parse_game(data, name)
    final_actions = parse_final_actions(data, name)
    return Game(setup, moves, final_scoring=final, source=name, final_actions=final_actions)


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
