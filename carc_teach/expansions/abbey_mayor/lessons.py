"""The Abbey & Mayor walkthrough (``notebooks/abbey_and_mayor.py``): its lessons, its questions
and the table of special figures it shows beside the board.

The rules of the box are spread over several bundled games, one lesson each (:data:`LESSONS`).
Each question is asked where learners usually go wrong, and everything it says is read from
the game: the events the engine emitted (kinds, rule ids, ``data``) and the state replayed just
before the event.

- the mayor (:func:`mayor_question_for`): at the mayor's ``figure-strength`` event, "how strong
  is the mayor, and who takes the city?" (a mayor counts the pennants; with none it counts 0);
- the wagon (:func:`wagon_question_for`): at a wagon's move after its feature scored, "where
  may it go?" (connected, unfinished, unoccupied; else back to the supply), and, when several
  wagons move in one turn, "in which order?";
- the barn (:func:`barn_question_for`): the farmers a barn is placed on score 3 per city at
  once; farmers whose farm is joined to a barn's farm score 1 per city; after the game a barn
  scores 4 per city, in full even when two barns share the farm; a pig or a pig-herd tile
  adds its point per city for the farmers, never for a barn after the game;
- the pig (:func:`pig_question_for`): at a tile that joins its placer's farm to a barn's
  farm, "may the pig go on it, and would it count?" (yes: figures are placed before the
  turn's scoring);
- the big follower (:func:`big_follower_question_for`): "who takes the city?" (it counts two
  against a single knight, where counting figures would give a tie);
- the builder (:func:`builder_question_for`): "what does it bring?" (a second tile at once),
  and after that second tile "who places the next tile?" (never a third).

:func:`question` asks one of these or the points of a scoring (:func:`teach.prediction_for`);
:func:`note` holds back a move note until the question of its turn.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ... import teach
from ...events import Word, render
from ...figures import Corner, kind_of, role_name
from ...i18n import N_, _, current_language, format_list, ngettext
from ...lessons import helpers as common
from ...lessons.lesson_sets import Lesson, LessonSet, Walkthrough
from ...scoring import figure_strength
from ...text import capitalise
from ...text import escape_html as escape

if TYPE_CHECKING:  # pragma: no cover
    from ...events import Event
    from ...features import Feature
    from ...figures import Figure
    from ...game import Game
    from ...state import GameState

__all__ = [
    "Lesson",
    "LESSONS",
    "lesson_titles",
    "lesson",
    "load_lesson",
    "special_figures",
    "special_figures_html",
    "wagon_moves",
    "mayor_question_for",
    "wagon_question_for",
    "barn_question_for",
    "pig_question_for",
    "big_follower_question_for",
    "builder_question_for",
    "expansion_question",
    "question",
    "note",
    "footnotes_by_lesson",
    "footnotes_by_lesson_markdown",
]


# -- the lessons -------------------------------------------------------------------------------


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        N_("The mayor"),
        "mayor-pennants",
        N_(
            "Blue has two knights in one city cap, Red a mayor in another. Pennant tiles grow "
            "around them until one tile joins everything into a single city. Watch what the "
            "mayor is worth when that city is scored."
        ),
    ),
    Lesson(
        N_("The mayor without pennants"),
        "mayor-no-pennants",
        N_(
            "Blue's mayor and Red's knight start in two caps with no pennant at all, and one tile "
            "later joins them. Watch what a mayor is worth in a city that has nothing for it to "
            "count."
        ),
    ),
    Lesson(
        N_("The wagon"),
        "wagon-rolls-on",
        N_(
            "Blue puts a wagon on a road leaving a crossing; Red holds another road of the same "
            "crossing. Watch where the wagon may go once its road has been scored."
        ),
    ),
    Lesson(
        N_("Two wagons"),
        "two-wagons",
        N_(
            "Three players. Blue's and Red's wagons stand in two caps that Carol joins into one "
            "city. Watch both wagons after the scoring: who moves first, and what is left for the "
            "second one."
        ),
    ),
    Lesson(
        N_("The barn"),
        "barn-farmers",
        N_(
            "Blue farms north of the road, Red south of it. Red puts a barn on Blue's farm, and "
            "later a tile joins the two farms. Watch what each farmer scores, and when, and what "
            "the barn earns after the game."
        ),
    ),
    Lesson(
        N_("Two barns"),
        "two-barns",
        N_(
            "Each of two farms gets its own barn; then one tile joins the farms. Watch how the "
            "two barns score after the game."
        ),
    ),
    Lesson(
        N_("The abbey"),
        "abbey-in-a-hole",
        N_(
            "Tiles leave a hole with neighbours on all four sides. Watch a player fill it with "
            "the abbey instead of drawing, and what that one tile completes."
        ),
    ),
    Lesson(
        N_("The pig and the barn"),
        "pig-and-barn",
        N_(
            "With the pig of Traders & Builders. Red's barn lands on Blue's farm; later Red's tile "
            "runs Red's own farm into the barn's farm, with Red's pig still in the supply. Watch "
            "whether the pig may join on that tile, and what Red's farmer earns."
        ),
    ),
    Lesson(
        N_("The pig herd and the barn"),
        "barn-pig-herd",
        N_(
            "With The River II: the river comes first, and one of its bends carries a herd of "
            "pigs. Red's farmer shares the herd's farm, then Blue puts the barn on it. Watch what "
            "the herd adds for the farmer and what it adds for the barn."
        ),
    ),
    Lesson(
        N_("The builder and the big follower"),
        "builder-big-follower",
        N_(
            "With the builder and the big follower. Blue's builder joins Blue's thief on the start "
            "road, and Blue keeps lengthening that road; Red's knight and Blue's big follower wait "
            "in two caps of one city. Watch how many tiles Blue gets to place in a turn, and who "
            "takes the city."
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


def _name(feature: Feature) -> str:
    """'the city of 3 tiles and 1 pennant', in the current language (the engine's phrase)."""
    return render(feature.phrase(), current_language())


def _where(feature: Feature, node=None) -> str:
    """'the road of 3 tiles on (1, 0), (2, 0) and (3, 0)': a feature and where it lies (a
    cloister names its square already; a long feature its first tiles)."""
    if feature.kind == "cloister":
        return _name(feature)
    if feature.size == 1 or node is not None:
        return _(
            "{feature} at {square}",
            feature=_name(feature),
            square=common.square(node or feature.nodes[0]),
        )
    tiles = sorted(feature.tiles)
    shown = [common.square(t) for t in tiles[:3]] + (["…"] if len(tiles) > 3 else [])
    return _("{feature} on {squares}", feature=_name(feature), squares=format_list(shown))


def _figure_name(figure: Figure, feature: Feature) -> str:
    return role_name(figure.kind, feature.role_kind)


#: a number of figures of one kind, 2 or more ("2 knights"; one is named by its game word)
_COUNTED = {
    "thief": lambda n: ngettext("{n} thief", "{n} thieves", n, n=n),
    "knight": lambda n: ngettext("{n} knight", "{n} knights", n, n=n),
    "monk": lambda n: ngettext("{n} monk", "{n} monks", n, n=n),
    "farmer": lambda n: ngettext("{n} farmer", "{n} farmers", n, n=n),
    "heretic": lambda n: ngettext("{n} heretic", "{n} heretics", n, n=n),
    "mayor": lambda n: ngettext("{n} mayor", "{n} mayors", n, n=n),
    "wagon": lambda n: ngettext("{n} wagon", "{n} wagons", n, n=n),
    "barn": lambda n: ngettext("{n} barn", "{n} barns", n, n=n),
    "big follower": lambda n: ngettext("{n} big follower", "{n} big followers", n, n=n),
    "builder": lambda n: ngettext("{n} builder", "{n} builders", n, n=n),
    "pig": lambda n: ngettext("{n} pig", "{n} pigs", n, n=n),
    "follower": lambda n: ngettext("{n} follower", "{n} followers", n, n=n),
}


def _figures(name: str, n: int) -> str:
    """'knight', '2 knights', in the current language."""
    if n == 1:
        return render(Word(name), current_language())
    counted = _COUNTED.get(name)
    return counted(n) if counted else f"{n} {_plural_name(name)}"


def _whose(player: str, figures: list[str]) -> str:
    """ "Blue's 2 knights and mayor": one player's figures, in the current language."""
    return _("{player}'s {figures}", player=player, figures=format_list(figures))


def _who_stands(feature: Feature, players: tuple[str, ...], figures=None) -> str:
    """'Blue's 2 knights and Red's mayor': the figures on a feature (or ``figures`` of it), by
    player in seat order, in the current language."""
    figures = feature.figures if figures is None else figures
    parts = []
    for player in players:
        names: dict[str, int] = {}
        for f in figures:
            if f.player == player:
                name = _figure_name(f, feature)
                names[name] = names.get(name, 0) + 1
        if names:
            parts.append(_whose(player, [_figures(name, n) for name, n in names.items()]))
    return format_list(parts) or _("nobody")


def _plural_name(name: str) -> str:
    from ...figures import ROLE_PLURALS

    return ROLE_PLURALS.get(name, name + "s")


def _run_after(game: Game, index: int, kinds=("points", "no-score")) -> list[Event]:
    """The scoring events right after ``index`` (skipping figure-strength events)."""
    out: list[Event] = []
    for k in range(index + 1, len(game.events)):
        e = game.events[k]
        if e.kind == "figure-strength" and not out:
            continue
        if e.kind not in kinds:
            break
        out.append(e)
    return out


def abbey_mayor_module(state: GameState):
    """The Abbey & Mayor rule module of the game of ``state`` (None if it is not played): its
    options decide where a wagon may go."""
    return common.module_in_play(state, "abbey-mayor")


# -- the mayor ---------------------------------------------------------------------------------


def _mayor_scoring(game: Game, index: int):
    """For the first mayor ``figure-strength`` event of a city's scoring: (state before it,
    the mayor, its city); else None. A strength another rule decided (the Count's
    ``count.special-figure-strength``) is not the mayor's own rule and asks nothing."""
    event = game.events[index]
    if event.kind != "figure-strength" or event.rule != "mayor.strength" or event.options:
        return None
    first = index
    while first > 0 and game.events[first - 1].kind == "figure-strength":
        first -= 1
        if game.events[first].rule == "mayor.strength":
            return None  # ask once per scoring, at its first mayor
    state = game.replay(first - 1)
    mayor = state.figures.get(event.figure or "")
    if mayor is None or mayor.node is None:
        return None
    city = state.board.features.feature_of(mayor.node)
    if city.kind != "city" or (event.data or {}).get("strength") != city.pennants:
        return None
    return state, mayor, city


def mayor_question_for(game: Game, index: int) -> teach.Prediction | None:
    """ "How strong is Blue's mayor, and who takes the city?", asked at the mayor's strength
    event when its city is scored: a mayor counts one follower per pennant of its city, and
    with no pennant it counts 0 (it occupies the city and wins nothing). The choices are the
    outcomes of the usual wrong strengths (1, like a knight; one more than the pennants; 0 and
    blocking everybody). None elsewhere."""
    found = _mayor_scoring(game, index)
    if found is None:
        return None
    state, mayor, city = found
    owner = mayor.player
    players = tuple(game.players)
    # every figure's strength in the city, the mayors' apart
    others: dict[str, int] = dict.fromkeys(players, 0)
    mayors = [f for f in city.figures if f.kind == "mayor"]
    for f in city.figures:
        if f.player is not None and f.kind != "mayor":
            others[f.player] += figure_strength(state, f, city)

    def with_mayor(n: int) -> dict[str, int]:
        tally = dict(others)
        for m in mayors:
            tally[m.player] += n if m is mayor else city.pennants
        return {p: s for p, s in tally.items() if any(f.player == p for f in city.figures)}

    p = city.pennants
    real = with_mayor(p)
    actual = [e.player for e in _run_after(game, index) if e.kind == "points"]
    winners = common.winners(real)
    if sorted(winners) != sorted(actual):  # pragma: no cover - the engine decided otherwise
        return None

    placer = teach.turn_placer(game, index) or "A"
    tally = ", ".join(f"{pl} {s}" for pl, s in real.items())

    def build():
        def choice(n: int) -> str:
            return _(
                "{owner}'s mayor counts {n}: {outcome}",
                owner=owner,
                n=n,
                outcome=common.outcome(common.winners(with_mayor(n)), "city"),
            )

        answer = choice(p)
        blocks = _(
            "{owner}'s mayor counts 0 and keeps the others out: nobody scores the city",
            owner=owner,
        )
        # the usual wrong strengths, those that change the outcome first
        wrong = [choice(n) for n in (1, 2, p + 1, 0, p + 2) if n != p]
        if p == 0 and winners:
            wrong.insert(1, blocks)
        figures = len(city.figures)
        who, name = _who_stands(city, players), _name(city)
        if p:
            question = ngettext(
                "{placer}'s tile completes {city}. In it stands {who}. How strong is "
                "{owner}'s mayor, and who takes the city?",
                "{placer}'s tile completes {city}. In it stand {who}. How strong is "
                "{owner}'s mayor, and who takes the city?",
                figures,
                placer=placer,
                city=name,
                who=who,
                owner=owner,
            )
            why = _(
                "A mayor counts one follower for each pennant of its city, so here {owner}'s "
                "mayor counts {p} ({tally}): {outcome}.",
                owner=owner,
                p=p,
                tally=tally,
                outcome=common.outcome(winners, "city"),
            )
        else:
            question = ngettext(
                "{placer}'s tile completes {city}. It has no pennant. In it stands {who}. How "
                "strong is {owner}'s mayor, and who takes the city?",
                "{placer}'s tile completes {city}. It has no pennant. In it stand {who}. How "
                "strong is {owner}'s mayor, and who takes the city?",
                figures,
                placer=placer,
                city=name,
                who=who,
                owner=owner,
            )
            why = _(
                "A mayor counts one follower for each pennant of its city, and this city has "
                "none, so {owner}'s mayor counts 0 ({tally}). It kept the city occupied while "
                "it grew (nobody could put a follower into {owner}'s part), but it wins "
                "nothing by itself: {outcome}.",
                owner=owner,
                tally=tally,
                outcome=common.outcome(winners, "city"),
            )
        why += " " + _(
            "The mayor changes who wins, never what the city is worth, and it goes home after "
            "the scoring like any follower."
        )
        return question, [answer, *wrong], why

    def pick(english: list[str]) -> list[int]:
        """The answer, then the wrong strengths whose outcome differs from those already
        offered first, four at most (read from the English, the same in every language)."""
        outcomes = {english[0].partition(": ")[2]}
        keep = [0]
        wrong = sorted(
            range(1, len(english)), key=lambda k: english[k].partition(": ")[2] in outcomes
        )
        for k in wrong:
            if english[k] not in [english[j] for j in keep] and len(keep) < 4:
                keep.append(k)
                outcomes.add(english[k].partition(": ")[2])
        return keep

    return common.in_english_order(build, pick)


# -- the wagon ---------------------------------------------------------------------------------


def wagon_moves(game: Game, index: int) -> list[Event]:
    """The wagon decisions (moved on, or back to the supply) of the scoring step that event
    ``index`` belongs to, in the order the engine made them."""
    span = teach.turn_span(game, index)
    step = game.events[index].step
    return [
        game.events[k]
        for k in span
        if game.events[k].rule == "wagon.move"
        and game.events[k].kind in ("figure-moved", "figure-returned")
        and game.events[k].step == step
    ]


def _is_wagon_move(event: Event) -> bool:
    return (
        event.rule == "wagon.move"
        and event.kind in ("figure-moved", "figure-returned")
        and event.step != "final"
        and event.figure is not None
    )


def _wagon_choices(game: Game, index: int):
    """For a wagon's move: (state before, wagon, its scored feature, the features it may go
    to, the near misses as ``(why, feature)``, the farm of its tile, and whether the second
    edition's neighbourhood rule is played)."""
    from .rules import connected_features, wagon_targets

    event = game.events[index]
    state = game.replay(index - 1)
    module = abbey_mayor_module(state)
    wagon = state.figures.get(event.figure or "")
    if module is None or wagon is None or wagon.node is None:
        return None
    features = state.board.features
    here = features.feature_of(wagon.node)
    targets = [f for f, _how in wagon_targets(module, state, wagon)]
    neighbourhood = module.option("wagon.move-rule") == "neighbourhood"
    if neighbourhood:
        x, y = wagon.node[0], wagon.node[1]
        near: list[Feature] = []
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if (x + dx, y + dy) in state.board.tiles:
                    for f in features.features_on((x + dx, y + dy)):
                        if f not in near and f is not here:
                            near.append(f)
    else:
        near = connected_features(state, here)
    misses: list[tuple[str, Feature]] = []
    for f in near:
        if f in targets or f.kind not in ("road", "city", "cloister"):
            continue
        if f.complete:
            misses.append(("complete", f))
        elif f.figures:
            misses.append(("occupied", f))
    linked = set(map(id, near))
    free = (
        f
        for f in features.features()
        if f.kind in ("road", "city", "cloister")
        and not f.complete
        and not f.figures
        and f is not here
        and id(f) not in linked
        and f not in targets
    )
    elsewhere = next(free, None)
    if elsewhere is not None:
        misses.append(("unconnected", elsewhere))
    farm = next((f for f in features.features_on(wagon.node[:2]) if f.kind == "field"), None)
    return state, wagon, here, targets, misses, farm, neighbourhood


def _labels(features: list[Feature]) -> dict[int, str]:
    """Feature id -> how the question names it; two features that read alike (two roads of
    one tile leaving a crossing) are told apart by a segment."""
    plain = {f.id: _where(f) for f in features}
    out = {}
    for f in features:
        label = plain[f.id]
        if sum(1 for g in features if plain[g.id] == label) > 1:
            x, y, seg = min(f.nodes)
            label = _(
                "{feature} on segment {segment} of {square}",
                feature=_name(f),
                segment=seg,
                square=common.square((x, y)),
            )
        out[f.id] = label
    return out


def _destinations(owner: str, features: list[Feature], labels: dict[int, str]) -> str:
    if not features:
        return _("Nowhere: the wagon goes back to {owner}'s supply", owner=owner)
    return _(
        "Onto {places}, or back to {owner}'s supply",
        places=common.join_or([labels[f.id] for f in features]),
        owner=owner,
    )


#: why a feature near the wagon does not qualify, per kind of the wagon's scored feature and
#: move rule (whole sentences: the kind agrees differently in Italian and Czech)
_NOT_LINKED = {
    ("road", True): N_("{place} is free, but not near the wagon's road"),
    ("city", True): N_("{place} is free, but not near the wagon's city"),
    ("cloister", True): N_("{place} is free, but not near the wagon's cloister"),
    ("road", False): N_("{place} is free, but not connected to the wagon's road"),
    ("city", False): N_("{place} is free, but not connected to the wagon's city"),
    ("cloister", False): N_("{place} is free, but not connected to the wagon's cloister"),
}


def _wagon_where_question(game: Game, index: int) -> teach.Prediction | None:
    found = _wagon_choices(game, index)
    if found is None:
        return None
    state, wagon, here, targets, misses, farm, neighbourhood = found
    owner = wagon.player
    event = game.events[index]
    to = (event.data or {}).get("to")
    went = state.board.features.feature_of(tuple(to)) if to else None
    mentioned = [*targets, *(f for _f, f in misses), *([farm] if farm else [])]
    players = tuple(game.players)
    first = {}
    for why, f in misses:
        first.setdefault(why, f)
    shown = misses if len(misses) <= 5 else [*misses[:4], misses[-1]]

    def build():
        labels = _labels(mentioned + ([went] if went is not None and went not in mentioned else []))
        answer = _destinations(owner, targets, labels)
        wrong: list[str] = []
        for why in ("occupied", "unconnected", "stays", "complete", "nowhere", "farm"):
            if why in first:
                wrong.append(_destinations(owner, [*targets, first[why]], labels))
            elif why == "stays":
                wrong.append(
                    _(
                        "Nowhere yet: it waits on {feature} until {owner}'s next turn",
                        feature=_name(here),
                        owner=owner,
                    )
                )
            elif why == "nowhere" and targets:
                wrong.append(
                    _(
                        "Nowhere: a wagon always goes back to {owner}'s supply after scoring",
                        owner=owner,
                    )
                )
            elif why == "farm" and farm is not None:
                wrong.append(_destinations(owner, [*targets, farm], labels))
        not_linked = _NOT_LINKED.get((here.kind, neighbourhood))
        near = "near" if neighbourhood else "connected to"  # (a kind no sentence is written for)
        why_not = {
            "complete": lambda f: _("{place} is already completed", place=labels[f.id]),
            "occupied": lambda f: _(
                "{place} is taken ({who})", place=labels[f.id], who=_who_stands(f, players)
            ),
            "unconnected": lambda f: (
                _(not_linked, place=labels[f.id])
                if not_linked
                else f"{labels[f.id]} is free, but not {near} the wagon's {here.kind}"
            ),
        }
        reasons = [_("{place} qualifies", place=labels[f.id]) for f in targets]
        reasons += [why_not[why](f) for why, f in shown]
        if event.kind == "figure-moved":
            outcome = (
                _("It rolled on to {place}.", place=labels[went.id])
                if went is not None
                else _("It rolled on to another feature.")
            )
        elif targets:
            outcome = _("{owner} took it back.", owner=owner)
        else:
            outcome = _("With nowhere to go it went back to {owner}'s supply.", owner=owner)
        here_said = "; ".join(
            reasons or [_("nothing qualifies from {feature}", feature=_name(here))]
        )
        if neighbourhood:
            explanation = _(
                "Once its feature has been scored, a wagon may roll on to a road, city or "
                "cloister on the wagon's tile or one of the eight around it that is neither "
                "completed nor occupied; its owner may also take it back. It never goes onto "
                "a farm, and with no such feature it goes back to the supply. Here: "
                "{reasons}. {outcome}",
                reasons=here_said,
                outcome=outcome,
            )
        else:
            explanation = _(
                "Once its feature has been scored, a wagon may roll on to a road, city or "
                "cloister connected to the scored feature (a road running on through a "
                "crossing or into a cloister, a road leaving a city's gate, an edge of an "
                "abbey) that is neither completed nor occupied; its owner may also take it "
                "back. It never goes onto a farm, and with no such feature it goes back to "
                "the supply. Here: {reasons}. {outcome}",
                reasons=here_said,
                outcome=outcome,
            )
        question = _(
            "{feature} with {owner}'s wagon has just been scored. Where may {owner}'s wagon "
            "go now?",
            feature=capitalise(_name(here)),
            owner=owner,
        )
        return question, [answer, *wrong], explanation

    return common.in_english_order(build)


def _moved_to(state: GameState, event: Event) -> str:
    to = (event.data or {}).get("to")
    if not to:
        return _("another feature")
    node = (to[0], to[1], to[2])
    try:
        return _where(state.board.features.feature_of(node), node)
    except KeyError:  # pragma: no cover - the node is on the board the event describes
        return _("the tile at {square}", square=common.square(node))


def _in_order(players: list[str]) -> str:
    """'Blue, then Red, then Carol', in the current language."""
    said = players[0]
    for player in players[1:]:
        said = _("{before}, then {after}", before=said, after=player)
    return said


def _wagon_order_question(game: Game, index: int, moves: list[Event]) -> teach.Prediction:
    owners = [e.player for e in moves]
    active = teach.turn_placer(game, index) or owners[0]
    state = game.replay(index - 1)
    wagon = state.figures.get(moves[0].figure or "")
    after = game.replay(index)

    def build():
        scored = (
            _name(state.board.features.feature_of(wagon.node))
            if wagon is not None and wagon.node is not None
            else _("the feature")
        )
        order = _in_order(owners)
        answer = _(
            "{order}: the active player's wagon first, then clockwise from {active}",
            order=order,
            active=active,
        )
        choices = [
            answer,
            _(
                "{order}: counter-clockwise from {active}",
                order=_in_order(list(reversed(owners))),
                active=active,
            ),
            _(
                "{active} chooses the order, having completed {feature}",
                active=active,
                feature=scored,
            ),
            _("All at once: wagons that scored together may share one destination"),
        ]
        question = _(
            "{active}'s tile has completed {feature}, and the wagons of {owners} scored in "
            "it. They may roll on one at a time: in which order?",
            active=active,
            feature=scored,
            owners=format_list(owners),
        )
        first_to = (
            _moved_to(after, moves[0])
            if moves[0].kind == "figure-moved"
            else _("nowhere (back to the supply)")
        )
        explanation = _(
            "Wagons scored in the same turn move one after the other: the active player's own "
            "wagon first if it has one, then the others in clockwise order from the active "
            "player. Each sees the board as the one before left it, so the first may take the "
            "only free feature. Here {active} is the active player, so the order is {order}; "
            "{first}'s wagon goes to {to}.",
            active=active,
            order=order,
            first=owners[0],
            to=first_to,
        )
        return question, choices, explanation

    return common.in_english_order(build)


def wagon_question_for(game: Game, index: int) -> teach.Prediction | None:
    """At a wagon's move after its feature scored during the game: "where may the wagon go?"
    (every connected, unfinished, unoccupied road, city or cloister, or else nowhere: back to
    the supply). When several wagons move in the same scoring step, the first of them asks
    instead "in which order?" (the active player, then clockwise). None elsewhere."""
    event = game.events[index]
    if not _is_wagon_move(event):
        return None
    moves = wagon_moves(game, index)
    if len(moves) >= 2 and moves[0].index == index:
        return _wagon_order_question(game, index, moves)
    return _wagon_where_question(game, index)


# -- the barn ----------------------------------------------------------------------------------


def _farm_at(state: GameState, event: Event) -> Feature | None:
    if not event.nodes:
        return None
    try:
        return state.board.features.feature_of(event.nodes[0])
    except KeyError:
        return None


def _cities(state: GameState, farm: Feature) -> int:
    from .rules import farm_cities

    return farm_cities(state, farm)[0]


def _barn_owners(state: GameState, farm: Feature) -> list[str]:
    from .rules import barns_on

    return [b.player for b in barns_on(state, farm)]


def _farmers(farm: Feature) -> list[Figure]:
    return [f for f in farm.figures if kind_of(f.kind).follower]


def _farmers_text(farm: Feature, players) -> str:
    return _who_stands(farm, players, _farmers(farm))


def _herd_on(state: GameState, farm: Feature) -> bool:
    """Whether a pig-herd tile of The River II shows its herd in this farm."""
    from .rules import has_pig_herd

    return has_pig_herd(state, farm)


def _situation(state: GameState, farm: Feature) -> str:
    """What else on the farm may change the farmers' points, as the board shows it: a pig
    (" Red's pig is on that farm too."), a pig-herd tile's herd; in the current language."""
    out = ""
    pigs = [f for f in farm.figures if f.kind == "pig"]
    if pigs:
        owners = format_list([_("{player}'s pig", player=f.player) for f in pigs])
        out += " " + ngettext(
            "{pigs} is on that farm too.", "{pigs} are on that farm too.", len(pigs), pigs=owners
        )
    if _herd_on(state, farm):
        out += " " + _("The herd of the pig-herd tile grazes on this farm.")
    return out


def _extra(event: Event) -> str:
    """The parts of a barn scoring beyond the rate per city (a pig, a pig-herd tile), in the
    current language: ", plus Red's pig = 2"."""
    more = [f"{what} = {pts}" for what, pts in event.breakdown_in()[1:]]
    return _(", plus {parts}", parts=format_list(more)) if more else ""


def _cities_text(n: int) -> str:
    return ngettext("{n} city", "{n} cities", n, n=n)


def _barn_placement_question(game: Game, index: int) -> teach.Prediction | None:
    event = game.events[index]
    state = game.replay(index - 1)
    farm = _farm_at(state, event)
    if farm is None:
        return None
    n = _cities(state, farm)
    if not n:
        return None
    owners = _barn_owners(state, farm)
    placer = format_list(owners) or teach.turn_placer(game, index) or _("A player")
    farmers = _farmers_text(farm, tuple(game.players))
    question = (
        ngettext(
            "{placer} has just put a barn on {farm}, where {farmers} stands.",
            "{placer} has just put a barn on {farm}, where {farmers} stand.",
            len(_farmers(farm)),
            placer=placer,
            farm=_name(farm),
            farmers=farmers,
        )
        + _situation(state, farm)
        + " "
        + ngettext(
            "The farm borders {n} completed city. How many points does {player} score now?",
            "The farm borders {n} completed cities. How many points does {player} score now?",
            n,
            n=n,
            player=event.player,
        )
    )
    explanation = _(
        "A barn placed on a farm that already has farmers makes them score at once, in this "
        "turn's scoring step: the player with the most farmers there scores 3 points per "
        "completed city bordering the farm, as a farm would after the game, and the farmers "
        "go home. The barn stays, and from now on no farmer may be put on that farm. Here "
        "{cities} × 3 = {sum}{extra}; {player} scores {points}.",
        cities=_cities_text(n),
        sum=3 * n,
        extra=_extra(event),
        player=event.player,
        points=teach.points_text(event.points),
    )
    if _herd_on(state, farm):
        explanation += " " + _(
            "The pig-herd tile counts for farmers scored on a barn's farm: 1 more per "
            "completed city, once, whoever owns the barn."
        )
    # forgetting what a pig or a herd adds comes first among the wrong answers
    wrong = ([3 * n] if len(event.breakdown) > 1 else []) + [4 * n, n, 0]
    return teach.Prediction(
        question,
        common.points_choices(event.points, wrong),
        teach.points_text(event.points),
        explanation,
    )


def _barn_connect_question(game: Game, index: int) -> teach.Prediction | None:
    event = game.events[index]
    scored = [e for e in _run_after(game, index) if e.kind == "points"]
    if not scored:
        return None
    first = scored[0]
    state = game.replay(index)
    farm = _farm_at(state, event)
    if farm is None:
        return None
    n = _cities(state, farm)
    owners = _barn_owners(state, farm)
    barns = _("{players}'s barn", players=format_list(owners)) if owners else _("a barn")
    farmers = _farmers_text(farm, tuple(game.players))
    tile = teach.turn_span(game, index)
    placed = next((game.events[k] for k in tile if game.events[k].kind == "tile-placed"), None)
    if placed is not None:
        joined = _(
            "{player}'s tile {tile} has joined the farm of {farmers} to the farm with {barn}.",
            player=placed.player,
            tile=placed.tile,
            farmers=farmers,
            barn=barns,
        )
    else:
        joined = _(
            "A tile has joined the farm of {farmers} to the farm with {barn}.",
            farmers=farmers,
            barn=barns,
        )
    question = (
        joined
        + _situation(state, farm)
        + " "
        + ngettext(
            "The joined farm borders {n} completed city. How many points does {player} score now?",
            "The joined farm borders {n} completed cities. How many points does {player} "
            "score now?",
            n,
            n=n,
            player=first.player,
        )
    )
    explanation = _(
        "Farmers whose farm grows into a barn's farm score at once, in this turn's scoring "
        "step, but only 1 point per completed city bordering the farm: not 3, as when a barn "
        "is put on farmers, and not 4, as a barn earns after the game. Then they go home and "
        "the barn stays. Here {cities} × 1 = {sum}{extra}; {player} scores {points}.",
        cities=_cities_text(n),
        sum=n,
        extra=_extra(first),
        player=first.player,
        points=teach.points_text(first.points),
    )
    if any(part.startswith(f"{first.player}'s pig") for part, _p in first.breakdown):
        explanation += " " + _(
            "{player}'s pig adds 1 per city because it was on the farm when the farmers "
            "were scored: it may be placed on the very tile that joins the farms, since placing "
            "figures comes before the scoring in a turn.",
            player=first.player,
        )
    wrong = ([n] if len(first.breakdown) > 1 else []) + [3 * n, 4 * n, 0]
    return teach.Prediction(
        question,
        common.points_choices(first.points, wrong),
        teach.points_text(first.points),
        explanation,
    )


def _earlier_barn_final(game: Game, index: int) -> bool:
    """Whether a barn on the same farm already scored after the game (one question per farm)."""
    event = game.events[index]
    return any(
        e.kind == "points" and e.rule == "barn.final" and e.feature == event.feature
        for e in game.events[teach.turn_span(game, index).start : index]
    )


def _barn_final_question(game: Game, index: int) -> teach.Prediction | None:
    if _earlier_barn_final(game, index):
        return None
    event = game.events[index]
    state = game.replay(index - 1)
    farm = _farm_at(state, event)
    if farm is None:
        return None
    n = _cities(state, farm)
    owners = _barn_owners(state, farm)
    others = [o for o in owners if o != event.player]
    herd = _herd_on(state, farm)
    question = ngettext(
        "The game is over. {player}'s barn stands on {farm}, which borders {n} completed city.",
        "The game is over. {player}'s barn stands on {farm}, which borders {n} completed cities.",
        n,
        n=n,
        player=event.player,
        farm=_name(farm),
    )
    if others:
        question += " " + _(
            "{players}'s barn stands on the same farm (their farms were joined).",
            players=format_list(others),
        )
    if herd:
        question += " " + _("The herd of the pig-herd tile grazes on this farm.")
    question += " " + _("How many points does {player} score for the barn?", player=event.player)
    shared = 4 * n // len(owners) if len(owners) > 1 else n
    explanation = _(
        "After the game every barn scores its owner 4 points per completed city bordering its "
        "farm, one more than a farmer's 3."
    )
    if others:
        explanation += " " + _("Two barns on one farm do not share: each scores its owner in full.")
    explanation += " " + _(
        "Here {cities} × 4 = {sum}{extra}.",
        cities=_cities_text(n),
        sum=4 * n,
        extra=_extra(event),
    )
    if herd:
        explanation += " " + _(
            "The pig-herd tile adds nothing to a barn's own points; it only adds its point "
            "per city for farmers scored on the farm."
        )
    wrong = ([5 * n] if herd else []) + [3 * n, shared, 0]
    if others:  # two barns on one farm: sharing their points is the mistake to offer
        wrong = [shared, *wrong]
    return teach.Prediction(
        question,
        common.points_choices(event.points, wrong, keep=1 if others else 0),
        teach.points_text(event.points),
        explanation,
    )


def barn_question_for(game: Game, index: int) -> teach.Prediction | None:
    """The barn's three moments: the points of farmers a barn was just placed on (3 per
    completed city, at once); at a ``barn-connect`` event, the points of farmers whose farm was
    just joined to a barn's farm (1 per city, asked before the event says so); after the game,
    a barn's points (4 per city; one question per farm when two barns share it). None
    elsewhere."""
    event = game.events[index]
    if event.kind == "barn-connect":
        return _barn_connect_question(game, index)
    if event.kind != "points":
        return None
    if event.rule == "barn.scoring":
        return _barn_placement_question(game, index)
    if event.rule == "barn.final":
        return _barn_final_question(game, index)
    return None


# -- the pig, the big follower and the builder ------------------------------------------------


def _turn_events(game: Game, index: int) -> list[Event]:
    """The events of event ``index``'s turn after it."""
    span = teach.turn_span(game, index)
    return [game.events[k] for k in span if k > index]


def pig_question_for(game: Game, index: int) -> teach.Prediction | None:
    """At the placement of a tile that joins a farm with its placer's farmer to a barn's farm
    (those farmers score in this same turn), when the placer then puts the pig on that tile:
    "may the pig go there, and would it count?" A pig joins a farm of the tile just placed
    where its owner has a farmer, and figures are placed before the turn's scoring, so it adds
    its point per city to the farmers' score (car-192). Asked before the pig is on the board,
    and only when the engine's scoring of that turn counts it; None elsewhere."""
    event = game.events[index]
    if event.kind != "tile-placed" or event.player is None:
        return None
    later = _turn_events(game, index)
    owner = event.player
    pig = next(
        (
            e
            for e in later
            if e.kind == "figure-deployed" and e.rule == "pig.placement" and e.player == owner
        ),
        None,
    )
    if pig is None or not pig.nodes:
        return None
    if not any(e.kind == "barn-connect" and e.index > pig.index for e in later):
        return None
    scored = next(
        (e for e in later if e.kind == "points" and e.rule == "barn.connect" and e.player == owner),
        None,
    )
    if scored is None or not any(p.startswith(f"{owner}'s pig") for p, _pts in scored.breakdown):
        return None
    state = game.replay(index)
    farm = state.board.features.feature_of(pig.nodes[0])
    barn_owners = _barn_owners(state, farm)
    farmers = _farmers_text(farm, tuple(game.players))

    def build():
        barn = (
            _("{owners} barn", owners=format_list([_("{player}'s", player=o) for o in barn_owners]))
            if barn_owners
            else _("a barn")
        )
        answer = _(
            "Yes, and it counts: figures are placed before the scoring, so the pig adds 1 per "
            "completed city to {owner}'s farmer's score",
            owner=owner,
        )
        choices = [
            answer,
            _("No: once a farm has a barn, no figure at all may be put on it"),
            _(
                "Yes, but too late: the farmers are scored the moment the farms meet, before "
                "any figure is placed"
            ),
            _(
                "Yes, but the pig then counts for {barn} after the game, not for the farmers",
                barn=barn,
            ),
        ]
        question = _(
            "{owner}'s tile {tile} joins the farm of {farmers} to the farm with {barn}, so "
            "those farmers are scored in this turn. {owner}'s pig is still in the supply. May "
            "{owner} put it on this tile's field, and would it count?",
            owner=owner,
            tile=event.tile,
            farmers=farmers,
            barn=barn,
        )
        explanation = _(
            "A pig goes on a farm of the tile just placed where its owner already has a "
            "farmer; other figures on the farm do not stop it, and the barn forbids only new "
            "farmers. The farmers meeting the barn are scored in the turn's scoring step, "
            "which comes after figures are placed, so the pig is there in time and adds 1 "
            "point per completed city for {owner}; then it goes home with the farmers.",
            owner=owner,
        )
        return question, choices, explanation

    return common.in_english_order(build)


def big_follower_question_for(game: Game, index: int) -> teach.Prediction | None:
    """At a big follower's strength event when its feature is scored: "who takes it?" A big
    follower counts as two followers for the majority, and for nothing else: one big
    follower beats a single knight of another player, where counting figures would give a
    tie. The answer is checked against the players the engine scored. None elsewhere."""
    event = game.events[index]
    if event.kind != "figure-strength" or event.rule != "big-follower.strength" or event.options:
        return None
    first = index
    while first > 0 and game.events[first - 1].kind == "figure-strength":
        first -= 1
    if any(game.events[k].rule == "mayor.strength" for k in range(first, index)):
        return None  # a mayor's question is asked first
    state = game.replay(first - 1)
    big = state.figures.get(event.figure or "")
    if big is None or big.node is None:
        return None
    feature = state.board.features.feature_of(big.node)
    owner = big.player
    strength = (event.data or {}).get("strength", 2)
    players = tuple(game.players)
    others: dict[str, int] = {}
    for f in feature.figures:
        if f.player is not None and kind_of(f.kind).follower and f is not big:
            others[f.player] = others.get(f.player, 0) + figure_strength(state, f, feature)

    def with_big(n: int) -> dict[str, int]:
        tally = dict(others)
        tally[owner] = tally.get(owner, 0) + n
        return {p: tally[p] for p in players if p in tally}  # in seat order

    real = with_big(strength)
    winners = common.winners(real)
    actual = [e.player for e in _run_after(game, index) if e.kind == "points"]
    if sorted(winners) != sorted(actual):  # pragma: no cover - the engine decided otherwise
        return None
    what = feature.kind if feature.kind in ("city", "road") else "feature"
    placer = teach.turn_placer(game, index) or _("A player")
    tally = ", ".join(f"{p} {n}" for p, n in real.items())
    words = _BIG_FOLLOWER[what]

    def build():
        def counts(n: int) -> str:
            return _(
                "{owner}'s big follower counts {n}: {outcome}",
                owner=owner,
                n=n,
                outcome=common.outcome(common.winners(with_big(n)), what),
            )

        answer = counts(strength)
        wrong = [counts(1)]
        if len(common.winners(with_big(1))) > 1:
            wrong.append(_(words[0]))
        wrong.append(
            _(
                "{owner}'s big follower counts {n} and doubles the points too: {outcome} at "
                "twice its value",
                owner=owner,
                n=strength,
                outcome=common.outcome(winners, what),
            )
        )
        wrong.append(counts(0))
        question = _(
            words[1], placer=placer, feature=_name(feature), who=_who_stands(feature, players)
        )
        explanation = _(words[2], tally=tally, outcome=common.outcome(winners, what))
        return question, [answer, *wrong], explanation

    return common.in_english_order(build)


#: the big follower's question, per kind of feature: a tie's distractor, the question, the
#: explanation (whole sentences: the kind agrees differently in Italian and Czech)
_BIG_FOLLOWER = {
    "city": (
        N_("One figure each: a tie cancels out and nobody scores the city"),
        N_("{placer}'s tile completes {feature}. In it stand {who}. Who takes the city?"),
        N_(
            "A big follower counts as two followers when the majority is decided, and in "
            "nothing else: the city is worth the same as with an ordinary follower. Here "
            "{tally}: {outcome}. It goes home after the scoring like any follower."
        ),
    ),
    "road": (
        N_("One figure each: a tie cancels out and nobody scores the road"),
        N_("{placer}'s tile completes {feature}. In it stand {who}. Who takes the road?"),
        N_(
            "A big follower counts as two followers when the majority is decided, and in "
            "nothing else: the road is worth the same as with an ordinary follower. Here "
            "{tally}: {outcome}. It goes home after the scoring like any follower."
        ),
    ),
    "feature": (
        N_("One figure each: a tie cancels out and nobody scores the feature"),
        N_("{placer}'s tile completes {feature}. In it stand {who}. Who takes the feature?"),
        N_(
            "A big follower counts as two followers when the majority is decided, and in "
            "nothing else: the feature is worth the same as with an ordinary follower. Here "
            "{tally}: {outcome}. It goes home after the scoring like any follower."
        ),
    ),
}


def _next_turn_begin(game: Game, index: int) -> Event | None:
    return next((e for e in game.events[index + 1 :] if e.kind == "turn-begin"), None)


def _builder_extended_question(game: Game, index: int) -> teach.Prediction | None:
    event = game.events[index]
    owner = event.player
    after = _next_turn_begin(game, index)
    if after is None or not (after.data or {}).get("extra") or after.player != owner:
        return None
    state = game.replay(index - 1)
    kind = state.board.features.feature_of(event.nodes[0]).kind if event.nodes else "road"
    if kind not in _BUILDER:  # pragma: no cover - a builder stands on a road or a city
        return None
    placed = next((e for e in reversed(game.events[:index]) if e.kind == "tile-placed"), None)
    words = _BUILDER[kind]

    def build():
        answer = _("A second tile at once, which {owner} may place wherever it fits", owner=owner)
        choices = [answer, _(words[0]), _(words[1]), _(words[2])]
        if placed is not None:
            question = _(words[3], owner=owner, tile=placed.tile)
        else:
            question = _(words[4], owner=owner)
        explanation = _(
            "The builder is no follower: it never counts toward a majority and earns no points "
            "itself. Each time its owner's tile extends the road or city where it stands, the "
            "owner draws and places a second tile at once, as a turn of its own: it may go "
            "anywhere it fits, and a figure may be deployed on it as usual."
        )
        return question, choices, explanation

    return common.in_english_order(build)


#: the builder's questions, per kind of feature it stands on (whole sentences: a road and a
#: city agree differently in Italian and Czech): the first question's three wrong choices,
#: that question with the tile's id and without it; the second question's answer and two
#: wrong choices, the question and the explanation's end
_BUILDER = {
    "road": (
        N_("1 more point per tile when the road is scored"),
        N_("Nothing now: a builder only counts as a follower when the road is scored"),
        N_("A second tile at once, but it must extend the same road"),
        N_(
            "{owner}'s tile {tile} extends the road where {owner}'s builder stands. What does "
            "the builder bring {owner} now?"
        ),
        N_(
            "{owner}'s tile extends the road where {owner}'s builder stands. What does the "
            "builder bring {owner} now?"
        ),
        N_("{next}: a second tile never earns a third, even when it extends the road again"),
        N_("{owner} again: every tile that extends the builder's road earns one more"),
        N_(
            "{owner}'s second tile of the turn, tile {tile}, has extended the road with "
            "{owner}'s builder once more. Who places the next tile?"
        ),
        N_(
            "The builder stays where it is: in a later turn {owner}'s first tile may extend "
            "that road again for another second tile, until the road is scored and the "
            "builder goes home."
        ),
    ),
    "city": (
        N_("1 more point per tile when the city is scored"),
        N_("Nothing now: a builder only counts as a follower when the city is scored"),
        N_("A second tile at once, but it must extend the same city"),
        N_(
            "{owner}'s tile {tile} extends the city where {owner}'s builder stands. What does "
            "the builder bring {owner} now?"
        ),
        N_(
            "{owner}'s tile extends the city where {owner}'s builder stands. What does the "
            "builder bring {owner} now?"
        ),
        N_("{next}: a second tile never earns a third, even when it extends the city again"),
        N_("{owner} again: every tile that extends the builder's city earns one more"),
        N_(
            "{owner}'s second tile of the turn, tile {tile}, has extended the city with "
            "{owner}'s builder once more. Who places the next tile?"
        ),
        N_(
            "The builder stays where it is: in a later turn {owner}'s first tile may extend "
            "that city again for another second tile, until the city is scored and the "
            "builder goes home."
        ),
    ),
}


def _builder_third_tile_question(game: Game, index: int) -> teach.Prediction | None:
    event = game.events[index]
    before = next((e for e in reversed(game.events[:index]) if e.kind == "turn-begin"), None)
    if before is None or not (before.data or {}).get("extra"):
        return None
    owner = before.player
    placed = next(
        (
            e
            for e in game.events[before.index : index]
            if e.kind == "tile-placed" and e.player == owner
        ),
        None,
    )
    if placed is None or placed.pos is None:
        return None
    state = game.replay(placed.index)
    extended = [
        f
        for f in state.board.features.features_on(placed.pos)
        if f.kind in ("road", "city")
        and any(g.kind == "builder" and g.player == owner for g in f.figures)
    ]
    if not extended:
        return None
    words = _BUILDER[extended[0].kind]
    nxt = event.player

    def build():
        if (event.data or {}).get("extra") and nxt == owner:  # pragma: no cover - never a third
            answer = _("{owner} again: the builder gives one more tile each time", owner=owner)
        else:
            answer = _(words[5], next=nxt)
        other = nxt if nxt != owner else _("the next player")
        choices = [
            answer,
            _(words[6], owner=owner),
            _(
                "{other}, and {owner}'s builder goes home: it gives one second tile and is spent",
                other=other,
                owner=owner,
            ),
            _(
                "{owner} again, one last time: a builder allows at most three tiles in a turn",
                owner=owner,
            ),
        ]
        question = _(words[7], owner=owner, tile=placed.tile)
        explanation = (
            _(
                "Only the first tile of a turn can set off the builder. The second tile is a "
                "turn of its own but gives no third, even when it extends the builder's road "
                "or city again."
            )
            + " "
            + _(words[8], owner=owner)
        )
        return question, choices, explanation

    return common.in_english_order(build)


def builder_question_for(game: Game, index: int) -> teach.Prediction | None:
    """The builder's two moments: at the ``builder-extended`` event, "what does the builder
    bring?" (a second tile at once, placed anywhere); at the turn after a second tile that
    extended the builder's road or city again, "who places the next tile?" (the next player:
    a second tile never earns a third). Both answers are read from the turns the engine
    played. None elsewhere."""
    event = game.events[index]
    if event.kind == "builder-extended":
        return _builder_extended_question(game, index)
    if event.kind == "turn-begin":
        return _builder_third_tile_question(game, index)
    return None


# -- the walkthrough's question and notes ------------------------------------------------------


def expansion_question(game: Game, index: int) -> teach.Prediction | None:
    """The Abbey & Mayor question at event ``index`` (mayor, wagon or barn, and the pig, big
    follower and builder met with them), or None."""
    event = game.events[index]
    if event.kind == "figure-strength":
        if event.rule == "big-follower.strength":
            return big_follower_question_for(game, index)
        return mayor_question_for(game, index)
    if event.rule == "wagon.move":
        return wagon_question_for(game, index)
    if event.rule.startswith("barn."):
        return barn_question_for(game, index)
    if event.kind == "tile-placed":
        return pig_question_for(game, index)
    if event.kind in ("builder-extended", "turn-begin"):
        return builder_question_for(game, index)
    return None


def _asked_already(game: Game, index: int) -> bool:
    """A scoring whose points an earlier question of the walkthrough already asked: the
    farmers' points after a ``barn-connect`` question, a second barn on the same farm."""
    event = game.events[index]
    if event.kind != "points":
        return False
    if event.rule == "barn.connect":
        k = index - 1
        while k >= 0 and game.events[k].kind == "points":
            k -= 1
        return (
            k >= 0
            and game.events[k].kind == "barn-connect"
            and barn_question_for(game, k) is not None
        )
    if event.rule == "barn.final":
        return _earlier_barn_final(game, index)
    return False


def question(game: Game, index: int) -> teach.Prediction | None:
    """The question the Abbey & Mayor walkthrough asks at event ``index``: its own
    (:func:`expansion_question`) or the points of a scoring (:func:`teach.prediction_for`),
    once per scoring."""
    asked = expansion_question(game, index)
    if asked is not None:
        return asked
    if _asked_already(game, index):
        return None
    return teach.prediction_for(game, index)


def _first_of_turn(game: Game, index: int) -> teach.Prediction | None:
    """:func:`expansion_question` at the first event of its turn that asks one, else None."""
    asked = expansion_question(game, index)
    if asked is None:
        return None
    span = teach.turn_span(game, index)
    if any(expansion_question(game, k) is not None for k in range(span.start, index)):
        return None
    return asked


def note(game: Game, index: int, *, quiz: bool = True) -> str:
    """The move note to show at event ``index``, as :func:`teach.event_note`, except that a
    note ahead of an Abbey & Mayor question of its turn waits for the turn's first such
    question and is shown with it, after the answer (a note saying "the wagon rolls on to the
    cloister" answers it)."""
    return teach.note_held_for(game, index, quiz, _first_of_turn)


# -- the table beside the board ----------------------------------------------------------------

#: the figures the table lists, in this order
_KINDS = ("mayor", "wagon", "barn", "big-follower", "builder", "pig")


def special_figures(state: GameState) -> list[dict]:
    """Every mayor, wagon and barn in ``state`` (and the big follower, builder and pig when
    they are in play), by owner in seat order: ``figure`` (id), ``kind``, ``owner``,
    ``on_board``, ``where`` (in words) and ``counts`` (its strength where it stands: a mayor
    the city's pennants; a barn the completed cities its farm borders, 4 points each after the
    game), the words in the current language. Empty in a game without them."""
    from .rules import farm_cities

    features = state.board.features
    rows = []
    for player in state.players:
        for kind in _KINDS:
            for fig in sorted(
                (f for f in state.figures.values() if f.player == player and f.kind == kind),
                key=lambda f: f.id,
            ):
                row = {
                    "figure": fig.id,
                    "kind": kind,
                    "owner": player,
                    "on_board": fig.location is not None,
                    "where": _("in the supply"),
                    "counts": "",
                }
                if fig.node is not None:
                    feature = features.feature_of(fig.node)
                    row["where"] = _where(feature, fig.node)
                    strength = figure_strength(state, fig, feature)
                    if kind == "mayor":
                        row["counts"] = ngettext(
                            "{n} follower ({pennants})",
                            "{n} followers ({pennants})",
                            strength,
                            n=strength,
                            pennants=ngettext(
                                "{n} pennant", "{n} pennants", feature.pennants, n=feature.pennants
                            ),
                        )
                    elif kind == "builder":
                        row["counts"] = _("no follower; a second tile when its feature grows")
                    elif kind == "pig":
                        row["counts"] = _("+1 per completed city for its owner's farmers")
                    else:
                        row["counts"] = ngettext(
                            "{n} follower", "{n} followers", strength, n=strength
                        )
                elif isinstance(fig.location, Corner):
                    from .rules import barn_farm

                    farm = barn_farm(state, fig)
                    n, _farm = farm_cities(state, farm)
                    row["where"] = _(
                        "the corner point {point} on {farm}",
                        point=common.square((fig.location.x, fig.location.y)),
                        farm=_name(farm),
                    )
                    row["counts"] = ngettext(
                        "its farm borders {n} completed city (4 points each after the game)",
                        "its farm borders {n} completed cities (4 points each after the game)",
                        n,
                        n=n,
                    )
                elif fig.location is not None:
                    row["where"] = _("off the board ({location})", location=str(fig.location))
                rows.append(row)
    return rows


_WHY = re.compile(r"\(([^()]*)\)\.?$")


def _last_wagon_moves(game: Game, index: int, state: GameState) -> dict[str, str]:
    """Wagon id -> its last move after a scoring up to event ``index``, in words of the
    current language (``state``: the state after ``index``, which names the feature it went
    to; the reason a wagon went back is the bracket that ends its event's text)."""
    out: dict[str, str] = {}
    for e in game.events[: index + 1]:
        if not _is_wagon_move(e):
            continue
        if e.kind == "figure-moved":
            out[e.figure] = _(
                "event {index}: rolled on to {place}", index=e.index, place=_moved_to(state, e)
            )
        else:
            why = _WHY.search(e.text_in())
            out[e.figure] = (
                _("event {index}: back to the supply ({why})", index=e.index, why=why.group(1))
                if why
                else _("event {index}: back to the supply", index=e.index)
            )
    return out


def _asked_kinds(event: Event) -> tuple[str, ...]:
    """The kinds of figure whose worth a question at ``event`` may be about (what the table
    says they count would answer it)."""
    if event.rule == "mayor.strength":
        return ("mayor",)
    if event.rule == "big-follower.strength":
        return ("big-follower",)
    if event.rule.startswith("barn."):
        return ("barn", "pig")
    if event.kind == "tile-placed":
        return ("pig",)
    if event.kind in ("builder-extended", "turn-begin"):
        return ("builder",)
    return ()


def special_figures_html(game: Game, index: int, *, hidden: bool = False) -> str:
    """:func:`special_figures` after event ``index``: a small table of those on the board,
    then the ones in the supply and each wagon's last move; the figure the event concerns is
    shaded. ``hidden``: as it was before the event (while a question about it is open), with
    the worth of the kind of figure asked about kept back. Empty in a game without them."""
    at = index - 1 if hidden else index
    if at < 0:
        return ""
    state = game.replay(at)
    rows = special_figures(state)
    if not rows:
        return ""
    event = game.events[index]
    moves = _last_wagon_moves(game, at, state)
    # while a question is open, what the figures asked about are worth is not told
    secret = _asked_kinds(event) if hidden else ()
    shade = "background:#fff3c4"
    cell = "padding:2px 8px;vertical-align:top"
    body = []
    supply: dict[str, list[str]] = {}
    for row in rows:
        changed = not hidden and event.figure == row["figure"]
        title = escape(render(Word(kind_of(row["kind"]).title), current_language()))
        if not row["on_board"]:
            name = f'<span style="{shade}">{title}</span>' if changed else title
            supply.setdefault(row["owner"], []).append(name)
            continue
        counts = row["counts"]
        if row["kind"] in secret and counts:
            counts = _("? (answer the question first)")
        # (the catalogue's words are ours; the player's name is escaped before it goes in)
        whose = _("{player}'s {figures}", player=f"<b>{escape(row['owner'])}</b>", figures=title)
        body.append(
            f'<tr class="figure{" changed" if changed else ""}" data-figure="{escape(row["figure"])}" '
            f'data-kind="{row["kind"]}" style="{shade if changed else ""}">'
            f'<td style="{cell};white-space:nowrap">{whose}</td>'
            f'<td style="{cell}">{escape(row["where"])}</td>'
            f'<td style="{cell}">{escape(counts)}</td></tr>'
        )
    parts = []
    if body:
        parts.append(
            '<table class="carc-special-figures" style="border-collapse:collapse">'
            f'<tr style="text-align:left"><th style="{cell}">{escape(_("figure"))}</th>'
            f'<th style="{cell}">{escape(_("stands on"))}</th>'
            f'<th style="{cell}">{escape(_("counts"))}</th></tr>'
            f"{''.join(body)}</table>"
        )
    else:
        nothing = escape(_("No mayor, wagon or barn on the board."))
        parts.append(f"<div>{nothing}</div>")
    if supply:
        owned = "; ".join(
            _("{player}'s {figures}", player=escape(p), figures=format_list(names))
            for p, names in supply.items()
        )
        in_supply = _("In the supply: {figures}.", figures=owned)
        parts.append(f'<div class="carc-supply" style="margin-top:4px">{in_supply}</div>')
    if moves:
        items = []
        for fid, text in moves.items():
            owner = escape(state.figures[fid].player or "")
            style = f' style="{shade}"' if not hidden and event.figure == fid else ""
            said = _("{player}'s wagon, {move}", player=owner, move=escape(text))
            items.append(f"<li{style}>{said}</li>")
        heading = escape(_("Last move of each wagon after a scoring:"))
        parts.append(
            f'<div class="carc-wagon-moves" style="margin-top:4px">{heading}'
            f'<ul style="margin:2px 0">{"".join(items)}</ul></div>'
        )
    return (
        '<div class="carc-special-figures-panel" style="font:13px sans-serif">'
        f"{''.join(parts)}</div>"
    )


# -- the walkthrough -----------------------------------------------------------------------

# Mayors and wagons look like any meeple on the board and figures in the supply are not on
# it: the table beside the board lists every mayor, wagon and barn, where it stands and
# what it counts there.
WALKTHROUGH = Walkthrough(
    question=question,
    note=note,
    panels=((N_("Mayors, wagons and barns"), special_figures_html),),
    board_help=N_("""
    **How to read the board.** Orange frame: the tile just placed. Yellow: the feature the
    event is about. Every figure in a feature is drawn as a meeple in its owner's colour,
    the mayor and the wagon too (hover over one to read what it is); a barn is a small
    house in its owner's colour on the corner where four tiles meet. The table beside the
    board lists every mayor, wagon and barn: who owns it, where it stands (or that it waits
    in the supply), what it counts there (a mayor the pennants of its city, a barn the
    completed cities its farm borders) and each wagon's last move. While a question is open,
    the table shows the moment before the event and keeps the answer back. Pennants are the
    small blue shields on city tiles: count them on the board before you answer about a
    mayor.
        """),
    lessons=_LESSONS,
    quiz_label=N_("Ask me first (points, and what each special figure does)"),
)
