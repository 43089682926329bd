"""The web table's pages: a Starlette application with server-rendered templates and htmx.

Every page is drawn on the server from the game; htmx (served from this package, no network
needed) swaps the table in place when a choice is clicked and asks for news while bots play. No
request names a file: sets, mix files, saves and records are picked from lists the server makes,
and an uploaded save or record is only ever read as JSON.
"""

from __future__ import annotations

import contextlib
import html
import math
import time
from collections.abc import AsyncIterator, Iterable, Sequence
from pathlib import Path
from typing import Any, cast
from urllib.parse import urlsplit

import jinja2
from markupsafe import Markup, escape
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import Headers, UploadFile
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from lotr_rules import __version__
from lotr_rules.agents.search.core import Budget
from lotr_rules.datafiles import DataFileError, load_json
from lotr_rules.engine.cards import CardDef
from lotr_rules.errors import UserError
from lotr_rules.games.adventure.game import AdventureGame
from lotr_rules.games.deckbuilding.config import GameConfig
from lotr_rules.games.deckbuilding.game import DeckbuildingGame
from lotr_rules.session import adventure as adventure_bots
from lotr_rules.session import families
from lotr_rules.web import faces
from lotr_rules.web.cardview import detail, script_of
from lotr_rules.web.hosts import LOOPBACK_NAMES, AllowedHosts
from lotr_rules.web.lcg_pages import (
    LCG_FAMILY,
    LcgPages,
    is_lcg_data,
    lcg_game,
)
from lotr_rules.web.lcg_replay import LcgReplay
from lotr_rules.web.newgame import (
    FAMILIES,
    WEB_PLANS,
    Library,
    new_adventure,
    new_deckbuilding,
    resume_game,
)
from lotr_rules.web.replays import ReplaySession, ReplayStore, open_replay
from lotr_rules.web.saves import SaveFolder, save_data_of
from lotr_rules.web.seen import SEEN_FAMILIES, may_see_card, may_see_face
from lotr_rules.web.sessions import HOST, SessionStore, TableSession
from lotr_rules.web.views import adventure_view, deckbuilding_view
from lotr_rules.web.visible import visible
from lotr_rules.web.workshop import FAMILIES as WORKSHOP_FAMILIES
from lotr_rules.web.workshop import MAX_SCRIPT, STARTERS, Checked, TrySets, try_session
from lotr_rules.web.workshop import check as workshop_check

HERE = Path(__file__).parent
#: how long a page's request for news waits for something to happen before it asks again
NEWS_WAIT = 8.0
#: the largest save or record a page may upload
MAX_UPLOAD = 4 * 1024 * 1024

BOT_NAMES = {"heuristic": "heuristic bot", "random": "random bot", "search": "search bot"}
#: the new-game and resume forms' answer to "where do the people play"
AT_OWN_BROWSERS = "browsers"
#: what a page that is not found says, whether there is no such game or a link's key is wrong
NO_GAME = "there is no such game here (the server may have been restarted, or the link is not right)"


class Seat:
    """Which page of a game a request comes from: the one screen of the table (``role`` None),
    or, at a table shared at several browsers, the host's page (:data:`HOST`) or a person's seat."""

    def __init__(self, session: TableSession, role: int | None, base: str) -> None:
        self.session = session
        self.role = role
        #: the address the page's requests start with
        self.base = base

    @property
    def person(self) -> bool:
        """A person's own seat at a shared table (who answers only that seat's decisions)."""
        return self.role is not None and self.role != HOST


def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(HERE / "templates"),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
        finalize=_shown,
    )
    env.globals["version"] = __version__
    env.filters["as_sent"] = _as_sent
    return env


def _shown(value: Any) -> Any:
    """Every text a page shows, with the characters that would change how it reads (a
    right-to-left override in a card's name, say) written as escapes (see :mod:`.visible`).
    HTML the table made itself (``Markup``) was shown through here when it was made."""
    return visible(value) if isinstance(value, str) and not isinstance(value, Markup) else value


