"""Read the raw wikitext of the "Scoring During Turn Sequence" page into rows (a test helper).

The page is one long line of MediaWiki table markup. Every scoring entry is a table cell whose
class names its legend category (``scoringTile``, ``scoringMeeple``, ``scoringFeature``,
``scoringSurveyor``, ``scoringAction``) or a ``{{ScoringRow}}`` template; we call each of them a
*page row*. Whether a row is shown depends on the ``show…`` class names of the cell, its table row
and every enclosing table, table row and HTML element: classes on one element are alternatives
(the element shows when any of them is on), nested elements must all be shown.

Nothing here is shipped: the coverage tests compare :mod:`carc_teach.reference` with what this
module reads from the page, so the package data cannot drift from the page's structure.
"""

from __future__ import annotations

import functools
import hashlib
import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

__all__ = [
    "PageRow",
    "Page",
    "parse_page",
    "render",
    "LEGEND_CLASSES",
    "PAGE_FACTS",
    "page_facts",
    "page_from_facts",
    "load_page_facts",
    "skeleton_is_faithful",
    "text_key",
]

#: legend class on a label cell -> our legend kind
LEGEND_CLASSES = {
    "scoringTile": "tile",
    "scoringMeeple": "figure",
    "scoringFeature": "feature",
    "scoringSurveyor": "surveyor",
    "scoringAction": "action",
    "scoringCoreLegend": "core",
}
#: the committed facts of the page, read by the tests when the seeds are absent or present
PAGE_FACTS = Path(__file__).resolve().parents[1] / "fixtures" / "seed_facts" / "scoring_page.json"
SCORING_ROW_TYPES = {"Tile": "tile", "Meeple": "figure", "Feature": "feature"}

_STEP_RE = re.compile(r"'''Step ([0-9][A-C](?:-[12])?):")
_CLASS_RE = re.compile(r'class="([^"]*)"')
_ATTRS_ONLY_RE = re.compile(r'^\s*(?:[\w-]+="[^"]*"\s*)*$')
_SEP_RE = re.compile(r"\{\||\|\}|\|-|\|\||\|")
_TAG_RE = re.compile(r"<(/?)(\w+)([^>]*?)(/?)>")
_PLACEHOLDER_RE = re.compile("\x00(\\d+)\x00")

Active = Callable[[str], bool]


@dataclass
class PageRow:
    """One scoring entry of the page."""

    region: str  #: "legend", "intro", "anytime" or a step code like "2B-1"
    offset: int  #: position in the page text, gives the page order
    legend: str  #: tile / figure / feature / surveyor / action
    clauses: tuple[frozenset[str], ...]  #: each clause: one of these switches must be on
    drafted: bool  #: inside an HTML comment, so the rendered page never shows it
    label: str  #: markup of the label cell (protected: templates are placeholders)
    rules: str  #: markup of the rules cell(s)
    markers: list[tuple[str, frozenset[str]]] = field(default_factory=list)
    #: (kind, extra switches that must be on) for robber / robber-choose / castle / teacher
    depth: int = 0  #: how many tables enclose the row

    def switches(self) -> set[str]:
        return set().union(*self.clauses) if self.clauses else set()


@dataclass
class Page:
    rows: list[PageRow]
    templates: list[str]  #: original text of every protected template, by placeholder number
    text: str  #: the protected page text
    switches_used: set[str]  #: every show… class or selector id on the page (comments included)
    switches_outside_comments: set[str]
    step_headings: list[str]  #: step codes in page order

    def region_rows(self, region: str, drafted: bool | None = False) -> list[PageRow]:
        return [
            r for r in self.rows if r.region == region and (drafted is None or r.drafted == drafted)
        ]

    def render(self, markup: str, active: Active, edition: str) -> str:
        return render(markup, active, edition, self.templates)


def _show_classes(attrs: str) -> set[str]:
    found: set[str] = set()
    for value in _CLASS_RE.findall(attrs):
        found.update(c for c in value.split() if c.startswith("show"))
    return found


