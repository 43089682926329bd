"""The lint codes of the Card Game's checks and the language's second round."""

from __future__ import annotations

from lotr_rules.diagnostics import Severity
from lotr_rules.limits import MAX_LOOP_ROUNDS
from lotr_rules.lint.code_base import LintCode, example_text, lcg_example

ENTRIES: tuple[LintCode, ...] = (
    LintCode(
        "E155",
        Severity.ERROR,
        "guard names cards that are not objectives",
        "'guard' puts the next enemy or location of the encounter deck beside an objective, which can"
        " be claimed only once that card has left the staging area. Only objectives are guarded: the "
        "cards it names must be objectives.",
        lcg_example(
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
        lcg_example(
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
        lcg_example(
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
        lcg_example(
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
        lcg_example(
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
        lcg_example(
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
        lcg_example(
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
        lcg_example(
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
        lcg_example(
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
        lcg_example(
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
        lcg_example(
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
        lcg_example(
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
        lcg_example(
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
        lcg_example(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        "location, treachery, objective or quest), and a game refuses a card of two, save an "
        "objective ally ('type objective ally': an objective in the staging area, an ally once it "
        "joins a player). Any other pair is refused here rather than when a game starts. (The "
        "deck-building games do have cards of two types.)",
        lcg_example(
            """
            # file: scout.card
            card "Scout" {
              id scout
              type enemy location
              encounter-set "Dark Woods"
              provenance designed
              text "A made-up card."
            }
            """
        ),
        lcg_example(
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
        lcg_example(
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
        lcg_example(
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
        lcg_example(
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
        lcg_example(
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
        lcg_example(
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
        lcg_example(
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
        lcg_example(
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
        lcg_example(
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
    LintCode(
        "W372",
        Severity.WARNING,
        "bar-player-effects names cards that are not encounter cards",
        "'bar-player-effects' makes cards immune to player card effects: no effect of a hero, ally, "
        "attachment or event chooses or reaches them. On a player card that means its own abilities and "
        "those of every other player card pass it by (it could not even pay a cost with itself), which "
        "is not what such a card means: it is meant for enemies, locations, treacheries and objectives.",
        lcg_example(
            """
            # file: ward-charm.card
            card "Ward Charm" {
              id ward-charm
              type attachment
              sphere spirit
              cost 1
              attach-to hero
              provenance designed
              text "Attach to a hero. That hero is immune to player card effects."
              while attached {
                bar-player-effects attached hero
              }
            }
            """
        ),
        lcg_example(
            """
            # file: warded-orc.card
            card "Warded Orc" {
              id warded-orc
              type enemy
              engagement-cost 30
              threat 2
              attack 3
              defense-strength 1
              hit-points 4
              encounter-set "Dark Woods"
              provenance designed
              text "Immune to player card effects."
              while in play {
                bar-player-effects this
              }
            }
            """
        ),
        kind="set",
    ),
)
