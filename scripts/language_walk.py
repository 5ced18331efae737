"""Walk every notebook in Italian and Czech as a teacher would, in Chromium, and list the
English left on the pages (docs/i18n.md, "What a teacher meets: the walk").

For each notebook of ``notebooks/`` it starts ``marimo run`` (on 127.0.0.1, stopped at the
end, with the browser), opens the page with ``?lang=it`` and ``?lang=cs``, and collects the
visible text of several states: the page as it opens; on a stepping walkthrough a few steps
("next"), its next question, a choice clicked, every fold opened (footnote panels, rule
details), the classroom stage stepped with the keys; on the other pages the folds and the
first few buttons. It then flags, line by line:

- English function words ("the", "and", "of", "which", "points", "when" ...) as whole words,
  ignoring the names kept as written (players, expansion titles: ``KEPT``) and rule ids;
- a ``{field}`` left unfilled;
- a number written with a decimal point where the language writes a decimal comma.

Usage::

    python scripts/language_walk.py                 # every notebook, it and cs
    python scripts/language_walk.py play --lang cs  # one page, one language
    python scripts/language_walk.py --json walk.json --shots test-artifacts/language-walk

Exit status 1 when anything was flagged. About a minute per page on two cores.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests" / "browser"))

from marimo_page import wait_until_settled  # noqa: E402

from carc_teach import i18n  # noqa: E402

#: English words that are neither Italian nor Czech words (so not "a", "in", "no", "do", "to",
#: "on", "by", "se", "me", which those languages use themselves)
ENGLISH_WORDS = frozenset(
    """the and of which points point when with this that from for is are what who whose has
    have will after before your their there where scores score tile tiles city cities road
    roads farm farms follower followers player players not may can each every its it's an or
    but if than then into out next previous question answer game step shows show hide should
    would could been being was were does did how why same other only also more most first
    last here these those they them he she him her his our you yet still because while
    until about above below under over between without against through during""".split()
)

#: Names and titles a page rightly keeps in English (words of them are not flagged when the
#: whole name is on the line): the bundled games' players, the expansions' and boxes' titles,
#: the language switch's own label.
KEPT = (
    "Alice", "Bob", "Carol", "Dave", "Red", "Blue", "Green", "Yellow", "Black", "Grey",
    "Language · Lingua · Jazyk", "English",
    "The River II", "The River", "King & Robber Baron", "The Count of Carcassonne",
    "Inns & Cathedrals", "Traders & Builders", "Abbey & Mayor", "Heretics & Shrines",
    "The Princess & the Dragon", "Hills & Sheep", "Big Box 2", "Big Box 3", "Big Box",
)  # fmt: skip

#: lines that quote the English rulebooks' words on purpose (the glossary's C1/C2 entries)
QUOTING = re.compile(r"\bC2: |\bmeeple\b")
#: a tile's id ("R2-city-curve") and an event kind after its label ("tipo di evento points"):
#: ids, like the rule ids, which stay as the files and the engine write them
TILE_ID = re.compile(r"\b[A-Z][A-Za-z0-9]*(?:-[a-z0-9]+)+\b")
KIND_ID = re.compile(r"(?:event kind|tipo di evento|druh události) [a-z0-9-]+")
#: an option's value beside its edition ("any-scoring (B)") and a quoted page title
VALUE_ID = re.compile(r"\b[a-z][a-z-]* \([AB]\)|\"[^\"]*\"")
RULE_ID = re.compile(r"\b[a-z0-9]+(?:[-_][a-z0-9]+)*(?:\.[a-z0-9]+(?:[-_][a-z0-9]+)*)+\b")
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*(?:[:!][^{}]*)?\}")
# a decimal point inside a number ("7.5"), not a version ("0.25.2"), a date, nor a rule's
# numbering that the seeds print ("3.2" after "§" or "section") is judged by eye
DECIMAL_POINT = re.compile(r"(?<![\d.])\d+\.\d+(?![\d.])")
WORD = re.compile(r"[A-Za-z']+")


@dataclass
class Finding:
    notebook: str
    lang: str
    state: str
    kind: str  # "english", "placeholder", "decimal point"
    line: str
    words: list[str] = field(default_factory=list)


def flag_text(text: str, lang: str) -> list[tuple[str, str, list[str]]]:
    """(kind, line, words) for each suspicious line of ``text`` shown in ``lang``."""
    out = []
    for raw in text.splitlines():
        line = " ".join(raw.split())
        if not line:
            continue
        for found in PLACEHOLDER.findall(line):
            out.append(("placeholder", line, [found]))
        if lang in ("it", "cs"):
            decimals = [d for d in DECIMAL_POINT.findall(line) if not d.startswith("0.25")]
            if decimals:
                out.append(("decimal point", line, decimals))
        if QUOTING.search(line):
            continue
        stripped = RULE_ID.sub(" ", KIND_ID.sub(" ", TILE_ID.sub(" ", VALUE_ID.sub(" ", line))))
        for name in KEPT:
            stripped = stripped.replace(name, " ")
        words = [w for w in WORD.findall(stripped) if w.lower() in ENGLISH_WORDS]
        if words:
            out.append(("english", line, sorted(set(words))))
    return out


class Walker:
    """One Chromium and one ``marimo run`` per notebook; collects ``(state, text)`` pairs."""

    def __init__(self, browser, shots: Path | None):
        self.browser = browser
        self.shots = shots

    def shot(self, page, name: str) -> None:
        if self.shots is not None:
            self.shots.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(self.shots / f"{name}.png"), full_page=True)

    def walk(self, url: str, notebook: str, lang: str) -> list[tuple[str, str]]:
        context = self.browser.new_context(viewport={"width": 1280, "height": 900})
        context.route(
            "**/*",
            lambda r: (
                r.continue_()
                if r.request.url.startswith(("http://127.0.0.1:", "data:", "blob:"))
                else r.abort()
            ),
        )
        page = context.new_page()
        page.set_default_timeout(60_000)
        states: list[tuple[str, str]] = []
        try:
            page.goto(f"{url}?lang={lang}")
            controls = "marimo-ui-element :is(button, select, input, textarea, [role=slider])"
            page.locator(f"{controls} >> visible=true").first.wait_for(timeout=180_000)
            states.append(("opened", wait_until_settled(page, timeout_ms=180_000)))
            self.shot(page, f"{notebook}-{lang}-opened")
            if "walkthrough_view" in (REPO / "notebooks" / f"{notebook}.py").read_text("utf-8"):
                # the stepper is drawn by its script after the cells have run
                page.locator("button[data-go=next] >> visible=true").first.wait_for(timeout=180_000)
                states += self._walkthrough(page, notebook, lang)
            else:
                states += self._other_page(page, notebook, lang)
        finally:
            context.close()
        return states

    def _settled(self, page) -> str:
        return wait_until_settled(page, quiet_ms=1000, timeout_ms=90_000)

    def _open_folds(self, page) -> None:
        page.evaluate(
            """() => {
                const visit = (root) => {
                    root.querySelectorAll('details').forEach((d) => { d.open = true; });
                    root.querySelectorAll('*').forEach((el) => {
                        if (el.shadowRoot) visit(el.shadowRoot);
                    });
                };
                visit(document);
            }"""
        )
        # marimo's accordions (mo.accordion) open on a click of their trigger
        triggers = page.locator("[data-state=closed][aria-expanded=false] >> visible=true")
        for _ in range(min(triggers.count(), 12)):
            try:
                triggers.nth(0).click(timeout=5_000)
            except Exception:  # noqa: BLE001 - a trigger that moved away; the text is read anyway
                break

    def _walkthrough(self, page, notebook: str, lang: str) -> list[tuple[str, str]]:
        states = []
        for k in range(4):
            page.locator("button[data-go=next] >> visible=true").first.click()
            states.append((f"next {k + 1}", self._settled(page)))
        jump = page.locator("button[data-go=jump] >> visible=true")
        if jump.count():
            jump.first.click()
            states.append(("at a question", self._settled(page)))
            self.shot(page, f"{notebook}-{lang}-question")
            choice = page.locator("[data-choice] >> visible=true")
            if choice.count():
                choice.first.click()
                states.append(("a choice clicked", self._settled(page)))
        self._open_folds(page)
        states.append(("folds open", self._settled(page)))
        self.shot(page, f"{notebook}-{lang}-folds")
        # classroom mode: the switch labelled in the page's language
        label = i18n._("Classroom mode", lang)
        switch = page.get_by_role("switch", name=label)
        if switch.count():
            switch.first.click()
            handle = page.locator("iframe.carc-stage-frame").first.element_handle(timeout=120_000)
            frame = handle.content_frame()
            frame.wait_for_selector(".carc-classroom", timeout=120_000)
            stage = []
            for key in ["PageDown", "PageDown", "Space", "PageDown", "Space", "k", "Escape"]:
                page.keyboard.press(key)
                page.wait_for_timeout(300)
                stage.append(frame.evaluate("() => document.body.innerText"))
                if key == "Space" and len(stage) == 3:
                    self.shot(page, f"{notebook}-{lang}-classroom")
            states.append(("classroom stage", "\n".join(stage)))
        return states

    def _other_page(self, page, notebook: str, lang: str) -> list[tuple[str, str]]:
        states = []
        self._open_folds(page)
        states.append(("folds open", self._settled(page)))
        # a few of the page's own buttons (Hint, Next, a drill's choice ...), one click each
        buttons = page.locator("marimo-ui-element button >> visible=true")
        for i in range(min(buttons.count(), 4)):
            try:
                buttons.nth(i).click(timeout=5_000)
                states.append((f"button {i + 1}", self._settled(page)))
            except Exception:  # noqa: BLE001 - a button a redraw removed
                continue
        radios = page.get_by_role("radio")
        if radios.count():
            try:
                radios.first.check(timeout=5_000)
                states.append(("a choice picked", self._settled(page)))
            except Exception:  # noqa: BLE001
                pass
        self.shot(page, f"{notebook}-{lang}-after-clicks")
        return states


def walk_notebooks(names: list[str], langs: list[str], shots: Path | None) -> list[Finding]:
    from playwright.sync_api import sync_playwright

    from carc_teach.site.serve import (
        free_port,
        start_marimo_run,
        stop_process,
        wait_until_serving,
    )

    chromium = shutil.which("chromium")
    if chromium is None:
        raise SystemExit("language_walk: Debian's chromium is not installed")
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync"]  # fmt: skip
    findings: list[Finding] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=flags)
        walker = Walker(browser, shots)
        try:
            for name in names:
                port = free_port()
                log = open(os.devnull, "w")  # noqa: SIM115 (closed below)
                process = start_marimo_run(REPO / "notebooks" / f"{name}.py", port, log_file=log)
                try:
                    url = f"http://127.0.0.1:{port}/"
                    wait_until_serving(url, process)
                    for lang in langs:
                        try:
                            states = walker.walk(url, name, lang)
                        except Exception as exc:  # noqa: BLE001 - report and go on
                            findings.append(Finding(name, lang, "walk", "error", str(exc)[:300]))
                            continue
                        seen = set()
                        for state, text in states:
                            if "An internal error occurred" in text:
                                findings.append(Finding(name, lang, state, "error", "cell error"))
                            for kind, line, words in flag_text(text, lang):
                                if (kind, line) not in seen:
                                    seen.add((kind, line))
                                    findings.append(Finding(name, lang, state, kind, line, words))
                        print(f"{name}?lang={lang}: {len(states)} states", file=sys.stderr)
                finally:
                    stop_process(process)
                    log.close()
        finally:
            browser.close()
    return findings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", help="notebook names (default: all)")
    parser.add_argument("--lang", action="append", choices=["it", "cs"], help="default: both")
    parser.add_argument("--json", type=Path, help="write the findings here")
    parser.add_argument("--shots", type=Path, help="save screenshots of a few states here")
    args = parser.parse_args(argv)
    names = args.notebooks or sorted(p.stem for p in (REPO / "notebooks").glob("*.py"))
    findings = walk_notebooks(names, args.lang or ["it", "cs"], args.shots)
    for f in findings:
        words = f" [{', '.join(f.words)}]" if f.words else ""
        print(f"{f.notebook}?lang={f.lang} · {f.state} · {f.kind}{words}: {f.line[:200]}")
    if args.json:
        args.json.write_text(
            json.dumps([f.__dict__ for f in findings], ensure_ascii=False, indent=1)
        )
    print(f"{len(findings)} finding(s) on {len(names)} page(s)", file=sys.stderr)
    return 1 if findings else 0


if __name__ == "__main__":
    raise SystemExit(main())
