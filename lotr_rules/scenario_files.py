"""What the scenario files of every game family share: reading TOML, checking keys and values
with the file and the key in each error, card lists, scripted answers to decisions, the result
of a run, and the checks of zones and of the log.

Each family's reader (``lotr_rules.games.deckbuilding.scenario``, ``lotr_rules.games.lcg.scenario``)
knows its own zones, steps and expectations and builds its game; ``docs/scenarios.md`` is the guide.
"""

from __future__ import annotations

import difflib
import os
import tomllib
import unicodedata
from collections import Counter, deque
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

import attrs

from lotr_rules.datafiles import DataFileError, check_nesting, is_folder, path_problem, read_data_text, shown_path
from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.errors import UserError
from lotr_rules.limits import MAX_COPIES_PER_GAME, SCRIPT_NUMBER_MAX, shown_number


# ---------------------------------------------------------------------- errors
class ScenarioError(UserError):
    """A scenario file that cannot be run as written. The message starts with the file's name."""

    def __init__(self, path: str, where: str, message: str, hint: str | None = None) -> None:
        text = f"{path}: {where}: {message}" if where else f"{path}: {message}"
        super().__init__(text, hint=hint)
        self.path = path
        self.where = where


class ScenarioSyntaxError(ScenarioError):
    """The file is not valid TOML, or not UTF-8 text."""


class ScenarioKeyError(ScenarioError):
    """A key the format does not have, or a value of the wrong kind."""


class ScenarioCardError(ScenarioError):
    """A card name that no loaded set has."""