def _as_sent(value: str) -> Markup:
    """A text exactly as it came, escaped but not made visible: for what a page sends back
    (the script being edited, a save's file name in a button's value), where an escape in
    place of a character would change what is sent."""
    return escape(str(value))


class WebTable:
    """The application's state: the sets it was given, its games, where saves go."""

    def __init__(self, library: Library, saves: SaveFolder) -> None:
        self.library = library
        self.saves = saves
        self.sessions = SessionStore()
        self.replays = ReplayStore()
        self.try_sets = TrySets()
        self.env = _environment()
        self.lcg = LcgPages(library)

    def page(self, template: str, status: int = 200, **context: Any) -> HTMLResponse:
        return HTMLResponse(self.env.get_template(template).render(**context), status_code=status)

    def seat(self, request: Request) -> Seat:
        """The game a request is about, and whose page asks: ``/game/{sid}`` is the one screen
        of a game played at one screen; ``/play/{sid}/{key}`` is a page of a shared game, the
        host's or a person's seat's, by the secret key of its link. A shared game has no one
        screen, and a wrong key finds nothing: either is answered as a game that is not here."""
        sid = str(request.path_params["sid"])
        key = request.path_params.get("key")
        if key is None:
            found = self.sessions.get(sid)
            if found is None or found.shared:
                raise _NotFound(NO_GAME)
            return Seat(found, None, f"/game/{sid}")
        seated = self.sessions.seat(sid, str(key))
        if seated is None:
            raise _NotFound(NO_GAME)
        return Seat(seated[0], seated[1], f"/play/{sid}/{key}")

    # ------------------------------------------------------------------ pages
    async def home(self, request: Request) -> Response:
        return self.page("home.html", saves=self.saves.listing())

    async def new_form(self, request: Request) -> Response:
        return self._new_page({"family": request.query_params.get("family", "deckbuilding")}, "")

    def _new_page(self, form: dict[str, str], error: str, status: int = 200) -> HTMLResponse:
        return self.page(
            "new.html",
            status,
            form=form,
            error=error,
            families={**FAMILIES, **LCG_FAMILY},
            lcg=self.lcg.form_choices(),
            sets=self.library.set_choices("deckbuilding"),
            plans=WEB_PLANS,
            mix_files=sorted(self.library.mix_files()),
            bots={kind: BOT_NAMES[kind] for kind in families.family("deckbuilding").bots},
            strategies=sorted(adventure_bots.BOTS),
            default_players=families.family("deckbuilding").default_players,
        )

    async def new_game(self, request: Request) -> Response:
        sent = await request.form()
        form = {key: str(value) for key, value in sent.items() if isinstance(value, str)}
        family = form.get("family", "deckbuilding")
        try:
            if family in LCG_FAMILY:
                session = await self.lcg.new_game(form, sent)
            elif family == "adventure-deck":
                session = await run_in_threadpool(new_adventure, self.library, form)
            elif family == "deckbuilding":
                session = await run_in_threadpool(new_deckbuilding, self.library, form)
            else:
                raise UserError(f"unknown game '{family}'")
        except UserError as error:
            return self._new_page(form, str(error), 400)
        return self._started(session, form)

    def _started(self, session: TableSession, form: Any) -> Response:
        """Start ``session`` and send the browser to its table: its one screen, or the host's
        page of its links when each person plays at their own browser."""
        if form.get("play_at") == AT_OWN_BROWSERS and session.humans:
            session.share()
        # the host's switch: a box left unticked on the page turns take-backs off
        session.take_backs = bool(form.get("take_backs")) or not form.get("asked_take_backs")
        self.sessions.add(session)
        if session.shared:
            return RedirectResponse(f"/play/{session.id}/{session.keys[HOST]}", status_code=303)
        return RedirectResponse(f"/game/{session.id}", status_code=303)

    async def game_page(self, request: Request) -> Response:
        seat = self.seat(request)
        table = await run_in_threadpool(self.render_table, seat, 2.0)
        links = self._links(request, seat) if seat.role == HOST else []
        return self.page("game.html", session=seat.session, table=table, links=links)

    @staticmethod
    def _links(request: Request, seat: Seat) -> list[tuple[str, str]]:
        """The host's page of a shared game: each person's seat and the link to it."""
        session = seat.session
        root = str(request.base_url).rstrip("/")
        return [(f"Player {human + 1}", f"{root}/play/{session.id}/{session.keys[human]}") for human in session.humans]

    async def table(self, request: Request) -> Response:
        seat = self.seat(request)
        try:
            since = int(request.query_params.get("v", "-1"))
        except ValueError:
            since = -1
        if since >= 0:
            await run_in_threadpool(seat.session.wait_for_news, since, NEWS_WAIT)
        return HTMLResponse(await run_in_threadpool(self.render_table, seat, 0.0))

    async def choose(self, request: Request) -> Response:
        seat = self.seat(request)
        session = seat.session
        form = await request.form()
        try:
            at, option = int(str(form.get("at"))), int(str(form.get("option")))
        except ValueError:
            return HTMLResponse(await run_in_threadpool(self.render_table, seat, 0.0), status_code=400)
        if seat.role == HOST:
            return HTMLResponse(await run_in_threadpool(self.render_table, seat, 0.0), status_code=403)
        before = session.version
        if session.give_answer(at, option, seat.role):
            await run_in_threadpool(session.wait_for_news, before, 5.0)
        return HTMLResponse(await run_in_threadpool(self.render_table, seat, 0.0))

    async def take_back(self, request: Request) -> Response:
        """Take back the last decision of the people at the table; the table as it then stands."""
        seat = self.seat(request)
        session = seat.session
        form = await request.form()
        try:
            at = int(str(form.get("at")))
        except ValueError:
            at = -1
        before = session.version
        if await run_in_threadpool(session.take_back, at, seat.role):
            await run_in_threadpool(session.wait_for_news, before + 1, 5.0)
        return HTMLResponse(await run_in_threadpool(self.render_table, seat, 0.0))

    async def sit(self, request: Request) -> Response:
        seat = self.seat(request)
        form = await request.form()
        try:
            number = int(str(form.get("seat")))
        except ValueError:
            number = -1
        seat.session.sit_down(number)
        return HTMLResponse(await run_in_threadpool(self.render_table, seat, 0.0))

    async def card(self, request: Request) -> Response:
        seat = self.seat(request)
        session = seat.session
        instance = _instance(request)
        with session.cond:
            game = session.game
            if game is None or not 0 <= instance < len(game.cards):
                raise _NotFound("no such card")
            viewer = self._viewer(seat)[0]
            if lcg_game(session) is not None:
                try:
                    shown = self.lcg.detail(session, instance, viewer)
                except UserError as error:  # a face-down card: as not found as a wrong number
                    raise _NotFound(str(error)) from None
                return self.page("lcg_inspector.html", card=shown)
            if session.family in SEEN_FAMILIES and not may_see_card(game, instance, viewer, self._asked(seat)):
                raise _NotFound("that card is face down")
            definition = game.cards[instance]
        catalogue = session.context.get("catalogue")
        info = catalogue.sets.get(definition.set_code) if catalogue is not None else None
        return self.page("inspector.html", card=detail(definition, info.title if info else ""))

    async def face(self, request: Request) -> Response:
        seat = self.seat(request)
        session = seat.session
        instance = _instance(request)
        with session.cond:
            game = session.game
            if game is None or not 0 <= instance < len(game.cards):
                raise _NotFound("no such card")
            definition = game.cards[instance]
            viewer = self._viewer(seat)[0]
            if lcg_game(session) is not None:
                try:
                    definition = self.lcg.face_card(session, instance, viewer)
                except UserError as error:
                    raise _NotFound(str(error)) from None
            elif session.family in SEEN_FAMILIES and not may_see_face(game, instance, viewer, self._asked(seat)):
                raise _NotFound("that card is face down")
        return _svg(await run_in_threadpool(faces.face_svg, definition))

    # ------------------------------------------------------------------ saving
    def _saving(self, request: Request) -> TableSession:
        """The game a page may save: a person's seat at a shared table may not (a save holds
        every card of every hand and deck); the host's page and the one screen may."""
        seat = self.seat(request)
        if seat.person:
            raise _Refused("only the host's page saves a game shared at several browsers")
        return seat.session

    async def save(self, request: Request) -> Response:
        session = self._saving(request)
        data = await run_in_threadpool(save_data_of, session)
        if data is None:
            message, name = "There is nothing to save yet.", ""
        else:
            try:
                name = await run_in_threadpool(self.saves.write, data)
                message = f"Saved as {name}: resume it from the start page."
            except UserError as error:
                message, name = f"The game was NOT saved: {error}", ""
        return self.page("saved.html", message=message, name=name, session=session)

    async def record(self, request: Request) -> Response:
        session = self._saving(request)
        data = await run_in_threadpool(save_data_of, session)
        if data is None:
            raise _NotFound("the game has not begun")
        stamp = time.strftime("%Y%m%d-%H%M%S")
        return JSONResponse(data, headers={"Content-Disposition": f'attachment; filename="lotr-game-{stamp}.json"'})

    async def resume_form(self, request: Request) -> Response:
        return self.page("resume.html", saves=self.saves.listing(), error="")

    async def resume(self, request: Request) -> Response:
        form = await request.form()
        try:
            data, where = await _chosen_or_uploaded(form, self.saves)
            resume = self.lcg.resume if is_lcg_data(data) else resume_game
            session = await run_in_threadpool(resume, self.library, data, where)
        except UserError as error:
            return self.page("resume.html", 400, saves=self.saves.listing(), error=str(error))
        return self._started(session, form)

    # ------------------------------------------------------------------ drawing the table
    def render_table(self, seat: Seat, wait: float) -> str:
        if wait > 0:
            seat.session.wait_for_news(-1, wait)
        with seat.session.cond:
            context = self._table_context(seat)
        return self.env.get_template("table.html").render(**context)

    @staticmethod
    def _viewer(seat: Seat) -> tuple[int | None, int | None]:
        """Whose hand the page shows (None: every hand, -1: none), and the seat the screen
        must be passed to first in hot-seat play (or None). A page of a shared table shows its
        own seat's hand (the host's page: none)."""
        session = seat.session
        if seat.role is not None:
            return (seat.role if seat.person else -1), None
        pending = session.pending if session.answer is None else None
        humans = session.humans
        viewer: int | None
        if not humans:
            viewer = None  # bots only: watch with every hand shown
        elif session.hot_seat:
            viewer = session.revealed if session.revealed is not None else -1
        else:
            viewer = humans[0]
        pass_to = None
        if pending is not None and session.hot_seat and session.revealed != pending.player:
            pass_to = pending.player
            viewer = -1
        return viewer, pass_to

    @staticmethod
    def _asked(seat: Seat) -> Any:
        """The decision this page answers now (None: none, or not this page's)."""
        session = seat.session
        pending = session.pending if session.answer is None else None
        if pending is None or (seat.role is not None and seat.role != pending.player):
            return None
        if session.hot_seat and session.revealed != pending.player:
            return None
        return pending

    def _table_context(self, seat: Seat) -> dict[str, Any]:
        session = seat.session
        game = session.game
        pending = session.pending if session.answer is None else None
        viewer, pass_to = self._viewer(seat)
        request = self._asked(seat)
        waiting = request is not None
        view: dict[str, Any] | None = None
        if isinstance(game, DeckbuildingGame):
            view = deckbuilding_view(game, viewer, request)
        elif isinstance(game, AdventureGame):
            view = adventure_view(game, request)
        elif lcg_game(session) is not None:
            view = self.lcg.view(session, viewer, request)
        move = ""
        if session.showing is not None and game is not None:
            shown, index = session.showing
            option = shown.options[index]
            who = f"Player {shown.player + 1}" if session.family != "adventure-deck" else "The strategy"
            move = f"{who} ({_bot_name(session.seats[shown.player])}) chooses: {option.label}"
            if view is not None and option.card >= 0:
                _mark(view, option.card, option.label)
        over = session.done
        polling = not over and not waiting and pass_to is None
        # at a shared table, whom the others wait for
        waiting_for = pending.player if pending is not None and not waiting and session.shared else None
        # the one screen takes back while it is asked; a person's page of a shared table while
        # the game waits for any person (the others then agree); the host's page never
        shared_wait = seat.person and pending is not None and not session.done
        may_take_back = session.take_backs and (waiting if seat.role is None else shared_wait)
        return {
            "session": session,
            "may_take_back": may_take_back,
            "agreed": seat.role in session.take_back_agreed and session.take_back_at == session.decision_number(),
            "base": seat.base,
            "may_save": not seat.person,
            "waiting_for": waiting_for,
            "view": view,
            "move": move,
            "pass_to": pass_to,
            "waiting": waiting,
            "polling": polling,
            "over": over,
            "error": session.error,
            "seats": [_bot_name(kind) for kind in session.seats],
            "replay": None,
        }

    # ------------------------------------------------------------------ the card workshop
    async def workshop(self, request: Request) -> Response:
        family = request.query_params.get("family", "deckbuilding")
        if family not in WORKSHOP_FAMILIES:
            family = "deckbuilding"
        text = STARTERS[family]
        start_from = request.query_params.get("from", "")
        if start_from:
            catalogue = self.library.catalogue(family)
            found = next((card for card in catalogue.cards if card.name == start_from), None)
            if found is not None:
                text = script_of(found) or text
        return await self._workshop_page(family, text)

    async def _workshop_page(self, family: str, text: str, status: int = 200, error: str = "") -> Response:
        checked = await run_in_threadpool(self._check, text, family)
        names = sorted({card.name for card in self.library.catalogue(family).cards})
        return self.page(
            "workshop.html",
            status,
            family=family,
            families=WORKSHOP_FAMILIES,
            text=text,
            checked=checked,
            face=_inline_svg(checked.card),
            names=names,
            error=error,
            oob=False,
        )

    def _check(self, text: str, family: str) -> Checked:
        known = frozenset(card.name for card in self.library.catalogue(family).cards)
        return workshop_check(text, family, self.library.card_dirs, known)

    async def workshop_check(self, request: Request) -> Response:
        try:
            text, family = await _workshop_form(request)
            checked = await run_in_threadpool(self._check, text, family)
        except UserError as error:
            message = html.escape(visible(str(error)))
            return HTMLResponse(f'<p class="error" role="alert">{message}</p>', status_code=400)
        return self.page("workshop_result.html", checked=checked, face=_inline_svg(checked.card), oob=True)

    async def workshop_try(self, request: Request) -> Response:
        text, family = await _workshop_form(request)
        try:
            session = await run_in_threadpool(try_session, self.library, self.try_sets, text, family)
        except UserError as error:
            return await self._workshop_page(family, text, 400, str(error))
        self.sessions.add(session, "tries")
        return RedirectResponse(f"/game/{session.id}", status_code=303)

    # ------------------------------------------------------------------ replays
    def replay_session(self, request: Request) -> ReplaySession | LcgReplay:
        rid = str(request.path_params["rid"])
        found = self.replays.get(rid) or self.lcg.replays.get(rid)
        if found is None:
            raise _NotFound("there is no such replay open here (the server may have been restarted)")
        return found

    async def replay_list(self, request: Request) -> Response:
        return self.page("replays.html", saves=self.saves.listing(), error="")

    async def replay_open(self, request: Request) -> Response:
        form = await request.form()
        try:
            data, where = await _chosen_or_uploaded(form, self.saves)
            if is_lcg_data(data):
                lcg_opened = self.lcg.replays.add(await run_in_threadpool(self.lcg.open_replay, data, where))
                return RedirectResponse(f"/replay/{lcg_opened.id}", status_code=303)
            opened = await run_in_threadpool(open_replay, self.library.catalogue, data, where)
        except UserError as error:
            return self.page("replays.html", 400, saves=self.saves.listing(), error=str(error))
        self.replays.add(opened)
        return RedirectResponse(f"/replay/{opened.id}", status_code=303)

    async def replay_page(self, request: Request) -> Response:
        replay_session = self.replay_session(request)
        table = await run_in_threadpool(self.render_replay, replay_session, _step_of(request))
        return self.page("replay.html", table=table)

    async def replay_view(self, request: Request) -> Response:
        replay_session = self.replay_session(request)
        return HTMLResponse(await run_in_threadpool(self.render_replay, replay_session, _step_of(request)))

    def render_replay(self, replay_session: ReplaySession | LcgReplay, number: int) -> str:
        if isinstance(replay_session, LcgReplay):
            return self.lcg.render_replay(self.env, replay_session, number)
        number = max(0, min(number, replay_session.last))
        step = replay_session.step(number)
        view = (
            adventure_view(step.game, None)
            if isinstance(step.game, AdventureGame)
            else deckbuilding_view(cast(DeckbuildingGame, step.game), None, None)
        )
        asked = None
        if step.request is not None:
            prompt = step.request.prompt
            if step.request.source >= 0:
                source = step.game.cards[step.request.source].name
                prompt = prompt if source in prompt else f"{source}: {prompt}"
            asked = {"request": step.request, "prompt": prompt, "chosen": step.chosen}
            if step.chosen is not None:
                option = step.request.options[step.chosen]
                if option.card >= 0:
                    _mark(view, option.card, f"Player {step.request.player + 1}: {option.label}")
        seats = replay_session.data.get("seats")
        names = [_bot_name(str(kind)) for kind in seats] if isinstance(seats, list) else []
        players = replay_session.config.players if isinstance(replay_session.config, GameConfig) else 1
        names += ["bot"] * (players - len(names))
        return self.env.get_template("replay_table.html").render(
            rs=replay_session, step=number, view=view, replay=asked or {"request": None}, seats=names
        )

    async def replay_card(self, request: Request) -> Response:
        opened = self.replay_session(request)
        if isinstance(opened, LcgReplay):
            _card_at(request, opened.cards)  # a number that is no card is not found
            shown = self.lcg.replay_detail(opened, int(request.path_params["instance"]))
            return self.page("lcg_inspector.html", card=shown)
        cards = opened.step(0).game.cards
        return self.page("inspector.html", card=detail(_card_at(request, cards)))

    async def replay_face(self, request: Request) -> Response:
        opened = self.replay_session(request)
        cards = opened.cards if isinstance(opened, LcgReplay) else opened.step(0).game.cards
        return _svg(await run_in_threadpool(faces.face_svg, _card_at(request, cards)))