def _protect(text: str, store: list[str]) -> str:
    """Replace ``[[links]]`` and ``{{templates}}`` so their pipes are not table syntax."""
    out: list[str] = []
    i = 0
    n = len(text)
    while i < n:
        if text.startswith("[[", i):
            end = text.find("]]", i)
            inner = text[i + 2 : end]
            if inner.startswith("File:"):  # kept: markers are recognised by their picture
                store.append(text[i : end + 2])
                out.append(f"\x00{len(store) - 1}\x00")
            else:  # [[Target|label]] -> label
                out.append(inner.split("|")[-1])
            i = end + 2
        elif text.startswith("{{", i):
            depth = 0
            j = i
            while j < n:
                if text[j] == "{":
                    depth += 1
                elif text[j] == "}":
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            store.append(text[i : j + 1])
            out.append(f"\x00{len(store) - 1}\x00")
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def _template_params(template: str) -> tuple[str, dict[str, str]]:
    """Split ``{{Name |a=b |c=d}}`` at its top-level pipes."""
    body = template[2:-2]
    parts: list[str] = []
    depth = 0
    current: list[str] = []
    for ch in body:
        if ch in "{[":
            depth += 1
        elif ch in "}]":
            depth -= 1
        if ch == "|" and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(ch)
    parts.append("".join(current))
    name = parts[0].strip()
    params: dict[str, str] = {}
    for i, part in enumerate(parts[1:], 1):
        if "=" in part:
            key, value = part.split("=", 1)
            params[key.strip()] = value.strip()
        else:
            params[str(i)] = part.strip()
    return name, params


def _render_template(template: str, active: Active, edition: str, store: list[str]) -> str:
    if template.startswith("[["):
        return ""  # a picture
    if template.startswith("{{{"):
        inner = template[1:-1]
        if inner.startswith("{{{"):  # {{{1|}}} is a page parameter
            return ""
        # {{{C1 form}}/{{C2 form}}}: the edition picks one side
        depth = 0
        for k, ch in enumerate(inner):
            depth += ch == "{"
            depth -= ch == "}"
            if ch == "/" and depth == 0:
                side = inner[:k] if edition == "C1" else inner[k + 1 :]
                return _render_template(side, active, edition, store)
        return _render_template(inner, active, edition, store)
    name, params = _template_params(template)
    if name == "ScoringRow":
        return ""  # a row of its own
    if name in {"Figure", "Feature", "Piece"}:
        if params.get("variant") == "image":
            return ""
        return params.get("text") or params.get("name", "")
    if name.startswith("Color"):
        return render(params.get("1", ""), active, edition, store)
    return ""


def render(markup: str, active: Active, edition: str, store: list[str]) -> str:
    """Plain text of ``markup`` as the page shows it when ``active(switch)`` says what is on."""
    markup = _protect(markup, store) if ("{{" in markup or "[[" in markup) else markup
    out: list[str] = []
    stack: list[tuple[str, bool]] = []  # (tag, hidden)
    hidden = 0
    pos = 0
    for m in _TAG_RE.finditer(markup):
        if not hidden:
            out.append(markup[pos : m.start()])
        pos = m.end()
        closing, tag, attrs, selfclosing = m.group(1), m.group(2).lower(), m.group(3), m.group(4)
        if tag in {"br", "hr"} or selfclosing:
            if not hidden:
                out.append(" ")
            continue
        if closing:
            for k in range(len(stack) - 1, -1, -1):
                if stack[k][0] == tag:
                    for _, was_hidden in stack[k:]:
                        hidden -= was_hidden
                    del stack[k:]
                    break
            if not hidden:
                out.append(" ")
            continue
        shows = _show_classes(attrs)
        is_hidden = bool(shows) and not any(active(s) for s in shows)
        stack.append((tag, is_hidden))
        hidden += is_hidden
        if not hidden:
            out.append(" ")
    if not hidden:
        out.append(markup[pos:])
    text = "".join(out)
    text = _PLACEHOLDER_RE.sub(
        lambda m: " " + _render_template(store[int(m.group(1))], active, edition, store) + " ",
        text,
    )
    text = text.replace("'''", "").replace("''", "")
    return " ".join(text.split())


