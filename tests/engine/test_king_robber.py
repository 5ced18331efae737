"""King & Robber Baron: one scenario per outcome-deciding footnote (ckr-35, ckr-38 / ckr1e-4 /
ckr1e-6 = ckr-1, ckr-41), the house rules of seed 002 (king.scoring), and properties over
random games. Scores are computed by hand in the comments.

Board of most scenarios: the start tile D at (0, 0) (city cap north, road west-east)."""

from __future__ import annotations

import random
import re

import pytest
from engine_helpers import game_dict
from invariants import check_game

from carc_teach.controllers import GreedyController, RandomController
from carc_teach.errors import GameFileError
from carc_teach.figures import Held
from carc_teach.game import Game
from carc_teach.gamefile import load_game
from carc_teach.setup import Setup
from carc_teach.turn import play


def mv(tile, x, y, rotation, *actions):
    return {"tile": tile, "x": x, "y": y, "rotation": rotation, "actions": list(actions)}


def follower(segment):
    return {"type": "deploy", "figure": "follower", "segment": segment}


def kr_game(moves, expansions=("base", "king-robber"), options=None, final_scoring=None):
    d = game_dict(moves, expansions=list(expansions), final_scoring=final_scoring)
    d["version"] = 2
    if options:
        d["setup"]["rules"] = {"options": options}
    return load_game(d)


def holder(game, token):
    loc = game.state.figures[token].location
    return loc.player if isinstance(loc, Held) else None


def rule_events(game, prefix):
    return [e for e in game.events if e.rule and e.rule.startswith(prefix)]


# --------------------------------------------------------------------------- the King


def test_the_first_completed_city_gives_the_king_to_whoever_closes_it_even_with_nobody_in_it():
    # Alice closes D's city with a cap (2 tiles, nobody in it): no points, but the King.
    game = kr_game([mv("E", 0, -1, 180)], final_scoring=True)
    assert holder(game, "king") == "Alice" and holder(game, "robber-baron") is None
    moved = next(e for e in game.events if e.kind == "figure-moved")
    assert moved.rule == "king.award" and "first city" in moved.text
    assert moved.data["to"] == {"held": "Alice"}
    # after the game: 1 completed city -> Alice 1; nobody holds the Robber Baron
    finals = [e for e in game.events if e.kind == "points"]
    assert [(e.player, e.points, e.rule) for e in finals] == [("Alice", 1, "king.final")]
    assert any(e.kind == "token-unclaimed" and e.rule == "robber.final" for e in game.events)
    assert game.scores == {"Alice": 1, "Bob": 0}


# Three cities south of D. Row y=1: a 3-tile city with a pennant (cap, F, cap) closed by Alice.
# Row y=2: a 3-tile city without pennants (cap, G, cap) closed by Bob. East of them a ring of
# four corners (4 tiles, no pennant) closed by Bob with nobody in it.
CITY_ROWS = [
    mv("E", 0, 1, 270, follower("city")),  # 1 Alice: knight
    mv("F", -1, 1, 0),  # 2 Bob
    mv("E", -2, 1, 90),  # 3 Alice closes: 3 tiles + 1 pennant = 8 for Alice; King to Alice
    mv("E", 0, 2, 270, follower("city")),  # 4 Bob: knight
    mv("G", -1, 2, 0),  # 5 Alice
    mv("E", -2, 2, 90),  # 6 Bob closes: 3 tiles = 6 for Bob; as big, not bigger
    mv("N", 1, 1, 180),  # 7 Alice
    mv("N", 2, 1, 270),  # 8 Bob
    mv("N", 1, 2, 90),  # 9 Alice
    mv("P", 2, 2, 0),  # 10 Bob closes the ring: 4 tiles, nobody in it; King to Bob
]


