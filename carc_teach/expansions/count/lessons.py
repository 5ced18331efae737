"""The Count of Carcassonne walkthrough (``notebooks/count_of_carcassonne.py``): its lessons and
the questions they add to the ones every Count game asks (:func:`count_views.walkthrough_question`:
the points of a scoring, "may Alice enter the City now?").

Each lesson is one bundled game (:data:`LESSONS`); the first, ``count-city``, is the one the
walkthrough always opened on. The questions below are asked where learners usually go wrong,
and everything they say is read from the game: the events the engine emitted (kinds, rule ids,
annotations, ``data``) and the state replayed just before the event.

- :func:`river_city_question_for`: under the house rule that lays the river first, where the
  City of Carcassonne goes once the river is done (beside it, where it touches the most river
  tiles; house-count-river-first, ckr-6);
- :func:`barn_deploy_question_for`: a barn whose placement made only others' farmers score
  opens the City, although the barn will pay its owner after the game (ckr-10);
- :func:`strength_question_for`: how strong a mayor or wagon is that has just come out of the
  City, under the option ``count.special-figure-strength`` (RGG's "counts as two", ckr-17);
- :func:`cathedral_question_for`: a follower from the cathedral quarter may join a cloister
  that already has a monk, and a big follower outweighs it (ckr-22);
- :func:`round_question_for`: once everybody has decided, a player who passed gets no second
  chance to redeploy (one round, ckr-28).

:func:`question` asks one of these, or what :func:`count_views.walkthrough_question` asks;
:func:`note` holds a move note back until the question of its turn has been answered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ... import teach
from ...events import render
from ...figures import kind_of
from ...i18n import N_, _, current_language, format_list, ngettext
from ...lessons import helpers as common
from ...lessons.lesson_sets import Lesson, LessonSet, Walkthrough
from . import views as count_views

if TYPE_CHECKING:  # pragma: no cover
    from ...events import Event
    from ...game import Game

__all__ = [
    "Lesson",
    "LESSONS",
    "lesson_titles",
    "lesson",
    "load_lesson",
    "river_city_question_for",
    "barn_deploy_question_for",
    "strength_question_for",
    "cathedral_question_for",
    "round_question_for",
    "expansion_question",
    "question",
    "note",
    "footnotes_by_lesson",
    "footnotes_by_lesson_markdown",
]


# -- the lessons -------------------------------------------------------------------------------


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        N_("Into the City and out again"),
        "count-city",
        N_(
            "Alice completes cities for Bob and scores nothing herself. Watch when the City opens "
            "to her, where her followers wait, and where they go next."
        ),
    ),
    Lesson(
        N_("A barn opens the City, a mayor leaves it"),
        "count-barn-mayor",
        N_(
            "With Abbey & Mayor, by Rio Grande Games' (RGG's) rules. Alice puts her barn on Bob's farm, and later "
            "sends a mayor into Bob's city. Watch whether the barn earns her a place in the City, "
            "and what the mayor weighs once it comes out."
        ),
    ),
    Lesson(
        N_("A second monk from the cathedral"),
        "count-cathedral",
        N_(
            "Bob's big follower waits in the cathedral quarter while Alice surrounds the cloister "
            "her monk stands on. Watch what the cathedral may do when her cloister is finished."
        ),
    ),
    Lesson(
        N_("One round of redeploying"),
        "count-one-round",
        N_(
            "Alice and Bob each have a follower waiting in the castle when Alice finishes a small "
            "empty city. Watch the order in which they decide, and what a player who let the "
            "chance go may still do."
        ),
    ),
    Lesson(
        N_("The river first, then the City"),
        "count-river-first",
        N_(
            "With The River II and the house rule that lays the river before the City. Watch "
            "where the City of Carcassonne ends up once the last river tile is down."
        ),
    ),
)

_LESSONS = LessonSet(LESSONS)
lesson_titles = _LESSONS.titles
lesson = _LESSONS.lesson
load_lesson = _LESSONS.load
footnotes_by_lesson = _LESSONS.footnotes
footnotes_by_lesson_markdown = _LESSONS.footnotes_markdown


# -- small helpers -----------------------------------------------------------------------------


def _span(game: Game, index: int) -> list[Event]:
    return [game.events[k] for k in teach.turn_span(game, index)]


def _scoring_after(game: Game, index: int) -> list[Event]:
    """The points and no-score events of the scoring that follows event ``index`` (the
    redeployments and strengths before it skipped)."""
    out: list[Event] = []
    for k in range(index + 1, len(game.events)):
        e = game.events[k]
        if e.kind in ("points", "no-score"):
            out.append(e)
        elif out or e.kind not in ("figure-moved", "figure-strength", "count-redeploy-closed"):
            break
    return out


def _title(kind: str) -> str:
    return kind_of(kind).title


#: the names of the figures a quarter may send out, as the catalogues translate them
_FIGURE_NAMES = {
    "follower": N_("follower"),
    "big-follower": N_("big follower"),
    "mayor": N_("mayor"),
    "wagon": N_("wagon"),
}


def _figure_name(kind: str) -> str:
    """A figure's name in lower case, in the current language where the catalogue has it."""
    known = _FIGURE_NAMES.get(kind)
    return _(known) if known else _title(kind).lower()


