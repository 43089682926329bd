"""The keys a person plays with at the terminal: the same in every game family.

A number picks an option; ``i N`` (or ``? N``) shows the full text of the card option N is about,
``i NAME`` any card of the game by name, and ``i`` alone the card whose effect is asking; ``s``
saves, ``q`` quits, ``u`` takes back the last decision (see :mod:`lotr_rules.session.takeback`),
``l`` shows the whole log, ``r`` the table again, ``?`` the help. The end of
the input saves the game and quits. :func:`read_answer` reads what was typed;
:func:`card_info` answers ``i``.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import attrs

from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.session.takeback import TakeBack

HELP = """\
Type the number of an option to pick it. Other commands:
  i N, ? N  show the full text of the card option N is about
  i NAME    show the full text of a card of this game (i alone: the card that is asking)
  s, save   save the game{where} and keep playing
  q, quit   stop playing (asks first; you may save then)
  u, undo   take back your last decision (again: the one before), within this {turn},
            never past a card drawn, revealed or looked at, or a shuffle
  l, log    show the whole log so far
  r         show the table again
  ?, help   show this help
Ending the input (Ctrl-D) saves the game{where} and quits."""

_INFO = re.compile(r"^(?:i|info|\?)(?:\s+|(?=\d)|$)(.*)$", re.IGNORECASE)


@attrs.frozen(slots=True)
class Answer:
    """What a line typed at a menu asks for: ``kind`` is "pick" (``number``, from 1), "info"
    (``text``: what to look up), "save", "quit", "undo", "log", "screen", "help", "empty", or "unknown"."""

    kind: str
    number: int = 0
    text: str = ""


def read_answer(typed: str) -> Answer:
    text = typed.strip()
    word = text.lower()
    if word.isdigit():
        return Answer("pick", int(word))
    simple = {"s": "save", "save": "save", "q": "quit", "quit": "quit", "l": "log", "log": "log"}
    simple |= {"u": "undo", "undo": "undo"}
    simple |= {"r": "screen", "screen": "screen", "?": "help", "h": "help", "help": "help"}
    if word in simple:
        return Answer(simple[word])
    if not word:
        return Answer("empty")
    info = _INFO.match(text)
    if info is not None:
        return Answer("info", text=info.group(1).strip())
    return Answer("unknown", text=text)


def card_info(game: Game, request: DecisionRequest, wanted: str) -> list[str]:
    """The lines ``i WANTED`` shows: a card's full text, or why there is none."""
    if not wanted:
        if request.source >= 0:
            return _lines(game, request.source)
        return [f"Type i and an option's number (i 2), or a card's name (i {_example(game, request)})."]
    if wanted.isdigit():
        number = int(wanted)
        if not 1 <= number <= len(request.options):
            return [f"There is no option {number}: options go from 1 to {len(request.options)}."]
        card = request.options[number - 1].card
        if card < 0:
            return [f"Option {number} ({request.options[number - 1].label}) is not about a card."]
        return _lines(game, card)
    found = _cards_named(game, wanted)
    if len(found) == 1:
        # a card asked for by name may be any copy, in any zone: its face only, never where it is
        return _lines(game, found[0], with_state=False)
    if not found:
        return [f"No card of this game is called '{wanted}'."]
    names = [game.cards[card].name for card in found[:8]]
    return [f"'{wanted}' could be: " + ", ".join(names) + ("..." if len(found) > 8 else "")]


def _example(game: Game, request: DecisionRequest) -> str:
    """A card of this game to show ``i NAME`` with: one an option is about, else the first."""
    card = next((option.card for option in request.options if option.card >= 0), 0)
    return game.cards[card].name if game.cards else "Aragorn"


def _lines(game: Game, card: int, *, with_state: bool = True) -> list[str]:
    """The family's own view of the card, or else its face as plain text."""
    from lotr_rules.render.plain import card_text_lines

    lines = game.card_lines(card, with_state=with_state)
    return lines if lines is not None else card_text_lines(game.cards[card])


def _cards_named(game: Game, wanted: str) -> list[int]:
    """The game's different cards (the first copy of each name) whose name is ``wanted`` (any
    case), or else starts with it, or else holds it."""
    key = wanted.casefold()
    first: dict[str, int] = {}
    for index, card in enumerate(game.cards):
        first.setdefault(card.name, index)
    tests: tuple[Callable[[str], bool], ...] = (lambda n: n == key, lambda n: n.startswith(key), lambda n: key in n)
    for test in tests:
        found = [index for name, index in first.items() if test(name.casefold())]
        if found:
            return found
    return []


@attrs.frozen
class Seat:
    """What a terminal seat does for the keys that are not a choice: one loop serves every family,
    each bringing its own way of reading, writing, saving and showing the log and the table."""

    read: Callable[[str], str]
    say: Callable[[str], None]
    save_path: str | None
    save: Callable[[], None]
    quit: Callable[[], None]
    show_log: Callable[[], None]
    show_screen: Callable[[], None]
    #: what the family's own help adds to the keys (how its decisions come, its options)
    help: str = ""
    #: take the last decision back (leaves by an exception), or say why it cannot be
    take_back: Callable[[], None] | None = None
    #: what the family calls the span a take-back stays within
    turn: str = "turn"


def ask_for_choice(game: Game, request: DecisionRequest, seat: Seat) -> int:
    """Read keys until the person picks one of ``request``'s options; return its index."""
    count = len(request.options)
    while True:
        answer = read_answer(seat.read(f"Choose 1-{count} (? for help, i N for a card): "))
        if answer.kind == "pick":
            if 1 <= answer.number <= count:
                return answer.number - 1
            seat.say(f"There is no option {answer.number}: choose 1 to {count}.")
        elif answer.kind == "save":
            seat.save()
        elif answer.kind == "quit":
            seat.quit()
        elif answer.kind == "help":
            where = f" to {seat.save_path}" if seat.save_path else ""
            seat.say(HELP.format(where=where, turn=seat.turn) + (f"\n{seat.help}" if seat.help else ""))
        elif answer.kind == "undo":
            if seat.take_back is None:
                seat.say("Nothing can be taken back here.")
            else:
                seat.take_back()
        elif answer.kind == "info":
            seat.say("\n".join(card_info(game, request, answer.text)))
        elif answer.kind == "log":
            seat.show_log()
        elif answer.kind == "screen":
            seat.show_screen()
        elif answer.kind == "empty":
            seat.say(f"Type a number from 1 to {count} (? for help).")
        else:
            seat.say(f"'{answer.text}' is not an option: type a number from 1 to {count} (? for help).")


class TakeBackRequested(Exception):
    """The person took back their last decision: the game is to be rebuilt with its first
    ``keep`` choices (the face that plays it catches this, as it catches a save)."""

    def __init__(self, game: Game, keep: int) -> None:
        super().__init__("take back")
        self.game = game
        self.keep = keep


def take_back_key(
    game: Game, say: Callable[[str], None], finder: Callable[[Game], TakeBack] | None
) -> Callable[[], None] | None:
    """What ``u`` does at a seat whose face offers take-backs (``finder``: how many choices to
    keep, from the session layer): leave for the rebuild, or say why nothing can go."""
    if finder is None:
        return None

    def take() -> None:
        found = finder(game)
        if found.keep is None:
            say(f"Nothing taken back: {found.reason}.")
        else:
            raise TakeBackRequested(game, found.keep)

    return take
