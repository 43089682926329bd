"""What lints runs exactly as written: each defect found where a script linted clean and the
engine did something else, written as the author wrote it, and the finding or the behaviour that
now holds."""

from __future__ import annotations

from pathlib import Path

from card_probes import assert_passes, card_text, codes, run_with

from lotr_rules.cards.loader import load_sets
from lotr_rules.dsl.editions import LANGUAGE_VERSION, changes_after
from lotr_rules.lint.runner import lint_paths

SCENARIO_TWO_PLAYERS = """
[game]
players = 2
"""


# ---------------------------------------------------------------------- draw ignored its selection
def test_draw_from_another_zone_takes_from_that_zone() -> None:
    """'draw 1 card from revealed' drew the top card of the deck: it now takes the revealed card."""
    probe = card_text("Probe", "play {", "  reveal 2 cards from deck", "  draw 1 card from revealed", "}")
    result = run_with(
        """
        [players.1]
        hand = ["Probe"]
        deck = ["Courage", "Despair", "Courage"]
        [[do]]
        play = "Probe"
        choices = ["draw Despair"]
        [expect.players.1]
        hand = ["Despair"]
        deck = ["Courage", "Courage"]
        """,
        probe,
    )
    assert_passes(result)


def test_draw_with_where_puts_the_chosen_card_into_the_hand() -> None:
    """'draw an artifact from discard pile' drew from the deck: it now takes the artifact."""
    probe = card_text("Probe", "play {", "  draw an artifact from discard pile where cost <= 3", "}")
    result = run_with(
        """
        [players.1]
        hand = ["Probe"]
        deck = ["Despair"]
        discard = ["Courage", "Lembas", "Horn of Helm Hammerhand"]
        [[do]]
        play = "Probe"
        [expect.players.1]
        hand = ["Lembas"]
        deck = ["Despair"]
        discard = ["Courage", "Horn of Helm Hammerhand"]
        """,
        probe,
    )
    assert_passes(result)


def test_wall_cards_are_drawn_from_the_top_only() -> None:
    found = codes(card_text("Probe", "play {", "  draw random 1 card from wall deck where cost <= 3", "}"))
    assert found == ["E124", "E124"]  # 'random', 'where'


def test_draw_from_deck_and_wall_deck_still_lint() -> None:
    assert codes(card_text("Probe", "play {", "  draw 2 cards from deck as X", "  draw 1 from wall deck", "}")) == []


def test_draw_as_names_the_cards_drawn() -> None:
    probe = card_text("Probe", "play {", "  draw 2 cards from deck as X", "  destroy X", "}")
    result = run_with(
        """
        [players.1]
        hand = ["Probe"]
        deck = ["Courage", "Despair", "Courage"]
        [[do]]
        play = "Probe"
        [expect.players.1]
        deck = ["Courage"]
        hand = []
        [expect.shared]
        destroyed = ["Courage", "Despair"]
        """,
        probe,
    )
    assert_passes(result)


# ---------------------------------------------------------------------- hero abilities never ran
def hero(*lines: str) -> str:
    return card_text("Probe Hero", *lines, kind="hero", extra="  deck hero\n")


def test_a_heros_ongoing_ability_runs_at_the_start_of_each_turn() -> None:
    result = run_with(
        """
        [players.1]
        hero = "Probe Hero"
        deck = ["Courage", "Despair"]
        [[do]]
        start_turn = true
        [expect.players.1]
        hand = ["Despair"]
        deck = ["Courage"]
        """,
        hero("ongoing {", "  draw 1", "}"),
    )
    assert_passes(result)


def test_a_heros_trigger_listens_all_game() -> None:
    result = run_with(
        """
        [players.1]
        hero = "Probe Hero"
        hand = ["Courage"]
        [[do]]
        play = "Courage"
        [expect]
        power = 2
        """,
        hero("when you play a starter {", "  +1 power", "}"),
    )
    assert_passes(result)


def test_a_heros_first_time_this_turn_trigger_fires_once_a_turn() -> None:
    """A hero's one-shot trigger, as Cerberus-engine heroes have ("the first time you play a
    starter each turn, +1 Power"): two starters played, one extra Power (Courage gives 1)."""
    result = run_with(
        """
        [players.1]
        hero = "Probe Hero"
        hand = ["Courage", "Courage"]
        [[do]]
        play = "Courage"
        [[do]]
        play = "Courage"
        [expect]
        power = 3
        """,
        hero("when you play a starter for the first time this turn {", "  +1 power", "}"),
    )
    assert_passes(result)


