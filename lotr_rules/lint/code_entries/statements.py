"""The lint codes of the shape of statements: what each command, condition and block may say."""

from __future__ import annotations

from lotr_rules.diagnostics import Severity
from lotr_rules.lint.code_base import LintCode, example_text, lcg_example

ENTRIES: tuple[LintCode, ...] = (
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 5
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
        example_text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 5
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
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
        example_text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 5
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
        example_text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 5
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
        example_text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 5
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
        example_text(
            """
            # file: set.toml
            code = "demo"
            name = "Demo cards"
            language = 5
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
        lcg_example(
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
        lcg_example(
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
        lcg_example(
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
        lcg_example(
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
        lcg_example(
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
        lcg_example(
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
)
