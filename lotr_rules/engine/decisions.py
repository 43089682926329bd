"""The engine asks; agents answer.

Every choice a rule or a card leaves to a player is a :class:`DecisionRequest` carrying its
legal options. Bots, a person at a terminal, a replay file and a search policy all answer the
same requests with the index of an option.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, Protocol

if TYPE_CHECKING:
    from lotr_rules.engine.game import Game


# Named tuples, not attrs classes: the engine builds tens of options per decision, millions
# per simulation, and a tuple is the cheapest immutable record Python has.
class Option(NamedTuple):
    label: str
    #: what the engine does with the answer: a card instance id, a player index, a code...
    value: object = None
    #: the card this option is about, when there is one (for display and for bots)
    card: int = -1


class DecisionRequest(NamedTuple):
    player: int
    kind: str
    prompt: str
    options: tuple[Option, ...]
    #: the card whose effect asks, or -1 for a rule of the game
    source: int = -1
    #: the question in plain words for a person, when the prompt is a card script's own text
    #: (agents that read the prompt keep reading it unchanged)
    words: str = ""

    @property
    def question(self) -> str:
        """What a person is asked: the plain words when there are any, else the prompt."""
        return self.words or self.prompt


class Agent(Protocol):
    """Anything that can answer decisions for one seat."""

    def choose(self, game: Game, request: DecisionRequest) -> int: ...