def _white_box_markers(markup: str, store: list[str]) -> list[tuple[str, frozenset[str]]]:
    """Markers (robber, castle, teacher) drawn in the page's white boxes."""
    markers: list[tuple[str, frozenset[str]]] = []
    for start in [m.start() for m in re.finditer(r'<span class="wica-white-box"', markup)]:
        # the box's extent: until its span closes
        depth = 0
        end = len(markup)
        for m in _TAG_RE.finditer(markup, start):
            if m.group(2).lower() != "span":
                continue
            depth += -1 if m.group(1) else 1
            if depth == 0:
                end = m.end()
                break
        box = markup[start:end]
        restored = _PLACEHOLDER_RE.sub(lambda m: store[int(m.group(1))], box)

        def conditions_at(index: int, box: str = box) -> frozenset[str]:
            # show classes of the spans still open at `index` inside the box
            open_spans: list[set[str]] = []
            for m in _TAG_RE.finditer(box):
                if m.start() >= index:
                    break
                if m.group(2).lower() != "span":
                    continue
                if m.group(1):
                    if open_spans:
                        open_spans.pop()
                else:
                    open_spans.append(_show_classes(m.group(3)))
            found: set[str] = set()
            for s in open_spans:
                found |= s
            return frozenset(found)

        plus = box.find("'''+'''")
        if plus < 0:
            plus = box.find(">+<")
            plus = plus + 1 if plus >= 0 else -1
        has_robber = "Robber" in restored or plus >= 0
        if has_robber:
            idx = restored.find("Robber")
            robber_cond = frozenset()
            if idx >= 0:
                picture = next(
                    m.start()
                    for m in _PLACEHOLDER_RE.finditer(box)
                    if "Robber" in store[int(m.group(1))]
                )
                robber_cond = conditions_at(picture) - {"showRobbers"}
            if plus >= 0:
                plus_cond = conditions_at(plus) - {"showRobbers"}
                if idx >= 0 and plus_cond - robber_cond:
                    markers.append(("robber", robber_cond))
                    markers.append(("robber-choose", plus_cond))
                else:
                    markers.append(("robber-choose", plus_cond))
            else:
                markers.append(("robber", robber_cond))
        if "Token_Castle" in restored:
            markers.append(("castle", frozenset()))
        if "Teacher" in restored:
            markers.append(("teacher", frozenset()))
    return markers


@dataclass
class _Table:
    ancestors: tuple[frozenset[str], ...]
    classes: frozenset[str]
    row_classes: frozenset[str] = frozenset()
    segments: list[tuple[str, str, int]] = field(default_factory=list)  # (sep, text, offset)
    last_label: PageRow | None = None


