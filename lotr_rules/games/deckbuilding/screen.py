"""The game as a person at a terminal sees it: one plain-text screen.

:func:`render_screen` is a pure function of the game (it changes nothing), so what a player sees
can be tested line by line. It shows only what the seat may know: its own hand, everyone's cards
in front of them, the sizes of the hidden piles. With ``seat=None`` it is a spectator's view that
shows every hand (for replays).
"""

from __future__ import annotations

from collections.abc import Iterable

from lotr_rules.games.deckbuilding.game import (
    ARCHENEMY,
    CORRUPTION,
    DECK,
    DISCARD,
    FRONT,
    HAND,
    HERO,
    PATH,
    PLAYED,
    REVEALED,
    VALOR,
    WALL,
    DeckbuildingGame,
)
from lotr_rules.games.deckbuilding.log import render_entry

#: how many of the new log lines a screen shows at most
LOG_LINES = 12
WIDTH = 78


def hero_name(game: DeckbuildingGame, seat: int) -> str:
    heroes = game.z(HERO, seat)
    return game.cards[heroes[0]].name if heroes else "no hero"


def player_name(game: DeckbuildingGame, seat: int) -> str:
    return f"Player {seat + 1} ({hero_name(game, seat)})"


def name_counts(game: DeckbuildingGame, cards: Iterable[int]) -> list[str]:
    """Names in order of first appearance, copies counted: ``["Courage x3", "Despair"]``."""
    counts: dict[str, int] = {}
    for card in cards:
        name = game.cards[card].name
        counts[name] = counts.get(name, 0) + 1
    return [name if n == 1 else f"{name} x{n}" for name, n in counts.items()]


def card_names(game: DeckbuildingGame, cards: Iterable[int]) -> str:
    """``Courage x3, Despair``, or ``-`` for no cards."""
    return ", ".join(name_counts(game, cards)) or "-"


def new_log_lines(game: DeckbuildingGame, since: int = 0, viewer: int | None = None) -> list[str]:
    """The readable lines of the log entries from index ``since`` on, as seat ``viewer`` sees them."""
    lines = []
    for entry in game.state.log[since:]:
        line = render_entry(entry, viewer)
        if line is not None:
            lines.append(line)
    return lines


def _wrap(head: str, game: DeckbuildingGame, cards: Iterable[int], indent: int = 0) -> list[str]:
    """``head`` and the cards' names, broken between names to fit the screen's width."""
    names = name_counts(game, cards) or ["-"]
    lines: list[str] = []
    prefix = " " * indent + head
    pieces: list[str] = []
    for index, name in enumerate(names):
        piece = name + ("," if index < len(names) - 1 else "")
        if pieces and len(prefix) + len(" ".join([*pieces, piece])) > WIDTH:
            lines.append(prefix + " ".join(pieces))
            prefix, pieces = " " * len(prefix), []
        pieces.append(piece)
    lines.append(prefix + " ".join(pieces))
    return lines


def _rule(title: str) -> str:
    text = f"== {title} "
    return text + "=" * max(3, WIDTH - len(text))


def _path_lines(game: DeckbuildingGame) -> list[str]:
    path = game.z(PATH)
    if not path:
        return ["  (empty)"]
    width = max(len(game.cards[c].name) for c in path)
    pending = game.state.marks.get(("ambush pending", -1), [])
    lines = []
    for card in path:
        definition = game.cards[card]
        kinds = "/".join(sorted(definition.types)) or "-"
        extras = []
        if definition.victory:
            extras.append(f"{definition.victory} VP")
        if "ambush" in definition.abilities:
            # An Ambush strikes once, at the start of the turn after the card entered the Path.
            extras.append("AMBUSH next turn" if card in pending else "Ambush")
        tail = ("  " + "  ".join(extras)) if extras else ""
        lines.append(f"  {definition.name:<{width}}  cost {definition.cost:>2}  {kinds:<14}{tail}".rstrip())
    return lines


