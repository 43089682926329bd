"""The lint codes of the Card Game's objective allies and the scenario rules written with them:
'enlist', 'make-active', 'bar-travel' and 'bar-abilities' written where they cannot do
what they say."""

from __future__ import annotations

from lotr_rules.diagnostics import Severity
from lotr_rules.lint.code_base import LintCode, lcg_example

ENTRIES: tuple[LintCode, ...] = (
    LintCode(
        "E380",
        Severity.ERROR,
        "enlist written on a card that is not an objective ally",
        "'enlist this' makes an objective ally in the staging area join the player: only a card of type "
        "'objective ally' can join, and only itself. On any other card, or naming other cards, it would "
        "do nothing, so the script is refused.",
        lcg_example(
            """
            # file: lost-scout.card
            card "Lost Scout" {
              id lost-scout
              type objective
              encounter-set "Dark Woods"
              provenance designed
              text "Action: it joins you."
              action by each player {
                cost raise threat by 1
                enlist this
              }
            }
            """
        ),
        lcg_example(
            """
            # file: lost-scout.card
            card "Lost Scout" {
              id lost-scout
              type objective ally
              willpower 1
              attack 1
              defense-strength 1
              hit-points 2
              encounter-set "Dark Woods"
              provenance designed
              text "Action: it joins you."
              action by each player {
                cost raise threat by 1
                enlist this
              }
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "E381",
        Severity.ERROR,
        "make-active names cards that are not locations",
        "'make-active' puts a location of the staging area in play as the active location: it names "
        "locations ('make-active all locations in staging area where ...'). Naming other cards, or the "
        "card itself, would make nothing active, so the script is refused.",
        lcg_example(
            """
            # file: the-ford.card
            card "The Ford" {
              id the-ford
              type quest
              stage 1
              quest-points 4
              encounter-set "Dark Woods"
              provenance designed
              text "When Revealed: an enemy becomes active."
              when revealed {
                make-active all enemies in staging area
              }
            }
            """
        ),
        lcg_example(
            """
            # file: the-ford.card
            card "The Ford" {
              id the-ford
              type quest
              stage 1
              quest-points 4
              encounter-set "Dark Woods"
              provenance designed
              text "When Revealed: a location of the staging area becomes the active location."
              when revealed {
                make-active a location in staging area
              }
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "W380",
        Severity.WARNING,
        "bar-travel names cards that are not locations",
        "'bar-travel' stops the players choosing to travel to locations; only locations are travelled "
        "to, so any other card it names is left as it is.",
        lcg_example(
            """
            # file: hidden-lair.card
            card "Hidden Lair" {
              id hidden-lair
              type enemy
              engagement-cost 30
              threat 1
              attack 2
              defense-strength 1
              hit-points 3
              encounter-set "Dark Woods"
              provenance designed
              text "No one travels here."
              while in play {
                bar-travel this
              }
            }
            """
        ),
        lcg_example(
            """
            # file: hidden-lair.card
            card "Hidden Lair" {
              id hidden-lair
              type location
              threat 1
              quest-points 3
              encounter-set "Dark Woods"
              provenance designed
              text "The players travel here only by a quest card's effect."
              while in play {
                bar-travel this
              }
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "W381",
        Severity.WARNING,
        "bar-abilities names cards that are not heroes",
        "'bar-abilities' stops heroes' Actions and Responses being used; any other card it names keeps its abilities.",
        lcg_example(
            """
            # file: bound-hands.card
            card "Bound Hands" {
              id bound-hands
              type treachery
              encounter-set "Dark Woods"
              provenance designed
              text "Attach to an ally: its abilities cannot be used."
              when revealed {
                attach-to an ally in your play area
              }
              while attached {
                bar-abilities attached ally
              }
            }
            """
        ),
        lcg_example(
            """
            # file: bound-hands.card
            card "Bound Hands" {
              id bound-hands
              type treachery
              encounter-set "Dark Woods"
              provenance designed
              text "Attach to a hero: its abilities cannot be used."
              when revealed {
                attach-to a hero in your play area
              }
              while attached {
                bar-abilities attached hero
              }
            }
            """
        ),
        kind="set",
    ),
)
