"""The ``carc-teach`` command line.

Each sub-command lives in its own module under :mod:`carc_teach.commands` with two functions,
``configure(parser)`` and ``run(args) -> int``; modules are imported only when their command runs,
so ``carc-teach replay`` never pays for the site builder's imports.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import os
import sys
from collections.abc import Iterator

from .errors import CarcTeachError, one_line
from .i18n import LANGUAGES, N_, _, language_code, set_language, translation

__all__ = ["main", "COMMANDS"]

#: command name -> (module under carc_teach.commands, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "replay": ("replay", N_("replay a game file and print its event log and scores")),
    "simulate": ("simulate", N_("play seeded random legal games")),
    "bench": ("bench", N_("measure random games per second and time per event step")),
    "render": ("render", N_("write the board of a game file (after event N) as SVG")),
    "notes": ("notes", N_("list the annotation corpus (footnotes, rulings, house rules)")),
    "options": ("options", N_("list rule options and edition presets")),
    "compare": ("compare", N_("play one game under two editions or option values and compare")),
    "reference": ("reference", N_("print the Scoring During Turn Sequence reference")),
    "build-site": ("build_site", N_("build the static WebAssembly site of the notebooks")),
    "serve": ("serve", N_("open the walkthrough notebooks locally")),
}

#: the environment variable that sets the language when no ``--lang`` is given
LANG_VARIABLE = "CARC_TEACH_LANG"

#: the words of argparse itself that a user meets (usage, headings, the usual errors): kept in
#: our catalogues, since argparse reads its own from a gettext domain no package ships
ARGPARSE_MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
)


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="carc-teach",
        description=_("Teach the rules of Carcassonne: replay, simulate and explain games."),
    )
    _add_lang_argument(parser)
    sub = parser.add_subparsers(dest="command", metavar=_("COMMAND"), required=True)
    wanted = None
    if argv:
        words = iter(argv)
        for word in words:
            if word == "--lang":
                next(words, None)  # its value is not the command
            elif not word.startswith("-"):
                wanted = word
                break
    for name, (module_name, help_text) in COMMANDS.items():
        cmd = sub.add_parser(name, help=_(help_text), description=_(help_text))
        _add_lang_argument(cmd)
        # Only the command being run needs its full argument list (and its imports).
        if name == wanted:
            module = importlib.import_module(f"carc_teach.commands.{module_name}")
            module.configure(cmd)
            cmd.set_defaults(_run=module.run)
    return parser


def _add_lang_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lang",
        metavar="LANG",
        default=argparse.SUPPRESS,
        help=_(
            "the language of the output: {languages} (default: ${variable}, else en); event "
            "texts and footnotes not translated into it are still in English"
        ).format(languages=", ".join(LANGUAGES), variable=LANG_VARIABLE),
    )


def _requested_language(argv: list[str]) -> str:
    """The ``--lang`` of the command line (anywhere in it), else ``$CARC_TEACH_LANG``, else
    English; read before the parser is built, so that its help is in that language too."""
    chosen = os.environ.get(LANG_VARIABLE) or "en"
    words = iter(argv)
    for word in words:
        if word == "--":
            break
        if word == "--lang":
            chosen = next(words, chosen)
        elif word.startswith("--lang="):
            chosen = word.split("=", 1)[1]
    return language_code(chosen)


@contextlib.contextmanager
def _argparse_language(lang: str) -> Iterator[None]:
    """argparse's own words in ``lang`` while the command line is read (put back after)."""
    if lang == "en":
        yield
        return
    catalogue = translation(lang)
    saved = argparse._, argparse.ngettext
    argparse._ = catalogue.gettext
    argparse.ngettext = catalogue.ngettext
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved


def main(argv: list[str] | None = None) -> int:
    _standard_streams()
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        lang = _requested_language(argv)
    except CarcTeachError as exc:
        _print_error(f"carc-teach: error: --lang: {exc}")
        return 2
    token = set_language(lang)
    try:
        with _argparse_language(lang):
            return _main(argv)
    finally:
        token.var.reset(token)


def _main(argv: list[str]) -> int:
    parser = build_parser(argv)
    try:
        args = parser.parse_args(argv)  # --help and --list write here, and may meet a closed pipe
    except SystemExit as done:  # --help, --list, or a usage error (status 2)
        try:
            sys.stdout.flush()
        except BrokenPipeError:
            _silence_stdout()
        return 0 if done.code is None else done.code if isinstance(done.code, int) else 2
    except BrokenPipeError:
        _silence_stdout()
        return 0
    command = args.command

    def fail(message: str) -> int:
        _print_error(
            _("carc-teach {command}: error: {message}", command=command, message=one_line(message))
        )
        return 2

    try:
        status = int(args._run(args) or 0)
        sys.stdout.flush()  # a closed pipe shows here, not while Python exits
        return status
    except CarcTeachError as exc:  # said in the current language (docs/i18n.md, "Errors")
        from .i18n.errors import error_text

        return fail(error_text(exc))
    except BrokenPipeError:  # e.g. `carc-teach replay x.json | head`: the reader has enough
        _silence_stdout()
        return 0
    except KeyboardInterrupt:  # Ctrl-C: one line, the shell's status for SIGINT
        _print_error(_("carc-teach {command}: interrupted", command=command))
        return 130
    except OSError as exc:  # a path the command could not read or write
        where = f"{exc.filename}: " if exc.filename else ""
        return fail(f"{where}{exc.strerror or exc}")
    except MemoryError:
        return fail(_("out of memory"))


class _ClosedOutput(io.TextIOBase):
    """Standard output when the shell closed it (``>&-``): writing is a one-line error."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if not text:
            return 0
        raise CarcTeachError(_("standard output is closed (>&-): nowhere to write the output"))


def _standard_streams() -> None:
    """Make the standard streams safe to write to, whatever the shell gave this process.

    A closed descriptor 1 or 2 is reopened on the null device, so no file this process opens
    later takes its number (and receives a child's output); writing to a closed standard
    output is then a one-line error, and to a closed standard error silently nothing. Text
    that the terminal's encoding cannot show is written escaped instead of failing.
    """
    for fd, name in ((1, "stdout"), (2, "stderr")):
        stream = getattr(sys, name)
        if stream is not None and not isinstance(stream, _ClosedOutput):
            try:
                stream.reconfigure(errors="backslashreplace")
            except (AttributeError, ValueError, io.UnsupportedOperation):
                pass  # not a text file of ours (a test's capture)
            continue
        try:
            os.fstat(fd)
        except OSError:
            null = os.open(os.devnull, os.O_WRONLY)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
        if name == "stdout":
            sys.stdout = _ClosedOutput()
        else:
            sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - lives as long as the process


def _print_error(line: str) -> None:
    try:
        print(line, file=sys.stderr, flush=True)
    except (OSError, ValueError):  # standard error is gone as well: the status says it
        pass


def _silence_stdout() -> None:
    """After a closed pipe, point stdout at /dev/null so exiting does not complain again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, io.UnsupportedOperation):
        pass


if __name__ == "__main__":
    sys.exit(main())