async def _workshop_form(request: Request) -> tuple[str, str]:
    form = await request.form()
    text = form.get("text")
    family = str(form.get("family") or "deckbuilding")
    if not isinstance(text, str):
        raise UserError("no card script was sent")
    if len(text) > MAX_SCRIPT:
        raise UserError(f"a card script in the workshop is at most {MAX_SCRIPT} characters long")
    return text.replace("\r\n", "\n"), family if family in WORKSHOP_FAMILIES else "deckbuilding"


def _inline_svg(card: CardDef | None) -> str:
    """A face to put inside the page (without the XML prolog a standalone file may have)."""
    if card is None:
        return ""
    text = faces.face_svg(card)
    return text[text.find("<svg") :] if "<svg" in text else ""


def _step_of(request: Request) -> int:
    try:
        return int(request.query_params.get("step", "0"))
    except ValueError:
        return 0


def _card_at(request: Request, cards: Sequence[CardDef]) -> CardDef:
    try:
        instance = int(request.path_params["instance"])
    except ValueError:
        raise _NotFound("no such card") from None
    if not 0 <= instance < len(cards):
        raise _NotFound("no such card")
    return cards[instance]


def _instance(request: Request) -> int:
    try:
        return int(request.path_params["instance"])
    except ValueError:
        raise _NotFound("no such card") from None