# -- the river first, then the City ------------------------------------------------------------


def river_city_question_for(game: Game, index: int) -> teach.Prediction | None:
    """ "Where does the City go?", asked at the ``count-city-laid`` event (house rule
    ``river-first``): once the river is done the City is laid against it, where its tiles touch
    the most river tiles. The wrong choices are the other ways of starting with both (ckr-6)
    and the belief that the City keeps the centre of the table."""
    event = game.events[index]
    if event.kind != "count-city-laid":
        return None
    touched = (event.data or {}).get("river_tiles_touched")
    if not touched:
        return None
    answer = _("Against the river, where its tiles touch the most river tiles")
    choices = (
        answer,
        _("In the middle of the table, where the start tile would have gone"),
        _("Next to the spring, with the river flowing straight away from it"),
        _("Nowhere: the City is left out of a game with a river"),
    )
    explanation = _(
        "Under this house rule the river is laid first, from the spring to the volcano lake; "
        "then the twelve tiles of the City go against it, on the spot where they touch the "
        "most river tiles (here {touched} of them). The City was never at the centre: the "
        "spring was the start. Laying the spring beside the City, with the river flowing "
        "away from it, is the answer of the original Count rules, when the City came first; "
        "the Count, King & Robber box advised against combining the two at all, and the "
        "latest River II rules remove a river tile that no longer fits. With the house rule "
        "the City is never in the river's way.",
        touched=touched,
    )
    return teach.Prediction(
        _(
            "The volcano lake has just closed the river. Under this game's house rule, where do "
            "the twelve tiles of the City of Carcassonne go?"
        ),
        choices,
        answer,
        explanation,
    )


# -- a barn opens the City ---------------------------------------------------------------------


def barn_deploy_question_for(game: Game, index: int) -> teach.Prediction | None:
    """ "May Alice enter the City after her barn made Bob's farmer score?", asked at the
    deployment to a quarter that a barn's placement made possible: only points scored now
    count, so a barn that will pay its owner after the game does not close the City (ckr-10).
    None elsewhere."""
    event = game.events[index]
    if event.kind != "figure-deployed" or event.rule != "count.deploy":
        return None
    span = [e for e in _span(game, index) if e.index < index]
    placer = event.player
    barn = [e for e in span if e.kind == "points" and e.rule == "barn.scoring" and e.points > 0]
    if not barn or any(e.kind == "points" and e.player == placer and e.points for e in span):
        return None
    others = format_list(sorted({e.player for e in barn}, key=game.players.index))
    answer = _("Yes: {others} scored now and {placer} scored nothing", others=others, placer=placer)
    choices = (
        answer,
        _(
            "No: {placer}'s barn will score after the game, so {placer} counts as scoring",
            placer=placer,
        ),
        _("No: {placer}'s tile completed no road, city or cloister", placer=placer),
        _("Yes, but only into the market, because a farm was scored"),
    )
    explanation = _(
        "{placer}'s barn made {others} score at once and {placer} scored nothing in this "
        "turn, so {placer} may put one figure into a quarter of the City. What the barn "
        "will earn {placer} after the game does not count: only the points of this turn "
        "decide. Under the original rules, where only a completed road, city or cloister "
        "opened the City, the barn's scoring would not have been enough "
        "(count.deploy-trigger). The quarter is free to choose as usual; a mayor may only "
        "wait in the castle, a wagon anywhere but the market, and a barn never enters.",
        placer=placer,
        others=others,
    )
    return teach.Prediction(
        _(
            "{placer}'s barn has just made {others} score. May {placer} now put a figure into a "
            "quarter of the City of Carcassonne?",
            placer=placer,
            others=others,
        ),
        choices,
        answer,
        explanation,
    )


# -- a mayor or wagon out of the City ----------------------------------------------------------


