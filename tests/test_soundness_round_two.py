"""What lints runs exactly as written, round two (issue 31's first list): each script that linted
clean and ran differently, written as the author wrote it, with the finding or the behaviour that
now holds, and, where the meaning changed in language 4, what a set written for language 3 keeps."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from card_probes import assert_passes, card_text, codes, run_with

from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.loader import load_sets
from lotr_rules.diagnostics import Diagnostic
from lotr_rules.dsl.compiler import Compiler
from lotr_rules.dsl.parser import parse_card
from lotr_rules.games import vocabulary_for
from lotr_rules.games.deckbuilding.scenario import ScenarioResult, run_scenario_text
from lotr_rules.games.deckbuilding.vocabulary import vocabulary
from lotr_rules.limits import MAX_LOOP_ROUNDS


def run_in_language(language: int, scenario: str, *texts: str) -> ScenarioResult:
    """A scenario with cards compiled as a set written for ``language`` reads them."""
    shipped = load_sets()
    extra = []
    for text in texts:
        compiler = Compiler(vocabulary(), "probe.card", language=language)
        definition = compiler.compile_card(parse_card(text))
        assert definition is not None, "\n".join(d.format_text() for d in compiler.diagnostics)
        extra.append(definition)
    catalogue = Catalogue(list(shipped.sets.values()), [*extra, *shipped.cards])
    return run_scenario_text(textwrap.dedent(scenario), catalogue=catalogue)


# ---------------------------------------------------------------------- 1. its owner's deck
def _play_a_revealed_card(whose: str) -> str:
    return card_text(
        "Probe",
        "play {",
        "  for each opponent {",
        "    reveal 1 card from deck",
        "  }",
        "  play a card from revealed by any player as Y",
        f"  put Y on top of its {whose} deck",
        "}",
    )


def _after_playing_a_revealed_card(mine: str, theirs: str) -> str:
    # the opponent reveals Courage (the top of their deck); the Probe's player plays it
    return f"""
        [game]
        players = 2
        [players.1]
        hand = ["Probe"]
        deck = ["Despair"]
        [players.2]
        deck = ["Lembas", "Courage"]
        [[do]]
        play = "Probe"
        [expect.players.1]
        deck = {mine}
        [expect.players.2]
        deck = {theirs}
        """


def test_a_card_played_from_another_players_reveal_goes_back_on_its_owners_deck() -> None:
    """'its owner's deck' after 'play' was the deck of the player who played the card (whose zone
    held it): it is the deck of the player the card belongs to, who revealed it."""
    result = run_with(
        _after_playing_a_revealed_card('["Despair"]', '["Lembas", "Courage"]'), _play_a_revealed_card("owner's")
    )
    assert_passes(result)


def test_its_holders_deck_is_the_deck_of_the_player_holding_the_card() -> None:
    """The old reading has its own word: 'its holder's deck' is the deck of the player whose zone
    holds the card now (the player who played it)."""
    result = run_with(
        _after_playing_a_revealed_card('["Despair", "Courage"]', '["Lembas"]'), _play_a_revealed_card("holder's")
    )
    assert_passes(result)


def test_a_language_3_set_keeps_its_owners_deck_as_the_holders() -> None:
    """A set written for language 3 keeps the meaning it was written with."""
    result = run_in_language(
        3, _after_playing_a_revealed_card('["Despair", "Courage"]', '["Lembas"]'), _play_a_revealed_card("owner's")
    )
    assert_passes(result)


def test_a_card_lent_into_play_is_its_players_own_once_discarded() -> None:
    """Only while it is in play does a card played from another player's reveal stay theirs: once
    discarded at the end of the turn it is in its player's discard pile, which is whose it is."""
    probe = card_text(
        "Probe",
        "play {",
        "  for each opponent {",
        "    reveal 1 card from deck",
        "  }",
        "  play a card from revealed by any player",
        "}",
    )
    sender = card_text("Sender", "play {", "  put a card from discard pile on top of its owner's deck", "}")
    result = run_with(
        """
        [game]
        players = 2
        [players.1]
        hand = ["Probe"]
        deck = ["Sender", "Despair", "Despair", "Despair", "Despair"]
        [players.2]
        deck = ["Lembas", "Courage"]
        [shared]
        path = ["Lembas*5"]
        [[do]]
        play = "Probe"
        [[do]]
        end_turn = true
        [[do]]
        start_turn = true
        [[do]]
        end_turn = true
        [[do]]
        start_turn = true
        [[do]]
        play = "Sender"
        choices = ["put Courage"]
        [expect.players.1]
        deck = ["Courage"]
        """,
        probe,
        sender,
    )
    assert_passes(result)


