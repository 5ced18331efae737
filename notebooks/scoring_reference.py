# /// script
# requires-python = ">=3.11"
# dependencies = ["marimo==0.25.2", "carc_teach"]
# ///
"""
# Scoring during the turn: who scores what, and when

Pick the expansions on your table and read, in turn order, every way points can be scored:
from the start of the turn (1A) to its end (4B), each situation with who scores, the points,
its conditions and exceptions, and the rules and footnotes behind it.

(The site's index reads this page's title and description here: the page itself shows them
in the language chosen, through the catalogues, docs/i18n.md.)
"""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="Scoring during the turn")


@app.cell
def _():
    import marimo as mo

    from carc_teach import i18n as t
    from carc_teach import notebook_ui as ui
    from carc_teach import reference
    from carc_teach.errors import CarcTeachError
    from carc_teach.i18n.names import box_name
    from carc_teach.reference import present

    return CarcTeachError, box_name, mo, present, reference, t, ui


@app.cell
def _(mo, ui):
    # the page's language: ?lang= in the address, else the one the browser remembers
    lang_switch = ui.language_switch(mo)
    return (lang_switch,)


@app.cell
def _(lang_switch, mo, ui):
    lang, _language_row = ui.page_language(mo, lang_switch)
    _language_row
    return (lang,)


@app.cell
def _(lang, mo, t):
    mo.md(
        t._(
            """
    # Scoring during the turn: who scores what, and when

    Pick the expansions on your table and read, in turn order, every way points can be scored:
    from the start of the turn (1A) to its end (4B), each situation with who scores, the points,
    its conditions and exceptions, and the rules and footnotes behind it. The data restates the
    Wikicarpedia page "Scoring During Turn Sequence" in our own words; switch between first
    (C1) and second (C2) edition wording, and add one expansion to see what it changes.
    """,
            lang,
        )
    )
    return


@app.cell
def _(lang, mo, ui):
    # HiG, RGG, Big Box 2, C1/C2 and the game's words, on every page
    ui.glossary(mo, lang)
    return


@app.cell
def _(box_name, lang, mo, reference, t):
    # every label in the page's language; the values stay the ids the reference reads (the
    # presets and expansions named as their boxes are, in the language: i18n/names.py)
    preset = mo.ui.dropdown(
        options={box_name(p.title, lang): p.id for p in reference.SELECTOR_PRESETS.values()},
        value=box_name("Count, King & Robber + Abbey & Mayor", lang),
        label=t._("Start from", lang),
    )
    edition = mo.ui.radio(
        options={t._("C1 (first edition)", lang): "C1", t._("C2 (second edition)", lang): "C2"},
        value=t._("C1 (first edition)", lang),
        label=t._("Edition", lang),
        inline=True,
    )
    drafts = mo.ui.checkbox(
        value=True,
        label=t._(
            "Also show rows the page keeps hidden (King tile, City of Carcassonne, ...)", lang
        ),
    )
    return drafts, edition, preset


@app.cell
def _(box_name, lang, mo, preset, reference):
    # The group pickers start from the preset; changing the preset rebuilds them.
    _chosen = {reference.expansion_of(p).id for p in reference.selection_for_preset(preset.value)}
    group_pickers = mo.ui.dictionary(
        {
            _group.id: mo.ui.multiselect(
                options={box_name(e.name, lang): e.id for e in _group.expansions},
                value=[box_name(e.name, lang) for e in _group.expansions if e.id in _chosen],
                label=box_name(_group.title, lang),
                full_width=True,
            )
            for _group in reference.GROUPS
        }
    )
    return (group_pickers,)


@app.cell
def _(drafts, edition, group_pickers, mo, preset):
    mo.vstack(
        [
            mo.hstack([preset, edition], justify="start", gap=2),
            mo.hstack(list(group_pickers.values()), widths="equal", gap=1),
            drafts,
        ]
    )
    return


