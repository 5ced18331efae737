"""Board legality and golden counts of legal placements (like chess 'perft')."""

from __future__ import annotations

import random

import pytest

from carc_teach.board import NEIGHBOUR_OFFSETS, Board, Placement
from carc_teach.examples import load
from carc_teach.simulate import random_game
from carc_teach.tiles import ROTATIONS, catalogue, orient

BASE = catalogue("base")


def start_board() -> Board:
    b = Board()
    b.place(BASE["D"], Placement(0, 0, 0))
    return b


@pytest.mark.parametrize(
    ("tile", "expected"),
    [
        # Hand-counted on the start tile alone (city N, road E-W):
        ("E", 4),  # cap south above it (1) + any field-north rotation below it (3)
        ("V", 6),  # east end: 2 rotations, west end: 2, below: 2
        ("X", 8),  # both road ends, all four rotations
        ("C", 4),  # above only, all four rotations
        ("B", 4),  # below only (fields all round)
        ("U", 6),  # east: 2, west: 2, below: 2
    ],
)
def test_golden_counts_on_the_start_tile(tile, expected):
    assert len(start_board().legal_placements(BASE[tile])) == expected


def test_golden_counts_on_bundled_positions():
    # Frozen from the engine after being checked against the brute-force scan below.
    game = load("first-turns")
    board = game.replay(37).board  # the board after Alice's third city tile
    counts = {t.id: len(board.legal_placements(t)) for t in BASE}
    assert sum(counts.values()) == sum(len(brute_force(board, t)) for t in BASE)
    assert counts == GOLDEN_FIRST_TURNS


GOLDEN_FIRST_TURNS = {
    "A": 24, "B": 36, "C": 0, "D": 8, "E": 22, "F": 8, "G": 8, "H": 8, "I": 13, "J": 8, "K": 8, "L": 6,
    "M": 13, "N": 13, "O": 4, "P": 4, "Q": 4, "R": 4, "S": 2, "T": 2, "U": 12, "V": 17, "W": 10, "X": 8,
}  # fmt: skip


def brute_force(board: Board, tile_type) -> set[Placement]:
    """Every legal placement found by scanning the whole bounding box, without the frontier."""
    min_x, min_y, max_x, max_y = board.bounds()
    out = set()
    for x in range(min_x - 1, max_x + 2):
        for y in range(min_y - 1, max_y + 2):
            if (x, y) in board.tiles:
                continue
            touching = False
            for r in ROTATIONS:
                edges = orient(tile_type, r).edges
                ok = True
                for side, (dx, dy) in enumerate(NEIGHBOUR_OFFSETS):
                    n = board.tiles.get((x + dx, y + dy))
                    if n is not None:
                        touching = True
                        if n.tile.edges[(side + 2) % 4] != edges[side]:
                            ok = False
                if ok and touching:
                    out.add(Placement(x, y, r))
    return out


@pytest.mark.parametrize("seed", range(12))
def test_legal_placements_equal_a_whole_board_scan(seed):
    game = random_game(seed)
    rng = random.Random(seed)
    for k in sorted(rng.sample(range(len(game.events)), 4)):
        board = game.replay(k).board
        for t in BASE:
            fast = board.legal_placements(t)
            assert len(fast) == len(set(fast))
            assert set(fast) == brute_force(board, t), (seed, k, t.id)
            assert board.can_place(t) == bool(fast)


def test_placement_problems_explain_themselves():
    b = start_board()
    assert "already holds" in b.placement_problem(BASE["E"], Placement(0, 0, 0))
    assert "does not touch" in b.placement_problem(BASE["E"], Placement(5, 5, 0))
    problem = b.placement_problem(BASE["E"], Placement(0, -1, 0))
    assert "edges do not match" in problem and "S side is field" in problem
    assert b.placement_problem(BASE["E"], Placement(0, -1, 180)) is None


def test_frontier_is_incremental_and_exact():
    game = random_game(3)
    board = game.state.board
    empty_neighbours = {
        (x + dx, y + dy)
        for (x, y) in board.tiles
        for dx, dy in NEIGHBOUR_OFFSETS
        if (x + dx, y + dy) not in board.tiles
    }
    assert set(board.frontier) == empty_neighbours
    for pos, demands in board.frontier.items():
        assert demands == board.demands(pos)


def test_the_frontier_holds_one_shared_int_object_per_demand_code():
    # the fit memos, shared by every board, find a square's code by identity (board.py,
    # _CODE_INTS): a code built anew would still be found, by comparing, only slower
    from carc_teach.board import _CODE_INTS

    for expansions in (("base",), ("base", "abbey-mayor")):
        board = random_game(5, 2, expansions=expansions).state.board
        copy = board.clone({})
        for codes in (board._codes, copy._codes):
            assert codes
            assert all(code is _CODE_INTS[code] for code in codes.values())