def parse_page(path: Path) -> Page:
    """Parse the page's wikitext file."""
    raw = path.read_text(encoding="utf-8")
    store: list[str] = []
    no_comments = re.sub(r"<!--.*?-->", " ", raw, flags=re.S)
    all_switches = _switch_names(raw)
    outside = _switch_names(no_comments)
    # keep comment contents but remember where they were
    comment_marks: list[tuple[int, int]] = []
    text_parts: list[str] = []
    pos = 0
    length = 0
    for m in re.finditer(r"<!--(.*?)-->", raw, flags=re.S):
        chunk = _protect(raw[pos : m.start()], store)
        text_parts.append(chunk)
        length += len(chunk)
        inner = _protect(m.group(1), store)
        comment_marks.append((length, length + len(inner)))
        text_parts.append(inner)
        length += len(inner)
        pos = m.end()
    text_parts.append(_protect(raw[pos:], store))
    text = "".join(text_parts)
    # a comment that only holds a label ("<!-- Fairy -->") is harmless; one that holds table
    # markup is a drafted block

    def in_comment(offset: int) -> bool:
        return any(a <= offset < b for a, b in comment_marks)

    # regions: legend .. intro .. anytime .. steps
    regions: list[tuple[int, str]] = [(0, "legend")]
    intro_at = text.find("'''Introduction'''")
    regions.append((intro_at, "intro"))
    regions.append((text.find("'''Any time during your turn:'''"), "anytime"))
    headings: list[str] = []
    for m in _STEP_RE.finditer(text):
        regions.append((m.start(), m.group(1)))
        headings.append(m.group(1))
    regions.sort()

    def region_at(offset: int) -> str:
        current = "legend"
        for start, name in regions:
            if start <= offset:
                current = name
        return current

    # HTML elements around top-level tables
    def html_clauses_at(offset: int) -> tuple[frozenset[str], ...]:
        stack: list[tuple[str, frozenset[str]]] = []
        table_depth = 0
        scan = re.compile(r"\{\||\|\}|<(/?)(\w+)([^>]*?)(/?)>")
        for m in scan.finditer(text, 0, offset):
            token = m.group(0)
            if token == "{|":
                table_depth += 1
                continue
            if token == "|}":
                table_depth -= 1
                continue
            if table_depth:
                continue
            closing, tag, attrs, selfclosing = m.group(1), m.group(2), m.group(3), m.group(4)
            tag = tag.lower()
            if tag in {"br", "hr"} or selfclosing:
                continue
            if closing:
                for k in range(len(stack) - 1, -1, -1):
                    if stack[k][0] == tag:
                        del stack[k:]
                        break
            else:
                stack.append((tag, frozenset(_show_classes(attrs))))
        return tuple(c for _, c in stack if c)

    rows: list[PageRow] = []
    marker_headers: list[tuple[int, list[tuple[str, frozenset[str]]]]] = []
    stack: list[_Table] = []

    def label_rows_of(table: _Table) -> None:
        segs = table.segments
        if not segs:
            return
        # the first segment (after "|-") holds the row's attributes
        row_attrs = segs[0][1] if segs[0][0] == "|-" else ""
        row_clause = frozenset(_show_classes(row_attrs))
        table_context = table.ancestors + ((table.classes,) if table.classes else ())
        base = table_context + ((row_clause,) if row_clause else ())
        # {{ScoringRow}} expands to a table row of its own in the same table
        for _, seg, _ in segs:
            for m in _PLACEHOLDER_RE.finditer(seg):
                template = store[int(m.group(1))]
                if not template.startswith("{{ScoringRow"):
                    continue
                _, params = _template_params(template)
                offset = seg_offset(seg, m.start())
                markers: list[tuple[str, frozenset[str]]] = []
                if params.get("triggerrobbers") == "true":
                    markers.append(("robber", frozenset()))
                rows.append(
                    PageRow(
                        region=region_at(offset),
                        offset=offset,
                        legend=SCORING_ROW_TYPES.get(params.get("scoringtype", ""), "feature"),
                        clauses=table_context + (frozenset({params["selectorid"]}),),
                        drafted=in_comment(offset),
                        label=params.get("description", ""),
                        rules=params.get("rules", ""),
                        markers=markers,
                        depth=len(stack),
                    )
                )
        cells = segs[1:] if segs[0][0] == "|-" else segs
        # a rowspan continuation: the row's first cell is a scoringCore cell
        first_attr = next((t for _, t, _ in cells if t.strip()), "")
        joined = " ".join(t for _, t, _ in cells)
        if (
            "scoringCore" in first_attr
            and _ATTRS_ONLY_RE.match(first_attr)
            and not any(k in joined for k in LEGEND_CLASSES)
            and table.last_label is not None
        ):
            table.last_label.rules += " " + " ".join(
                t for _, t, _ in cells if not _ATTRS_ONLY_RE.match(t)
            )
            return

        def legend_of(seg: str) -> tuple[str | None, set[str]]:
            classes: set[str] = set()
            for value in _CLASS_RE.findall(seg):
                classes.update(value.split())
            if not _ATTRS_ONLY_RE.match(seg):
                return None, classes
            return next((LEGEND_CLASSES[c] for c in classes if c in LEGEND_CLASSES), None), classes

        found = False
        for k, (_, seg, offset) in enumerate(cells):
            kind, seg_classes = legend_of(seg)
            if kind is None or k + 1 >= len(cells):
                continue
            label = cells[k + 1][1]
            if not render(label, lambda _: True, "C1", store):
                continue  # a coloured picture cell (the monastic block's), not a row
            found = True
            rest: list[str] = []
            for _, t, _ in cells[k + 2 :]:
                if legend_of(t)[0] is not None:
                    break
                if not _ATTRS_ONLY_RE.match(t):
                    rest.append(t)
            cell_clause = frozenset(s for s in seg_classes if s.startswith("show"))
            row = PageRow(
                region=region_at(offset),
                offset=cells[k + 1][2],
                legend=kind,
                clauses=base + ((cell_clause,) if cell_clause else ()),
                drafted=in_comment(offset),
                label=label,
                rules=" ".join(rest),
                depth=len(stack),
            )
            row.markers = _white_box_markers(label + " " + row.rules, store)
            rows.append(row)
            table.last_label = row
        if not found and "Feature Scoring" in joined:
            marker_headers.append((cells[0][2], _white_box_markers(joined, store)))

    offsets_of: dict[int, int] = {}

    def seg_offset(seg: str, index: int) -> int:
        return offsets_of.get(id(seg), 0) + index

    # walk the table syntax
    last = 0
    tokens: list[tuple[str, str, int]] = []  # (separator, text after it, offset of text)
    pending_sep = ""
    for m in _SEP_RE.finditer(text):
        tokens.append((pending_sep, text[last : m.start()], last))
        pending_sep = m.group(0)
        last = m.end()
    tokens.append((pending_sep, text[last:], last))

    for sep, chunk, offset in tokens:
        offsets_of[id(chunk)] = offset
        if sep == "{|":
            parent_clauses: tuple[frozenset[str], ...]
            if stack:
                parent = stack[-1]
                parent_clauses = parent.ancestors
                if parent.classes:
                    parent_clauses += (parent.classes,)
                if parent.row_classes:
                    parent_clauses += (parent.row_classes,)
                # classes on the cell that holds the nested table
                for _, seg, _ in parent.segments[1:]:
                    cell_shows = _show_classes(seg) if _ATTRS_ONLY_RE.match(seg) else set()
                    if cell_shows:
                        parent_clauses += (frozenset(cell_shows),)
            else:
                parent_clauses = html_clauses_at(offset)
            # the table's own attributes run until its first row marker
            stack.append(_Table(parent_clauses, frozenset(_show_classes(chunk))))
            continue
        if not stack:
            continue
        table = stack[-1]
        if sep == "|}":
            label_rows_of(table)
            stack.pop()
            if stack:
                stack[-1].segments.append(("", chunk, offset))
            continue
        if sep == "|-":
            label_rows_of(table)
            table.segments = [("|-", chunk, offset)]
            table.row_classes = frozenset(_show_classes(chunk))
            continue
        table.segments.append((sep, chunk, offset))

    rows.sort(key=lambda r: r.offset)
    # "Feature Scoring" headers carry markers for the first row after them
    for offset, markers in marker_headers:
        if not markers:
            continue
        # the markers belong to the section's core scoring row (land surveyor rows that may
        # open the section only adjust it)
        after = next((r for r in rows if r.offset > offset and r.legend != "surveyor"), None)
        if after is not None:
            after.markers = markers + after.markers
    return Page(
        rows=rows,
        templates=store,
        text=text,
        switches_used=all_switches | _selector_ids(raw),
        switches_outside_comments=outside | _selector_ids(no_comments),
        step_headings=headings,
    )


