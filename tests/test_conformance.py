"""The conformance suite: every primitive of the deck-building vocabulary, with every selection
part and destination it declares it honours, in every context it declares it runs in, acts on
exactly the cards its selection means and on nothing else.

The cases are generated from the declarations (see tests/conformance.py), so a primitive or a
declared part with no case, or a declaration the engine does not live up to, fails here.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import attrs
import pytest
from conformance import (
    DESTINATION_ZONES,
    ENGINE_ZONES,
    NO_STATEMENTS,
    Case,
    MeaningCase,
    Outcome,
    _catalogue,
    cases,
    meaning_cases,
    meaning_outcome,
    run_case,
    syntax_cases,
)

from lotr_rules.diagnostics import Severity
from lotr_rules.dsl.compiler import Compiler
from lotr_rules.dsl.parser import parse_card
from lotr_rules.games import vocabulary_for
from lotr_rules.games.deckbuilding import game as rules
from lotr_rules.games.deckbuilding.log import render_entry
from lotr_rules.games.deckbuilding.vocabulary import vocabulary
from lotr_rules.games.lcg import scenario as lcg_scenario
from lotr_rules.lint.runner import lint_paths

CASES = [*cases(), *syntax_cases()]
#: the blocks a primitive written with its own syntax opens: its cases are the cases run in them
OPENS = {"attack": ("attack",), "register trigger": ("trigger", "end of turn")}


def test_the_suite_has_a_case_for_every_primitive_part_and_context() -> None:
    vocab = vocabulary()
    by_primitive = {name: [c for c in CASES if c.primitive == name] for name in vocab.primitives}
    for name, primitive in vocab.primitives.items():
        found = by_primitive[name] or [c for c in CASES if c.context in OPENS.get(name, ())]
        assert found, f"the primitive '{name}' has no conformance case"
        contexts = {c for c in primitive.honoured_contexts(vocab.contexts) if c not in NO_STATEMENTS}
        if by_primitive[name]:
            assert {c.context for c in by_primitive[name]} == contexts, name
            parts = {c.part for c in by_primitive[name]}
            if not primitive.syntax and primitive.name != "take":
                expected = set(primitive.honours)
                if primitive.placement == "required":
                    expected = (expected - {"zone"}) | {f"to {p}" for p in primitive.positions}
                assert parts == expected, name
    # the count the suite is known by
    assert len(CASES) == EXPECTED_CASES, len(CASES)


EXPECTED_CASES = 819


def _name(outcome: Outcome, card: int) -> str:
    return outcome.names[card]


def _candidates(case: Case, outcome: Outcome, actor: int) -> list[int]:
    if case.mode == "this":
        return [outcome.probe]
    if case.source == "one ring":
        return [c for c, where in outcome.before.items() if where == (rules.BEHIND, -1)]
    zone = (ENGINE_ZONES[case.source], actor)
    if zone[0] == rules.DECK:
        pile = list(reversed(outcome.deck_before[actor]))  # the top card first
        pile = pile if case.want is None else pile[: case.want]
    else:
        pile = sorted(c for c, where in outcome.before.items() if where == zone)
    pile = [c for c in pile if c not in outcome.context_cards]
    if case.filtered:
        catalogue = _catalogue()
        pile = [c for c in pile if catalogue.get(_name(outcome, c)).cost <= 2]
    return pile


def _destination(case: Case, outcome: Outcome, actor: int, card: int) -> tuple[str, int]:
    primitive = vocabulary().primitives[case.primitive]
    if case.part == "as" or case.position == "under":
        return ("under", outcome.probe)
    if primitive.moves_to == "placement":
        return (rules.DECK, actor)
    if primitive.moves_to == "home":
        return (rules.HOME_BY_DECK.get(outcome.cards[card].deck, rules.DESTROYED), -1)
    if primitive.moves_to == "played" and "location" in outcome.cards[card].types:
        return (rules.FRONT, actor)  # a Location played stays in front of its player
    zone, per_player = DESTINATION_ZONES[primitive.moves_to]
    return (zone, actor if per_player else -1)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_conformance(case: Case) -> None:
    outcome = run_case(case)
    statement = " / ".join(case.statement)
    moved = {c for c in outcome.before if outcome.after.get(c) != outcome.before[c]}
    if case.mode == "power":
        bonus = _catalogue().get("Courage").power if case.context == "trigger" else 0
        assert outcome.power == 2 + bonus, statement
        assert moved <= outcome.context_cards, f"{statement} moved {sorted(_name(outcome, c) for c in moved)}"
        return
    primitive = vocabulary().primitives[case.primitive]
    # card -> where it must end; a later actor acting on the same card (this card, The One
    # Ring in a Group Ambush) moves it on
    destinations: dict[int, tuple[str, int]] = {}
    for actor in outcome.actors:
        pool = _candidates(case, outcome, actor)
        wanted = len(pool) if case.want is None else min(case.want, len(pool))
        assert wanted > 0, f"{case.id}: the case selects nothing"
        if primitive.moves_to == "revealed" and case.part != "as":
            revealed = [e[2] for e in outcome.log if e[0] == "reveal" and e[1] == actor]
            assert revealed == [_name(outcome, c) for c in pool[:wanted]], statement
            continue
        if not primitive.moves_to and case.part != "as":
            # it moves no card ('look at'): the cards stay; the entry names them for the looking
            # player's own screen, and everyone else is shown how many, not which
            looks = [e for e in outcome.log if e[0] == "look" and e[1] == actor]
            names = tuple(_name(outcome, c) for c in pool[:wanted])
            assert looks == [("look", actor, wanted, names)], statement
            shown_to_others = render_entry(looks[0], viewer=actor + 1) or ""
            assert not any(name in shown_to_others for name in names), shown_to_others
            for card in pool[:wanted]:
                destinations[card] = outcome.before[card]
            continue
        if case.mode == "random":
            taken = {c for c in moved if c in pool}
            assert len(taken) == wanted, f"{statement}: took {len(taken)} of {wanted}"
        else:
            taken = set(pool[:wanted])
        for card in taken:
            destinations[card] = _destination(case, outcome, actor, card)
    for card, destination in destinations.items():
        assert outcome.after.get(card) == destination, (
            f"{statement}: {_name(outcome, card)} ended in {outcome.after.get(card)}, not {destination}"
        )
    ignored = outcome.context_cards - set(destinations)
    stray = moved - set(destinations) - ignored
    assert not stray, f"{statement} also moved {sorted(_name(outcome, c) + str(outcome.after.get(c)) for c in stray)}"
    if case.mode == "this":
        assert outcome.probe in destinations


def test_cases_are_distinct() -> None:
    ids = [c.id for c in CASES]
    duplicates = [i for i, group in itertools.groupby(sorted(ids)) if len(list(group)) > 1]
    assert not duplicates


# ---------------------------------------------------------------------- words that ran differently
MEANING_CASES = list(meaning_cases())


def test_every_class_of_issue_31_has_its_cases() -> None:
    """Each class of script that linted clean and ran differently has generated cases, from the
    declarations (a class with none would be closed by nothing)."""
    classes = {c.klass for c in MEANING_CASES}
    assert classes == {
        "owner",
        "per player",
        "power for players",
        "card name",
        "history",
        "after a test",
        "never stops",
    }
    ids = [c.id for c in MEANING_CASES]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("case", MEANING_CASES, ids=[c.id for c in MEANING_CASES])
def test_words_run_as_written(case: MeaningCase) -> None:
    codes, result = meaning_outcome(case)
    assert codes == list(case.codes), (case.body, codes)
    if result is not None:
        assert result.passed, "\n".join([*result.failures, *result.log])
    if case.same_as:
        bracketed_codes, bracketed = meaning_outcome(case, case.same_as)
        assert result is not None and bracketed is not None and not bracketed_codes
        assert bracketed.passed, bracketed.failures
        assert result.state["game"]["power"] == bracketed.state["game"]["power"], case.body


# ---------------------------------------------------------------------- the Card Game
# Classes of Card Game scripts that once linted clean and ran differently (issue 37). Each is now
# either run as written, shown by a scenario file whose card lints clean, or refused by lint with
# a code. A new class joins this list.
LCG_CARDS = Path(__file__).parent / "scenarios" / "lcg" / "lcg-scenario-tests"
LCG_SCENARIOS = LCG_CARDS.parent
#: the shipped card sets, whose cards a class may be shown by
SHIPPED = Path(__file__).parent.parent / "cardscripts"


@attrs.frozen
class LcgClass:
    id: str
    #: the test card whose script is the class (lints clean and runs as written) ...
    card: str = ""
    #: ... or a shipped card, as ``set/id``
    shipped: str = ""
    #: ... and the scenario file that shows it runs as written
    scenario: str = ""
    #: or: a script lint refuses, and the code it refuses it with
    script: str = ""
    code: str = ""


LCG_CLASSES = (
    LcgClass(
        "an attachment answers its location being explored",
        card="test-waymarker",
        scenario="leaving-attachment-on-explored-location",
    ),
    LcgClass(
        "an attachment answers its character being destroyed",
        card="test-keepsake",
        scenario="leaving-attachment-on-destroyed-character",
    ),
    LcgClass("resources go on an ally", card="test-hoarder", scenario="resources-on-an-ally"),
    LcgClass(
        "a card out of play answers no leaving its words do not name",
        card="test-mourner",
        scenario="leaving-own-response-not-offered",
    ),
    LcgClass("a guarded objective is guarded by an enemy or location", scenario="guarded-by-enemy-or-location"),
    LcgClass(
        "a search of your deck takes only matching cards among the ones searched",
        card="test-rally",
        scenario="search-deck-top-cards",
    ),
    LcgClass(
        "a while block raises and lowers what cards cost",
        card="test-toll-ford",
        scenario="cost-change-while-active",
    ),
    LcgClass(
        "a card whose cost is lowered is paid at the lowered cost",
        card="test-toll-ford",
        scenario="cost-change-paid-lowered",
    ),
    LcgClass(
        "a cost change in a while block for one card once",
        script='card "Ford" {\n  id ford\n  type location\n  threat 1\n  quest-points 3\n'
        '  encounter-set "Woods"\n  provenance designed\n  text "A made-up card."\n'
        "  while active {\n    next allies cost 1 more\n  }\n}\n",
        code="E371",
    ),
    LcgClass("a hero that cannot commit is not committed", card="test-shackle", scenario="protection-cannot-commit"),
    LcgClass("a hero that cannot collect gains no resource", card="test-shackle", scenario="protection-cannot-collect"),
    LcgClass(
        "a hero that cannot have restricted attachments gets none",
        card="test-shackle",
        scenario="protection-no-restricted",
    ),
    LcgClass(
        "an enemy immune to player card effects is neither chosen nor reached by an event",
        card="test-warden",
        scenario="protection-immune-to-player-effects",
    ),
    LcgClass(
        "a When Revealed effect that cannot be cancelled is offered no cancel and resolves",
        card="test-dread",
        scenario="cancel-uncancellable-not-offered",
    ),
    LcgClass(
        "a shadow effect that cannot be cancelled is offered no cancel and resolves",
        card="test-gloom",
        scenario="cancel-uncancellable-shadow",
    ),
    LcgClass(
        "an effect marked as not to be cancelled that the card does not have",
        script='card "Dread" {\n  id dread\n  type treachery\n  encounter-set "Woods"\n'
        '  uncancellable shadow\n  provenance designed\n  text "A made-up card."\n'
        "  when revealed {\n    raise threat by 1\n  }\n}\n",
        code="E188",
    ),
    LcgClass(
        "a measure adds up the threat of staged cards and the printed cost of a discarded card",
        card="test-reckoning",
        scenario="measure-sums-over-cards",
    ),
    LcgClass(
        "a printed stat is read without what changes it, in a measure and in a card test",
        card="test-gauge",
        scenario="measure-printed-against-current",
    ),
    LcgClass(
        "cards taken from what was searched with nothing searched",
        script='card "Muster" {\n  id muster\n  type event\n  sphere leadership\n  cost 1\n'
        '  provenance designed\n  text "A made-up card."\n  action {\n'
        "    take up to 1 ally from searched where trait is rohan\n  }\n}\n",
        code="E370",
    ),
    LcgClass("an objective ally joins the first player", scenario="grimbeorn-joins"),
    LcgClass("an objective ally goes back to the staging area", scenario="grimbeorn-back-to-staging"),
    LcgClass("a resource icon a card grants pays a sphere's cost", scenario="grimbeorn-spirit-pays-at-oak-wood"),
    LcgClass("a cost of a sphere's resource is not offered without one", scenario="grimbeorn-spirit-cannot-pay"),
    LcgClass("a quest effect makes a location active", scenario="carrock-made-active"),
    LcgClass("a location barred from travel is not offered", scenario="carrock-travel-bar"),
    LcgClass("a stage is not defeated while an enemy of a trait is in play", scenario="carrock-troll-bar"),
    LcgClass("cards set aside are returned into the encounter deck", scenario="carrock-setup"),
    LcgClass("a treachery attaches to a hero without one of its title", scenario="sacked-attaches"),
    LcgClass("a hero barred from its abilities is offered none", scenario="sacked-no-abilities"),
    LcgClass("heroes with an attachment of a title are destroyed", scenario="roasted-slowly"),
    LcgClass("a while engaged block holds only while engaged", scenario="morris-while-engaged"),
    LcgClass("an enemy answers the damage it deals a character", scenario="muck-adder-discards"),
    LcgClass(
        "at the beginning of the resource phase the first player draws one card more",
        shipped="the-hunt-for-gollum/bilbo-baggins",
        scenario="hunt-bilbo-extra-draw",
    ),
    LcgClass(
        "an attachment's Action moves it onto another hero, paid from its host's pool",
        shipped="the-hunt-for-gollum/dunedain-mark",
        scenario="hunt-dunedain-mark-move",
    ),
    LcgClass(
        "an attachment's move is not offered while its host's pool is empty",
        shipped="the-hunt-for-gollum/dunedain-mark",
        scenario="hunt-dunedain-mark-host-pool-only",
    ),
    LcgClass(
        "after an attack its defender answers, paying a sphere's resource in a priced option",
        shipped="the-hunt-for-gollum/winged-guardian",
        scenario="hunt-winged-guardian-pays",
    ),
    LcgClass(
        "a priced option that cannot be paid is not offered",
        shipped="the-hunt-for-gollum/winged-guardian",
        scenario="hunt-winged-guardian-cannot-pay",
    ),
    LcgClass(
        "a search takes any number of the matching cards",
        shipped="the-hunt-for-gollum/the-eagles-are-coming",
        scenario="hunt-eagles-are-coming",
    ),
    LcgClass(
        "an effect travels to a location without its Travel effect and returns the active one",
        shipped="the-hunt-for-gollum/striders-path",
        scenario="hunt-striders-path-returns-active",
    ),
    LcgClass(
        "a Response to playing a card from hand is not offered when it is put into play",
        shipped="the-hunt-for-gollum/rivendell-minstrel",
        scenario="hunt-rivendell-minstrel-put-into-play",
    ),
    LcgClass(
        "attach-to in the Action of a card that is no attachment",
        script='card "Horn" {\n  id horn\n  type ally\n  sphere leadership\n  cost 1\n  hit-points 1\n'
        '  provenance designed\n  text "A made-up card."\n  action {\n'
        "    cost remove 1 resource from a hero in your play area\n    attach-to a hero in any play area\n  }\n}\n",
        code="E354",
    ),
    LcgClass(
        "a quest stage's Forced effect after a successful quest reveals one of the cards looked at",
        scenario="hunt-begins-look-three-reveal-one",
    ),
    LcgClass("the quest deck is reset to an earlier stage", scenario="hunt-stage-three-resets-without-clue"),
    LcgClass("a quest stage kept while its condition holds", scenario="hunt-stage-three-stays-with-clue"),
    LcgClass(
        "an attached encounter card goes back on top of the encounter deck from play",
        scenario="hunt-clue-returns-and-stage-resets",
    ),
    LcgClass("a commit bar read from what the controller's heroes carry", scenario="hunt-commit-bar-without-clue"),
    LcgClass("an objective claimed onto a committed hero by its Response", scenario="hunt-claim-signs-after-questing"),
    LcgClass("a guarded objective's Response is not offered", scenario="hunt-guarded-signs-not-claimed"),
    LcgClass("encounter effects cannot be cancelled while a location says so", scenario="hunt-eaves-no-cancel"),
    LcgClass("an effect waits for the end of the attack", scenario="hunt-east-bank-shadow"),
    LcgClass("a boost for this attack only", scenario="hunt-west-bank-shadow"),
    LcgClass("heroes tested by the traits of their attachments", scenario="hunt-hunters-shadow"),
    LcgClass(
        "an objective claimed onto cards that are not heroes",
        script='card "Trace" {\n  id trace\n  type objective\n  encounter-set "Woods"\n'
        '  provenance designed\n  text "A made-up card."\n  response after the players quest successfully {\n'
        "    claim-onto an ally in any play area\n  }\n}\n",
        code="E366",
    ),
    LcgClass(
        "the quest deck reset from a card that is not a quest stage",
        script='card "Lost" {\n  id lost\n  type treachery\n  encounter-set "Woods"\n'
        '  provenance designed\n  text "A made-up card."\n  when revealed {\n    reset-quest 1\n  }\n}\n',
        code="E367",
    ),
    LcgClass(
        "a rule forbidding cancels that names other cards",
        script='card "Still" {\n  id still\n  type location\n  threat 1\n  quest-points 2\n'
        '  encounter-set "Woods"\n  provenance designed\n  text "A made-up card."\n'
        "  while active {\n    forbid-cancel all locations in staging area\n  }\n}\n",
        code="E368",
    ),
    LcgClass(
        "a card of two types",
        script='card "Scout" {\n  id scout\n  type enemy location\n  encounter-set "Woods"\n'
        '  provenance designed\n  text "A made-up card."\n}\n',
        code="E340",
    ),
    LcgClass(
        "a quest stage sets up a card of no encounter set of the scenario",
        script='card "Trail" {\n  id trail\n  type quest\n  stage 1\n  quest-points 3\n  encounter-set "Woods"\n'
        '  setup-staging "Forest Spider"\n  provenance designed\n  text "A made-up card."\n}\n',
        code="E194",
    ),
)


def _lcg_errors(text: str, path: str) -> list[str]:
    compiler = Compiler(vocabulary_for("lcg"), path)
    compiler.compile_card(parse_card(text))
    return [d.code for d in compiler.diagnostics if d.severity is Severity.ERROR]


@pytest.mark.parametrize("case", LCG_CLASSES, ids=[c.id for c in LCG_CLASSES])
def test_card_game_scripts_run_as_written_or_are_refused(case: LcgClass, tmp_path: Path) -> None:
    if case.card or case.shipped:
        path = LCG_CARDS / f"{case.card}.card" if case.card else SHIPPED / f"{case.shipped}.card"
        assert _lcg_errors(path.read_text(encoding="utf-8"), str(path)) == []
    if case.scenario:
        result = lcg_scenario.run_scenario(LCG_SCENARIOS / f"{case.scenario}.toml")
        assert result.passed, result.failures
    if case.code == "E194":
        # the quest card in a set whose scenario plays another encounter set
        folder = tmp_path / "woods"
        (folder / "scenarios").mkdir(parents=True)
        (folder / "set.toml").write_text('code = "woods"\nname = "Woods"\nlanguage = 5\nfamily = "lcg"\n')
        (folder / "trail.card").write_text(case.script)
        (folder / "scenarios" / "woods.toml").write_text(
            'name = "Woods"\nquest = ["Trail"]\nencounter_sets = ["Woods"]\n'
        )
        diagnostics, _ = lint_paths([folder])
        assert [d.code for d in diagnostics if d.severity is Severity.ERROR] == ["E194"]
    elif case.code:
        assert case.code in _lcg_errors(case.script, "probe.card")