def fold(text: str) -> str:
    """Text compared loosely: no accents, no case, single spaces."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(plain.casefold().split())


@attrs.frozen(slots=True)
class Answer:
    """One scripted answer: an option label (or a 1-based option number), maybe who is asked."""

    text: str
    index: int | None = None
    player: int | None = None
    kind: str | None = None

    def describe(self) -> str:
        said = f"option {self.index}" if self.index is not None else repr(self.text)
        if self.player is not None:
            said += f" (by player {self.player + 1})"
        return said


class Reader:
    """Checks a parsed TOML document key by key, raising ScenarioError with where it went wrong."""

    def __init__(self, path: str) -> None:
        self.path = path
        #: card copies named so far, over every zone: at most MAX_COPIES_PER_GAME
        self.copies = 0

    def fail(self, where: str, message: str, hint: str | None = None) -> ScenarioKeyError:
        return ScenarioKeyError(self.path, where, message, hint)

    def table(self, value: object, where: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(where, f"must be a table, not {kind_of(value)}")
        return value

    def keys(self, table: Mapping[str, Any], allowed: Sequence[str], where: str) -> None:
        for key in table:
            if key not in allowed:
                close = difflib.get_close_matches(key, list(allowed), n=1)
                hint = f"did you mean '{close[0]}'?" if close else "known keys: " + ", ".join(allowed)
                raise self.fail(where, f"unknown key '{key}'", hint)

    def step_tables(
        self, value: object, allowed: Sequence[str], actions: Sequence[str]
    ) -> list[tuple[int, dict[str, Any], str]]:
        """The ``[[do]]`` steps of a file: for each, its number (it is ``do[N]``), its table, and
        the one action it takes (a step takes exactly one of ``actions``)."""
        if not isinstance(value, list):
            raise self.fail("do", "must be a list of steps ([[do]] tables)")
        steps = []
        for number, raw in enumerate(value, 1):
            at = f"do[{number}]"
            table = self.table(raw, at)
            self.keys(table, allowed, at)
            taken = [key for key in actions if key in table]
            if len(taken) != 1:
                found = ", ".join(taken) if taken else "none"
                raise self.fail(at, f"a step does exactly one of {', '.join(actions)} (this one: {found})")
            steps.append((number, table, taken[0]))
        return steps

    def expected_players(
        self, expect: Mapping[str, Any], players: int, allowed: Sequence[str]
    ) -> list[tuple[str, object, str]]:
        """The ``[expect.players.N]`` entries of a file, each a key, its value and where it is
        written, checked to name a player of the game and a key of ``allowed``."""
        entries = []
        for number, table in self.table(expect.get("players", {}), "[expect.players]").items():
            at = f"[expect.players.{number}]"
            if not number.isdigit() or not 1 <= int(number) <= players:
                raise self.fail(at, f"the game has players 1 to {players}")
            table = self.table(table, at)
            self.keys(table, allowed, at)
            entries += [(key, value, f"expect.players.{number}.{key}") for key, value in table.items()]
        return entries

    def integer(self, value: object, where: str, low: int | None = None, high: int | None = None) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(where, f"must be a whole number, not {kind_of(value)}")
        # A number no key names a range for still lies in the range of script numbers.
        low = -SCRIPT_NUMBER_MAX if low is None else low
        high = SCRIPT_NUMBER_MAX if high is None else high
        if not low <= value <= high:
            raise self.fail(where, f"must be {low} to {high}, not {shown_number(value)}")
        return value

    def boolean(self, value: object, where: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(where, f"must be true or false, not {kind_of(value)}")
        return value

    def string(self, value: object, where: str) -> str:
        if not isinstance(value, str):
            raise self.fail(where, f"must be a string, not {kind_of(value)}")
        return value

    def card_folders(self, value: object, base: Path) -> list[Path]:
        """The folders of a file's ``game.cards``, each a real folder: a path with a NUL byte or
        past the system's lengths is refused by name before the system is asked about it."""
        folders = []
        for text in self.strings(value, "game.cards"):
            problem = path_problem(text)
            if problem is not None:
                raise self.fail("game.cards", f"the path '{shown_path(text)}' {problem}")
            folder = Path(os.path.realpath(base / text))  # not resolve(): a loop of links raises there
            if not is_folder(folder):
                raise self.fail("game.cards", f"'{shown_path(text)}' is not a folder (looked for {shown_path(folder)})")
            folders.append(folder)
        return folders

    def strings(self, value: object, where: str) -> tuple[str, ...]:
        if isinstance(value, str):
            return (value,)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(where, "must be a string or a list of strings")
        return tuple(value)

    # -------------------------------------------------------------- cards
    def card_name(self, text: str, where: str) -> str:
        """The card's name as its set spells it; a family's reader knows where to look."""
        raise NotImplementedError

    def suggest(self, text: str, where: str, names: Iterable[str]) -> ScenarioCardError:
        """The error for a name no set has, with the closest known name as a hint."""
        folded: dict[str, str] = {}
        for name in names:
            folded.setdefault(fold(name), name)
        close = difflib.get_close_matches(fold(text), list(folded), n=1, cutoff=0.6)
        hint = f"did you mean '{folded[close[0]]}'?" if close else None
        return ScenarioCardError(self.path, where, f"no loaded set has a card named '{text}'", hint)

    def cards(self, value: object, where: str) -> tuple[str, ...]:
        """A list of cards: ``"Name"``, ``"Name*3"`` or ``{name = "Name", count = 3}`` items."""
        items: list[object]
        if isinstance(value, (str, dict)):
            items = [value]
        elif isinstance(value, list):
            items = list(value)
        else:
            raise self.fail(where, f"must be a list of card names, not {kind_of(value)}")
        out: list[str] = []
        for position, item in enumerate(items, 1):
            at = f"{where}[{position}]"
            if isinstance(item, dict):
                self.keys(item, ("name", "count"), at)
                if "name" not in item:
                    raise self.fail(at, "a card table needs a 'name'")
                name = self.card_name(self.string(item["name"], f"{at}.name"), at)
                count = self.integer(item.get("count", 1), f"{at}.count", 0, MAX_COPIES_PER_GAME)
            elif isinstance(item, str):
                text, count = split_count(item)
                if not 0 <= count <= MAX_COPIES_PER_GAME:
                    raise self.fail(
                        at, f"'{text}': a count after '*' must be a whole number, 0 to {MAX_COPIES_PER_GAME}"
                    )
                name = self.card_name(text, at)
            else:
                raise self.fail(at, f"must be a card name, not {kind_of(item)}")
            self.copies += count
            if self.copies > MAX_COPIES_PER_GAME:
                raise self.fail(at, f"the scenario names more than {MAX_COPIES_PER_GAME} card copies in all")
            out.extend([name] * count)
        return tuple(out)

    def one_card(self, value: object, where: str) -> str:
        names = self.cards(value, where)
        if len(names) != 1:
            raise self.fail(where, f"must name exactly one card, not {len(names)}")
        return names[0]

    def player_number(self, value: object, where: str, players: int) -> int:
        return self.integer(value, where, 1, players) - 1


