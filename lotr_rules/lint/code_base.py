"""What a lint code is, and how its examples become the files of a set folder: the pieces every
part of the registry (:mod:`lotr_rules.lint.codes`, gathered from :mod:`lotr_rules.lint.code_entries`)
is written with.

An example is the text of one file, or of several: a line ``# file: PATH`` starts a new file at
``PATH`` inside the set folder (``#`` begins a comment both in card scripts and in TOML). Without
such a line, a ``card`` example is the card file ``<id>.card`` and a ``manifest`` example is the
set's ``set.toml``. :func:`layout` turns an example into the files of a set folder.
"""

from __future__ import annotations

import re
import textwrap
from typing import Literal

import attrs

from lotr_rules.diagnostics import Severity

Kind = Literal["card", "manifest", "set", "mix"]

#: The folder (and set code) examples are laid out in.
EXAMPLE_SET = "demo"
#: The manifest an example gets when it does not bring its own.
EXAMPLE_MANIFEST = f'code = "{EXAMPLE_SET}"\nname = "Demo cards"\nlanguage = 5\n'
#: The mix file a ``mix`` example is, unless it names its files.
EXAMPLE_MIX_FILE = "my.mix.toml"
#: A clean card that ``manifest`` and ``mix`` examples are laid out with, so the set is not empty.
EXAMPLE_CARD_NAME = "demo-card.card"
EXAMPLE_CARD = """\
card "Demo Card" {
  id demo-card
  type ally
  cost 1
  provenance designed
  text "+1 Power."
  play {
    +1 power
  }
}
"""

_FILE_MARKER = re.compile(r"^# file: (\S+)\s*$")
_ID_FIELD = re.compile(r"^\s*id\s+(\S+)\s*$", re.MULTILINE)


@attrs.frozen(slots=True)
class LintCode:
    """One diagnostic code: what it means, and a file that triggers it next to one that does not."""

    code: str
    severity: Severity
    title: str
    explanation: str
    bad: str
    good: str
    kind: Kind = "card"


def example_text(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def layout(example: str, kind: Kind) -> dict[str, str]:
    """The files (path inside the set folder -> text) an example stands for.

    A ``set.toml`` and, for manifest examples, a clean card are added when the example does not
    bring them.
    """
    files: dict[str, str] = {}
    current: str | None = None
    lines: list[str] = []

    def flush() -> None:
        text = "\n".join(lines).strip("\n")
        if current is not None:
            files[current] = text + "\n"
        elif text:
            files[_default_name(text, kind)] = text + "\n"

    for line in example.splitlines():
        marker = _FILE_MARKER.match(line)
        if marker:
            flush()
            current, lines = marker.group(1), []
        else:
            lines.append(line)
    flush()
    files.setdefault("set.toml", EXAMPLE_MANIFEST)
    if kind in ("manifest", "mix") and not any(name.endswith(".card") for name in files):
        files[EXAMPLE_CARD_NAME] = EXAMPLE_CARD
    return files


def _default_name(text: str, kind: Kind) -> str:
    if kind == "manifest":
        return "set.toml"
    if kind == "mix":
        return EXAMPLE_MIX_FILE
    found = _ID_FIELD.search(text)
    return f"{found.group(1) if found else 'card'}.card"


#: A Card Game set of a hero and an ally, which the deck list and scenario examples are laid out with.
_LCG_SET = """\
# file: set.toml
code = "demo"
name = "Demo cards"
language = 5
family = "lcg"
# file: warden.card
card "Warden" {
  id warden
  type hero
  sphere leadership
  threat-cost 9
  willpower 2
  attack 2
  defense-strength 2
  hit-points 4
  keywords unique
  provenance designed
  text "A made-up hero."
}
# file: guard.card
card "Guard" {
  id guard
  type ally
  sphere leadership
  cost 2
  willpower 1
  attack 1
  defense-strength 1
  hit-points 2
  copies 3
  provenance designed
  text "A made-up ally."
}
# file: bat.card
card "Bat" {
  id bat
  type enemy
  engagement-cost 20
  threat 1
  attack 1
  hit-points 2
  encounter-set "Dark Woods"
  copies 3
  provenance designed
  text "A made-up enemy."
}
# file: trail.card
card "Trail" {
  id trail
  type quest
  stage 1
  quest-points 6
  encounter-set "Dark Woods"
  provenance designed
  text "A made-up quest card."
}
"""


def lcg_example(files: str) -> str:
    """An example: the Card Game set above, with these files besides."""
    return _LCG_SET + example_text(files)


DEEP_NESTING = "(" * 39 + "1" + ")" * 39
