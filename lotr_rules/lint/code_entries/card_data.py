"""The lint codes of card data: the fields of a card and their values."""

from __future__ import annotations

from lotr_rules.diagnostics import Severity
from lotr_rules.limits import SCRIPT_NUMBER_MAX
from lotr_rules.lint.code_base import LintCode, example_text

ENTRIES: tuple[LintCode, ...] = (
    # ------------------------------------------------------------------ card data
    LintCode(
        "E140",
        Severity.ERROR,
        "missing required field",
        "Every card needs an 'id', a 'type', a 'provenance' and its printed 'text': the id names the "
        "card in saves and records, the type decides how it is played, and provenance and text let "
        "a reader check the script against the card.",
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
)
