"""Heretics & Shrines: one scenario per outcome-deciding footnote (ckr-43 to ckr-46, ckr-50,
ckr-51, ckr-55, ckr-56, ckr-57/58 (the challenge won), ckr-59 (data for the Count), ckr-62),
the final scoring of an open challenge, the house rules, the tile editions, bad input and
random games. Scores are computed by hand in the comments.

The start tile D lies at (0, 0): city cap north, road west-east, field south. SH-1 is a shrine
in a field, B a cloister in a field; E caps turned outwards and U roads fill the squares around.
"""

from __future__ import annotations

import pytest
from engine_helpers import game_dict
from test_king_robber import check_invariants, mv, play_random

from carc_teach import rules as rules_package
from carc_teach.errors import IllegalMoveError
from carc_teach.expansions.shrines.rules import open_challenges
from carc_teach.game import Game
from carc_teach.gamefile import load_game


def follower(segment):
    return {"type": "deploy", "figure": "follower", "segment": segment}


HERETIC, MONK = follower("shrine"), follower("cloister")


def sh_game(moves, options=None, final_scoring=None, expansions=("base", "shrines")):
    d = game_dict(moves, expansions=list(expansions), final_scoring=final_scoring)
    d["version"] = 2
    if options:
        d["setup"]["rules"] = {"options": options}
    return load_game(d)


def points(game):
    return [(e.player, e.points, e.rule) for e in game.events if e.kind == "points"]


def kinds(game, kind):
    return [e for e in game.events if e.kind == kind]


# The squares around (0, 1) and (0, 2), filled so that the building at (0, 1) is surrounded
# after the last of them (the one at (0, 2) then still lacks row y=3).
FILL_ROW_0_TO_2 = [
    mv("U", 1, 0, 90),
    mv("U", -1, 0, 90),
    mv("E", 1, 1, 90),
    mv("E", -1, 1, 270),
    mv("E", 1, 2, 90),
    mv("E", -1, 2, 270),
]


# --------------------------------------------------------------------------- placement limits


def test_ckr_43_a_shrine_may_not_have_two_cloisters_beside_it():
    moves = [mv("B", 0, 1, 0), mv("B", 1, 1, 0), mv("SH-1", 1, 2, 0)]
    with pytest.raises(IllegalMoveError) as err:
        sh_game(moves)
    assert "move 3" in str(err.value)
    assert "more than one cloister among its eight neighbours" in str(err.value)


def test_ckr_43_a_cloister_may_not_have_two_shrines_beside_it():
    moves = [
        mv("U", 1, 0, 90),
        mv("U", -1, 0, 90),
        mv("SH-1", -1, 1, 0),
        mv("SH-2", 1, 1, 180),
        mv("B", 0, 1, 0),  # between the two shrines
    ]
    with pytest.raises(IllegalMoveError, match="more than one shrine among its eight"):
        sh_game(moves)


def test_ckr_44_no_shrine_that_gives_a_cloister_a_second_shrine():
    # B at (0,1) already has the shrine at (-1,1); a shrine at (1,1) touches only that one
    # cloister itself, but would give it a second shrine
    moves = [mv("B", 0, 1, 0), mv("SH-1", -1, 1, 0), mv("SH-2", 1, 1, 90)]
    with pytest.raises(IllegalMoveError, match=r"cloister at \(0, 1\) already has the shrine"):
        sh_game(moves)
    # ... and the other way round: no cloister that gives a shrine a second cloister
    moves = [mv("SH-1", 0, 1, 0), mv("B", 1, 1, 0), mv("B", -1, 1, 0)]
    with pytest.raises(IllegalMoveError, match=r"shrine at \(0, 1\) already has the cloister"):
        sh_game(moves)


def test_ckr_43_a_legal_placement_lists_no_square_that_breaks_the_limit():
    game = sh_game([mv("B", 0, 1, 0), mv("B", 1, 1, 0)])
    shrine = game.state.tile_types["SH-1"]
    squares = {(p.x, p.y) for p in game.state.board.legal_placements(shrine)}
    assert (1, 2) not in squares and (0, 2) not in squares and (-1, 1) in squares