def kind_of(value: object) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, str):
        return f"the string '{value}'"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return type(value).__name__


def split_count(text: str) -> tuple[str, int]:
    name, star, count = text.rpartition("*")
    if not star:
        return text.strip(), 1
    count = count.strip()
    if not count.isdigit() or len(count) > 9:  # a count past any limit is never converted whole
        return text.strip(), -1
    return name.strip(), int(count)


def read_toml(path: Path) -> dict[str, Any]:
    try:
        text = read_data_text(path, "scenario file")
    except DataFileError as error:
        raise ScenarioSyntaxError(error.where, "", error.reason) from None
    return parse_toml(text, str(path))


def parse_toml(text: str, where: str) -> dict[str, Any]:
    try:
        check_nesting(text, where, "scenario file")
    except DataFileError as error:
        raise ScenarioSyntaxError(error.where, "", error.reason) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ScenarioSyntaxError(where, "", f"is not valid TOML: {error}") from None


#: the keys of an answer written as a table
ANSWER_KEYS = ("answer", "option", "player", "kind")


def read_choices(reader: Reader, value: object, where: str, players: int) -> tuple[Answer, ...]:
    if not isinstance(value, list):
        raise reader.fail(where, "must be a list of answers")
    out: list[Answer] = []
    for position, item in enumerate(value, 1):
        at = f"{where}[{position}]"
        if isinstance(item, str):
            out.append(Answer(item))
            continue
        table = reader.table(item, at)
        reader.keys(table, ANSWER_KEYS, at)
        if ("answer" in table) == ("option" in table):
            raise reader.fail(at, "an answer table has either 'answer' (a label) or 'option' (a number)")
        text = reader.string(table["answer"], f"{at}.answer") if "answer" in table else ""
        index = reader.integer(table["option"], f"{at}.option", 1) if "option" in table else None
        player = reader.player_number(table["player"], f"{at}.player", players) if "player" in table else None
        kind = reader.string(table["kind"], f"{at}.kind") if "kind" in table else None
        out.append(Answer(text, index, player, kind))
    return tuple(out)


# ---------------------------------------------------------------------- answering decisions
class Step(Protocol):
    """What the scripted agent reads of a family's step: its number and its answers."""

    @property
    def number(self) -> int: ...

    @property
    def choices(self) -> tuple[Answer, ...]: ...


class StepFailed(Exception):
    """A step could not be done as written; the message says why. Ends the scenario's run."""


class ScriptedAgent:
    """Answers every decision from the current step's ``choices``, in order, by label."""

    name = "scenario"

    def __init__(self) -> None:
        self.queue: deque[Answer] = deque()
        self.step: Step | None = None
        self.transcript: list[dict[str, Any]] = []

    def begin(self, step: Step) -> None:
        self.step = step
        self.queue = deque(step.choices)

    def choose(self, game: Game, request: DecisionRequest) -> int:
        labels = [o.label for o in request.options]
        offered = ", ".join(f"'{label}'" for label in labels)
        asked = f"player {request.player + 1} was asked '{request.prompt}' ({request.kind})"
        if not self.queue:
            raise StepFailed(f"{asked} and this step has no answer left; the options were: {offered}")
        answer = self.queue.popleft()
        if answer.player is not None and answer.player != request.player:
            raise StepFailed(
                f"{asked}, but the next answer, {answer.describe()}, is for player {answer.player + 1}; "
                f"the options were: {offered}"
            )
        if answer.kind is not None and answer.kind != request.kind:
            raise StepFailed(
                f"{asked}, but the next answer is for a '{answer.kind}' decision; the options were: {offered}"
            )
        index = match_option(answer, labels)
        if index is None:
            raise StepFailed(f"{asked}; the answer {answer.describe()} picks out none of the options: {offered}")
        self.transcript.append(
            {
                "step": self.step.number if self.step else 0,
                "player": request.player + 1,
                "kind": request.kind,
                "prompt": request.prompt,
                "options": labels,
                "answer": labels[index],
            }
        )
        return index

    def leftover(self) -> list[Answer]:
        out = list(self.queue)
        self.queue.clear()
        return out