def _stack_lines(game: DeckbuildingGame) -> list[str]:
    valor = game.z(VALOR)
    valor_text = f"Valor: {len(valor)} left, top costs {game.cards[valor[-1]].cost}" if valor else "Valor: none left"
    corruption = game.z(CORRUPTION)
    lines = [f"{valor_text}  |  Corruption: {len(corruption)} left"]
    stack = game.z(ARCHENEMY)
    face_up = game.current_archenemy()
    if face_up:
        top = game.cards[face_up[0]]
        level = f", level {top.level}" if top.level is not None else ""
        lines.append(f"Archenemy: {top.name} (cost {top.cost}{level}), {len(stack)} in the stack")
    elif stack:
        lines.append(f"Archenemy: face down until this turn ends, {len(stack)} in the stack")
    else:
        lines.append("Archenemy: none left")
    if not game.use_wall:
        lines.append("The Wall: not used in this game")
    else:
        state = "BREACHED" if game.wall_breached() else "holding"
        lines.append(f"The Wall: {len(game.z(WALL))} cards left, {state}")
    holder = game.ring_holder()
    lines.append(f"The One Ring: {player_name(game, holder) if holder >= 0 else 'behind the stacks'}")
    return lines


def _player_lines(game: DeckbuildingGame, seat: int | None) -> list[str]:
    state = game.state
    names = [f"P{p + 1} {hero_name(game, p)}" for p in range(state.num_players)]
    width = max(len(n) for n in names)
    lines = []
    for p in range(state.num_players):
        marks = []
        if p == seat:
            marks.append("you")
        if p == state.current and not state.finished:
            marks.append("to play")
        mark = f"  [{', '.join(marks)}]" if marks else ""
        lines.append(
            f"  {names[p]:<{width}}  VP {game.score(p):>3}  hand {len(game.z(HAND, p)):>2}"
            f"  deck {len(game.z(DECK, p)):>2}  discard {len(game.z(DISCARD, p)):>2}{mark}"
        )
        front = game.z(FRONT, p)
        if front:
            lines.extend(_wrap("in front: ", game, front, 6))
        if seat is None:
            lines.extend(_wrap("hand: ", game, game.z(HAND, p), 6))
    return lines


def render_screen(
    game: DeckbuildingGame,
    seat: int | None,
    *,
    since: int = 0,
    log_lines: int = LOG_LINES,
) -> str:
    """The screen for ``seat`` (None: a spectator who sees every hand).

    Only the log lines from entry ``since`` on are shown, the last ``log_lines`` of them: the
    caller remembers ``len(game.state.log)`` to show only what is new on the next screen.
    """
    state = game.state
    current = state.current
    if state.finished:
        title = f"Turn {state.turn} - the game is over"
    else:
        title = f"Turn {state.turn} - {player_name(game, current)} to play - Power {state.counters.get('power', 0)}"
    lines = [_rule(title), "The Path:"]
    lines.extend(_path_lines(game))
    lines.extend(_stack_lines(game))
    lines.append("Players:")
    lines.extend(_player_lines(game, seat))
    news = new_log_lines(game, since, seat)
    if news:
        shown = news[-log_lines:] if log_lines > 0 else []
        left_out = len(news) - len(shown)
        lines.append("What happened:" if since == 0 else "Since your last look:")
        if left_out:
            lines.append(f"  ({left_out} earlier lines not shown; type l for the whole log)")
        lines.extend(shown)
    played = game.z(PLAYED, current)
    if played and not state.finished:
        lines.extend(_wrap(f"Played this turn by player {current + 1}: ", game, played))
    if seat is not None:
        revealed = game.z(REVEALED, seat)
        if revealed:
            lines.extend(_wrap("Revealed: ", game, revealed))
        lines.extend(_wrap("Your hand: ", game, game.z(HAND, seat)))
    return "\n".join(lines)
