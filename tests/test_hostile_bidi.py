"""A right-to-left override, another bidirectional control or a line separator in a card's name
or text, a deck list or a file name cannot disguise what a line says: every command shows each as
``\\uNNNN``, as it shows the C0 and C1 controls as ``\\xNN``, and the linter warns of each (W206).

"Trojan Source" (CVE-2021-42574) hides code this way; here a card named ``Gandalf\\u202e...``
could read as another card, or turn a finding's words around.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from test_hostile_card_files import card, make_set, run

from lotr_rules.terminal import CONTROLS, EscapingStream, escape_controls, has_controls

#: every character the terminal output escapes beyond the C0 and C1 controls
HIDDEN = [
    "\u061c",
    "\u200e",
    "\u200f",
    "\u2028",
    "\u2029",
    *map(chr, range(0x202A, 0x202F)),
    *map(chr, range(0x2066, 0x206A)),
]

RLO = "\u202e"
NAME = f"Sting{RLO}sruO"  # shows as "StingOurs" raw: the override turns the rest around
TEXT = f"Glows blue{RLO}\u2066 near\u2028Orcs."


@pytest.mark.parametrize("char", HIDDEN, ids=[f"U+{ord(c):04X}" for c in HIDDEN])
def test_each_direction_or_separator_character_is_escaped(char: str) -> None:
    assert has_controls(char)
    assert escape_controls(f"a{char}b") == f"a\\u{ord(char):04x}b"


def test_ordinary_letters_of_every_script_are_left_alone() -> None:
    words = "Gandalf Mithrandir Éowyn Ûrûk 甘道夫 غاندالف גנדלף Гэндальф \u00a0\u2014\u2019"
    assert escape_controls(words) == words
    assert not has_controls(words)


def test_the_stream_escapes_them_whoever_writes(capsys: pytest.CaptureFixture[str]) -> None:
    stream = EscapingStream(sys.stdout)
    stream.write(f"P1 plays {NAME}\n")
    stream.flush()
    out = capsys.readouterr().out
    assert out == "P1 plays Sting\\u202esruO\n" and CONTROLS.search(out) is None


def _bidi_set(tmp_path: Path) -> Path:
    return make_set(tmp_path, cards={"sting": card(NAME, "sting", TEXT)})


def test_the_linter_warns_of_them_and_shows_them_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _bidi_set(tmp_path)
    code, shown = run(capsys, ["lint", "--strict", str(folder)])
    assert code == 1
    warnings = [line for line in shown.splitlines() if "W206" in line]
    assert len(warnings) == 2, shown
    assert "card name 'Sting\\u202esruO' holds the control character \\u202e" in warnings[0]
    assert "the text of card 'Sting\\u202esruO' holds the control character \\u202e" in warnings[1]
    assert RLO not in shown


def test_cards_show_and_errors_print_them_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _bidi_set(tmp_path)
    code, shown = run(capsys, ["cards", "--cards", str(folder)])
    assert code == 0 and "Sting\\u202esruO" in shown and RLO not in shown
    code, shown = run(capsys, ["show", NAME, "--cards", str(folder)])
    assert code == 0 and "blue\\u202e\\u2066 near\\u2028Orcs." in shown and RLO not in shown
    code, shown = run(capsys, ["show", f"No{RLO}thing", "--cards", str(folder)])
    assert code == 2 and "No\\u202ething" in shown and RLO not in shown


def test_the_game_log_prints_them_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _bidi_set(tmp_path)
    scenario = tmp_path / "sting.toml"
    scenario.write_text(
        '[game]\nplayers = 1\n[players.1]\nhand = ["Sting\\u202esruO"]\n[[do]]\nplay = "Sting\\u202esruO"\n',
        encoding="utf-8",
    )
    code, shown = run(capsys, ["scenario", "--cards", str(folder), str(scenario)])
    assert code == 0, shown
    assert "plays Sting\\u202esruO" in shown and RLO not in shown


def test_a_deck_list_line_with_an_override_is_shown_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "mine.txt"
    deck.write_text(f"Heroes\n1x Ara{RLO}gorn\n", encoding="utf-8")
    _, shown = run(capsys, ["lint", str(deck)])
    assert "Ara\\u202egorn" in shown and RLO not in shown


def test_a_file_name_with_an_override_is_warned_of(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = make_set(tmp_path, cards={})
    (folder / f"sting{RLO}drac.card").write_text(card("Sting", "sting"), encoding="utf-8")
    _, shown = run(capsys, ["lint", str(folder)])
    assert "W206 the file name 'sting\\u202edrac.card'" in shown and RLO not in shown