def test_ckr_35_the_king_goes_by_tiles_not_points_and_an_equal_city_does_not_take_it():
    game = kr_game(CITY_ROWS[:6])
    points = [(e.player, e.points, e.rule) for e in game.events if e.kind == "points"]
    assert points == [("Alice", 8, "base.city.score"), ("Bob", 6, "base.city.score")]
    # Bob's 3-tile city equals Alice's 3 tiles: the King stays with Alice
    assert holder(game, "king") == "Alice"
    kept = [e for e in game.events if e.kind == "token-kept"]
    assert len(kept) == 1 and "stays with Alice" in kept[0].text and kept[0].player == "Bob"
    assert "ckr-35" in kept[0].annotations
    # the ring of 4 tiles is worth 8, no more than Alice's 8-point city, and scores nobody;
    # it is larger in tiles, so the King passes to Bob, who placed its last tile
    game = kr_game(CITY_ROWS, final_scoring=True)
    assert holder(game, "king") == "Bob"
    moved = [e for e in game.events if e.kind == "figure-moved" and e.rule == "king.award"]
    assert [e.data["to"] for e in moved] == [{"held": "Alice"}, {"held": "Bob"}]
    assert "passes from Alice to Bob" in moved[1].text and "4 tiles" in moved[1].text
    assert any(e.kind == "no-score" for e in game.events)
    # after the game Bob holds the King: 3 completed cities = 3
    final = [e for e in game.events if e.rule == "king.final"]
    assert [(e.player, e.points) for e in final] == [("Bob", 3)]
    assert game.scores == {"Alice": 8, "Bob": 9}


def test_the_holder_beating_their_own_record_keeps_the_king_and_raises_the_bar():
    # Alice closes a 2-tile city (King), then a 3-tile one herself: she keeps it, bar at 3
    moves = [
        mv("E", 0, -1, 180),  # 1 Alice: 2-tile city, King to Alice
        mv("E", 0, 1, 270),  # 2 Bob
        mv("F", -1, 1, 0),  # 3 Alice
        mv("U", 1, 0, 90),  # 4 Bob
        mv("E", -2, 1, 90),  # 5 Alice closes 3 tiles
    ]
    game = kr_game(moves)
    assert holder(game, "king") == "Alice"
    kept = [e for e in game.events if e.kind == "token-kept"]
    assert len(kept) == 1 and "own record" in kept[0].text and "3 tiles" in kept[0].text


def test_ckr_5_of_king_robber_two_cities_on_kr5_join_into_one():
    # KR-5 west of D's north city is not needed: here its west-east city joins two caps and
    # its north-south city stays open; the two segments are separate features.
    moves = [mv("KR-5", 0, -1, 0)]
    game = kr_game(moves)
    f = game.state.board.features
    assert f.feature_of((0, -1, "city-ns")) is not f.feature_of((0, -1, "city-we"))
    assert f.feature_of((0, -1, "city-ns")) is f.feature_of((0, 0, "city"))


# --------------------------------------------------------------------------- the Robber Baron

# The house-rule scenarios: Alice closes D's city (2 tiles); Bob lays a crossing east of D;
# the player of move 3 closes D's road with a crossing west of it (3 tiles).
TWO_TOKENS = [mv("E", 0, -1, 180), mv("W", 1, 0, 0), mv("X", -1, 0, 0)]


def test_the_first_completed_road_gives_the_robber_baron_and_a_longer_one_takes_it():
    moves = TWO_TOKENS + [
        # Bob: a road from X's north end: V bend at (-1,-1), then closed by a crossing
        mv("V", -1, -1, 0),  # Bob: road from the south turning west
        mv("W", -2, -1, 0),  # Alice: a crossing closes X, V, W: 3 tiles, equal
        mv("U", 2, 0, 90),  # Bob extends W's east road
        mv("U", 3, 0, 90),  # Alice
        mv("U", 4, 0, 90),  # Bob
        mv("A", 5, 0, 90),  # Alice closes W-U-U-U-A: 5 tiles, longer: she keeps it
    ]
    game = kr_game(moves)
    robber = [e for e in game.events if e.rule == "robber.award"]
    assert robber[0].kind == "figure-moved" and robber[0].data["to"] == {"held": "Alice"}
    assert "first road" in robber[0].text and "3 tiles" in robber[0].text
    assert robber[1].kind == "token-kept" and "stays with Alice" in robber[1].text
    assert robber[2].kind == "token-kept" and "own record" in robber[2].text
    assert holder(game, "robber-baron") == "Alice"


