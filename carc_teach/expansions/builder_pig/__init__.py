"""The builder and the pig of Traders & Builders.

``rules.py`` plays it; this record names its parts for the registries
(:mod:`carc_teach.expansions`)."""

from __future__ import annotations

from ..declare import N_, FigureKind, FigureShape, Package, ReferenceLink
from .topics import TOPICS

PACKAGE = Package(
    name="builder_pig",
    title="The builder and the pig of Traders & Builders",
    rule_modules=(("builder", "BuilderRules"), ("pig", "PigRules")),
    topics=TOPICS,
    figure_kinds=(
        FigureKind(
            "builder",
            "builder",
            "builder",
            0,
            frozenset({"road", "city"}),
            False,
            False,
            deploy_rule="builder.deploy",
        ),
        FigureKind(
            "pig", "pig", "pig", 0, frozenset({"field"}), False, False, deploy_rule="pig.placement"
        ),
    ),
    box="traders-builders",
    legend=(
        ("builder", "builder", N_("builder (tall)")),
        ("pig", "pig", N_("pig (in a farm)")),
    ),
    corpus_titles=(
        ("builder", "The builder of Traders & Builders, played on its own"),
        ("pig", "The pig of Traders & Builders, played on its own"),
        ("traders-builders", "Traders & Builders (builder, pig, trade goods)"),
    ),
    figure_shapes=(
        # tall and narrow: the builder
        FigureShape(
            "builder",
            "M-0.36,0.8 L-0.13,0.1 L-0.4,0 Q-0.4,-0.36 -0.14,-0.36 A0.16,0.16 0 1 1 0.14,-0.36 Q0.4,-0.36 0.4,0 L0.13,0.1 L0.36,0.8 L0.06,0.8 L0,0.45 L-0.06,0.8 Z",
            "",
            1.0,
            key_scale=0.85,
        ),
        # a round body on four short legs, ears and a snout: the pig
        FigureShape(
            "pig",
            "M-0.55,0.02 A0.55,0.34 0 1 1 0.55,0.02 A0.55,0.34 0 1 1 -0.55,0.02 Z M0.5,-0.1 H0.72 V0.12 H0.5 Z M0.12,-0.24 L0.26,-0.5 L0.36,-0.2 Z M-0.4,0.28 H-0.24 V0.52 H-0.4 Z M0.22,0.28 H0.38 V0.52 H0.22 Z",
            "",
            0.9,
        ),
    ),
    reference_links=(
        ReferenceLink("1b.wof.famine.pig", ("pig.scoring",)),
        ReferenceLink("3b.barn-placed.pig", ("pig.scoring",)),
        ReferenceLink("3b.barn-joined.pig", ("pig.scoring",)),
    ),
    event_headings=(("builder-extended", N_("the builder brings a second tile")),),
)
