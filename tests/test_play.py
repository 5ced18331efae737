"""The Play session (carc_teach.play): whole games through its API, with the base game, the
Count, King & Robber and Abbey & Mayor; hand-checked points; refusals naming their rule;
undo; hint; the game file it writes; taking over a game at an event."""

from __future__ import annotations

import html
import json

import pytest
from play_script import EXPANSIONS, SEED, TILES, scripted_answer

from carc_teach import examples
from carc_teach.actions import PASS, Deploy, Pass
from carc_teach.board import Placement
from carc_teach.errors import CarcTeachError
from carc_teach.gamefile import load_game
from carc_teach.play import PlaySession, Seat


def _new(**kwargs) -> PlaySession:
    return PlaySession.new([("You", "human"), ("Bot", "greedy")], **kwargs)


def _play_out(session: PlaySession) -> list[str]:
    """Play to the end: the scripted learner and the bots; the kinds the learner answered."""
    kinds = []
    while not session.over:
        if session.pending.human:
            kinds.append(session.pending.kind)
            answer = scripted_answer(session)
            result = session.choose(None if isinstance(answer, Pass) else answer)
            assert result.ok, str(result)
        else:
            assert session.bot_step().ok
    return kinds


def _reloaded(session: PlaySession):
    return load_game(json.loads(json.dumps(session.to_json())))


@pytest.mark.parametrize(
    "expansions", [("base",), ("count",), ("king-robber",), ("abbey-mayor",), EXPANSIONS]
)
def test_a_whole_game_through_the_session_replays_from_its_file(expansions):
    session = _new(expansions=expansions, seed=5, tiles=30)
    _play_out(session)
    assert session.over and session.events[-1].kind == "game-end"
    assert any(e.kind == "final-scoring" for e in session.events)
    game = _reloaded(session)
    assert game.scores == session.scores
    assert [e.text for e in game.events] == [e.text for e in session.events]
    assert game.final_scoring is True and len(game.setup.tile_order) == 30


def test_a_whole_base_game_with_every_tile():
    session = _new(seed=2)
    _play_out(session)
    assert session.setup.tile_order is None and not session.state.bag
    assert _reloaded(session).scores == session.scores


def test_the_scripted_game_meets_the_count_a_wagon_move_and_a_barn():
    session = _new(expansions=EXPANSIONS, seed=SEED, tiles=TILES)
    kinds = _play_out(session)
    assert {"count.deploy", "wagon.move"} <= set(kinds)
    assert any(
        e.kind == "figure-deployed" and e.player == "You" and "barn" in e.text
        for e in session.events
    )
    assert _reloaded(session).scores == session.scores


def test_placing_and_deploying_by_targets_scores_a_small_city_by_hand():
    # seed 3: You draw tile L (a city cap); turned 180° on (0, -1) it closes the start tile's
    # city: 2 tiles x 2 points = 4 for the knight deployed on it
    session = _new(seed=3)
    pending = session.pending
    assert (pending.kind, pending.player, pending.tile) == ("place", "You", "L")
    assert session.rotations() == {0: 2, 90: 1, 180: 3, 270: 1}
    targets = {t.id: t for t in session.targets(180)}
    assert targets["square:0,-1"].legal and not targets["square:0,1"].legal
    assert session.pick("square:0,-1", 180).ok
    assert session.pending.kind == "deploy"
    city = next(t for t in session.targets() if t.where == (0, -1, "city"))
    assert city.legal and "city" in city.label
    assert session.pick(city.id).ok
    points = [e for e in session.events if e.kind == "points"]
    assert [(e.player, e.points) for e in points] == [("You", 4)]
    assert session.scores == {"You": 4, "Bot": 0}
    assert session.pending.player == "Bot" and session.waiting_for_bot()