def test_ckr_46_house_rule_extra_buildings_allowed_but_they_stay_empty():
    moves = [mv("B", 0, 1, 0), mv("B", 1, 1, 0), mv("SH-1", 1, 2, 0)]
    options = {"shrine.placement-limit": "extra-if-empty"}
    game = sh_game(moves, options)
    flagged = kinds(game, "building-must-stay-empty")
    assert len(flagged) == 1 and "shrine.placement-limit" in flagged[0].options
    assert "ckr-46" in flagged[0].annotations
    # a heretic on it is refused, the field is not
    with pytest.raises(IllegalMoveError) as err:
        sh_game(moves[:2] + [mv("SH-1", 1, 2, 0, HERETIC)], options)
    assert "move 3" in str(err.value) and "segment shrine" in str(err.value)
    sh_game(moves[:2] + [mv("SH-1", 1, 2, 0, follower("field"))], options)


# --------------------------------------------------------------------------- heretics, challenges


def test_a_follower_on_a_shrine_is_a_heretic():
    game = sh_game([mv("SH-1", 0, 1, 0, HERETIC)])
    deployed = kinds(game, "figure-deployed")[0]
    assert deployed.rule == "shrine.deploy" and "a heretic" in deployed.text
    assert "the shrine at (0, 1)" in deployed.text


def test_a_heretic_next_to_an_unoccupied_cloister_starts_no_challenge():
    game = sh_game([mv("B", 0, 1, 0), mv("SH-1", 0, 2, 0, HERETIC)])
    assert not kinds(game, "challenge-started")
    assert open_challenges(game.state) == ()


def test_ckr_57_the_heretic_finishes_first_scores_9_and_the_monk_goes_home_with_nothing():
    """Alice's heretic (0,1), Bob's monk placed beside it (0,2): a challenge (ckr-50: the monk
    challenges the heretic). Bob lays the eighth tile around the shrine: Alice 9, Bob's monk
    goes home without points."""
    moves = [mv("SH-1", 0, 1, 0, HERETIC), mv("B", 0, 2, 0, MONK)] + FILL_ROW_0_TO_2
    game = sh_game(moves)
    started = kinds(game, "challenge-started")
    assert len(started) == 1 and "ckr-50" in started[0].annotations
    assert points(game) == [("Alice", 9, "shrine.as-cloister")]
    lost = kinds(game, "shrine-challenge-lost")[0]
    assert lost.rule == "shrine.challenge.resolve" and lost.data["loser"] == ["Bob"]
    back = [e for e in game.events if e.kind == "figure-returned"]
    assert [(e.player, e.rule) for e in back] == [
        ("Bob", "shrine.challenge.resolve"),
        ("Alice", "base.return"),
    ]
    assert game.scores == {"Alice": 9, "Bob": 0}
    assert not game.state.figures_on_board()


def test_ckr_59_the_loser_who_completed_the_rival_building_scored_nothing_in_a_scoring():
    """Alice's monk (0,1); Bob's heretic beside it (0,2) challenges it. Bob lays the last tile
    around Alice's cloister: she scores 9, Bob nothing. The event tells the Count that the
    active player lost and took part in no scoring (ckr-59: he may deploy to Carcassonne)."""
    moves = [mv("B", 0, 1, 0, MONK), mv("SH-1", 0, 2, 0, HERETIC)] + FILL_ROW_0_TO_2
    game = sh_game(moves)
    assert points(game) == [("Alice", 9, "base.cloister.score")]
    lost = kinds(game, "shrine-challenge-lost")[0]
    assert lost.data == {
        "winner": ["Alice"],
        "loser": ["Bob"],
        "active": "Bob",
        "active_lost": True,
        "scoring": False,
    }
    assert not [e for e in game.events if e.kind == "points" and e.player == "Bob"]


