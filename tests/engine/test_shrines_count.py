"""Heretics & Shrines with the Count of Carcassonne: ckr-59 (= ckr-11, seed 002 footnote 27)
played by both real modules, with hand-computed scores.

The City of Carcassonne is the start block (rows y = -1..1, x = -2..1). Below it, Alice's
monk in the cloister B at (-1, 2) and Bob's heretic on the shrine SH-3 at (0, 2) (its road
joins the blacksmith's road of CC-11) face each other; E caps turned outwards fill the squares
round the cloister, and Bob lays the last of them. The shrine still lacks (1, 2) and (1, 3),
so the cloister is completed first.
"""

from __future__ import annotations

import pytest
from engine_helpers import game_dict
from test_king_robber import check_invariants

from carc_teach.errors import IllegalMoveError
from carc_teach.figures import Place
from carc_teach.gamefile import load_game

PASS_DEPLOY = {"type": "pass", "decision": "deploy"}
PASS_REDEPLOY = {"type": "pass", "decision": "count.redeploy"}


def mv(tile, x, y, rotation, *actions):
    return {"tile": tile, "x": x, "y": y, "rotation": rotation, "actions": list(actions)}


def follower(segment):
    return {"type": "deploy", "figure": "follower", "segment": segment}


def to_city(quarter):
    return {"type": "deploy", "figure": "follower", "place": f"count.{quarter}"}


def game(moves, options=None):
    d = game_dict(moves, expansions=["base", "count", "shrines"])
    d["version"] = 2
    if options:
        d["setup"]["rules"] = {"options": options}
    return load_game(d)


def points(g):
    return [(e.player, e.points, e.rule) for e in g.events if e.kind == "points"]


CHALLENGE = [
    mv("B", -1, 2, 0, follower("cloister")),  # 1 Alice: a monk below CC-10
    mv("SH-3", 0, 2, 180, follower("shrine")),  # 2 Bob: a heretic beside it -> a challenge
    mv("E", -2, 2, 0),  # 3 Alice: closes CC-9's cap (2 tiles, nobody in it)
    mv("E", -2, 3, 180),  # 4 Bob
    mv("E", -1, 3, 180),  # 5 Alice
]
#: 6 Bob: the eighth tile round Alice's cloister; the shrine still lacks (1, 2) and (1, 3)
LAST_TILE = ("E", 0, 3, 180)


@pytest.mark.parametrize("trigger", ["any-scoring", "completion"])
def test_ckr_59_a_challenge_loser_whose_tile_made_the_winner_score_deploys_to_the_city(trigger):
    """ckr-59 (= ckr-11): Bob's tile completes Alice's cloister: she scores 9, his heretic loses
    the challenge and goes home with nothing. Losing is not a scoring, so Bob scored nothing in
    a turn in which his tile made somebody score, and he may put a follower into a quarter of
    Carcassonne, under either reading of the Count's trigger (ckr-7 / ckr-8)."""
    moves = [*CHALLENGE, mv(*LAST_TILE, PASS_DEPLOY, to_city("market"))]
    g = game(moves, {"count.deploy-trigger": trigger})
    assert points(g) == [("Alice", 9, "base.cloister.score")]
    lost = next(e for e in g.events if e.kind == "shrine-challenge-lost")
    assert lost.data["loser"] == ["Bob"] and lost.data["active_lost"] is True
    assert "ckr-11" in lost.annotations  # ckr-59's record
    deployed = next(e for e in g.events if e.rule == "count.deploy")
    assert deployed.player == "Bob" and deployed.index > lost.index
    assert "Alice scored" in deployed.text and "Bob scored nothing" in deployed.text
    assert "losing the challenge is not a scoring" in deployed.text
    assert "ckr-11" in deployed.annotations  # ckr-59 behind the deployment
    assert g.state.figures["Bob:follower1"].location is None  # the heretic, back home first
    in_market = [f for f in g.state.figures.values() if f.location == Place("count.market")]
    assert [f.player for f in in_market] == ["Bob"]
    assert g.scores == {"Alice": 9, "Bob": 0}
    check_invariants(g)


