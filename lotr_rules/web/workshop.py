"""The card workshop: a card script checked as you type, its face, and a game to try it in.

The script is written, with a manifest, into a set folder of its own in a temporary directory
and checked there by the very function ``lotr-rules lint`` runs, so the page shows the same codes
at the same lines and columns. A card that has no errors is compiled by the loader's own steps
for its face; trying it loads its set with the loader every game uses. Nothing the page sends is
run: it is a card script, read by the card-script parser, and at most :data:`MAX_SCRIPT`
characters of it.
"""

from __future__ import annotations

import html
import re
import shutil
import tempfile
import unicodedata
import weakref
from collections.abc import Sequence
from pathlib import Path

import attrs

from lotr_rules import LANGUAGE_VERSION, atomic
from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.loader import MANIFEST, ParsedFile, compile_files, load_sets, parse_file
from lotr_rules.diagnostics import Diagnostic, Severity
from lotr_rules.engine.cards import CardDef
from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.errors import UserError
from lotr_rules.games import vocabulary_for
from lotr_rules.games.adventure.game import QUEST_DECK, AdventureConfig, AdventureGame
from lotr_rules.games.deckbuilding.config import GameConfig
from lotr_rules.games.deckbuilding.game import PATH, DeckbuildingGame
from lotr_rules.lint.runner import lint_paths
from lotr_rules.web.newgame import Library, deckbuilding_session, deckbuilding_setup, new_adventure
from lotr_rules.web.sessions import TableSession
from lotr_rules.web.visible import HIDDEN, hidden_in

#: the workshop's set: its code, and the families a card may be written for
SET_CODE = "workshop"
SET_NAME = "Workshop"
FAMILIES = {"deckbuilding": "the deck-building game", "adventure-deck": "the Adventure Deck"}
#: the longest script a page may send
MAX_SCRIPT = 20_000

STARTERS = {
    "deckbuilding": """card "Beacon Warden" {
  id beacon-warden
  type ally
  cost 3
  power 2
  victory 1
  copies 2
  provenance designed
  text "+2 Power. Draw a card."
  notes "Designed in the workshop."
  play {
    draw 1
  }
}
""",
    "adventure-deck": """card "Quiet Glade" {
  id quiet-glade
  type place
  copies 1
  aggression 0
  directions left 2 up 4
  provenance designed
  text "A quiet rest: heal one wound."
  notes "Designed in the workshop."
  effect {
    remove 1 tokens from wounds
  }
}
""",
}


@attrs.frozen
class Finding:
    code: str
    severity: str
    message: str
    line: int
    column: int
    end_line: int
    end_column: int
    #: the line ``lotr-rules lint`` prints for it
    text: str


@attrs.frozen
class Checked:
    file_name: str
    findings: tuple[Finding, ...]
    #: the compiled card when the script has no errors
    card: CardDef | None
    #: the script as HTML with each finding underlined (drawn behind the text being edited)
    underlay: str
    #: the characters of the script that draw nothing and change how it reads (a right-to-left
    #: override, say): line, column, name; the page lists them, as the editor cannot show them
    hidden: tuple[tuple[int, int, str], ...] = ()

    @property
    def errors(self) -> int:
        return sum(1 for f in self.findings if f.severity == Severity.ERROR.value)


def card_file_name(text: str) -> str:
    """The name ``lotr-rules lint`` expects for this card's file: its id, ``.card``."""
    found = re.search(r"^\s*id\s+([A-Za-z0-9][A-Za-z0-9_-]{0,80})\s*$", text, flags=re.MULTILINE)
    return f"{found.group(1) if found else 'new-card'}.card"


def write_set(folder: Path, text: str, family: str) -> Path:
    """The workshop set in ``folder``: a manifest and the one card file; the card file's path."""
    if family not in FAMILIES:
        raise UserError(f"unknown game family '{family}'")
    if len(text) > MAX_SCRIPT:
        raise UserError(f"a card script in the workshop is at most {MAX_SCRIPT} characters long")
    folder.mkdir(parents=True, exist_ok=True)
    atomic.write_text(
        folder / MANIFEST,
        f'code = "{SET_CODE}"\nname = "{SET_NAME}"\nlanguage = {LANGUAGE_VERSION}\nfamily = "{family}"\n'
        'description = "A card being designed in the workshop of the web table."\n',
    )
    path = folder / card_file_name(text)
    atomic.write_text(path, text)
    return path


