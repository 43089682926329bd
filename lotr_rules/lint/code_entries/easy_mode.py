"""The lint codes of a Card Game scenario's Easy Mode."""

from __future__ import annotations

from lotr_rules.diagnostics import Severity
from lotr_rules.lint.code_base import LintCode, lcg_example

ENTRIES: tuple[LintCode, ...] = (
    # ------------------------------------------------------------------ a scenario's Easy Mode
    LintCode(
        "E350",
        Severity.ERROR,
        "easy mode table that cannot be read",
        "A Card Game scenario declares its Easy Mode in an [easy] table whose one key, 'leave_out', "
        "is a table of the encounter cards Easy Mode leaves out of the encounter deck and how many "
        "copies of each ({ \"Hummerhorns\" = 1 }). An 'easy' that is not a table, another key in it, "
        "a 'leave_out' that is not a table, or a count that is not a whole number of at least 1 is "
        "refused: the scenario cannot be played in either mode until it is fixed.",
        lcg_example(
            """
            # file: scenarios/dark-woods.toml
            name = "Dark Woods"
            quest = ["Trail"]
            encounter_sets = ["Dark Woods"]
            [easy]
            leave_out = ["Bat"]
            """
        ),
        lcg_example(
            """
            # file: scenarios/dark-woods.toml
            name = "Dark Woods"
            quest = ["Trail"]
            encounter_sets = ["Dark Woods"]
            [easy]
            leave_out = { "Bat" = 1 }
            """
        ),
        kind="set",
    ),
    LintCode(
        "E351",
        Severity.ERROR,
        "easy mode leaves out a card the encounter deck does not have",
        "Easy Mode can only leave out cards of the scenario's encounter deck: the encounter cards of "
        "its 'encounter_sets'. A name in 'leave_out' that is a player card, a quest card or an "
        "encounter card of another encounter set is refused (a misspelt set or a card of another "
        "scenario, most likely).",
        lcg_example(
            """
            # file: scenarios/dark-woods.toml
            name = "Dark Woods"
            quest = ["Trail"]
            encounter_sets = ["Dark Woods"]
            [easy]
            leave_out = { "Guard" = 1 }
            """
        ),
        lcg_example(
            """
            # file: scenarios/dark-woods.toml
            name = "Dark Woods"
            quest = ["Trail"]
            encounter_sets = ["Dark Woods"]
            [easy]
            leave_out = { "Bat" = 1 }
            """
        ),
        kind="set",
    ),
    LintCode(
        "E352",
        Severity.ERROR,
        "easy mode leaves out more copies than the deck has",
        "A count in 'leave_out' is how many copies of the card Easy Mode takes out of the encounter "
        "deck; the deck holds as many copies as the card's 'copies' field says. Leaving out more than "
        "that is refused, as the game could not do it. Leaving out every copy is allowed.",
        lcg_example(
            """
            # file: scenarios/dark-woods.toml
            name = "Dark Woods"
            quest = ["Trail"]
            encounter_sets = ["Dark Woods"]
            [easy]
            leave_out = { "Bat" = 4 }
            """
        ),
        lcg_example(
            """
            # file: scenarios/dark-woods.toml
            name = "Dark Woods"
            quest = ["Trail"]
            encounter_sets = ["Dark Woods"]
            [easy]
            leave_out = { "Bat" = 3 }
            """
        ),
        kind="set",
    ),
    LintCode(
        "E353",
        Severity.ERROR,
        "easy mode leaves out a card the setup needs",
        "A scenario's setup (its 'staging' list, or a quest stage's own 'setup-staging') finds the "
        "cards it puts in the staging area in the encounter deck, by title. If Easy Mode leaves out "
        "so many copies of such a card that fewer remain than one stage's setup takes, a game in Easy "
        "Mode could not be set up: it is refused here rather than when the stage is reached.",
        lcg_example(
            """
            # file: scenarios/dark-woods.toml
            name = "Dark Woods"
            quest = ["Trail"]
            encounter_sets = ["Dark Woods"]
            staging = ["Bat"]
            [easy]
            leave_out = { "Bat" = 3 }
            """
        ),
        lcg_example(
            """
            # file: scenarios/dark-woods.toml
            name = "Dark Woods"
            quest = ["Trail"]
            encounter_sets = ["Dark Woods"]
            staging = ["Bat"]
            [easy]
            leave_out = { "Bat" = 2 }
            """
        ),
        kind="set",
    ),
    LintCode(
        "W350",
        Severity.WARNING,
        "easy mode leaves out an unknown card",
        "A name in 'leave_out' that no card in view has. Like W221 it is a warning, so that a "
        "scenario can be shipped before all its cards exist; a game refuses the scenario, naming the "
        "card, until it does, and 'lint --strict' fails on it.",
        lcg_example(
            """
            # file: scenarios/dark-woods.toml
            name = "Dark Woods"
            quest = ["Trail"]
            encounter_sets = ["Dark Woods"]
            [easy]
            leave_out = { "Wolf" = 1 }
            """
        ),
        lcg_example(
            """
            # file: scenarios/dark-woods.toml
            name = "Dark Woods"
            quest = ["Trail"]
            encounter_sets = ["Dark Woods"]
            [easy]
            leave_out = { "Bat" = 1 }
            """
        ),
        kind="set",
    ),
    LintCode(
        "W351",
        Severity.WARNING,
        "easy mode that leaves no card out",
        "An [easy] table without any card in 'leave_out' declares an Easy Mode whose encounter deck "
        "is the normal one: only the heroes' extra resource is left of it. The scenario plays, but "
        "this is most often a list not yet written; name the copies Easy Mode leaves out.",
        lcg_example(
            """
            # file: scenarios/dark-woods.toml
            name = "Dark Woods"
            quest = ["Trail"]
            encounter_sets = ["Dark Woods"]
            [easy]
            """
        ),
        lcg_example(
            """
            # file: scenarios/dark-woods.toml
            name = "Dark Woods"
            quest = ["Trail"]
            encounter_sets = ["Dark Woods"]
            [easy]
            leave_out = { "Bat" = 1 }
            """
        ),
        kind="set",
    ),
)
