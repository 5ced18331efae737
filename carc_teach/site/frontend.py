"""marimo's front end in one compressed file, for a host that sends files as they are.

A page of the self-hosted site loads about 290 of marimo's script files on a first visit (5.5
MB), each a request of its own, sent uncompressed by a plain static host (Python's
``http.server``, most school servers). :func:`bundle_front_end` packs those scripts into one
gzip file (``assets/front-end.bin.gz``, 1.75 MB) and gives each page a few lines of script
instead of its module script and module preloads: they fetch the file, unpack it with the
browser's ``DecompressionStream``, make each module a ``blob:`` URL, and register an import
map from each module's own address to its blob, so that every import, from the pack or from a
file loaded as before, finds the same module.

A module in a ``blob:`` URL cannot resolve a relative address, so the pack holds each module
with its references to files of ``assets/`` (``"./name.js"``) and its ``import.meta.url`` made
absolute: the build writes them with :data:`ASSETS_TOKEN`, which the page replaces by the
address of ``assets/``. Scripts the first visit does not load, marimo's worker, style sheets
and fonts stay files as they were. A browser without import maps or ``DecompressionStream``,
or a pack that cannot be fetched, loads the page's scripts as before.
"""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

from carc_teach.errors import phrase
from carc_teach.site.notebooks import SiteError

__all__ = ["ASSETS_TOKEN", "BUNDLE_FILE", "bundle_front_end", "first_visit_modules"]

#: The pack, in marimo's ``assets/`` folder.
BUNDLE_FILE = "front-end.bin.gz"
#: Stands for the absolute address of ``assets/`` in the packed modules (never in marimo's).
ASSETS_TOKEN = "@carc-teach-assets@/"
#: The scripts a first visit loads beyond what the page's module imports statically
#: (``import()``: marimo's run page, CodeMirror's language modes, ...), as a first visit of
#: each walkthrough of this marimo (0.25.2) fetched them; a name that is not in ``assets/``
#: is ignored, and the browser test says which scripts a first visit still fetches alone.
_FIRST_VISIT_FILE = Path(__file__).with_name("first-visit-modules.txt")
_LOADER_MARK = "/*carc-teach front end*/"
_MODULE_SCRIPT = re.compile(
    r'[ \t]*<script type="module" crossorigin src="\./assets/([\w.\-]+\.js)"></script>\n?'
)
_MODULE_PRELOAD = re.compile(
    r'[ \t]*<link rel="modulepreload" crossorigin href="\./assets/([\w.\-]+\.js)">\n?'
)
# A quoted reference to a file beside the module, and the static imports a module makes.
_SIBLING = re.compile(r"([\"'`])\./([\w.\-]+)(?=[\"'`])")
_STATIC_IMPORT = re.compile(r"(?:\bfrom|\bimport)\s*[\"'`]\./([\w.\-]+\.js)[\"'`]")
# What a blob module could not resolve: a relative specifier left in an import.
_RELATIVE_IMPORT = re.compile(r"(?:\bfrom|\bimport)\s*\(?\s*[\"'`]\.\.?/")