# ckr-41 (= ckr1e-5, footnote 5 of seed 002) with the real Abbey & Mayor module: Bob closes
# D's road between two crossings (W, D, W: 3 tiles, the Robber Baron). Further south, Abbey &
# Mayor's AM-11 branches three ways at a well: its north branch ends at the cloister A, its west
# and east branches at two more crossings. The road covers 4 tiles, although no path between two
# of its ends is longer than 3 (A, AM-11, W or W, AM-11, W).
THREE_ENDED_ROAD = [
    mv("W", -1, 0, 0),  # 1 Alice: crossing west of D
    mv("W", 1, 0, 0),  # 2 Bob: crossing east of D closes W-D-W, 3 tiles: Robber Baron to Bob
    mv("A", 0, 1, 0),  # 3 Alice: a cloister below D, its road leaving south
    mv("AM-11", 0, 2, 0),  # 4 Bob: roads north, east and west
    mv("W", -1, 2, 0),  # 5 Alice: the west end
    mv("U", -2, 0, 90),  # 6 Bob: elsewhere
    mv("W", 1, 2, 0),  # 7 Alice: the east end -> a completed road of 4 tiles
]


def test_ckr_41_a_three_ended_road_counts_every_tile_it_covers():
    """ckr-41 (seed 002 footnote 5): the length of a road with three ends is every tile it
    covers. With the real Abbey & Mayor module, AM-11's road of 4 tiles takes the Robber Baron
    from Bob's 3-tile road; measured along its longest path (3 tiles) it would not."""
    game = kr_game(
        THREE_ENDED_ROAD, expansions=("base", "abbey-mayor", "king-robber"), final_scoring=True
    )
    robber = [e for e in game.events if e.rule == "robber.award"]
    assert [e.data["to"] for e in robber] == [{"held": "Bob"}, {"held": "Alice"}]
    assert "first road of the game (a road of 3 tiles)" in robber[0].text
    assert "a road of 4 tiles, longer than the 3 tiles" in robber[1].text
    assert "passes from Bob to Alice" in robber[1].text
    assert "ckr-41" in robber[1].annotations
    road = game.state.board.features.feature_of((0, 2, "road"))
    assert road.complete and road.size == 4
    # nobody had a follower on either road; after the game Alice scores 1 per completed road
    assert [(e.player, e.points) for e in game.events if e.kind == "points"] == [("Alice", 2)]
    assert game.scores == {"Alice": 2, "Bob": 0}


# --------------------------------------------------------------------------- house rules


@pytest.mark.parametrize(
    ("value", "third", "scores", "notes"),
    [
        # 1 completed city + 1 completed road, both tokens with Alice
        ("per-feature", "Alice", {"Alice": 2, "Bob": 0}, ()),
        ("flat-10", "Alice", {"Alice": 20, "Bob": 0}, ("house-king-flat-10",)),
        ("flat-10", "Bob", {"Alice": 10, "Bob": 10}, ("house-king-flat-10",)),
        ("flat-15-40", "Alice", {"Alice": 40, "Bob": 0}, ("house-king-flat-15",)),
        ("flat-15-40", "Bob", {"Alice": 15, "Bob": 15}, ("house-king-flat-15",)),
        # running bonus: 1 per completion to the holder (the handing-over one included),
        # plus the usual count at the end (carc_teach's reading) ...
        ("running-bonus", "Alice", {"Alice": 4, "Bob": 0}, ("house-king-running-bonus",)),
        ("running-bonus", "Bob", {"Alice": 2, "Bob": 2}, ("house-king-running-bonus",)),
        # ... or instead of it (the other reading)
        ("running-bonus-only", "Alice", {"Alice": 2, "Bob": 0}, ("house-king-running-bonus",)),
    ],
)
def test_house_rules_of_seed_002_king_scoring(value, third, scores, notes):
    moves = [dict(m) for m in TWO_TOKENS]
    if third == "Bob":  # Bob closes the road instead: Alice plays the crossing east of D
        moves = [TWO_TOKENS[0], mv("B", 0, 1, 0), mv("W", 1, 0, 0), mv("X", -1, 0, 0)]
    game = kr_game(moves, options={"king.scoring": value}, final_scoring=True)
    assert game.scores == scores
    for e in game.events:
        if e.kind == "points" and value != "per-feature":
            assert "king.scoring" in e.options
            assert all(n in e.annotations for n in notes)


def test_final_counts_only_completed_features_including_unoccupied_ones():
    game = kr_game(CITY_ROWS, final_scoring=True)
    cities = [f for f in game.state.board.features.features() if f.kind == "city" and f.complete]
    assert len(cities) == 3
    final = next(e for e in game.events if e.rule == "king.final")
    assert final.breakdown == (("3 completed cities × 1", 3),)