# Shrine (0,1) and cloister (1,1) share the squares (0,2) and (1,2); the road bends V there.
BOTH_AT_ONCE = [
    mv("SH-1", 0, 1, 0, HERETIC),  # 1 Alice
    mv("B", 1, 1, 0, MONK),  # 2 Bob: challenge
    mv("U", -1, 0, 90),
    mv("U", 1, 0, 90),
    mv("U", 2, 0, 90),
    mv("E", -1, 1, 270),
    mv("E", 2, 1, 90),
    mv("E", -1, 2, 270),
    mv("E", 2, 2, 90),
    mv("V", 0, 2, 270),
    mv("V", 1, 2, 0),  # 11 Alice: surrounds both buildings at once
]


def test_ckr_55_one_tile_completes_both_buildings_and_both_score():
    game = sh_game(BOTH_AT_ONCE)
    assert points(game) == [("Alice", 9, "shrine.as-cloister"), ("Bob", 9, "base.cloister.score")]
    drawn = kinds(game, "challenge-drawn")
    assert len(drawn) == 1 and "ckr-55" in drawn[0].annotations
    assert not kinds(game, "shrine-challenge-lost")


def test_ckr_51_challenging_ones_own_monk():
    moves = [
        mv("SH-1", 0, 1, 0, HERETIC),  # Alice
        mv("U", 1, 0, 90),  # Bob
        mv("B", 0, 2, 0, MONK),  # Alice challenges her own heretic
        mv("U", -1, 0, 90),
        mv("E", 1, 1, 90),
        mv("E", -1, 1, 270),
        mv("E", 1, 2, 90),
        mv("E", -1, 2, 270),  # Bob surrounds the shrine: Alice 9, her own monk goes home
    ]
    game = sh_game(moves)
    started = kinds(game, "challenge-started")[0]
    assert "ckr-51" in started.annotations and "oneself" in started.text
    assert points(game) == [("Alice", 9, "shrine.as-cloister")]
    assert kinds(game, "shrine-challenge-lost")[0].data["loser"] == ["Alice"]


def test_an_open_challenge_at_the_end_scores_both_buildings_as_unfinished():
    # shrine (0,1): D and B around it -> 1 + 2 = 3 for Alice; cloister (0,2): the shrine
    # around it -> 1 + 1 = 2 for Bob
    game = sh_game([mv("SH-1", 0, 1, 0, HERETIC), mv("B", 0, 2, 0, MONK)], final_scoring=True)
    assert [e.rule for e in kinds(game, "challenge-open")] == ["shrine.final"]
    assert points(game) == [("Alice", 3, "shrine.as-cloister"), ("Bob", 2, "base.final.cloister")]
    final = [e for e in game.events if e.kind == "points"][0]
    assert "the incomplete shrine at (0, 1)" in final.text


# The challenger (Bob, heretic at (0,2)) against Alice's monk (0,1); Alice lays the last tile
# around Bob's shrine (row y=3) while her cloister still lacks (-1,0) and (1,0).
CHALLENGER_WINS = [
    mv("B", 0, 1, 0, MONK),  # 1 Alice
    mv("SH-1", 0, 2, 0, HERETIC),  # 2 Bob: challenge (Bob is the challenger)
    mv("E", -1, 1, 270),
    mv("E", 1, 1, 90),
    mv("E", -1, 2, 270),
    mv("E", 1, 2, 90),
    mv("V", -1, 3, 270),
    mv("U", 0, 3, 90),
    mv("V", 1, 3, 0),  # 9 Alice: the shrine is surrounded; her cloister has 6 neighbours
]


