"""The order a learner should take the walkthroughs in, grouped by expansion.

Notebooks are still discovered, never listed as the only source of truth: this table only
places each one (its group, and the rules it covers). A notebook it does not name is not
lost: it comes last, in a group of its own, and a test checks that every notebook of the
repository has its place here.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Group", "Place", "GROUPS", "OTHER_GROUP", "place_of", "arrange"]


@dataclass(frozen=True)
class Place:
    """Where one walkthrough sits: its notebook's file stem and the rules it covers."""

    slug: str
    covers: str


@dataclass(frozen=True)
class Group:
    """A group of walkthroughs on the index page, in learning order."""

    title: str
    lead: str
    places: tuple[Place, ...]


GROUPS: tuple[Group, ...] = (
    Group(
        "The base game",
        "Start here: how a turn goes, how tiles join into features, and when each thing scores.",
        (
            Place("turn_sequence", "steps 1A to 4B; roads, cities, cloisters, farms"),
            Place("tiles_and_features", "tile edges, placement, features and who would score"),
            Place("scoring_reference", "every scoring moment of a turn, by edition"),
        ),
    ),
    Group(
        "Count, King & Robber",
        "The four small expansions gathered in this box, one at a time.",
        (
            Place("count_of_carcassonne", "the City of Carcassonne, its quarters, the Count"),
            Place("river_ii", "River II: the spring, the fork, the lake"),
            Place("king_and_robber", "the King and the Robber Baron"),
            Place("heretics_and_shrines", "shrines, heretics and challenges"),
        ),
    ),
    Group(
        "Inns & Cathedrals",
        "The first big box: inns and cathedrals that pay double or nothing, and the big follower.",
        (Place("inns_and_cathedrals", "inns, cathedrals and the big follower"),),
    ),
    Group(
        "Abbey & Mayor",
        "Three new figures and the abbey, with the big follower, builder and pig they meet.",
        (Place("abbey_and_mayor", "the mayor, the wagon, the barn, the abbey"),),
    ),
    Group(
        "Putting it together",
        "The end of a game with every expansion, and how editions change the outcome.",
        (
            Place("after_the_game", "the scoring after the game: farms, tokens, barns, the market"),
            Place("compare_editions", "one game under two editions or house rules"),
            Place("practice", "quiz me: any rule drilled on fresh positions, with a tally"),
        ),
    ),
)

#: where a notebook the table does not name goes
OTHER_GROUP = Group("More walkthroughs", "Walkthroughs added since the order above was set.", ())


def place_of(slug: str) -> tuple[int, int, Place | None]:
    """(group number, position in the group, its place) of a notebook; unnamed ones sort last."""
    for g, group in enumerate(GROUPS):
        for p, place in enumerate(group.places):
            if place.slug == slug:
                return g, p, place
    return len(GROUPS), 0, None


def arrange(pages):
    """``pages`` (anything with a ``slug``) grouped and ordered: a list of ``(group, [(page,
    covers or "")])`` with empty groups left out."""
    ordered = sorted(pages, key=lambda page: (*place_of(page.slug)[:2], page.slug))
    out: list[tuple[Group, list]] = []
    for page in ordered:
        g, _, place = place_of(page.slug)
        group = GROUPS[g] if g < len(GROUPS) else OTHER_GROUP
        if not out or out[-1][0] is not group:
            out.append((group, []))
        out[-1][1].append((page, place.covers if place else ""))
    return out
