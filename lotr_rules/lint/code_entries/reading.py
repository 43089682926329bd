"""The lint codes of reading and parsing: files that cannot be read, syntax errors, limits."""

from __future__ import annotations

from lotr_rules.diagnostics import Severity
from lotr_rules.limits import MAX_CARD_FILE_BYTES, MAX_SCRIPT_TOKENS, MAX_SYNTAX_ERRORS
from lotr_rules.lint.code_base import DEEP_NESTING, LintCode, example_text

ENTRIES: tuple[LintCode, ...] = (
    # ------------------------------------------------------------------ reading and parsing
    LintCode(
        "E001",
        Severity.ERROR,
        "syntax error",
        "The file is not a card script the grammar accepts (a missing brace, a misspelt keyword, a "
        "stray character, an unterminated string), or it is not UTF-8 text at all. Each error is "
        "reported at the word that is wrong, with what was expected there, or with how the language "
        "says a phrase written as other card games do ('allies cost 1 less' is 'all allies cost 1 "
        "less', a block opens with '{', not ':'); after an error the parser sets the statement (and "
        "the lines indented under it) aside and reads on, so every error of a file is listed, "
        f"up to {MAX_SYNTAX_ERRORS}. When the rest of the file then parses, it is checked like any "
        "card, and its other findings come in the same run; the ones a statement set aside could "
        "cause (a missing field, a name it would give) wait until the file parses. A '{{' that is "
        "never closed is reported at the '{{', naming the line before which its indentation says its "
        "block ends, and nothing else of the file is checked; a bracket left open on its line is "
        "named as a bracket.",
        example_text(
            """
            card "Gandalf" {
              id gandalf
              type ally
              cost 3
              provenance designed
              text "Draw 2 cards."
              play {
                draw 2
            }
            """
        ),
        example_text(
            """
            card "Gandalf" {
              id gandalf
              type ally
              cost 3
              provenance designed
              text "Draw 2 cards."
              play {
                draw 2
              }
            }
            """
        ),
    ),
    LintCode(
        "E320",
        Severity.ERROR,
        "ability inside a block",
        "A card's abilities ('play', 'ongoing', 'defense', 'ambush', 'fortune', 'action', 'quest' and "
        "the rest) stand side by side at the card's top level, each with its own block; they do not "
        "nest. Written inside another ability's block ('play { ... ongoing { ... } }'), the word would "
        "be read as a command, so the linter names the ability and the block it stands in. Move it out, "
        "after that block's closing '}'. 'when' and 'at' are statements too, and may stand inside a "
        "block: there they listen for the rest of the turn.",
        example_text(
            """
            card "Old Forest Path" {
              id old-forest-path
              type location
              cost 2
              provenance designed
              text "Draw a card. Ongoing: +1 Power."
              play {
                draw 1
                ongoing {
                  +1 power
                }
              }
            }
            """
        ),
        example_text(
            """
            card "Old Forest Path" {
              id old-forest-path
              type location
              cost 2
              provenance designed
              text "Draw a card. Ongoing: +1 Power."
              play {
                draw 1
              }
              ongoing {
                +1 power
              }
            }
            """
        ),
    ),
    LintCode(
        "E002",
        Severity.ERROR,
        "more than one card in a file",
        "Each card lives in its own file named after its id, so that ids, file names and error "
        "positions stay one-to-one and a set can be reviewed card by card. Split the file.",
        example_text(
            """
            card "Courage" {
              id courage
              type maneuver
              provenance designed
              text "+1 Power."
            }
            card "Despair" {
              id despair
              type maneuver
              provenance designed
              text "No effect."
            }
            """
        ),
        example_text(
            """
            # file: courage.card
            card "Courage" {
              id courage
              type maneuver
              provenance designed
              text "+1 Power."
            }
            # file: despair.card
            card "Despair" {
              id despair
              type maneuver
              provenance designed
              text "No effect."
            }
            """
        ),
    ),
    LintCode(
        "E003",
        Severity.ERROR,
        "script too large or too deeply nested",
        f"Scripts over {MAX_CARD_FILE_BYTES // 1024} KiB (a file's size is checked before it is read), "
        f"scripts of more than {MAX_SCRIPT_TOKENS:,} words, numbers and symbols (counted before they "
        "are parsed, so a long chain such as 1+1+1... is refused at once), blocks and brackets nested "
        "more than 40 levels, and parse trees more than 200 levels deep are refused before anything "
        "else runs, so a hostile or generated file cannot make the linter or the engine run out of "
        "time or stack. A real card is a few hundred bytes, under a hundred words and symbols, and a "
        "few levels deep: simplify the expression or split the effect.",
        example_text(
            f"""
            card "Deep Thought" {{
              id deep-thought
              type maneuver
              provenance designed
              text "+1 Power."
              play {{
                +{DEEP_NESTING} power
              }}
            }}
            """
        ),
        example_text(
            """
            card "Deep Thought" {
              id deep-thought
              type maneuver
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
        "E004",
        Severity.ERROR,
        "card file not a regular file inside its set folder",
        "A card file (or a set's set.toml) is read only when it is a regular file inside the set's "
        "folder. A link pointing out of the folder (to a file in your home, say), a device such as "
        "/dev/zero, a FIFO, a socket or a folder named like a card file is reported and never read, "
        "so a set from a stranger cannot make the tool read, show or wait on anything outside it. "
        "A link to another file inside the same set folder is read. Copy the file into the set "
        "folder, or rename the folder that is named like a card file.",
        example_text(
            """
            # file: lembas.card/notes.txt
            Notes on Lembas, kept in a folder named like a card file.
            """
        ),
        example_text(
            """
            # file: lembas.card
            card "Lembas" {
              id lembas
              type artifact
              cost 2
              provenance designed
              text "Draw a card."
              play {
                draw 1
              }
            }
            # file: notes/lembas.txt
            Notes on Lembas, kept in a folder of their own.
            """
        ),
        kind="set",
    ),
)