@pytest.mark.parametrize(
    ("reward", "bob"),
    [
        ("standard", 9),
        # the house rule: Bob also scores Alice's unfinished cloister, 1 + 6 = 7
        ("winner-takes-both", 16),
        ("challenger-takes-both", 16),
    ],
)
def test_house_rule_the_winner_also_scores_the_losers_building(reward, bob):
    game = sh_game(CHALLENGER_WINS, {"shrine.challenge-reward": reward})
    assert game.scores == {"Alice": 0, "Bob": bob}
    if reward != "standard":
        extra = [e for e in game.events if e.rule == "shrine.challenge.resolve" and e.points]
        assert extra[0].breakdown == (
            ("the loser's unfinished building: its own tile", 1),
            ("6 neighbouring tiles × 1", 6),
        )
        assert "house-shrine-double-stakes" in extra[0].annotations


def test_house_rule_aggressive_form_only_the_challenger_plays_for_the_double_reward():
    # Bob's monk challenged Alice's heretic; Alice (not the challenger) wins: 9 only, while
    # the plain house rule gives her 9 + Bob's cloister (1 + 5 neighbours) = 15
    moves = [mv("SH-1", 0, 1, 0, HERETIC), mv("B", 0, 2, 0, MONK)] + FILL_ROW_0_TO_2
    assert sh_game(moves, {"shrine.challenge-reward": "winner-takes-both"}).scores["Alice"] == 15
    game = sh_game(moves, {"shrine.challenge-reward": "challenger-takes-both"})
    assert game.scores["Alice"] == 9 and kinds(game, "reward-withheld")


def test_ckr_62_the_losing_building_stays_and_scores_normally_when_completed_later():
    moves = CHALLENGER_WINS + [mv("U", -1, 0, 90), mv("U", 1, 0, 90)]
    game = sh_game(moves)
    # Alice's cloister, emptied by the challenge, is surrounded later: it scores nobody
    done = [e for e in kinds(game, "feature-completed") if (0, 1, "cloister") in e.nodes]
    assert len(done) == 1 and done[0].player == "Alice" and done[0].index > 30
    assert kinds(game, "no-score")[-1].text.endswith("nobody has a figure on it.")
    assert len(kinds(game, "shrine-challenge-lost")) == 1


# Alice's monk (0,1) lacks only (0,2); Bob fills it with a shrine and a heretic.
EIGHTH_TILE = [mv("B", 0, 1, 0, MONK)] + FILL_ROW_0_TO_2 + [mv("SH-1", 0, 2, 0, HERETIC)]


def test_ckr_56_a_building_completed_by_the_placed_tile_cannot_be_challenged():
    """The project's reading (shrine.challenge-complete-building = no-challenge): the cloister
    is complete before the heretic is deployed, so no challenge starts; the monk scores 9 and
    the heretic stays."""
    game = sh_game(EIGHTH_TILE)
    assert not kinds(game, "challenge-started")
    assert "ckr-56" in kinds(game, "challenge-not-started")[0].annotations
    assert points(game) == [("Alice", 9, "base.cloister.score")]
    assert [f.player for f in game.state.figures_on_board()] == ["Bob"]


def test_ckr_56_other_reading_the_literal_challenge_is_lost_at_once():
    game = sh_game(EIGHTH_TILE, {"shrine.challenge-complete-building": "challenge"})
    assert kinds(game, "challenge-started")
    assert points(game) == [("Alice", 9, "base.cloister.score")]
    assert kinds(game, "shrine-challenge-lost")[0].data["loser"] == ["Bob"]
    assert not game.state.figures_on_board()


# --------------------------------------------------------------------------- abbeys (Abbey & Mayor)

ABBEY = {"type": "abbey-mayor.abbey"}
WITH_ABBEYS = ("base", "abbey-mayor", "shrines")

# Two holes south of D's road: (0, 1) between the shrines SH-1 (-1, 1) and SH-3 (1, 1), and
# (2, 1) east of SH-3, beside the cloister A at (3, 0). Bob has a heretic on SH-3.
TWO_HOLES = [
    mv("U", -1, 0, 90),  # 1 Alice
    mv("U", 1, 0, 90),  # 2 Bob
    mv("SH-1", -1, 1, 0),  # 3 Alice
    mv("SH-3", 1, 1, 0, HERETIC),  # 4 Bob: road south
    mv("U", 1, 2, 0),  # 5 Alice: SH-3's road goes on south
    mv("E", 0, 2, 180),  # 6 Bob: closes the hole (0, 1) from below
    mv("U", 2, 0, 90),  # 7 Alice
    mv("A", 3, 0, 90),  # 8 Bob: a cloister at the road's end
    mv("E", 2, 2, 180),  # 9 Alice
    mv("E", 3, 1, 90),  # 10 Bob: closes the hole (2, 1)
]


