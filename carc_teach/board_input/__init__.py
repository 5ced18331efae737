"""A board that takes clicks: the agreed interface between the board component and its users.

The Play page (and any page where a learner acts on the board) draws the same SVG the
walkthroughs draw and lets the learner pick a *target* on it: a square to lay a tile on, a
segment of a placed tile to deploy on or move to, a corner where four tiles meet (the barn), or
a named place that is not a feature (a quarter of the City of Carcassonne). The caller lists the
targets, legal and refused alike (a click on a refused one asks why not); the component reports
which one was picked. Where on the picture a target sits is the drawing's business
(:mod:`carc_teach.render.svg`), so callers speak in board coordinates only.

:func:`board_picker` is the component: a marimo UI element showing
:func:`~carc_teach.render.svg.board_svg` of the board with the targets drawn over it (legal
ones tinted green, refused ones greyed), picked with the mouse or the keyboard (Tab reaches the
board, the arrow keys go to the nearest target that way, Enter or Space picks). Its value is
``{"target": <Target.id or None>, "n": <picks so far>}``: ``n`` grows with every pick, so picking
the same target twice still re-runs the cells that read it. :func:`redraw_picker` draws
another board and targets into the same element: the page keeps it and receives only the new
picture (a pick made on a picture since replaced is ignored).

How it works (docs/drawing.md, "A board that takes clicks"): the element is marimo's own
``mo.ui.anywidget`` around a small widget object of ours (:class:`_PickerWidget`), not the
``anywidget`` package (which would bring ipywidgets and IPython into the offline site). Python
writes the whole picture, every label escaped; the widget's script (``picker.js``, sent inline
as the widget's module, no network) only puts it in the page, moves the focus and sends back the
picked target's id, which Python checks against the targets it drew.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from html import escape
from importlib import resources
from typing import TYPE_CHECKING, Any
from uuid import uuid4

from ..figures import Corner, Node, Place
from ..render.svg import BoardLayout, board_layout, board_svg

if TYPE_CHECKING:  # pragma: no cover
    from ..board import Board

__all__ = [
    "Target",
    "Square",
    "Where",
    "board_picker",
    "redraw_picker",
    "picker_html",
    "picked",
    "shown_picture",
    "PickerError",
]

#: who answers a board with a panel: ``on_answer(action, value)``
Answer = Callable[[str, str], None]

#: a square of the board, (x, y), as tiles are placed
Square = tuple[int, int]

#: what a target points at: a square, a segment of a placed tile (x, y, segment id), the corner
#: where four tiles meet, or a named place (``Place("count.castle")``)
Where = Square | Node | Corner | Place


@dataclass(frozen=True, slots=True)
class Target:
    """One thing on the board the learner may pick.

    Parameters
    ----------
    id:
        The caller's name for it, returned as it is when it is picked (never shown).
    where:
        What it points at, in board coordinates (see :data:`Where`).
    label:
        Its name for people: the tooltip and what a screen reader says when the keyboard
        reaches it ("square 2, -1", "the city on 2, -1"). Untrusted text is escaped where
        the component writes it.
    legal:
        Whether picking it is a legal answer now. Refused targets are drawn apart (greyed)
        but can still be picked, so that the page can say which rule refuses them.
    """

    id: str
    where: Where
    label: str
    legal: bool = True


class PickerError(ValueError):
    """A target list the component cannot draw (a duplicate id, a segment of no tile...)."""


# -- the picture ---------------------------------------------------------------------------------

#: how each kind of target is drawn: its shape's fill and outline, legal and refused
_LEGAL = ("#42a5f5", "#0d47a1")
_REFUSED = ("#8a8a8a", "#555555")

_STYLE = """
.carc-picker{display:inline-block;max-width:100%;line-height:0}
.carc-picker svg{display:block}
.carc-picker .target{cursor:pointer;outline:none}
.carc-picker .target .shape{fill-opacity:.32;stroke-width:2px;vector-effect:non-scaling-stroke}
.carc-picker .target.refused .shape{fill-opacity:.45;stroke-dasharray:4 3}
.carc-picker .target:hover .shape{fill-opacity:.55;stroke-width:3px}
.carc-picker .target.picked .shape{fill-opacity:.7;stroke-width:4px}
.carc-picker .target .ring{display:none;fill:none;vector-effect:non-scaling-stroke}
.carc-picker .target:focus-visible .ring{display:inline}
.carc-picker .target .ring.outer{stroke:#000;stroke-width:10px}
.carc-picker .target .ring.inner{stroke:#ffd400;stroke-width:5px}
"""


#: characters XML does not allow (control characters): dropped from labels and ids
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _text(value: str) -> str:
    """Untrusted text as an attribute value or element text of the picture."""
    return escape(_NOT_XML.sub("\ufffd", str(value)), quote=True)


def _num(value: float) -> str:
    return f"{value:.1f}"


def _kind(where: Any) -> str:
    if isinstance(where, tuple):
        return "square" if len(where) == 2 else "segment"
    return "corner" if isinstance(where, Corner) else "place"


def _target_svg(target: Target, spot, index: int, first: bool) -> str:
    kind = _kind(target.where)
    fill, stroke = _LEGAL if target.legal else _REFUSED
    left, top, width, height = spot.box
    label = _text(target.label)
    if kind in ("square", "place"):
        inset = min(width, height) * 0.06
        shape = (
            f'x="{_num(left + inset)}" y="{_num(top + inset)}" width="{_num(width - 2 * inset)}" '
            f'height="{_num(height - 2 * inset)}" rx="6"'
        )
        ring = (
            f'x="{_num(left + 2)}" y="{_num(top + 2)}" width="{_num(width - 4)}" '
            f'height="{_num(height - 4)}" rx="6"'
        )
        tag = "rect"
    else:
        radius = width / 2
        shape = f'cx="{_num(spot.x)}" cy="{_num(spot.y)}" r="{_num(radius)}"'
        ring = f'cx="{_num(spot.x)}" cy="{_num(spot.y)}" r="{_num(radius + 3)}"'
        tag = "circle"
    state = "legal" if target.legal else "refused"
    return (
        f'<g class="target {kind} {state}" role="button" tabindex="{0 if first else -1}" '
        f'data-index="{index}" data-id="{_text(target.id)}" '
        f'data-x="{_num(spot.x)}" data-y="{_num(spot.y)}" aria-label="{label}">'
        f"<title>{label}</title>"
        f'<{tag} class="shape" {shape} fill="{fill}" stroke="{stroke}"/>'
        f'<{tag} class="ring outer" {ring}/><{tag} class="ring inner" {ring}/></g>'
    )


#: drawn in this order, so that small targets lie over the big ones they sit on
_DRAW_ORDER = {"place": 0, "square": 1, "segment": 2, "corner": 3}


#: the board with a panel beside it (the Play page): its layout and the panel's controls, in
#: the widget's own shadow root (marimo's styles may reset buttons and headings there)
PANEL_STYLE = """
.carc-play{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:1.5rem;
  align-items:start;font-size:.95rem;line-height:1.5}
@media (max-width:700px){.carc-play{grid-template-columns:minmax(0,1fr)}}
.carc-play-side>*+*{margin-top:.5rem}
.carc-play-side h3{font-size:1.25rem;font-weight:600;margin:0 0 .3rem}
.carc-play-side p,.carc-play-side .paragraph{display:block;margin:.35rem 0}
.carc-play-side ul,.carc-play-side ol{padding-left:1.4rem;margin:.35rem 0}
.carc-play-side ul{list-style:disc}.carc-play-side ol{list-style:decimal}
.carc-play-side blockquote{border-left:3px solid #c9c2b8;margin:.4rem 0;padding-left:.7rem}
.carc-play-side code{font-size:.85em;background:rgba(0,0,0,.05);padding:0 .2em;border-radius:3px}
.carc-play-side table{border-collapse:collapse;margin:.4rem 0}
.carc-play-side th,.carc-play-side td{border:1px solid #d8d2c8;padding:.15rem .4rem}
.carc-play-side details>summary{cursor:pointer}
.carc-play-side .carc-folds details{border-bottom:1px solid #e3ded6;padding:.25rem 0}
.carc-play-side .carc-told:empty::after{content:"…";color:#888}
.carc-play-side fieldset{border:0;margin:0;padding:0;display:flex;flex-direction:column;gap:.1rem}
.carc-play-side legend{padding:0;margin-bottom:.15rem;font-weight:500}
.carc-play-side .carc-tile{display:flex;gap:1rem;align-items:flex-start}
.carc-play-side .carc-tile svg{flex:none}
.carc-play-side label{cursor:pointer}
.carc-play-side .carc-row{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
.carc-play-side .carc-row label{flex:none}
.carc-play-side button,.carc-play-side select{font:inherit;font-size:.9rem;border:1px solid #b9b2a8;
  border-radius:6px;background:#fff;color:#222;padding:.2rem .7rem;cursor:pointer;
  box-shadow:0 1px 0 rgba(0,0,0,.08)}
.carc-play-side select{flex:1 1 8rem;min-width:0;max-width:100%;padding:.2rem .3rem}
.carc-play-side button:hover{background:#f3f0eb}
.carc-play-side button.carc-go{background:#e6f4ea;border-color:#6aa878}
.carc-play-side :focus-visible{outline:3px solid #ffd400;outline-offset:1px}
.carc-play-side .carc-callout{border-left:4px solid #8a8a8a;background:#f7f6f3;padding:.35rem .8rem;
  border-radius:3px}
.carc-play-side .carc-callout.info{border-color:#1e88e5;background:#eef5fc}
.carc-play-side .carc-callout.warn{border-color:#e0a100;background:#fdf6e3}
.carc-play-side .carc-callout.danger{border-color:#d32f2f;background:#fdecea}
.carc-play-side .carc-callout.success{border-color:#2e7d32;background:#edf7ee}
"""


#: what a screen reader says of the board (the caller may say it in another language)
BOARD_LABEL = "Board: Tab to reach it, arrow keys to move, Enter to pick"


def picker_html(
    board: Board,
    targets: Iterable[Target],
    *,
    key: str | None = None,
    label: str | None = None,
    **draw_options: Any,
) -> str:
    """The component's picture: ``board_svg(board, **draw_options)`` with the targets drawn
    into it, as HTML (every label and id escaped). Keyboard order is the order given; the
    first legal target (else the first) is where Tab lands. ``label``: what a screen reader
    says of the board (default :data:`BOARD_LABEL`)."""
    targets = list(targets)
    for index, target in enumerate(targets):
        if not isinstance(target, Target):
            raise PickerError(f"target {index + 1} is not a Target: {target!r}")
    twice = sorted(str(i) for i, n in Counter(t.id for t in targets).items() if n > 1)
    if twice:
        raise PickerError(f"target ids must differ: {', '.join(map(repr, twice))} given twice")
    if any(isinstance(t.where, Place) for t in targets):
        draw_options.setdefault("city_strip", True)
    svg = board_svg(board, **draw_options)
    if not board.tiles:
        raise PickerError("the board has no tile to draw targets on")
    layout: BoardLayout = board_layout(board, **draw_options)
    first = next((i for i, t in enumerate(targets) if t.legal), 0)
    spots = []
    for target in targets:
        try:
            spots.append(layout.spot(target.where))
        except ValueError as exc:
            raise PickerError(f"target {target.id!r}: {exc}") from None
    order = sorted(range(len(targets)), key=lambda i: _DRAW_ORDER[_kind(targets[i].where)])
    layer = "".join(_target_svg(targets[i], spots[i], i, i == first) for i in order)
    # the picture holds things to pick: a group, not an image (whose parts a screen reader skips)
    svg = svg.replace(' role="img" ', ' role="group" ', 1)
    drawn = svg[: svg.rindex("</svg>")] + f'<g class="targets">{layer}</g></svg>'
    name = _text(key or "board")
    return (
        f'<div class="carc-picker" data-key="{name}" role="group" '
        f'aria-label="{_text(label or BOARD_LABEL)}">'
        f"<style>{_STYLE}</style>{drawn}</div>"
    )


# -- the marimo element ----------------------------------------------------------------------------


def _script() -> str:
    return resources.files(__name__).joinpath("picker.js").read_text("utf-8")


class _PickerWidget:
    """The widget object ``mo.ui.anywidget`` wraps, without the anywidget package.

    marimo 0.25 reads from a widget: ``comm`` (opened when first read: it sends the widget's
    state and its module to the page; ``_model_id`` names it), ``get_state()`` (the element's
    ``.value``) and ``set_state(state)`` (a value sent back by the page). The page's updates
    also reach the comm's message callback. ``_esm`` (the script) travels inline: marimo turns
    it into a virtual file of the page, a ``data:`` URL in the WebAssembly site.

    Once wrapped, ``mo.ui.anywidget`` forwards every attribute it sets to the widget when the
    widget has one of that name (its own ``_value`` among them): so no attribute here may
    share a name with one of a marimo UI element."""

    def __init__(
        self,
        html: str,
        ids: list[str],
        side: str | None = None,
        on_answer: Answer | None = None,
        style: str = "",
    ) -> None:
        self._target_ids = list(ids)
        self._picture = html
        #: the panel beside the board (HTML), or None for a board alone
        self._side = side
        self._style = style
        #: who answers what is picked or pressed, as a message (None: the element's value)
        self._on_answer = on_answer
        #: how many pictures were drawn before this one (a pick names the one it was made on)
        self._picture_number = 0
        self._picked: dict[str, Any] = {"target": None, "n": 0}
        self._model_id: str | None = None
        self._comm = None
        self._key: str | None = None

    @property
    def comm(self):
        if self._comm is None:
            from marimo._plugins.ui._impl.anywidget.init import (
                WIDGET_COMM_MANAGER,
                CommLifecycleItem,
            )
            from marimo._plugins.ui._impl.comm import MarimoComm
            from marimo._runtime.context import ContextNotInitializedError, get_context

            self._model_id = uuid4().hex
            state = {
                "_esm": _script(),
                "html": self._picture,
                "picture": self._picture_number,
                **self._picked,
            }
            if self._on_answer is not None:
                state |= {"messages": True, "side": self._side or "", "style": self._style}
            self._comm = MarimoComm(
                comm_id=self._model_id,
                comm_manager=WIDGET_COMM_MANAGER,
                target_name="jupyter.widget",
                data={"state": state, "buffer_paths": [], "method": "open"},
            )
            self._comm.on_msg(self._on_message)
            try:  # closed (and forgotten by the page) when its cell runs again
                get_context().cell_lifecycle_registry.add(CommLifecycleItem(self._comm))
            except ContextNotInitializedError:
                pass
        return self._comm

    def get_state(self) -> dict[str, Any]:
        return dict(self._picked)

    def set_state(self, state: dict[str, Any]) -> None:
        """Take a pick from the page: ``{"pick": <number of a target drawn>, "n": <count>,
        "picture": <the picture's number>}`` (the page sends the target's number, not its id,
        so no id has to survive the trip through HTML); a pick made on a picture since
        replaced (:meth:`show`), and anything else, is ignored."""
        pick, count = state.get("pick"), state.get("n")
        picture = state.get("picture", 0)
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (pick, count, picture)):
            return
        if picture != self._picture_number:
            return
        if 0 <= pick < len(self._target_ids) and count > 0:
            self._picked = {"target": self._target_ids[pick], "n": count}

    def show(self, html: str, ids: list[str], side: str | None = None) -> bool:
        """Draw another picture in the same element (its targets ``ids``; and the panel
        ``side``, when there is one and it is given): the page's widget redraws itself,
        nothing else is sent again. Whether anything changed."""
        changed: dict[str, Any] = {}
        if html != self._picture or list(ids) != self._target_ids:
            self._picture, self._target_ids = html, list(ids)
            changed["html"] = html
        if side is not None and side != self._side:
            self._side = side
            changed["side"] = side
        if not changed:
            return False
        self._picture_number += 1
        self._send({**changed, "picture": self._picture_number})
        return True

    def tell(self, event: int, html: str) -> None:
        """Fill the folded earlier event ``event`` of the panel with ``html`` (its
        explanation, written when the learner unfolds it)."""
        self._send({"explained": {"event": event, "html": html}})

    def _send(self, state: dict[str, Any]) -> None:
        if self._comm is not None:
            self._comm.send({"method": "update", "state": state, "buffer_paths": []})

    def answer(self, content: Any) -> None:
        """A message from the page (a widget with a panel): ``{"pick": <number of a target
        drawn>, "picture": n}`` or ``{"action": <name>, "value": <text>, "picture": n}``, passed
        on to ``on_answer(action, value)`` (a pick as ``("pick", <the target's id>)``). One
        made on a picture since replaced (a second click before the first was answered), and
        anything else, is ignored."""
        if self._on_answer is None or not isinstance(content, dict):
            return
        picture = content.get("picture")
        if not isinstance(picture, int) or isinstance(picture, bool):
            return
        pick, action, value = content.get("pick"), content.get("action"), content.get("value")
        if action == "explain" and isinstance(value, str):
            self._on_answer(action, value[:20])  # it changes nothing: a later picture is fine
            return
        if picture != self._picture_number:
            return
        if isinstance(pick, int) and not isinstance(pick, bool):
            if 0 <= pick < len(self._target_ids):
                self._on_answer("pick", self._target_ids[pick])
        elif isinstance(action, str) and isinstance(value, str) and len(action) <= 20:
            self._on_answer(action, value[:200])

    def _on_message(self, message: dict[str, Any]) -> None:
        data = message.get("content", {}).get("data", {})
        if data.get("method") == "update" and isinstance(data.get("state"), dict):
            self.set_state(data["state"])
        elif data.get("method") == "custom":
            self.answer(data.get("content"))

    def __deepcopy__(self, memo: dict) -> _PickerWidget:
        return self  # one picture, one page model: copies share it


def board_picker(
    mo: Any,
    board: Board,
    targets: Iterable[Target],
    *,
    key: str | None = None,
    label: str | None = None,
    side: str | None = None,
    on_answer: Answer | None = None,
    **draw_options: Any,
) -> Any:
    """A marimo UI element: the board as the walkthroughs draw it
    (``board_svg(board, **draw_options)``) with ``targets`` to pick on it.

    Its ``.value`` is ``{"target": <the picked Target's id, None before any pick>, "n": <picks
    so far>}``. ``key`` names the board in the page (``data-key``; for tests and styles);
    ``label`` is what a screen reader says of it (default :data:`BOARD_LABEL`).
    A target on a quarter of the City (``Place("count.castle")``) while the City is not laid is
    drawn in the strip under the board. Raises :class:`PickerError` for a target it cannot
    place (a segment of no tile, a duplicate id).

    With ``on_answer``, the element is the board with a panel beside it (``side``: HTML the
    caller wrote, every untrusted text escaped): a pick, and a press of a panel's control
    (``<button data-action="..." data-value="...">``, a ``<select>`` or radio with
    ``data-action``: its value; a button's ``data-from="name"`` reads the ``data-name="name"``
    control's value; an unfolded ``<details data-event="k">``: ``("explain", "k")``), calls
    ``on_answer(action, value)`` (a pick: ``("pick", <target id>)``) in Python, and nothing
    else: the element's value does not change and no cell runs. The caller answers by drawing
    into the element (:func:`redraw_picker`, with the new ``side``)."""
    targets = list(targets)
    html = picker_html(board, targets, key=key, label=label, **draw_options)
    widget = _PickerWidget(
        html,
        [t.id for t in targets],
        side=side if on_answer is not None else None,
        on_answer=on_answer,
        style=PANEL_STYLE,
    )
    widget._key = key
    return mo.ui.anywidget(widget)


def redraw_picker(
    picker: Any,
    board: Board,
    targets: Iterable[Target],
    *,
    label: str | None = None,
    side: str | None = None,
    **draw_options: Any,
) -> bool:
    """Show another board and targets in a picker made by :func:`board_picker` (its element,
    or its ``.widget``), in place: the page keeps the element and only its picture is sent
    (and ``side``, the panel's new HTML, for a picker with one, when it changed). Picks made
    on the old picture and arriving afterwards are ignored. Its value and count of picks go
    on. Whether the picture changed. ``key`` is the picker's own."""
    widget = getattr(picker, "widget", picker)
    if not isinstance(widget, _PickerWidget):
        raise PickerError("redraw_picker needs a board_picker")
    targets = list(targets)
    html = picker_html(board, targets, key=widget._key, label=label, **draw_options)
    return widget.show(html, [t.id for t in targets], side)


def picked(value: Any, targets: Iterable[Target]) -> Target | None:
    """The :class:`Target` a picker's ``.value`` names, or None."""
    wanted = value.get("target") if isinstance(value, dict) else None
    return next((t for t in targets if t.id == wanted), None)


def shown_picture(element: Any) -> str | None:
    """The picture a picker made by :func:`board_picker` (its element, or its ``.widget``)
    shows now, as HTML; ``None`` for anything else. The site draws it before the page's Python
    runs (:mod:`carc_teach.site.prerender`)."""
    widget = getattr(element, "widget", element)
    if not isinstance(widget, _PickerWidget):
        return None
    if widget._on_answer is None:
        return widget._picture
    # laid out as the widget's script lays it out; the panel kept for its size, unseen (its
    # controls cannot answer before the page's Python runs)
    return (
        f'<div class="carc-play"><style>{widget._style}</style>'
        f'<div class="carc-play-board">{widget._picture}</div>'
        f'<div class="carc-play-side" style="visibility:hidden">{widget._side or ""}</div></div>'
    )
