"""Writing the files a command was asked to write, with one-line errors instead of tracebacks."""

from __future__ import annotations

import errno
from pathlib import Path

from ..errors import CarcTeachError

__all__ = ["describe_os_error", "write_output", "make_output_folder"]


def describe_os_error(path: str | Path, exc: OSError, *, action: str = "cannot write") -> str:
    """One line naming ``path`` and what the operating system said is wrong with it."""
    path = Path(path)
    if isinstance(exc, FileNotFoundError):
        missing = next((p for p in reversed(path.parents) if not p.exists()), None)
        if missing is not None:
            return f"{path}: {action} it: the folder {missing} does not exist"
    if isinstance(exc, IsADirectoryError):
        return f"{path}: {action} it: it is a folder, not a file"
    if isinstance(exc, NotADirectoryError):
        return f"{path}: {action} it: part of the path is a file, not a folder"
    if isinstance(exc, PermissionError):
        return f"{path}: {action} it: permission denied"
    if isinstance(exc, FileExistsError):
        return f"{path}: {action} it: it exists and is not a folder"
    if exc.errno == errno.ENOSPC:
        return f"{path}: {action} it: no space left on the device"
    if exc.errno == errno.EROFS:
        return f"{path}: {action} it: the file system is read-only"
    reason = exc.strerror or str(exc)
    return f"{path}: {action} it: {reason[:1].lower()}{reason[1:]}"


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
        raise CarcTeachError(f"{folder}: cannot save games there: it is a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CarcTeachError(describe_os_error(folder, exc, action="cannot create")) from None
    return folder
