"""``carc-teach build-site``: export every walkthrough notebook as a static WebAssembly site."""

from __future__ import annotations

import argparse
from pathlib import Path

__all__ = ["configure", "run"]


def configure(parser: argparse.ArgumentParser) -> None:
    from carc_teach.site.notebooks import add_notebooks_argument

    parser.add_argument(
        "-o",
        "--output",
        type=Path,
        default=None,
        metavar="DIR",
        help="where to write the site (default: site/_build in the checkout)",
    )
    parser.add_argument(
        "--self-hosted",
        action="store_true",
        help="carry the Pyodide runtime and every wheel so the site runs with no internet",
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
        how = "interrupted" if signum == signal.SIGINT else f"stopped by {stop}"
        try:
            print(
                f"carc-teach build-site: {how}; the output folder is as it was before "
                "(the partial build was removed)",
                file=sys.stderr,
            )
        except OSError:  # SIGHUP: the terminal may be gone
            pass
        return 128 + signum
    kind = "self-hosted (offline) site" if result.self_hosted else "site"
    count = f"{len(result.pages)} notebook{'' if len(result.pages) == 1 else 's'}"
    print(f"built the {kind} of {count} in {result.seconds:.0f} s:")
    for page in result.pages:
        print(f"  {page.slug}.html  {page.title}")
    print(f"open it over HTTP, e.g.: python -m http.server -d {result.output_dir} 8000")
    return 0
