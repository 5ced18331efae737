"""A walkthrough's first view, drawn at build time and shown while the browser's Python starts.

A page of the WebAssembly site can only draw its board once Pyodide, marimo and the engine have
loaded in the browser (several seconds). So that a learner sees the real first state at once,
:func:`first_view` runs the notebook here, in CPython, exactly as the browser will (same code,
same engine, its widgets at their initial values), and keeps its opening text (the first
markdown output with a ``#`` heading) and its first board (the first ``<svg class="carc-board">`` any cell
outputs; a walkthrough without a board gets its opening text alone). :func:`add_to_page` puts both into the exported page, outside the
element marimo renders into, with a short script that removes them as soon as the notebook's own
output shows the same thing. Nothing is listed per notebook: a new walkthrough gets its view
the same way.
"""

from __future__ import annotations

import html
import importlib.util
import io
import re
import sys
import uuid
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

from carc_teach.errors import phrase
from carc_teach.site.notebooks import SiteError

__all__ = ["FirstView", "first_view", "render_block", "add_to_page", "MARKER"]

#: The attribute of the pre-rendered block (tests and the benchmark look for it).
MARKER = "data-carc-prerender"
_BOARD = re.compile(r'<svg\b[^>]*\bclass="carc-board"[^>]*>.*?</svg>', re.DOTALL)
_ROOT = '<div id="root"></div>'


@dataclass(frozen=True)
class FirstView:
    """What a page shows before its Python runs.

    Attributes
    ----------
    opening:
        HTML of the notebook's opening markdown (its title and what it teaches).
    drawing:
        Its first board (an ``svg.carc-board``), or ``""`` for a walkthrough without one.
    ready:
        When the page drops the block: ``"board"`` once marimo's output holds an
        ``svg.carc-board`` (the notebook drew its board), ``"controls"`` once it holds a widget
        (the notebook's Python has run).
    """

    opening: str
    drawing: str
    ready: str


def _run_notebook(path: Path) -> tuple[list[object], dict[str, object]]:
    """Run a notebook's cells in this interpreter; return their outputs in cell order and the
    names the cells defined."""
    name = f"_carc_prerender_{uuid.uuid4().hex}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise SiteError(phrase("{name}: cannot be loaded as a module", name=path.name))
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
            spec.loader.exec_module(module)
            outputs, defs = module.app.run()
    finally:
        sys.modules.pop(name, None)
    return list(outputs), dict(defs)


# marimo's own elements (its widgets, callouts) around a board that takes clicks: inert copies
# without their attributes, so that marimo's front end, once loaded, does not bring them to life
_MARIMO_TAG = re.compile(r"<(/?)marimo-[a-z-]+\b[^>]*>")


def _board_in_layout(output: str, element: str, picture: str) -> str:
    """An output holding a board that takes clicks (``element``, the picker's HTML, showing
    ``picture``) as it will be laid out: the picture in the element's place, everything else
    of the output kept for its size but invisible (its widgets cannot answer yet)."""
    placeholder = f"carc-prerender-{uuid.uuid4().hex}"
    around = _MARIMO_TAG.sub(
        lambda m: f"<{m.group(1)}carc-inert>", output.replace(element, placeholder, 1)
    )
    around = re.sub(r"<script\b.*?</script>", "", around, flags=re.DOTALL | re.IGNORECASE)
    return (
        '<div class="carc-prerender-layout">'
        + around.replace(placeholder, f'<div class="carc-prerender-widget">{picture}</div>')
        + "</div>"
    )


def _first_board(texts: list[str], defs: dict[str, object]) -> str | None:
    """The first board any output shows: an ``svg.carc-board`` in its HTML, or a board that takes
    clicks (:func:`carc_teach.board_input.board_picker`), whose picture the page's script draws,
    shown where the output places it."""
    from carc_teach.board_input import shown_picture

    pickers = {}
    for value in defs.values():
        picture = shown_picture(value)
        text = getattr(value, "text", None)
        if picture is not None and isinstance(text, str) and _BOARD.search(picture):
            pickers[text] = picture
    for text in texts:
        found = _BOARD.search(text)
        held = [(text.find(element), element) for element in pickers if element in text]
        if held and (found is None or min(held)[0] < found.start()):
            _, element = min(held)
            return _board_in_layout(text, element, pickers[element])
        if found is not None:
            return found.group(0)
    return None


def first_view(path: Path) -> FirstView | None:
    """Run the notebook at ``path`` and take its opening text and first drawing.

    Returns ``None`` when the notebook has no opening heading (the page then simply has no
    pre-rendered view).

    Raises
    ------
    Exception
        Whatever the notebook raises; :func:`carc_teach.site.build.build_site` reports it and
        builds the page without a pre-rendered view.
    """
    import marimo as mo

    outputs, defs = _run_notebook(path)
    texts = [mo.as_html(output).text for output in outputs if output is not None]
    opening = next((t for t in texts if re.search(r"<h1\b", t)), None)
    if opening is None:
        return None
    board = _first_board(texts, defs)
    if board is None:
        return FirstView(opening, "", "controls")
    return FirstView(opening, board, "board")


_STYLE = """
#carc-prerender { position: fixed; inset: 0; z-index: 2147483000; overflow: auto;
  background: var(--background, #fff); }
#carc-prerender .carc-prerender-status { font: 14px/1.4 system-ui, sans-serif; color: #6b5b4b;
  margin: .5rem 0 1rem; }
#carc-prerender .carc-prerender-status::before { content: ""; display: inline-block;
  width: .7em; height: .7em; margin-right: .5em; border-radius: 50%;
  border: 2px solid #c9b79c; border-top-color: #8a3b12;
  animation: carc-prerender-spin 1s linear infinite; vertical-align: -1px; }
@keyframes carc-prerender-spin { to { transform: rotate(360deg); } }
#carc-prerender .carc-prerender-layout { visibility: hidden; }
#carc-prerender .carc-prerender-widget { visibility: visible; }
"""

