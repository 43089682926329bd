"""The Adventure Deck's conformance suite: every primitive of its vocabulary, with every part it
declares, in every context it declares, acts on exactly what its script says (see
tests/conformance_adventure.py for how the cases are generated)."""

from __future__ import annotations

import pytest
from conformance_adventure import ENGINE_ZONES, Case, Outcome, cases, run_case

from lotr_rules.games.adventure import game as rules
from lotr_rules.games.adventure.vocabulary import vocabulary

CASES = list(cases())
OPENS = {"next turn": ("next turn",), "register trigger": ("trigger", "end of turn")}
EXPECTED_CASES = 107


def test_the_suite_has_a_case_for_every_primitive_part_and_context() -> None:
    vocab = vocabulary()
    for name, primitive in vocab.primitives.items():
        own = [c for c in CASES if c.primitive == name]
        assert own or [c for c in CASES if c.context in OPENS.get(name, ())], name
        if own:
            assert {c.context for c in own} == set(primitive.honoured_contexts(vocab.contexts)), name
            if primitive.takes == "cards":
                assert {c.part for c in own} == set(primitive.honours), name
    assert len(CASES) == EXPECTED_CASES, len(CASES)


def _candidates(case: Case, outcome: Outcome) -> list[int]:
    if case.mode == "this":
        return [outcome.probe]
    key = ENGINE_ZONES[case.source]
    pile = list(outcome.order_before[key])
    if key == rules.QUEST_DECK:
        pile = list(reversed(pile))  # the top card first
        pile = pile if case.want is None else pile[: case.want]
    if case.filtered:
        pile = [c for c in pile if outcome.cards[c].aggression <= 1]
    return pile


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_conformance(case: Case) -> None:
    outcome = run_case(case)
    moved = {c for c in outcome.before if outcome.after.get(c) != outcome.before[c]}
    entries = [e for e in outcome.log]
    if case.mode == "flag":
        assert any(e[0] in ("rule", "attack cancelled") for e in entries), (case.statement, entries)
        assert not moved
        return
    if case.mode == "count":
        if case.primitive == "retreat":
            deck, discard = outcome.order_before[rules.QUEST_DECK], outcome.order_before[rules.DISCARD]
            location = outcome.order_before[rules.LOCATION]
            assert outcome.order_after[rules.QUEST_DECK] == [*deck, *location, discard[-1]]
            assert outcome.order_after[rules.LOCATION] == [discard[-2]]
        else:
            assert ("advance", 2) in entries, entries
            assert len(outcome.order_after[rules.QUEST_DECK]) == len(outcome.order_before[rules.QUEST_DECK]) - 2
        return
    pool = _candidates(case, outcome)
    wanted = len(pool) if case.want is None else min(case.want, len(pool))
    assert wanted > 0
    if case.mode == "random" and case.primitive == "resolve":
        names = [e[1] for e in entries if e[0] == "effect"][1 if case.context == "effect" else 0 :]
        taken = [c for c in pool if outcome.cards[c].name in names]
        assert len(taken) == wanted, (case.statement, entries)
    elif case.mode == "random":
        taken = [c for c in pool if c in moved]
        assert len(taken) == wanted, (case.statement, taken)
    else:
        taken = pool[:wanted]
    primitive = vocabulary().primitives[case.primitive]
    if case.primitive == "resolve":
        resolved = [e[1] for e in entries if e[0] in ("effect", "already resolved")]
        if case.context == "effect":
            resolved = resolved[1:]  # the probe's own effect, which runs the statement
        wanted_names = [outcome.cards[c].name for c in taken if "effect" in outcome.cards[c].abilities]
        assert sorted(resolved) == sorted(wanted_names), (case.statement, entries)
    if case.primitive == "arrange":
        assert ("arranged", wanted) in entries or wanted < 2, entries
        top = outcome.order_after[rules.QUEST_DECK][-wanted:]
        assert sorted(top) == sorted(taken), case.statement
        assert not moved
        return
    if primitive.moves_to == "placement" or case.part == "as":
        for card in taken:
            assert outcome.after[card] == rules.QUEST_DECK, (case.statement, outcome.cards[card].name)
        stray = moved - set(taken)
    else:
        stray = moved
    assert not stray, (case.statement, sorted(outcome.cards[c].name for c in stray))