def _came_from_city(game: Game, index: int, figure: str) -> bool:
    return any(
        e.kind == "figure-moved" and e.figure == figure and e.rule.startswith("count.redeploy.")
        for e in _span(game, index)
        if e.index < index
    )


def strength_question_for(game: Game, index: int) -> teach.Prediction | None:
    """ "How strong is the mayor that has just left the City?", asked at the strength event
    of a mayor or wagon moved in from a quarter during this turn's scoring. Under the option
    ``count.special-figure-strength`` = ``two-each`` (RGG's and HiG Big Box 2's printed words)
    it counts as two followers; otherwise as usual (a mayor its city's pennants, a wagon one).
    The choices are the outcomes of those strengths and of 0; the answer is the strength the
    engine gave and the scoring that followed."""
    event = game.events[index]
    if event.kind != "figure-strength" or event.figure is None:
        return None
    if event.rule not in ("mayor.strength", "wagon.score"):
        return None
    if not _came_from_city(game, index, event.figure):
        return None
    state = game.replay(index - 1)
    figure = state.figures.get(event.figure)
    if figure is None or figure.node is None:
        return None
    feature = state.board.features.feature_of(figure.node)
    strength = (event.data or {}).get("strength")
    if strength is None:
        return None
    from ...scoring import figure_strength

    others: dict[str, int] = {}
    for f in feature.figures:
        if f.player is not None and f.id != figure.id:
            others[f.player] = others.get(f.player, 0) + figure_strength(state, f, feature)
    owner = figure.player

    def with_strength(n: int) -> list[str]:
        tally = dict(others)
        tally[owner] = tally.get(owner, 0) + n
        return common.winners(tally)

    scored = sorted({e.player for e in _scoring_after(game, index) if e.kind == "points"})
    if sorted(with_strength(strength)) != scored:  # pragma: no cover - the engine decided
        return None
    usual = (feature.pennants if feature.kind == "city" else 0) if figure.kind == "mayor" else 1
    name = _figure_name(figure.kind)
    what = feature.kind if feature.kind != "field" else "farm"
    said = _OUTCOMES.get(what, _OUTCOMES["city"])

    def who_takes(players: list[str]) -> str:
        if not players:
            return _(said[0])
        if len(players) == 1:
            return _(said[1], player=players[0])
        return _(said[2], names=format_list(players))

    def choice(n: int, why: str) -> str:
        return _(
            "It counts {n} ({why}): {outcome}", n=n, why=why, outcome=who_takes(with_strength(n))
        )

    usual_why = (
        ngettext("its city's {n} pennant", "its city's {n} pennants", usual, n=usual)
        if figure.kind == "mayor"
        else _("one follower, as always")
    )
    options = {
        2: _("two followers, by RGG's words"),
        usual: usual_why,
        0: _("nothing at all"),
    }
    if 1 not in options:
        options[1] = _("one follower, like a knight")
    answer = choice(strength, options[strength])
    choices = tuple(choice(n, why) for n, why in sorted(options.items()))
    if strength == 2 and usual != 2:
        rule = _(
            "This game follows RGG's rules, whose text says that a {name} coming out of the "
            "City counts as two followers in the scoring it joins. The community reads the "
            "same sentence of HiG's Big Box 2 as a slip copied from the big follower, and "
            "would count the {name} as usual ({usual}); the option "
            "count.special-figure-strength switches between the two readings.",
            name=name,
            usual=usual,
        )
    else:
        rule = _(
            "This game counts a {name} from the City as usual ({usual}), the community's "
            "reading; RGG's printed words would make it two followers "
            "(count.special-figure-strength).",
            name=name,
            usual=usual,
        )
    tally = ", ".join(
        f"{p} {others.get(p, 0) + (strength if p == owner else 0)}"
        for p in game.players
        if p == owner or p in others
    )
    so = _(
        "So here {owner}'s {name} counts {strength} ({tally}): {outcome}. Either way it "
        "changes only who wins, never what the feature is worth, and the extra weight lasts "
        "for this scoring only.",
        owner=owner,
        name=name,
        strength=strength,
        tally=tally,
        outcome=who_takes(with_strength(strength)),
    )
    return teach.Prediction(
        _(
            said[3],
            owner=owner,
            name=name,
            feature=render(feature.phrase(), current_language()),
        ),
        choices,
        answer,
        f"{rule} {so}",
    )