# --------------------------------------------------------------------------- City of Carcassonne


def test_ckr_38_the_city_of_carcassonne_counts_for_the_kings_holder():
    """ckr-38 (= ckr-1, ckr1e-4, ckr1e-6; 11/2013): the City of Carcassonne is a completed city
    when the King's holder scores: one point more. It gives nobody the King and sets no size
    record (option king.city-of-carcassonne, the project's reading)."""
    game = _count_game({})
    assert holder(game, "king") == "Alice"
    final = next(e for e in game.events if e.rule == "king.final")
    assert final.points == 2 and "ckr-1" in final.annotations
    assert ("the City of Carcassonne, a completed city × 1", 1) in final.breakdown


def test_ckr_38_other_reading_the_city_of_carcassonne_sets_the_bar_at_12_tiles():
    game = _count_game({"king.city-of-carcassonne": "sets-the-bar"})
    assert holder(game, "king") is None
    kept = [e for e in game.events if e.kind == "token-kept"]
    assert not kept  # a 2-tile city is smaller than 12: no event, no King
    assert any("12 tiles" in e.text for e in game.events if e.kind == "tokens-set-aside")


# With the Count in play (the City of Carcassonne as start block): Alice's knight on CC-12's
# east cap, which Bob closes (3 tiles, 6 points for Alice, the King for Bob); then Alice's
# knight in CC-9's south cap with a pennant (F), closed by Alice: 3 tiles worth 8, more points
# but not more tiles, so the King stays with Bob.
KING_WITH_THE_COUNT = [
    mv("G", 2, 1, 0, follower("city")),  # 1 Alice
    mv("E", 3, 1, 270),  # 2 Bob closes 3 tiles: Alice 6, the King to Bob
    mv("F", -2, 2, 90, follower("city")),  # 3 Alice
    mv("U", 0, 2, 0),  # 4 Bob: the blacksmith's road goes on south
    mv("E", -2, 3, 0),  # 5 Alice closes 3 tiles with a pennant: Alice 8, the King stays
]


def test_ckr_38_ckr1e_1_4_6_with_the_count_in_play_the_king_goes_by_tiles_and_counts_the_city():
    """Seed 002 footnotes 1, 4 and 6 (ckr-35, ckr-1 = ckr-38, November 2013) with the real
    Count module: the King goes to whoever places the last tile of the first completed city
    (Bob, with nobody of his in it), an 8-point city of the same 3 tiles does not take it, and
    after the game the King's holder counts the City of Carcassonne as one more completed
    city: 2 + 1 = 3 points for Bob."""
    game = kr_game(
        KING_WITH_THE_COUNT, expansions=("base", "count", "king-robber"), final_scoring=True
    )
    assert any(e.kind == "count-setup" for e in game.events)
    award = [e for e in game.events if e.rule == "king.award" and e.kind != "tokens-set-aside"]
    assert [e.kind for e in award] == ["figure-moved", "token-kept"]
    assert award[0].data["to"] == {"held": "Bob"} and "first city" in award[0].text
    assert "as big as the biggest so far but not larger" in award[1].text
    assert "stays with Bob" in award[1].text and "ckr-35" in award[1].annotations
    scored = [(e.player, e.points, e.rule) for e in game.events if e.kind == "points"]
    assert scored == [
        ("Alice", 6, "base.city.score"),
        ("Alice", 8, "base.city.score"),
        ("Bob", 3, "king.final"),
    ]
    final = next(e for e in game.events if e.rule == "king.final")
    assert final.breakdown == (
        ("2 completed cities × 1", 2),
        ("the City of Carcassonne, a completed city × 1", 1),
    )
    assert "ckr-1" in final.annotations
    assert game.scores == {"Alice": 14, "Bob": 3}


def _count_game(options):
    # the City of Carcassonne: its south-west corner CC-9 shows a city cap on its south edge
    # (see docs/tiles.md); Alice closes it with a cap from below: 2 tiles.
    d = game_dict(
        [mv("E", -2, 2, 0)], expansions=["base", "count", "king-robber"], final_scoring=True
    )
    d["version"] = 2
    if options:
        d["setup"]["rules"] = {"options": options}
    return load_game(d)


# --------------------------------------------------------------------------- bad input