def test_a_refused_square_names_its_rule_and_changes_nothing():
    session = _new(seed=3)
    refused = session.pick("square:0,1", 0)
    assert not refused.ok and refused.refusal.rule == "base.place"
    assert "edges do not match" in str(refused) and "(rule base.place)" in str(refused)
    assert session.why_not("square:0,1", 0) == refused.refusal
    assert session.answers == () and session.pending.kind == "place"


def test_a_refused_segment_names_its_rule():
    # find a deployment where a segment of the placed tile is refused (an occupied feature)
    session = _new(seed=4)
    for _ in range(200):
        if session.pending.human and session.pending.kind == "deploy":
            refused = [t for t in session.targets() if not t.legal]
            if refused:
                break
        if session.pending.human:
            answer = scripted_answer(session)
            session.choose(None if isinstance(answer, Pass) else answer)
        else:
            session.bot_step()
    else:  # pragma: no cover
        pytest.fail("no refused segment in 200 answers")
    before = session.answers
    result = session.pick(refused[0].id)
    assert not result.ok and result.refusal.rule.startswith("base.")
    assert "already" in str(result) or "occupied" in str(result) or "follower" in str(result)
    assert session.answers == before


def test_a_person_cannot_answer_for_a_bot_and_a_bot_not_for_a_person():
    session = _new(seed=3)
    assert not session.bot_step().ok
    session.pick("square:0,-1", 180)
    session.pass_()
    assert session.waiting_for_bot()
    result = session.choose(0)
    assert not result.ok and "Bot's decision" in str(result)


def test_undo_takes_back_the_last_answer_of_a_person_and_the_bots_after_it():
    session = _new(seed=3)
    session.pick("square:0,-1", 180)
    session.pass_()
    session.bots_to_person()
    assert session.pending.human and len(session.answers) >= 4
    assert session.undo().ok
    assert session.answers == (Placement(0, -1, 180),)
    assert session.pending.kind == "deploy" and session.pending.player == "You"
    assert session.undo().ok and session.answers == ()
    assert not session.undo().ok


def test_hint_is_the_greedy_move_and_its_points_this_turn():
    session = _new(seed=3)
    hint = session.hint()
    assert hint.answer == Placement(0, -1, 180)
    assert hint.follow_up == Deploy("follower", (0, -1, "city"))
    assert hint.points == 4 and "4 points" in hint.text
    assert session.answers == ()  # looking ahead answers nothing


def test_the_count_deployment_taken_over_from_a_bundled_game():
    game = examples.load("count-city")
    asked = next(d for d in game.decisions() if d.kind == "count.deploy")
    session = PlaySession.from_game(game, until=asked.after_event - 1, humans=(asked.player,))
    pending = session.pending
    assert (pending.kind, pending.player, pending.human) == ("count.deploy", asked.player, True)
    assert pending.options == asked.options
    assert [e.text for e in session.events] == [e.text for e in game.events[: asked.after_event]]
    assert session.choose(asked.answer).ok
    made = session.events[asked.after_event]
    assert made.text == game.events[asked.after_event].text and made.rule == "count.deploy"


def test_taking_over_goes_on_to_the_end_with_the_rest_of_the_tiles():
    game = examples.load("king-robber")
    session = PlaySession.from_game(game, until=20, humans=("Bob",))
    assert [e.text for e in session.events[:21]] == [e.text for e in game.events[:21]]
    assert len(session.setup.tile_order) > len(game.moves)  # the tiles it drew, then the rest
    while not session.over:
        if session.pending.human:
            session.choose(scripted_answer(session))
        else:
            session.bot_step()
    assert any(e.kind == "final-scoring" for e in session.events)
    assert _reloaded(session).scores == session.scores


def test_a_download_in_the_middle_reloads_where_the_turns_end():
    session = _new(expansions=("count",), seed=7, tiles=20)
    for _ in range(15):
        if session.pending.human:
            session.choose(scripted_answer(session))
        else:
            session.bot_step()
    data = session.to_json()
    assert data["version"] == 2 and "final_scoring" not in data
    game = load_game(json.loads(json.dumps(data)))
    again = PlaySession.from_game(game, humans=("You",))
    assert len(again.setup.tile_order) == 20
    turns = len(data["moves"])
    assert len(again.game().moves) == turns
    # the same tiles and the same scores so far; play on to the end of the 20 tiles
    _play_out(again)
    assert len(again.game().moves) == 20 and _reloaded(again).scores == again.scores