def test_a_heros_action_is_offered_and_used_in_the_main_phase() -> None:
    """A hero's action ability, as Cerberus-engine heroes have ("once a turn, pay 1 Power: draw a
    card"): offered while the hero is yours, paid, used once, then no longer offered."""
    result = run_with(
        """
        [players.1]
        hero = "Probe Hero"
        hand = ["Courage"]
        deck = ["Despair"]
        [[do]]
        play = "Courage"
        [[do]]
        use = "Probe Hero"
        [expect]
        power = 0
        [expect.players.1]
        hand = ["Despair"]
        """,
        hero("action once per turn pay 1 power {", "  draw 1", "}"),
    )
    assert_passes(result)
    again = run_with(
        """
        [players.1]
        hero = "Probe Hero"
        hand = ["Courage", "Courage"]
        deck = ["Despair", "Despair"]
        [[do]]
        play = "Courage"
        [[do]]
        play = "Courage"
        [[do]]
        use = "Probe Hero"
        [[do]]
        use = "Probe Hero"
        """,
        hero("action once per turn pay 1 power {", "  draw 1", "}"),
    )
    assert not again.passed
    assert any("offers no action of Probe Hero" in failure for failure in again.failures), again.failures


def test_hero_abilities_that_never_run_are_refused() -> None:
    for ability in ("play", "defense", "fortune", "ambush"):
        assert codes(hero(f"{ability} {{", "  draw 1", "}")) == ["E125"], ability


# ---------------------------------------------------------------------- names in later blocks
def test_a_name_keeps_its_value_in_an_end_of_turn_block() -> None:
    probe = card_text(
        "Probe",
        "play {",
        "  reveal 1 card from deck as X",
        "  put X on bottom of deck",
        "  at end of turn {",
        "    destroy X",
        "  }",
        "}",
    )
    result = run_with(
        """
        [players.1]
        hand = ["Probe"]
        deck = ["Courage", "Despair"]
        [[do]]
        play = "Probe"
        [[do]]
        end_turn = true
        [expect.shared]
        destroyed = ["Despair"]
        """,
        probe,
    )
    assert_passes(result)


def test_an_inner_binding_never_overwrites_an_outer_one() -> None:
    probe = card_text(
        "Probe",
        "play {",
        "  reveal 1 card from deck as X",
        "  for each card in hand as X {",
        "    discard X",
        "  }",
        "  destroy X",
        "}",
    )
    result = run_with(
        """
        [players.1]
        hand = ["Probe", "Courage"]
        deck = ["Courage", "Despair"]
        [[do]]
        play = "Probe"
        [expect.players.1]
        discard = ["Courage"]
        deck = ["Courage"]
        [expect.shared]
        destroyed = ["Despair"]
        """,
        probe,
    )
    assert_passes(result)


def test_play_as_names_the_card_played() -> None:
    probe = card_text("Probe", "play {", "  play a card from hand as X", "  destroy X", "}")
    result = run_with(
        """
        [players.1]
        hand = ["Probe", "Courage"]
        [[do]]
        play = "Probe"
        [expect]
        power = 1
        [expect.players.1]
        played = ["Probe"]
        [expect.shared]
        destroyed = ["Courage"]
        """,
        probe,
    )
    assert_passes(result)


# ---------------------------------------------------------------------- selection parts ignored
def test_take_is_refused_for_anything_but_the_one_ring() -> None:
    assert codes(card_text("Probe", "play {", "  take a corruption", "}")) == ["E124", "E124"]
    assert codes(card_text("Probe", "play {", "  take the one ring", "}")) == []


def test_reveal_of_a_name_is_refused() -> None:
    assert "E124" in codes(card_text("Probe", "play {", "  reveal this", "}"))


def test_counting_refuses_a_quantity() -> None:
    assert codes(card_text("Probe", "play {", "  let N = number of 2 cards in hand", "}")) == ["E124"]
    loop = card_text("Probe", "play {", "  for each random 1 card in hand as X {", "    discard X", "  }", "}")
    assert codes(loop) == ["E124"]
    assert codes(card_text("Probe", "play {", "  +1 power for each 2 allies in played this turn", "}")) == ["E124"]


def test_all_takes_the_whole_deck_not_its_top_card() -> None:
    probe = card_text("Probe", "play {", '  destroy all cards from deck where name is "Despair"', "}")
    result = run_with(
        """
        [players.1]
        hand = ["Probe"]
        deck = ["Despair", "Courage", "Despair"]
        [[do]]
        play = "Probe"
        [expect.players.1]
        deck = ["Courage"]
        [expect.shared]
        destroyed = ["Despair*2"]
        """,
        probe,
    )
    assert_passes(result)


# ---------------------------------------------------------------------- contexts
def test_power_in_an_attack_block_is_refused() -> None:
    probe = card_text("Probe", "play {", "  attack each opponent {", "    +1 power", "  }", "}")
    assert codes(probe) == ["E125"]


def test_power_in_a_defense_is_refused() -> None:
    assert codes(card_text("Probe", "defense {", "  +1 power", "}")) == ["E125"]


# ---------------------------------------------------------------------- show read 'when gained' wrong
def reading(text: str) -> list[str]:
    from card_probes import compile_text

    definition, diagnostics = compile_text(text)
    assert definition is not None, diagnostics
    return list(definition.reading)


def test_show_reads_a_self_trigger_as_listening_wherever_the_card_is() -> None:
    lines = reading(card_text("Probe", "when gained {", "  draw 1", "}"))
    assert lines[0] == "When this card is bought or gained, wherever it is:"
    assert not any("in front of you" in line for line in lines)


