"""A game at the web table: the engine runs in a thread of its own; the page answers for people.

The engine asks its seats synchronously (``Agent.choose``), exactly as at the terminal. A person's
seat here is a :class:`WebSeat`: it publishes the request and waits until a page answers it. A
bot's seat is the terminal's bot (the same answers for the same seed and choices) wrapped in
:class:`VisibleBot`, which pauses after deciding so that the page can show what the bot does.

One condition variable guards everything: the game thread holds it while the engine works and
lets go of it only while it waits for an answer or pauses for a bot, so a page that reads the
game (to draw it or save it) always sees a game standing still at a decision.
"""

from __future__ import annotations

import hmac
import secrets
import threading
import time
import traceback
from collections.abc import Callable, Sequence
from typing import Any

from lotr_rules.engine.decisions import Agent, DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.errors import UserError

#: how many games one server keeps; starting another closes the one left alone longest
MAX_SESSIONS = 32
#: how long a seat's link key is, in bytes of randomness (the link holds it as URL-safe text)
KEY_BYTES = 24
#: what a page of a table shared at several browsers is: one person's seat, or the host's page
HOST = -1
#: a key no link has, compared with when the game is not found (so that a wrong link takes the
#: same time whether or not its game exists)
_NO_KEY = secrets.token_urlsafe(KEY_BYTES)
#: how many games started by the workshop's "Try it" one server keeps (a designer presses the
#: button again at every change, and each try is a game with a set folder of its own)
MAX_TRIES = 4


class Closed(Exception):
    """The session was closed while its game waited: the game thread stops."""


class _TakenBack(Exception):
    """A page took the last decision back while the game waited: it is rebuilt with ``keep`` choices."""

    def __init__(self, keep: int) -> None:
        super().__init__("taken back")
        self.keep = keep


