# /// script
# requires-python = ">=3.11"
# dependencies = ["marimo==0.25.2", "carc_teach"]
# ///
"""
# One game under two editions

Play the same moves under two rulebooks, or under two values of one rule option, and see
where the games part: the two event logs side by side, the first event that differs marked
on both boards, how many points each player gains or loses, and the rule option and
footnote that make the difference.

(The site's index reads this page's title and description here: the page itself shows them
in the language chosen, through the catalogues, docs/i18n.md.)
"""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="Compare editions")


@app.cell
def _():
    import marimo as mo

    from carc_teach import examples
    from carc_teach import i18n as t
    from carc_teach import notebook_ui as ui
    from carc_teach.compare import (
        DEMO_GAME,
        RuleSide,
        board_at,
        compare_games,
        logs_html,
        parse_option_value,
    )
    from carc_teach.editions import (
        OPTIONS,
        PRESETS,
        option,
        translated_option,
        translated_preset,
    )
    from carc_teach.i18n.game_texts import bundled_title, title_in
    from carc_teach.lessons import two_editions
    from carc_teach.teach import plain_text
    from carc_teach.text import escape_markdown

    return (
        DEMO_GAME,
        OPTIONS,
        PRESETS,
        RuleSide,
        board_at,
        bundled_title,
        compare_games,
        escape_markdown,
        examples,
        logs_html,
        mo,
        option,
        parse_option_value,
        plain_text,
        t,
        title_in,
        translated_option,
        translated_preset,
        two_editions,
        ui,
    )


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
    # One game under two editions

    Play the same moves under two rulebooks, or under two values of one rule option, and see
    where the games part: the two event logs side by side, the first event that differs marked
    on both boards, how many points each player gains or loses, and the rule option and
    footnote that make the difference. With the base game alone most editions agree; the
    number of followers shows how a difference looks. *Classroom mode* puts the question
    "what changes?" to the class, then shows the parting events full width, one key press each.
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
def _(
    DEMO_GAME,
    OPTIONS,
    PRESETS,
    bundled_title,
    examples,
    lang,
    mo,
    option,
    t,
    translated_option,
    translated_preset,
):
    # every label in the page's language; the values stay the ids the engine reads
    # the bundled games in the course's order: the base game's first (titles translated)
    _titles = {
        bundled_title(examples.data(_name).get("title", _name), lang): _name
        for _name in examples.in_course_order()
    }
    game_choice = mo.ui.dropdown(
        options=_titles,
        # opens on the game made to show an edition's difference (under two presets)
        value=next(_t for _t, _n in _titles.items() if _n == DEMO_GAME),
        label=t._("Game", lang),
    )
    pasted = mo.ui.text_area(
        placeholder=t._("Paste a game file here (JSON, see docs/game-format.md)", lang),
        full_width=True,
        rows=4,
    )
    # the mode's value is "presets" or "option", whatever the language of its labels
    _modes = {t._("Two presets", lang): "presets", t._("Two values of one option", lang): "option"}
    mode = mo.ui.radio(
        options=_modes,
        value=t._("Two presets", lang),
        label=t._("Compare", lang),
        inline=True,
    )
    _titles_of = {_p.id: translated_preset(_p, lang).title for _p in PRESETS.values()}
    _presets = {t._("the defaults", lang): "default"} | {
        f"{_id}: {_title}": _id for _id, _title in _titles_of.items()
    }
    preset_a = mo.ui.dropdown(
        options=_presets, value="hig-original: " + _titles_of["hig-original"], label="A"
    )
    preset_b = mo.ui.dropdown(options=_presets, value="rgg: " + _titles_of["rgg"], label="B")
    option_choice = mo.ui.dropdown(
        options={translated_option(_o, lang).title: _o.id for _o in OPTIONS if _o.changes_outcome},
        value=translated_option(option("base.followers"), lang).title,
        label=t._("Option", lang),
    )
    classroom = mo.ui.switch(value=False, label=t._("Classroom mode", lang))
    mo.vstack(
        [
            mo.hstack([game_choice, mode, classroom], justify="start", gap=2),
            mo.accordion({t._("Use your own game file", lang): pasted}),
        ]
    )
    return classroom, game_choice, mode, option_choice, pasted, preset_a, preset_b


@app.cell
def _(mo, option, option_choice):
    # The two values offered follow the option chosen.
    _opt = option(option_choice.value)
    _values = [str(_v).lower() if isinstance(_v, bool) else str(_v) for _v in _opt.values]
    _b_default = next((_v for _v in _values if _v != str(_opt.default)), _values[0])
    if option_choice.value == "base.followers":
        _b_default = "2"
    value_a = mo.ui.dropdown(
        options=_values,
        value=str(_opt.default).lower() if isinstance(_opt.default, bool) else str(_opt.default),
        label="A",
    )
    value_b = mo.ui.dropdown(options=_values, value=_b_default, label="B")
    return value_a, value_b


@app.cell
def _(mo, mode, option_choice, preset_a, preset_b, value_a, value_b):
    if mode.value == "presets":
        _row = mo.hstack([preset_a, preset_b], justify="start", gap=2)
    else:
        _row = mo.hstack([option_choice, value_a, value_b], justify="start", gap=2)
    _row
    return


@app.cell
def _(
    RuleSide,
    compare_games,
    examples,
    game_choice,
    lang,
    mo,
    mode,
    option_choice,
    parse_option_value,
    pasted,
    preset_a,
    preset_b,
    t,
    ui,
    value_a,
    value_b,
):
    # A pasted file wins over the dropdown; a broken one is explained and the bundled game kept.
    game, _problem = ui.game_from_paste(
        mo,
        pasted.value,
        lambda: examples.load(game_choice.value),
        instead=t._("Comparing the bundled game.", lang),
        lang=lang,
    )
    if mode.value == "presets":
        side_a, side_b = RuleSide(preset_a.value), RuleSide(preset_b.value)
    else:
        _id = option_choice.value
        side_a = RuleSide(options={_id: parse_option_value(_id, value_a.value)})
        side_b = RuleSide(options={_id: parse_option_value(_id, value_b.value)})
    result = compare_games(game, side_a, side_b)
    _problem
    return (result,)