def check(text: str, family: str, card_dirs: Sequence[Path] = (), known: frozenset[str] = frozenset()) -> Checked:
    """Lint ``text`` as ``lotr-rules lint`` lints a card file in a set of its own; compile it when
    it has no errors. ``known`` are the card names of the sets in play, which a script may name."""
    with tempfile.TemporaryDirectory(prefix="lotr-workshop-") as scratch:
        path = write_set(Path(scratch) / SET_CODE, text, family)
        diagnostics, _files = lint_paths([path], card_dirs)
        findings = tuple(_finding(d, path.name) for d in diagnostics)
        card = None
        if not any(d.severity is Severity.ERROR for d in diagnostics):
            card = _compile(path, family, known)
    return Checked(path.name, findings, card, underline(text, findings), tuple(hidden_in(text)))


def _finding(diagnostic: Diagnostic, file_name: str) -> Finding:
    span = diagnostic.span
    hint = f" ({diagnostic.hint})" if diagnostic.hint else ""
    return Finding(
        diagnostic.code,
        diagnostic.severity.value,
        diagnostic.message + hint,
        span.line,
        span.column,
        span.end_line,
        span.end_column,
        f"{file_name}:{span.line}:{span.column}: {diagnostic.code} {diagnostic.message}{hint}",
    )


def _compile(path: Path, family: str, known: frozenset[str]) -> CardDef | None:
    script, errors = parse_file(path)
    if script is None or errors:
        return None
    names = set(known) | {card.name for card in script.cards}
    cards, problems = compile_files([ParsedFile(path, SET_CODE, script)], vocabulary_for(family), names)
    if any(p.severity is Severity.ERROR for p in problems) or not cards:
        return None
    return cards[0]


def underline(text: str, findings: Sequence[Finding]) -> str:
    """``text`` as HTML, each finding's span wrapped in a ``<mark>`` (a finding with no width
    marks the character it points at; overlapping spans keep the first)."""
    lines = text.split("\n")
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)

    def offset(line: int, column: int) -> int:
        line = max(1, min(line, len(lines)))
        return min(starts[line - 1] + max(column, 1) - 1, len(text))

    ranges = []
    for finding in findings:
        start = offset(finding.line, finding.column)
        end = offset(finding.end_line, finding.end_column)
        if end <= start:
            end = start + 1
        ranges.append((start, end, finding))
    ranges.sort(key=lambda r: (r[0], -r[1]))
    out: list[str] = []
    at = 0
    for start, end, finding in ranges:
        if start < at:
            continue
        out.append(_escape_marking(text[at:start]))
        piece = text[start:end]
        if not piece.strip():
            piece = piece.replace("\n", " \n", 1) if "\n" in piece else " "
        title = html.escape(f"{finding.code} {finding.message}", quote=True)
        attributes = f'class="sev-{finding.severity}" data-code="{finding.code}" title="{title}"'
        out.append(f"<mark {attributes}>{_escape_marking(piece)}</mark>")
        at = max(at, end)
    out.append(_escape_marking(text[at:]))
    # a last newline needs something after it, or the underlay is a line shorter than the text
    return "".join(out) + " "


def _escape_marking(text: str) -> str:
    """``text`` as HTML, each character that draws nothing but changes how the text reads in a
    mark of its own (the character stays, so the underlay keeps in step with the text)."""

    def mark(found: re.Match[str]) -> str:
        name = html.escape(unicodedata.name(found.group(), f"U+{ord(found.group()):04X}"), quote=True)
        return f'<mark class="hidden-char" title="{name}">{found.group()}</mark>'

    return HIDDEN.sub(mark, html.escape(text))


