"""Every file the tool writes goes through ``lotr_rules.atomic``: a fresh temporary file created
exclusively beside the target, then renamed over it. These tests perform the attacks a shared set
or folder could try (a link planted at the temporary name a writer used to pick, a link as the
target) and the accidents (a full disk, a Ctrl-C mid-write), and show the victim file untouched."""

from __future__ import annotations

import argparse
import builtins
import errno
import json
import os
import re
import stat
from pathlib import Path

import pytest

from lotr_rules import atomic
from lotr_rules.cli import main
from lotr_rules.commands import play
from lotr_rules.errors import UserError

SECRET = "the victim's own file\n"
MISFORMATTED = 'card "Elf Friend" {\n      id elf-friend\n  type resource\n   cost 2\n}\n'


def _victim(tmp_path: Path) -> Path:
    victim = tmp_path / "home" / ".bashrc"
    victim.parent.mkdir()
    victim.write_text(SECRET, encoding="utf-8")
    return victim


def _no_temporary_files(folder: Path) -> None:
    assert not [p.name for p in folder.iterdir() if p.name.endswith(".tmp") and not p.is_symlink()]


def test_fmt_does_not_write_through_a_link_a_set_ships(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A set ships ``elf.card.tmp`` as a link to a file of the user's, and a misformatted
    ``elf.card``: formatting the set must rewrite the card and leave the linked file alone."""
    victim = _victim(tmp_path)
    shared = tmp_path / "shared-set"
    shared.mkdir()
    card = shared / "elf.card"
    card.write_text(MISFORMATTED, encoding="utf-8")
    (shared / "elf.card.tmp").symlink_to(victim)
    assert main(["fmt", str(shared)]) == 0
    assert f"reformatted {card}" in capsys.readouterr().out
    assert victim.read_text(encoding="utf-8") == SECRET
    assert card.read_text(encoding="utf-8") == 'card "Elf Friend" {\n  id elf-friend\n  type resource\n  cost 2\n}\n'
    assert (shared / "elf.card.tmp").is_symlink()  # left as it was found, not followed
    _no_temporary_files(shared)


def test_a_link_at_the_target_is_replaced_not_followed(tmp_path: Path) -> None:
    victim = _victim(tmp_path)
    target = tmp_path / "out.json"
    target.symlink_to(victim)
    atomic.write_text(target, "{}\n")
    assert victim.read_text(encoding="utf-8") == SECRET
    assert not target.is_symlink() and target.read_text(encoding="utf-8") == "{}\n"


def test_a_planted_temporary_name_is_never_opened(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Even a name guessed right is only ever created exclusively: the writer draws another."""
    victim = _victim(tmp_path)
    target = tmp_path / "save.json"
    planted = tmp_path / ".save.json.guessed.tmp"
    planted.symlink_to(victim)
    names = iter([planted, tmp_path / ".save.json.fresh.tmp"])
    monkeypatch.setattr(atomic, "temporary_name", lambda target: next(names))
    atomic.write_text(target, "saved\n")
    assert victim.read_text(encoding="utf-8") == SECRET and target.read_text(encoding="utf-8") == "saved\n"
    assert planted.is_symlink()


def test_play_saves_do_not_write_through_a_link(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The save file's old temporary name (``lotr-save.json.tmp``) planted as a link."""
    victim = _victim(tmp_path)
    save = tmp_path / "lotr-save.json"
    (tmp_path / "lotr-save.json.tmp").symlink_to(victim)
    parser = argparse.ArgumentParser(prog="lotr-rules")
    play.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["play", "--players", "2", "--seed", "3", "--save", str(save)])
    answers = iter(["1"] * 6)

    def keyboard(prompt: str = "") -> str:
        for answer in answers:
            return answer
        raise EOFError  # the end of input saves and quits

    monkeypatch.setattr(builtins, "input", keyboard)
    assert args.run(args) == 0
    assert victim.read_text(encoding="utf-8") == SECRET
    assert json.loads(save.read_text(encoding="utf-8"))["seats"] == ["human", "heuristic"]
    _no_temporary_files(tmp_path)


def test_a_full_disk_leaves_the_previous_file_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "record.json"
    target.write_text("previous\n", encoding="utf-8")

    def no_space(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", no_space)
    with pytest.raises(atomic.WriteError, match=f"cannot write '{target}': No space left on device"):
        atomic.write_text(target, "new\n" * 1000)
    assert target.read_text(encoding="utf-8") == "previous\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["record.json"]


def test_an_interrupted_write_leaves_no_temporary_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "out.json"

    def interrupted(src: object, dst: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        atomic.write_text(target, "x")
    assert list(tmp_path.iterdir()) == []


def test_permissions_of_the_file_replaced_are_kept(tmp_path: Path) -> None:
    target = tmp_path / "elf.card"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o640)
    atomic.write_text(target, "new")
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


#: ways of writing a file other than through lotr_rules.atomic
WRITES = r"(?<!atomic)\.write_(?:text|bytes)\(|open\([^)]*[\"'][wax]b?[\"']|os\.(?:replace|rename)\("


def test_every_writer_goes_through_the_atomic_module() -> None:
    """No module of the tool writes a file any other way (the cache of parsed scripts aside,
    which keeps its own private folder)."""
    root = Path(__file__).resolve().parents[1] / "lotr_rules"
    offenders = []
    for path in root.rglob("*.py"):
        if path.name == "atomic.py" or (path.parent.name == "dsl" and path.name == "cache.py"):
            continue
        text = path.read_text(encoding="utf-8")
        writes = re.findall(WRITES, text)
        offenders += [f"{path.relative_to(root)}: {write}" for write in writes]
    assert offenders == []


def test_game_record_on_a_full_disk_keeps_the_previous_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "r.json"
    record.write_text("the previous record\n", encoding="utf-8")

    def no_space(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", no_space)
    assert main(["game", "--players", "2", "--quiet", "--record", str(record)]) == 2
    err = capsys.readouterr().err
    assert f"cannot write the record {record}: No space left on device" in err and "Traceback" not in err
    assert record.read_text(encoding="utf-8") == "the previous record\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json"]


def test_write_errors_are_user_errors() -> None:
    assert issubclass(atomic.WriteError, UserError)
