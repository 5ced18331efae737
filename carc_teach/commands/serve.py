"""``carc-teach serve``: open the walkthrough notebooks locally (marimo in run mode)."""

from __future__ import annotations

import argparse

from ..i18n import _

__all__ = ["configure", "run"]


def configure(parser: argparse.ArgumentParser) -> None:
    from carc_teach.site.notebooks import add_notebooks_argument

    parser.add_argument(
        "--port", type=int, default=None, help=_("port on 127.0.0.1 (default: a free one)")
    )
    parser.add_argument(
        "--no-browser", action="store_true", help=_("print the address but open no browser")
    )
    add_notebooks_argument(parser)


def run(args: argparse.Namespace) -> int:
    from carc_teach.site.serve import serve

    return serve(port=args.port, open_browser=not args.no_browser, notebooks_dir=args.notebooks)
