"""``carc-teach build-site``: export every walkthrough notebook as a static WebAssembly site."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..i18n import _, ngettext

__all__ = ["configure", "run"]


def configure(parser: argparse.ArgumentParser) -> None:
    from carc_teach.site.notebooks import add_notebooks_argument

    parser.add_argument(
        "-o",
        "--output",
        type=Path,
        default=None,
        metavar="DIR",
        help=_("where to write the site (default: site/_build in the checkout)"),
    )
    parser.add_argument(
        "--self-hosted",
        action="store_true",
        help=_("carry the Pyodide runtime and every wheel so the site runs with no internet"),
    )
    add_notebooks_argument(parser)


def run(args: argparse.Namespace) -> int:
    import signal
    import sys

    from carc_teach.site.build import build_site
    from carc_teach.site.lifeline import StopSignal

    try:
        result = build_site(args.output, self_hosted=args.self_hosted, notebooks_dir=args.notebooks)
    except (KeyboardInterrupt, StopSignal) as stop:
        signum = getattr(stop, "signum", signal.SIGINT)
        how = _("interrupted") if signum == signal.SIGINT else _("stopped by {signal}", signal=stop)
        try:
            print(
                "carc-teach build-site: "
                + _(
                    "{how}; the output folder is as it was before (the partial build was removed)",
                    how=how,
                ),
                file=sys.stderr,
            )
        except OSError:  # SIGHUP: the terminal may be gone
            pass
        return 128 + signum
    pages = len(result.pages)
    if result.self_hosted:
        line = ngettext(
            "built the self-hosted (offline) site of {n} notebook in {seconds:.0f} s:",
            "built the self-hosted (offline) site of {n} notebooks in {seconds:.0f} s:",
            pages,
            seconds=result.seconds,
        )
    else:
        line = ngettext(
            "built the site of {n} notebook in {seconds:.0f} s:",
            "built the site of {n} notebooks in {seconds:.0f} s:",
            pages,
            seconds=result.seconds,
        )
    print(line)
    for page in result.pages:
        print(f"  {page.slug}.html  {page.title}")
    print(
        _(
            "open it over HTTP, e.g.: python -m http.server -d {folder} 8000",
            folder=result.output_dir,
        )
    )
    return 0