def test_show_reads_a_card_trigger_as_listening_from_in_front_of_you() -> None:
    lines = reading(card_text("Probe", "when you gain an ally {", "  draw 1", "}", kind="location"))
    assert lines[0] == "While in front of you, when you gain an ally:"


def test_show_reads_the_zone_a_command_takes_from_even_when_not_written() -> None:
    lines = reading(card_text("Probe", "play {", "  discard 2", "  draw 1", "}"))
    assert lines[1:] == [
        "  Discard 2 cards from hand into your discard pile.",
        "  Draw 1 card from deck into your hand.",
    ]


def test_show_reads_a_heros_abilities_as_the_heros() -> None:
    lines = reading(hero("ongoing {", "  draw 1", "}", "when you play an ally {", "  +1 power", "}"))
    assert lines[0].startswith("Ongoing (") and lines[0].endswith(", from your hero:")
    assert "While this is your hero, when you play an ally:" in lines


def test_a_card_that_plays_itself_as_it_is_played_is_stopped_cleanly() -> None:
    """'play this' in a 'play' ability would play the card without end: the engine stops it with
    trigger-depth error, naming that limit and what went past it, not a crash deep in Python's stack."""
    probe = card_text("Probe", "play {", "  play this", "}")
    result = run_with(
        """
        [players.1]
        hand = ["Probe"]
        [[do]]
        play = "Probe"
        """,
        probe,
    )
    assert not result.passed
    assert any(
        "went past the trigger-depth limit: cards playing cards more than 50 deep" in failure
        for failure in result.failures
    ), result.failures


def test_cards_revealed_by_a_trigger_go_back_on_top_of_the_deck() -> None:
    """A trigger's effect is an effect: cards it reveals and leaves go back on top of the deck
    once it is over, as after any effect (they stayed face up in the revealed zone)."""
    probe = card_text("Probe", "when you play a starter {", "  reveal 2 cards from deck", "}", kind="location")
    result = run_with(
        """
        [players.1]
        front = ["Probe"]
        hand = ["Courage"]
        deck = ["Despair", "Courage", "Despair"]
        [[do]]
        play = "Courage"
        [expect.players.1]
        deck = ["Despair", "Courage", "Despair"]
        played = ["Courage"]
        """,
        probe,
    )
    assert_passes(result)


# ---------------------------------------------------------------------- the language version
def test_a_set_for_the_older_language_loads_with_a_nudge_to_upgrade(tmp_path: Path) -> None:
    """A language-1 set loads, read with its own meanings, and is told at the manifest's
    'language' line how to move it on (tests/test_editions.py checks the meanings)."""
    folder = tmp_path / "old"
    folder.mkdir()
    (folder / "set.toml").write_text('code = "old"\nname = "Old cards"\nlanguage = 1\n', encoding="utf-8")
    (folder / "probe.card").write_text(card_text("Probe", "play {", "  draw 1", "}"), encoding="utf-8")
    diagnostics, _ = lint_paths([folder])
    (warning,) = diagnostics
    assert warning.code == "W211"
    assert warning.span.line == 3
    assert "language 1 and read with its meanings" in warning.message
    assert f"({len(changes_after(1))} changes since" in warning.message
    assert "fmt --upgrade" in (warning.hint or "") and f"language {LANGUAGE_VERSION}" in (warning.hint or "")
    assert load_sets((folder,)).get("Probe").set_code == "old"


def test_a_language_2_set_is_told_of_the_one_change_since(tmp_path: Path) -> None:
    """Language 3 reads a '+ N' right after a card test's value as part of the test; a set written
    for language 2 loads, told of that one change and none of the language-1 changes."""
    folder = tmp_path / "two"
    folder.mkdir()
    (folder / "set.toml").write_text('code = "two"\nname = "Two"\nlanguage = 2\n', encoding="utf-8")
    (folder / "probe.card").write_text(card_text("Probe", "play {", "  draw 1", "}"), encoding="utf-8")
    diagnostics, _ = lint_paths([folder])
    (warning,) = diagnostics
    changed = len(changes_after(2))
    assert warning.code == "W211" and f"({changed} change{'' if changed == 1 else 's'} since" in warning.message
    assert load_sets((folder,)).get("Probe").set_code == "two"


def test_a_plus_after_a_card_tests_value_belongs_to_the_test() -> None:
    """The change of language 3: 'number of cards in hand where cost <= 2 + 1' is one count whose
    test is 'cost <= 2 + 1'; the old meaning, a count plus one, is written with brackets."""
    from lotr_rules.dsl.syntax import parse

    def amount(expression: str) -> object:
        text = card_text("Probe", "play {", f"  +({expression}) power", "}")
        ability = parse(text, "probe.card").cards[0].items[-1]
        return ability.body[0].amount  # type: ignore[attr-defined]

    inside = amount("number of cards in hand where cost <= 2 + 1")
    outside = amount("(number of cards in hand where cost <= 2) + 1")
    assert type(inside).__name__ == "Aggregate"
    assert type(inside.sel.where.value).__name__ == "BinOp"  # type: ignore[attr-defined]
    assert type(outside).__name__ == "BinOp" and type(outside.left).__name__ == "Aggregate"  # type: ignore[attr-defined]
