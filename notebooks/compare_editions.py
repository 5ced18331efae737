# /// script
# requires-python = ">=3.11"
# dependencies = ["marimo==0.25.2", "carc_teach"]
# ///

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="Compare editions")


@app.cell
def _():
    import marimo as mo

    from carc_teach import examples
    from carc_teach import notebook_ui as ui
    from carc_teach.compare import (
        DEMO_GAME,
        RuleSide,
        board_at,
        compare_games,
        logs_html,
        parse_option_value,
    )
    from carc_teach.editions import OPTIONS, PRESETS, option
    from carc_teach.lessons import two_editions
    from carc_teach.teach import plain_text
    from carc_teach.text import escape_markdown

    return (
        DEMO_GAME,
        OPTIONS,
        PRESETS,
        RuleSide,
        board_at,
        compare_games,
        escape_markdown,
        examples,
        logs_html,
        mo,
        option,
        parse_option_value,
        plain_text,
        two_editions,
        ui,
    )


@app.cell
def _(mo):
    mo.md("""
    # One game under two editions

    Play the same moves under two rulebooks, or under two values of one rule option, and see
    where the games part: the two event logs side by side, the first event that differs marked
    on both boards, how many points each player gains or loses, and the rule option and
    footnote that make the difference. With the base game alone most editions agree; the
    number of followers shows how a difference looks. *Classroom mode* puts the question
    "what changes?" to the class, then shows the parting events full width, one key press each.
    """)
    return


@app.cell
def _(mo, ui):
    # HiG, RGG, Big Box 2, C1/C2 and the game's words, on every page
    ui.glossary(mo)
    return