def test_ckr_45_an_abbey_may_not_go_between_two_shrines():
    """ckr-45 (seed 002 footnote 15): the placement limit binds abbeys too. The hole (0, 1)
    touches two shrines, so Alice's abbey may only go into the other hole, (2, 1)."""
    with pytest.raises(IllegalMoveError) as err:
        sh_game(TWO_HOLES + [mv("abbey", 0, 1, 0, ABBEY)], expansions=WITH_ABBEYS)
    assert err.value.move == 11 and "ckr-45" in str(err.value)
    assert "an abbey (a cloister for this rule, ckr-45) may not have more than one shrine" in str(
        err.value
    )
    state = sh_game(TWO_HOLES, expansions=WITH_ABBEYS).state
    squares = {(p.x, p.y) for p in state.board.legal_placements(state.tile_types["abbey"])}
    assert squares == {(2, 1)}


def test_ckr_45_ckr_44_no_shrine_beside_an_abbey_that_already_has_one():
    """ckr-44 with ckr-45: the abbey at (2, 1) already has the shrine SH-3 beside it, so no
    second shrine may be laid next to it (SH-2 at (3, 2) touches no other cloister)."""
    moves = TWO_HOLES + [mv("abbey", 2, 1, 0, ABBEY), mv("SH-2", 3, 2, 90)]
    with pytest.raises(IllegalMoveError) as err:
        sh_game(moves, expansions=WITH_ABBEYS)
    assert err.value.move == 12
    assert "the abbey at (2, 1) already has the shrine at (1, 1) beside it" in str(err.value)


def test_ckr_47_a_monk_in_an_abbey_challenges_a_heretic_and_wins():
    """ckr-47 (seed 002 footnote 17): an abbey is a cloister for the challenge. Alice's monk in
    the abbey at (2, 1) challenges Bob's heretic on SH-3 (ckr-50: the monk's placement starts
    it). Bob lays the eighth tile around the abbey: Alice 9 (1 + 8), Bob's heretic goes home
    with nothing. The shrine could never have won: its last empty neighbour is the hole (0, 1),
    which only a tile with four field sides fits, and the limit forbids both (B and an abbey)."""
    moves = TWO_HOLES + [
        mv("abbey", 2, 1, 0, ABBEY, follower("abbey")),  # 11 Alice
        mv("E", 3, 2, 90),  # 12 Bob surrounds the abbey
    ]
    game = sh_game(moves, expansions=WITH_ABBEYS)
    started = kinds(game, "challenge-started")
    assert len(started) == 1 and {"ckr-47", "ckr-50"} <= set(started[0].annotations)
    assert "monk on the abbey at (2, 1), next to Bob's heretic" in started[0].text
    assert points(game) == [("Alice", 9, "base.cloister.score")]
    lost = kinds(game, "shrine-challenge-lost")[0]
    assert lost.data["loser"] == ["Bob"] and lost.data["winner"] == ["Alice"]
    assert "The abbey at (2, 1) is completed first" in lost.text
    assert game.scores == {"Alice": 9, "Bob": 0}
    assert not game.state.figures_on_board()


