"""The order a learner should take the walkthroughs in, grouped by expansion.

Each expansion package names its walkthroughs and its group (``Package.walkthroughs``,
``Package.course_group``: :mod:`carc_teach.expansions.declare`); the groups are built from the
registered packages here, in their rank's order, and the one group no package owns (the
walkthroughs that put the expansions together) is listed below.

Notebooks are still discovered, never listed as the only source of truth: this only places
each one (its group, and the rules it covers). A notebook no package names is not lost: it
comes last, in a group of its own, and a test checks that every notebook of the repository has
its place.
"""

from __future__ import annotations

from dataclasses import dataclass

from carc_teach.expansions import PACKAGES
from carc_teach.expansions.declare import CoursePlace

__all__ = ["Group", "Place", "GROUPS", "OTHER_GROUP", "place_of", "arrange"]

#: where one walkthrough sits: its notebook's file stem and the rules it covers
Place = CoursePlace


@dataclass(frozen=True)
class Group:
    """A group of walkthroughs on the index page, in learning order."""

    title: str
    lead: str
    places: tuple[Place, ...]


#: the walkthroughs that span every expansion, after all the packages' groups
TOGETHER = Group(
    "Putting it together",
    "The end of a game with every expansion, and how editions change the outcome.",
    (
        Place("after_the_game", "the scoring after the game: farms, tokens, barns, the market"),
        Place("compare_editions", "one game under two editions or house rules"),
        Place("practice", "quiz me: any rule drilled on fresh positions, with a tally"),
        Place("play", "a whole game against bots or friends, any expansions, every rule explained"),
    ),
)
TOGETHER_RANK = 100


def _package_groups() -> list[tuple[int, Group]]:
    """``(rank, group)`` of the registered packages' walkthroughs: the packages naming one
    group title share it, in registry order, and the one that gives its lead and rank sets
    them."""
    titles: list[str] = []
    leads: dict[str, str] = {}
    ranks: dict[str, int] = {}
    places: dict[str, list[Place]] = {}
    for package in PACKAGES:
        group = package.course_group
        if group is None or not package.walkthroughs:
            continue
        if group.title not in places:
            titles.append(group.title)
            places[group.title] = []
        places[group.title] += package.walkthroughs
        if group.lead:
            leads[group.title] = group.lead
        if group.rank is not None:
            ranks[group.title] = group.rank
    return [
        (
            ranks.get(title, TOGETHER_RANK - 1),
            Group(title, leads.get(title, ""), tuple(places[title])),
        )
        for title in titles
    ]


GROUPS: tuple[Group, ...] = tuple(
    group
    for _, group in sorted(
        [*_package_groups(), (TOGETHER_RANK, TOGETHER)], key=lambda ranked: ranked[0]
    )
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