@app.cell
def _(DEMO_GAME, OPTIONS, PRESETS, examples, mo, option):
    # the bundled games in the course's order: the base game's first
    _titles = {
        examples.data(_name).get("title", _name): _name for _name in examples.in_course_order()
    }
    game_choice = mo.ui.dropdown(
        options=_titles,
        # opens on the game made to show an edition's difference (under two presets)
        value=next(_t for _t, _n in _titles.items() if _n == DEMO_GAME),
        label="Game",
    )
    pasted = mo.ui.text_area(
        placeholder="Paste a game file here (JSON, see docs/game-format.md)",
        full_width=True,
        rows=4,
    )
    mode = mo.ui.radio(
        options=["Two presets", "Two values of one option"],
        value="Two presets",
        label="Compare",
        inline=True,
    )
    _presets = {"the defaults": "default"} | {
        f"{_p.id}: {_p.title}": _p.id for _p in PRESETS.values()
    }
    preset_a = mo.ui.dropdown(
        options=_presets, value="hig-original: " + PRESETS["hig-original"].title, label="A"
    )
    preset_b = mo.ui.dropdown(options=_presets, value="rgg: " + PRESETS["rgg"].title, label="B")
    option_choice = mo.ui.dropdown(
        options={_o.title: _o.id for _o in OPTIONS if _o.changes_outcome},
        value=option("base.followers").title,
        label="Option",
    )
    classroom = mo.ui.switch(value=False, label="Classroom mode")
    mo.vstack(
        [
            mo.hstack([game_choice, mode, classroom], justify="start", gap=2),
            mo.accordion({"Use your own game file": pasted}),
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
    if mode.value == "Two presets":
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
    mo,
    mode,
    option_choice,
    parse_option_value,
    pasted,
    preset_a,
    preset_b,
    ui,
    value_a,
    value_b,
):
    # A pasted file wins over the dropdown; a broken one is explained and the bundled game kept.
    game, _problem = ui.game_from_paste(
        mo,
        pasted.value,
        lambda: examples.load(game_choice.value),
        instead="Comparing the bundled game.",
    )
    if mode.value == "Two presets":
        side_a, side_b = RuleSide(preset_a.value), RuleSide(preset_b.value)
    else:
        _id = option_choice.value
        side_a = RuleSide(options={_id: parse_option_value(_id, value_a.value)})
        side_b = RuleSide(options={_id: parse_option_value(_id, value_b.value)})
    result = compare_games(game, side_a, side_b)
    _problem
    return (result,)


@app.cell
def _(classroom, mo, result, two_editions, ui):
    # Classroom mode: the stage over the whole window, one stop per key press (the answer is a
    # press of its own), stepped in the browser; the presenter notes open in a second window.
    mo.stop(not classroom.value)
    ui.lesson_stage(
        mo,
        two_editions.stage_frames(result, markdown_html=lambda _text: mo.md(_text).text),
        title=result.game.title,
    )
    return


@app.cell
def _(classroom, escape_markdown, mo, option, plain_text, result):
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
    _parts = [mo.callout(mo.md(f"**{escape_markdown(plain_text(result.summary()))}**"), kind=_kind)]
    if result.options_changed:
        _parts.append(
            mo.md(
                "Options that differ: "
                + "; ".join(
                    f"{option(_k).title} {escape_markdown(_va)} (A) / {escape_markdown(_vb)} (B)"
                    for _k, (_va, _vb) in result.options_changed.items()
                )
            )
        )
    for _tag, _side in (("A", result.a), ("B", result.b)):
        if _side.error:
            _parts.append(
                mo.callout(
                    mo.md(
                        f"**Under {_tag} ({escape_markdown(_side.label)}) the moves stop being "
                        f"legal:** {escape_markdown(_side.error)}"
                    ),
                    kind="danger",
                )
            )
    _parts.append(mo.md("**Points per player, B minus A**"))
    _parts.append(mo.hstack(_cards, justify="start", gap=1))
    mo.vstack(_parts)
    return


@app.cell
def _(board_at, classroom, escape_markdown, mo, result):
    # The first parting event on both boards (the last event when the games agree).
    mo.stop(classroom.value)
    _k = result.first_difference
    _title = (
        f"at event {_k}, where the logs part" if _k is not None else "at the end (no difference)"
    )
    mo.vstack(
        [
            mo.md(f"### The two boards {_title}"),
            mo.hstack(
                [
                    mo.vstack(
                        [
                            mo.md(f"**A: {escape_markdown(result.a.label)}**"),
                            mo.Html(board_at(result, "a")),
                        ]
                    ),
                    mo.vstack(
                        [
                            mo.md(f"**B: {escape_markdown(result.b.label)}**"),
                            mo.Html(board_at(result, "b")),
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
def _(mo):
    show_all = mo.ui.switch(value=False, label="Show every event")
    return (show_all,)


@app.cell
def _(classroom, logs_html, mo, result, show_all):
    mo.stop(classroom.value)
    mo.vstack(
        [
            mo.md("### The two event logs"),
            show_all,
            mo.Html(logs_html(result, everything=show_all.value)),
        ]
    )
    return


@app.cell
def _(classroom, mo, option, plain_text, result):
    # The rule option(s) and the footnotes behind the difference.
    import carc_teach.annotations as _annotations

    mo.stop(classroom.value)
    if not result.deciding_options:
        _out = mo.md("No rule option changes this game, so no footnote decides anything here.")
    else:
        _items = {}
        for _oid in result.deciding_options:
            _opt = option(_oid)
            _items[f"Rule option: {_opt.title}"] = mo.md(plain_text(_opt.explanation))
        for _nid in result.footnotes:
            _record = _annotations.get(_nid)
            _items[f"{_record.label.symbol} {plain_text(_record.title)}"] = mo.callout(
                mo.md(f"{plain_text(_record.text)}\n\n*{_annotations.cite(_record)}*"),
                kind=_record.label.callout,
            )
        _out = mo.vstack(
            [
                mo.md(f"### What makes the difference ({result.deciding_reason})"),
                mo.accordion(_items),
            ]
        )
    _out
    return


if __name__ == "__main__":
    app.run()
