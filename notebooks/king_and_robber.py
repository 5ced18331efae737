# /// script
# requires-python = ">=3.11"
# dependencies = ["marimo==0.25.2", "carc_teach"]
# ///

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="King & Robber Baron walkthrough")


@app.cell
def _():
    import marimo as mo

    from carc_teach import examples, teach
    from carc_teach import notebook_ui as ui
    from carc_teach.expansions.king_robber import views as king_views

    return examples, king_views, mo, teach, ui


@app.cell
def _(mo):
    mo.md("""
    # King & Robber Baron, step by step

    Two neutral tokens reward the biggest city and the longest road completed during the
    game, measured in tiles, not points. Step through a short game event by event, watch who
    holds the King and the Robber Baron and what size a city or road must beat, and predict
    when a token changes hands.
    """)
    return


@app.cell
def _(mo, ui):
    # HiG, RGG, Big Box 2, C1/C2 and the game's words, on every page
    ui.glossary(mo)
    return


@app.cell
def _(mo):
    mo.md("""
    ## The rule in short

    - **Two tokens, set aside at the start.** The King goes with cities, the Robber Baron
      with roads. Nobody holds either until a city or a road is completed.
    - **The first one.** The player who lays the tile that completes the first city of the
      game takes the King. Followers on the city do not matter: the King goes to whoever
      placed that last tile, even if somebody else scored the city, or nobody did.
    - **Taking it away.** From then on, a completed city takes the King only if it has
      **more tiles** than every city completed before it. Its points do not matter:
      pennants add nothing to its size, and a city of the same number of tiles leaves the
      King where it is. If the holder completes a bigger one, they keep the King and the
      size to beat goes up.
    - **Roads and the Robber Baron.** Exactly the same, with completed roads measured in
      tiles.
    - **After the game.** Whoever holds the King scores 1 point for every completed city on
      the board, whoever holds the Robber Baron 1 point for every completed road, whoever
      completed them and whether or not anybody occupied them. With The Count of
      Carcassonne, the City counts as one more completed city for the King.
    - **House rules.** Groups that find these points too small play variants instead, and
      the engine offers them as the option `king.scoring`: 10 points per token, 15 per
      token and 40 for holding both, or 1 point to the holder each time a city or road is
      completed. Compare them on this game in the editions notebook.
    """)
    return


@app.cell
def _(examples, king_views, mo, teach, ui):
    game = examples.load("king-robber")
    # The tokens are held beside the board, not on it: who holds them is listed there.
    walkthrough = ui.Walkthrough(
        question=king_views.king_walkthrough_question,
        note=king_views.king_walkthrough_note,
        panels=(("The King and the Robber Baron", king_views.royal_tokens_html),),
        board_help="""
    **How to read the board.** The King and the Robber Baron are not placed on the board:
    the table beside it says who holds each and how many tiles a completed city or road must
    beat to take it, and shades the token the current event changed. Orange frame: the tile
    just placed. Yellow: the feature the event is about. The size of a city or road is its
    number of tiles; count them on the board before you answer.
        """,
    )
    quiz = mo.ui.switch(
        value=True, label="Ask me first (points, and who takes the King or the Robber Baron)"
    )
    classroom = mo.ui.switch(value=False, label="Classroom mode")
    mo.hstack([quiz, classroom], justify="start", gap=2)
    return classroom, game, quiz, walkthrough


@app.cell
def _(classroom, game, mo, quiz, ui, walkthrough):
    # Every event's view is built once and stepped in the browser; classroom mode puts the
    # stage over the whole window, stepped by the keys a clicker sends.
    ui.walkthrough_view(mo, game, walkthrough, quiz=quiz.value, classroom=classroom.value)
    return


@app.cell
def _(game, mo, ui):
    ui.footnotes_covered(mo, game)
    return


if __name__ == "__main__":
    app.run()
