"""Every diagnostic code the linter and the loader emit, with why it matters and how to fix it.

This registry is the single source of ``docs/lint-codes.md`` (see
:mod:`lotr_rules.docgen.lint_codes`), and a test lints every ``bad`` example (it must yield its
code) and every ``good`` one (it must not), and checks that the codes here are exactly the codes
the sources emit, so the page can never drift from the checks.

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
from lotr_rules.limits import (
    MAX_ACTION_USES,
    MAX_CARD_FILE_BYTES,
    MAX_CARDS_PER_SET,
    MAX_LOOP_ROUNDS,
    MAX_SCRIPT_TOKENS,
    MAX_STARTING_COPIES,
    MAX_SYNTAX_ERRORS,
    SCRIPT_NUMBER_MAX,
)

Kind = Literal["card", "manifest", "set", "mix"]

#: The folder (and set code) examples are laid out in.
EXAMPLE_SET = "demo"
#: The manifest an example gets when it does not bring its own.
EXAMPLE_MANIFEST = f'code = "{EXAMPLE_SET}"\nname = "Demo cards"\nlanguage = 4\n'
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


def _text(text: str) -> str:
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
language = 4
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


def _lcg(files: str) -> str:
    """An example: the Card Game set above, with these files besides."""
    return _LCG_SET + _text(files)


_DEEP = "(" * 39 + "1" + ")" * 39

REGISTRY: tuple[LintCode, ...] = (
    # ------------------------------------------------------------------ reading and parsing
    LintCode(
        "E001",
        Severity.ERROR,
        "syntax error",
        "The file is not a card script the grammar accepts (a missing brace, a misspelt keyword, a "
        "stray character, an unterminated string), or it is not UTF-8 text at all. Each error is "
        "reported at the word that is wrong, with what was expected there, or with how the language "
        "says a phrase written as other card games do ('allies cost 1 less' is 'all allies cost 1 "
        "less', a block opens with '{', not ':'); after an error the parser sets the statement (and "
        "the lines indented under it) aside and reads on, so every error of a file is listed, "
        f"up to {MAX_SYNTAX_ERRORS}. When the rest of the file then parses, it is checked like any "
        "card, and its other findings come in the same run; the ones a statement set aside could "
        "cause (a missing field, a name it would give) wait until the file parses. A '{{' that is "
        "never closed is reported at the '{{', naming the line before which its indentation says its "
        "block ends, and nothing else of the file is checked; a bracket left open on its line is "
        "named as a bracket.",
        _text(
            """
            card "Gandalf" {
              id gandalf
              type ally
              cost 3
              provenance designed
              text "Draw 2 cards."
              play {
                draw 2
            }
            """
        ),
        _text(
            """
            card "Gandalf" {
              id gandalf
              type ally
              cost 3
              provenance designed
              text "Draw 2 cards."
              play {
                draw 2
              }
            }
            """
        ),
    ),
    LintCode(
        "E320",
        Severity.ERROR,
        "ability inside a block",
        "A card's abilities ('play', 'ongoing', 'defense', 'ambush', 'fortune', 'action', 'quest' and "
        "the rest) stand side by side at the card's top level, each with its own block; they do not "
        "nest. Written inside another ability's block ('play { ... ongoing { ... } }'), the word would "
        "be read as a command, so the linter names the ability and the block it stands in. Move it out, "
        "after that block's closing '}'. 'when' and 'at' are statements too, and may stand inside a "
        "block: there they listen for the rest of the turn.",
        _text(
            """
            card "Old Forest Path" {
              id old-forest-path
              type location
              cost 2
              provenance designed
              text "Draw a card. Ongoing: +1 Power."
              play {
                draw 1
                ongoing {
                  +1 power
                }
              }
            }
            """
        ),
        _text(
            """
            card "Old Forest Path" {
              id old-forest-path
              type location
              cost 2
              provenance designed
              text "Draw a card. Ongoing: +1 Power."
              play {
                draw 1
              }
              ongoing {
                +1 power
              }
            }
            """
        ),
    ),
    LintCode(
        "E002",
        Severity.ERROR,
        "more than one card in a file",
        "Each card lives in its own file named after its id, so that ids, file names and error "
        "positions stay one-to-one and a set can be reviewed card by card. Split the file.",
        _text(
            """
            card "Courage" {
              id courage
              type maneuver
              provenance designed
              text "+1 Power."
            }
            card "Despair" {
              id despair
              type maneuver
              provenance designed
              text "No effect."
            }
            """
        ),
        _text(
            """
            # file: courage.card
            card "Courage" {
              id courage
              type maneuver
              provenance designed
              text "+1 Power."
            }
            # file: despair.card
            card "Despair" {
              id despair
              type maneuver
              provenance designed
              text "No effect."
            }
            """
        ),
    ),
    LintCode(
        "E003",
        Severity.ERROR,
        "script too large or too deeply nested",
        f"Scripts over {MAX_CARD_FILE_BYTES // 1024} KiB (a file's size is checked before it is read), "
        f"scripts of more than {MAX_SCRIPT_TOKENS:,} words, numbers and symbols (counted before they "
        "are parsed, so a long chain such as 1+1+1... is refused at once), blocks and brackets nested "
        "more than 40 levels, and parse trees more than 200 levels deep are refused before anything "
        "else runs, so a hostile or generated file cannot make the linter or the engine run out of "
        "time or stack. A real card is a few hundred bytes, under a hundred words and symbols, and a "
        "few levels deep: simplify the expression or split the effect.",
        _text(
            f"""
            card "Deep Thought" {{
              id deep-thought
              type maneuver
              provenance designed
              text "+1 Power."
              play {{
                +{_DEEP} power
              }}
            }}
            """
        ),
        _text(
            """
            card "Deep Thought" {
              id deep-thought
              type maneuver
              provenance designed
              text "+1 Power."
              play {
                +1 power
              }
            }
            """
        ),
    ),
    LintCode(
        "E004",
        Severity.ERROR,
        "card file not a regular file inside its set folder",
        "A card file (or a set's set.toml) is read only when it is a regular file inside the set's "
        "folder. A link pointing out of the folder (to a file in your home, say), a device such as "
        "/dev/zero, a FIFO, a socket or a folder named like a card file is reported and never read, "
        "so a set from a stranger cannot make the tool read, show or wait on anything outside it. "
        "A link to another file inside the same set folder is read. Copy the file into the set "
        "folder, or rename the folder that is named like a card file.",
        _text(
            """
            # file: lembas.card/notes.txt
            Notes on Lembas, kept in a folder named like a card file.
            """
        ),
        _text(
            """
            # file: lembas.card
            card "Lembas" {
              id lembas
              type artifact
              cost 2
              provenance designed
              text "Draw a card."
              play {
                draw 1
              }
            }
            # file: notes/lembas.txt
            Notes on Lembas, kept in a folder of their own.
            """
        ),
        kind="set",
    ),
    # ------------------------------------------------------------------ vocabulary
    LintCode(
        "E110",
        Severity.ERROR,
        "unknown command",
        "The first word of a statement must be one of the game's commands (draw, discard, gain, "
        "destroy, reveal, put, look at, take, return, keep, play). Power, attacks and triggers have "
        "their own syntax ('+2 power', 'attack each opponent { ... }', 'at end of turn { ... }') and are not "
        "written as commands. A misspelt command would otherwise do nothing in a game.",
        _text(
            """
            card "Gandalf" {
              id gandalf
              type ally
              provenance designed
              text "Draw 2 cards."
              play {
                drow 2
              }
            }
            """
        ),
        _text(
            """
            card "Gandalf" {
              id gandalf
              type ally
              provenance designed
              text "Draw 2 cards."
              play {
                draw 2
              }
            }
            """
        ),
    ),
    LintCode(
        "E111",
        Severity.ERROR,
        "unknown zone",
        "A zone ('from hand', 'in path', 'on bottom of main deck') must be one the game has, or the "
        "command would have no cards to act on. The hint suggests the closest zone name.",
        _text(
            """
            card "Grave Robber" {
              id grave-robber
              type ally
              provenance designed
              text "Destroy up to 1 card from your discard pile."
              play {
                destroy up to 1 card from graveyard
              }
            }
            """
        ),
        _text(
            """
            card "Grave Robber" {
              id grave-robber
              type ally
              provenance designed
              text "Destroy up to 1 card from your discard pile."
              play {
                destroy up to 1 card from discard pile
              }
            }
            """
        ),
    ),
    LintCode(
        "E112",
        Severity.ERROR,
        "unknown card type",
        "Card types (in the 'type' field, in selections such as '2 enemies from path', in "
        "'where type is ...' and in 'if X is ...') must be types the game knows, or the card could "
        "never be bought, played or matched as intended.",
        _text(
            """
            card "Rohirrim" {
              id rohirrim
              type alley
              provenance designed
              text "+2 Power."
              play {
                +2 power
              }
            }
            """
        ),
        _text(
            """
            card "Rohirrim" {
              id rohirrim
              type ally
              provenance designed
              text "+2 Power."
              play {
                +2 power
              }
            }
            """
        ),
    ),
    LintCode(
        "E113",
        Severity.ERROR,
        "unknown player phrase",
        "An attack names who it hits with one of the known player phrases (each opponent, each "
        "player, each other player, opponents, other players, every player, player to your left, "
        "player to your right, chosen opponent, chosen player, you). Anything else would attack nobody.",
        _text(
            """
            card "Orc Raiders" {
              id orc-raiders
              type enemy
              provenance designed
              text "Attack: each opponent gains a Corruption."
              play {
                attack every opponent {
                  gain a corruption
                }
              }
            }
            """
        ),
        _text(
            """
            card "Orc Raiders" {
              id orc-raiders
              type enemy
              provenance designed
              text "Attack: each opponent gains a Corruption."
              play {
                attack each opponent {
                  gain a corruption
                }
              }
            }
            """
        ),
    ),
    LintCode(
        "E114",
        Severity.ERROR,
        "unknown trigger",
        "A 'when ...' or 'at ...' block must name an event the engine raises (such as 'when you "
        "buy', 'when you destroy a card you control', 'at end of turn'), and only some of them take "
        "a card filter after the phrase. A trigger the engine never raises would silently never fire.",
        _text(
            """
            card "Hasty Scout" {
              id hasty-scout
              type ally
              provenance designed
              text "When you shuffle, draw 1 card."
              when you shuffle {
                draw 1
              }
            }
            """
        ),
        _text(
            """
            card "Hasty Scout" {
              id hasty-scout
              type ally
              provenance designed
              text "When you buy a card, draw 1 card."
              when you buy {
                draw 1
              }
            }
            """
        ),
    ),
    LintCode(
        "E115",
        Severity.ERROR,
        "unknown condition",
        "A condition that is not a comparison ('number of ... >= 2'), a card test ('X is enemy', "
        "'X named \"...\"') or one of the game's known states ('the wall is breached', 'it is your "
        "turn', ...) cannot be evaluated, so the branch would never run.",
        _text(
            """
            card "Deeping Wall" {
              id deeping-wall
              type location
              provenance designed
              text "If the Wall is broken, draw 1 card."
              play {
                if the wall is broken {
                  draw 1
                }
              }
            }
            """
        ),
        _text(
            """
            card "Deeping Wall" {
              id deeping-wall
              type location
              provenance designed
              text "If the Wall is breached, draw 1 card."
              play {
                if the wall is breached {
                  draw 1
                }
              }
            }
            """
        ),
    ),
    LintCode(
        "E116",
        Severity.ERROR,
        "unknown measure",
        "A number taken from cards ('... of cards in hand') must use one of the known measures: "
        "number, highest cost, lowest cost, total cost, cost, level, different types. Any other would "
        "count as 0.",
        _text(
            """
            card "Counting Coins" {
              id counting-coins
              type maneuver
              provenance designed
              text "+1 Power for each card in your hand."
              play {
                +count of cards in hand power
              }
            }
            """
        ),
        _text(
            """
            card "Counting Coins" {
              id counting-coins
              type maneuver
              provenance designed
              text "+1 Power for each card in your hand."
              play {
                +number of cards in hand power
              }
            }
            """
        ),
    ),
    LintCode(
        "E117",
        Severity.ERROR,
        "unknown card attribute",
        "A 'where' test must look at an attribute cards have: name, cost, power, level, victory, "
        "type, title or text. A test on anything else matches no card.",
        _text(
            """
            card "Sorting Hat" {
              id sorting-hat
              type artifact
              provenance designed
              text "Destroy up to 1 card that costs 2 or less from your hand."
              play {
                destroy up to 1 card from hand where price <= 2
              }
            }
            """
        ),
        _text(
            """
            card "Sorting Hat" {
              id sorting-hat
              type artifact
              provenance designed
              text "Destroy up to 1 card that costs 2 or less from your hand."
              play {
                destroy up to 1 card from hand where cost <= 2
              }
            }
            """
        ),
    ),
    LintCode(
        "E118",
        Severity.ERROR,
        "unknown provenance or deck",
        "'provenance' says whether a card comes from the rulebook or was designed (rulebook or "
        "designed), and 'deck' which pile it starts in (main, starter, hero, starting, valor, "
        "corruption, archenemy, impossible archenemy, wall, breach, one ring). Other values would "
        "put the card nowhere, or misreport where it came from.",
        _text(
            """
            card "Rohan Scout" {
              id rohan-scout
              type ally
              provenance invented
              text "+1 Power."
              play {
                +1 power
              }
            }
            """
        ),
        _text(
            """
            card "Rohan Scout" {
              id rohan-scout
              type ally
              provenance designed
              text "+1 Power."
              play {
                +1 power
              }
            }
            """
        ),
    ),
    # ------------------------------------------------------------------ shape of statements
    LintCode(
        "E119",
        Severity.ERROR,
        "not part of this game",
        "Each game family offers its own fields, abilities and statements: the deck-building games "
        "have Power, Attacks and Defenses, the Adventure Deck has directions, aggression, tokens on "
        "counters and effects that wait for the next turn, the LCG has damage, progress, resources, "
        "threat and stat changes. "
        "A card that uses what its family does not have could never do what it says. Move the card "
        "to a set of the right family (its set.toml names the family) or write it with what its "
        "family offers (the hint lists it).",
        _text(
            """
            card "Old Road" {
              id old-road
              type location
              provenance designed
              text "Next turn, draw a card."
              play {
                next turn {
                  draw 1
                }
              }
            }
            """
        ),
        _text(
            """
            card "Old Road" {
              id old-road
              type location
              provenance designed
              text "At the end of this turn, draw a card."
              play {
                at end of turn {
                  draw 1
                }
              }
            }
            """
        ),
    ),
    LintCode(
        "E120",
        Severity.ERROR,
        "selection or test does not fit",
        "What a command or test is given must fit it: a selection of cards must say where the cards "
        "come from ('gain an enemy from path', not 'gain an enemy') unless the command has a default "
        "zone, and a 'where' test must compare numbers with numbers and text with text "
        "('cost <= 2', 'name is \"Valor\"', 'text contains \"Power\"').",
        _text(
            """
            card "Recruiter" {
              id recruiter
              type ally
              provenance designed
              text "Gain an Enemy from the Path."
              play {
                gain an enemy
              }
            }
            """
        ),
        _text(
            """
            card "Recruiter" {
              id recruiter
              type ally
              provenance designed
              text "Gain an Enemy from the Path."
              play {
                gain an enemy from path
              }
            }
            """
        ),
    ),
    LintCode(
        "E121",
        Severity.ERROR,
        "missing or unexpected destination",
        "'put' must say where the cards go ('on top of ...', 'on bottom of ...', 'under X'), other "
        "commands take no destination, and a position is either top or bottom. Without a "
        "destination the engine cannot move the cards.",
        _text(
            """
            card "Palantir" {
              id palantir
              type artifact
              provenance designed
              text "Put an Enemy from the Path on the bottom of the main deck."
              play {
                put 1 enemy from path
              }
            }
            """
        ),
        _text(
            """
            card "Palantir" {
              id palantir
              type artifact
              provenance designed
              text "Put an Enemy from the Path on the bottom of the main deck."
              play {
                put 1 enemy from path on bottom of main deck
              }
            }
            """
        ),
    ),
    LintCode(
        "E122",
        Severity.ERROR,
        "unknown guard",
        "A 'without ...' guard is only understood where the game defines one: 'group ambush without "
        "defense' and 'attack ... without defense' (the attack cannot be defended against), and "
        "'reveal ... without reshuffle'. An unknown guard would be silently ignored.",
        _text(
            """
            card "Uruk Horde" {
              id uruk-horde
              type enemy
              provenance designed
              text "Group Ambush: each player gains a Corruption. This cannot be avoided."
              group ambush without mercy {
                gain a corruption
              }
            }
            """
        ),
        _text(
            """
            card "Uruk Horde" {
              id uruk-horde
              type enemy
              provenance designed
              text "Group Ambush: each player gains a Corruption. This cannot be avoided."
              group ambush without defense {
                gain a corruption
              }
            }
            """
        ),
    ),
    LintCode(
        "E123",
        Severity.ERROR,
        "unknown counter",
        "Tokens go on the counters a game keeps (in the Adventure Deck: the witch king track, health, "
        "wounds, attack, armor, weapons, aid, ring and the turn track). A counter the game does not "
        "keep is a typo or a counter from another game; the hint suggests the nearest one.",
        _text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 4
            family = "adventure-deck"
            # file: nazgul.card
            card "Nazgul" {
              id nazgul
              type enemy
              aggression 3
              directions left 1 up 3
              provenance designed
              text "A Witch King token goes on the track."
              effect {
                add 1 token to witch kings track
              }
            }
            """
        ),
        _text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 4
            family = "adventure-deck"
            # file: nazgul.card
            card "Nazgul" {
              id nazgul
              type enemy
              aggression 3
              directions left 1 up 3
              provenance designed
              text "A Witch King token goes on the track."
              effect {
                add 1 token to witch king track
              }
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "E124",
        Severity.ERROR,
        "selection part the command does not honour",
        "Each command declares which parts of a selection it honours: a zone to take cards from "
        "(and which zones), 'where', a number, 'up to', 'all', 'random', 'as X' and a named card "
        "('this', 'it', X). A part it would ignore is refused rather than run differently from "
        "what it says: 'reveal' reveals from the top of your deck only, and Wall cards are drawn "
        "from the top, a number of them, never chosen. Counting ('number of', 'for "
        "each', '+N power for each') takes every matching card, so a quantity there is refused "
        "too. The reference lists what each command honours.",
        _text(
            """
            card "Treasure Hunt" {
              id treasure-hunt
              type maneuver
              provenance designed
              text "Reveal the top card of your discard pile."
              play {
                reveal 1 card from discard pile
              }
            }
            """
        ),
        _text(
            """
            card "Treasure Hunt" {
              id treasure-hunt
              type maneuver
              provenance designed
              text "Put a card from your discard pile into your hand."
              play {
                draw a card from discard pile
              }
            }
            """
        ),
    ),
    LintCode(
        "E125",
        Severity.ERROR,
        "command or ability that does not run where it is written",
        "Some statements only mean what they say in some places. Power belongs to the player whose "
        "turn it is, so '+N power' is refused inside an Attack's block, a Defense or an Ambush, "
        "where 'you' is another player. A hero card stays by its player all game and is never "
        "played, bought or attacked with: only its 'ongoing' ability and its 'when'/'at' abilities "
        "run, so any other ability on a hero card is refused.",
        _text(
            """
            card "Warg Raid" {
              id warg-raid
              type enemy
              cost 3
              provenance designed
              text "Attack: each opponent gains a Corruption and you get +1 Power."
              play {
                attack each opponent {
                  gain a corruption
                  +1 power
                }
              }
            }
            """
        ),
        _text(
            """
            card "Warg Raid" {
              id warg-raid
              type enemy
              cost 3
              provenance designed
              text "Attack: each opponent gains a Corruption. +1 Power."
              play {
                attack each opponent {
                  gain a corruption
                }
                +1 power
              }
            }
            """
        ),
    ),
    LintCode(
        "E126",
        Severity.ERROR,
        "'for the first time this turn' where it cannot go",
        "'for the first time this turn' makes a 'when you ...' trigger fire only for the first event of "
        "its kind this turn. It goes after a phrase about your own events ('when you play an ally'); "
        "after an 'at' moment, or a phrase about this card itself ('when gained'), it would mean "
        "nothing the engine could count, so it is refused.",
        _text(
            """
            card "Green Hill Road" {
              id green-hill-road
              type location
              cost 3
              provenance designed
              text "The first time this is gained each turn, draw a card."
              when gained for the first time this turn {
                draw 1
              }
            }
            """
        ),
        _text(
            """
            card "Green Hill Road" {
              id green-hill-road
              type location
              cost 3
              provenance designed
              text "The first time you gain an Ally each turn, draw a card."
              when you gain an ally for the first time this turn {
                draw 1
              }
            }
            """
        ),
    ),
    LintCode(
        "E321",
        Severity.ERROR,
        "'first time this turn' written another way",
        "Other card games put 'the first time each turn' first, or say 'when you first play an ally'. "
        "Here the words go last, as 'for the first time this turn', after a 'when you ...' phrase "
        "about your own events: 'when you play an ally for the first time this turn'. Written "
        "anywhere else or otherwise, the words would be read as part of the kind of card or of the "
        "phrase, so the linter names the trigger as it is written here instead.",
        _text(
            """
            card "Bywater Inn" {
              id bywater-inn
              type location
              cost 3
              provenance designed
              text "The first time you play an Ally each turn, draw a card."
              when first time this turn you play an ally {
                draw 1
              }
            }
            """
        ),
        _text(
            """
            card "Bywater Inn" {
              id bywater-inn
              type location
              cost 3
              provenance designed
              text "The first time you play an Ally each turn, draw a card."
              when you play an ally for the first time this turn {
                draw 1
              }
            }
            """
        ),
    ),
    LintCode(
        "E127",
        Severity.ERROR,
        "unknown 'while' phrase, or a 'while' block holding other effects",
        "A 'while in front of you { ... }' ability holds cost changes that hold while the card is in "
        "front of its owner. Any other phrase after 'while', or any other statement in the block, "
        "would not run as written: effects that happen at a moment go in an 'ongoing' block or a "
        "'when'/'at' ability.",
        _text(
            """
            card "Toll Bridge" {
              id toll-bridge
              type location
              cost 3
              provenance designed
              text "While this is in front of you, Allies cost you 1 less."
              while in play {
                all allies cost 1 less
              }
            }
            """
        ),
        _text(
            """
            card "Toll Bridge" {
              id toll-bridge
              type location
              cost 3
              provenance designed
              text "While this is in front of you, Allies cost you 1 less."
              while in front of you {
                all allies cost 1 less
              }
            }
            """
        ),
    ),
    LintCode(
        "E128",
        Severity.ERROR,
        "cost change that could change nothing",
        "A cost change written in an effect lasts the rest of the turn, in which only you buy: one "
        "'for opponents' would change nothing, so it is refused (put it in a 'while in front of "
        "you' block, where it holds on their turns too). In such a block, 'next ... costs' is refused: "
        "a change that holds while a card is in front of you is 'all ...'.",
        _text(
            """
            card "Hard Bargain" {
              id hard-bargain
              type maneuver
              cost 3
              provenance designed
              text "Enemies cost 1 more for your opponents this turn."
              play {
                all enemies cost 1 more for opponents
              }
            }
            """
        ),
        _text(
            """
            card "Hard Bargain" {
              id hard-bargain
              type location
              cost 3
              provenance designed
              text "While this is in front of you, Enemies cost 1 more for your opponents."
              while in front of you {
                all enemies cost 1 more for opponents
              }
            }
            """
        ),
    ),
    LintCode(
        "E129",
        Severity.ERROR,
        "action ability that could never be used",
        "An action is used during your main phase while its card is in front of you or played this "
        "turn. A Fortune is destroyed as soon as it resolves, so its action could never be used: "
        "it is refused.",
        _text(
            """
            card "Lucky Find" {
              id lucky-find
              type fortune
              cost 3
              provenance designed
              text "Action: +1 Power."
              action once per turn {
                +1 power
              }
            }
            """
        ),
        _text(
            """
            card "Lucky Find" {
              id lucky-find
              type fortune
              cost 3
              provenance designed
              text "Fortune: +1 Power."
              fortune {
                +1 power
              }
            }
            """
        ),
    ),
    LintCode(
        "E130",
        Severity.ERROR,
        "name used before it is given",
        "A capitalised name such as X refers to cards named earlier with 'as X' in the same ability "
        "(or an enclosing block). Used without that, it refers to nothing, and the command would act "
        "on no card.",
        _text(
            """
            card "Scout Ahead" {
              id scout-ahead
              type maneuver
              provenance designed
              text "Reveal the top card of your deck. If it is an Enemy, destroy it."
              play {
                reveal 1 card from deck
                if X is enemy {
                  destroy X
                }
              }
            }
            """
        ),
        _text(
            """
            card "Scout Ahead" {
              id scout-ahead
              type maneuver
              provenance designed
              text "Reveal the top card of your deck. If it is an Enemy, destroy it."
              play {
                reveal 1 card from deck as X
                if X is enemy {
                  destroy X
                }
              }
            }
            """
        ),
    ),
    LintCode(
        "E132",
        Severity.ERROR,
        "cost for several players written wrongly",
        "'for each player { cost ... }' at the top of a paid ability is a cost every player pays: the "
        "ability can be used only when each of them can pay their part, and then each pays. It takes "
        "'each player' only (a player found by a choice, or some of the players, could not be told "
        "before the cost is paid) and holds only 'cost' lines: an effect among them would resolve "
        "before the other players paid.",
        _text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 4
            family = "lcg"
            # file: rope-bridge.card
            card "Rope Bridge" {
              id rope-bridge
              type location
              threat 1
              quest-points 3
              provenance designed
              text "Travel: every player exhausts 1 of their heroes to travel here."
              travel {
                for each player {
                  cost exhaust a hero in your play area
                  draw 1
                }
              }
            }
            """
        ),
        _text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 4
            family = "lcg"
            # file: rope-bridge.card
            card "Rope Bridge" {
              id rope-bridge
              type location
              threat 1
              quest-points 3
              provenance designed
              text "Travel: every player exhausts 1 of their heroes to travel here."
              travel {
                for each player {
                  cost exhaust a hero in your play area
                }
              }
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "E133",
        Severity.ERROR,
        "cancel at a moment that cannot be cancelled",
        "'cancel' stops what is about to happen: a When Revealed or shadow effect, damage, a stage "
        "being defeated, a card readying, a draw. It works only in an ability answering such a "
        "moment before it happens (a 'when ... would ...' trigger); answering a moment that has "
        "passed ('after ...'), it would cancel nothing.",
        _text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 4
            family = "lcg"
            # file: quiet-glade.card
            card "Quiet Glade" {
              id quiet-glade
              type location
              threat 1
              quest-points 3
              provenance designed
              text "While this is the active location, players cannot draw cards."
              forced after you travel to this {
                if this is active {
                  cancel
                }
              }
            }
            """
        ),
        _text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 4
            family = "lcg"
            # file: quiet-glade.card
            card "Quiet Glade" {
              id quiet-glade
              type location
              threat 1
              quest-points 3
              provenance designed
              text "While this is the active location, players cannot draw cards."
              forced when a player would draw {
                if this is active {
                  cancel
                }
              }
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "E134",
        Severity.ERROR,
        "command on this card, which is of a type it does not act on",
        "Some commands act on cards of some types only: 'trample' and 'elude' on enemies, "
        "'beckon' on locations, 'return' on encounter cards. Written on 'this' of a card of "
        "another type, such a command would leave the card as it is.",
        _lcg(
            """
            # file: stone-giant.card
            card "Stone Giant" {
              id stone-giant
              type location
              threat 1
              quest-points 3
              provenance designed
              text "Its attacks spill excess damage onto threat."
              while in play {
                trample this
              }
            }
            """
        ),
        _lcg(
            """
            # file: stone-giant.card
            card "Stone Giant" {
              id stone-giant
              type enemy
              engagement-cost 30
              threat 1
              attack 5
              defense-strength 2
              hit-points 6
              provenance designed
              text "Its attacks spill excess damage onto threat."
              while in play {
                trample this
              }
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "E135",
        Severity.ERROR,
        "condition about cards of another type than this card",
        "Some conditions are about this card as a card of some types: 'dealt a shadow card "
        "without effect' reads the shadow cards dealt to this enemy. On a card of another type "
        "the condition could never hold.",
        _lcg(
            """
            # file: howling-hill.card
            card "Howling Hill" {
              id howling-hill
              type location
              threat 1
              quest-points 3
              provenance designed
              text "Nothing happens here."
              forced after you travel to this {
                if dealt a shadow card without effect {
                  raise threat by 1
                }
              }
            }
            """
        ),
        _lcg(
            """
            # file: howling-wolf.card
            card "Howling Wolf" {
              id howling-wolf
              type enemy
              engagement-cost 30
              threat 1
              attack 5
              defense-strength 2
              hit-points 6
              provenance designed
              text "After it attacks with a blank shadow card, threat goes up by 1."
              forced after this attacks {
                if dealt a shadow card without effect {
                  raise threat by 1
                }
              }
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "E136",
        Severity.ERROR,
        "while condition about cards of another type than this card",
        "Some 'while' conditions hold only for cards of some types: 'in staging area with "
        "another enemy' for the encounter cards that sit in the staging area (enemies, "
        "locations, objectives). On a card of another type the block would never hold.",
        _lcg(
            """
            # file: shy-ally.card
            card "Shy Ally" {
              id shy-ally
              type ally
              sphere lore
              cost 1
              willpower 1
              attack 0
              defense-strength 0
              hit-points 1
              provenance designed
              text "Hides beside enemies."
              while in staging area with another enemy {
                give +1 willpower to this
              }
            }
            """
        ),
        _lcg(
            """
            # file: shy-sniper.card
            card "Shy Sniper" {
              id shy-sniper
              type enemy
              engagement-cost 30
              threat 1
              attack 5
              defense-strength 2
              hit-points 6
              provenance designed
              text "No one engages it by choice beside another enemy."
              while in staging area with another enemy {
                elude this
              }
            }
            """
        ),
        kind="set",
    ),
    # ------------------------------------------------------------------ card data
    LintCode(
        "E140",
        Severity.ERROR,
        "missing required field",
        "Every card needs an 'id', a 'type', a 'provenance' and its printed 'text': the id names the "
        "card in saves and records, the type decides how it is played, and provenance and text let "
        "a reader check the script against the card.",
        _text(
            """
            card "Lembas" {
              id lembas
              type artifact
              text "+1 Power."
              play {
                +1 power
              }
            }
            """
        ),
        _text(
            """
            card "Lembas" {
              id lembas
              type artifact
              provenance designed
              text "+1 Power."
              play {
                +1 power
              }
            }
            """
        ),
    ),
    LintCode(
        "E141",
        Severity.ERROR,
        "field or ability given twice",
        "A field or an ability (play, defense, ambush, ...) may appear once per card; when it appears "
        "twice, one of them is an edit left behind and it is not clear which the author meant. "
        "Several 'when' and 'at' triggers are fine.",
        _text(
            """
            card "Lembas" {
              id lembas
              type artifact
              cost 2
              cost 3
              provenance designed
              text "+1 Power."
              play {
                +1 power
              }
            }
            """
        ),
        _text(
            """
            card "Lembas" {
              id lembas
              type artifact
              cost 3
              provenance designed
              text "+1 Power."
              play {
                +1 power
              }
            }
            """
        ),
    ),
    LintCode(
        "E142",
        Severity.ERROR,
        "number out of range",
        "cost must be 0 to 20, power 0 to 12, copies 1 to 40 and level 1 to 4; a value outside is "
        "almost always a typo ('cost 30' for 'cost 3') that would unbalance every game it is in. A "
        f"number written in a script lies within plus or minus {SCRIPT_NUMBER_MAX:,}, the range of every number a "
        "script computes (a computed number outside it stops the game with an error naming the card).",
        _text(
            """
            card "Lembas" {
              id lembas
              type artifact
              cost 30
              provenance designed
              text "+1 Power."
              play {
                +1 power
              }
            }
            """
        ),
        _text(
            """
            card "Lembas" {
              id lembas
              type artifact
              cost 3
              provenance designed
              text "+1 Power."
              play {
                +1 power
              }
            }
            """
        ),
    ),
    LintCode(
        "E143",
        Severity.ERROR,
        "what is designed, said wrong",
        "A card's 'designed' field names the facts of it that are ours rather than a rulebook's: "
        "name, effect, cost, power, victory, copies, level, starting-card, aggression, directions, or "
        "'none'. A card whose provenance is 'rulebook' must have one, so that no designed number "
        "passes for the rulebook's; it cannot name 'effect' (its effect is the rulebook's, or its "
        "provenance is 'designed'), and no card may name a fact it does not carry or a fact twice. "
        "A designed card without the field is designed through and through.",
        _text(
            """
            card "Horn of the Mark" {
              id horn-of-the-mark
              type artifact
              cost 4
              copies 2
              provenance rulebook
              text "+2 Power."
              play {
                +2 power
              }
            }
            """
        ),
        _text(
            """
            card "Horn of the Mark" {
              id horn-of-the-mark
              type artifact
              cost 4
              copies 2
              provenance rulebook
              designed "cost copies"
              text "+2 Power."
              play {
                +2 power
              }
            }
            """
        ),
    ),
    LintCode(
        "E144",
        Severity.ERROR,
        "division by zero",
        "A number divided ('/', rounded down) or a remainder taken ('%') by a divisor written as 0 "
        "has no value. Divide by the number meant; a divisor worked out in play that comes to 0 "
        "stops the game with an error naming the card.",
        _text(
            """
            card "Share the Spoils" {
              id share-the-spoils
              type maneuver
              cost 2
              provenance designed
              text "+1 Power for every two cards in your hand."
              play {
                +number of cards in hand / 0 power
              }
            }
            """
        ),
        _text(
            """
            card "Share the Spoils" {
              id share-the-spoils
              type maneuver
              cost 2
              provenance designed
              text "+1 Power for every two cards in your hand."
              play {
                +number of cards in hand / 2 power
              }
            }
            """
        ),
    ),
    LintCode(
        "E145",
        Severity.ERROR,
        "not a choice of a player",
        "'choose' followed by a player is written 'choose a player as P' (you may choose yourself), "
        "'choose an opponent as P' or 'choose another player as P': one player, of a kind the "
        "family knows, named so that 'for each P { ... }' can act on them. A solo game has no one "
        "to choose (E119).",
        _text(
            """
            card "Summons" {
              id summons
              type maneuver
              cost 2
              provenance designed
              text "Choose an opponent. They draw a card."
              play {
                choose 2 opponents
                draw 1
              }
            }
            """
        ),
        _text(
            """
            card "Summons" {
              id summons
              type maneuver
              cost 2
              provenance designed
              text "Choose an opponent. They draw a card."
              play {
                choose an opponent as P
                for each P {
                  draw 1
                }
              }
            }
            """
        ),
    ),
    LintCode(
        "E146",
        Severity.ERROR,
        "a player used as cards or a number",
        "A name given by 'choose a player as P' stands for a player: the statements that act on "
        "that player go in 'for each P { ... }', where 'you' is P. It cannot be put where cards "
        "('draw P') or a number ('+P power') go.",
        _text(
            """
            card "Summons" {
              id summons
              type maneuver
              cost 2
              provenance designed
              text "Choose an opponent. They discard a card."
              play {
                choose an opponent as P
                discard P
              }
            }
            """
        ),
        _text(
            """
            card "Summons" {
              id summons
              type maneuver
              cost 2
              provenance designed
              text "Choose an opponent. They discard a card."
              play {
                choose an opponent as P
                for each P {
                  discard a card from hand
                }
              }
            }
            """
        ),
    ),
    LintCode(
        "E147",
        Severity.ERROR,
        "no owner's pile",
        "'its owner's ZONE' is the zone of the player the card belongs to ('its holder's ZONE': of "
        "the player whose zone holds it now): only a zone each player has one of (deck, discard "
        "pile, hand) has an owner's, and only a command that moves cards to a destination ('put') takes one.",
        _text(
            """
            card "Send Them Home" {
              id send-them-home
              type maneuver
              cost 2
              provenance designed
              text "Each player reveals a card; put one back."
              play {
                for each player {
                  reveal 1 card
                }
                put a card from revealed by any player on top of its owner's path
              }
            }
            """
        ),
        _text(
            """
            card "Send Them Home" {
              id send-them-home
              type maneuver
              cost 2
              provenance designed
              text "Each player reveals a card; put one back."
              play {
                for each player {
                  reveal 1 card
                }
                put a card from revealed by any player on bottom of its owner's deck
              }
            }
            """
        ),
    ),
    # ------------------------------------------------------------------ cards and sets
    LintCode(
        "E183",
        Severity.ERROR,
        "cost that cannot be a cost",
        "An ability's cost ('cost exhaust this', 'cost remove 1 resource from this', 'cost raise threat by 2') "
        "is paid before its effect, and the ability is offered only when the cost can be paid. So a cost "
        "must be something the game can tell is payable, and it is written first in the block of an "
        "'action', a 'response' or a 'travel' ability. Anything else (a cost the game cannot check, a cost "
        "after the effect, a cost on a forced effect) would not be paid as written.",
        _text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 4
            family = "lcg"
            # file: field-healer.card
            card "Field Healer" {
              id field-healer
              type ally
              sphere lore
              cost 2
              willpower 1
              attack 0
              defense-strength 0
              hit-points 2
              provenance designed
              text "Action: exhaust this to draw a card."
              action {
                draw 1
                cost exhaust this
              }
            }
            """
        ),
        _text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 4
            family = "lcg"
            # file: field-healer.card
            card "Field Healer" {
              id field-healer
              type ally
              sphere lore
              cost 2
              willpower 1
              attack 0
              defense-strength 0
              hit-points 2
              provenance designed
              text "Action: exhaust this to draw a card."
              action {
                cost exhaust this
                draw 1
              }
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "E184",
        Severity.ERROR,
        "amount the family does not keep",
        "'deal N damage to', 'heal N damage from', 'place N progress on', 'add N resources to' and "
        "'remove N KIND from' put amounts on cards, of the kinds the game family keeps, each with its own "
        "preposition. A kind the family does not keep, or the wrong preposition, would do nothing.",
        _text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 4
            family = "lcg"
            # file: herbalist.card
            card "Herbalist" {
              id herbalist
              type ally
              sphere lore
              cost 2
              willpower 1
              attack 0
              defense-strength 0
              hit-points 2
              provenance designed
              text "Action: exhaust this to heal 1 damage from a hero."
              action {
                cost exhaust this
                heal 1 damage to a hero in play
              }
            }
            """
        ),
        _text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 4
            family = "lcg"
            # file: herbalist.card
            card "Herbalist" {
              id herbalist
              type ally
              sphere lore
              cost 2
              willpower 1
              attack 0
              defense-strength 0
              hit-points 2
              provenance designed
              text "Action: exhaust this to heal 1 damage from a hero."
              action {
                cost exhaust this
                heal 1 damage from a hero in play
              }
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "E185",
        Severity.ERROR,
        "stat change that does not say how long",
        "'give +1 willpower to X' changes a stat. Given by an effect it must say how long it lasts ('until "
        "end of phase', 'until end of round'); in a 'while' block it lasts as long as the block's "
        "condition holds and says no period. A stat the family does not have is refused too.",
        _text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 4
            family = "lcg"
            # file: banner-bearer.card
            card "Banner Bearer" {
              id banner-bearer
              type ally
              sphere lore
              cost 2
              willpower 1
              attack 0
              defense-strength 0
              hit-points 2
              provenance designed
              text "Action: exhaust this: a hero gets +1 willpower until the end of the phase."
              action {
                cost exhaust this
                give +1 willpower to a hero in play
              }
            }
            """
        ),
        _text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 4
            family = "lcg"
            # file: banner-bearer.card
            card "Banner Bearer" {
              id banner-bearer
              type ally
              sphere lore
              cost 2
              willpower 1
              attack 0
              defense-strength 0
              hit-points 2
              provenance designed
              text "Action: exhaust this: a hero gets +1 willpower until the end of the phase."
              action {
                cost exhaust this
                give +1 willpower to a hero in play until end of phase
              }
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "E186",
        Severity.ERROR,
        "limit in a period the family does not have",
        "A limit says how often one card may use an ability: 'once per turn' in the deck-building "
        "games, 'once per round' or '2 times per phase' in the LCG. A period the family does not have "
        "(or a limit on a forced effect, which resolves every time) could not be kept.",
        _text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 4
            family = "lcg"
            # file: scout.card
            card "Scout" {
              id scout
              type ally
              sphere lore
              cost 2
              willpower 1
              attack 0
              defense-strength 0
              hit-points 2
              provenance designed
              text "Action, once a round: exhaust this to draw a card."
              action once per turn {
                cost exhaust this
                draw 1
              }
            }
            """
        ),
        _text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 4
            family = "lcg"
            # file: scout.card
            card "Scout" {
              id scout
              type ally
              sphere lore
              cost 2
              willpower 1
              attack 0
              defense-strength 0
              hit-points 2
              provenance designed
              text "Action, once a round: exhaust this to draw a card."
              action once per round {
                cost exhaust this
                draw 1
              }
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "E188",
        Severity.ERROR,
        "field about an ability the card does not have",
        "Some fields say something of one of the card's abilities: an LCG event's 'action-phase' "
        "names the phase its Action may be played in. On a card without that ability the game "
        "would never read it.",
        _text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 4
            family = "lcg"
            # file: ambush.card
            card "Ambush" {
              id ambush
              type event
              sphere tactics
              cost 1
              action-phase combat
              provenance designed
              text "Response: after a character is declared as a defender, deal 1 damage to the attacker."
              response after a character is declared as a defender {
                deal 1 damage to attacking enemy
              }
            }
            """
        ),
        _text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 4
            family = "lcg"
            # file: ambush.card
            card "Ambush" {
              id ambush
              type event
              sphere tactics
              cost 1
              action-phase combat
              provenance designed
              text "Combat Action: deal 1 damage to an enemy engaged with you."
              action {
                deal 1 damage to an enemy in engagement area
              }
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "E189",
        Severity.ERROR,
        "command written for cards it cannot act on",
        "Some commands act on some card types only: 'revive' puts heroes back into play. Its cards "
        "must be named by a kind of those types ('a hero'); a wider kind ('a card', 'a character') "
        "could pick a card the command would leave where it is.",
        _text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 4
            family = "lcg"
            # file: second-chance.card
            card "Second Chance" {
              id second-chance
              type event
              sphere spirit
              cost 4
              provenance designed
              text "Action: a hero in a discard pile comes back into play."
              action {
                revive a card in any discard pile
              }
            }
            """
        ),
        _text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 4
            family = "lcg"
            # file: second-chance.card
            card "Second Chance" {
              id second-chance
              type event
              sphere spirit
              cost 4
              provenance designed
              text "Action: a hero in a discard pile comes back into play."
              action {
                revive a hero in any discard pile
              }
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "E187",
        Severity.ERROR,
        "quality given that cards cannot gain, or not in a 'while' block",
        "A 'while' block may grant a card a quality its family lets cards gain, as if printed: in "
        "the LCG a trait ('give trait gondor to attached hero') or a resource icon of a sphere "
        "('give resource-icon spirit to attached hero'). Another quality, a word it does not take, "
        "or a grant outside a 'while' block (where nothing would take it away again) is refused.",
        _text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 4
            family = "lcg"
            # file: banner.card
            card "Banner" {
              id banner
              type attachment
              sphere leadership
              cost 1
              attach-to hero
              provenance designed
              text "Attach to a hero. It counts as a Gondor hero while this is attached."
              action {
                give trait gondor to attached hero
              }
            }
            """
        ),
        _text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 4
            family = "lcg"
            # file: banner.card
            card "Banner" {
              id banner
              type attachment
              sphere leadership
              cost 1
              attach-to hero
              provenance designed
              text "Attach to a hero. It counts as a Gondor hero while this is attached."
              while attached {
                give trait gondor to attached hero
              }
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "E195",
        Severity.ERROR,
        "an action used by each player where it cannot be",
        "'action by each player' lets every player use a card's Action for themselves, a limit "
        "counted for each player apart. Only a family that offers other players' cards' Actions "
        "keeps it (the LCG), and only on a card in play: an event is played from its owner's hand.",
        _text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 4
            family = "lcg"
            # file: rally.card
            card "Rally" {
              id rally
              type event
              sphere spirit
              cost 1
              provenance designed
              text "Action: ready a hero in play."
              action by each player {
                ready a hero in play
              }
            }
            """
        ),
        _text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 4
            family = "lcg"
            # file: rally.card
            card "Rally" {
              id rally
              type event
              sphere spirit
              cost 1
              provenance designed
              text "Action: ready a hero in play."
              action {
                ready a hero in play
              }
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "E190",
        Severity.ERROR,
        "unknown card field",
        "A card's header lines are its fields, and each game family declares the fields its cards "
        "may have (the reference lists them). A field no family declares is most often a misspelt "
        "one, and a card that kept it would silently lose what it says.",
        _text(
            """
            card "Lembas" {
              id lembas
              type artifact
              cots 3
              provenance designed
              text "+1 Power."
              play {
                +1 power
              }
            }
            """
        ),
        _text(
            """
            card "Lembas" {
              id lembas
              type artifact
              cost 3
              provenance designed
              text "+1 Power."
              play {
                +1 power
              }
            }
            """
        ),
    ),
    LintCode(
        "E191",
        Severity.ERROR,
        "wrong kind of value for a field",
        "Each field takes one kind of value, as its family declares it: a whole number for 'cost', "
        "one word for 'id', a quoted text for 'text'. Any other value is refused rather than "
        "guessed at.",
        _text(
            """
            card "Lembas" {
              id lembas
              type artifact
              cost three
              provenance designed
              text "+1 Power."
              play {
                +1 power
              }
            }
            """
        ),
        _text(
            """
            card "Lembas" {
              id lembas
              type artifact
              cost 3
              provenance designed
              text "+1 Power."
              play {
                +1 power
              }
            }
            """
        ),
    ),
    LintCode(
        "E192",
        Severity.ERROR,
        "field not for this card type",
        "Some fields mean something only on some card types: a 'level' or a 'title' is an "
        "Archenemy's, a 'starting card' a hero's. On any other card the game would never read it.",
        _text(
            """
            card "Lembas" {
              id lembas
              type artifact
              level 2
              cost 3
              provenance designed
              text "+1 Power."
              play {
                +1 power
              }
            }
            """
        ),
        _text(
            """
            card "Lembas" {
              id lembas
              type artifact
              cost 3
              provenance designed
              text "+1 Power."
              play {
                +1 power
              }
            }
            """
        ),
    ),
    LintCode(
        "E197",
        Severity.ERROR,
        "destination the command cannot put cards into",
        "A command that moves cards to the top or the bottom of a pile may be limited to some piles: "
        "the LCG's 'move' puts encounter cards that were looked at back on the encounter deck. Any other "
        "destination (a player's deck, a discard pile) is one the game would not put them into.",
        _text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 4
            family = "lcg"
            # file: scout.card
            card "Scout" {
              id scout
              type ally
              sphere lore
              cost 1
              willpower 1
              attack 0
              defense-strength 0
              hit-points 1
              provenance designed
              text "Action: exhaust this to see the top encounter card; you may put it on the bottom."
              action {
                cost exhaust this
                look at a card from encounter deck
                may {
                  move all cards from looked at on top of deck
                }
              }
            }
            """
        ),
        _text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 4
            family = "lcg"
            # file: scout.card
            card "Scout" {
              id scout
              type ally
              sphere lore
              cost 1
              willpower 1
              attack 0
              defense-strength 0
              hit-points 1
              provenance designed
              text "Action: exhaust this to see the top encounter card; you may put it on the bottom."
              action {
                cost exhaust this
                look at a card from encounter deck
                may {
                  move all cards from looked at on bottom of encounter deck
                }
              }
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "E199",
        Severity.ERROR,
        "a card whose cost is x gives a cost, or a response from hand",
        "'variable-cost x' says the printed cost is X: its player chooses X when playing the card, "
        "pays X resources, and its action reads the number as X. A 'cost' beside it would be a second "
        "price the game never asks, and a Response played from hand is paid without asking for X.",
        _text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 4
            family = "lcg"
            # file: gamble.card
            card "Gamble" {
              id gamble
              type event
              sphere spirit
              variable-cost x
              cost 2
              provenance designed
              text "Action: lower your threat by X."
              action {
                reduce threat by X
              }
            }
            """
        ),
        _text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 4
            family = "lcg"
            # file: gamble.card
            card "Gamble" {
              id gamble
              type event
              sphere spirit
              variable-cost x
              provenance designed
              text "Action: lower your threat by X."
              action {
                reduce threat by X
              }
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "E131",
        Severity.ERROR,
        "a rule in a 'while' block on cards to choose",
        "A command that can hold in a 'while' block (the LCG's 'hold') holds as long as the block's "
        "condition does, and nobody is asked anything meanwhile: it must name its cards as a whole "
        "('attached enemy', 'all enemies in staging area', 'this'), not some to choose.",
        _text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 4
            family = "lcg"
            # file: trap.card
            card "Trap" {
              id trap
              type attachment
              sphere lore
              cost 1
              attach-to any engaged enemy
              provenance designed
              text "The enemy it is on makes no attacks."
              while attached {
                hold an enemy in any engagement area
              }
            }
            """
        ),
        _text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 4
            family = "lcg"
            # file: trap.card
            card "Trap" {
              id trap
              type attachment
              sphere lore
              cost 1
              attach-to any engaged enemy
              provenance designed
              text "The enemy it is on makes no attacks."
              while attached {
                hold attached enemy
              }
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "E150",
        Severity.ERROR,
        "unknown card name",
        "A card name in a script ('where name is \"...\"', 'X named \"...\"') must be the name of a "
        "card in some loaded set: the files being linted, the shipped sets, or a set given with "
        "--cards. A misspelt name would match no card.",
        _text(
            """
            card "Hope" {
              id hope
              type maneuver
              provenance designed
              text "You may destroy a Despair from your hand."
              play {
                may destroy a card from hand where name is "Dispair"
              }
            }
            """
        ),
        _text(
            """
            card "Hope" {
              id hope
              type maneuver
              provenance designed
              text "You may destroy a Despair from your hand."
              play {
                may destroy a card from hand where name is "Despair"
              }
            }
            """
        ),
    ),
    LintCode(
        "E151",
        Severity.ERROR,
        "card name used twice in a set",
        "Card names are how scripts, decks and players refer to cards, so within one set each name "
        "belongs to one card. Rename one of the cards (the hint says where the other one is).",
        _text(
            """
            # file: gandalf.card
            card "Gandalf" {
              id gandalf
              type ally
              provenance designed
              text "+2 Power."
            }
            # file: gandalf-the-white.card
            card "Gandalf" {
              id gandalf-the-white
              type ally
              provenance designed
              text "+3 Power."
            }
            """
        ),
        _text(
            """
            # file: gandalf.card
            card "Gandalf" {
              id gandalf
              type ally
              provenance designed
              text "+2 Power."
            }
            # file: gandalf-the-white.card
            card "Gandalf the White" {
              id gandalf-the-white
              type ally
              provenance designed
              text "+3 Power."
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "E152",
        Severity.ERROR,
        "card id disagrees with file name",
        "A card's file is named after its id ('id gandalf' lives in gandalf.card), so that the file "
        "for a card in a record or an error message can be found by name. Rename the file or fix "
        "the id.",
        _text(
            """
            # file: gandalf.card
            card "Gandalf the Grey" {
              id gandalf-the-grey
              type ally
              provenance designed
              text "+2 Power."
            }
            """
        ),
        _text(
            """
            # file: gandalf-the-grey.card
            card "Gandalf the Grey" {
              id gandalf-the-grey
              type ally
              provenance designed
              text "+2 Power."
            }
            """
        ),
    ),
    LintCode(
        "E153",
        Severity.ERROR,
        "card id used twice in a set",
        "Saved games and records name cards by set and id, so an id must be unique within its set, "
        "even across subfolders. Give one of the cards a new id (and rename its file).",
        _text(
            """
            # file: main/gandalf.card
            card "Gandalf" {
              id gandalf
              type ally
              provenance designed
              text "+2 Power."
            }
            # file: heroes/gandalf.card
            card "Gandalf the Wizard" {
              id gandalf
              type hero
              deck hero
              provenance designed
              text "A hero."
            }
            """
        ),
        _text(
            """
            # file: main/gandalf.card
            card "Gandalf" {
              id gandalf
              type ally
              provenance designed
              text "+2 Power."
            }
            # file: heroes/gandalf-the-wizard.card
            card "Gandalf the Wizard" {
              id gandalf-the-wizard
              type hero
              deck hero
              provenance designed
              text "A hero."
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "E160",
        Severity.ERROR,
        "set needs a newer card-script language",
        "A set's manifest says which version of the card-script language it is written in. A set "
        "written for a newer language than this lotr-rules understands may use words it would "
        "misread, so it is refused as a whole: upgrade lotr-rules.",
        _text(
            """
            code = "demo"
            name = "Demo cards"
            language = 99
            """
        ),
        _text(
            """
            code = "demo"
            name = "Demo cards"
            language = 4
            """
        ),
        kind="manifest",
    ),
    LintCode(
        "E161",
        Severity.ERROR,
        "bad set manifest",
        "A set folder needs a set.toml that is valid TOML with a 'code', a 'name' and a whole-number "
        "'language', and, if it has one, a 'starting_deck' table of card names to counts. Without "
        "them the set cannot be loaded. Every key is checked against the manifest's schema (the table "
        "of keys in the reference): a key it does not know (with the key it most resembles) and a "
        "value of the wrong kind ('code = 5', 'uses_wall = \"yes\"') are reported at the key, never "
        "ignored. A folder given as a set that holds no set.toml is refused by the loader, and the "
        "linter warns of card files outside any set. A set code that differs from its folder name is reported "
        "with this code too, as a warning: the folder name is what people look for. A set holds at "
        f"most {MAX_CARDS_PER_SET:,} card files and a starting deck at most {MAX_STARTING_COPIES} copies "
        "of a card.",
        _text(
            """
            code = "demo"
            language = 4
            """
        ),
        _text(
            """
            code = "demo"
            name = "Demo cards"
            language = 4
            """
        ),
        kind="manifest",
    ),
    LintCode(
        "E162",
        Severity.WARNING,
        "no card scripts found",
        "The paths given to 'lotr-rules lint' hold no .card files, which usually means a wrong path "
        "or a wrong file extension: a clean result would otherwise suggest the cards had been "
        "checked.",
        _text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 4
            # file: gandalf.txt
            card "Gandalf" {
              id gandalf
              type ally
              provenance designed
              text "+2 Power."
            }
            """
        ),
        _text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 4
            # file: gandalf.card
            card "Gandalf" {
              id gandalf
              type ally
              provenance designed
              text "+2 Power."
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "E163",
        Severity.ERROR,
        "set code already taken",
        "A set's code names it everywhere: in card ids, in '--sets', in mix files, saves and records. "
        "A set whose code is the code of a shipped set, or of another set loaded before it, is "
        "refused by name and not loaded: merged in, it could replace or add to the shipped rules "
        "without a word, and every record naming that code would mean something else. Give the set "
        "a code of its own, and its folder the same name.",
        _text(
            """
            code = "two-towers"
            name = "My Two Towers"
            language = 4
            """
        ),
        _text(
            """
            code = "demo"
            name = "My Two Towers"
            language = 4
            """
        ),
        kind="manifest",
    ),
    # ------------------------------------------------------------------ mix files
    LintCode(
        "E170",
        Severity.ERROR,
        "mix file is not valid toml",
        (
            "A mix file must be TOML that parses: a missing bracket or quote, a key without '=', or a "
            "value TOML does not know. The finding points where the TOML reader stopped; nothing else in "
            "the file is checked until it parses."
        ),
        _text(
            """
            sets = ["two-towers", "fellowship"
            plan = "plan-1"
            """
        ),
        _text(
            """
            sets = ["two-towers", "fellowship"]
            plan = "plan-1"
            """
        ),
        kind="mix",
    ),
    LintCode(
        "E171",
        Severity.ERROR,
        "unknown key in a mix file",
        (
            "A mix file's keys are description, sets, cards, plan, half, less_random and deck, and a "
            "less_random table chooses sets for the types ally, enemy, artifact, maneuver, location, "
            "fortune, archenemy and hero. Any other key is a misspelling (a close key is suggested) or "
            "belongs elsewhere, and would otherwise be silently ignored."
        ),
        _text(
            """
            sets = ["two-towers", "fellowship"]
            plna = "plan-1"
            """
        ),
        _text(
            """
            sets = ["two-towers", "fellowship"]
            plan = "plan-1"
            """
        ),
        kind="mix",
    ),
    LintCode(
        "E172",
        Severity.ERROR,
        "unknown set code",
        (
            "Every set code a mix file names, in sets or in a less_random table, must be a loaded set: "
            "a shipped one, one given to the linter with --cards, or one in a folder the file's cards "
            "key loads. The message lists the loaded sets, and suggests a close one."
        ),
        _text(
            """
            sets = ["two-towers", "felowship"]
            """
        ),
        _text(
            """
            sets = ["two-towers", "fellowship"]
            """
        ),
        kind="mix",
    ),
    LintCode(
        "E173",
        Severity.ERROR,
        "unknown mix plan",
        (
            "The plan is one of plan-1, plan-2, less-random and custom (see the mixing page); leave it "
            "out to put every main-deck card of the sets in play into one deck."
        ),
        _text(
            """
            sets = ["two-towers", "fellowship"]
            plan = "plan-3"
            """
        ),
        _text(
            """
            sets = ["two-towers", "fellowship"]
            plan = "plan-1"
            """
        ),
        kind="mix",
    ),
    LintCode(
        "E174",
        Severity.ERROR,
        "unknown card in a listed deck",
        (
            "Each name in a custom deck must be a card of a loaded set; names are matched without regard "
            "to case, and a close name is suggested. A card of a set that is loaded but not in play is "
            "E178 instead."
        ),
        _text(
            """
            sets = ["two-towers", "fellowship"]
            plan = "custom"

            [deck]
            "Lembass" = 5
            """
        ),
        _text(
            """
            sets = ["two-towers", "fellowship"]
            plan = "custom"

            [deck]
            "Lembas" = 5
            """
        ),
        kind="mix",
    ),
    LintCode(
        "E175",
        Severity.ERROR,
        "listed card is not a main-deck card",
        (
            "A custom deck is the main deck, so it lists only main-deck cards: not starting cards such "
            "as Courage, not Heroes, Archenemies, Corruptions or cards of The Wall, which the game sets "
            "up from the sets in play on its own."
        ),
        _text(
            """
            sets = ["two-towers", "fellowship"]
            plan = "custom"

            [deck]
            "Courage" = 5
            """
        ),
        _text(
            """
            sets = ["two-towers", "fellowship"]
            plan = "custom"

            [deck]
            "Lembas" = 5
            """
        ),
        kind="mix",
    ),
    LintCode(
        "E176",
        Severity.ERROR,
        "count is not a positive whole number",
        (
            "Each card of a custom deck is given how many copies go into the main deck: a whole number, "
            "1 or more. Leave a card out rather than giving it 0."
        ),
        _text(
            """
            sets = ["two-towers", "fellowship"]
            plan = "custom"

            [deck]
            "Lembas" = 4
            "Elven Cloak" = 0
            """
        ),
        _text(
            """
            sets = ["two-towers", "fellowship"]
            plan = "custom"

            [deck]
            "Lembas" = 4
            "Elven Cloak" = 1
            """
        ),
        kind="mix",
    ),
    LintCode(
        "E177",
        Severity.ERROR,
        "too few cards of a type for the plan",
        (
            "plan-1 deals 30 Allies, 30 Enemies, 30 Artifacts, 15 Maneuvers, 5 Locations and 5 Fortunes, "
            "so the sets in play must have at least that many of each (The Two Towers alone has 27 "
            "Allies); a card of two types counts for both. A less-random table must choose, for each "
            "type, a set that has cards of that type (Heroes and Archenemies too)."
        ),
        _text(
            """
            sets = ["two-towers"]
            plan = "plan-1"
            """
        ),
        _text(
            """
            sets = ["two-towers", "fellowship"]
            plan = "plan-1"
            """
        ),
        kind="mix",
    ),
    LintCode(
        "E178",
        Severity.ERROR,
        "set not in play",
        (
            "A less-random table (the rulebook's, or the file's changes to it) may only choose sets that "
            "are in play, and a custom deck may only list cards of sets in play: add the set to sets, or "
            "choose another."
        ),
        _text(
            """
            sets = ["two-towers"]
            plan = "less-random"
            """
        ),
        _text(
            """
            sets = ["two-towers", "fellowship"]
            plan = "less-random"
            """
        ),
        kind="mix",
    ),
    LintCode(
        "E179",
        Severity.ERROR,
        "custom deck too small",
        (
            "The Path is filled from the main deck at the start of the game, five cards, so a custom deck "
            "needs at least five cards in all; a custom plan without a deck is refused the same way."
        ),
        _text(
            """
            sets = ["two-towers", "fellowship"]
            plan = "custom"

            [deck]
            "Lembas" = 3
            """
        ),
        _text(
            """
            sets = ["two-towers", "fellowship"]
            plan = "custom"

            [deck]
            "Lembas" = 5
            """
        ),
        kind="mix",
    ),
    LintCode(
        "E180",
        Severity.ERROR,
        "set folder missing or broken",
        (
            "Each path in cards is a set folder (with a set.toml) or a folder of them, relative to the mix "
            "file. It must exist, hold a set, and load: a folder whose cards have errors would stop a game "
            "from starting, so lint the folder itself to see them."
        ),
        _text(
            """
            sets = ["two-towers", "my-cards"]
            cards = ["../my-cards"]
            """
        ),
        _text(
            """
            sets = ["two-towers", "demo"]
            cards = ["."]
            """
        ),
        kind="mix",
    ),
    LintCode(
        "E181",
        Severity.ERROR,
        "mix file value of the wrong kind",
        (
            "sets and cards are lists of text, plan and description are text, half is 1 or 2, "
            "less_random and deck are tables, and a less_random entry names a set. sets is required: a "
            "mix file always says which sets are in play."
        ),
        _text(
            """
            sets = "two-towers"
            """
        ),
        _text(
            """
            sets = ["two-towers"]
            """
        ),
        kind="mix",
    ),
    LintCode(
        "E182",
        Severity.ERROR,
        "option the plan does not use",
        (
            "half is only for plan-2, a less_random table only for less-random, and a deck only for "
            "custom. An option for another plan is a sign that the plan is not the one meant."
        ),
        _text(
            """
            sets = ["two-towers", "fellowship"]
            plan = "plan-1"

            [deck]
            "Lembas" = 5
            """
        ),
        _text(
            """
            sets = ["two-towers", "fellowship"]
            plan = "custom"

            [deck]
            "Lembas" = 5
            """
        ),
        kind="mix",
    ),
    LintCode(
        "E193",
        Severity.ERROR,
        "deck list that cannot be played",
        "A Card Game set's deck lists (decks/NAME.txt, one '3x Card Name' line a card, the heroes "
        "under a 'Heroes' heading) are read and checked as a game checks them before it starts: every "
        "line must be a card, a heading or a comment, and the deck must keep the deck-building rules "
        "(at most three copies of a title, one copy of each hero and at most three heroes, only "
        "player cards; a card of any sphere may be in any deck). The finding is at the line that "
        "breaks the rule.",
        _lcg(
            """
            # file: decks/wardens.txt
            Heroes
            1x Warden

            Allies
            3x Guard
            1x Guard
            """
        ),
        _lcg(
            """
            # file: decks/wardens.txt
            Heroes
            1x Warden

            Allies
            3x Guard
            """
        ),
        kind="set",
    ),
    LintCode(
        "E194",
        Severity.ERROR,
        "scenario file that cannot be played",
        "A Card Game set's scenarios (scenarios/NAME.toml) give the scenario's 'name', its 'quest' "
        "cards in stage order (a list in the list for a stage of alternative quest cards, one picked "
        "at random), its 'encounter_sets' and, if the first stage sets some up, the 'staging' cards. "
        "A key the file may not have, a value of the wrong kind, a quest entry that is not a quest "
        "card or not after the stage before it, a staging card of no encounter set of the "
        "scenario, and a quest card whose own setup ('setup-staging') takes a card of no encounter "
        "set of the scenario (the game would not find it in the encounter deck) are reported at the key.",
        _lcg(
            """
            # file: scenarios/dark-woods.toml
            name = "Dark Woods"
            quest = ["Trail"]
            encounter_set = ["Dark Woods"]
            """
        ),
        _lcg(
            """
            # file: scenarios/dark-woods.toml
            name = "Dark Woods"
            quest = ["Trail"]
            encounter_sets = ["Dark Woods"]
            """
        ),
        kind="set",
    ),
    LintCode(
        "E330",
        Severity.ERROR,
        "name that several cards share",
        "A card's identity is its set and its id; its title may be shared (the Card Game prints "
        "several Aragorns, and encounter cards come back in later packs). A deck list or scenario "
        "that names a card by a title several sets in view share is read in its own set first "
        "(the set whose decks or scenarios folder holds it), and a deck's Heroes heading means a "
        "hero; where the title still names several cards, or names an encounter set several sets "
        "have, it is refused with the cards it could mean. Name one by its set in parentheses, as "
        "'Aragorn (lcg-core)' (the set's code, name or short name; a player card's sphere also "
        "does). A set written there that has no card of that title is refused too, never read as "
        "another set's card.",
        _lcg(
            """
            # file: forest-spider.card
            card "Forest Spider" {
              id forest-spider
              type enemy
              engagement-cost 30
              threat 1
              attack 1
              hit-points 2
              encounter-set "Dark Woods"
              provenance designed
              text "A made-up enemy with the title of a core-set enemy."
            }
            # file: scenarios/dark-woods.toml
            name = "Dark Woods"
            quest = ["Trail"]
            encounter_sets = ["Dark Woods", "Passage Through Mirkwood"]
            staging = ["Forest Spider"]
            """
        ),
        _lcg(
            """
            # file: forest-spider.card
            card "Forest Spider" {
              id forest-spider
              type enemy
              engagement-cost 30
              threat 1
              attack 1
              hit-points 2
              encounter-set "Dark Woods"
              provenance designed
              text "A made-up enemy with the title of a core-set enemy."
            }
            # file: scenarios/dark-woods.toml
            name = "Dark Woods"
            quest = ["Trail"]
            encounter_sets = ["Dark Woods", "Passage Through Mirkwood"]
            staging = ["Forest Spider (demo)"]
            """
        ),
        kind="set",
    ),
    # ------------------------------------------------------------------ warnings
    LintCode(
        "W201",
        Severity.WARNING,
        "text promises an ability the script lacks",
        "When the card's text labels an ability ('Attack:', 'Defense:', 'Ambush:', 'Ongoing:', "
        "'Fortune:'), the script should have it too; otherwise the card does less in a game than "
        "it says. Running text such as 'avoid an Attack' is not a label and is not checked.",
        _text(
            """
            card "Warg Pack" {
              id warg-pack
              type enemy
              provenance designed
              text "Ambush: you gain a Corruption."
            }
            """
        ),
        _text(
            """
            card "Warg Pack" {
              id warg-pack
              type enemy
              provenance designed
              text "Ambush: you gain a Corruption."
              ambush {
                gain a corruption
              }
            }
            """
        ),
    ),
    LintCode(
        "W203",
        Severity.WARNING,
        "'for each' names no card",
        "'for each' over cards runs its body once per card, but without 'as X' the body cannot say "
        "which card it is acting on, which is rarely what was meant. Name the card, or use "
        "'repeat number of ...' if only the count matters.",
        _text(
            """
            card "Ride Out" {
              id ride-out
              type maneuver
              provenance designed
              text "Put each Enemy in the Path on the bottom of the main deck."
              play {
                for each enemy in path {
                  draw 1
                }
              }
            }
            """
        ),
        _text(
            """
            card "Ride Out" {
              id ride-out
              type maneuver
              provenance designed
              text "Put each Enemy in the Path on the bottom of the main deck."
              play {
                for each enemy in path as X {
                  put X on bottom of main deck
                }
              }
            }
            """
        ),
    ),
    LintCode(
        "W205",
        Severity.WARNING,
        "command can reach a card that cannot leave",
        (
            'A set\'s set.toml may list cards a rule keeps where they are ([lasting."NAME"]): The '
            "One Ring cannot be destroyed, and Breached stays in front of its player for the rest of "
            "the game. A command that would destroy such a card, or (for Breached) move it, leaves it "
            "where it is. The warning points at a command whose cards could include one (its zones can "
            "hold the card and its type and 'where' test do not rule it out), so that the card's text "
            "does not promise what the game will not do. Narrow the selection, or say in the text that "
            "those cards stay."
        ),
        _text(
            """
            card "Scorched Earth" {
              id scorched-earth
              type maneuver
              provenance designed
              text "Destroy a card you control."
              play {
                destroy a card you control
              }
            }
            """
        ),
        _text(
            """
            card "Scorched Earth" {
              id scorched-earth
              type maneuver
              provenance designed
              text "Destroy a card in your hand or discard pile."
              play {
                destroy a card from hand or discard pile
              }
            }
            """
        ),
    ),
    LintCode(
        "W206",
        Severity.WARNING,
        "control character in a card's name, text or file name",
        "A control character (other than a newline or a tab) in a card's name, its text or another "
        "quoted field, or in its file's name, is never sent raw to the terminal: every output shows "
        "it escaped, as `\\x1b` for the escape character that starts a terminal's colour and cursor "
        "sequences. But a name that shows as `Gandalf\\x1b[31m` is not one a player can read or "
        "type, and a set that holds one may be trying to rewrite what a terminal shows. The same "
        "holds for the characters that reorder or break a line unseen (a right-to-left override "
        "U+202E and the other bidirectional controls, the line separator U+2028), shown as "
        "`\\u202e`: a name holding one can read as another. Write the text without it.",
        _text(
            """
            card "Shadowfax\x1b[8m" {
              id shadowfax
              type ally
              cost 3
              provenance designed
              text "Draw 2 cards."
              play {
                draw 2
              }
            }
            """
        ),
        _text(
            """
            card "Shadowfax" {
              id shadowfax
              type ally
              cost 3
              provenance designed
              text "Draw 2 cards."
              play {
                draw 2
              }
            }
            """
        ),
    ),
    LintCode(
        "W210",
        Severity.WARNING,
        "card name used by two sets in play",
        (
            "A custom deck names cards, and play --hero names heroes, so a main-deck, Hero or Archenemy "
            "name that two sets in play both use means the card of the first of them in sets; the "
            "warning says which. Starting cards such as Courage and Despair, Corruptions and The One Ring "
            "are in each set on purpose and are not reported. Rename one of the cards if both are meant "
            "to be played."
        ),
        _text(
            """
            # file: lembas.card
            card "Lembas" {
              id lembas
              type artifact
              cost 2
              provenance designed
              text "+1 Power."
              play {
                +1 power
              }
            }
            # file: my.mix.toml
            sets = ["two-towers", "demo"]
            cards = ["."]
            """
        ),
        _text(
            """
            # file: waybread.card
            card "Waybread" {
              id waybread
              type artifact
              cost 2
              provenance designed
              text "+1 Power."
              play {
                +1 power
              }
            }
            # file: my.mix.toml
            sets = ["two-towers", "demo"]
            cards = ["."]
            """
        ),
        kind="mix",
    ),
    LintCode(
        "W211",
        Severity.WARNING,
        "set written for an older card-script language",
        "A set's manifest says which version of the card-script language its scripts are written "
        "in, and its cards are read with that version's meanings: an old set plays as it always "
        "did, beside sets of any other version. This is a nudge to move it on: 'lotr-rules fmt "
        "--upgrade SET' rewrites its cards for the current version so that they do the same (the "
        "reference's 'Language versions' lists what each version changed), or names the cards and "
        "lines a person must check, and then writes the current version in its set.toml.",
        _text(
            """
            code = "demo"
            name = "Demo cards"
            language = 1
            """
        ),
        _text(
            """
            code = "demo"
            name = "Demo cards"
            language = 4
            """
        ),
        kind="manifest",
    ),
    LintCode(
        "E300",
        Severity.ERROR,
        "old construct whose meaning cannot be kept",
        "A set written for an older version of the language is read with that version's meanings. "
        "A few old constructs meant something the current engine cannot do exactly as written, and "
        "are refused rather than run with another meaning: before version 3, an operator after a "
        "card test's number in a count belonged to the count, which inside a larger sum grouped in a "
        "way the script no longer shows; before version 2, 'draw all' from anywhere drew the whole "
        "deck and discard pile. Write it so it means the same in every version (brackets around the "
        "count or the number, the number of cards to draw), or move the set on with 'lotr-rules fmt "
        "--upgrade' and check the card.",
        _text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 2
            # file: rally.card
            card "Rally" {
              id rally
              type ally
              cost 2
              provenance designed
              text "+2 Power for each card costing 2 or less in your hand, and 2 more."
              play {
                +(2 * number of cards in hand where cost <= 2 + 1) power
              }
            }
            """
        ),
        _text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 4
            # file: rally.card
            card "Rally" {
              id rally
              type ally
              cost 2
              provenance designed
              text "+2 Power for each card costing 2 or less in your hand, and 2 more."
              play {
                +(2 * ((number of cards in hand where cost <= 2) + 1)) power
              }
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "W300",
        Severity.WARNING,
        "hero ability that never runs in its set's language",
        "Before version 2 of the language, a hero card's 'ongoing', 'when' and 'at' abilities never "
        "ran. A set written for version 1 is read that way still, so such an ability is checked by "
        "nobody and does nothing. 'lotr-rules fmt --upgrade' moves the set to the current version "
        "without it (keeping its games the same); to have it run, write the set for the current "
        "version.",
        _text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 1
            # file: warden.card
            card "Warden" {
              id warden
              type hero
              deck hero
              cost 0
              copies 1
              provenance designed
              text "At the start of your turn, +1 Power."
              ongoing {
                +1 power
              }
            }
            """
        ),
        _text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 4
            # file: warden.card
            card "Warden" {
              id warden
              type hero
              deck hero
              cost 0
              copies 1
              provenance designed
              text "At the start of your turn, +1 Power."
              ongoing {
                +1 power
              }
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "W215",
        Severity.WARNING,
        "power that can go below zero",
        "Power never goes below 0: '-3 power' with 1 Power leaves 0, and '+N power' of a negative N "
        "adds nothing below 0. A card that takes Power away without first making sure it is there "
        "('if power >= 3') is warned about, since it can take less than it says; 'pay 3 power { ... }' "
        "spends Power only when it is there. A negative amount to pay is warned about too: paying "
        "never adds Power.",
        _text(
            """
            card "Heavy Toll" {
              id heavy-toll
              type maneuver
              cost 3
              provenance designed
              text "Lose 3 Power, then draw 2 cards."
              play {
                -3 power
                draw 2
              }
            }
            """
        ),
        _text(
            """
            card "Heavy Toll" {
              id heavy-toll
              type maneuver
              cost 3
              provenance designed
              text "Pay 3 Power to draw 2 cards."
              play {
                pay 3 power {
                  draw 2
                }
              }
            }
            """
        ),
    ),
    LintCode(
        "W216",
        Severity.WARNING,
        "cost change of an amount that can be negative",
        "A cost change says which way it goes with 'less' or 'more'; its amount is how much. An "
        "amount that can come out below 0 ('costs (X - 2) less') would turn a cut into a rise: the "
        "engine takes a negative amount as no change at all, and a cost never goes below 0.",
        _text(
            """
            card "Haggling" {
              id haggling
              type maneuver
              cost 3
              provenance designed
              text "The next Ally you buy this turn costs 2 less than the number of cards in your hand."
              play {
                next ally costs number of cards in hand - 2 less
              }
            }
            """
        ),
        _text(
            """
            card "Haggling" {
              id haggling
              type maneuver
              cost 3
              provenance designed
              text "The next Ally you buy this turn costs 1 less for each card in your hand."
              play {
                next ally costs number of cards in hand less
              }
            }
            """
        ),
    ),
    LintCode(
        "W217",
        Severity.WARNING,
        "action that can be used without end",
        "An action that costs nothing and is not 'once per turn' could be used again and again. The "
        f"engine offers it at most {MAX_ACTION_USES} times a turn; say what limits it: 'action once per turn' or "
        "'action pay N power'.",
        _text(
            """
            card "Open Pantry" {
              id open-pantry
              type location
              cost 3
              provenance designed
              text "Action: draw a card."
              action {
                draw 1
              }
            }
            """
        ),
        _text(
            """
            card "Open Pantry" {
              id open-pantry
              type location
              cost 3
              provenance designed
              text "Action, once per turn: draw a card."
              action once per turn {
                draw 1
              }
            }
            """
        ),
    ),
    LintCode(
        "W218",
        Severity.WARNING,
        "a chosen player nothing acts on",
        "'choose an opponent as P' asks the player to pick someone, and only 'for each P { ... }' "
        "acts on the player picked. A choice nothing acts on asks a question whose answer changes "
        "nothing: act on the player, or leave the choice out.",
        _text(
            """
            card "Summons" {
              id summons
              type maneuver
              cost 2
              provenance designed
              text "Choose an opponent. They draw a card."
              play {
                choose an opponent as P
                draw 1
              }
            }
            """
        ),
        _text(
            """
            card "Summons" {
              id summons
              type maneuver
              cost 2
              provenance designed
              text "Choose an opponent. They draw a card."
              play {
                choose an opponent as P
                for each P {
                  draw 1
                }
              }
            }
            """
        ),
    ),
    LintCode(
        "W219",
        Severity.WARNING,
        "a repeat until that reads nothing in the game",
        "The condition of 'repeat until' is checked before each round. One made of written numbers "
        "alone ('until 1 > 2') never changes: it holds from the start, and the block never runs, or "
        f"it never holds, and the block runs as many rounds as a loop may ({MAX_LOOP_ROUNDS}). Test "
        "something the block changes: a measure, a name or a state.",
        _text(
            """
            card "Endless Search" {
              id endless-search
              type maneuver
              cost 2
              provenance designed
              text "Draw cards until you hold five."
              play {
                repeat until 5 > 4 + 1 {
                  draw 1
                }
              }
            }
            """
        ),
        _text(
            """
            card "Endless Search" {
              id endless-search
              type maneuver
              cost 2
              provenance designed
              text "Draw cards until you hold five."
              play {
                repeat until number of cards in hand >= 5 {
                  draw 1
                }
              }
            }
            """
        ),
    ),
    LintCode(
        "W220",
        Severity.WARNING,
        "deck list names an unknown card",
        "A Card Game deck list names a card that no set in view has (the sets linted, the shipped "
        "sets and those given with --cards), with the closest name as a hint. A game refuses the "
        "deck until the card exists. It is a warning, not an error, so that a set can ship its "
        "starter decks before its last cards are written; lint --strict fails on it.",
        _lcg(
            """
            # file: decks/wardens.txt
            Heroes
            1x Warden

            Allies
            3x Gaurd
            """
        ),
        _lcg(
            """
            # file: decks/wardens.txt
            Heroes
            1x Warden

            Allies
            3x Guard
            """
        ),
        kind="set",
    ),
    LintCode(
        "W221",
        Severity.WARNING,
        "scenario names an unknown card or encounter set",
        "A Card Game scenario names a quest card, a staging card or an encounter set that no card in "
        "view has. A game refuses the scenario, naming what is missing, until the cards exist; like "
        "W220 it is a warning so that a scenario can be shipped before all its cards.",
        _lcg(
            """
            # file: scenarios/dark-woods.toml
            name = "Dark Woods"
            quest = ["Trail", "Fork"]
            encounter_sets = ["Dark Woods"]
            """
        ),
        _lcg(
            """
            # file: scenarios/dark-woods.toml
            name = "Dark Woods"
            quest = ["Trail"]
            encounter_sets = ["Dark Woods"]
            """
        ),
        kind="set",
    ),
    LintCode(
        "W330",
        Severity.WARNING,
        "card differs from another set's card of its title",
        "In the deck-building games the starters and the stacks of a game of several sets come from "
        "one set, by title: Courage, Despair, Corruption and Valor are in both the Two Towers and "
        "the Fellowship sets, and a game of both deals the first set's. A starter, Valor, "
        "Corruption or One Ring card whose title another set in view also gives a card of that "
        "deck must then be the same card: the same types and fields and a script that does the "
        "same (its text, notes, provenance and copies may differ); otherwise which set comes first "
        "would change the game. Main-deck cards of one title are each their own card (a mix file "
        "says which it lists: W210), and so are the Card Game's versions of a title (E330).",
        _text(
            """
            card "Courage" {
              id courage
              type starter
              deck starter
              cost 0
              power 2
              provenance designed
              text "+2 Power."
            }
            """
        ),
        _text(
            """
            card "Courage" {
              id courage
              type starter
              deck starter
              cost 0
              power 1
              copies 20
              provenance designed
              text "+1 Power."
            }
            """
        ),
    ),
    LintCode(
        "E154",
        Severity.ERROR,
        "claim written where nothing can be claimed",
        "'claim' attaches an objective to a hero of the player claiming it. Only an objective can be "
        "claimed, by its own Action (offered to every player while it is in the staging area and free"
        " of encounters), so 'claim this' is written in an objective's Action and nowhere else.",
        _lcg(
            """
            # file: relic.card
            card "Relic" {
              id relic
              type objective
              encounter-set "Dark Woods"
              provenance designed
              text "A made-up card."
              forced at end of round {
                claim this
              }
            }
            """
        ),
        _lcg(
            """
            # file: relic.card
            card "Relic" {
              id relic
              type objective
              encounter-set "Dark Woods"
              provenance designed
              text "A made-up card."
              action by each player {
                cost raise threat by 2
                claim this
              }
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "E155",
        Severity.ERROR,
        "guard names cards that are not objectives",
        "'guard' puts the next enemy or location of the encounter deck beside an objective, which can"
        " be claimed only once that card has left the staging area. Only objectives are guarded: the "
        "cards it names must be objectives.",
        _lcg(
            """
            # file: vault.card
            card "Vault" {
              id vault
              type quest
              stage 2
              quest-points 5
              encounter-set "Dark Woods"
              provenance designed
              text "A made-up card."
              when revealed {
                guard all enemies in staging area
              }
            }
            """
        ),
        _lcg(
            """
            # file: vault.card
            card "Vault" {
              id vault
              type quest
              stage 2
              quest-points 5
              encounter-set "Dark Woods"
              provenance designed
              text "A made-up card."
              when revealed {
                guard all objectives in staging area
              }
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "E156",
        Severity.ERROR,
        "only heroes are taken prisoner or rescued",
        "'capture' takes heroes prisoner (face down, out of play) and 'rescue' brings them back. Both"
        " name heroes only, by a kind ('a hero', 'all heroes'): any other card would be left where it"
        " is.",
        _lcg(
            """
            # file: vault.card
            card "Vault" {
              id vault
              type quest
              stage 2
              quest-points 5
              encounter-set "Dark Woods"
              provenance designed
              text "A made-up card."
              when revealed {
                capture random 1 ally in any play area
              }
            }
            """
        ),
        _lcg(
            """
            # file: vault.card
            card "Vault" {
              id vault
              type quest
              stage 2
              quest-points 5
              encounter-set "Dark Woods"
              provenance designed
              text "A made-up card."
              when revealed {
                capture random 1 hero in any play area
              }
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "E157",
        Severity.ERROR,
        "set-aside outside a quest stage's setup",
        "'set-aside' takes encounter cards out of the deck before play starts, as a quest stage is "
        "set up; cards set aside come into play only when another card says so ('stage this'). "
        "Written on any other card or ability it is refused.",
        _lcg(
            """
            # file: omen.card
            card "Omen" {
              id omen
              type treachery
              encounter-set "Dark Woods"
              provenance designed
              text "A made-up card."
              when revealed {
                set-aside all enemies in encounter deck where name is "Bat"
              }
            }
            """
        ),
        _lcg(
            """
            # file: vault.card
            card "Vault" {
              id vault
              type quest
              stage 2
              quest-points 5
              encounter-set "Dark Woods"
              provenance designed
              text "A made-up card."
              when revealed {
                set-aside all enemies in encounter deck where name is "Bat"
              }
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "E158",
        Severity.ERROR,
        "darken in a while block",
        "'darken N' raises the staging area's total threat until the end of the phase. A 'while' "
        "block holds changes for as long as its condition does and says no period, so 'darken' is "
        "written in an effect (a When Revealed, a Forced effect), not in a 'while' block.",
        _lcg(
            """
            # file: vault.card
            card "Vault" {
              id vault
              type quest
              stage 2
              quest-points 5
              encounter-set "Dark Woods"
              provenance designed
              text "A made-up card."
              while in play {
                darken 1
              }
            }
            """
        ),
        _lcg(
            """
            # file: omen.card
            card "Omen" {
              id omen
              type treachery
              encounter-set "Dark Woods"
              provenance designed
              text "A made-up card."
              when revealed {
                darken 1
              }
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "E159",
        Severity.ERROR,
        "a rule written outside a while block",
        "'disarm' (cannot attack or defend), 'bar-attachments' (no attachment can be played on it) "
        "and 'ration' (one ally a round) are rules that hold as long as a 'while' block does; as a "
        "command in an effect they would do nothing, so they are refused there.",
        _lcg(
            """
            # file: vault.card
            card "Vault" {
              id vault
              type quest
              stage 2
              quest-points 5
              encounter-set "Dark Woods"
              provenance designed
              text "A made-up card."
              when revealed {
                ration all allies in any hand
              }
            }
            """
        ),
        _lcg(
            """
            # file: vault.card
            card "Vault" {
              id vault
              type quest
              stage 2
              quest-points 5
              encounter-set "Dark Woods"
              provenance designed
              text "A made-up card."
              while in play {
                ration all allies in any hand
              }
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "W224",
        Severity.WARNING,
        "ration names cards that are not allies",
        "'ration' lets the players together play at most one ally a round; it is checked only as "
        "allies are played from hand, so any other card it names is never held back by it.",
        _lcg(
            """
            # file: vault.card
            card "Vault" {
              id vault
              type quest
              stage 2
              quest-points 5
              encounter-set "Dark Woods"
              provenance designed
              text "A made-up card."
              while in play {
                ration all events in any hand
              }
            }
            """
        ),
        _lcg(
            """
            # file: vault.card
            card "Vault" {
              id vault
              type quest
              stage 2
              quest-points 5
              encounter-set "Dark Woods"
              provenance designed
              text "A made-up card."
              while in play {
                ration all allies in any hand
              }
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "W225",
        Severity.WARNING,
        "guard outside a quest stage's setup",
        "An objective is guarded as a quest stage sets it up ('guard' in the stage's When Revealed) "
        "or as it is revealed with the Guarded keyword. 'guard' on another card guards only what is "
        "in the staging area at that moment, which is seldom what the card means.",
        _lcg(
            """
            # file: omen.card
            card "Omen" {
              id omen
              type treachery
              encounter-set "Dark Woods"
              provenance designed
              text "A made-up card."
              when revealed {
                guard all objectives in staging area
              }
            }
            """
        ),
        _lcg(
            """
            # file: vault.card
            card "Vault" {
              id vault
              type quest
              stage 2
              quest-points 5
              encounter-set "Dark Woods"
              provenance designed
              text "A made-up card."
              when revealed {
                guard all objectives in staging area
              }
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "E310",
        Severity.ERROR,
        "power for each of other players",
        "Inside 'for each opponent { ... }' (or 'for each player', or a chosen player's block) 'you' "
        "is each of those players in turn, and Power is only the acting player's, on their own turn: "
        "Power added, taken, paid or read there, or a cost change, would do nothing. To gain once for "
        "each of them, write it outside the block: '+1 power for each opponent'.",
        _text(
            """
            card "Tribute" {
              id tribute
              type maneuver
              cost 2
              provenance designed
              text "+1 Power for each opponent."
              play {
                for each opponent {
                  +1 power
                }
              }
            }
            """
        ),
        _text(
            """
            card "Tribute" {
              id tribute
              type maneuver
              cost 2
              provenance designed
              text "+1 Power for each opponent."
              play {
                +1 power for each opponent
              }
            }
            """
        ),
    ),
    LintCode(
        "E311",
        Severity.ERROR,
        "card name as a number in a card test",
        "A name given with 'as' holds cards; standing as a number it is how many cards it holds. In a "
        "card test ('where cost <= X + 2') that reads like the card's cost, so it is refused: write "
        "'cost of X' for the cost of the cards it names, or 'number of X' for how many they are. A "
        "set written for language 3 keeps the count.",
        _text(
            """
            card "Climb Higher" {
              id climb-higher
              type maneuver
              cost 2
              provenance designed
              text "Reveal the top card of your deck; gain a card from the Path costing up to 2 more."
              play {
                reveal 1 card from deck as X
                gain a card from path where cost <= X + 2
              }
            }
            """
        ),
        _text(
            """
            card "Climb Higher" {
              id climb-higher
              type maneuver
              cost 2
              provenance designed
              text "Reveal the top card of your deck; gain a card from the Path costing up to 2 more."
              play {
                reveal 1 card from deck as X
                gain a card from path where cost <= cost of X + 2
              }
            }
            """
        ),
    ),
    LintCode(
        "W310",
        Severity.WARNING,
        "arithmetic after a card test's value",
        "In a count or a measure, a '*', '/' or '%' right after the value of the last card test, with no "
        "bracket, reads two ways: 'number of cards in hand where cost >= 1 / 2' is one for every two "
        "cards costing 1 or more (what language 4 does: it works on the count), or the cards costing at "
        "least 1 / 2 (what language 3 did). Brackets say which: '(number of cards in hand where cost >= "
        "1) / 2' or 'where cost >= (1 / 2)'. A '*', '/' or '%' inside a sum after the test (a sum "
        "belongs to the test) is flagged the same way.",
        _text(
            """
            card "Counting Coins" {
              id counting-coins
              type maneuver
              cost 2
              provenance designed
              text "+1 Power for every two cards costing 1 or more in your hand."
              play {
                +number of cards in hand where cost >= 1 / 2 power
              }
            }
            """
        ),
        _text(
            """
            card "Counting Coins" {
              id counting-coins
              type maneuver
              cost 2
              provenance designed
              text "+1 Power for every two cards costing 1 or more in your hand."
              play {
                +(number of cards in hand where cost >= 1) / 2 power
              }
            }
            """
        ),
    ),
    LintCode(
        "W311",
        Severity.WARNING,
        "divisor that can come to 0",
        "A divisor worked out in play (a count, a measure, a name) can come to 0. The game never stops "
        "on it: 'N / 0' is 0 and 'N % 0' is N (so that '(N / D) * D + N % D' is still N), but say what "
        "you mean when it is 0: '(if D > 0 then N / D else 0)', or divide inside an 'if' that tests it. "
        "A divisor written as 0 is an error (E144).",
        _text(
            """
            card "Share the Spoils" {
              id share-the-spoils
              type maneuver
              cost 2
              provenance designed
              text "+6 Power, shared out among the cards in the Path."
              play {
                +6 / number of cards in path power
              }
            }
            """
        ),
        _text(
            """
            card "Share the Spoils" {
              id share-the-spoils
              type maneuver
              cost 2
              provenance designed
              text "+6 Power, shared out among the cards in the Path."
              play {
                +(if number of cards in path > 0 then 6 / number of cards in path else 0) power
              }
            }
            """
        ),
    ),
    LintCode(
        "E312",
        Severity.ERROR,
        "loop of more rounds than a loop runs",
        f"A loop runs at most {MAX_LOOP_ROUNDS} rounds: 'repeat N' with N worked out in play stops there, and so does "
        "'repeat until' whose condition has not come true (the effect then goes on; the game never "
        "stops on it). A 'repeat' written with a larger number would not do what it says, so it is "
        "refused.",
        _text(
            """
            card "Endless Toil" {
              id endless-toil
              type maneuver
              cost 2
              provenance designed
              text "Gain 1 Power, 200 times."
              play {
                repeat 200 {
                  +1 power
                }
              }
            }
            """
        ),
        _text(
            """
            card "Endless Toil" {
              id endless-toil
              type maneuver
              cost 2
              provenance designed
              text "Gain 1 Power, 100 times."
              play {
                repeat 100 {
                  +1 power
                }
              }
            }
            """
        ),
    ),
    LintCode(
        "E340",
        Severity.ERROR,
        "card of two types where a card has one",
        "In the Card Game every card has exactly one type (hero, ally, attachment, event, enemy, "
        "location, treachery, objective or quest), and a game refuses a card of two. Cards that are "
        "two things at once, such as an objective ally, are not supported yet, so the script is "
        "refused here rather than when a game starts. (The deck-building games do have cards of two "
        "types.)",
        _lcg(
            """
            # file: scout.card
            card "Scout" {
              id scout
              type objective ally
              encounter-set "Dark Woods"
              provenance designed
              text "A made-up card."
            }
            """
        ),
        _lcg(
            """
            # file: scout.card
            card "Scout" {
              id scout
              type objective
              encounter-set "Dark Woods"
              provenance designed
              text "A made-up card."
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "E370",
        Severity.ERROR,
        "cards taken from a zone nothing in the ability has filled",
        "Some zones name the cards an earlier command of the same ability found: the LCG's "
        "'searched' is the cards of your deck that 'search' looked through. Taking from it in an "
        "ability where no 'search' comes first would take nothing, so the script is refused: "
        "search first, then take from what was searched.",
        _lcg(
            """
            # file: muster.card
            card "Muster" {
              id muster
              type event
              sphere leadership
              cost 1
              provenance designed
              text "Action: look through the top 5 cards of your deck for a Rohan ally and take it; shuffle your deck."
              action {
                take up to 1 ally from searched where trait is rohan
              }
            }
            """
        ),
        _lcg(
            """
            # file: muster.card
            card "Muster" {
              id muster
              type event
              sphere leadership
              cost 1
              provenance designed
              text "Action: look through the top 5 cards of your deck for a Rohan ally and take it; shuffle your deck."
              action {
                search 5 cards from deck
                take up to 1 ally from searched where trait is rohan
              }
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "E371",
        Severity.ERROR,
        "a cost change in a 'while' block that says 'next' or whose buys it changes",
        "In the Card Game a cost change written in a 'while' block ('while active { all allies cost 1 "
        "more }') is a rule of the table: while the block holds, every matching card in every "
        "player's hand costs that much more or less to play (never below 0). 'next' (one card, "
        "once) and 'for ...' (some players only) are not what it does, so they are refused.",
        _lcg(
            """
            # file: toll-ford.card
            card "Toll Ford" {
              id toll-ford
              type location
              threat 1
              quest-points 3
              encounter-set "Dark Woods"
              provenance designed
              text "While this is the active location, allies cost 1 more to play."
              while active {
                next allies cost 1 more
              }
            }
            """
        ),
        _lcg(
            """
            # file: toll-ford.card
            card "Toll Ford" {
              id toll-ford
              type location
              threat 1
              quest-points 3
              encounter-set "Dark Woods"
              provenance designed
              text "While this is the active location, allies cost 1 more to play."
              while active {
                all allies cost 1 more
              }
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "W370",
        Severity.WARNING,
        "bar-collect names cards that are not heroes",
        "'bar-collect' stops cards collecting resources in the resource phase, and only heroes collect "
        "them: any other card it names is left as it is.",
        _lcg(
            """
            # file: snare-net.card
            card "Snare Net" {
              id snare-net
              type attachment
              sphere lore
              cost 1
              attach-to character
              provenance designed
              text "Attach to a character. That card collects no resources."
              while attached {
                bar-collect attached character
              }
            }
            """
        ),
        _lcg(
            """
            # file: snare-net.card
            card "Snare Net" {
              id snare-net
              type attachment
              sphere lore
              cost 1
              attach-to hero
              provenance designed
              text "Attach to a hero. That card collects no resources."
              while attached {
                bar-collect attached hero
              }
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "W371",
        Severity.WARNING,
        "bar-commit names cards that are not characters",
        "'bar-commit' stops characters committing to the quest, and only heroes and allies commit: any "
        "other card it names (an enemy, a location) is left as it is.",
        _lcg(
            """
            # file: snare-net.card
            card "Snare Net" {
              id snare-net
              type attachment
              sphere lore
              cost 1
              attach-to enemy
              provenance designed
              text "Attach to an enemy. That card cannot commit to the quest."
              while attached {
                bar-commit attached enemy
              }
            }
            """
        ),
        _lcg(
            """
            # file: snare-net.card
            card "Snare Net" {
              id snare-net
              type attachment
              sphere lore
              cost 1
              attach-to hero
              provenance designed
              text "Attach to a hero. That card cannot commit to the quest."
              while attached {
                bar-commit attached hero
              }
            }
            """
        ),
        kind="set",
    ),
)

#: Every code, by code, in the order of the registry (errors by number, then warnings).
CODES: dict[str, LintCode] = {entry.code: entry for entry in REGISTRY}

assert len(CODES) == len(REGISTRY), "a code is listed twice"