def test_set_up_errors_name_the_field():
    with pytest.raises(CarcTeachError, match="player 2: the name"):
        PlaySession.new([("You", "human"), ("Bo\x1bb", "greedy")])
    with pytest.raises(CarcTeachError, match="taken twice"):
        PlaySession.new([("You", "human"), ("You", "greedy")])
    with pytest.raises(CarcTeachError, match="at least one player must be a person"):
        PlaySession.new([("A", "greedy"), ("B", "random")])
    with pytest.raises(CarcTeachError, match="2 to 6 players"):
        PlaySession.new([("A", "human")])
    with pytest.raises(CarcTeachError, match="unknown expansion 'dragon'"):
        _new(expansions=("dragon",))
    with pytest.raises(CarcTeachError, match="unknown edition preset"):
        _new(preset="nope")
    with pytest.raises(CarcTeachError, match="humans"):
        PlaySession.from_game(examples.load("count-city"), humans=("Zed",))


def test_a_name_with_markup_is_kept_as_it_was_typed():
    name = '<img src=x onerror="alert(1)">'
    session = PlaySession.new([Seat(name, "human"), Seat("Bot", "random")], seed=1)
    assert session.players[0] == name and session.to_json()["setup"]["players"][0] == name


def test_several_people_at_one_screen_each_answer_their_own():
    session = PlaySession.new([("Ann", "human"), ("Ben", "human"), ("Bot", "random")], seed=9)
    players = []
    while len(players) < 6 and not session.over:
        pending = session.pending
        if pending.human:
            players.append(pending.player)
            session.choose(PASS if pending.optional else 0)
        else:
            session.bot_step()
    assert "Ann" in players and "Ben" in players


def test_the_scripted_game_reloads_over_with_its_answers_after_the_game():
    # seed 26: a tile fits nowhere and is set aside: 11 moves for 12 tiles, and the file is
    # still a finished game
    session = _new(expansions=EXPANSIONS, seed=26, tiles=12)
    _play_out(session)
    game = _reloaded(session)
    assert len(game.moves) == 11
    again = PlaySession.from_game(game)
    assert again.over and again.scores == session.scores == {"You": 20, "Bot": 11}
    assert again.answers == session.answers


def test_rule_options_as_typed():
    from carc_teach.play import parse_options

    assert parse_options("count.count-movement=clockwise, base.followers=5\nx.y=true") == {
        "count.count-movement": "clockwise",
        "base.followers": 5,
        "x.y": True,
    }
    assert parse_options("  ") == {}
    with pytest.raises(CarcTeachError, match="option=value"):
        parse_options("count.count-movement")
    session = _new(expansions=("count",), options=parse_options("base.followers=2"))
    assert len(session.state.supply["You"]) <= 3  # two followers (and no other figure of note)
    with pytest.raises(CarcTeachError, match="not allowed for rule option"):
        _new(expansions=("count",), options={"count.count-movement": "sideways"})


def test_the_page_table_starts_from_the_form_and_says_what_is_wrong():
    from carc_teach.play_ui import Table

    table = Table()
    form = {"name1": "You", "kind1": "human", "name2": "<b>Bot</b>", "kind2": "random"}
    form |= {"name3": "", "kind3": "(nobody)", "box0": True, "seed": 4, "tiles": 10}
    table.start_from_form(form | {"options": "count.count-movement=clockwise"})
    session = table.session
    assert session.players == ("You", "<b>Bot</b>")
    assert session.setup.expansions == ("base", "count") and len(session.setup.tile_order) == 10
    assert session.setup.rules == {"options": {"count.count-movement": "clockwise"}}
    table.start_from_form(form | {"options": "count.count-movement=sideways"})
    assert table.session is session and table.kind == "danger"
    assert "sideways" in table.message_in("en")
    table.pick("square:99,99", 0)
    assert table.kind == "warn" and "Not allowed" in table.message_in("en")


