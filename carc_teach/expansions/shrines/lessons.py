"""The Heretics & Shrines walkthrough (``notebooks/heretics_and_shrines.py``): its lessons and
the questions it adds to those of :mod:`carc_teach.expansions.shrines.views` (``shrines_question``, the open
challenges table).

Each lesson is a bundled game (:data:`LESSONS`); the first is the walkthrough's original game,
``shrines``. The questions are asked where learners go wrong, and everything they say is read
from the game: the events the engine emitted (kinds, rule ids, ``data``) and the state
replayed around the event.

- the placement limit (:func:`limit_question_for`): at a ``placement-limited`` event, "could
  the shrine (cloister, abbey) have gone at that other square?" (no: a neighbour would get a
  second rival, or it would touch two; an abbey is a cloister here);
- the house rule that lets crowded buildings stand (:func:`empty_question_for`): at a
  ``building-must-stay-empty`` event, "may a follower go on it?" (no);
- the challenge with an abbey or a wagon in it (:func:`challenge_question_for`): "who scores?",
  naming the abbey and the wagon as they are (the base question names a heretic and a monk);
- the wagon (:func:`wagon_question_for`): on the building that lost a challenge it goes home
  and does not move on; under the house rule ``wagon.cloister-access`` it may not roll on to a
  cloister or abbey whose tile has no road.

:func:`question` asks one of these, or :func:`shrines_views.shrines_question` (a challenge's outcome,
the points of a scoring); :func:`note` holds back a move note until the question of its turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ... import teach
from ...events import english, render
from ...i18n import N_, _, current_language, format_list
from ...lessons import helpers as common
from ...lessons.lesson_sets import Lesson, LessonSet, Walkthrough
from ...text import capitalise
from ..abbey_mayor.lessons import abbey_mayor_module
from . import views as shrines_views

if TYPE_CHECKING:  # pragma: no cover
    from ...features import Feature
    from ...game import Game

__all__ = [
    "Lesson",
    "LESSONS",
    "lesson_titles",
    "lesson",
    "load_lesson",
    "limit_question_for",
    "empty_question_for",
    "challenge_question_for",
    "challenge_start_question_for",
    "wagon_question_for",
    "expansion_question",
    "question",
    "note",
    "footnotes_by_lesson",
    "footnotes_by_lesson_markdown",
]


# -- the lessons -------------------------------------------------------------------------------


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        N_("Three challenges"),
        "shrines",
        N_(
            "Alice lays shrines with heretics, Bob cloisters with monks, side by side. Watch "
            "three races: one tile that finishes both buildings, a building finished first, and a "
            "race nobody has won when the game ends."
        ),
    ),
    Lesson(
        N_("An abbey and a wagon in the race"),
        "shrines-abbey-wagon",
        N_(
            "With Abbey & Mayor: Bob's wagon stands on a shrine, and Alice fills a hole with her "
            "abbey next to it. Watch where the abbey may go, what happens when abbey and shrine "
            "race each other, and what becomes of the wagon afterwards."
        ),
    ),
    Lesson(
        N_("House rules: crowded buildings, wagons on roads"),
        "shrines-house-rules",
        N_(
            "Two house rules at once: more shrines may crowd around a cloister, and a wagon may "
            "use a cloister or abbey only if its tile shows a road. Watch a second shrine land "
            "beside a cloister in a challenge, and Bob's wagon after its road is closed by an "
            "abbey."
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


def _plain(why: str) -> str:
    """The engine's reason without the footnote id it names in passing (in every language:
    "(a cloister for this rule, ckr-45)" -> "(a cloister for this rule)")."""
    return why.replace(", ckr-45)", ")")


def _limit_reason(game: Game, index: int, refused: dict) -> str:
    """The engine's reason the placement limit refused ``refused`` (an item of the event's
    ``data["refused"]``) in the current language: the limit asked again of the board after
    the placement, as the event asked it (its English is the event's ``why``)."""
    from .rules import limit_breach

    event = game.events[index]
    state = game.replay(index)
    breach = limit_breach(
        state.board, event.data["building"], tuple(refused["square"]), ignore=tuple(event.pos)
    )
    if breach is None or english(breach[0]) != refused["why"]:
        return refused["why"]  # not the reason the event wrote: its English, as recorded
    return render(breach[0], current_language())


def _rival(building: str) -> str:
    return "cloister" if building == "shrine" else "shrine"


# -- the placement limit -----------------------------------------------------------------------


def limit_question_for(game: Game, index: int) -> teach.Prediction | None:
    """ "Could it have gone there instead?", asked at a ``placement-limited`` event about the
    first square the limit refused: no, because a neighbour would get a second rival (ckr-44),
    because it would touch two rivals itself (ckr-43), an abbey being a cloister here (ckr-45).
    The wrong choices are the usual misreadings of the limit. None elsewhere."""
    event = game.events[index]
    if event.kind != "placement-limited" or not event.data.get("refused"):
        return None
    building = event.data["building"]
    first = event.data["refused"][0]
    square, notes = first["square"], first["annotations"]
    reason = _limit_reason(game, index, first)
    placer = event.player or _("The player")
    where, there = common.square(event.pos), common.square(square)
    text = event.text_in()

    def build():
        asked = (
            _(
                "{placer} has just played the abbey at {where}. By its edges it would also "
                "have fitted at {there}. Could {placer} have put it there instead?",
                placer=placer,
                where=where,
                there=there,
            )
            if building == "abbey"
            else _(_LIMIT_ASKED[building], placer=placer, where=where, there=there)
        )
        # the engine's reason in the language asked (build() runs once in English)
        why = _plain(first["why"] if current_language() == "en" else reason)
        answer = _("No: {why}", why=why)
        wrong = [_(_LIMIT_WRONG[building][0 if "ckr-44" in notes else 1])]
        wrong.append(_("Yes: the limit only counts buildings with a follower on them"))
        if building == "abbey":
            wrong.append(_("Yes: an abbey fits any hole with tiles on all four sides"))
            wrong.append(
                _("Yes: the limit is about cloisters and shrines, and an abbey is neither")
            )
        else:
            wrong.append(_(_LIMIT_WRONG[building][2]))
        explanation = _(
            "Among its eight neighbours (corners included) a shrine may have at most one "
            "cloister, and a cloister at most one shrine; a tile that would give a building "
            "already in the board a second rival is refused as well. An abbey counts as a "
            "cloister for this limit. Here: {text}",
            text=text,
        )
        return asked, [answer, *wrong], explanation

    return common.in_english_order(build)


#: the limit question, per building laid (an abbey's is written where it is asked)
_LIMIT_ASKED = {
    "shrine": N_(
        "{placer} has just laid a shrine at {where}. By its edges it would also have fitted "
        "at {there}. Could {placer} have put it there instead?"
    ),
    "cloister": N_(
        "{placer} has just laid a cloister at {where}. By its edges it would also have "
        "fitted at {there}. Could {placer} have put it there instead?"
    ),
}

#: its wrong answers, per building: the neighbours' count ignored, only the rival limited,
#: never next to a rival (not asked of an abbey)
_LIMIT_WRONG = {
    "shrine": (
        N_(
            "Yes: the shrine itself would touch only one cloister there; what its neighbours "
            "already have does not count"
        ),
        N_(
            "Yes: the limit only stops a cloister from getting a second neighbour, not the "
            "shrine being laid"
        ),
        N_("No: a shrine may never be laid next to a cloister"),
    ),
    "cloister": (
        N_(
            "Yes: the cloister itself would touch only one shrine there; what its neighbours "
            "already have does not count"
        ),
        N_(
            "Yes: the limit only stops a shrine from getting a second neighbour, not the "
            "cloister being laid"
        ),
        N_("No: a cloister may never be laid next to a shrine"),
    ),
    "abbey": (
        N_(
            "Yes: the abbey itself would touch only one shrine there; what its neighbours "
            "already have does not count"
        ),
        N_(
            "Yes: the limit only stops a shrine from getting a second neighbour, not the "
            "abbey being laid"
        ),
    ),
}


def empty_question_for(game: Game, index: int) -> teach.Prediction | None:
    """At a ``building-must-stay-empty`` event (house rule ``shrine.placement-limit =
    extra-if-empty``, ckr-46): "may a follower go on it?" No: it may stand there, but empty,
    so that no second challenge can start. None elsewhere."""
    event = game.events[index]
    if event.kind != "building-must-stay-empty" or event.pos is None:
        return None
    state = game.replay(index)
    building = next(
        (f for f in state.board.features.features_on(event.pos) if f.kind == "cloister"), None
    )
    if building is None:
        return None
    kind = building.building or "cloister"
    placer = event.player or _("The player")
    where = common.square(event.pos)
    text = event.text_in()
    said = _EMPTY[kind] if kind in _EMPTY else _EMPTY["cloister"]

    def build():
        asked = _(said[0], placer=placer, where=where)
        answer = _("No: under the house rule it may stand there, but nobody may ever occupy it")
        wrong = [
            _(said[1]),
            _("Yes, but only {placer}, who laid it", placer=placer),
            _(
                "It cannot stand there: the tile goes back and {placer} lays it elsewhere",
                placer=placer,
            ),
        ]
        explanation = _(
            "Officially no building may have two rivals around it. The house rule lets the "
            "tile stand anyway, on one condition: the extra building stays empty for the rest "
            "of the game, so no second challenge can start. It still counts as a tile around "
            "its neighbours. Here: {text}",
            text=text,
        )
        return asked, [answer, *wrong], explanation

    return common.in_english_order(build)


#: the house-rule question and its first wrong answer, per building laid
_EMPTY = {
    "shrine": (
        N_(
            "{placer} has just laid the shrine at {where}, which the official limit would "
            "refuse there. This game plays the house rule that allows crowded buildings. May "
            "{placer} put a heretic on it?"
        ),
        N_("Yes: a heretic on it starts a second challenge with its neighbour"),
    ),
    "cloister": (
        N_(
            "{placer} has just laid the cloister at {where}, which the official limit would "
            "refuse there. This game plays the house rule that allows crowded buildings. May "
            "{placer} put a monk on it?"
        ),
        N_("Yes: a monk on it starts a second challenge with its neighbour"),
    ),
    "abbey": (
        N_(
            "{placer} has just laid the abbey at {where}, which the official limit would "
            "refuse there. This game plays the house rule that allows crowded buildings. May "
            "{placer} put a monk on it?"
        ),
        N_("Yes: a monk on it starts a second challenge with its neighbour"),
    ),
}


# -- a challenge with an abbey or a wagon ------------------------------------------------------


def _who(feature: Feature, role: str) -> str:
    """'Bob's wagon', 'Alice's monk': what stands on a building of a challenge."""
    parts = []
    for f in sorted(feature.figures, key=lambda f: f.id):
        if f.player is None:
            continue
        said = "wagon" if f.kind == "wagon" else role
        parts.append(_(_WHO[said], player=f.player))
    return format_list(sorted(set(parts))) or _("nobody")


#: one figure on a building of a challenge
_WHO = {
    "wagon": N_("{player}'s wagon"),
    "heretic": N_("{player}'s heretic"),
    "monk": N_("{player}'s monk"),
}

#: the challenge question's choices, per kind of the shrine's rival: both score, only the
#: rival scores
_CHALLENGE_CHOICES = {
    "cloister": (
        N_("Both: the shrine ({on_shrine}) and the cloister ({on_cloister})"),
        N_("Only the cloister ({on_cloister}): {on_shrine} goes home with nothing"),
    ),
    "abbey": (
        N_("Both: the shrine ({on_shrine}) and the abbey ({on_cloister})"),
        N_("Only the abbey ({on_cloister}): {on_shrine} goes home with nothing"),
    ),
}


def challenge_question_for(game: Game, index: int) -> teach.Prediction | None:
    """ "Who scores?" at the first completion of a building in a challenge, as
    :func:`shrines_views.challenge_question_for`, when an abbey or a wagon takes part (which that
    question would call a cloister and a heretic or monk); None otherwise, and elsewhere."""
    asked = shrines_views.challenge_question_for(game, index)
    if asked is None or game.events[index].kind != "feature-completed":
        return None
    found = shrines_views.challenge_question_at(game, index)
    if found is None:  # pragma: no cover - asked implies found
        return None
    outcome, completions = found
    state = game.replay(index - 1)
    features = state.board.features
    shrine = next(
        features.feature_of(n) for n in outcome.nodes if features.feature_of(n).building == "shrine"
    )
    cloister = next(features.feature_of(n) for n in outcome.nodes if n != shrine.nodes[0])
    wagon = any(f.kind == "wagon" for f in (*shrine.figures, *cloister.figures))
    if cloister.building != "abbey" and not wagon:
        return None
    kind = cloister.building or "cloister"
    done = {n for k in completions for n in game.events[k].nodes}
    placer = game.events[index].player
    at = common.square(shrine.nodes[0])
    won_shrine = shrine.nodes[0] in done

    def build():
        on_shrine, on_cloister = _who(shrine, "heretic"), _who(cloister, "monk")
        said = _CHALLENGE_CHOICES.get(kind, _CHALLENGE_CHOICES["cloister"])
        people = {"on_shrine": on_shrine, "on_cloister": on_cloister}
        both = _(said[0], **people)
        only_shrine = _(
            "Only the shrine ({on_shrine}): {on_cloister} goes home with nothing", **people
        )
        only_cloister = _(said[1], **people)
        nobody = _("Nobody: the challenge cancels both buildings")
        place = render(cloister.phrase(), current_language())
        if outcome.kind == "challenge-drawn":
            answer, what = both, _("both buildings")
            why = _("Neither was completed first, so there is no loser and both score as usual")
        else:
            answer = only_shrine if won_shrine else only_cloister
            what = _("the shrine at {square}", square=at) if won_shrine else place
            why = capitalise(
                _(
                    "{what} is completed first, so it wins and scores as usual; whatever "
                    "stands on the other building goes home without points, whoever laid the "
                    "tile, and that building stays on the board, empty",
                    what=what,
                )
            )
        asked = _(
            "{placer}'s tile completes {what} of the challenge between the shrine at {square} "
            "and {cloister}. Who scores?",
            placer=placer,
            what=what,
            square=at,
            cloister=place,
        )
        sentences = [f"{why}."]
        if kind == "abbey":
            sentences.append(
                _(
                    "An abbey is a cloister in every respect, so it races a shrine like any cloister."
                )
            )
        if wagon:
            sentences.append(
                _("A wagon on a shrine or cloister counts as one follower there, in a race too.")
            )
        return asked, [answer, only_shrine, only_cloister, both, nobody], " ".join(sentences)

    return common.in_english_order(build)


# -- the wagon ---------------------------------------------------------------------------------


def _wagon_loss(game: Game, index: int):
    """For the ``figure-returned`` event of a wagon on a building that lost a challenge: (the
    state before, the wagon, its building); else None."""
    event = game.events[index]
    if event.kind != "figure-returned" or event.rule != "shrine.challenge.resolve":
        return None
    state = game.replay(index - 1)
    wagon = state.figures.get(event.figure or "")
    if wagon is None or wagon.kind != "wagon" or wagon.node is None:
        return None
    return state, wagon, state.board.features.feature_of(wagon.node)


def _side(side: int) -> str:
    """A side of a tile (0 north, clockwise), as a road or city leaving it is named."""
    return (
        _("north"),
        _("east"),
        _("south"),
        _("west"),
    )[side]


def _phrase(feature: Feature) -> str:
    """The engine's name of ``feature`` in the current language ("the cloister at (1, 1)")."""
    return render(feature.phrase(), current_language())


def _name(feature: Feature, state=None) -> str:
    """How a question names a feature: a cloister by its square; a road of one tile by the
    side it leaves that tile (two roads of one crossing read apart); others by a tile."""
    if feature.kind == "cloister":
        return _phrase(feature)
    x, y, seg_id = min(feature.nodes)
    if state is not None and feature.size == 1:
        placed = state.board.tiles[(x, y)]
        seg = next((s for s in placed.tile.segments if s.id == seg_id), None)
        if seg is not None and len(seg.sides) == 1:
            leaving = _LEAVING.get(feature.kind, _LEAVING["road"])
            return _(leaving, x=x, y=y, side=_side(seg.sides[0]))
    return _("{feature} at ({x}, {y})", feature=_phrase(feature), x=x, y=y)


#: a one-tile road or city named by the side it leaves its tile
_LEAVING = {
    "road": N_("the road leaving ({x}, {y}) to the {side}"),
    "city": N_("the city leaving ({x}, {y}) to the {side}"),
}


def _loss_question(game: Game, index: int) -> teach.Prediction | None:
    found = _wagon_loss(game, index)
    if found is None:
        return None
    from ..abbey_mayor.rules import connected_features

    state, wagon, here = found
    owner = wagon.player
    near = [
        f
        for f in connected_features(state, here)
        if f.kind in ("road", "city", "cloister") and not f.complete and not f.figures
    ]

    def build():
        where = _phrase(here)
        answer = _("Nowhere: it goes back to {owner}'s supply", owner=owner)
        wrong = []
        if near:
            wrong.append(
                _("Onto {near}, which is connected, unfinished and empty", near=_name(near[0]))
            )
        wrong += [
            _("It stays on {here}, which is still unfinished", here=where),
            _("It stays, and {here} scores it later as an unfinished building", here=where),
            _("Onto any unfinished, empty feature {owner} chooses", owner=owner),
        ]
        asked = capitalise(
            _(
                "{here}, with {owner}'s wagon on it, has just lost its challenge. Where may "
                "{owner}'s wagon go now?",
                here=where,
                owner=owner,
            )
        )
        if near:
            explanation = _(
                "A wagon rolls on only after its own feature has been scored. The building "
                "that loses a challenge is not scored at all: it is still unfinished, and "
                "everything on it goes home without points, the wagon included. So {owner}'s "
                "wagon goes back to the supply, even though {near} is connected to its "
                "building and free.",
                owner=owner,
                near=_name(near[0]),
            )
        else:
            explanation = _(
                "A wagon rolls on only after its own feature has been scored. The building "
                "that loses a challenge is not scored at all: it is still unfinished, and "
                "everything on it goes home without points, the wagon included. So {owner}'s "
                "wagon goes back to the supply.",
                owner=owner,
            )
        return asked, [answer, *wrong], explanation

    return common.in_english_order(build)


def _house_rule_move_question(game: Game, index: int) -> teach.Prediction | None:
    """At a wagon's move after a scoring under ``wagon.cloister-access = road-tiles-only``,
    when a cloister or abbey connected to its feature is free but the house rule shuts it."""
    event = game.events[index]
    if (
        event.rule != "wagon.move"
        or event.kind not in ("figure-moved", "figure-returned")
        or event.step == "final"
    ):
        return None
    state = game.replay(index - 1)
    module = abbey_mayor_module(state)
    wagon = state.figures.get(event.figure or "")
    if module is None or wagon is None or wagon.node is None:
        return None
    if module.option("wagon.cloister-access") != "road-tiles-only":
        return None
    if module.option("wagon.move-rule") != "connected":
        return None
    from ..abbey_mayor.rules import connected_features, wagon_targets

    here = state.board.features.feature_of(wagon.node)
    targets = [f for f, _target in wagon_targets(module, state, wagon)]
    shut = [
        f
        for f in connected_features(state, here)
        if f.kind == "cloister" and not f.complete and not f.figures and f not in targets
    ]
    if not shut:
        return None
    owner = wagon.player

    def build():
        names = [_name(f, state) for f in targets]
        closed = _name(shut[0])
        where = _phrase(here)
        if names:
            answer = _(
                "Onto {names}, or back to {owner}'s supply",
                names=format_list(names, conjunction="or"),
                owner=owner,
            )
        else:
            answer = _("Nowhere: it goes back to {owner}'s supply", owner=owner)
        wrong = [
            _(
                "Onto {names}, or back to {owner}'s supply",
                names=format_list([*names, closed], conjunction="or"),
                owner=owner,
            ),
            _("Only onto {shut}: it is the one it touches", shut=closed),
            _("Nowhere yet: it waits on {here} until {owner}'s next turn", here=where, owner=owner),
        ]
        reason = (
            _("its tile shows no road, and an abbey has none")
            if shut[0].building == "abbey"
            else _("its tile shows no road")
        )
        asked = capitalise(
            _(
                "{here} with {owner}'s wagon has just been scored. This game plays the house "
                "rule that lets wagons onto cloisters only where the tile has a road. Where may "
                "{owner}'s wagon go now?",
                here=where,
                owner=owner,
            )
        )
        people = {"shut": capitalise(closed), "reason": reason, "text": event.text_in()}
        if names:
            explanation = _(
                "After its feature scores, a wagon may roll on to a connected road, city or "
                "cloister that is unfinished and empty. {shut} is connected and free, but under "
                "the house rule it is shut to wagons: {reason}. Here the wagon may go onto "
                "{names} (or back to the supply). {text}",
                names=format_list(names, conjunction="or"),
                **people,
            )
        else:
            explanation = _(
                "After its feature scores, a wagon may roll on to a connected road, city or "
                "cloister that is unfinished and empty. {shut} is connected and free, but under "
                "the house rule it is shut to wagons: {reason}. Here the wagon may go nowhere "
                "(or back to the supply). {text}",
                **people,
            )
        return asked, [answer, *wrong], explanation

    return common.in_english_order(build)


def wagon_question_for(game: Game, index: int) -> teach.Prediction | None:
    """ "Where may the wagon go now?": when it stood on the building that lost a challenge
    (nowhere: it goes home, its building was never scored, ckr-61), and at its move after a
    scoring when the house rule ``wagon.cloister-access`` shuts a free cloister or abbey
    connected to its feature. None elsewhere."""
    return _loss_question(game, index) or _house_rule_move_question(game, index)


# -- the walkthrough's question and notes ------------------------------------------------------


def challenge_start_question_for(game: Game, index: int) -> teach.Prediction | None:
    """ "What happens now?", asked where a follower on a shrine or cloister meets a rival
    next door (a ``challenge-started`` event): the race of ckr-50, against the usual
    misreadings (each scores on its own; the two buildings are shared; the placement is
    refused)."""
    event = game.events[index]
    move, sep, _rest = event.text.partition(": a challenge starts")
    if event.kind != "challenge-started" or not sep:
        return None
    if current_language() != "en":
        # the move in the page's language: the event text's first sentence (the next one
        # would give the answer away)
        move = event.text_in().split(". ")[0].rstrip(".")

    def build():
        answer = _(
            "A race: the building completed first scores as usual, and the follower on the "
            "other goes home with no points (both score if one tile completes both)"
        )
        wrong = [
            _("Nothing changes: each building scores for its own follower when it is completed"),
            _("The two buildings now count as one: both followers share its points"),
            _("The follower cannot stay: a cloister and a shrine may not be neighbours"),
        ]
        explanation = _(
            "A shrine and a cloister side by side, each with a follower, are rivals: this is "
            "the challenge of Heretics & Shrines. Whichever is completed first scores its "
            "follower as usual and sends the rival's follower home empty-handed; a tile that "
            "completes both scores both. Nobody chooses to challenge: it starts by itself "
            "(RGG's Big Box 2 says so in words, ckr-50). Being neighbours is allowed: the "
            "limit is one rival per building."
        )
        asked = _("{move}. What happens to the two followers from now on?", move=move)
        return asked, [answer, *wrong], explanation

    return common.in_english_order(build)


def expansion_question(game: Game, index: int) -> teach.Prediction | None:
    """This walkthrough's own question at event ``index`` (limit, house rule, a challenge
    with an abbey or wagon, the wagon), or None."""
    event = game.events[index]
    if event.kind == "challenge-started":
        return challenge_start_question_for(game, index)
    if event.kind == "placement-limited":
        return limit_question_for(game, index)
    if event.kind == "building-must-stay-empty":
        return empty_question_for(game, index)
    if event.kind == "feature-completed":
        return challenge_question_for(game, index)
    if event.kind in ("figure-returned", "figure-moved"):
        return wagon_question_for(game, index)
    return None


def question(game: Game, index: int) -> teach.Prediction | None:
    """The question the Heretics & Shrines walkthrough asks at event ``index``: its own
    (:func:`expansion_question`), else :func:`shrines_views.shrines_question` (who scores a challenge,
    the points of a scoring)."""
    return expansion_question(game, index) or shrines_views.shrines_question(game, index)


def _asks(game: Game, index: int) -> teach.Prediction | None:
    return expansion_question(game, index) or shrines_views.challenge_question_for(game, index)


def note(game: Game, index: int, *, quiz: bool = True) -> str:
    """The move note to show at event ``index``, as :func:`teach.event_note`, except that a
    note ahead of a question of its turn (the limit, the house rule, a challenge, the wagon)
    waits for it and is shown with it, after the answer."""
    return teach.note_held_for(game, index, quiz, _asks)


# -- the walkthrough -----------------------------------------------------------------------

# Which shrines and cloisters are racing each other is listed there.
WALKTHROUGH = Walkthrough(
    question=question,
    note=note,
    panels=((N_("Open challenges"), shrines_views.open_challenges_html),),
    board_help=N_("""
    **How to read the board.** A shrine is drawn like a cloister, on a tile of its own; hover
    a tile to see what it holds. A follower standing on a shrine is the heretic. The table
    beside the board lists every open challenge: which shrine races which cloister, who
    stands on each, how many of the eight squares around each are still empty, and it shades
    a challenge that the current event opened and strikes through one it decided. Orange
    frame: the tile just placed. Yellow: the feature the event is about.
        """),
    lessons=_LESSONS,
    quiz_label=N_("Ask me first (points, challenges, where a shrine or wagon may go)"),
)