class TableSession:
    """One game in progress (or over) at the web table."""

    def __init__(
        self,
        family: str,
        seats: Sequence[str],
        title: str,
        run: Callable[[Sequence[Agent]], Game],
        make_bot: Callable[[int, str], Agent],
        *,
        bot_delay: float = 0.6,
        context: dict[str, Any] | None = None,
    ) -> None:
        self.id = secrets.token_urlsafe(9)
        self.family = family
        self.seats = list(seats)
        self.title = title
        self.bot_delay = bot_delay
        #: what the game was set up from (its catalogue, its config), for the pages
        self.context = context or {}
        self.cond = threading.Condition()
        self.game: Game | None = None
        #: the decision a person must answer now, and the answer once given
        self.pending: DecisionRequest | None = None
        self.answer: int | None = None
        #: a bot's decision being shown before it takes effect: (request, chosen index)
        self.showing: tuple[DecisionRequest, int] | None = None
        #: the seat whose hand the screen shows in hot-seat play (None: nobody has sat down yet)
        self.revealed: int | None = None
        self.done = False
        self.closed = False
        self.error = ""
        #: whether the people may take moves back (the host's switch on the new-game page)
        self.take_backs = True
        #: the number of choices a take-back keeps, until the game thread has rebuilt the game
        self.rewind: int | None = None
        #: what the last take-back asked for says (why nothing was taken back), until the next question
        self.take_back_note = ""
        #: at a table shared at several browsers: the decision a take-back was asked for at,
        #: and the seats whose people agreed to it
        self.take_back_at = -1
        self.take_back_agreed: set[int] = set()
        self._why_not = ""
        #: grows whenever anything a page shows changes
        self.version = 0
        self.touched = time.monotonic()
        #: what to do once the session is closed (remove the files it alone used)
        self.on_close: list[Callable[[], None]] = []
        #: each person at their own browser: the secret key of each person's seat and of the
        #: host's page (empty: one screen for everyone, the table's own address)
        self.keys: dict[int, str] = {}
        #: a decision a person's seat answers without asking (the Card Game's action windows in
        #: which nothing is worth doing): the index to answer, or None to ask
        self.skip: Callable[[Game, DecisionRequest], int | None] | None = None
        self._run = run
        agents: list[Agent] = [
            WebSeat(self) if kind == "human" else VisibleBot(self, make_bot(seat, kind))
            for seat, kind in enumerate(self.seats)
        ]
        self._thread = threading.Thread(target=self._play, args=(agents,), name=f"table-{self.id}", daemon=True)

    # ------------------------------------------------------------------ the game thread
    def start(self) -> None:
        self._thread.start()

    def _play(self, agents: Sequence[Agent]) -> None:
        with self.cond:
            try:
                run = self._run
                while True:
                    try:
                        self.game = run(agents)
                        break
                    except _TakenBack as back:
                        run = self._rebuilt(back.keep)
            except Closed:
                pass
            except UserError as error:
                self.error = str(error)
            except Exception as error:  # a bug: say so on the page rather than hang
                traceback.print_exc()
                self.error = f"internal error: {type(error).__name__}: {error} (this is a bug in lotr-rules)"
            finally:
                self.done = True
                self.pending = None
                self.showing = None
                self._changed()

    def _rebuilt(self, keep: int) -> Callable[[Sequence[Agent]], Game]:
        """How to play the game again from its first ``keep`` choices (then on, asking its seats)."""
        from lotr_rules.session.families import game_builder

        assert self.game is not None
        kept = list(self.game.state.choices[:keep])
        new_game, run, _ = game_builder(self.family, self.context.get("catalogue"), self.context.get("config"))
        self.rewind = None
        self.pending = None

        def again(agents: Sequence[Agent]) -> Game:
            game: Game = new_game(agents, kept)
            self.game = game
            run(game)
            return game

        return again

    def _changed(self) -> None:
        self.version += 1
        self.cond.notify_all()

    # ------------------------------------------------------------------ what the pages call
    @property
    def humans(self) -> list[int]:
        return [seat for seat, kind in enumerate(self.seats) if kind == "human"]

    @property
    def hot_seat(self) -> bool:
        """Several people take turns at one screen."""
        return len(self.humans) > 1 and not self.shared

    @property
    def shared(self) -> bool:
        """Each person plays at their own browser, through their seat's secret link."""
        return bool(self.keys)

    def share(self) -> None:
        """Give the host's page and each person's seat a secret link (before the game starts)."""
        self.keys = {seat: secrets.token_urlsafe(KEY_BYTES) for seat in [HOST, *self.humans]}

    def role_of(self, key: str) -> int | None:
        """The seat whose key ``key`` is (:data:`HOST` for the host's page), or None. Every key
        is compared, each in constant time, so that how long this takes says nothing of how
        much of a key was right."""
        found = None
        for seat, own in self.keys.items():
            if hmac.compare_digest(own.encode(), key.encode()):
                found = seat
        return found

    def decision_number(self) -> int:
        """How many choices the game has had: a page's answer names the decision it answers."""
        return len(self.game.state.choices) if self.game is not None else 0

    def give_answer(self, at: int, index: int, seat: int | None = None) -> bool:
        """Answer the pending decision; False (and nothing done) when ``at`` is not the decision
        pending now (a second click, an old page), ``index`` is not one of its options, or
        ``seat`` (the seat of the page answering, None: the one screen) is not the one asked."""
        with self.cond:
            self.touched = time.monotonic()
            request = self.pending
            if request is None or self.answer is not None or at != self.decision_number():
                return False
            if not 0 <= index < len(request.options):
                return False
            if seat is not None and seat != request.player:
                return False
            if self.hot_seat and self.revealed != request.player:
                return False  # the right person has not taken the screen yet
            self.answer = index
            self._changed()
            return True

    def take_back(self, at: int, seat: int | None = None) -> bool:
        """Take back the people's last decision while decision ``at`` waits for a person (see
        :mod:`lotr_rules.session.takeback`); ``seat``: the seat of the page asking (None: the
        one screen). At a table shared by several people at their own browsers, a take-back is
        asked for first, and happens once every person's page has agreed (asked for it too)
        before the decision is answered. False, with :attr:`take_back_note` saying why, when
        nothing is taken back (yet)."""
        with self.cond:
            self.touched = time.monotonic()
            note = self._take_back_refused(at, seat)
            keep = self._kept() if not note else None
            if keep is None:
                self.take_back_note = f"Nothing taken back: {note or self._why_not}."
                self._changed()
                return False
            if self.shared and len(self.humans) > 1 and seat is not None:
                agreed = self.take_back_agreed if self.take_back_at == at else set()
                agreed.add(seat)
                self.take_back_at, self.take_back_agreed = at, agreed
                missing = [person for person in self.humans if person not in agreed]
                if missing:
                    who = " and ".join(f"Player {person + 1}" for person in missing)
                    self.take_back_note = f"A take-back of the last decision is asked for: it waits for {who} to agree."
                    self._changed()
                    return False
            self.rewind = keep
            self.take_back_note = ""
            self.take_back_at, self.take_back_agreed = -1, set()
            self._changed()
            return True

    def _take_back_refused(self, at: int, seat: int | None) -> str:
        """Why a take-back cannot even be asked for now ('' when it can)."""
        if not self.take_backs:
            return "take-backs are off at this table"
        if seat is not None and seat not in self.humans:
            return "only the people at the table take moves back"
        if self.pending is None or self.game is None or self.answer is not None or at != self.decision_number():
            return "take back while the game waits for a person's decision"
        return ""

    def _kept(self) -> int | None:
        """How many choices a take-back keeps now (None: none can go, :attr:`_why_not` says why)."""
        from lotr_rules.session.takeback import TURN_WORDS, take_back

        assert self.game is not None
        skip = self.skip

        def asks(game: Game, request: DecisionRequest) -> bool:
            # a window the table passed by itself was no decision of the person's
            return skip is None or skip(game, request) is None

        found = take_back(
            self.family,
            self.context.get("catalogue"),
            self.context.get("config"),
            self.game.state.choices,
            self.humans,
            asks,
            TURN_WORDS.get(self.family, "turn"),
        )
        self._why_not = found.reason
        return found.keep

    def sit_down(self, seat: int) -> None:
        """Hot-seat: the person of ``seat`` has the screen now (their hand may be shown)."""
        with self.cond:
            if self.pending is not None and self.pending.player == seat:
                self.revealed = seat
                self._changed()

    def wait_for_news(self, version: int, timeout: float) -> None:
        """Wait until something changed since ``version`` and the game stands still (waits for
        a person, shows a bot's move, or is over), or ``timeout`` seconds have gone by."""
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                still = self.done or self.showing is not None or (self.pending is not None and self.answer is None)
                if self.version > version and still:
                    return
                left = deadline - time.monotonic()
                if left <= 0:
                    return
                self.cond.wait(left)

    def close(self) -> None:
        with self.cond:
            if self.closed:
                return
            self.closed = True
            self._changed()
            cleanups, self.on_close = self.on_close, []
        for cleanup in cleanups:
            cleanup()