#: who takes a feature (nobody, one player, tied players) and the strength question, per kind
_OUTCOMES = {
    "city": (
        N_("nobody scores the city"),
        N_("{player} alone takes the city"),
        N_("{names} share the city, each scoring it in full"),
        N_(
            "{owner}'s {name} has just come out of the City of Carcassonne into {feature}. "
            "How strong is it there, and who takes the city?"
        ),
    ),
    "road": (
        N_("nobody scores the road"),
        N_("{player} alone takes the road"),
        N_("{names} share the road, each scoring it in full"),
        N_(
            "{owner}'s {name} has just come out of the City of Carcassonne into {feature}. "
            "How strong is it there, and who takes the road?"
        ),
    ),
    "farm": (
        N_("nobody scores the farm"),
        N_("{player} alone takes the farm"),
        N_("{names} share the farm, each scoring it in full"),
        N_(
            "{owner}'s {name} has just come out of the City of Carcassonne into {feature}. "
            "How strong is it there, and who takes the farm?"
        ),
    ),
    "cloister": (
        N_("nobody scores the cloister"),
        N_("{player} alone takes the cloister"),
        N_("{names} share the cloister, each scoring it in full"),
        N_(
            "{owner}'s {name} has just come out of the City of Carcassonne into {feature}. "
            "How strong is it there, and who takes the cloister?"
        ),
    ),
}


# -- a second monk from the cathedral ----------------------------------------------------------


def cathedral_question_for(game: Game, index: int) -> teach.Prediction | None:
    """ "What may the cathedral do now?", asked at the first move from the cathedral quarter
    into a cloister that already has a monk: nothing forbids a second monk, and a big follower
    outweighs one (ckr-22). The answer names the scoring that followed."""
    event = game.events[index]
    if event.kind != "figure-moved" or event.rule != "count.redeploy.cathedral":
        return None
    if any(
        e.rule == "count.redeploy.cathedral" and e.kind == "figure-moved"
        for e in _span(game, index)
        if e.index < index
    ):
        return None
    state = game.replay(index - 1)
    mover = state.figures.get(event.figure or "")
    if mover is None:
        return None
    after = game.replay(index)
    node = after.figures[mover.id].node
    if node is None:
        return None
    cloister = state.board.features.feature_of(node)
    holders = sorted({f.player for f in cloister.figures if f.player}, key=game.players.index)
    if not holders or mover.player in holders:
        return None
    scored = [e.player for e in _scoring_after(game, index) if e.kind == "points"]
    placer = teach.turn_placer(game, index) or holders[0]
    owner = mover.player
    name = _figure_name(mover.kind)
    outcome = _cloister_outcome(scored)
    answer = _("{owner} may send the {name} in: {outcome}", owner=owner, name=name, outcome=outcome)
    if len(scored) == 1:
        other = _cloister_outcome(sorted({*holders, owner}, key=game.players.index))
    else:
        other = _cloister_outcome([owner])
    choices = (
        answer,
        _("{owner} may send the {name} in: {outcome}", owner=owner, name=name, outcome=other),
        _("Nothing: a cloister that has a monk takes no second one"),
        _(
            "Nothing: only {placer}, who placed the tile, may bring a follower out of the City",
            placer=placer,
        ),
    )
    monks = format_list([_("{player}'s monk", player=p) for p in holders])
    rule = _(
        "Before the cloister scores, the cathedral quarter may send followers into it, "
        "starting with the player on {placer}'s left, whoever already stands there. No rule "
        "ever said a cloister holds one monk only; tiles simply never let a second one in.",
        placer=placer,
    )
    if mover.kind == "big-follower":
        joins = _(
            "So {owner}'s {name} joins {monks}, and the majority decides as in any feature: "
            "a big follower weighs two: {outcome}.",
            owner=owner,
            name=name,
            monks=monks,
            outcome=outcome,
        )
    else:
        joins = _(
            "So {owner}'s {name} joins {monks}, and the majority decides as in any feature: "
            "{outcome}.",
            owner=owner,
            name=name,
            monks=monks,
            outcome=outcome,
        )
    place = render(cloister.phrase(), current_language())
    return teach.Prediction(
        _(
            "{placer}'s tile completes {cloister}, where {monks} stands. {owner} has a "
            "{name} waiting in the cathedral quarter. What may happen before the cloister "
            "scores?",
            placer=placer,
            cloister=place,
            monks=monks,
            owner=owner,
            name=name,
        ),
        choices,
        answer,
        f"{rule} {joins}",
    )