@app.cell
def _(group_pickers, reference):
    _expansions = [e for _ids in group_pickers.value.values() for e in _ids]
    # A multi-part expansion can be trimmed to some of its parts.
    multi_part = [
        reference.SELECTOR_EXPANSIONS[e]
        for e in _expansions
        if len(reference.SELECTOR_EXPANSIONS[e].parts) > 1
    ]
    chosen_expansions = _expansions
    return chosen_expansions, multi_part


@app.cell
def _(box_name, lang, mo, multi_part, t):
    part_pickers = mo.ui.dictionary(
        {
            _e.id: mo.ui.multiselect(
                options={box_name(p.name, lang): p.id for p in _e.parts},
                value=[box_name(p.name, lang) for p in _e.parts],
                label=t._("{expansion}: parts in play", lang, expansion=box_name(_e.name, lang)),
            )
            for _e in multi_part
        }
    )
    _fold = t._("Play only some parts of an expansion", lang)
    mo.accordion({_fold: part_pickers}) if multi_part else None
    return (part_pickers,)


@app.cell
def _(CarcTeachError, chosen_expansions, edition, lang, mo, part_pickers, reference):
    # Everything the learner picked, as one selection; a bad pick is explained, never raised.
    problem = None
    try:
        selection = reference.normalize_selection(chosen_expansions)
        for _eid, _parts in part_pickers.value.items():
            selection = (selection - set(reference.SELECTOR_EXPANSIONS[_eid].part_ids)) | set(
                _parts
            )
        chosen_edition = reference.normalize_edition(edition.value)
    except CarcTeachError as _exc:
        from carc_teach.i18n.errors import error_text

        problem = mo.callout(error_text(_exc, lang), kind="danger")
        selection = frozenset()
        chosen_edition = "C2"
    problem  # noqa: B018 - marimo shows a cell's last expression
    return chosen_edition, selection


@app.cell
def _(chosen_edition, drafts, lang, reference, selection):
    # the rows' words in the page's language (data/<lang>/texts.toml; English where not)
    rows = reference.rows(selection, chosen_edition, include_drafts=drafts.value, lang=lang)
    steps = reference.steps(selection, chosen_edition, lang=lang)
    intro = reference.intro(selection, chosen_edition, lang=lang)
    return intro, rows, steps


@app.cell
def _(box_name, chosen_edition, intro, lang, mo, present, reference, rows, selection, t):
    _names = sorted({box_name(reference.expansion_of(p).name, lang) for p in selection}) or [
        t._("the base game only", lang)
    ]
    _full = sum(r.executed for r in rows)
    _part = sum(bool(r.engine_rule_ids) and not r.executed for r in rows)
    _legend = "\n".join(
        f"- **{e.label}**: {e.meaning}" for e in [*intro.legend, *intro.markers] if not e.drafted
    )
    _intro = "\n".join(f"- {item.text}" for item in intro.items)
    _intro_rows = "\n\n".join(
        present.row_markdown(r, with_examples=False, lang=lang) for r in intro.rows
    )
    mo.vstack(
        [
            mo.callout(
                mo.md(
                    t.ngettext(
                        "**{n} scoring situation** for {names}, worded for {edition}. "
                        "carc_teach's engine runs {full} of these rows fully and {part} in part; "
                        "the rest are reference only (their expansion, or the part of it they "
                        "need, is not implemented). Farms score only after the game, which this "
                        "page does not cover: see the walkthrough *Scoring after the game*.",
                        "**{n} scoring situations** for {names}, worded for {edition}. "
                        "carc_teach's engine runs {full} of these rows fully and {part} in part; "
                        "the rest are reference only (their expansion, or the part of it they "
                        "need, is not implemented). Farms score only after the game, which this "
                        "page does not cover: see the walkthrough *Scoring after the game*.",
                        len(rows),
                        lang,
                        names=", ".join(_names),
                        edition=chosen_edition,
                        full=_full,
                        part=_part,
                    )
                ),
                kind="info",
            ),
            mo.accordion(
                {
                    t._("Introduction", lang): mo.md(
                        _intro + ("\n\n" + _intro_rows if _intro_rows else "")
                    ),
                    t._("Legend and markers", lang): mo.md(_legend),
                }
            ),
        ]
    )
    return


