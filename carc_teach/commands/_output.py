"""Writing the files a command was asked to write, with one-line errors instead of tracebacks."""

from __future__ import annotations

import errno
from pathlib import Path

from ..errors import CarcTeachError
from ..i18n import _

__all__ = ["describe_os_error", "write_output", "make_output_folder"]


def describe_os_error(path: str | Path, exc: OSError, *, action: str = "cannot write") -> str:
    """One line naming ``path`` and what the operating system said is wrong with it
    (``action``: "cannot write" or "cannot create", in English; the line is in the current
    language)."""
    path = Path(path)
    missing = None
    if isinstance(exc, FileNotFoundError):
        missing = next((p for p in reversed(path.parents) if not p.exists()), None)
    if missing is not None:
        why = _("the folder {folder} does not exist", folder=missing)
    elif isinstance(exc, IsADirectoryError):
        why = _("it is a folder, not a file")
    elif isinstance(exc, NotADirectoryError):
        why = _("part of the path is a file, not a folder")
    elif isinstance(exc, PermissionError):
        why = _("permission denied")
    elif isinstance(exc, FileExistsError):
        why = _("it exists and is not a folder")
    elif exc.errno == errno.ENOSPC:
        why = _("no space left on the device")
    elif exc.errno == errno.EROFS:
        why = _("the file system is read-only")
    else:  # the operating system's own words
        reason = exc.strerror or str(exc)
        why = f"{reason[:1].lower()}{reason[1:]}"
    if action == "cannot create":
        return _("{path}: cannot create it: {why}", path=path, why=why)
    if action == "cannot write":
        return _("{path}: cannot write it: {why}", path=path, why=why)
    return f"{path}: {action} it: {why}"


def write_output(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` (UTF-8), or raise a :class:`CarcTeachError` saying why not."""
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise CarcTeachError(describe_os_error(path, exc)) from None


def make_output_folder(path: str | Path) -> Path:
    """Create the folder ``path`` (and its parents) unless it exists; one-line errors."""
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise CarcTeachError(
            _("{folder}: cannot save games there: it is a file, not a folder", folder=folder)
        )
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CarcTeachError(describe_os_error(folder, exc, action="cannot create")) from None
    return folder
