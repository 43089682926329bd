"""The lint codes of the Card Game words the adventure packs after the core set brought: an
attachment moving itself onto another host, and a card's ``gap`` lines."""

from __future__ import annotations

from lotr_rules.diagnostics import Severity
from lotr_rules.lint.code_base import LintCode, lcg_example

ENTRIES: tuple[LintCode, ...] = (
    LintCode(
        "E354",
        Severity.ERROR,
        "attach-to in the action of a card that is no attachment",
        "In a player card's Action, 'attach-to' moves the attachment the Action belongs to from its "
        "host onto another card it could go on ('pay 1 resource from the attached hero's pool to "
        "attach this to another hero'). A card that is no attachment has no host to leave, so the "
        "script is refused.",
        lcg_example(
            """
            # file: signal-horn.card
            card "Signal Horn" {
              id signal-horn
              type ally
              sphere leadership
              cost 2
              willpower 1
              attack 1
              defense-strength 1
              hit-points 2
              provenance designed
              text "Action: spend 1 resource of a hero to move this ally onto another hero."
              action {
                cost remove 1 resource from a hero in your play area
                attach-to a hero in any play area
              }
            }
            """
        ),
        lcg_example(
            """
            # file: signal-horn.card
            card "Signal Horn" {
              id signal-horn
              type attachment
              sphere leadership
              cost 1
              attach-to any hero
              provenance designed
              text "Attach to a hero. Action: spend 1 resource of that hero to move this card onto another hero."
              action {
                cost remove 1 resource from attached hero
                attach-to a hero in any play area
              }
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "W354",
        Severity.WARNING,
        "a gap line that says nothing",
        "A card's 'gap' lines say what its script does not do of what the card says; the galleries' "
        "Coverage table lists them, and a card without one is shown as faithful. An empty 'gap' "
        "says nothing of the card: write what is missing, or leave the line out.",
        lcg_example(
            """
            # file: test-scout.card
            card "Test Scout" {
              id test-scout
              type ally
              sphere lore
              cost 1
              willpower 1
              attack 0
              defense-strength 0
              hit-points 1
              provenance designed
              text "A made-up ally whose script is not finished."
              gap ""
            }
            """
        ),
        lcg_example(
            """
            # file: test-scout.card
            card "Test Scout" {
              id test-scout
              type ally
              sphere lore
              cost 1
              willpower 1
              attack 0
              defense-strength 0
              hit-points 1
              provenance designed
              text "A made-up ally whose script is not finished."
              gap "its Response is not written yet"
            }
            """
        ),
        kind="set",
    ),
    LintCode(
        "W355",
        Severity.WARNING,
        "a gap written as a comment",
        "A comment is not read: a card whose gap is written '# gap: ...' counts as faithful, and the "
        "galleries' Coverage table says so. Write what the script leaves out as the field "
        "'gap \"...\"', which the table reads.",
        lcg_example(
            """
            # file: test-scout.card
            card "Test Scout" {
              id test-scout
              type ally
              sphere lore
              cost 1
              willpower 1
              attack 0
              defense-strength 0
              hit-points 1
              provenance designed
              text "A made-up ally whose script is not finished."
              # gap: its Response is not written yet
            }
            """
        ),
        lcg_example(
            """
            # file: test-scout.card
            card "Test Scout" {
              id test-scout
              type ally
              sphere lore
              cost 1
              willpower 1
              attack 0
              defense-strength 0
              hit-points 1
              provenance designed
              text "A made-up ally whose script is not finished."
              gap "its Response is not written yet"
            }
            """
        ),
        kind="set",
    ),
)