class WebSeat:
    """A person's seat: the request waits for a page to answer it."""

    name = "web"

    def __init__(self, session: TableSession) -> None:
        self.session = session

    def choose(self, game: Game, request: DecisionRequest) -> int:
        session = self.session
        session.game = game
        skipped = session.skip(game, request) if session.skip is not None else None
        if skipped is not None:
            return skipped
        session.pending = request
        session.answer = None
        session.take_back_note = ""
        if not session.hot_seat:
            session.revealed = request.player
        session._changed()
        while session.answer is None:
            if session.closed:
                raise Closed
            if session.rewind is not None:
                raise _TakenBack(session.rewind)
            session.cond.wait()
        index = session.answer
        session.pending = None
        session.answer = None
        session._changed()
        return index


class VisibleBot:
    """A bot's seat: the bot decides, then the decision stays on the page for a moment.

    A bot that thinks long (the search bot: seconds a decision) thinks in a thread of its own
    while the game thread waits, letting go of the condition: the pages go on drawing the game
    (standing still at the decision: such a bot only reads it) and a page can close the table
    meanwhile. A quick bot decides holding it, as the engine works."""

    def __init__(self, session: TableSession, bot: Agent) -> None:
        self.session = session
        self.bot = bot
        self.name = str(getattr(bot, "name", "bot"))
        self.thinks_apart = bool(getattr(bot, "thinks_apart", False))

    def choose(self, game: Game, request: DecisionRequest) -> int:
        session = self.session
        session.game = game
        index = self._think_apart(game, request) if self.thinks_apart else self.bot.choose(game, request)
        if session.bot_delay > 0:
            session.showing = (request, index)
            session._changed()
            deadline = time.monotonic() + session.bot_delay
            while (left := deadline - time.monotonic()) > 0 and not session.closed:
                session.cond.wait(left)
            session.showing = None
        if session.closed:
            raise Closed
        return index

    def _think_apart(self, game: Game, request: DecisionRequest) -> int:
        session = self.session
        answer: list[int] = []
        failure: list[BaseException] = []

        def think() -> None:
            try:
                index = self.bot.choose(game, request)
            except BaseException as error:  # handed to the game thread, which reports it
                with session.cond:
                    failure.append(error)
                    session.cond.notify_all()
                return
            with session.cond:
                answer.append(index)
                session.cond.notify_all()

        threading.Thread(target=think, name=f"bot-{session.id}", daemon=True).start()
        while not answer:
            if failure:
                raise failure[0]
            if session.closed:
                raise Closed
            session.cond.wait()
        return answer[0]


class SessionStore:
    """The games one server holds, by id: at most ``limits[group]`` of each group (the new-game
    form's games, the workshop's tries); adding one more closes the one left alone longest."""

    def __init__(self, limit: int = MAX_SESSIONS, tries: int = MAX_TRIES) -> None:
        self.limits = {"games": limit, "tries": tries}
        self._sessions: dict[str, tuple[str, TableSession]] = {}
        self._lock = threading.Lock()

    def add(self, session: TableSession, group: str = "games") -> TableSession:
        closing = []
        with self._lock:
            same = [held for kind, held in self._sessions.values() if kind == group]
            same.sort(key=lambda held: held.touched)
            while same and len(same) >= self.limits[group]:
                oldest = same.pop(0)
                closing.append(oldest)
                del self._sessions[oldest.id]
            self._sessions[session.id] = (group, session)
        for old in closing:
            old.close()
        session.start()
        return session

    def get(self, session_id: str) -> TableSession | None:
        with self._lock:
            found = self._sessions.get(session_id)
        return found[1] if found is not None else None

    def seat(self, session_id: str, key: str) -> tuple[TableSession, int] | None:
        """The shared game ``session_id`` and the seat (or :data:`HOST`) whose link key is
        ``key``; None alike for a game that is not here and for a key that is not one of its."""
        session = self.get(session_id)
        if session is None or not session.shared:
            hmac.compare_digest(_NO_KEY.encode(), key.encode())  # as long as a wrong key takes
            return None
        role = session.role_of(key)
        return (session, role) if role is not None else None

    def count(self, group: str) -> int:
        with self._lock:
            return sum(1 for kind, _ in self._sessions.values() if kind == group)

    def close_all(self) -> None:
        with self._lock:
            held = [session for _, session in self._sessions.values()]
            self._sessions.clear()
        for session in held:
            session.close()