def match_option(answer: Answer, labels: Sequence[str]) -> int | None:
    """The option an answer means: its number, an exact label, the label before a "(...)" note
    (``buy Edoras`` is ``buy Edoras (4)``), or the one label that contains the text. Options with
    the same label are the same choice (copies of a card), so the first is taken."""
    if answer.index is not None:
        return answer.index - 1 if answer.index <= len(labels) else None
    wanted = fold(answer.text)
    folded = [fold(label) for label in labels]
    tests = (
        lambda label: label == wanted,
        lambda label: label.startswith(wanted + " ("),
        lambda label: wanted in label,
    )
    for test in tests:
        hits = [i for i, label in enumerate(folded) if test(label)]
        if hits:
            # Several different labels fit: the answer is ambiguous, and means none of them.
            return hits[0] if len({folded[i] for i in hits}) == 1 else None
    return None


@attrs.frozen(slots=True)
class Check:
    label: str
    ok: bool
    detail: str = ""


@attrs.frozen(slots=True)
class ScenarioResult:
    path: str
    title: str
    #: the steps' failures (a step not done, a decision not answered...), then failed checks
    failures: tuple[str, ...]
    checks: tuple[Check, ...]
    #: the resulting state (see :func:`state_view`)
    state: Mapping[str, Any]
    log: tuple[str, ...]
    #: every decision a player was asked, with the answer the scenario gave
    decisions: tuple[Mapping[str, Any], ...]
    steps_run: int
    steps_total: int

    @property
    def passed(self) -> bool:
        return not self.failures

    def to_json(self) -> dict[str, Any]:
        return {
            "scenario": self.path,
            "title": self.title,
            "passed": self.passed,
            "failures": list(self.failures),
            "checks": [{"check": c.label, "ok": c.ok, "detail": c.detail} for c in self.checks],
            "steps": {"run": self.steps_run, "total": self.steps_total},
            "state": dict(self.state),
            "decisions": [dict(d) for d in self.decisions],
            "log": list(self.log),
        }


def compress(names: Sequence[str]) -> list[str]:
    """``["Courage", "Courage", "Despair"]`` -> ``["Courage*2", "Despair"]``: the file's syntax."""
    out: list[str] = []
    run_name: str | None = None
    run_length = 0
    for name in [*names, None]:
        if name == run_name:
            run_length += 1
            continue
        if run_name is not None:
            out.append(run_name if run_length == 1 else f"{run_name}*{run_length}")
        run_name, run_length = name, 1
    return out


def show(names: Sequence[str]) -> str:
    return "[" + ", ".join(compress(sorted(names))) + "]" if names else "nothing"


#: what an expectation on a zone may add to the zone's key: the whole zone (a list or a count),
#: cards it includes, cards it lacks, its top or bottom cards, its exact order
ZONE_SUFFIXES = ("", "_has", "_lacks", "_top", "_bottom", "_order")
#: expectations on the log and on the options offered, the same in every family
LOG_KEYS = ("log_contains", "log_lacks", "log_sequence")
OFFER_KEYS = ("offered", "not_offered")


def split_suffix(key: str) -> tuple[str, str]:
    for suffix in ZONE_SUFFIXES[1:]:
        if key.endswith(suffix):
            return key[: -len(suffix)], suffix
    return key, ""


def zone_check(reader: Reader, label: str, suffix: str, value: object, actual: list[str]) -> Check:
    if suffix == "" and isinstance(value, int) and not isinstance(value, bool):
        ok = len(actual) == value
        return Check(f"{label} holds {value} card(s)", ok, "" if ok else f"it holds {len(actual)}: {show(actual)}")
    wanted = list(reader.cards(value, label))
    shown = "[" + ", ".join(compress(wanted)) + "]"
    have = Counter(actual)
    if suffix == "":
        ok = Counter(wanted) == have
        return Check(f"{label} is {shown}", ok, "" if ok else _difference(Counter(wanted), have, actual))
    if suffix == "_has":
        short = Counter(wanted) - have
        return Check(
            f"{label} includes {shown}", not short, "" if not short else f"missing {show(list(short.elements()))}"
        )
    if suffix == "_lacks":
        found = [name for name in dict.fromkeys(wanted) if have[name]]
        return Check(f"{label} has no {shown}", not found, f"it has {', '.join(found)}" if found else "")
    if suffix == "_order":
        ok = actual == wanted
        return Check(f"{label} is, bottom to top, {shown}", ok, "" if ok else f"it is {compress(actual)}")
    size = len(wanted)
    part = actual[len(actual) - size :] if suffix == "_top" else actual[:size]
    place = "top" if suffix == "_top" else "bottom"
    ok = part == wanted and len(actual) >= size
    return Check(f"the {place} of {label} is {shown}", ok, "" if ok else f"the {place} is {compress(part)}")