def test_a_refusal_on_the_page_cites_its_footnotes_of_the_expansions_in_play():
    from carc_teach.errors import Refusal
    from carc_teach.play_ui import refusal_markdown

    refusal = Refusal("count.block", "the Count stands there", notes=("ckr-34",))
    shown_with = html.unescape(refusal_markdown(refusal, ("base", "count")))
    assert "(rule count.block; footnote ckr-34)" in shown_with and "> **" in shown_with
    assert "> **" not in refusal_markdown(refusal, ("base",))


def test_a_deployment_with_nothing_to_deploy_still_shows_why_on_the_board():
    # one follower each: once it stands, the next deployment offers nothing
    session = _new(seed=3, options={"base.followers": 1})
    session.pick("square:0,-1", 180)
    session.choose(1)  # the follower goes on a road of L (not the city: it would come home)
    session.bots_to_person()
    while not (session.pending.kind == "deploy" and session.pending.human):
        if session.pending.human:
            session.choose(0)
        else:
            session.bot_step()
    pending = session.pending
    if pending.options:  # pragma: no cover - the follower came home; nothing to check here
        pytest.skip("the follower came back before the next deployment")
    targets = session.targets()
    assert targets and not any(t.legal for t in targets)
    refused = session.pick(targets[0].id)
    assert not refused.ok and "follower" in str(refused)


# -- refused places of every decision that has one ------------------------------------------------


def _taken_over_at(name: str, kind: str, nth: int = 0, edit=None) -> PlaySession:
    """A bundled game taken over by the player asked its ``nth`` decision of ``kind``, just
    before it (``edit`` changes the file's JSON first)."""
    game = examples.load(name)
    if edit is not None:
        data = game.to_json()
        edit(data)
        game = load_game(data)
    asked = [d for d in game.decisions() if d.kind == kind][nth]
    session = PlaySession.from_game(game, until=asked.after_event - 1, humans=(asked.player,))
    assert (session.pending.kind, session.pending.human) == (kind, True)
    return session


def _big_box_2_blocks(data):
    # count-city up to Alice's deployment to the City (move 3), under RGG Big Box 2's rule that
    # no figure enters the Count's quarter; she goes to the market instead of the castle
    data["setup"]["rules"] = {"options": {"count.blocks-moves-to": True}}
    data["moves"] = data["moves"][:3]
    data["moves"][2]["actions"][1]["place"] = "count.market"
    data.pop("final_actions", None)
    data.pop("final_scoring", None)


def _tiles_ran_out(data):
    # the file's tiles are the whole game, so scoring after the game is the file's
    data["setup"]["tile_order"] = [m["tile"] for m in data["moves"]]


def _refused(session: PlaySession, group: str, where) -> object:
    """Pick the refused target of ``group`` at ``where``: it must answer nothing."""
    target = next(t for t in session.targets(group=group) if t.where == where)
    assert not target.legal and "(refused)" in target.label
    before = session.answers
    result = session.pick(target.id)
    assert not result.ok and session.answers == before
    assert session.why_not(target.id) == result.refusal
    return result.refusal


def test_a_deployment_to_the_counts_quarter_is_refused_under_big_box_2():
    from carc_teach.figures import Place

    session = _taken_over_at("count-city", "count.deploy", edit=_big_box_2_blocks)
    refusal = _refused(session, "deploy:follower", Place("count.castle"))
    assert refusal.rule == "count.block" and refusal.notes == ("ckr-34",)
    assert refusal.options == (("count.blocks-moves-to", True),)
    assert "rgg-big-box-2" in str(refusal) and "the Count stands in the castle" in str(refusal)


