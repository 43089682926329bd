"""The two families of errors: a user's mistakes, and ours.

Every user-facing error carries where it happened (a :class:`Span`) so the command line can
point at ``path:line:col``. Anything else that escapes is a bug in lotr_rules, and the command
line says so instead of blaming the user.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from lotr_rules.dsl.ast import Script


@attrs.frozen(slots=True)
class Span:
    """A 1-based, end-exclusive region of a source file."""

    line: int
    column: int
    end_line: int
    end_column: int
    path: str = ""

    def with_path(self, path: str) -> Span:
        return attrs.evolve(self, path=path)

    def __str__(self) -> str:
        where = f"{self.line}:{self.column}"
        return f"{self.path}:{where}" if self.path else where


NO_SPAN = Span(1, 1, 1, 1)


class LotrError(Exception):
    """Base of every error lotr_rules raises on purpose."""


class UserError(LotrError):
    """A mistake in something a user gave us: a script, a config, a save file, a command line."""

    def __init__(self, message: str, span: Span | None = None, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.span = span
        self.hint = hint

    def __str__(self) -> str:
        text = f"{self.span}: {self.message}" if self.span else self.message
        return f"{text} ({self.hint})" if self.hint else text


class ScriptSyntaxError(UserError):
    """A card script that does not parse."""

    def __init__(self, message: str, span: Span, code: str = "E001", hint: str | None = None):
        super().__init__(message, span, hint)
        self.code = code
        #: The file's later syntax errors, when the parser could read on past this one.
        self.further: list[ScriptSyntaxError] = []
        #: What the file says without the statements the errors are in, when the rest parses: the
        #: linter checks it, so that a syntax error hides none of the file's other findings. It is
        #: never loaded into a game.
        self.partial: Script | None = None
        #: The lines (1-based) set aside to read ``partial``.
        self.set_aside: frozenset[int] = frozenset()


class ScriptError(UserError):
    """A card script that parses but cannot be compiled (see the linter for the full list)."""


class ScriptBudgetError(UserError):
    """A script ran past its step budget: a loop or trigger chain that would never finish."""

    def __init__(self, card_name: str, budget: int) -> None:
        super().__init__(
            f"card '{card_name}' exceeded the budget of {budget} effect steps in one action;"
            " its script loops or triggers itself without end"
        )
        self.card_name = card_name


class TriggerDepthError(ScriptBudgetError):
    """Triggers set off triggers deeper than the trigger-depth limit: a chain that never ends."""

    def __init__(self, card_name: str, limit: int, what: str = "triggers setting off triggers") -> None:
        UserError.__init__(
            self,
            f"card '{card_name}' went past the trigger-depth limit: {what} more than {limit} deep;"
            " its script sets itself off without end",
        )
        self.card_name = card_name


class ConfigError(UserError):
    """A game configuration that cannot be played (unknown hero, impossible player count...)."""


class UnknownCardError(UserError):
    """A card name that no loaded set defines."""


class RecordError(UserError):
    """A save file or game record that is corrupt, or that no longer matches the cards."""


class IllegalChoiceError(UserError):
    """An agent answered a decision with an option that was not offered."""


class InternalError(LotrError):
    """A broken invariant inside lotr_rules: always a bug in us, never the user's fault."""
