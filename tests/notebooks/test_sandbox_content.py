"""The hand-built board of the tiles-and-features walkthrough: where the player of the last tile
may put a follower (the engine's own deployment options), rewriting that move, and who would
score each occupied open feature if the game ended now (the engine's scoring after the game,
on a copy of the state)."""

from __future__ import annotations

from carc_teach import teach

ALICE_ROAD = [{"tile": "V", "x": 1, "y": 0, "rotation": 0}]


def _game(moves):
    return teach.sandbox_game(moves, teach.SANDBOX_PLAYERS)


def test_no_spots_before_the_first_tile():
    assert teach.follower_spots(_game([])) == []
    assert teach.with_follower([], "road") == []


def test_spots_are_the_free_segments_of_the_last_tile():
    spots = dict(teach.follower_spots(_game(ALICE_ROAD)))
    assert set(spots) == {"road", "field-outer", "field-inner"}
    # named in words, by where the segment lies on the tile (V turned 0°: a bend west to
    # south, its small field in the south-west corner), never by its id
    assert spots["road"] == "the tile's road, in the road of 2 tiles"
    assert spots["field-inner"] == "the tile's south-west field, in the farm of 2 tiles"
    assert spots["field-outer"] == "the tile's north-east field, in the farm of 2 tiles"


def test_a_follower_rewrites_the_last_move_and_can_be_taken_back():
    moves = teach.with_follower(ALICE_ROAD, "road")
    assert moves[-1]["deploy"] == {"figure": "follower", "segment": "road"}
    assert ALICE_ROAD[-1].get("deploy") is None, "the learner's list is not changed in place"
    assert "deploy" not in teach.with_follower(moves, None)[-1]
    game = _game(moves)
    deployed = [e for e in game.events if e.kind == "figure-deployed"]
    assert [e.player for e in deployed] == ["Alice"]
    # the spot taken stays on offer (the choice can change), the tile's others too
    assert "road" in dict(teach.follower_spots(game))


def test_an_occupied_feature_is_not_offered_to_the_next_player():
    moves = teach.with_follower(ALICE_ROAD, "road")
    # Bob extends the same road southwards with a straight road: only its fields are free
    moves = [*moves, {"tile": "U", "x": 1, "y": 1, "rotation": 0}]
    spots = dict(teach.follower_spots(_game(moves)))
    assert spots and not any("road" in label for label in spots.values())


def test_who_would_score_an_open_road():
    game = _game(teach.with_follower(ALICE_ROAD, "road"))
    assert teach.would_score(game.state) == [
        {
            "feature": "the incomplete road of 2 tiles",
            "followers": "Alice 1",
            "majority": "Alice",
            "points": "Alice 2",
        }
    ]
    # the real state is untouched: nothing scored, the follower still stands
    assert game.state.scores == {"Alice": 0, "Bob": 0}
    assert teach.would_score(game.state)[0]["points"] == "Alice 2"


def test_nobody_would_score_without_followers():
    assert teach.would_score(_game(ALICE_ROAD).state) == []


def test_follower_spots_are_named_in_the_page_language():
    english = teach.follower_spots(_game(ALICE_ROAD), "en")
    for lang, words in (("it", "nell'elemento: "), ("cs", "v území: ")):
        said = teach.follower_spots(_game(ALICE_ROAD), lang)
        assert [s for s, _ in said] == [s for s, _ in english]
        assert all(words in label for _, label in said), said
    assert dict(english)["road"] == "the tile's road, in the road of 2 tiles"