# An abbey hole (0, 1) whose north-east and south-east neighbours stay empty: the tiles east
# of it are reached round the north of D.
ABBEY_OPEN_EAST = [
    mv("E", 0, -1, 180),  # 1 Alice: closes D's city cap
    mv("E", 1, -1, 0),  # 2 Bob
    mv("U", 2, -1, 0),  # 3 Alice
    mv("U", 2, 0, 0),  # 4 Bob
    mv("U", 2, 1, 0),  # 5 Alice
    mv("V", 1, 1, 0),  # 6 Bob: road west (into the hole) and south
    mv("U", -1, 0, 90),  # 7 Alice
    mv("E", -1, 1, 270),  # 8 Bob
    mv("E", -1, 2, 270),  # 9 Alice
    mv("E", 0, 2, 180),  # 10 Bob: the hole has tiles on all four sides
    mv("abbey", 0, 1, 0, ABBEY, follower("abbey")),  # 11 Alice: a monk, (1, 0) and (1, 2) empty
]


def test_ckr_47_a_heretic_beside_an_abbey_with_a_monk_starts_a_challenge():
    """ckr-47: Bob's heretic on the shrine SH-5 at (1, 2), next to Alice's monk in her abbey,
    starts a challenge. Alice then fills (1, 0), the abbey's last empty neighbour, with Abbey &
    Mayor's road end AM-10: Alice 9, Bob's heretic goes home without points."""
    moves = ABBEY_OPEN_EAST + [
        mv("SH-5", 1, 2, 0, HERETIC),  # 12 Bob
        mv("AM-10", 1, 0, 90),  # 13 Alice: the abbey is surrounded
    ]
    game = sh_game(moves, expansions=WITH_ABBEYS)
    started = kinds(game, "challenge-started")
    assert len(started) == 1 and "ckr-47" in started[0].annotations
    assert "ckr-50" not in started[0].annotations  # the heretic, not a monk, started it
    assert "next to Alice's abbey at (0, 1), where a monk stands" in started[0].text
    assert points(game) == [("Alice", 9, "base.cloister.score")]
    assert kinds(game, "shrine-challenge-lost")[0].data["loser"] == ["Bob"]
    assert game.scores == {"Alice": 9, "Bob": 0}


# --------------------------------------------------------------------------- challenge wording


@pytest.mark.parametrize(
    ("wording", "words", "absent"),
    [
        ("hig", "places the shrine at (0, 2) next to Alice's cloister at (0, 1)", "monastery"),
        ("rgg", "the monastery at (0, 1), one of its eight neighbours", "Alice's cloister"),
    ],
)
def test_ckr_48_the_wording_option_changes_the_words_not_the_challenge(wording, words, absent):
    """ckr-48: HiG speaks of a shrine next to another player's cloister, RGG of a heretic next
    to any monastery with a monk. Same challenge, same scores; only the explanation differs,
    and the RGG words carry the option and its footnotes."""
    moves = [mv("B", 0, 1, 0, MONK), mv("SH-1", 0, 2, 0, HERETIC)] + FILL_ROW_0_TO_2
    game = sh_game(moves, {"shrine.challenge-wording": wording})
    started = kinds(game, "challenge-started")[0]
    assert words in started.text and absent not in started.text
    assert points(game) == [("Alice", 9, "base.cloister.score")]
    if wording == "rgg":
        assert started.options == ("shrine.challenge-wording",)
        assert {"ckr-48", "ckr-50", "ckr-51"} <= set(started.annotations)
    else:
        assert started.options == ()


@pytest.mark.parametrize(
    ("wording", "words"),
    [
        ("hig", "puts a monk on the cloister at (0, 2), next to their own heretic"),
        ("rgg", "puts a monk on the monastery at (0, 2), next to Alice's heretic"),
    ],
)
def test_ckr_50_51_a_monk_beside_ones_own_heretic_in_both_wordings(wording, words):
    """ckr-50 (the monk must challenge: RGG Big Box 2's words) and ckr-51 (HiG's 'you may
    challenge yourself', which RGG leaves out as needless): the same challenge either way."""
    moves = [mv("SH-1", 0, 1, 0, HERETIC), mv("U", 1, 0, 90), mv("B", 0, 2, 0, MONK)]
    game = sh_game(moves, {"shrine.challenge-wording": wording})
    started = kinds(game, "challenge-started")[0]
    assert words in started.text
    assert {"ckr-50", "ckr-51"} <= set(started.annotations)
    if wording == "hig":
        assert "challenging oneself is allowed" in started.text
    else:
        assert "a monk must challenge a heretic" in started.text and "oneself" not in started.text