def test_a_tile_says_which_features_it_joined_when_the_board_records_joins():
    from carc_teach.board import Board
    from carc_teach.simulate import random_game

    game = random_game(8)
    order = sorted(game.state.board, key=lambda t: t.order)
    plain, recording = Board(), Board()
    recording.features.record_joins = True
    joins = 0
    for t in order:
        p = Placement(t.x, t.y, t.rotation)
        change = recording.add(t.type, p, check=False)
        unrecorded = plain.add(t.type, p, check=False)
        for now, parts in change.joined().items():
            joins += 1
            assert now in change.features() and len(parts) >= 2
            assert len({id(f) for f, _ in parts}) == len(parts)
        with pytest.raises(RuntimeError, match="record_joins"):
            unrecorded.joined()
    assert joins > 5  # a whole game joins features several times
    assert recording.features.summaries() == plain.features.summaries()


@pytest.mark.parametrize(
    ("seed", "options"),
    [
        (1, {}),
        (2, {"river2.with-count": "spring-away-from-city"}),
        (3, {"river2.with-count": "river-first"}),
        (4, {"river2.with-count": "river-first"}),
    ],
)
def test_expansion_placement_rules_search_as_their_sentences_say(seed, options):
    """The search applies the expansions' placement rules through shortcuts (the abbey's by
    the square's demand code, the others only for the tile types they concern): it must list
    exactly the placements whose edges fit and which no rule's sentence refuses, and say that
    a tile fits whenever one is listed."""
    from carc_teach.controllers import RandomController
    from carc_teach.setup import Setup
    from carc_teach.turn import play

    setup = Setup(
        players=("A", "B", "C"),
        expansions=("base", "count", "river2", "shrines", "abbey-mayor"),
        seed=seed,
        rules={"options": options} if options else {},
    )
    state = play(setup, RandomController(random.Random(seed)))
    rng = random.Random(seed)
    board = state.board
    rules = board.placement_rules
    assert rules, "the mix of expansions brings placement rules"
    refused = 0
    # the river's rules decide among the first tiles laid: look there more often
    early = rng.sample(range(1, 16), 5)
    for k in sorted(early + rng.sample(range(16, len(board.tiles)), 3)):
        # rebuild the board as it was after k tiles, with the same rules
        b = Board(placement_rules=rules)
        for placed in sorted(board.tiles.values(), key=lambda p: p.order)[:k]:
            b.place(placed.type, Placement(placed.x, placed.y, placed.rotation), check=False)
        for t in state.tile_types.values():
            fitting = [
                Placement(x, y, r)
                for (x, y) in b.frontier
                for r in ROTATIONS
                if "edges do not match" not in (b.placement_problem(t, Placement(x, y, r)) or "")
            ]
            allowed = [p for p in fitting if b.placement_problem(t, p) is None]
            refused += len(fitting) - len(allowed)
            # asked before the search, whose answer it would otherwise reuse
            assert b.can_place(t) == bool(allowed), (seed, k, t.id)
            assert list(b.legal_placements(t)) == allowed, (seed, k, t.id)
    assert refused, "some placement was refused by a rule, so the shortcuts were exercised"


def test_the_codes_the_abbey_fits_nowhere_are_kept_across_games_by_the_code_alone():
    """(A cache kept across games.) A code rule's memo (the abbey's hole) keeps the demand
    codes where no rotation may go, shared by every board with the same rules, so that
    ``can_place`` answers no with one pass in C: those codes must be exactly the memo's
    empty answers, and a board whose frontier holds a code not looked up yet, or a hole,
    must still be searched. Checked at every abbey offer of games played one after another
    (the memo grows with each), against the full search on a copy of the board."""
    from carc_teach.board import _CodeFilteredFits, surrounded

    offers = holes = 0
    original = Board.can_place

    def checked(board, tile_type):
        nonlocal offers, holes
        answer = original(board, tile_type)
        if tile_type.id == "abbey":
            offers += 1
            holes += answer
            # the full search, on a copy of the board (asking the board itself would keep
            # the answer for the game's own later asks)
            copy = Board(placement_rules=board.placement_rules)
            for placed in sorted(board.tiles.values(), key=lambda p: p.order):
                copy.place(placed.type, Placement(placed.x, placed.y, placed.rotation), check=False)
            assert answer == bool(copy.legal_placements(tile_type))
        return answer

    try:
        Board.can_place = checked
        for seed in range(2):
            random_game(seed, 2, expansions=("base", "abbey-mayor"))
    finally:
        Board.can_place = original
    assert offers > 30 and 0 < holes < offers
    from carc_teach.board import _FILTERED_CACHE

    memos = [m for m in _FILTERED_CACHE.values() if type(m) is _CodeFilteredFits]
    assert memos and any(m.nowhere for m in memos)
    for memo in memos:
        assert memo.nowhere == {code for code, fits in memo.items() if not fits}
        assert all(not surrounded(code) for code in memo.nowhere)
