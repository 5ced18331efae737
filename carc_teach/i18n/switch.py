"""How a notebook page picks its language: the ``?lang=`` of its address, the language the
browser remembers, and a switch on the page.

A notebook shows :func:`language_switch` in one cell and reads its value in the cells that
write text (``lang = lang_switch.value``, then ``i18n._("...", lang)``); next to the switch it
shows :func:`language_memory`. The three meet like this:

- **The address.** The switch starts on the language of ``?lang=`` (``it``, ``cs``, ``en``;
  ``it_IT`` and the like are read too), so a teacher can share a link to a page in Italian.
  Choosing another language writes it into the address (marimo's ``mo.query_params()``), so
  the link in the address bar is always the page as it is shown.
- **The browser's memory.** :func:`language_memory` is a hidden frame whose script keeps the
  language shown in the browser's ``localStorage`` (``carc-teach-lang``, one for every page of
  the site). A page opened with no ``?lang=`` while the browser remembers another language than
  the one it starts in opens again with that language in its address: one reload, only the
  first time a page is opened without ``?lang=`` after a language was chosen elsewhere.
- **The switch** itself: a dropdown listing each language in its own name.

marimo is passed in (``mo``), never imported here, so the engine's lowest layer stays free of
it. The script writes nothing from a user into the page: it reads the address and the stored
code, checks the code against the known ones, and only ever navigates to the same page with
``lang`` set.
"""

from __future__ import annotations

import json
from html import escape

from ..errors import CarcTeachError
from . import DEFAULT_LANGUAGE, LANGUAGES, language_code

__all__ = ["language_switch", "language_memory", "language_memory_html", "STORAGE_KEY", "LABEL"]

#: where the browser keeps the chosen language (``localStorage``)
STORAGE_KEY = "carc-teach-lang"
#: the switch's label, in every language at once: whoever opens the page can find it
LABEL = "Language · Lingua · Jazyk"


def language_from_address(value: object) -> str:
    """The language a ``?lang=`` value asks for; English for none, a list or an unknown code
    (an address is typed by people: a wrong one shows the page, in English)."""
    if isinstance(value, list):
        value = value[-1] if value else None
    if not value:
        return DEFAULT_LANGUAGE
    try:
        return language_code(str(value))
    except CarcTeachError:
        return DEFAULT_LANGUAGE


def language_switch(mo, *, label: str = LABEL):
    """A dropdown of the languages (each in its own name), starting on the page's ``?lang=``;
    choosing one writes it into the address. Its ``.value`` is the language code."""
    params = mo.query_params()
    start = language_from_address(params.get("lang"))
    names = {name: code for code, name in LANGUAGES.items()}

    def into_address(code: str) -> None:
        params["lang"] = code

    return mo.ui.dropdown(
        options=names, value=LANGUAGES[start], label=label, on_change=into_address
    )


def language_memory_html(lang: str) -> str:
    """The hidden frame that remembers ``lang`` in the browser, or opens the page again in the
    language the browser remembers when the address names none (see the module's notes)."""
    config = json.dumps(
        {"lang": language_code(lang), "known": list(LANGUAGES), "key": STORAGE_KEY}
    ).replace("<", "\\u003c")
    script = f"""<!doctype html><html><body><script>
(() => {{
  "use strict";
  const config = {config};
  let top;
  try {{ top = window.parent.location; }} catch (_error) {{ return; }}  // another origin
  const address = new URL(top.href);
  const asked = address.searchParams.get("lang");
  let stored = null;
  try {{ stored = window.localStorage.getItem(config.key); }} catch (_error) {{ return; }}
  if (!asked && stored && stored !== config.lang && config.known.includes(stored)) {{
    address.searchParams.set("lang", stored);
    top.replace(address.toString());
    return;
  }}
  try {{ window.localStorage.setItem(config.key, config.lang); }} catch (_error) {{}}
}})();
</script></body></html>"""
    return (
        '<iframe class="carc-language-memory" title="language" hidden '
        f'style="display:none" srcdoc="{escape(script, quote=True)}"></iframe>'
    )


def language_memory(mo, lang: str):
    """:func:`language_memory_html` as marimo output."""
    return mo.Html(language_memory_html(lang))
