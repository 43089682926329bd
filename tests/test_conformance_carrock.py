"""Conformance cases of the Card Game words the cards of Conflict at the Carrock brought
(see the Card Game classes of :mod:`test_conformance`): each class of script runs as written,
shown by a scenario file, or is refused by lint with a code."""

from __future__ import annotations

import pytest
from test_conformance import LCG_CARDS, LCG_SCENARIOS, LcgClass, _lcg_errors

from lotr_rules.games.lcg import scenario as lcg_scenario

CLASSES = (
    LcgClass(
        "an answer tests whether the effect it answers is cancelled already",
        scenario="a-frightened-beast-cancelled-once",
    ),
    LcgClass("a boost for this attack only, taken back as the attack ends", scenario="muck-adder-shadow-this-attack"),
    LcgClass(
        "damage cancelled as it is placed is never dealt: no destruction, no answer to it",
        card="test-witness",
        scenario="damage-cancelled-not-seen",
    ),
    LcgClass("damage cancelled as it is placed, once a phase", scenario="damage-cancelled-limit-per-phase"),
    LcgClass("damage that would destroy the card, cancelled as it is placed", scenario="damage-cancelled-frodo"),
    LcgClass(
        "an attachment discarded as its own cost still names the ally it was on; that ally's leaving "
        "to the hand is answered by its own Response",
        scenario="born-aloft-returns-ally",
    ),
    LcgClass("a card discarded from play answers its own leaving", card="test-purge", scenario="eomund-discarded"),
    LcgClass("the topmost card of a type in each player's own discard pile", scenario="second-breakfast"),
    LcgClass("the topmost card of a type when a pile has none", scenario="second-breakfast-no-attachment"),
    LcgClass(
        "a cost taken from a hero with a resource icon, granted icons included",
        card="test-scale",
        scenario="longbeard-map-maker",
    ),
    LcgClass("a cost that needs a resource icon no hero has", scenario="longbeard-map-maker-no-lore"),
    LcgClass(
        "a cost of resources from one of several heroes, paid only from a pool that holds them",
        scenario="cost-resources-from-a-pool-that-holds-them",
    ),
    LcgClass("an attachment that goes only on characters of a sphere", scenario="burning-brand-lore-host"),
    LcgClass("shadow effects cancelled while a character defends", scenario="burning-brand-cancels-shadow"),
    LcgClass("shadow effects not cancelled while another character defends", scenario="burning-brand-other-defender"),
    LcgClass(
        "a shadow effect that cannot be cancelled, against a rule cancelling shadows",
        card="test-gloom",
        scenario="burning-brand-uncancellable-shadow",
    ),
    LcgClass(
        "a character that does not exhaust to defend against the enemies a rule names, defending twice",
        scenario="grimbeorn-defends-trolls-unexhausted",
    ),
    LcgClass(
        "a character spared exhaustion against some enemies exhausts to defend against others",
        scenario="grimbeorn-defends-non-troll-exhausts",
    ),
    LcgClass(
        "resources placed on a card by another card's effect, answered: 8 or more make it join",
        card="test-gilder",
        scenario="grimbeorn-joins-by-another-card",
    ),
    LcgClass("resources placed on a card, answered: fewer than 8 do nothing", scenario="grimbeorn-below-eight-stays"),
    LcgClass(
        "a rule sparing a defender's exhaustion that names the defender, not enemies",
        script='card "Guard" {\n  id guard\n  type ally\n  sphere tactics\n  cost 2\n  willpower 0\n'
        '  attack 1\n  defense-strength 2\n  hit-points 2\n  provenance designed\n  text "A made-up card."\n'
        "  while in play {\n    defend-unexhausted-against this\n  }\n}\n",
        code="E387",
    ),
    LcgClass(
        "a rule sparing a defender's exhaustion on a card that is not a character",
        script='card "Shield" {\n  id shield\n  type attachment\n  sphere tactics\n  cost 1\n'
        '  provenance designed\n  text "A made-up card."\n'
        "  while attached {\n    defend-unexhausted-against all enemies in play\n  }\n}\n",
        code="E388",
    ),
    LcgClass(
        "a sphere asked of an attachment's host that is not a character",
        script='card "Torch" {\n  id torch\n  type attachment\n  sphere lore\n  cost 1\n'
        '  attach-to location\n  host-sphere lore\n  provenance designed\n  text "A made-up card."\n}\n',
        code="E360",
    ),
)


@pytest.mark.parametrize("case", CLASSES, ids=[c.id for c in CLASSES])
def test_carrock_player_words_run_as_written_or_are_refused(case: LcgClass) -> None:
    if case.card:
        path = LCG_CARDS / f"{case.card}.card"
        assert _lcg_errors(path.read_text(encoding="utf-8"), str(path)) == []
    if case.scenario:
        result = lcg_scenario.run_scenario(LCG_SCENARIOS / f"{case.scenario}.toml")
        assert result.passed, result.failures
    if case.code:
        assert case.code in _lcg_errors(case.script, "probe.card")
