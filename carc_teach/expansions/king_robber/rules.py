"""King & Robber Baron (Count, King & Robber): two tokens for the biggest city and the longest road.

What this module plays:

- Set-up: the five land tiles ``KR-1`` … ``KR-5`` go into the supply (``KR-5`` carries two
  separate cities that later tiles may join into one). The King and the Robber Baron are
  neutral figures set aside (location ``None``).
- 3B, after each completed city (or road) has scored (``after_scoring``, completions during the
  game only): the first completed city gives the King to the player who placed the tile that
  closed it, whether or not anybody had a knight in it; afterwards a completed city that is
  strictly larger **in tiles** takes the King to whoever placed its last tile (ckr-35: tiles,
  not points; an equal city does not). The largest size so far is remembered even when the
  holder beats their own record. The Robber Baron works the same way with roads. A road with
  three ends (Abbey & Mayor's ``AM-11``) counts every tile it covers (ckr-41); ``Feature.size``
  already counts each tile once.
- After the game (``final_scoring``, after the features): the King's holder scores 1 per
  completed city on the board, the Robber Baron's holder 1 per completed road. The City of
  Carcassonne (when the Count's start block is on the board) counts as one more completed
  city (ckr-1 / ckr-38, November 2013).

Rule options (``carc-teach options``):

- ``king.scoring`` — the rules' count (``per-feature``), the house rules ``flat-10`` (10 per
  token held) and ``flat-15-40`` (15 per token, 40 for both), and the running bonus (1 point
  to the holder at every completion of a city or road, the completion that hands the token
  over included). The running-bonus house rule does not say whether the count at the end
  remains: ``running-bonus`` keeps it (the project's reading), ``running-bonus-only`` drops it.
  ``flat-10`` says in so many words that it replaces the count; ``flat-15-40`` is read the same
  way ("a straight 15 points").
- ``king.city-of-carcassonne`` — whether the City of Carcassonne only adds 1 to the King's
  count at the end (``final-count``, the project's reading: the footnotes speak only of
  "scoring points for the King tile", and nobody completes the city, so nobody receives the
  King for it) or also sets the bar for the King at its 12 tiles from the start
  (``sets-the-bar``: the first King then needs a city of 13 tiles or more; a City laid after
  the set-up, as under The River II's river-first house rule, sets the bar once it is down).

Not implemented, because the expansions they concern are not played by carc_teach: castles
(Bridges, Castles & Bazaars, ckr-37), the City of Leipzig (ckr-39), the short road stubs of
The Festival's CRCR tile (ckr-40). None of their tiles can reach a game, so no game can meet
these rules silently. Inns & Cathedrals' CRCR tile (``IC-5``) is shipped with its two stubs
left out of the data (they are not segments), so the Robber Baron's count never includes them,
as ckr-40 reads it; the final event does not cite ckr-40 yet. The counting aids of the house rules (dice, markers on
the score track: ckr-36, house-king-dice-count) change no outcome; the module keeps the record
sizes itself and says them in its events.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ...events import Said, SaidN, Word
from ...figures import Held
from ...rules import RuleModule

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Mapping

    from ...features import Feature
    from ...figures import Figure
    from ...scoring import Scoring
    from ...state import GameState

__all__ = [
    "KingRobberRules",
    "TOKENS",
    "KingRobberState",
    "holder",
    "to_beat",
    "city_of_carcassonne_on_board",
]

#: feature kind -> (figure id, the token's name, rule of the award, rule of the end, size word,
#: comparison word, annotations of the award)
TOKENS: dict[str, tuple[str, str, str, str, str, str]] = {
    "city": ("king", "the King", "king.award", "king.final", "city", "larger"),
    "road": ("robber-baron", "the Robber Baron", "robber.award", "robber.final", "road", "longer"),
}

#: the footnotes behind an award: tiles not points (ckr-35); a three-ended road's length (ckr-41)
_AWARD_NOTES = {"city": ("ckr-35",), "road": ("ckr-35", "ckr-41")}

#: how many tiles the City of Carcassonne has (the Count's start block)
CITY_OF_CARCASSONNE_TILES = 12


def holder(state: GameState, figure_id: str) -> str | None:
    """The player holding a token, or None while it is set aside."""
    loc = state.figures[figure_id].location
    return loc.player if isinstance(loc, Held) else None


@dataclass(slots=True)
class KingRobberState:
    """What the module keeps between turns (``state.ext["king-robber"]``)."""

    #: feature kind ("city", "road") -> the tiles of the biggest one completed so far (0: none
    #: yet); a completed one must have more to take the token
    record: dict[str, int]


def to_beat(state: GameState, kind: str) -> int:
    """The tiles a completed ``kind`` ("city" for the King, "road" for the Robber Baron) must
    exceed to take its token: the biggest completed so far, 0 while none has been (and without
    the module)."""
    ext = state.ext.get(KingRobberRules.id)
    return ext.record.get(kind, 0) if ext is not None else 0


def city_of_carcassonne_on_board(state: GameState) -> bool:
    """Whether the City of Carcassonne (the Count's start block, tiles tagged
    ``city-of-carcassonne``) lies on the board."""
    return any("city-of-carcassonne" in t.type.tags for t in state.board)


class KingRobberRules(RuleModule):
    id = "king-robber"
    title = "King & Robber Baron"
    tile_sets = ("king-robber",)
    options = ("king.scoring", "king.city-of-carcassonne")
    #: the tokens go with completed cities and roads only (after_scoring's first test): the
    #: scoring pipeline does not call the hook for a cloister or a farm
    scores_feature_kinds = MappingProxyType({"after_scoring": frozenset(TOKENS)})
    rules = {
        "king.award": "The first player to complete a city takes the King; after that, whoever completes a "
        "city of more tiles than any completed before takes it (tiles count, not points; an equal city "
        "does not).",
        "king.final": "After the game, the King's holder scores 1 point for every completed city on the board "
        "(the City of Carcassonne included).",
        "robber.award": "The first player to complete a road takes the Robber Baron; after that, whoever "
        "completes a road of more tiles than any completed before takes it.",
        "robber.final": "After the game, the Robber Baron's holder scores 1 point for every completed road on "
        "the board.",
    }

    def __init__(self, values: Mapping[str, Any] | None = None) -> None:
        super().__init__(values)
        # asked at every completed city or road: each option read once, when the module is made
        self._running_bonus = self.option("king.scoring") in ("running-bonus", "running-bonus-only")
        self._sets_the_bar = self.option("king.city-of-carcassonne") == "sets-the-bar"

    # -- set-up -----------------------------------------------------------------------------
    def setup(self, state: GameState) -> None:
        state.add_neutral_figure("king")
        state.add_neutral_figure("robber-baron")
        # the longest completed city / road so far, in tiles (0: none yet)
        record = {"city": 0, "road": 0}
        if self._sets_the_bar and city_of_carcassonne_on_board(state):
            record["city"] = CITY_OF_CARCASSONNE_TILES
        state.ext[self.id] = KingRobberState(record)
        if record["city"]:
            text = Said(
                msg="The King and the Robber Baron are set aside. The City of Carcassonne counts "
                "as a completed city of {n} tiles: only a larger completed city will take the King.",
                n=CITY_OF_CARCASSONNE_TILES,
            )
            state.emit(
                "tokens-set-aside",
                rule="king.award",
                text=text,
                options=("king.city-of-carcassonne",),
                annotations=("ckr-1",),
            )
        else:
            state.emit(
                "tokens-set-aside",
                rule="king.award",
                text=Said(
                    msg="The King and the Robber Baron are set aside: the first player to complete "
                    "a city takes the King, the first to complete a road the Robber Baron."
                ),
            )

    # -- 3B ---------------------------------------------------------------------------------
    def after_scoring(self, state: GameState, scoring: Scoring) -> None:
        feature = scoring.feature
        # (a city or road is complete when no end is open: Feature.complete without its call)
        if scoring.final or feature.kind not in TOKENS or feature.open_edges:
            return
        turn = state.turn
        assert turn is not None
        self._award(state, feature, turn.player)
        if self._running_bonus:
            self._bonus(state, feature)

    def _award(self, state: GameState, feature: Feature, player: str) -> None:
        kind = feature.kind
        record = state.ext[self.id].record
        if (
            self._sets_the_bar
            and kind == "city"
            and record["city"] < CITY_OF_CARCASSONNE_TILES
            and city_of_carcassonne_on_board(state)
        ):
            # the City laid after the set-up (the river-first house rule of The River II)
            record["city"] = CITY_OF_CARCASSONNE_TILES
        best = record[kind]
        size = feature.size
        if size < best:
            return  # smaller than the record (most completions): nothing to say, nothing made
        fid, name, rule, _, word, more = TOKENS[kind]
        token = state.figures[fid]
        before = holder(state, fid)
        notes = _AWARD_NOTES[kind]
        this = SaidN(
            msg="a {word} of {n} tile", plural="a {word} of {n} tiles", n=size, word=Word(word)
        )
        token_name, more_word = Word(name), Word(more)
        if size > best:
            record[kind] = size
            if before is None and best == 0:
                text = Said(
                    msg="{player} completes the first {word} of the game ({this}), so {player} "
                    "takes {token}.",
                    player=player,
                    word=Word(word),
                    this=this,
                    token=token_name,
                )
                self._move(state, token, player, rule, text, notes)
            elif before is None:  # only the City of Carcassonne came before (an option)
                text = Said(
                    msg="{player} completes {this}, larger than the City of Carcassonne's {n}, "
                    "so {player} takes {token}.",
                    player=player,
                    this=this,
                    n=CITY_OF_CARCASSONNE_TILES,
                    token=token_name,
                )
                self._move(
                    state,
                    token,
                    player,
                    rule,
                    text,
                    notes + ("ckr-1",),
                    options=("king.city-of-carcassonne",),
                )
            elif before != player:
                text = SaidN(
                    msg="{player} completes {this}, {more} than the {n} tile of the biggest "
                    "completed so far: {token} passes from {before} to {player}.",
                    plural="{player} completes {this}, {more} than the {n} tiles of the biggest "
                    "completed so far: {token} passes from {before} to {player}.",
                    n=best,
                    player=player,
                    this=this,
                    more=more_word,
                    token=token_name,
                    before=before,
                )
                self._move(state, token, player, rule, text, notes)
            else:
                state.emit(
                    "token-kept",
                    player=player,
                    rule=rule,
                    text=SaidN(
                        msg="{player} completes {this}, beating their own record of {record}: "
                        "{player} keeps {token}, and a {word} must now have more than {n} tile "
                        "to take it.",
                        plural="{player} completes {this}, beating their own record of {record}: "
                        "{player} keeps {token}, and a {word} must now have more than {n} tiles "
                        "to take it.",
                        n=size,
                        player=player,
                        this=this,
                        record=SaidN(msg="{n} tile", plural="{n} tiles", n=best),
                        token=token_name,
                        word=Word(word),
                    ),
                    feature=feature.id,
                    nodes=tuple(feature.nodes),
                    annotations=notes,
                    data={"token": fid, "size": size, "record": best},
                )
        elif size == best and best:
            keeper = before or Said(msg="nobody (the City of Carcassonne set the bar)")
            state.emit(
                "token-kept",
                player=player,
                rule=rule,
                text=Said(
                    msg="{player} completes {this}, as big as the biggest so far but not {more}: "
                    "{token} stays with {keeper}.",
                    player=player,
                    this=this,
                    more=more_word,
                    token=token_name,
                    keeper=keeper,
                ),
                feature=feature.id,
                nodes=tuple(feature.nodes),
                annotations=notes,
                data={"token": fid, "size": size, "record": best},
            )

    def _move(
        self,
        state: GameState,
        token: Figure,
        player: str,
        rule: str,
        text: Any,
        notes: tuple[str, ...],
        *,
        options: tuple[str, ...] = (),
    ) -> None:
        state.move_figure(
            token, Held(player), rule=rule, text=text, annotations=notes, options=options
        )

    def _bonus(self, state: GameState, feature: Feature) -> None:
        """The running bonus (house rule): 1 point to the token's holder at each completion."""
        fid, name, rule, _, word, _ = TOKENS[feature.kind]
        who = holder(state, fid)
        if who is None:
            return
        state.award(
            who,
            1,
            rule=rule,
            text=SaidN(
                msg="{player} holds {token}: 1 bonus point for the completed {word} of {n} tile "
                "(house rule).",
                plural="{player} holds {token}: 1 bonus point for the completed {word} of {n} "
                "tiles (house rule).",
                n=feature.size,
                player=who,
                token=Word(name),
                word=Word(word),
            ),
            breakdown=(
                (
                    Said(
                        msg="{token} held while a {word} is completed",
                        token=Word(name),
                        word=Word(word),
                    ),
                    1,
                ),
            ),
            feature=feature,
            options=("king.scoring",),
        )

    # -- after the game ---------------------------------------------------------------------
    def final_scoring(self, state: GameState) -> None:
        how = self.option("king.scoring")
        king, robber = holder(state, "king"), holder(state, "robber-baron")
        if how == "flat-15-40" and king is not None and king == robber:
            state.award(
                king,
                40,
                rule="king.final",
                text=Said(
                    msg="{player} holds both the King and the Robber Baron: 40 points (house rule).",
                    player=king,
                ),
                breakdown=(
                    (Word("the King"), 15),
                    (Word("the Robber Baron"), 15),
                    (Said(msg="holding both"), 10),
                ),
                options=("king.scoring",),
            )
            return
        completed: dict[str, int] | None = None  # (both kinds counted in one walk, if asked)
        for kind in ("city", "road"):
            fid, name, _, rule, word, _ = TOKENS[kind]
            who = holder(state, fid)
            if who is None:
                state.emit(
                    "token-unclaimed",
                    rule=rule,
                    text=Said(
                        msg="Nobody holds {token}: no {word} was completed during the game.",
                        token=Word(name),
                        word=Word(word),
                    ),
                )
                continue
            if how in ("flat-10", "flat-15-40"):
                points = 10 if how == "flat-10" else 15
                state.award(
                    who,
                    points,
                    rule=rule,
                    text=Said(
                        msg="{player} holds {token}: {points} points (house rule), no counting.",
                        player=who,
                        token=Word(name),
                        points=points,
                    ),
                    breakdown=((Word(name), points),),
                    options=("king.scoring",),
                )
                continue
            if how == "running-bonus-only":
                state.emit(
                    "token-kept",
                    player=who,
                    rule=rule,
                    text=Said(
                        msg="{player} holds {token} at the end; under this reading of the "
                        "running-bonus house rule the bonus points earned during the game replace "
                        "the count of completed features, so nothing more is scored.",
                        player=who,
                        token=Word(name),
                    ),
                    options=("king.scoring",),
                )
                continue
            if completed is None:
                completed = _completed(state)
            self._count(state, kind, who, how, completed[kind])

    def _count(self, state: GameState, kind: str, who: str, how: str, done: int) -> None:
        """``done``: the completed features of the token's kind on the board."""
        fid, name, _, rule, word, _ = TOKENS[kind]
        parts: list[tuple[Any, int]] = []
        if done and kind == "city":
            row = SaidN(msg="{n} completed city × 1", plural="{n} completed cities × 1", n=done)
            parts.append((row, done))
        elif done:
            row = SaidN(msg="{n} completed road × 1", plural="{n} completed roads × 1", n=done)
            parts.append((row, done))
        notes: tuple[str, ...] = ()
        if kind == "city" and city_of_carcassonne_on_board(state):
            parts.append((Said(msg="the City of Carcassonne, a completed city × 1"), 1))
            notes = ("ckr-1",)
        points = sum(p for _, p in parts)
        if points <= 0:  # pragma: no cover - a holder always has the feature that gave it
            return
        changed = ("king.scoring",) if how != "per-feature" else ()
        state.award(
            who,
            points,
            rule=rule,
            text=Said(
                msg="{player} holds {token}: 1 point for every completed {word} on the board, "
                "{points}.",
                player=who,
                token=Word(name),
                word=Word(word),
                points=SaidN(msg="{n} point", plural="{n} points", n=points),
            ),
            breakdown=tuple(parts),
            annotations=notes,
            options=changed,
        )


def _completed(state: GameState) -> dict[str, int]:
    """How many cities and roads on the board are completed: one walk over every feature of
    the board for both tokens' counts after the game."""
    cities = roads = 0
    for f in state.board.features.features():
        # (a city or road is complete when no end is open: Feature.complete without its call.
        # Asked first: fields, cloisters and completed features have none, and the kind is
        # then compared only with constants, not looked up in a dict; about 115 k
        # instructions a call became 79 k in callgrind on a ten-module game's final board)
        if not f.open_edges:
            kind = f.kind
            if kind == "city":
                cities += 1
            elif kind == "road":
                roads += 1
    return {"city": cities, "road": roads}