def _cloister_outcome(players: list[str]) -> str:
    """Who takes the cloister, as :data:`_OUTCOMES` says it, in the current
    language."""
    if not players:
        return _("nobody scores the cloister")
    if len(players) == 1:
        return _("{player} alone takes the cloister", player=players[0])
    return _("{names} share the cloister, each scoring it in full", names=format_list(players))


# -- one round of redeploying ------------------------------------------------------------------


def round_question_for(game: Game, index: int) -> teach.Prediction | None:
    """ "May Bob still join?", asked at the ``count-redeploy-closed`` event: the redeployment
    goes once round the table, so a player who passed before somebody else moved in gets no
    second chance (ckr-28)."""
    event = game.events[index]
    if event.kind != "count-redeploy-closed":
        return None
    passed = list((event.data or {}).get("passed", ()))
    if not passed:
        return None
    quarter = event.rule.rpartition(".")[2]
    who = passed[0]
    moved = [
        e
        for e in _span(game, index)
        if e.index < index and e.kind == "figure-moved" and e.rule == event.rule
    ]
    movers = format_list(sorted({e.player for e in moved}, key=game.players.index))
    placer = teach.turn_placer(game, index) or movers
    quarter_name = _(quarter)
    answer = _("No: everybody has decided once, so {who} has had the chance", who=who)
    choices = (
        answer,
        _("Yes: the round starts again because {movers} moved in", movers=movers),
        _("Yes: anybody may join until the points are counted"),
        _("No: the Count blocks the {quarter}", quarter=quarter_name),
    )
    state = game.replay(index - 1)
    from .rules import count_quarter

    where = count_quarter(state)
    where_name = _(where) if where else _("elsewhere")
    explanation = _(
        "Before a scoring during the game the redeployment goes once round the table, from "
        "the left of {placer}, who placed the tile, to {placer}, each player deciding once "
        "how many followers to bring in. {who} decided first and passed; {movers} then moved "
        "in. RGG's rules say outright that there is one round only, so {who} may not answer "
        "it. (The Count stands in the {where}, so he blocks nobody in the {quarter}.) The "
        "option count.redeploy-rounds can play the other reading, where the round repeats "
        "while anybody still moves.",
        placer=placer,
        who=who,
        movers=movers,
        where=where_name,
        quarter=quarter_name,
    )
    return teach.Prediction(
        _(
            "{who} passed; then {movers} moved a follower from the {quarter} into the feature "
            "about to score. {who} still has a follower in the {quarter}. May {who} bring it in "
            "now?",
            who=who,
            movers=movers,
            quarter=quarter_name,
        ),
        choices,
        answer,
        explanation,
    )


# -- the question at each event, move notes ----------------------------------------------------

_QUESTIONS = (
    river_city_question_for,
    barn_deploy_question_for,
    strength_question_for,
    cathedral_question_for,
    round_question_for,
)


def expansion_question(game: Game, index: int) -> teach.Prediction | None:
    """The question one of this walkthrough's lessons adds at event ``index``, or the City
    question every Count game asks (:func:`count_views.city_question_for`); not the points."""
    for ask in _QUESTIONS:
        found = ask(game, index)
        if found is not None:
            return found
    return count_views.city_question_for(game, index)


def question(game: Game, index: int) -> teach.Prediction | None:
    """The question the walkthrough asks at event ``index``: the points of a scoring
    (:func:`teach.prediction_for`), else one of the lessons' questions or the City question.
    For ``count-city`` this is :func:`count_views.walkthrough_question`."""
    return teach.prediction_for(game, index) or expansion_question(game, index)


def note(game: Game, index: int, *, quiz: bool = True) -> str:
    """The move note to show at event ``index``, as :func:`teach.event_note`, except that a
    note ahead of a question of its turn waits for that question and is shown with it."""
    return teach.note_held_for(game, index, quiz, expansion_question)


# -- the walkthrough -----------------------------------------------------------------------

# The board draws the quarters' tiles; who waits in them is listed there.
WALKTHROUGH = Walkthrough(
    question=question,
    note=note,
    panels=((N_("The City of Carcassonne"), count_views.city_quarters_html),),
    board_help=N_("""
    **How to read the board.** The twelve tiles in the middle are the City; hover a tile to
    see which quarter it holds. Followers waiting in a quarter stand on a place, not in a
    feature, so the board does not draw them: the table beside it lists them and the Count,
    and shades the quarter the current event changed. Orange frame: the tile just placed.
    Yellow: the feature the event is about.
        """),
    lessons=_LESSONS,
    quiz_label=N_("Ask me first (points, and who may enter the City)"),
)
