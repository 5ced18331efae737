"""The toolkit's local server (what ``carc-teach serve`` runs): its index page and every walkthrough.

``python -m carc_teach.site.app --port P [--notebooks DIR]`` serves, on 127.0.0.1:

- ``/``: the same index as the static site (one card per walkthrough, its title and
  description read from the notebook), each card linking to ``./<slug>/``;
- ``/<slug>/``: the notebook ``<slug>.py`` in marimo's run mode, its Python running in this
  process's kernels (marimo's ``create_asgi_app``; nothing is fetched from the internet).

:func:`carc_teach.site.serve.start_server` starts it as a child process on a lifeline.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from carc_teach.i18n import N_
from carc_teach.site.notebooks import discover_notebooks, find_notebooks_dir, read_notebook_info

__all__ = ["create_app", "main"]

#: the index footer's sentence on where Python runs (said in each language of the index)
RUNTIME_NOTE = N_("Served by carc-teach serve: Python runs on this computer, no internet needed.")


def create_app(notebooks_dir: Path):
    """An ASGI application serving the index at ``/`` and each notebook at ``/<slug>/``."""
    import marimo

    paths = discover_notebooks(notebooks_dir)
    pages = [read_notebook_info(path) for path in paths]
    from carc_teach.site.build import render_index

    index = render_index(pages, href="./{slug}/", runtime=RUNTIME_NOTE).encode("utf-8")
    builder = marimo.create_asgi_app(quiet=True)
    for info in pages:
        builder = builder.with_app(path=f"/{info.slug}", root=str(info.path))
    notebooks = builder.build()

    async def app(scope, receive, send):
        if scope["type"] == "http" and scope["path"] in ("/", "/index.html"):
            await send(
                {
                    "type": "http.response.start",
                    "status": 200,
                    "headers": [
                        (b"content-type", b"text/html; charset=utf-8"),
                        (b"content-length", str(len(index)).encode()),
                        (b"cache-control", b"no-store"),
                    ],
                }
            )
            await send({"type": "http.response.body", "body": index})
            return
        await notebooks(scope, receive, send)

    return app


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m carc_teach.site.app")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--notebooks", type=Path, default=None)
    args = parser.parse_args(argv)
    import uvicorn

    app = create_app(find_notebooks_dir(args.notebooks))
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")


if __name__ == "__main__":
    main(sys.argv[1:])