class TrySets:
    """The workshop sets written for games: one folder per try, removed when its game is closed
    (or at once, when the card does not load), and all of them when the server stops."""

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="lotr-workshop-games-"))
        self.count = 0
        # the folders go at shutdown; and when the server stops without one (an error at start,
        # an application dropped in a test), when this object goes or the interpreter exits
        self._remove = weakref.finalize(self, shutil.rmtree, str(self.root), True)

    def new(self, text: str, family: str) -> Path:
        self.count += 1
        folder = self.root / f"try-{self.count}" / SET_CODE
        write_set(folder, text, family)
        return folder.parent

    def discard(self, folder: Path) -> None:
        if folder.parent == self.root:  # only a folder this made
            shutil.rmtree(folder, ignore_errors=True)

    def held(self) -> int:
        """How many tries' folders are on disk now."""
        return sum(1 for _ in self.root.iterdir()) if self.root.is_dir() else 0

    def close(self) -> None:
        self._remove()


#: how many seeds trying a card looks through for a game that shows it at once
SEEDS_TO_TRY = 300


def try_session(library: Library, sets: TrySets, text: str, family: str) -> TableSession:
    """A game against bots with the card in it: the card's set is loaded by the loader every game
    uses (a card with errors is refused), and the game's seed is the first that shows the card
    at once (on the Path, as your hero, or on the quest deck's top)."""
    folder = sets.new(text, family)
    try:
        session = _try_session(library, folder, family)
    except BaseException:
        sets.discard(folder)
        raise
    session.on_close.append(lambda: sets.discard(folder))
    return session


def _try_session(library: Library, folder: Path, family: str) -> TableSession:
    catalogue = _sharing(library.catalogue(family), load_sets((*library.card_dirs, folder), vocabulary_for(family)))
    card = next((c for c in catalogue.cards if c.set_code == SET_CODE), None)
    if card is None:
        raise UserError("the workshop's card did not load")
    note = f" (trying {card.name})"
    if family == "adventure-deck":
        seed = _adventure_seed(catalogue, card)
        return new_adventure(library, {"seed": str(seed)}, extra_sets=(SET_CODE,), catalogue=catalogue, note=note)
    form = {"set:two-towers": "1", "players": "2", "seat0": "human", "seat1": "heuristic"}
    if card.has_type("hero"):
        form["hero"] = card.name
    _, config, seats = deckbuilding_setup(library, form, extra_sets=(SET_CODE,), catalogue=catalogue)
    if card.field("deck", "main") == "main":
        config = _deckbuilding_seed(catalogue, config, card)
    return deckbuilding_session(library, catalogue, config, seats, note)


def _sharing(base: Catalogue, loaded: Catalogue) -> Catalogue:
    """``loaded`` with each card of the sets in play taken from ``base``, the catalogue the
    server already holds. The workshop's set has no ``lasting`` entries and every other set
    compiles clean without it, so such a card compiles to the same definition either way; sharing
    the one object keeps each try from holding a whole catalogue of its own (the engine's
    per-definition tables would keep thousands of copies alive)."""
    held = {(card.set_code, card.name, card.source_path, card.source_digest): card for card in base.cards}
    cards = [held.get((card.set_code, card.name, card.source_path, card.source_digest), card) for card in loaded.cards]
    return Catalogue(list(loaded.sets.values()), cards)


def _deckbuilding_seed(catalogue: Catalogue, config: GameConfig, card: CardDef) -> GameConfig:
    for seed in range(1, SEEDS_TO_TRY + 1):
        trial = attrs.evolve(config, seed=seed)
        game = DeckbuildingGame(catalogue, trial, [_NoQuestions()] * trial.players)
        if any(game.cards[c].name == card.name and game.cards[c].set_code == SET_CODE for c in game.z(PATH)):
            return trial
    return config


def _adventure_seed(catalogue: Catalogue, card: CardDef) -> int:
    for seed in range(1, SEEDS_TO_TRY + 1):
        config = AdventureConfig(seed=seed, sets=("adventure-deck", SET_CODE))
        game = AdventureGame(catalogue.cards, _NoQuestions(), config)
        if any(game.cards[c].name == card.name for c in game.z(QUEST_DECK)[-3:]):
            return seed
    return 1


class _NoQuestions:
    def choose(self, game: Game, request: DecisionRequest) -> int:
        raise UserError("a new game asked a question before it began")
