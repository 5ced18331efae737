"""The engine's own words a learner reads besides its events and refusals, in Italian and
Czech (docs/i18n.md): the decisions' prompts, the options' labels (``play.describe_option``)
and the greedy player's reasons (the Play page's hint). Each is a phrase whose English is
unchanged; said in another language it is a text of its own, keeping every number and
player's name, with no field left unfilled."""

from __future__ import annotations

import random
import re

from carc_teach import examples
from carc_teach.controllers import GreedyController
from carc_teach.errors import Phrase
from carc_teach.game import play
from carc_teach.i18n.errors import say
from carc_teach.play import describe_option
from carc_teach.setup import Setup

_KEPT = re.compile(r"-?\d+|Alice|Bob|Carol|Red|Blue|Green")


def _said_in_every_language(english: str) -> None:
    assert isinstance(english, Phrase), english
    for lang in ("it", "cs"):
        said = say(english, lang)
        assert said != english and not re.search(r"\{\w*\}", said), (lang, english, said)
        for token in set(_KEPT.findall(english)):
            assert said.count(token) >= english.count(token), (lang, token, said)


def test_every_kind_of_decision_prompts_and_labels_its_options_in_every_language():
    seen: dict[str, int] = {}
    for name in ("abbey-in-a-hole", "after-game", "shrines-house-rules"):
        game = examples.load(name)
        for asked in game.decisions():
            if seen.get(asked.kind, 0) >= 2:
                continue
            seen[asked.kind] = seen.get(asked.kind, 0) + 1
            _said_in_every_language(asked.prompt)
            state = game.replay(asked.after_event - 1)
            for option in asked.options[:3]:
                _said_in_every_language(describe_option(state, option))
    assert set(seen) >= {
        "place",
        "deploy",
        "abbey-mayor.abbey",
        "count.deploy",
        "count.move",
        "count.redeploy",
        "count.final",
        "wagon.move",
    }, seen


class _Reasons(GreedyController):
    """The greedy player, keeping every reason it gives."""

    def __init__(self) -> None:
        super().__init__(random.Random("carc-teach:reasons"))
        self.reasons: list[str] = []

    def choose(self, state, decision):
        answer = super().choose(state, decision)
        if self.reason:
            self.reasons.append(self.reason)
        return answer


def test_the_greedy_players_reasons_in_every_language():
    setup = Setup(players=("Alice", "Bob"), expansions=("base", "count", "abbey-mayor"), seed=3)
    greedy = _Reasons()
    play(setup, greedy, final_scoring=True)
    kinds = {r.message for r in greedy.reasons}
    assert len(kinds) >= 5, kinds
    for message in kinds:
        _said_in_every_language(next(r for r in greedy.reasons if r.message == message))
