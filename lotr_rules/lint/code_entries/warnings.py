"""The lint codes of warnings, and the codes of language editions and shared titles."""

from __future__ import annotations

from lotr_rules.diagnostics import Severity
from lotr_rules.limits import MAX_ACTION_USES, MAX_LOOP_ROUNDS
from lotr_rules.lint.code_base import LintCode, example_text, lcg_example

ENTRIES: tuple[LintCode, ...] = (
    # ------------------------------------------------------------------ warnings
    LintCode(
        "W201",
        Severity.WARNING,
        "text promises an ability the script lacks",
        "When the card's text labels an ability ('Attack:', 'Defense:', 'Ambush:', 'Ongoing:', "
        "'Fortune:'), the script should have it too; otherwise the card does less in a game than "
        "it says. Running text such as 'avoid an Attack' is not a label and is not checked.",
        example_text(
            """
            card "Warg Pack" {
              id warg-pack
              type enemy
              provenance designed
              text "Ambush: you gain a Corruption."
            }
            """
        ),
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
            """
            code = "demo"
            name = "Demo cards"
            language = 1
            """
        ),
        example_text(
            """
            code = "demo"
            name = "Demo cards"
            language = 5
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
        example_text(
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
        example_text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 5
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
        example_text(
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
        example_text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 5
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        "W219",
        Severity.WARNING,
        "a repeat until that reads nothing in the game",
        "The condition of 'repeat until' is checked before each round. One made of written numbers "
        "alone ('until 1 > 2') never changes: it holds from the start, and the block never runs, or "
        f"it never holds, and the block runs as many rounds as a loop may ({MAX_LOOP_ROUNDS}). Test "
        "something the block changes: a measure, a name or a state.",
        example_text(
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
        example_text(
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
        lcg_example(
            """
            # file: decks/wardens.txt
            Heroes
            1x Warden

            Allies
            3x Gaurd
            """
        ),
        lcg_example(
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
        lcg_example(
            """
            # file: scenarios/dark-woods.toml
            name = "Dark Woods"
            quest = ["Trail", "Fork"]
            encounter_sets = ["Dark Woods"]
            """
        ),
        lcg_example(
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
        example_text(
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
        example_text(
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
        lcg_example(
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
        lcg_example(
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
)
