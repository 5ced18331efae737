"""Find the walkthrough notebooks and read what each one teaches from the notebook itself.

The index page of the site and the ``serve`` command never hard-code a notebook list: every
``notebooks/*.py`` file that is a marimo app is a walkthrough, and its card shows the title and
first paragraph of its first markdown cell (or its module docstring, when it has one).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

import carc_teach
from carc_teach.errors import CarcTeachError, phrase

__all__ = [
    "NotebookInfo",
    "SiteError",
    "discover_notebooks",
    "find_notebooks_dir",
    "find_repository_root",
    "read_notebook_info",
    "read_source",
    "add_notebooks_argument",
]


class SiteError(CarcTeachError):
    """The site cannot be built or served (a missing prerequisite or a malformed notebook)."""


@dataclass(frozen=True)
class NotebookInfo:
    """What the index page says about one notebook.

    Attributes
    ----------
    path:
        The notebook file.
    slug:
        The file stem; the exported page is ``<slug>.html``.
    title:
        The first heading of the notebook's first markdown cell (or docstring).
    description:
        The first paragraph after that heading, as plain text.
    """

    path: Path
    slug: str
    title: str
    description: str


def find_repository_root(start: Path | None = None) -> Path | None:
    """Return the carc_teach checkout that holds ``start`` (or the installed package), if any.

    A checkout is a folder with a ``pyproject.toml`` naming the project ``carc_teach`` next to a
    ``carc_teach/`` package folder. The current directory is searched first, then the folder the
    package was imported from (an editable install lives inside the checkout).
    """
    starts = [start] if start is not None else [Path.cwd(), Path(carc_teach.__file__).parent]
    for origin in starts:
        for folder in (origin.resolve(), *origin.resolve().parents):
            pyproject = folder / "pyproject.toml"
            if (folder / "carc_teach").is_dir() and pyproject.is_file():
                if re.search(r'(?m)^name\s*=\s*"carc_teach"', pyproject.read_text("utf-8")):
                    return folder
    return None


def find_notebooks_dir(explicit: Path | None = None) -> Path:
    """Return the folder of walkthrough notebooks.

    Raises
    ------
    SiteError
        When ``explicit`` is not a folder, or no checkout with a ``notebooks/`` folder is found.
    """
    if explicit is not None:
        if not explicit.is_dir():
            raise SiteError(phrase("notebooks folder '{folder}' does not exist", folder=explicit))
        return explicit.resolve()
    root = find_repository_root()
    if root is None or not (root / "notebooks").is_dir():
        raise SiteError(
            phrase(
                "cannot find the notebooks/ folder: run this inside a carc_teach checkout "
                "or pass --notebooks DIR"
            )
        )
    return root / "notebooks"


def discover_notebooks(notebooks_dir: Path) -> list[Path]:
    """Return every marimo notebook directly inside ``notebooks_dir``, sorted by name.

    A notebook is a ``*.py`` file (not starting with ``_``) that creates ``marimo.App``.
    """
    found = []
    for path in sorted(notebooks_dir.glob("*.py")):
        if path.name.startswith("_"):
            continue
        if re.search(r"(?m)^app\s*=\s*marimo\.App\(", read_source(path)):
            found.append(path)
    return found


def read_source(path: Path) -> str:
    """The text of a notebook file, or a one-line :class:`SiteError` saying why it has none."""
    try:
        return path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SiteError(
            phrase(
                "{name}: not UTF-8 text (byte {byte}); save the notebook as UTF-8",
                name=path.name,
                byte=exc.start,
            )
        ) from None
    except OSError as exc:
        raise SiteError(  # the operating system's reason stays in its words
            phrase("{name}: cannot read it: {reason}", name=path.name, reason=exc.strerror or exc)
        ) from None


def read_notebook_info(path: Path) -> NotebookInfo:
    """Read a notebook's title and description without running it.

    The module docstring wins when present; otherwise the first ``mo.md("...")`` whose text is
    a plain string literal. Its first ``#`` heading is the title and the paragraph after it the
    description.

    Raises
    ------
    SiteError
        When the file does not parse, or has no heading to take a title from.
    """
    source = read_source(path)
    try:
        tree = ast.parse(source, filename=str(path))
    except (SyntaxError, ValueError) as exc:  # ValueError: a NUL byte in the source
        reason = getattr(exc, "msg", None) or str(exc)  # Python's own words
        raise SiteError(
            phrase(
                "{name}: not valid Python (line {line}): {reason}",
                name=path.name,
                line=exc.lineno,
                reason=reason,
            )
            if getattr(exc, "lineno", None)
            else phrase("{name}: not valid Python: {reason}", name=path.name, reason=reason)
        ) from None
    texts = []
    docstring = ast.get_docstring(tree)
    if docstring:
        texts.append(docstring)
    texts.extend(_markdown_literals(tree))
    for text in texts:
        parsed = _title_and_description(text)
        if parsed is not None:
            title, description = parsed
            return NotebookInfo(path, path.stem, title, description)
    raise SiteError(
        phrase(
            "{name}: no title found; start the notebook with a markdown cell "
            "whose first line is '# Title' followed by a paragraph saying what it teaches",
            name=path.name,
        )
    )


def _markdown_literals(tree: ast.AST) -> list[str]:
    """The string-literal arguments of ``mo.md(...)`` calls, in source order."""
    calls = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "md"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            calls.append((node.lineno, node.col_offset, node.args[0].value))
    return [text for _, _, text in sorted(calls)]


def _title_and_description(markdown: str) -> tuple[str, str] | None:
    lines = [line.strip() for line in markdown.strip().splitlines()]
    for index, line in enumerate(lines):
        if line.startswith("#"):
            title = _plain(line.lstrip("#").strip())
            paragraph: list[str] = []
            for rest in lines[index + 1 :]:
                if not rest:
                    if paragraph:
                        break
                    continue
                if rest.startswith("#"):
                    break
                paragraph.append(rest)
            if title:
                return title, _plain(" ".join(paragraph))
    return None


def _plain(markdown: str) -> str:
    """Drop inline markdown (links, emphasis, code ticks) for a plain-text card."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", markdown)
    text = re.sub(r"(\*\*|__|\*|`)", "", text)
    return re.sub(r"\s+", " ", text).strip()


def add_notebooks_argument(parser) -> None:
    """The ``--notebooks DIR`` option shared by ``carc-teach build-site`` and ``serve`` (its
    help in the current language)."""
    from carc_teach.i18n import _

    parser.add_argument(
        "--notebooks",
        type=Path,
        default=None,
        metavar="DIR",
        help=_("folder of marimo notebooks (default: notebooks/ in the checkout)"),
    )
