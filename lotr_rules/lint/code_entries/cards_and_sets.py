"""The lint codes of cards and sets: manifests, decks, scenarios and what sets share."""

from __future__ import annotations

from lotr_rules.diagnostics import Severity
from lotr_rules.limits import MAX_CARDS_PER_SET, MAX_STARTING_COPIES
from lotr_rules.lint.code_base import LintCode, example_text

ENTRIES: tuple[LintCode, ...] = (
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
        example_text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 5
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
        example_text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 5
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
        example_text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 5
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
        example_text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 5
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
        example_text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 5
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
        example_text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 5
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
        example_text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 5
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
        example_text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 5
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
        example_text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 5
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
        example_text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 5
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
        example_text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 5
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
        example_text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 5
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
        example_text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 5
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
        example_text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 5
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
        example_text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 5
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
        example_text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 5
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
        example_text(
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
        "E191",
        Severity.ERROR,
        "wrong kind of value for a field",
        "Each field takes one kind of value, as its family declares it: a whole number for 'cost', "
        "one word for 'id', a quoted text for 'text'. Any other value is refused rather than "
        "guessed at.",
        example_text(
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
        "E192",
        Severity.ERROR,
        "field not for this card type",
        "Some fields mean something only on some card types: a 'level' or a 'title' is an "
        "Archenemy's, a 'starting card' a hero's. On any other card the game would never read it.",
        example_text(
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
        "E197",
        Severity.ERROR,
        "destination the command cannot put cards into",
        "A command that moves cards to the top or the bottom of a pile may be limited to some piles: "
        "the LCG's 'move' puts encounter cards that were looked at back on the encounter deck. Any other "
        "destination (a player's deck, a discard pile) is one the game would not put them into.",
        example_text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 5
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
        example_text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 5
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
        example_text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 5
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
        example_text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 5
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
        example_text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 5
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
        example_text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 5
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
            """
            code = "demo"
            name = "Demo cards"
            language = 99
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
        example_text(
            """
            code = "demo"
            language = 5
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
        "E162",
        Severity.WARNING,
        "no card scripts found",
        "The paths given to 'lotr-rules lint' hold no .card files, which usually means a wrong path "
        "or a wrong file extension: a clean result would otherwise suggest the cards had been "
        "checked.",
        example_text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 5
            # file: gandalf.txt
            card "Gandalf" {
              id gandalf
              type ally
              provenance designed
              text "+2 Power."
            }
            """
        ),
        example_text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 5
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
        example_text(
            """
            code = "two-towers"
            name = "My Two Towers"
            language = 5
            """
        ),
        example_text(
            """
            code = "demo"
            name = "My Two Towers"
            language = 5
            """
        ),
        kind="manifest",
    ),
)
