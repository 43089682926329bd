"""The Card Game's part of the web table's pages: what :mod:`lotr_rules.web.app` calls for a
game of the ``lcg`` family (the new-game form, the table, a card's face and text, saves and
replays), so that the application itself only routes to it."""

from __future__ import annotations

import textwrap
from typing import Any

import jinja2
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile

from lotr_rules.agents.search.core import DEFAULT_BUDGET
from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.engine.cards import CardDef
from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.errors import UserError
from lotr_rules.games.lcg.game import LcgGame
from lotr_rules.games.lcg.view import WIDTH, card_lines
from lotr_rules.web.cardview import script_of
from lotr_rules.web.lcg_games import (
    BOTS,
    DEFAULT_DECKS,
    DEFAULT_SCENARIO,
    MAX_DECK_UPLOAD,
    MAX_PLAYERS,
    UPLOADED,
    UploadedDeck,
    deck_choices,
    decode_upload,
    is_lcg_data,
    mode_choices,
    new_lcg,
    resume_lcg,
    scenario_choices,
    session_definitions,
)
from lotr_rules.web.lcg_replay import LcgReplay, LcgReplayStore, open_lcg_replay
from lotr_rules.web.lcg_view import LcgCardView, lcg_view, may_see, type_line
from lotr_rules.web.newgame import Library
from lotr_rules.web.sessions import TableSession

__all__ = ["LCG_FAMILY", "LcgPages", "is_lcg_data", "lcg_game"]

#: the family's tab on the new-game page
LCG_FAMILY = {"lcg": "The Card Game"}
BOT_NAMES = {"heuristic": "heuristic bot", "random": "random bot", "search": "search bot"}


def lcg_game(session: TableSession) -> LcgGame | None:
    return session.game if isinstance(session.game, LcgGame) else None


class _NoSuchCard(UserError):
    pass


