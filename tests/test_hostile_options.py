"""Every command-line option that sizes something (players, seats, resolution, games, workers,
game numbers, turns) has a range, refused by the command line itself past it: exit 2, one line
saying the range, no traceback, nothing read or written. And ``render`` leaves no partial output
behind when a face cannot be drawn."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from lotr_rules.atomic import WriteError
from lotr_rules.cli import main
from lotr_rules.games.deckbuilding.config import MAX_PLAYERS
from lotr_rules.limits import MAX_PLAYERS_OPTION, OPTION_LIMITS

#: (the option, a command line it is given to)
COMMANDS = {
    "--players": (["game", "--quiet"], ["play"], ["simulate", "--no-progress"]),
    "--humans": (["play"],),
    "--dpi": (["render", "Gandalf", "--format", "png", "--out", "{out}"],),
    "--games": (["simulate", "--no-progress"],),
    "--first-game": (["simulate", "--no-progress"],),
    "--workers": (["simulate", "--no-progress"],),
    "--to-turn": (["replay", "{out}.json"],),
}


def test_every_bounded_option_is_tried() -> None:
    assert sorted(COMMANDS) == sorted(option for option, _, _ in OPTION_LIMITS)


def test_the_players_bound_is_the_most_any_family_seats() -> None:
    assert MAX_PLAYERS_OPTION == MAX_PLAYERS


@pytest.mark.parametrize(("option", "least", "most"), OPTION_LIMITS, ids=[o[0] for o in OPTION_LIMITS])
@pytest.mark.parametrize("past", ["above", "far-above", "below"])
def test_an_option_past_its_range_is_refused_by_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str, least: int, most: int, past: str
) -> None:
    value = {"above": most + 1, "far-above": 10**30, "below": least - 1}[past]
    out = tmp_path / "out"
    for command in COMMANDS[option]:
        argv = [part.format(out=out) for part in command]
        with pytest.raises(SystemExit) as stopped:
            main([*argv, option, str(value)])
        assert stopped.value.code == 2
        err = capsys.readouterr().err
        assert f"argument {option}: must be {least} to {most:,}, not " in err, err
        assert "Traceback" not in err and len(err) < 2000
    assert list(tmp_path.iterdir()) == []


def test_a_huge_player_count_no_longer_hangs_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["game", "--quiet", "--players", "1000000000"])
    assert "--players: must be 1 to 5, not 1000000000" in capsys.readouterr().err


def test_render_leaves_nothing_behind_when_a_face_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Gandalf has a face in two sets: the second fails, and neither is written."""
    from lotr_rules.render import face

    drawn: list[str] = []
    real = face.card_face_svg

    def failing(card: object, **kwargs: object) -> str:
        drawn.append(str(card))
        if len(drawn) == 2:
            raise WriteError(Path("face.svg"), "No space left on device")
        return real(card, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(face, "card_face_svg", failing)
    out = tmp_path / "faces"
    assert main(["render", "Gandalf (adventure-deck)", "Gandalf (lcg-core)", "--out", str(out)]) in (1, 2)
    assert "No space left on device" in capsys.readouterr().err
    assert len(drawn) == 2
    assert sorted(os.listdir(tmp_path)) == []


def test_render_writes_every_face_when_all_are_drawn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "faces"
    assert main(["render", "Gandalf (adventure-deck)", "Gandalf (lcg-core)", "--out", str(out)]) == 0
    assert "wrote 2 faces" in capsys.readouterr().out
    assert sorted(p.name for p in out.rglob("*.svg")) == ["gandalf.svg", "gandalf.svg"]
    assert sorted(os.listdir(tmp_path)) == ["faces"]  # no staging folder left beside it