def _svg(text: str) -> Response:
    return Response(text, media_type="image/svg+xml", headers={"Cache-Control": "max-age=3600"})


def _bot_name(kind: str) -> str:
    if kind == "human":
        return "person"
    return BOT_NAMES.get(kind, f"{kind} strategy")


def _mark(view: dict[str, Any], card: int, label: str) -> None:
    """Put a bot's move on the card it is about."""
    for value in view.values():
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, dict):
                _mark(item, card, label)
            elif getattr(item, "instance", None) == card:
                item.badge = label


async def _chosen_or_uploaded(form: Any, saves: SaveFolder) -> tuple[Any, str]:
    data, where = await _read_chosen_or_uploaded(form, saves)
    if not _finite(data):
        raise UserError(f"{where} is not a game record (it holds NaN or Infinity, which no record has)")
    return data, where


def _finite(data: Any) -> bool:
    """Whether ``data`` (JSON, nested at most 64 deep: the reader checked) holds only finite
    numbers. Python's JSON reader takes NaN and Infinity, which no game record has and which
    turn into errors of another kind (an overflow) where a whole number is read."""
    if isinstance(data, float):
        return math.isfinite(data)
    if isinstance(data, dict):
        return all(_finite(value) for value in data.values())
    if isinstance(data, list):
        return all(_finite(value) for value in data)
    return True


