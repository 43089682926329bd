"""The lint codes of a character that defends without exhausting: the rule
'defend-unexhausted-against' written where it cannot do what it says."""

from __future__ import annotations

from lotr_rules.diagnostics import Severity
from lotr_rules.lint.code_base import LintCode, lcg_example

_GOOD = lcg_example(
    """
    # file: old-guard.card
    card "Old Guard" {
      id old-guard
      type ally
      sphere tactics
      cost 3
      willpower 0
      attack 1
      defense-strength 3
      hit-points 3
      provenance designed
      text "Defending against an Orc does not exhaust him."
      while in play {
        defend-unexhausted-against all enemies in play where trait is orc
      }
    }
    """
)

ENTRIES: tuple[LintCode, ...] = (
    LintCode(
        "E387",
        Severity.ERROR,
        "defend-unexhausted-against names cards that are not enemies",
        "'defend-unexhausted-against' names the enemies the card holding the 'while' block defends "
        "against without exhausting ('defend-unexhausted-against all enemies in play where trait is "
        "troll'). The character it spares is always that card itself; naming it, or any card that is "
        "not an enemy, would spare nothing, so the script is refused.",
        lcg_example(
            """
            # file: old-guard.card
            card "Old Guard" {
              id old-guard
              type ally
              sphere tactics
              cost 3
              willpower 0
              attack 1
              defense-strength 3
              hit-points 3
              provenance designed
              text "Defending does not exhaust him."
              while in play {
                defend-unexhausted-against this
              }
            }
            """
        ),
        _GOOD,
        kind="set",
    ),
    LintCode(
        "E388",
        Severity.ERROR,
        "defend-unexhausted-against on a card that is not a character",
        "'defend-unexhausted-against' spares the card holding the 'while' block the exhaustion of "
        "defending: only a character (a hero or an ally) defends, so on any other card (an attachment, "
        "an enemy) it would spare nothing, and the script is refused. A card that makes another "
        "character defend without exhausting is not said with this rule.",
        lcg_example(
            """
            # file: old-shield.card
            card "Old Shield" {
              id old-shield
              type attachment
              sphere tactics
              cost 1
              provenance designed
              text "Attach to a character. Defending against an Orc does not exhaust it."
              while attached {
                defend-unexhausted-against all enemies in play where trait is orc
              }
            }
            """
        ),
        _GOOD,
        kind="set",
    ),
)