def test_the_count_cannot_be_moved_to_where_he_stands():
    from carc_teach.figures import Place

    session = _taken_over_at("count-city", "count.move")
    refusal = _refused(session, "move:count", Place("count.castle"))
    assert (refusal.rule, refusal.notes) == ("count.move", ("ckr-34",))
    assert "already stands in the castle quarter" in refusal.reason


def test_a_redeployment_goes_only_into_the_feature_being_scored():
    session = _taken_over_at("count-city", "count.redeploy")
    group = "move:Alice:follower1"
    refusal = _refused(session, group, (-2, 3, "field"))
    assert refusal.rule == "count.redeploy.castle" and "ckr-18" in refusal.notes
    assert "may only join the city being scored" in refusal.reason
    # another segment of the city being scored is as good as the one listed
    other = next(t for t in session.targets(group=group) if t.where == (-2, 3, "city"))
    assert other.legal


def test_after_the_game_a_castle_follower_goes_only_to_an_unfinished_city():
    session = _taken_over_at("after-game", "count.final", edit=_tiles_ran_out)
    refusal = _refused(session, "move:Bob:follower5", (1, 1, "city"))
    assert refusal.rule == "count.redeploy.final" and refusal.notes[0] == "ckr-27"
    assert "only go to an unfinished city" in refusal.reason


def test_a_wagon_does_not_roll_onto_a_finished_city_a_farm_or_an_unconnected_road():
    session = _taken_over_at("two-wagons", "wagon.move")
    group = "move:Blue:wagon1"
    done = _refused(session, group, (0, -1, "city"))
    assert done.rule == "wagon.move" and "already completed" in done.reason
    assert "car-170" in done.notes
    farm = _refused(session, group, (0, -1, "field"))
    assert "never goes onto a farm" in farm.reason
    apart = _refused(session, group, (-1, 0, "road"))
    assert "car-171" in apart.notes and "not connected" in apart.reason


def test_a_barn_needs_four_field_tiles_at_its_corner():
    from carc_teach.figures import Corner

    session = _taken_over_at("barn-farmers", "deploy", nth=3)
    assert session.groups()["deploy:barn"] == "deploy a barn (nowhere now)"
    refusal = _refused(session, "deploy:barn", Corner(1, -1))
    assert refusal.rule == "barn.placement"
    assert "every tile must show field at the point" in refusal.reason


def test_a_mayor_goes_only_into_a_city_without_a_knight():
    session = _taken_over_at("builder-big-follower", "deploy", nth=3)
    refusal = _refused(session, "deploy:mayor", (0, -2, "city"))
    assert refusal.rule == "mayor.deploy" and refusal.notes == ("car-154", "car-155")
    assert "a mayor goes only into a city with no knight" in refusal.reason


def test_a_pig_goes_only_into_a_farm_with_its_players_farmer():
    session = _taken_over_at("pig-and-barn", "deploy", nth=3)
    refusal = _refused(session, "deploy:pig", (0, -2, "field"))
    assert refusal.rule == "pig.placement" and "already has a follower" in refusal.reason


def test_a_builder_goes_only_where_its_player_has_a_follower():
    session = _taken_over_at("builder-big-follower", "deploy", nth=3)
    refusal = _refused(session, "deploy:builder", (0, -2, "field"))
    assert refusal.rule == "builder.deploy" and "goes only on: city, road" in refusal.reason


def test_the_city_of_carcassonne_opens_only_after_the_turns_scorings():
    from carc_teach.figures import Place

    session = _taken_over_at("count-city", "deploy", nth=2)
    refusal = _refused(session, "deploy:follower", Place("count.market"))
    assert (refusal.rule, refusal.notes) == ("count.deploy", ("ckr-13",))


# -- the greedy bot's answers to the expansions' decisions (Play's hint) -------------------------


