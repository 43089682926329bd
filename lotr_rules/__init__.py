"""lotr_rules: a rules-as-data engine for Lord of the Rings card games.

Cards are written in a small card-script language (see ``grammar/cardscript.lark``), compiled
once at load time into effects, and run on a game-agnostic event/trigger core.
"""

from typing import TYPE_CHECKING

from lotr_rules.native import use_editable_build

__version__ = "0.1.0"

# An editable install that was compiled imports its compiled modules while their sources are
# unchanged (before any of them is imported: here, first of all).
use_editable_build()

if TYPE_CHECKING:
    #: The card-script language version this installation understands (see lotr_rules.dsl.editions,
    #: where what each version changed is recorded). A set manifest names the version its scripts
    #: are written for; a newer one is refused with a clear error.
    from lotr_rules.dsl.editions import LANGUAGE_VERSION as LANGUAGE_VERSION


def __getattr__(name: str) -> object:
    # Read from the editions' list when first asked for: importing it at start-up would load the
    # language's modules for commands (``--help``) that never read a card.
    if name == "LANGUAGE_VERSION":
        from lotr_rules.dsl.editions import LANGUAGE_VERSION

        return LANGUAGE_VERSION
    raise AttributeError(f"module 'lotr_rules' has no attribute {name!r}")