def test_its_holders_hand_is_refused_where_the_family_has_no_such_reading() -> None:
    """The Card Game's 'put' honours 'its owner's hand' (its cards keep their owner) but not the
    holder's reading, so 'its holder's hand' there is refused (E147), never read as the owner's."""
    text = (Path(__file__).parent.parent / "cardscripts" / "lcg-core" / "gandalfs-search.card").read_text()
    assert not _lcg_codes(text)
    assert _lcg_codes(text.replace("its owner's hand", "its holder's hand")) == ["E147"]


def _lcg_codes(text: str) -> list[str]:
    compiler = Compiler(vocabulary_for("lcg"), "probe.card")
    compiler.compile_card(parse_card(text))
    return [d.code for d in compiler.diagnostics]


# ---------------------------------------------------------------------- 2. cost N less for each opponent
def _cost_change_in_front(players: int, line: str, offered: str) -> ScenarioResult:
    probe = card_text("Probe", "while in front of you {", f"  {line}", "}", kind="location")
    return run_with(
        f"""
        [game]
        players = {players}
        power = 1
        [players.1]
        front = ["Probe"]
        [shared]
        path = ["Uruk-hai Scouts", "Lembas", "Edoras", "Elven Cloak", "Treebeard"]
        [expect]
        offered = [{offered}]
        """,
        probe,
    )


def test_a_cost_change_for_each_opponent_counts_the_opponents() -> None:
    """'all enemies cost 1 less for each opponent' made each opponent's Enemies 1 cheaper: it is 1
    less for each opponent, on your own buys (Uruk-hai Scouts cost 4: 2 less with two opponents)."""
    line = "all enemies cost 1 less for each opponent"
    assert_passes(_cost_change_in_front(2, line, ""))
    assert_passes(_cost_change_in_front(3, line.replace("1 less", "3 less"), '"buy Uruk-hai Scouts (0)"'))


def test_a_cost_change_for_each_opponent_in_an_effect_counts_them_too() -> None:
    """In a 'play' ability (where it was refused as changing nothing, E128) it is a change to your
    own buys for the rest of the turn, counted once per opponent."""
    probe = card_text("Probe", "play {", "  +1 power", "  all enemies cost 1 less for each opponent", "}")
    assert codes(probe) == []
    result = run_with(
        """
        [game]
        players = 4
        [players.1]
        hand = ["Probe"]
        [shared]
        path = ["Uruk-hai Scouts", "Lembas", "Edoras", "Elven Cloak", "Treebeard"]
        [[do]]
        play = "Probe"
        [expect]
        offered = ["buy Uruk-hai Scouts (1)"]
        """,
        probe,
    )
    assert_passes(result)


@pytest.mark.parametrize(
    ("players", "offered"),
    [("opponents", ""), ("other players", ""), ("every player", '"buy Uruk-hai Scouts (0)"')],
)
def test_whose_buys_a_change_in_front_of_you_changes_is_written_without_each(players: str, offered: str) -> None:
    """'for opponents' (or 'other players', 'every player') keeps the reading of whose buys it
    changes: for opponents, its owner pays full price."""
    assert_passes(_cost_change_in_front(2, f"all enemies cost 4 less for {players}", offered))