# --------------------------------------------------------------------------- tile editions


@pytest.mark.parametrize(
    ("edition", "ids"),
    [
        ("ckr", [f"SH-{i}" for i in range(1, 6)]),
        ("csc", [f"SHC-{i}" for i in range(1, 7)]),
        ("spielbox", [f"SHS-{i}" for i in range(1, 6)]),
    ],
)
def test_the_tile_edition_chooses_the_shrine_tiles(edition, ids):
    game = sh_game([], {"shrine.tile-edition": edition})
    shrine_ids = [t for t in game.state.tile_types if t.startswith("SH")]
    assert shrine_ids == ids
    assert sum(game.state.remaining[t] for t in ids) == len(ids)


def test_a_tile_of_another_edition_is_refused():
    with pytest.raises(IllegalMoveError, match="unknown tile id 'SHC-6'"):
        sh_game([mv("SHC-6", 0, 1, 0)])


# --------------------------------------------------------------------------- random games


def check_challenges(game):
    """Open challenges pair a shrine and a cloister, both occupied and neighbours."""
    state = game.state
    for c in open_challenges(state):
        (sx, sy, _), (cx, cy, _) = c.shrine, c.cloister
        assert max(abs(sx - cx), abs(sy - cy)) == 1


COMBOS = [("base", "shrines"), ("base", "king-robber", "shrines")]
if "count" in rules_package.RULE_MODULES:
    COMBOS.append(("base", "count", "king-robber", "shrines"))


