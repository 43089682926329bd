"""The lint codes of the vocabulary: words, zones, fields and card names the script names."""

from __future__ import annotations

from lotr_rules.diagnostics import Severity
from lotr_rules.lint.code_base import LintCode, example_text

ENTRIES: tuple[LintCode, ...] = (
    # ------------------------------------------------------------------ vocabulary
    LintCode(
        "E110",
        Severity.ERROR,
        "unknown command",
        "The first word of a statement must be one of the game's commands (draw, discard, gain, "
        "destroy, reveal, put, look at, take, return, keep, play). Power, attacks and triggers have "
        "their own syntax ('+2 power', 'attack each opponent { ... }', 'at end of turn { ... }') and are not "
        "written as commands. A misspelt command would otherwise do nothing in a game.",
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
)