def _switch_names(text: str) -> set[str]:
    """Every ``show…`` name in a class (or the stray ``show=`` attribute) of ``text``."""
    names: set[str] = set()
    for value in re.findall(r'\b(?:class|show)="([^"]*)"', text):
        names.update(c for c in value.split() if c.startswith("show"))
    return names


def _selector_ids(text: str) -> set[str]:
    return set(re.findall(r"selectorid=(\w+)", text))


# --- facts: the page without its sentences ---------------------------------------------------
#
# The rows' structure (region, legend category, switch clauses, markers) is stored as is. Their
# markup is stored as a *skeleton*: every tag keeps only its show… classes, every run of text
# between tags becomes a short hash of that text, and every template keeps only what
# :func:`render` reads from it. Rendering a skeleton therefore yields one hash per visible run
# of text, so two skeleton renderings differ exactly when the page's texts do (checked by
# :func:`skeleton_is_faithful` whenever the page itself is at hand).

_SKELETON_TOKEN_RE = re.compile(_TAG_RE.pattern + "|" + _PLACEHOLDER_RE.pattern)


def text_key(text: str) -> str:
    """A short, stable key for a piece of seed text (its words are not kept)."""
    normal = " ".join(text.replace("'''", "").replace("''", "").split())
    return "#" + hashlib.sha256(normal.encode("utf-8")).hexdigest()[:10]