def test_an_unknown_scoring_value_is_a_game_file_error():
    with pytest.raises(GameFileError) as err:
        kr_game([], options={"king.scoring": "flat-20"})
    assert err.value.field == "setup.rules.options" and "flat-20" in str(err.value)


# --------------------------------------------------------------------------- random games


def play_random(seed, expansions, options=None, player="random", players=2):
    names = ("Alice", "Bob", "Carol", "Dave")[:players]
    setup = Setup(
        players=names,
        expansions=tuple(expansions),
        seed=seed,
        rules={"options": options} if options else {},
    )
    rng = random.Random(f"carc-teach:{seed}")
    controller = GreedyController(rng) if player == "greedy" else RandomController(rng)
    state = play(setup, controller)
    return Game.from_played(setup, controller.moves, state)


def check_invariants(game):
    check_game(game)
    for fig in game.state.figures.values():
        if fig.kind in ("king", "robber-baron"):  # set aside or held, never in a feature
            assert fig.location is None or isinstance(fig.location, Held), fig


def check_king_and_robber(game):
    """The King is with the player who first completed a city of the largest size, the
    Robber Baron likewise for roads."""
    for kind, token in (("city", "king"), ("road", "robber-baron")):
        done = [
            (e.player, len({(x, y) for x, y, _ in e.nodes}))
            for e in game.events
            if e.kind == "feature-completed" and e.data.get("kind") == kind
        ]
        if not done:
            assert holder(game, token) is None
            continue
        best = max(size for _, size in done)
        first = next(p for p, size in done if size == best)
        assert holder(game, token) == first, (kind, done)


@pytest.mark.parametrize("start", range(0, 300, 60))
def test_random_games_keep_the_invariants_and_the_tokens_with_the_biggest(start):
    values = ("per-feature", "flat-10", "flat-15-40", "running-bonus", "running-bonus-only")
    for seed in range(start, start + 60):
        game = play_random(
            seed,
            ("base", "king-robber"),
            {"king.scoring": values[seed % len(values)]},
            players=2 + seed % 3,
        )
        assert game.state.over
        check_invariants(game)
        check_king_and_robber(game)


@pytest.mark.parametrize("seed", range(0, 40, 5))
def test_greedy_games_replay_from_their_files(seed):
    game = play_random(seed, ("base", "king-robber"), player="greedy")
    check_invariants(game)
    check_king_and_robber(game)
    again = load_game(game.to_json())
    assert [e.to_json() for e in again.events] == [e.to_json() for e in game.events]


@pytest.mark.parametrize("seed", range(6))
def test_checkpointed_replay_equals_a_replay_from_the_start(seed):
    from carc_teach.controllers import MoveListController

    game = play_random(seed, ("base", "king-robber"), {"king.scoring": "running-bonus"})
    file_game = Game(game.setup, game.moves)
    assert [e.to_json() for e in file_game.events] == [e.to_json() for e in game.events]
    rng = random.Random(seed)
    for k in rng.sample(range(len(game.events) - 1), 3):
        fast = file_game.replay(until=k)
        slow = play(game.setup, MoveListController(game.moves), until=k)
        assert fast.snapshot() == slow.snapshot()
        assert fast.clone().snapshot() == slow.snapshot()


@pytest.mark.parametrize("seed", range(4))
def test_ckr_38_other_reading_the_bar_holds_for_a_city_laid_after_the_river(seed):
    """Under the river-first house rule (River II with the Count) the City of Carcassonne is laid
    once the river is done, after the set-up: from then on, under ``sets-the-bar``, only a
    completed city of more than 12 tiles takes the King."""
    options = {"river2.with-count": "river-first", "king.city-of-carcassonne": "sets-the-bar"}
    game = play_random(seed, ("base", "river2", "count", "king-robber"), options, "greedy")
    check_invariants(game)
    laid = next(e.index for e in game.events if e.kind == "count-city-laid")
    cities = [
        len({(x, y) for x, y, _ in e.nodes})
        for e in game.events[laid:]
        if e.kind == "feature-completed" and e.data.get("kind") == "city"
    ]
    assert cities and min(cities) <= 12  # smaller cities were completed after the City was laid
    for e in game.events[laid:]:
        if e.rule == "king.award" and e.kind == "figure-moved":
            size = int(re.search(r"a city of (\d+) tiles", e.text).group(1))
            assert size > 12, e.text
