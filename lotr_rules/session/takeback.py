"""Taking back a move: the game rebuilt from its setup, its seed and the choices kept.

A game is fully determined by its setup, its seed and its choices, so taking back a decision is
rebuilding the game with the choices before it (:func:`lotr_rules.session.rebuild.replay_first`).
Both faces call :func:`take_back`; it says how many choices to keep, or why none can go.

What may be taken back: the people's last decision (and, again, the one before it), together
with every bot's decision made after it (the bots answer again after the new choice), as far
back as the start of the current turn (a round of the Card Game), and never past a moment when
something hidden came to light. The rebuilt game walks its choices once and notes, between each
choice and the next question, whether

- the game drew on its randomness (its :class:`~lotr_rules.engine.rng.Rng` moved on: a shuffle,
  a random pick),
- a card left a face-down place (a deck, the encounter deck, the shadow cards, a bot's hand:
  a card drawn, revealed, dealt as a shadow or played from a hand nobody at the table saw), or
- the log says a card was looked at, revealed, drawn, searched for or shuffled.

Such a moment closes the door behind it: the choices made before it stay. Nothing in any
family's rules says where these moments are; they are read off the game as it runs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.engine.game import Game, GameState
from lotr_rules.session.families import game_builder
from lotr_rules.session.rebuild import Asked

#: whether the person at a seat was asked this question (a question a seat answers by itself,
#: like a Card Game window that passes itself, is no decision of theirs to take back)
Asks = Callable[[Game, DecisionRequest], bool]

#: places whose cards nobody sees: a card leaving one comes to light
_HIDDEN_WORDS = ("deck", "shadow", "archenemy")
#: what log entries of a card coming to light are called (by a word in their kind)
_LIGHT_WORDS = ("reveal", "look", "drew", "draw", "shuffl", "shadow dealt", "search")


@attrs.frozen
class Moment:
    """One recorded choice, as the rebuilt game saw it."""

    #: the seat that made it
    player: int
    #: the turn (the Card Game's round) it was made in
    turn: int
    #: whether the person at the seat was asked (False for a bot, or a question the seat passed by itself)
    asked: bool
    #: whether something hidden came to light (or randomness was drawn) after it, before the next question
    revealed: bool


@attrs.frozen
class TakeBack:
    """What :func:`take_back` found: how many choices to keep, or (``keep`` None) why none can go."""

    keep: int | None
    reason: str = ""


@attrs.frozen
class _Snapshot:
    hidden: dict[tuple[str, int], frozenset[int]]
    rng: int
    log: int


def _hidden_place(name: str, owner: int, people: frozenset[int]) -> bool:
    if name == "hand":
        return owner >= 0 and owner not in people
    return any(word in name for word in _HIDDEN_WORDS)


def _snapshot(state: GameState, people: frozenset[int]) -> _Snapshot:
    hidden = {key: frozenset(cards) for key, cards in state.zones.items() if _hidden_place(key[0], key[1], people)}
    return _Snapshot(hidden, state.rng.state, len(state.log))


def came_to_light(before: _Snapshot, after: _Snapshot, state: GameState) -> bool:
    """Whether anything hidden came to light (or randomness was drawn) between two moments of
    the game whose state is now ``state``."""
    if before.rng != after.rng:
        return True
    for key, cards in before.hidden.items():
        if cards - after.hidden.get(key, frozenset()):
            return True
    for entry in state.log[before.log : after.log]:
        kind = str(entry[0]) if entry else ""
        if any(word in kind for word in _LIGHT_WORDS):
            return True
    return False


class _Walker:
    """Answers the recorded choices in order, noting the game at each question; past them, stops."""

    def __init__(self, choices: Sequence[int], people: frozenset[int], asks: Asks | None) -> None:
        self.choices = choices
        self.people = people
        self.asks = asks
        self.seen: list[tuple[int, int, bool, _Snapshot]] = []

    def choose(self, game: Game, request: DecisionRequest) -> int:
        made = len(game.state.choices)
        if made >= len(self.choices):
            raise Asked(request, game)
        person = request.player in self.people
        asked = person and (self.asks is None or self.asks(game, request))
        self.seen.append((request.player, game.state.turn, asked, _snapshot(game.state, self.people)))
        return self.choices[made]


def history(
    family: str, catalogue: object, config: object, choices: Sequence[int], people: Sequence[int], asks: Asks | None
) -> tuple[list[Moment], Game]:
    """Each of ``choices`` as the game rebuilt from them saw it, and the game standing after them."""
    new_game, run, seats = game_builder(family, catalogue, config)
    walker = _Walker(choices, frozenset(people), asks)
    try:
        game = new_game([walker] * seats, ())
        run(game)
    except Asked as asked:
        game = asked.game
    if len(walker.seen) != len(game.state.choices):
        raise ValueError("the game does not replay its own choices")
    after = [seen[3] for seen in walker.seen[1:]] + [_snapshot(game.state, frozenset(people))] * bool(walker.seen)
    moments = [
        Moment(player, turn, asked_person, came_to_light(snap, following, game.state))
        for (player, turn, asked_person, snap), following in zip(walker.seen, after, strict=True)
    ]
    return moments, game


def take_back(
    family: str,
    catalogue: object,
    config: object,
    choices: Sequence[int],
    people: Sequence[int],
    asks: Asks | None = None,
    turn_word: str = "turn",
) -> TakeBack:
    """How many of ``choices`` to keep to take back the people's last decision (``people``: the
    seats of the people at the table; ``asks``: which of their questions they were really asked)."""
    moments, game = history(family, catalogue, config, choices, people, asks)
    now = game.state.turn
    for index in range(len(moments) - 1, -1, -1):
        moment = moments[index]
        if moment.revealed:
            return TakeBack(None, "something hidden came to light since your last decision: it stands")
        if moment.turn != now:
            return TakeBack(None, f"your decisions of an earlier {turn_word} stand")
        if moment.asked:
            return TakeBack(index)
    return TakeBack(None, "there is no decision of yours to take back")


def lcg_asks(every_window: bool) -> Asks | None:
    """Which of a Card Game seat's questions its person was asked: all of them with
    ``every_window``, else those the terminal does not pass by itself."""
    if every_window:
        return None
    from lotr_rules.games.lcg.game import LcgGame
    from lotr_rules.games.lcg.prompts import needs_person

    def asks(game: Game, request: DecisionRequest) -> bool:
        return not isinstance(game, LcgGame) or needs_person(game, request)

    return asks


#: how each family names the span a take-back stays within
TURN_WORDS = {"lcg": "round", "deckbuilding": "turn", "adventure-deck": "turn"}