@app.cell
def _(lang, mo, present, rows, t):
    table = mo.ui.table(
        present.table_records(rows, lang),
        selection="multi",
        page_size=25,
        label=t._("Select rows to open their details below", lang),
        show_column_summaries=False,
    )
    return (table,)


@app.cell
def _(lang, mo, present, rows, steps, t):
    # The same rows step by step; every row opens to its details.
    _by_step = {}
    # steps where nothing scores are named on one line, not opened one by one
    _quiet = [_s for _s in steps if not any(r.step == _s.code for r in rows) and not _s.notes]
    if _quiet:
        _quiet_codes = ", ".join(_s.code for _s in _quiet)
        _by_step[t._("Nothing scores in {steps}", lang, steps=_quiet_codes)] = mo.md(
            "\n".join(f"- {_s.code} · {_s.title}" for _s in _quiet)
        )
    for _step in steps:
        _own = [r for r in rows if r.step == _step.code]
        _notes = "\n".join(f"*{n}*" for n in _step.notes)
        if _step in _quiet:
            continue
        if not _own:
            _none = t._("Nothing scores in this step.", lang)
            _body = mo.md(_notes + ("\n\n" if _notes else "") + _none)
        else:
            _items = {
                f"{'· ' * r.depth}{r.title}"
                + (f" — {r.who}" if r.who else "")
                + (f"  [{r.id}]" if r.depth == 0 else ""): mo.md(
                    present.row_markdown(r, with_examples=False, lang=lang)
                )
                for r in _own
            }
            _body = mo.vstack([mo.md(_notes), mo.accordion(_items, multiple=True)])
        _by_step[f"{_step.code} · {_step.title} ({len(_own)})"] = _body
    step_view = mo.accordion(_by_step, multiple=True)
    return (step_view,)


@app.cell
def _(lang, mo, present, rows, t, table):
    _picked = {record["Id"] for record in table.value}
    _cards = []
    for _row in rows:
        if _row.id not in _picked:
            continue
        _notes = [
            mo.callout(
                mo.md(f"**{n.id} · {n.kind_label}: {n.title}**\n\n{n.text}\n\n*{n.cited}*"),
                kind=n.callout,
            )
            for n in present.annotation_notes(_row, lang)
        ]
        _cards.append(mo.vstack([mo.md(present.row_markdown(_row, lang=lang)), *_notes]))
    if not _cards:
        _pick = t._("Select one or more rows in the table to see their details here.", lang)
        _cards = [mo.md(f"*{_pick}*")]
    if not present.annotations_available():
        _cards.append(
            mo.callout(
                t._("The annotation corpus is not installed: footnote texts are missing.", lang),
                kind="warn",
            )
        )
    details = mo.vstack(_cards)
    return (details,)


@app.cell
def _(box_name, chosen_expansions, lang, mo, reference, t):
    _left = [e for e in reference.SELECTOR_EXPANSIONS.values() if e.id not in chosen_expansions]
    added = mo.ui.dropdown(
        options={box_name(e.name, lang): e.id for e in _left},
        value=box_name(_left[0].name, lang) if _left else None,
        label=t._("Add one expansion", lang),
    )
    return (added,)


@app.cell
def _(added, box_name, chosen_edition, drafts, lang, mo, present, reference, selection, t):
    if added.value is None:
        _body = mo.md(t._("Every expansion is already in play.", lang))
    else:
        _change = reference.diff(
            selection,
            selection | set(reference.SELECTOR_EXPANSIONS[added.value].part_ids),
            chosen_edition,
            include_drafts=drafts.value,
            lang=lang,
        )
        _body = mo.md(
            present.diff_markdown(
                _change, box_name(reference.SELECTOR_EXPANSIONS[added.value].name, lang), lang
            )
        )
    what_changed = mo.vstack([added, _body])
    return (what_changed,)


@app.cell
def _(details, lang, mo, step_view, t, table, what_changed):
    mo.ui.tabs(
        {
            t._("Table", lang): mo.vstack([table, details]),
            t._("Step by step", lang): step_view,
            t._("What changes when one expansion is added", lang): what_changed,
        }
    )
    return


if __name__ == "__main__":
    app.run()
