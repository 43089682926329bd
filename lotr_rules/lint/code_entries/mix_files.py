"""The lint codes of mix files: the deck-building family's files that say how sets are mixed."""

from __future__ import annotations

from lotr_rules.diagnostics import Severity
from lotr_rules.lint.code_base import LintCode, example_text, lcg_example

ENTRIES: tuple[LintCode, ...] = (
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
        example_text(
            """
            sets = ["two-towers", "fellowship"
            plan = "plan-1"
            """
        ),
        example_text(
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
        example_text(
            """
            sets = ["two-towers", "fellowship"]
            plna = "plan-1"
            """
        ),
        example_text(
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
        example_text(
            """
            sets = ["two-towers", "felowship"]
            """
        ),
        example_text(
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
        example_text(
            """
            sets = ["two-towers", "fellowship"]
            plan = "plan-3"
            """
        ),
        example_text(
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
        example_text(
            """
            sets = ["two-towers", "fellowship"]
            plan = "custom"

            [deck]
            "Lembass" = 5
            """
        ),
        example_text(
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
        example_text(
            """
            sets = ["two-towers", "fellowship"]
            plan = "custom"

            [deck]
            "Courage" = 5
            """
        ),
        example_text(
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
        example_text(
            """
            sets = ["two-towers", "fellowship"]
            plan = "custom"

            [deck]
            "Lembas" = 4
            "Elven Cloak" = 0
            """
        ),
        example_text(
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
        example_text(
            """
            sets = ["two-towers"]
            plan = "plan-1"
            """
        ),
        example_text(
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
        example_text(
            """
            sets = ["two-towers"]
            plan = "less-random"
            """
        ),
        example_text(
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
        example_text(
            """
            sets = ["two-towers", "fellowship"]
            plan = "custom"

            [deck]
            "Lembas" = 3
            """
        ),
        example_text(
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
        example_text(
            """
            sets = ["two-towers", "my-cards"]
            cards = ["../my-cards"]
            """
        ),
        example_text(
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
        example_text(
            """
            sets = "two-towers"
            """
        ),
        example_text(
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
        example_text(
            """
            sets = ["two-towers", "fellowship"]
            plan = "plan-1"

            [deck]
            "Lembas" = 5
            """
        ),
        example_text(
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
        lcg_example(
            """
            # file: decks/wardens.txt
            Heroes
            1x Warden

            Allies
            3x Guard
            1x Guard
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
        lcg_example(
            """
            # file: scenarios/dark-woods.toml
            name = "Dark Woods"
            quest = ["Trail"]
            encounter_set = ["Dark Woods"]
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
        lcg_example(
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
        lcg_example(
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
)