def test_a_language_3_set_keeps_for_each_opponent_as_whose_buys() -> None:
    """A set written for language 3 keeps 'for each opponent' as whose buys the change changes."""
    probe = card_text(
        "Probe", "while in front of you {", "  all enemies cost 4 less for each opponent", "}", kind="location"
    )
    scenario = """
        [game]
        players = 2
        current = {current}
        power = 1
        [players.1]
        front = ["Probe"]
        [shared]
        path = ["Uruk-hai Scouts", "Lembas", "Edoras", "Elven Cloak", "Treebeard"]
        [expect]
        {offered} = ["buy Uruk-hai Scouts (0)"]
        """
    # the card's owner pays in full; the opponent gets the 4 off
    assert_passes(run_in_language(3, scenario.format(current=1, offered="not_offered"), probe))
    assert_passes(run_in_language(3, scenario.format(current=2, offered="offered"), probe))


# ---------------------------------------------------------------------- 3. Power inside for each opponent
def test_power_inside_for_each_opponent_is_refused() -> None:
    """'for each opponent { +1 power }' linted clean and did nothing (the opponents have no Power on
    your turn): Power added, taken, paid, read or a cost change there is refused (E310)."""
    for body in (
        ["+1 power"],
        ["-1 power"],
        ["pay 1 power {", "  draw 1", "}"],
        ["all allies cost 1 less"],
        ["if power > 1 {", "  draw 1", "}"],
    ):
        for head in (["for each opponent {"], ["for each player {"], ["choose an opponent as P", "for each P {"]):
            probe = card_text("Probe", "play {", *head, *[f"  {line}" for line in body], "}", "}")
            assert "E310" in codes(probe), (head, body)


def test_other_effects_inside_for_each_opponent_stay_clean() -> None:
    """Only Power is refused there: a draw is each opponent's, as written."""
    assert codes(card_text("Probe", "play {", "for each opponent {", "  draw 1", "}", "}")) == []


def test_power_for_each_opponent_gains_once_per_opponent() -> None:
    """The spelling E310 shows: '+1 power for each opponent' gains 1 for each opponent you have."""
    probe = card_text("Probe", "play {", "  +2 power for each opponent", "}")
    result = run_with(
        """
        [game]
        players = 3
        [players.1]
        hand = ["Probe"]
        [[do]]
        play = "Probe"
        [expect]
        power = 4
        """,
        probe,
    )
    assert_passes(result)


# ---------------------------------------------------------------------- 4. a card name in a card test
def _climb(test: str) -> str:
    return card_text("Probe", "play {", "  reveal 1 card from deck as X", f"  gain a card from path where {test}", "}")


def test_a_card_name_as_a_number_in_a_card_test_is_refused() -> None:
    """'where cost <= X + 2' after 'as X' compared the cost with how many cards X names (1 + 2):
    refused (E311), with the spellings that say the cost or the count."""
    found = [d for d in _diagnostics(_climb("cost <= X + 2")) if d.code == "E311"]
    assert len(found) == 1
    assert "'cost of X'" in (found[0].hint or "") and "'number of X'" in (found[0].hint or "")
    assert codes(_climb("cost <= cost of X + 2")) == []
    assert codes(_climb("cost <= number of X + 2")) == []


def test_the_spelling_e311_shows_compares_with_the_cards_cost() -> None:
    """'cost <= cost of X + 2' with Edoras (cost 4) revealed offers the cards costing up to 6 (the
    Horn, 6, and Lembas, 3; not Treebeard, 7), where the count would have offered Lembas alone."""
    result = run_with(
        """
        [players.1]
        hand = ["Probe"]
        deck = ["Edoras"]
        [shared]
        path = ["Treebeard", "Horn of Helm Hammerhand", "Lembas"]
        [[do]]
        play = "Probe"
        choices = ["gain Horn of Helm Hammerhand"]
        [expect.players.1]
        discard = ["Horn of Helm Hammerhand"]
        """,
        _climb("cost <= cost of X + 2"),
    )
    assert_passes(result)