class LcgPages:
    def __init__(self, library: Library) -> None:
        self.library = library
        self.replays = LcgReplayStore()

    @property
    def catalogue(self) -> Catalogue:
        return self.library.catalogue("lcg")

    # ------------------------------------------------------------------ a new game
    def form_choices(self) -> dict[str, Any]:
        decks = deck_choices(self.catalogue)
        return {
            "scenarios": scenario_choices(self.catalogue),
            "default_scenario": DEFAULT_SCENARIO,
            "decks": decks,
            "default_decks": [deck if deck in decks else (decks[0] if decks else "") for deck in DEFAULT_DECKS],
            "uploaded": UPLOADED,
            "bots": {kind: BOT_NAMES[kind] for kind in BOTS},
            "max_players": MAX_PLAYERS,
            "max_upload_kb": MAX_DECK_UPLOAD // 1024,
            "modes": mode_choices(),
        }

    async def new_game(self, form: dict[str, str], sent: Any) -> TableSession:
        uploads: dict[int, UploadedDeck] = {}
        for seat in range(MAX_PLAYERS):
            upload = sent.get(f"decklist{seat}")
            if form.get(f"deck{seat}") == UPLOADED and isinstance(upload, UploadFile) and upload.filename:
                content = await upload.read(MAX_DECK_UPLOAD + 1)
                uploads[seat] = decode_upload(upload.filename, content)
        library = self.library
        return await run_in_threadpool(
            new_lcg, self.catalogue, form, uploads, library.bot_delay, library.search_budget or DEFAULT_BUDGET
        )

    def resume(self, library: Library, data: Any, where: str) -> TableSession:
        return resume_lcg(self.catalogue, data, where, library.bot_delay, library.search_budget or DEFAULT_BUDGET)

    # ------------------------------------------------------------------ the table
    def view(self, session: TableSession, viewer: int | None, request: DecisionRequest | None) -> dict[str, Any]:
        game = lcg_game(session)
        assert game is not None
        return lcg_view(game, viewer, request, every_window=bool(session.context.get("every_window")))

    def _seen(self, session: TableSession, instance: int, viewer: int | None) -> tuple[LcgGame, list[CardDef]]:
        """The game and its cards, if ``viewer`` may look at the card (or it is an option of the
        question asked now, as a card searched for in a deck is); else the card is not found."""
        game = lcg_game(session)
        cards = session_definitions(session)
        if game is None or cards is None or not 0 <= instance < len(cards):
            raise _NoSuchCard("no such card")
        pending = session.pending
        # (the options of a question asked of another seat are not this viewer's to look at)
        offered = (
            pending is not None
            and (viewer is None or pending.player == viewer)
            and any(option.card == instance for option in pending.options)
        )
        if not may_see(game, instance, viewer) and not offered:
            raise _NoSuchCard("that card is face down")
        return game, cards

    def face_card(self, session: TableSession, instance: int, viewer: int | None) -> CardDef:
        return self._seen(session, instance, viewer)[1][instance]

    def detail(self, session: TableSession, instance: int, viewer: int | None) -> dict[str, Any]:
        game, cards = self._seen(session, instance, viewer)
        return self._detail(game, cards[instance], instance, with_state=True)

    def replay_detail(self, opened: LcgReplay, instance: int) -> dict[str, Any]:
        """A card of a replay, as its set defines it (a replay shows every card; its state is
        on the table of each step)."""
        if not 0 <= instance < len(opened.cards):
            raise _NoSuchCard("no such card")
        return self._detail(opened.step(0).game, opened.cards[instance], instance, with_state=False)

    def _detail(self, game: LcgGame, card: CardDef, instance: int, *, with_state: bool) -> dict[str, Any]:
        record = game.records[instance]
        # the terminal's lines of the card, but its text as one paragraph, not wrapped for a terminal
        wrapped = set(
            textwrap.wrap(record.text.strip() or "No text.", WIDTH, initial_indent="  ", subsequent_indent="  ")
        )
        return {
            "name": record.name,
            "type_line": type_line(game, instance),
            "set": self.set_title(card),
            "facts": [
                line.strip() for line in card_lines(game, instance, with_state=with_state)[1:] if line not in wrapped
            ],
            "text": record.text.strip(),
            "script": script_of(card),
        }

    def set_title(self, card: CardDef) -> str:
        info = self.catalogue.sets.get(card.set_code)
        return info.title if info is not None else card.set_code

    # ------------------------------------------------------------------ replays
    def open_replay(self, data: Any, where: str) -> LcgReplay:
        return open_lcg_replay(self.catalogue, data, where)

    def render_replay(self, env: jinja2.Environment, opened: LcgReplay, number: int) -> str:
        number = max(0, min(number, opened.last))
        step = opened.step(number)
        view = lcg_view(step.game, None, None)
        asked: dict[str, Any] = {"request": None}
        if step.request is not None:
            prompt = step.request.prompt
            if step.request.source >= 0:
                source = step.game.records[step.request.source].name
                prompt = prompt if source in prompt else f"{source}: {prompt}"
            asked = {"request": step.request, "prompt": prompt, "chosen": step.chosen}
            if step.chosen is not None:
                option = step.request.options[step.chosen]
                _mark(view, option.card, f"Player {step.request.player + 1}: {option.label}")
        seats = opened.data.get("seats")
        names = [_seat_name(str(kind)) for kind in seats] if isinstance(seats, list) else []
        names += ["bot"] * (len(opened.table.labels) - len(names))
        return env.get_template("lcg_replay_table.html").render(
            rs=opened, step=number, view=view, replay=asked, seats=names, session=None
        )


def _mark(view: Any, card: int, label: str) -> None:
    """Put the move a step made on the card it is about, wherever on the table that card is."""
    if card < 0:
        return
    items = view.values() if isinstance(view, dict) else view if isinstance(view, list) else [view]
    for item in items:
        if isinstance(item, LcgCardView):
            if item.instance == card:
                item.badge = label
            _mark(item.attached, card, label)
        elif isinstance(item, dict | list):
            _mark(item, card, label)


def _seat_name(kind: str) -> str:
    return "person" if kind == "human" else BOT_NAMES.get(kind, kind)