def _skeleton(markup: str, store: list[str], emit: Callable[[str], str]) -> str:
    """Skeleton of protected ``markup``; ``emit`` turns one stored template into its stand-in."""
    out: list[str] = []
    pos = 0

    def text(run: str) -> None:
        if " ".join(run.replace("'''", "").replace("''", "").split()):
            out.append(f" {text_key(run)} ")

    for m in _SKELETON_TOKEN_RE.finditer(markup):
        text(markup[pos : m.start()])
        pos = m.end()
        if m.group(2) is None:  # a placeholder
            out.append(emit(store[int(m.group(5))]))
            continue
        closing, tag, attrs, selfclosing = m.group(1), m.group(2), m.group(3), m.group(4)
        shows = " ".join(sorted(_show_classes(attrs)))
        klass = f' class="{shows}"' if shows and not closing else ""
        out.append(f"<{closing}{tag}{klass}{selfclosing}>")
    text(markup[pos:])
    return "".join(out)


def _skeleton_raw(raw: str) -> str:
    """Skeleton of unprotected wikitext (a template parameter), templates written inline."""
    store: list[str] = []
    return _skeleton(_protect(raw, store), store, _skeleton_template)


def _skeleton_template(template: str) -> str:
    """Stand-in for one template that renders as the template does, hashes for text."""
    if template.startswith("[["):
        return "[[File:]]"
    if template.startswith("{{{"):
        inner = template[1:-1]
        if inner.startswith("{{{"):
            return "{{{{{}}}}}"
        depth = 0
        for k, ch in enumerate(inner):
            depth += ch == "{"
            depth -= ch == "}"
            if ch == "/" and depth == 0:
                left, right = inner[:k], inner[k + 1 :]
                return "{" + _skeleton_template(left) + "/" + _skeleton_template(right) + "}"
        return "{" + _skeleton_template(inner) + "}"
    name, params = _template_params(template)
    if name == "ScoringRow":
        return "{{ScoringRow}}"
    if name in {"Figure", "Feature", "Piece"}:
        if params.get("variant") == "image":
            return "{{Figure|variant=image}}"
        shown = params.get("text") or params.get("name", "")
        return "{{Figure|text=" + text_key(shown) + "}}" if shown.split() else "{{Figure}}"
    if name.startswith("Color"):
        return "{{Color|1=" + _skeleton_raw(params.get("1", "")) + "}}"
    return "{{Other}}"