async def _read_chosen_or_uploaded(form: Any, saves: SaveFolder) -> tuple[Any, str]:
    upload = form.get("file")
    if isinstance(upload, UploadFile) and upload.filename:
        content = await upload.read(MAX_UPLOAD + 1)
        if len(content) > MAX_UPLOAD:
            raise UserError(f"{upload.filename} is larger than a game record can be")
        try:
            return load_json(content.decode("utf-8"), upload.filename, "game record"), upload.filename
        except UnicodeDecodeError as error:
            raise UserError(f"{upload.filename} is not a game record (not UTF-8 text: {error})") from None
        except DataFileError as error:
            why = error.reason.removeprefix("the game record is ")
            raise UserError(f"{upload.filename} is not a game record ({why})") from None
    name = str(form.get("name") or "")
    if not name:
        raise UserError("choose a save, or a file to upload")
    return saves.read(name), name


async def favicon(request: Request) -> Response:
    """The table's icon, for browsers that ask for /favicon.ico whatever the page links to."""
    return Response(
        (HERE / "static" / "favicon.svg").read_bytes(),
        media_type="image/svg+xml",
        headers={"Cache-Control": "max-age=86400"},
    )


class _NotFound(Exception):
    pass


class _Refused(Exception):
    """A page asked for what it may not have (a person's seat asking to save)."""