def _greedy(session: PlaySession, state=None):
    """What the greedy player answers to the pending decision, and why."""
    import random

    from carc_teach.controllers import GreedyController

    bot = GreedyController(random.Random(0))
    answer = bot.choose(state or session.state, session.pending.decision)
    return answer, bot.reason


def test_greedy_moves_the_count_onto_the_rivals_waiting_figures():
    from carc_teach.figures import Place

    # count-city, move 3: Alice has just sent a follower into the castle, where the Count stands
    session = _taken_over_at("count-city", "count.move")
    answer, why = _greedy(session)
    # staying would keep her own follower blocked: he goes to the first empty quarter
    assert answer.to == Place("count.market") and "in the castle may leave again" in why
    # the same position with one of Bob's followers waiting in the blacksmith: he blocks it
    state = session.state.clone()
    bob = state.in_supply("Bob", "follower")
    state.supply["Bob"].remove(bob)
    bob.location = Place("count.blacksmith")
    answer, why = _greedy(session, state)
    assert answer.to == Place("count.blacksmith")
    assert "the other players keep 1 figure waiting" in why


def test_greedy_redeploys_to_share_a_city_and_not_into_one_it_wins_alone():
    # count-city: Bob's knight holds the city of 3 tiles and 1 pennant (2 x 4 = 8 points);
    # Alice's follower from the castle ties him, so both score 8
    session = _taken_over_at("count-city", "count.redeploy")
    answer, why = _greedy(session)
    assert answer == session.pending.options[0]
    assert why == "with it Alice shares the city of 3 tiles and 1 pennant, worth 8 points"
    assert session.hint().points == 8
    # count-one-round: Bob's own knight wins that city alone; moving in gains nothing
    session = _taken_over_at("count-one-round", "count.redeploy")
    answer, why = _greedy(session)
    assert isinstance(answer, Pass) and "would win or share" in why


def test_greedy_sends_a_follower_to_the_quarter_that_can_share_a_road():
    from carc_teach.figures import Place

    # after-game, Bob's deployment to the City: Alice's thief alone holds the road of 2 tiles;
    # a follower waiting in the blacksmith could join it before it scores. No city or cloister
    # of the others is within one figure's reach.
    session = _taken_over_at("after-game", "count.deploy", nth=1)
    answer, why = _greedy(session)
    assert answer.figure == "follower" and answer.to == Place("count.blacksmith")
    assert "share the road of 2 tiles, held by Alice, just before it scores" in why


def test_greedy_redeploys_after_the_game_onto_the_farm_it_shares():
    # after-game, scoring after the game: Bob's market follower joins Alice's farmer on the
    # farm of 8 tiles, which borders the city of 2 tiles and the City of Carcassonne (a
    # completed city for farms, ckr-1): 2 x 3 = 6 points each
    session = _taken_over_at("after-game", "count.final", edit=_tiles_ran_out)
    answer, why = _greedy(session)
    assert answer.figure == "Bob:follower4" and answer.to == (-4, -1, "field-n")
    assert why == "with it Bob shares the farm of 8 tiles, worth 6 points"
    hint = session.hint()
    assert hint.points == 6 and "6 points more for Bob after the game than passing" in hint.text


def test_greedy_places_a_barn_only_where_the_farm_is_its_own():
    from carc_teach.figures import Corner

    # barn-farmers, move 5: Blue's farmer is alone on the farm by the small city (1 completed
    # city): a barn there earns 4 after the game, and Blue's farmer scores 3 at once
    session = _taken_over_at("barn-farmers", "deploy", nth=4)
    assert session.hint().answer == Deploy("barn", Corner(0, 0))
    assert "earns 4 after the game for 1 completed city" in session.hint().text
    assert session.hint().points == 3
    # move 6: for Red the same farm is Blue's: the barn would pay Blue 3 now for Red's 4
    # later, so Red keeps it
    session = _taken_over_at("barn-farmers", "deploy", nth=5)
    assert any(o.figure == "barn" for o in session.pending.options)
    assert getattr(session.hint().answer, "figure", None) != "barn"