def page_facts(page: Page) -> dict:
    """The page as JSON-ready facts: rows, switch names, step headings; no sentence of it."""
    templates: list[str] = []
    index_of: dict[str, int] = {}

    def emit(template: str) -> str:
        stand_in = _skeleton_template(template)
        if stand_in not in index_of:
            index_of[stand_in] = len(templates)
            templates.append(stand_in)
        return f"\x00{index_of[stand_in]}\x00"

    def skeleton(markup: str) -> str:
        # as in render(): markup taken from a {{ScoringRow}} is still raw wikitext
        store = page.templates
        if "{{" in markup or "[[" in markup:
            store = list(store)
            markup = _protect(markup, store)
        return _skeleton(markup, store, emit)

    rows = []
    for row in page.rows:
        rows.append(
            {
                "region": row.region,
                "legend": row.legend,
                "drafted": row.drafted,
                "clauses": [sorted(c) for c in row.clauses],
                "markers": [[kind, sorted(extra)] for kind, extra in row.markers],
                "depth": row.depth,
                "label": skeleton(row.label),
                "rules": skeleton(row.rules),
            }
        )
    return {
        "step_headings": page.step_headings,
        "switches_used": sorted(page.switches_used),
        "switches_outside_comments": sorted(page.switches_outside_comments),
        "rows": rows,
        "templates": templates,
    }


def page_from_facts(facts: dict) -> Page:
    """A :class:`Page` rebuilt from :func:`page_facts` output (texts are hashes, see above)."""
    rows = [
        PageRow(
            region=r["region"],
            offset=index,
            legend=r["legend"],
            clauses=tuple(frozenset(c) for c in r["clauses"]),
            drafted=r["drafted"],
            label=r["label"],
            rules=r["rules"],
            markers=[(kind, frozenset(extra)) for kind, extra in r["markers"]],
            depth=r["depth"],
        )
        for index, r in enumerate(facts["rows"])
    ]
    return Page(
        rows=rows,
        templates=list(facts["templates"]),
        text="",
        switches_used=set(facts["switches_used"]),
        switches_outside_comments=set(facts["switches_outside_comments"]),
        step_headings=list(facts["step_headings"]),
    )


@functools.cache
def load_page_facts(path: Path = PAGE_FACTS) -> Page:
    """The committed facts of the page (``tests/fixtures/seed_facts/scoring_page.json``)."""
    return page_from_facts(json.loads(path.read_text(encoding="utf-8")))


def _switches_in(markup: str, store: list[str]) -> set[str]:
    found = set()
    for m in _TAG_RE.finditer(markup):
        found |= _show_classes(m.group(3))
    for m in _PLACEHOLDER_RE.finditer(markup):
        template = store[int(m.group(1))]
        found |= {c for v in _CLASS_RE.findall(template) for c in v.split() if c.startswith("show")}
    return found


def skeleton_is_faithful(page: Page, facts: Page, max_switches: int = 10) -> list[str]:
    """Rows whose skeleton does not tell renderings apart exactly as their text does.

    For every row, every combination of the switches named in its markup (a random sample of
    1024 when there are more than ``max_switches``) and both editions, the rendered text and
    the rendered skeleton must partition the combinations alike: two renderings of the text are
    equal if and only if the two renderings of the skeleton are.
    """
    problems = []
    rng = random.Random(3)
    for index, (row, skel) in enumerate(zip(page.rows, facts.rows, strict=True)):
        names = sorted(_switches_in(row.label + row.rules, page.templates))
        if len(names) <= max_switches:
            combos = [
                {n for bit, n in enumerate(names) if mask >> bit & 1}
                for mask in range(1 << len(names))
            ]
        else:
            combos = [{n for n in names if rng.random() < 0.5} for _ in range(1024)]
        text_to_skel: dict[str, str] = {}
        skel_to_text: dict[str, str] = {}
        for on in combos:
            for edition in ("C1", "C2"):
                text = page.render(row.label + " || " + row.rules, on.__contains__, edition)
                shape = facts.render(skel.label + " || " + skel.rules, on.__contains__, edition)
                if text_to_skel.setdefault(text, shape) != shape or (
                    skel_to_text.setdefault(shape, text) != text
                ):
                    problems.append(f"row {index} ({row.region}): {sorted(on)} {edition}")
                    break
            else:
                continue
            break
    return problems
