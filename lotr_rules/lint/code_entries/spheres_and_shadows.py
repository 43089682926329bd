"""The lint codes of the Card Game's words for the player cards of the second adventure pack: a
sphere a host must show, and cancelling shadow effects while a character defends."""

from __future__ import annotations

from lotr_rules.diagnostics import Severity
from lotr_rules.lint.code_base import LintCode, lcg_example

ENTRIES: tuple[LintCode, ...] = (
    LintCode(
        "E360",
        Severity.ERROR,
        "a field that means something only with another field's values",
        "Some fields narrow what another field says, and mean nothing without it: 'host-sphere' "
        "keeps an attachment to characters of a sphere (allies of it, heroes with its resource "
        "icon), so its 'attach-to' must name characters, heroes or allies. On an attachment that "
        "goes on an enemy or a location, no host would ever show the sphere's icon.",
        lcg_example(
            """
            # file: torch-of-lore.card
            card "Torch of Lore" {
              id torch-of-lore
              type attachment
              sphere lore
              cost 1
              attach-to location
              host-sphere lore
              provenance designed
              text "Attach to a Lore location."
            }
            """
        ),
        lcg_example(
            """
            # file: torch-of-lore.card
            card "Torch of Lore" {
              id torch-of-lore
              type attachment
              sphere lore
              cost 1
              attach-to any character
              host-sphere lore
              provenance designed
              text "Attach to a Lore character."
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "W360",
        Severity.WARNING,
        "cancel-shadows names cards that are not characters",
        "'cancel-shadows' cancels the shadow effects dealt to the enemy attacking while one of the "
        "cards it names defends, and only characters (heroes and allies) defend: any other card it "
        "names never makes it hold.",
        lcg_example(
            """
            # file: smoke-screen.card
            card "Smoke Screen" {
              id smoke-screen
              type attachment
              sphere lore
              cost 1
              attach-to enemy
              provenance designed
              text "Attach to an enemy. Shadow effects are cancelled while it defends."
              while attached {
                cancel-shadows attached enemy
              }
            }
            """
        ),
        lcg_example(
            """
            # file: smoke-screen.card
            card "Smoke Screen" {
              id smoke-screen
              type attachment
              sphere lore
              cost 1
              attach-to character
              provenance designed
              text "Attach to a character. While it defends, the attacker's shadow effects are cancelled."
              while attached {
                cancel-shadows attached character
              }
            }
            """
        ),
        kind="set",
    ),
)