def test_a_language_3_set_keeps_a_card_name_as_its_count() -> None:
    """A set written for language 3 keeps the count (1 card revealed, so costs up to 3)."""
    compiler = Compiler(vocabulary(), "probe.card", language=3)
    assert compiler.compile_card(parse_card(_climb("cost <= X + 2"))) is not None
    assert not compiler.diagnostics


# ---------------------------------------------------------------------- 5. gained this turn
def test_a_card_gained_then_put_on_the_deck_is_still_counted_as_gained() -> None:
    """'number of cards in gained this turn' counted only the gained cards still in the discard
    pile: 'gained this turn' is a history, so the card put on the deck after is counted."""
    probe = card_text(
        "Probe",
        "play {",
        "  gain a card from path as Y",
        "  put Y on top of deck",
        "  +(number of cards in gained this turn * 3) power",
        "}",
    )
    result = run_with(
        """
        [players.1]
        hand = ["Probe"]
        deck = ["Despair"]
        [shared]
        path = ["Lembas*5"]
        [[do]]
        play = "Probe"
        [expect]
        power = 3
        [expect.players.1]
        deck = ["Despair", "Lembas"]
        """,
        probe,
    )
    assert_passes(result)


def test_only_gained_cards_still_in_the_discard_pile_can_be_acted_on() -> None:
    """Acting on 'gained this turn' still takes only the cards in the pile they were gained into."""
    probe = card_text(
        "Probe",
        "play {",
        "  gain a card from path as Y",
        "  put Y on top of deck",
        "  destroy all cards from gained this turn",
        "}",
    )
    result = run_with(
        """
        [players.1]
        hand = ["Probe"]
        [shared]
        path = ["Lembas*5"]
        [[do]]
        play = "Probe"
        [expect.players.1]
        deck = ["Lembas"]
        """,
        probe,
    )
    assert_passes(result)


# ---------------------------------------------------------------------- 6. arithmetic after a test
def _counting(amount: str) -> str:
    return card_text("Probe", "play {", f"  +{amount} power", "}")


_SIX_IN_HAND = """
    [players.1]
    hand = ["Probe", "Courage", "Courage", "Courage", "Courage", "Lembas", "Edoras"]
    [[do]]
    play = "Probe"
    [expect]
    power = {power}
    """


def test_a_division_after_a_card_test_divides_the_count() -> None:
    """'+number of cards in hand where cost >= 1 / 2 power' with two cards costing 1 or more among
    six gave +6 (every card costs at least 1 / 2 = 0): it is one for every two, +1, and flagged."""
    probe = _counting("number of cards in hand where cost >= 1 / 2")
    assert codes(probe) == ["W310"]
    assert_passes(run_with(_SIX_IN_HAND.format(power=1), probe))


def test_brackets_say_either_reading_without_a_finding() -> None:
    """Brackets around the count or around the value say which, and are not flagged."""
    around_count = _counting("(number of cards in hand where cost >= 1) / 2")
    around_value = _counting("number of cards in hand where cost >= (1 / 2)")
    assert codes(around_count) == codes(around_value) == []
    assert_passes(run_with(_SIX_IN_HAND.format(power=1), around_count))
    assert_passes(run_with(_SIX_IN_HAND.format(power=6), around_value))


def test_a_division_inside_a_sum_after_a_card_test_is_flagged() -> None:
    """A '/' inside the sum that belongs to the test reads either way: flagged (W310)."""
    assert codes(_counting("number of cards in hand where cost >= 1 / 2 + 1")) == ["W310"]