class SameOriginChanges:
    """Refuse a request that changes something (a POST) sent by a page of another site: a web
    page elsewhere could otherwise start games or write saves here through the person's browser."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in ("GET", "HEAD", "OPTIONS"):
            headers = Headers(scope=scope)
            origin = headers.get("origin")
            if origin is not None and urlsplit(origin).netloc != headers.get("host", ""):
                response = PlainTextResponse("Refused: the request came from a page of another site.", 403)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


def create_app(
    card_dirs: tuple[Path, ...] = (),
    saves_dir: Path | None = None,
    bot_delay: float = 0.6,
    *,
    allowed_hosts: Iterable[str] = LOOPBACK_NAMES,
    search_budget: Budget | None = None,
) -> Starlette:
    """The web table for the shipped sets and ``card_dirs``; saves go to ``saves_dir``. It
    answers only requests addressed to one of ``allowed_hosts`` (or to the address they arrived
    at, written as numbers): no page of another site can reach it through a name that points
    here (see :mod:`lotr_rules.web.hosts`)."""
    library = Library(card_dirs, bot_delay, search_budget)
    library.catalogue("deckbuilding")  # a set with errors stops the server before it starts
    library.catalogue("adventure-deck")
    library.catalogue("lcg")
    table = WebTable(library, SaveFolder(saves_dir or Path("lotr-saves")))

    async def not_found(request: Request, error: Exception) -> Response:
        return table.page("error.html", 404, message=str(error))

    async def refused(request: Request, error: Exception) -> Response:
        return table.page("error.html", 400, message=str(error))

    async def forbidden(request: Request, error: Exception) -> Response:
        return table.page("error.html", 403, message=str(error))

    routes = [
        Route("/", table.home),
        Route("/new", table.new_form, methods=["GET"]),
        Route("/new", table.new_game, methods=["POST"]),
        Route("/resume", table.resume_form, methods=["GET"]),
        Route("/resume", table.resume, methods=["POST"]),
        Route("/game/{sid}", table.game_page),
        Route("/game/{sid}/table", table.table),
        Route("/game/{sid}/choose", table.choose, methods=["POST"]),
        Route("/game/{sid}/sit", table.sit, methods=["POST"]),
        Route("/game/{sid}/takeback", table.take_back, methods=["POST"]),
        Route("/play/{sid}/{key}/takeback", table.take_back, methods=["POST"]),
        Route("/game/{sid}/save", table.save, methods=["POST"]),
        Route("/game/{sid}/record.json", table.record),
        Route("/game/{sid}/card/{instance}", table.card),
        Route("/game/{sid}/face/{instance}.svg", table.face),
        # a game shared at several browsers: the same pages, by the secret key of each link
        Route("/play/{sid}/{key}", table.game_page),
        Route("/play/{sid}/{key}/table", table.table),
        Route("/play/{sid}/{key}/choose", table.choose, methods=["POST"]),
        Route("/play/{sid}/{key}/save", table.save, methods=["POST"]),
        Route("/play/{sid}/{key}/record.json", table.record),
        Route("/play/{sid}/{key}/card/{instance}", table.card),
        Route("/play/{sid}/{key}/face/{instance}.svg", table.face),
        Route("/workshop", table.workshop, methods=["GET"]),
        Route("/workshop/check", table.workshop_check, methods=["POST"]),
        Route("/workshop/try", table.workshop_try, methods=["POST"]),
        Route("/replay", table.replay_list, methods=["GET"]),
        Route("/replay", table.replay_open, methods=["POST"]),
        Route("/replay/{rid}", table.replay_page),
        Route("/replay/{rid}/view", table.replay_view),
        Route("/replay/{rid}/card/{instance}", table.replay_card),
        Route("/replay/{rid}/face/{instance}.svg", table.replay_face),
        Route("/favicon.ico", favicon),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        table.sessions.close_all()
        table.try_sets.close()

    middleware = [Middleware(AllowedHosts, names=tuple(allowed_hosts)), Middleware(SameOriginChanges)]
    app = Starlette(
        routes=routes,
        middleware=middleware,
        exception_handlers={_NotFound: not_found, UserError: refused, _Refused: forbidden},
        lifespan=lifespan,
    )
    app.state.table = table
    return app