def test_greedy_uses_a_mayor_in_a_city_with_a_pennant():
    # count-barn-mayor, move 6: Bob's knight would go into a city with one pennant; a mayor
    # counts as strong there and keeps the follower in the supply
    session = _taken_over_at("count-barn-mayor", "deploy", nth=5)
    hint = session.hint()
    assert hint.answer.figure == "mayor" and "this city has 1" in hint.text


def test_greedy_rolls_a_wagon_onto_the_biggest_open_road():
    # seed 14, Abbey & Mayor: after 14 answers You's wagon may go to three roads of 1 tile or
    # a road of 2 tiles
    session = PlaySession.new(
        [("You", "human"), ("Bob", "human")], expansions=("abbey-mayor",), seed=14, tiles=30
    )
    while session.pending.kind != "wagon.move":
        answer = scripted_answer(session)
        assert session.choose(None if isinstance(answer, Pass) else answer).ok
    assert len(session.answers) == 14
    answer, why = _greedy(session)
    assert session.state.board.features.feature_of(answer.to).size == 2
    assert why.startswith("the road of 2 tiles is the unfinished feature worth most")


def test_a_download_records_the_seats_and_a_mid_turn_download_starts_that_turn_again():
    session = PlaySession.new(
        [("You", "human"), ("Rand", "random"), ("Grace", "greedy")], seed=3, tiles=10
    )
    session.pick("square:0,-1", 180)  # placed: the deployment is under way
    assert session.pending.kind == "deploy"
    data = json.loads(json.dumps(session.to_json()))
    assert data["seats"] == ["human", "random", "greedy"] and data["moves"] == []
    again = PlaySession.from_game(load_game(data))
    assert [(s.name, s.kind) for s in again.seats] == [
        ("You", "human"),
        ("Rand", "random"),
        ("Grace", "greedy"),
    ]
    # the turn under way is not in the file: the same tile waits to be placed again
    assert (again.pending.kind, again.pending.tile) == ("place", "L")
    # naming the people overrides the file's seats; the others play as `bot`
    named = PlaySession.from_game(load_game(data), humans=("Rand",), bot="random")
    assert [s.kind for s in named.seats] == ["random", "human", "random"]


def test_the_seats_of_a_game_file_are_checked():
    data = _new(seed=3, tiles=5).to_json()
    assert load_game(data).seats == ("human", "greedy")
    assert load_game({k: v for k, v in data.items() if k != "seats"}).seats is None
    for seats, words in (
        (["human"], "names who sat at each of the 2 seats"),
        (["human", "robot"], "must be one of human, greedy, random, not 'robot'"),
        ("human", "must be a list"),
    ):
        with pytest.raises(CarcTeachError, match="seats") as raised:
            load_game(data | {"seats": seats})
        assert words in str(raised.value)


def test_a_short_game_with_the_count_draws_what_the_seeded_game_would():
    # the City of Carcassonne replaces the start tile: a short game's tile order must leave
    # that D out, as the seeded game's bag does (seed 4 with 75 tiles drew a fourth D once)
    from carc_teach.simulate import random_game

    short = PlaySession.new(
        [("You", "human"), ("Bot", "greedy")], expansions=("count",), seed=4, tiles=70
    )
    seeded = random_game(4, expansions=("base", "count"), players=("You", "Bot"))
    drawn = [e.tile for e in seeded.events if e.kind == "tile-drawn"]
    assert list(short.setup.tile_order) == drawn[:70]
    assert len(drawn) == 71 and drawn.count("D") == 3


def test_the_greedy_bots_play_the_same_game_for_the_same_seed():
    def played():
        session = _new(expansions=EXPANSIONS, seed=12, tiles=14)
        _play_out(session)
        return [e.text for e in session.events]

    first = played()
    assert first == played()
    # and another seed is another game
    other = _new(expansions=EXPANSIONS, seed=13, tiles=14)
    _play_out(other)
    assert [e.text for e in other.events] != first