def test_ckr_59_the_winner_of_the_challenge_does_not_deploy_to_the_city():
    """The other way round: Alice, whose monk wins, lays the last tile herself. She scored, so
    the Count offers nothing, and a deployment to Carcassonne written in the file is refused."""
    moves = [
        *CHALLENGE,
        mv("U", -3, -1, 90),  # 6 Bob: elsewhere, on CC-1's road
        mv(*LAST_TILE, PASS_DEPLOY, to_city("market")),  # 7 Alice surrounds her cloister
    ]
    with pytest.raises(IllegalMoveError) as err:
        game(moves)
    assert err.value.move == 7 and "scored Alice points too" in str(err.value)
    assert "(rule count.deploy; footnote ckr-7)" in str(err.value)
    moves[-1] = mv(*LAST_TILE)
    g = game(moves)
    assert points(g) == [("Alice", 9, "base.cloister.score")]
    lost = next(e for e in g.events if e.kind == "shrine-challenge-lost")
    assert lost.data["active"] == "Alice" and lost.data["active_lost"] is False
    assert not [e for e in g.events if e.rule == "count.deploy"]


# Before the challenge, Alice's knight in CC-12's east cap is closed by Bob (Alice 6); Bob puts
# the follower the Count offers him into the cathedral, where it waits for a cloister.
FIRST_A_FOLLOWER_IN_THE_CATHEDRAL = [
    mv("G", 2, 1, 0, follower("city")),  # Alice
    mv("E", 3, 1, 270, PASS_DEPLOY, to_city("cathedral")),  # Bob: Alice 6, Bob to the cathedral
]


def test_ckr_59_a_loser_who_joins_the_winning_cloister_from_the_cathedral_scored_after_all():
    """Bob moves his follower from the cathedral into Alice's cloister before it scores
    (ckr-18, ckr-22): 1 monk each, both score 9. His heretic still loses the challenge, but
    Bob did score in this turn, so the Count gives him no deployment."""
    redeploy = {"type": "move", "figure": "Bob:follower1", "segment": "cloister", "x": -1, "y": 2}
    moves = [*FIRST_A_FOLLOWER_IN_THE_CATHEDRAL, *CHALLENGE, mv(*LAST_TILE, PASS_DEPLOY, redeploy)]
    g = game(moves)
    assert points(g) == [
        ("Alice", 6, "base.city.score"),
        ("Alice", 9, "base.cloister.score"),
        ("Bob", 9, "base.cloister.score"),
    ]
    lost = next(e for e in g.events if e.kind == "shrine-challenge-lost")
    assert lost.data["winner"] == ["Alice", "Bob"] and lost.data["loser"] == ["Bob"]
    assert "wins the challenge for Alice and Bob" in lost.text
    assert "Bob's heretic goes home and scores nothing" in lost.text
    assert [e.turn for e in g.events if e.rule == "count.deploy"] == [2]
    assert g.scores == {"Alice": 15, "Bob": 9}
    check_invariants(g)


def test_ckr_59_without_the_redeployment_the_same_loser_deploys_again():
    """The same game, Bob leaving his follower in the cathedral: Alice 9 alone, and Bob, who
    lost the challenge and scored nothing, sends a second follower to Carcassonne."""
    moves = [
        *FIRST_A_FOLLOWER_IN_THE_CATHEDRAL,
        *CHALLENGE,
        mv(*LAST_TILE, PASS_DEPLOY, PASS_REDEPLOY, to_city("market")),
    ]
    g = game(moves)
    assert points(g) == [("Alice", 6, "base.city.score"), ("Alice", 9, "base.cloister.score")]
    assert [e.turn for e in g.events if e.rule == "count.deploy"] == [2, 8]
    assert g.scores == {"Alice": 15, "Bob": 0}
    check_invariants(g)