@app.cell
def _(classroom, lang, mo, result, title_in, two_editions, ui):
    # Classroom mode: the stage over the whole window, one stop per key press (the answer is a
    # press of its own), stepped in the browser; the presenter notes open in a second window.
    # Everything on it in the page's language (a pasted game's own title as written).
    mo.stop(not classroom.value)
    ui.lesson_stage(
        mo,
        two_editions.stage_frames(result, markdown_html=lambda _text: mo.md(_text).text, lang=lang),
        title=title_in(result.game, lang),
        lang=lang,
    )
    return


@app.cell
def _(
    classroom,
    escape_markdown,
    lang,
    mo,
    option,
    plain_text,
    result,
    t,
    translated_option,
):
    mo.stop(classroom.value)
    _moved = {_p: _d for _p, _d in result.point_difference.items()}
    _cards = [
        mo.stat(
            value=f"{_d:+d}",
            label=_p,
            caption=f"{result.a.scores[_p]} (A) → {result.b.scores[_p]} (B)",
            bordered=True,
        )
        for _p, _d in _moved.items()
    ]
    _kind = "warn" if result.differs else "success"
    # the summary and an error name the players as the file spells them: shown as text
    with t.use_language(lang):  # plain_text spells abbreviations out in the current language
        _summary = escape_markdown(plain_text(result.summary(lang)))
    _parts = [mo.callout(mo.md(f"**{_summary}**"), kind=_kind)]
    if result.options_changed:
        _differ = "; ".join(
            f"{translated_option(option(_k), lang).title} {escape_markdown(_va)} (A) / "
            f"{escape_markdown(_vb)} (B)"
            for _k, (_va, _vb) in result.options_changed.items()
        )
        _parts.append(mo.md(t._("Options that differ: {options}", lang, options=_differ)))
    for _tag, _side in (("A", result.a), ("B", result.b)):
        if _side.error:
            _under = t._(
                "Under {side} ({label}) the moves stop being legal:",
                lang,
                side=_tag,
                label=escape_markdown(_side.label_in(lang)),
            )
            _parts.append(
                mo.callout(
                    mo.md(f"**{_under}** {escape_markdown(_side.error_in(lang))}"),
                    kind="danger",
                )
            )
    _parts.append(mo.md("**" + t._("Points per player, B minus A", lang) + "**"))
    _parts.append(mo.hstack(_cards, justify="start", gap=1))
    mo.vstack(_parts)
    return


@app.cell
def _(board_at, classroom, escape_markdown, lang, mo, result, t):
    # The first parting event on both boards (the last event when the games agree).
    mo.stop(classroom.value)
    _k = result.first_difference
    _title = (
        t._("The two boards at event {index}, where the logs part", lang, index=_k)
        if _k is not None
        else t._("The two boards at the end (no difference)", lang)
    )
    mo.vstack(
        [
            mo.md(f"### {_title}"),
            mo.hstack(
                [
                    mo.vstack(
                        [
                            mo.md(f"**A: {escape_markdown(result.a.label_in(lang))}**"),
                            mo.Html(board_at(result, "a", lang=lang)),
                        ]
                    ),
                    mo.vstack(
                        [
                            mo.md(f"**B: {escape_markdown(result.b.label_in(lang))}**"),
                            mo.Html(board_at(result, "b", lang=lang)),
                        ]
                    ),
                ],
                justify="start",
                gap=2,
                align="start",
            ),
        ]
    )
    return


@app.cell
def _(lang, mo, t):
    show_all = mo.ui.switch(value=False, label=t._("Show every event", lang))
    return (show_all,)


@app.cell
def _(classroom, lang, logs_html, mo, result, show_all, t):
    mo.stop(classroom.value)
    mo.vstack(
        [
            mo.md("### " + t._("The two event logs", lang)),
            show_all,
            mo.Html(logs_html(result, everything=show_all.value, lang=lang)),
        ]
    )
    return


@app.cell
def _(classroom, lang, mo, option, plain_text, result, t, translated_option):
    # The rule option(s) and the footnotes behind the difference.
    import carc_teach.annotations as _annotations
    from carc_teach.i18n.errors import say as _say

    mo.stop(classroom.value)
    if not result.deciding_options:
        _out = mo.md(
            t._("No rule option changes this game, so no footnote decides anything here.", lang)
        )
    else:
        _items = {}
        with t.use_language(lang):  # plain_text spells abbreviations out in the current language
            for _oid in result.deciding_options:
                _opt = translated_option(option(_oid), lang)
                _items[t._("Rule option: {title}", lang, title=_opt.title)] = mo.md(
                    plain_text(_opt.explanation)
                )
            for _nid in result.footnotes:
                _record = _annotations.get(_nid)
                _title = plain_text(_record.title_in(lang))
                _text = plain_text(_record.text_in(lang))
                _items[f"{_record.label.symbol} {_title}"] = mo.callout(
                    mo.md(f"{_text}\n\n*{_annotations.cite(_record, lang)}*"),
                    kind=_record.label.callout,
                )
        _heading = t._(
            "What makes the difference ({reason})", lang, reason=_say(result.deciding_reason, lang)
        )
        _out = mo.vstack([mo.md(f"### {_heading}"), mo.accordion(_items)])
    _out
    return


if __name__ == "__main__":
    app.run()