def first_visit_modules() -> list[str]:
    """The names listed in ``first-visit-modules.txt`` (comments and blank lines left out)."""
    lines = _FIRST_VISIT_FILE.read_text("utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def _static_closure(assets: Path, roots: list[str]) -> list[str]:
    """``roots`` and every script of ``assets`` they import statically, in a stable order."""
    seen: dict[str, None] = {}
    todo = list(reversed(roots))
    while todo:
        name = todo.pop()
        if name in seen or not (assets / name).is_file():
            continue
        seen[name] = None
        todo += reversed(_STATIC_IMPORT.findall((assets / name).read_text("utf-8")))
    return list(seen)


def _rewritten(text: str, name: str, files: set[str]) -> str:
    """A module's text with its references to ``files`` and its own address absolute."""
    if ASSETS_TOKEN in text:
        raise SiteError(
            phrase(
                "assets/{name} holds {token}: the front end was not packed",
                name=name,
                token=repr(ASSETS_TOKEN),
            )
        )
    text = text.replace("import.meta.url", json.dumps(ASSETS_TOKEN + name))
    text = _SIBLING.sub(
        lambda m: f"{m[1]}{ASSETS_TOKEN}{m[2]}" if m[2] in files else m[0],
        text,
    )
    left = _RELATIVE_IMPORT.search(text)
    if left:
        raise SiteError(
            phrase(
                "assets/{name}: an import the front end's pack cannot resolve ({code}); "
                "the front end was not packed",
                name=name,
                code=repr(text[left.start() : left.end() + 40]),
            )
        )
    return text


def _loader(entry: str) -> str:
    """The page's script that loads the pack (or the entry module as before)."""
    return (
        f"<script>{_LOADER_MARK}(()=>{{const a=new URL('./assets/',location.href).href,"
        f"m={entry!r},t={ASSETS_TOKEN!r},"
        # a module script runs once the page is parsed, as the page's own one did (deferred)
        "r=s=>document.readyState==='loading'?document.addEventListener('DOMContentLoaded',"
        "()=>document.head.append(s),{once:!0}):document.head.append(s),"
        "x=u=>{const s=document.createElement('script');s.type='module';s.src=u;return s},"
        "p=()=>{const s=x(a+m);s.crossOrigin='';r(s)};"
        "if(!(self.DecompressionStream&&HTMLScriptElement.supports?.('importmap')))return p();"
        f"fetch(a+{BUNDLE_FILE!r}).then(f=>{{if(!f.ok)throw f.status;"
        "return new Response(f.body.pipeThrough(new DecompressionStream('gzip'))).arrayBuffer()"
        "}).then(b=>{const n=new DataView(b).getUint32(0,!0),d=new TextDecoder(),"
        "h=JSON.parse(d.decode(new Uint8Array(b,4,n))),i={};let o=4+n;"
        "for(const[k,z]of h){i[a+k]=URL.createObjectURL(new Blob([d.decode(new Uint8Array(b,o,z))"
        ".replaceAll(t,a)],{type:'text/javascript'}));o+=z}"
        "const q=document.createElement('script');q.type='importmap';"
        "q.textContent=JSON.stringify({imports:i});document.head.append(q);r(x(i[a+m]))}).catch(p)})()"
        "</script>\n"
    )


def bundle_front_end(site_dir: Path, pages: list[Path], log=print) -> tuple[int, int, int]:
    """Pack the scripts a first visit of ``pages`` loads into ``assets/`` :data:`BUNDLE_FILE`
    and make each page load them from it (see the module's docstring).

    Returns (scripts packed, their size, the pack's size); (0, 0, 0) when the pages have no
    module script of marimo's.

    Raises
    ------
    SiteError
        When a script cannot be packed so that it still finds what it imports.
    """
    assets = site_dir / "assets"
    htmls = {page: page.read_text("utf-8") for page in pages}
    entries = {m[1] for html in htmls.values() if _LOADER_MARK not in html
               for m in _MODULE_SCRIPT.finditer(html)}  # fmt: skip
    if len(entries) != 1:
        if entries:
            raise SiteError(
                phrase("the pages load different front ends ({entries})", entries=sorted(entries))
            )
        return 0, 0, 0
    (entry,) = entries
    listed = first_visit_modules()
    missing = [name for name in listed if not (assets / name).is_file()]
    if missing:
        log(
            f"  front end: {len(missing)} of the {len(listed)} scripts listed in "
            f"{_FIRST_VISIT_FILE.name} are not in marimo's assets (marimo upgraded?); "
            "they load as files"
        )
    names = _static_closure(assets, [entry, *listed])
    files = {p.name for p in assets.iterdir() if p.is_file()}
    bodies = [_rewritten((assets / n).read_text("utf-8"), n, files).encode() for n in names]
    head = json.dumps([[n, len(b)] for n, b in zip(names, bodies, strict=True)]).encode()
    data = len(head).to_bytes(4, "little") + head + b"".join(bodies)
    packed = gzip.compress(data, compresslevel=9, mtime=0)
    (assets / BUNDLE_FILE).write_bytes(packed)
    bundled = set(names)
    for page, html in htmls.items():
        html = _MODULE_SCRIPT.sub(lambda m: _loader(m[1]), html, count=1)
        html = _MODULE_PRELOAD.sub(lambda m: "" if m[1] in bundled else m[0], html)
        page.write_text(html, "utf-8")
    return len(names), sum(len(b) for b in bodies), len(packed)