@pytest.mark.parametrize("start", range(0, 240, 60))
def test_random_games_with_shrines_keep_every_invariant(start):
    for seed in range(start, start + 60):
        expansions = COMBOS[seed % len(COMBOS)]
        options = {
            "shrine.tile-edition": ("ckr", "csc", "spielbox")[seed % 3],
            "shrine.challenge-reward": (
                "standard",
                "winner-takes-both",
                "challenger-takes-both",
            )[seed // 3 % 3],
            "shrine.placement-limit": ("official", "extra-if-empty")[seed // 9 % 2],
        }
        game = play_random(seed, expansions, options, players=2 + seed % 3)
        assert game.state.over
        check_invariants(game)
        check_challenges(game)


@pytest.mark.parametrize("seed", range(0, 30, 3))
def test_greedy_games_with_shrines_replay_identically(seed):
    game = play_random(seed, COMBOS[seed % len(COMBOS)], player="greedy")
    check_invariants(game)
    again = load_game(game.to_json())
    assert [e.to_json() for e in again.events] == [e.to_json() for e in game.events]


@pytest.mark.parametrize("seed", range(4))
def test_checkpointed_replay_equals_a_replay_from_the_start(seed):
    import random

    from carc_teach.controllers import MoveListController
    from carc_teach.turn import play

    game = play_random(seed, ("base", "king-robber", "shrines"), player="greedy")
    file_game = Game(game.setup, game.moves)
    rng = random.Random(seed)
    for k in rng.sample(range(len(game.events) - 1), 3):
        fast = file_game.replay(until=k)
        slow = play(game.setup, MoveListController(game.moves), until=k)
        assert fast.snapshot() == slow.snapshot()
        assert fast.clone().snapshot() == slow.snapshot()


def test_challenges_happen_in_simulated_games():
    for seed in range(60):
        game = play_random(seed, ("base", "shrines"), player="greedy")
        if any(e.kind == "challenge-started" for e in game.events):
            return
    raise AssertionError("no challenge in 60 greedy games")


# --------------------------------------------------------------------------- the limit at an event


def test_ckr_44_the_placement_says_which_squares_the_limit_refused():
    """The limit only filters placements; the placement of a building it kept off a square
    where the tile's edges fitted is followed by a ``placement-limited`` event naming it. B at
    (0, 1) has the shrine at (-1, 1) beside it, so SH-2, laid at (-2, 1), could not go at
    (1, 1) (ckr-44) nor anywhere else touching that cloister."""
    game = sh_game([mv("B", 0, 1, 0), mv("SH-1", -1, 1, 0), mv("SH-2", -2, 1, 0)])
    (limited,) = kinds(game, "placement-limited")
    assert limited.rule == "shrine.placement" and limited.pos == (-2, 1)
    squares = [tuple(r["square"]) for r in limited.data["refused"]]
    assert (1, 1) in squares and "ckr-44" in limited.annotations
    board = game.state.board
    # each refused square is refused on the board before the placement, and none is legal now
    legal = {(p.x, p.y) for p in board.legal_placements(game.state.tile_types["SH-4"])}
    assert not set(squares) & legal


def test_no_limit_event_when_the_limit_refused_nothing():
    game = sh_game([mv("SH-1", 0, 1, 0, HERETIC), mv("B", 1, 1, 0, MONK)])
    assert not kinds(game, "placement-limited")
    # nor under the house rule, which says so at the building instead
    game = sh_game(
        [mv("B", 0, 1, 0), mv("B", 1, 1, 0), mv("SH-1", 1, 2, 0)],
        {"shrine.placement-limit": "extra-if-empty"},
    )
    assert not kinds(game, "placement-limited")


def test_the_squares_the_board_keeps_refused_are_those_the_limit_refuses():
    """The official limit keeps, per board, the squares where it refuses a new shrine and those
    where it refuses a new cloister or abbey, updated as buildings arrive (the search asks no
    square). On every empty square around the board at the end of random games with many
    buildings they are the squares where ``limit_breach`` (the reason a refusal gives) finds a
    breach, and some are refused."""
    from carc_teach.expansions.shrines.rules import OFFICIAL_LIMIT, limit_breach

    refused_somewhere = 0
    for seed in range(6):
        game = play_random(seed, ("base", "abbey-mayor", "shrines"), players=2)
        board = game.state.board
        shrine, cloister = (game.state.tile_types[t] for t in ("SH-1", "B"))
        kept = {
            kind: set(OFFICIAL_LIMIT.refused_squares(board, tile))
            for kind, tile in (("shrine", shrine), ("cloister", cloister))
        }
        xs, ys = [x for x, _ in board.tiles], [y for _, y in board.tiles]
        for x in range(min(xs) - 2, max(xs) + 3):
            for y in range(min(ys) - 2, max(ys) + 3):
                if (x, y) in board.tiles:
                    continue
                for kind in ("shrine", "cloister", "abbey"):
                    sort = "shrine" if kind == "shrine" else "cloister"
                    refused = limit_breach(board, kind, (x, y)) is not None
                    assert ((x, y) in kept[sort]) == refused, (seed, x, y, kind)
                    refused_somewhere += refused
    assert refused_somewhere > 0


def test_the_turn_driver_asks_the_shrines_only_after_tiles_that_concern_them():
    """placed_tile_tests: after_placement only after a tile with a building (only a building
    can break the limit), filter_deployments under the official limit only after a tile with
    a shrine (its follower is a heretic), and after every tile under the house rule of ckr-46
    (a building kept empty may be on any feature's list)."""
    from carc_teach.rules import module_for
    from carc_teach.tiles import catalogue

    tiles = {t.id: t for name in ("base", "shrines-ckr") for t in catalogue(name)}
    shrine = next(t for t in tiles.values() if any("shrine" in s.tags for s in t.segments))
    official = module_for("shrines").placed_tile_tests()
    assert official["after_placement"](tiles["B"]) and official["after_placement"](shrine)
    assert not official["after_placement"](tiles["D"])
    assert official["filter_deployments"](shrine)
    assert not official["filter_deployments"](tiles["B"])
    house = module_for("shrines", {"shrine.placement-limit": "extra-if-empty"})
    assert set(house.placed_tile_tests()) == {"after_placement"}