def _difference(wanted: Counter[str], have: Counter[str], actual: list[str]) -> str:
    missing = list((wanted - have).elements())
    extra = list((have - wanted).elements())
    parts = [f"it is {show(actual)}"]
    if missing:
        parts.append(f"missing {show(missing)}")
    if extra:
        parts.append(f"extra {show(extra)}")
    return "; ".join(parts)


def text_of(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"'{value}'"
    return str(value)


def log_checks(reader: Reader, expect: Mapping[str, Any], log: Sequence[str]) -> list[Check]:
    """``log_contains``, ``log_lacks`` and ``log_sequence``: lines compared loosely (see :func:`fold`)."""
    checks: list[Check] = []
    folded_log = [fold(line) for line in log]
    for text in reader.strings(expect.get("log_contains", []), ""):
        ok = any(fold(text) in line for line in folded_log)
        checks.append(Check(f"the log contains '{text}'", ok, "" if ok else "no line of the log contains it"))
    for text in reader.strings(expect.get("log_lacks", []), ""):
        lines = [line for line in log if fold(text) in fold(line)]
        checks.append(Check(f"the log lacks '{text}'", not lines, f"found: {lines[0]}" if lines else ""))
    if "log_sequence" in expect:
        wanted = reader.strings(expect["log_sequence"], "")
        position = 0
        missing = None
        for text in wanted:
            while position < len(folded_log) and fold(text) not in folded_log[position]:
                position += 1
            if position == len(folded_log):
                missing = text
                break
            position += 1
        checks.append(
            Check(
                "the log has, in order, " + ", ".join(f"'{t}'" for t in wanted),
                missing is None,
                f"'{missing}' does not follow" if missing else "",
            )
        )
    return checks


def offer_checks(reader: Reader, expect: Mapping[str, Any], labels: Sequence[str]) -> list[Check]:
    """``offered`` and ``not_offered``: options of the engine, matched as answers are."""
    checks: list[Check] = []
    for text in reader.strings(expect.get("offered", []), ""):
        ok = match_option(Answer(text), labels) is not None
        checks.append(
            Check(f"the engine offers '{text}'", ok, "" if ok else f"it offers: {', '.join(labels) or 'nothing'}")
        )
    for text in reader.strings(expect.get("not_offered", []), ""):
        ok = match_option(Answer(text), labels) is None
        checks.append(Check(f"the engine does not offer '{text}'", ok, "" if ok else "it does"))
    return checks


def report_head(result: ScenarioResult, status: str, *, show_log: bool) -> list[str]:
    """The first lines of the readable report, the same in every family: the file and its title,
    the log (unless left out) and where the game stands after the steps run."""
    lines = [f"scenario {result.path}" + (f": {result.title}" if result.title else "")]
    if show_log and result.log:
        lines.append("log:")
        lines.extend("  " + line for line in result.log)
    game = result.state["game"]
    if game["game_over"]:
        status = f"game over ({game['result'].get('reason', '')})"
    lines.append(f"state after {result.steps_run} of {result.steps_total} step(s): {status}")
    return lines


def check_lines(result: ScenarioResult) -> list[str]:
    """The end of the readable report: the steps' failures, a line per check, the verdict."""
    lines: list[str] = []
    step_failures = [f for f in result.failures if f.startswith("step ")]
    for failure in step_failures:
        lines.append(f"FAIL {failure}")
    for check in result.checks:
        if check.ok:
            lines.append(f"PASS {check.label}")
        else:
            lines.append(f"FAIL {check.label}" + (f": {check.detail}" if check.detail else ""))
    failed = sum(1 for c in result.checks if not c.ok) + len(step_failures)
    if result.passed:
        lines.append(f"PASS: all {len(result.checks)} checks hold")
    else:
        lines.append(f"FAIL: {failed} problem(s)")
    return lines