#: The classes of marimo 0.25.2's run-mode columns (a ``width="full"`` app: the page's padding,
#: the column, a cell's output area), from marimo's own style sheet, which the page loads before
#: it paints: the pre-rendered text and board stand at the same left edge as the live ones.
_COLUMN = (
    '<div class="px-1 sm:px-16 md:px-20 xl:px-24 pb-24 sm:pb-12" style="padding-top:29px">'
    '<div class="m-auto max-w-full"><div class="output-area"><div class="output">'
)
_COLUMN_END = "</div></div></div></div>"

# Removes the block once marimo's own output shows the same drawing. The live board stands
# lower than the pre-rendered one (the controls above it are not pre-rendered): marimo's page is
# scrolled by the difference first, in the same task, so the board does not move on screen (the
# title scrolls out of view instead; scrolling up shows it). Should the runtime never get
# there, the block stops covering the page after two minutes, so marimo's own message shows.
# Plain DOM, no dependency.
_SCRIPT = """
(() => {
  const block = document.getElementById("carc-prerender");
  if (!block) return;
  const ready = block.getAttribute("data-ready");
  const root = document.getElementById("root");
  const wanted = ready === "board" ? "svg.carc-board" : "marimo-ui-element";
  // the first of marimo's boards (or widgets) that has a box: marimo's widgets (its tabs) show
  // copies of their contents in shadow roots, and an output is in the page before it shows
  const deep = (node, found) => {
    node.querySelectorAll(wanted).forEach((el) => found.push(el));
    node.querySelectorAll("*").forEach((el) => el.shadowRoot && deep(el.shadowRoot, found));
    return found;
  };
  // a widget element may lay out its contents only (no box of its own): it is shown once
  // something inside it, in its light or shadow tree, has a box
  const shows = (el, depth = 0) => el.getBoundingClientRect().height > 0 || (depth < 6 &&
    [...el.children, ...(el.shadowRoot ? el.shadowRoot.children : [])]
      .some((child) => shows(child, depth + 1)));
  // the shadow roots in marimo's output, watched like the output itself: a widget (the Play
  // page's board) draws into its own shadow root, out of reach of an observer of the page
  const shadows = [];
  const watch = (node) => {
    if (node.shadowRoot && !shadows.includes(node.shadowRoot)) {
      shadows.push(node.shadowRoot);
      observer.observe(node.shadowRoot, watching);
      node.shadowRoot.querySelectorAll("*").forEach(watch);
    }
  };
  const live = () => root.querySelector(wanted) === null &&
    !shadows.some((shadow) => shadow.querySelector(wanted)) ? null
    : deep(root, []).find((el) => shows(el)) ?? null;
  const scroller = (el) => {
    for (; el && el !== document.body; el = el.parentElement ?? el.getRootNode().host) {
      const style = getComputedStyle(el);
      if (/(auto|scroll)/.test(style.overflowY)) return el;
    }
    return document.scrollingElement;
  };
  const stand = (board) => {
    const shown = block.querySelector("svg.carc-board");
    if (ready !== "board" || !shown) return;
    const pane = scroller(board);
    const shift = board.getBoundingClientRect().top - shown.getBoundingClientRect().top;
    const room = pane.scrollHeight - pane.clientHeight - pane.scrollTop;
    if (shift > room) pane.style.paddingBottom = `${Math.ceil(shift - room)}px`;
    pane.scrollTop += shift;
  };
  let waiting = false;
  const check = () => {
    if (!block.isConnected) return true;
    const board = live();
    if (board === null) {
      // there but not shown yet: looked at again at the next frame
      if (!waiting && root.querySelector(wanted)) {
        waiting = true;
        requestAnimationFrame(() => { waiting = false; if (check()) observer.disconnect(); });
      }
      return false;
    }
    stand(board);
    block.remove();
    return true;
  };
  const watching = { childList: true, subtree: true, characterData: true };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.nodeType !== 1) continue;
        watch(node);
        if (node.querySelector("*")) node.querySelectorAll("*").forEach(watch);
      }
    }
    if (check()) observer.disconnect();
  });
  observer.observe(root, watching);
  setTimeout(() => { if (block.isConnected) block.style.position = "static"; }, 120000);
})();
"""


def render_block(view: FirstView) -> str:
    """The HTML put into a page: the opening text, a status line and the first drawing."""
    ready = html.escape(view.ready, quote=True)
    return (
        f'<div id="carc-prerender" {MARKER}="" data-ready="{ready}" aria-busy="true">'
        f"<style>{_STYLE}</style>{_COLUMN}"
        f'<div class="carc-prerender-opening">{view.opening}</div>'
        '<p class="carc-prerender-status">Starting Python in your browser. This is the '
        "walkthrough's real first view; its controls answer once Python runs (on a first "
        "visit that takes some seconds).</p>"
        f'<div class="carc-prerender-drawing">{view.drawing}</div>'
        f"{_COLUMN_END}</div><script>{_SCRIPT}</script>"
    )


def add_to_page(page: Path, view: FirstView) -> None:
    """Insert the pre-rendered block right after marimo's ``<div id="root">`` in ``page``."""
    text = page.read_text("utf-8")
    if text.count(_ROOT) != 1:
        raise SiteError(
            phrase(
                "{page}: expected one {root} to put the pre-rendered view beside "
                "(is this a marimo 0.25.2 html-wasm export?)",
                page=page.name,
                root=_ROOT,
            )
        )
    page.write_text(text.replace(_ROOT, _ROOT + render_block(view)), "utf-8")
