"""The lint codes of the Card Game's words for a trail of clues: an objective claimed onto a
hero of any player, the quest deck set back to a stage, and encounter effects no one cancels."""

from __future__ import annotations

from lotr_rules.diagnostics import Severity
from lotr_rules.lint.code_base import LintCode, lcg_example

ENTRIES: tuple[LintCode, ...] = (
    LintCode(
        "E366",
        Severity.ERROR,
        "claim-onto outside an objective's ability, or onto cards that are not heroes",
        "'claim-onto' claims the objective whose ability it is (in the staging area, guarded by no "
        "encounter card) and attaches it to one of the heroes it names, whoever controls that hero. "
        "Written on another card, it would claim nothing; naming cards other than heroes, it would "
        "attach to none of them: the selection must name heroes.",
        lcg_example(
            """
            # file: trace.card
            card "Trace" {
              id trace
              type objective
              traits clue
              encounter-set "Dark Woods"
              provenance designed
              text "A made-up card."
              response after the players quest successfully {
                claim-onto an ally in any play area where state is committed
              }
            }
            """
        ),
        lcg_example(
            """
            # file: trace.card
            card "Trace" {
              id trace
              type objective
              traits clue
              encounter-set "Dark Woods"
              provenance designed
              text "A made-up card."
              response after the players quest successfully {
                claim-onto a hero in any play area where state is committed
              }
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "E367",
        Severity.ERROR,
        "reset-quest on a card that is not a quest stage",
        "'reset-quest N' sets the quest deck back to stage N: the current stage and the later ones go "
        "back into the quest deck. Only a quest card's own text does that in the Card Game, so it is "
        "written on a quest card.",
        lcg_example(
            """
            # file: lost-trail.card
            card "Lost Trail" {
              id lost-trail
              type treachery
              encounter-set "Dark Woods"
              provenance designed
              text "A made-up card."
              when revealed {
                reset-quest 1
              }
            }
            """
        ),
        lcg_example(
            """
            # file: lost-trail.card
            card "Lost Trail" {
              id lost-trail
              type quest
              stage 2
              quest-points 6
              encounter-set "Dark Woods"
              provenance designed
              text "A made-up card."
              forced after the players quest unsuccessfully {
                reset-quest 1
              }
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "E368",
        Severity.ERROR,
        "forbid-cancel names other cards than its own",
        "'forbid-cancel this' is a rule of a 'while' block: as long as it holds on the card in play, "
        "no When Revealed or shadow effect of an encounter card can be cancelled. It is a rule of the "
        "table the card carries, so it names the card itself.",
        lcg_example(
            """
            # file: still-woods.card
            card "Still Woods" {
              id still-woods
              type location
              threat 2
              quest-points 2
              encounter-set "Dark Woods"
              provenance designed
              text "A made-up card."
              while active {
                forbid-cancel all locations in staging area
              }
            }
            """
        ),
        lcg_example(
            """
            # file: still-woods.card
            card "Still Woods" {
              id still-woods
              type location
              threat 2
              quest-points 2
              encounter-set "Dark Woods"
              provenance designed
              text "A made-up card."
              while active {
                forbid-cancel this
              }
            }
            """
        ),
        kind="set",
    ),
)