def test_victory_divides_the_count_too() -> None:
    """The same in 'victory': one point for every two cards costing 3 or more in the deck."""
    text = card_text("Probe", kind="ally", extra="  victory number of cards you control where cost >= 3 / 2\n")
    definition, diagnostics = _compiled(text)
    assert [d.code for d in diagnostics] == ["W310"]
    assert definition is not None and "(number of cards you control where cost >= 3) / 2" in " ".join(
        definition.reading
    )


def test_a_language_3_set_keeps_the_division_in_the_test() -> None:
    """A set written for language 3 keeps the old grouping: it reads the count as its upgrade
    writes it, with the value bracketed, which reads one way only (not flagged)."""
    probe = _counting("number of cards in hand where cost >= 1 / 2")
    assert_passes(run_in_language(3, _SIX_IN_HAND.format(power=6), probe))
    compiler = Compiler(vocabulary(), "probe.card", language=3)
    assert compiler.compile_card(parse_card(probe)) is not None and not compiler.diagnostics


# ---------------------------------------------------------------------- 7. arithmetic never stops a game
def _stopping(*body: str) -> str:
    return card_text("Probe", "play {", *[f"  {line}" for line in body], "}")


_EMPTY_PATH = """
    [players.1]
    hand = ["Probe"]
    [[do]]
    play = "Probe"
    [expect]
    power = {power}
    """


def test_a_divisor_worked_out_as_zero_gives_zero_and_is_warned() -> None:
    """'+6 / number of cards in path power' with an empty Path stopped the game: it adds 0."""
    probe = _stopping("+6 / number of cards in path power", "+1 power")
    assert codes(probe) == ["W311"]
    assert_passes(run_with(_EMPTY_PATH.format(power=1), probe))


def test_a_remainder_by_zero_is_the_number_divided() -> None:
    """'N % 0' is N, so that '(N / D) * D + N % D' is N for every D."""
    probe = _stopping("+7 % number of cards in path power")
    assert_passes(run_with(_EMPTY_PATH.format(power=7), probe))


def test_a_guarded_division_is_not_warned() -> None:
    """A division inside a condition that tests its divisor is the author's guard: no W311."""
    guarded = _stopping("+(if number of cards in path > 0 then 6 / number of cards in path else 0) power")
    in_if = _stopping("if number of cards in path > 0 {", "  +6 / number of cards in path power", "}")
    assert codes(guarded) == codes(in_if) == []


def test_a_repeat_until_that_never_comes_true_ends_after_the_loop_bound() -> None:
    """A 'repeat until' whose condition never holds ran to the step budget and stopped the game: it
    runs at most MAX_LOOP_ROUNDS rounds and the effect goes on."""
    probe = _stopping("repeat until number of cards in hand > 100 {", "  +1 power", "}", "+1 power")
    assert codes(probe) == []
    assert_passes(run_with(_EMPTY_PATH.format(power=MAX_LOOP_ROUNDS + 1), probe))


def test_a_computed_repeat_count_is_bounded_and_a_written_one_past_it_refused() -> None:
    """'repeat N' runs at most MAX_LOOP_ROUNDS rounds; a larger number written is refused (E312)."""
    assert codes(_stopping(f"repeat {MAX_LOOP_ROUNDS + 1} {{", "  +1 power", "}")) == ["E312"]
    assert codes(_stopping(f"repeat {MAX_LOOP_ROUNDS} {{", "  +1 power", "}")) == []
    worked_out = _stopping("let N = 1000", "repeat N {", "  +1 power", "}")
    assert_passes(run_with(_EMPTY_PATH.format(power=MAX_LOOP_ROUNDS), worked_out))


def _compiled(text: str) -> tuple[object, list[Diagnostic]]:
    compiler = Compiler(vocabulary(), "probe.card")
    definition = compiler.compile_card(parse_card(text))
    return definition, compiler.diagnostics


def _diagnostics(text: str) -> list[Diagnostic]:
    return _compiled(text)[1]
