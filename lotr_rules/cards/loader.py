"""Loading card sets from folders: a ``set.toml`` manifest and one ``.card`` script per card.

Loading checks everything the linter checks; a set with errors is refused with the first
diagnostics listed, so a game never starts on a card the engine did not understand.
"""

from __future__ import annotations

import functools
import os
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

import attrs

from lotr_rules.cards.catalogue import Catalogue, SetInfo
from lotr_rules.cards.controls import check_controls
from lotr_rules.cards.impossible import COMMON, read_rules
from lotr_rules.cards.lasting import LastingCard, check_script, lasting_cards, read_entries
from lotr_rules.cards.manifest_schema import check_manifest
from lotr_rules.cards.tomlspans import toml_spans
from lotr_rules.datafiles import CardFileError, read_card_text
from lotr_rules.diagnostics import Diagnostic, Severity, sort_diagnostics
from lotr_rules.dsl import ast
from lotr_rules.dsl.compiler import Compiler
from lotr_rules.dsl.editions import LANGUAGE_VERSION, changes_after
from lotr_rules.dsl.families import default_family, family_names, is_family, vocabulary_for
from lotr_rules.dsl.syntax import parse
from lotr_rules.engine.cards import CardDef
from lotr_rules.engine.registry import Vocabulary
from lotr_rules.errors import ScriptSyntaxError, Span, UserError
from lotr_rules.limits import MAX_CARDS_PER_SET, MAX_COPIES_PER_GAME, MAX_STARTING_COPIES
from lotr_rules.resources import cardscripts_dir

MANIFEST = "set.toml"
SCRIPT_SUFFIX = ".card"


class SetLoadError(UserError):
    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        shown = "\n".join(d.format_text() for d in diagnostics[:10])
        more = f"\n... and {len(diagnostics) - 10} more" if len(diagnostics) > 10 else ""
        super().__init__(f"card scripts have errors (run 'lotr-rules lint' for all of them):\n{shown}{more}")
        self.diagnostics = diagnostics


@attrs.frozen(slots=True)
class ParsedFile:
    path: Path
    set_code: str
    script: ast.Script | None
    #: the language version its set is written for: its scripts are read with that version's meanings
    language: int = LANGUAGE_VERSION


def read_manifest(folder: Path) -> tuple[SetInfo | None, list[Diagnostic]]:
    path = folder / MANIFEST
    span = Span(1, 1, 1, 2, str(path))
    if not os.path.lexists(path):
        return None, [Diagnostic("E161", Severity.ERROR, f"set folder has no {MANIFEST}", span)]
    try:
        text = read_card_text(path, folder, "set manifest")
    except CardFileError as error:  # not inside the folder, not a regular file, too large, not UTF-8
        return None, [attrs.evolve(card_file_finding(error, path), code="E004" if error.code == "E004" else "E161")]
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        return None, [Diagnostic("E161", Severity.ERROR, f"manifest is not valid toml: {error}".lower(), span)]
    problems = check_manifest(data, text, str(path))
    if problems:
        return None, problems
    language = data["language"]
    if not isinstance(language, int) or language < 1:
        return None, [Diagnostic("E161", Severity.ERROR, "manifest 'language' must be a whole number", span)]
    if language > LANGUAGE_VERSION:
        return None, [
            Diagnostic(
                "E160",
                Severity.ERROR,
                f"set '{data['code']}' is written for card-script language {language}, this lotr_rules "
                f"understands up to {LANGUAGE_VERSION}",
                span,
                "upgrade lotr-rules to use this set",
            )
        ]
    if language < LANGUAGE_VERSION:
        lines = text.splitlines()
        row = next((n for n, line in enumerate(lines, 1) if line.strip().startswith("language")), 1)
        changed = len(changes_after(language))
        problems.append(
            Diagnostic(
                "W211",
                Severity.WARNING,
                f"set '{data['code']}' is written for card-script language {language} and read with its "
                f"meanings; language {LANGUAGE_VERSION} is current ({changed} change"
                f"{'' if changed == 1 else 's'} since: see the reference's 'Language versions')",
                Span(row, 1, row, 2, str(path)),
                f"'lotr-rules fmt --upgrade {folder}' moves it to language {LANGUAGE_VERSION} doing the same, "
                "or names the cards a person must check",
            )
        )
    starting = data.get("starting_deck", {})
    if not isinstance(starting, dict) or not all(isinstance(v, int) for v in starting.values()):
        return None, [Diagnostic("E161", Severity.ERROR, "manifest 'starting_deck' must map names to counts", span)]
    for name, count in starting.items():
        if not 0 <= count <= MAX_STARTING_COPIES:
            message = f"manifest 'starting_deck' gives '{name}' {count} copies; a count is 0 to {MAX_STARTING_COPIES}"
            return None, [Diagnostic("E161", Severity.ERROR, message, span)]
    contents = data.get("rulebook_contents", {})
    if not isinstance(contents, dict) or not all(
        isinstance(v, int) and 0 <= v <= MAX_COPIES_PER_GAME for v in contents.values()
    ):
        return None, [
            Diagnostic("E161", Severity.ERROR, "manifest 'rulebook_contents' must map deck names to counts", span)
        ]
    lasting, problem = read_entries(data.get("lasting", {}))
    if problem:
        return None, [Diagnostic("E161", Severity.ERROR, problem, span)]
    impossible_mode, problem = read_rules(data.get("impossible_mode", list(COMMON)))
    if problem:
        return None, [Diagnostic("E161", Severity.ERROR, problem, span)]
    family = str(data.get("family", default_family()))
    if not is_family(family):
        return None, [
            Diagnostic(
                "E161",
                Severity.ERROR,
                f"manifest names an unknown game family '{family}'",
                span,
                "known families: " + ", ".join(family_names()),
            )
        ]
    info = SetInfo(
        code=str(data["code"]),
        name=str(data["name"]),
        language=language,
        family=family,
        path=str(folder),
        uses_wall=bool(data.get("uses_wall", False)),
        starting_deck=tuple((str(k), int(v)) for k, v in starting.items()),
        description=str(data.get("description", "")),
        short_name=str(data.get("short_name", "")),
        rulebook_contents=tuple((str(k), int(v)) for k, v in contents.items()),
        lasting=lasting,
        impossible_mode=impossible_mode,
    )
    if info.code != folder.resolve().name:
        problems.append(
            Diagnostic(
                "E161",
                Severity.WARNING,
                f"set code '{info.code}' differs from its folder name '{folder.resolve().name}'",
                span,
            )
        )
    return info, problems


def parse_file(path: Path, folder: Path | None = None) -> tuple[ast.Script | None, list[Diagnostic]]:
    """A card file parsed, or the findings that say why not. ``folder`` is the set folder it was
    found in: a file that is not a regular file inside it is not read (see :func:`read_card_text`)."""
    script, found, _ = parse_file_recovering(path, folder)
    return script, found


@attrs.frozen(slots=True)
class Recovered:
    """What a card file with syntax errors says without the statements they are in: the linter
    checks it too; nothing else ever uses it."""

    script: ast.Script
    #: the lines (1-based) set aside to read it
    set_aside: frozenset[int]


def parse_file_recovering(
    path: Path, folder: Path | None = None
) -> tuple[ast.Script | None, list[Diagnostic], Recovered | None]:
    """:func:`parse_file`, and for a file with syntax errors what the rest of it says, where the
    parser could read it."""
    try:
        text = read_card_text(path, folder)
    except CardFileError as error:
        return None, [card_file_finding(error, path)], None
    try:
        return parse(text, str(path)), [], None
    except ScriptSyntaxError as error:
        found: list[Diagnostic] = []
        for each in (error, *error.further):
            assert each.span is not None
            found.append(Diagnostic(each.code, Severity.ERROR, each.message, each.span.with_path(str(path)), each.hint))
        recovered = Recovered(error.partial, error.set_aside) if error.partial is not None else None
        return None, found, recovered


def card_file_finding(error: CardFileError, path: Path) -> Diagnostic:
    """The finding for a card file or manifest that was not read."""
    span = error.span if error.span is not None else Span(1, 1, 1, 2, str(path))
    return Diagnostic(error.code, Severity.ERROR, error.reason, span.with_path(str(path)))


def compile_files(
    files: Sequence[ParsedFile],
    vocabulary: Vocabulary,
    known_names: set[str],
    lasting: Mapping[str, LastingCard] | None = None,
) -> tuple[list[CardDef], list[Diagnostic]]:
    """Compile the parsed files; ``lasting`` are the cards a rule keeps where they are, which a
    script's commands are checked against (W205)."""
    cards: list[CardDef] = []
    diagnostics: list[Diagnostic] = []
    for parsed in files:
        if parsed.script is None:
            continue
        diagnostics.extend(check_script(parsed.script, str(parsed.path), vocabulary, lasting or {}))
        diagnostics.extend(check_controls(parsed.script, str(parsed.path)))
        if len(parsed.script.cards) != 1:
            diagnostics.append(
                Diagnostic(
                    "E002",
                    Severity.ERROR,
                    f"a card file holds exactly one card, this one holds {len(parsed.script.cards)}",
                    Span(1, 1, 1, 2, str(parsed.path)),
                )
            )
        compiler = Compiler(vocabulary, str(parsed.path), known_names, parsed.set_code, parsed.language)
        for card in parsed.script.cards:
            definition = compiler.compile_card(card)
            id_field = card.field("id")
            single = len(parsed.script.cards) == 1
            if (
                single
                and id_field is not None
                and isinstance(id_field.value, tuple)
                and id_field.value[0] != parsed.path.stem
            ):
                compiler.error(
                    "E152",
                    f"card id '{id_field.value[0]}' disagrees with its file name '{parsed.path.name}'",
                    id_field.span,
                    f"rename the file to {id_field.value[0]}.card",
                )
            if definition is not None:
                cards.append(definition)
        diagnostics.extend(_pointed(compiler.diagnostics, parsed.path))
    return cards, diagnostics


def _pointed(diagnostics: list[Diagnostic], path: Path) -> list[Diagnostic]:
    """The compiler's findings at the words they are about (see :mod:`lotr_rules.dsl.pointing`)."""
    if not diagnostics:
        return diagnostics
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return diagnostics
    from lotr_rules.dsl.pointing import pointed

    return pointed(diagnostics, text)


def check_duplicates(files: Sequence[ParsedFile]) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    seen_names: dict[tuple[str, str], str] = {}
    seen_ids: dict[str, str] = {}
    for parsed in files:
        if parsed.script is None:
            continue
        for card in parsed.script.cards:
            key = (parsed.set_code, card.name)
            span = card.name_span.with_path(str(parsed.path))
            if key in seen_names:
                out.append(
                    Diagnostic(
                        "E151",
                        Severity.ERROR,
                        f"card name '{card.name}' is used twice in set '{parsed.set_code}'",
                        span,
                        f"also in {seen_names[key]}",
                    )
                )
            else:
                seen_names[key] = str(parsed.path)
            id_field = card.field("id")
            if id_field is not None and isinstance(id_field.value, tuple):
                card_id = f"{parsed.set_code}/{id_field.value[0]}"
                if card_id in seen_ids and seen_ids[card_id] != str(parsed.path):
                    out.append(
                        Diagnostic(
                            "E153",
                            Severity.ERROR,
                            f"card id '{id_field.value[0]}' is used twice",
                            id_field.span.with_path(str(parsed.path)),
                            f"also in {seen_ids[card_id]}",
                        )
                    )
                seen_ids.setdefault(card_id, str(parsed.path))
    return out


def check_shared_titles(
    cards: Sequence[CardDef], files: Sequence[ParsedFile], decks: Sequence[str]
) -> list[Diagnostic]:
    """W330 for a title two sets both give a card of one of ``decks`` (the decks a game of
    several sets takes from one set by title: the deck-building sets' Courage), where the cards
    differ in what they are or do (not only in their notes or provenance): which set comes first
    would change the game."""
    spans = {
        (parsed.set_code, card.name): card.name_span.with_path(str(parsed.path))
        for parsed in files
        if parsed.script is not None
        for card in parsed.script.cards
    }
    first: dict[tuple[str, str], CardDef] = {}
    out: list[Diagnostic] = []
    for card in cards:
        if card.field("deck", "") not in decks:
            continue
        key = (card.name.lower(), str(card.field("deck", "")))
        other = first.setdefault(key, card)
        if other is card or other.set_code == card.set_code or _definition(other) == _definition(card):
            continue
        span = spans.get((card.set_code, card.name))
        if span is None:
            continue
        message = (
            f"'{card.name}' of set '{card.set_code}' is not the card of that name in set "
            f"'{other.set_code}', yet a game of both sets plays only one of them"
        )
        hint = "make the two cards alike, or give one of them another name"
        out.append(Diagnostic("W330", Severity.WARNING, message, span, hint))
    return out


def _definition(card: CardDef) -> tuple[object, ...]:
    """What a card is and does, without what only describes it (its id, text, notes, provenance)."""
    # a field worked out by a script (a variable Victory) is compared through the reading
    fields = {name: repr(v) for name, v in card.family_fields.items() if name != "copies" and not callable(v)}
    return (sorted(card.types), sorted(fields.items()), card.reading)


def check_starting_decks(infos: Sequence[SetInfo], known: set[str]) -> list[Diagnostic]:
    """A manifest's starting deck must name cards that exist."""
    out: list[Diagnostic] = []
    for info in infos:
        for name, _count in info.starting_deck:
            if name not in known:
                span = Span(1, 1, 1, 2, str(Path(info.path) / MANIFEST))
                out.append(
                    Diagnostic("E150", Severity.ERROR, f"starting deck names '{name}', which no loaded set has", span)
                )
    return out


def no_set_here(folder: Path) -> Diagnostic:
    """E161 for a folder given as a set that holds none: loading nothing from it silently would
    leave its cards out of every game without a word."""
    return Diagnostic(
        "E161",
        Severity.ERROR,
        f"'{folder}' holds no set: no {MANIFEST} in it or in the folders just inside it",
        Span(1, 1, 1, 2, str(folder / MANIFEST)),
        f"a set folder needs a {MANIFEST} with 'code', 'name' and 'language'",
    )


def set_folders(root: Path) -> list[Path]:
    # A folder whose set.toml is a link, a FIFO or a device is a set too, whose manifest is refused (E004).
    if os.path.lexists(root / MANIFEST):
        return [root]
    return sorted(p for p in root.iterdir() if p.is_dir() and os.path.lexists(p / MANIFEST))


def too_many_cards(code: str, count: int, folder: Path) -> Diagnostic | None:
    """E161 for a set of more than :data:`MAX_CARDS_PER_SET` card files (which a game refuses
    before reading one), at its manifest; the loader and the linter both report it."""
    if count <= MAX_CARDS_PER_SET:
        return None
    message = f"set '{code}' has {count} card files; a set holds at most {MAX_CARDS_PER_SET}"
    where = Span(1, 1, 1, 2, str(folder / MANIFEST))
    return Diagnostic("E161", Severity.ERROR, message, where, "split it into several sets")


def load_folders(folders: Iterable[Path], vocabulary: Vocabulary) -> tuple[Catalogue, list[Diagnostic]]:
    """The sets of ``vocabulary``'s family among ``folders`` (sets of other families are left
    out: each family's games load only their own cards)."""
    infos: list[SetInfo] = []
    parsed: list[ParsedFile] = []
    diagnostics: list[Diagnostic] = []
    claimed: dict[str, tuple[Path, SetInfo]] = {}
    for folder in _distinct(folders):
        info, problems = read_manifest(folder)
        if info is not None:
            clash = code_clash(info, folder, claimed)
            if clash is not None:
                diagnostics.append(clash)
                continue
        if info is not None and info.family != vocabulary.family:
            continue
        diagnostics.extend(problems)
        if info is None:
            continue
        infos.append(info)
        paths = sorted(folder.rglob(f"*{SCRIPT_SUFFIX}"))
        too_many = too_many_cards(info.code, len(paths), folder)
        if too_many is not None:
            diagnostics.append(too_many)
            continue
        for path in paths:
            script, errors = parse_file(path, folder)
            diagnostics.extend(errors)
            parsed.append(ParsedFile(path, info.code, script, info.language))
    known = {card.name for p in parsed if p.script for card in p.script.cards}
    lasting = lasting_of(infos, parsed, vocabulary)
    cards, problems = compile_files(parsed, vocabulary, known, lasting)
    diagnostics.extend(problems)
    diagnostics.extend(check_starting_decks(infos, known))
    diagnostics.extend(check_lasting_names(infos, parsed))
    diagnostics.extend(check_duplicates(parsed))
    if vocabulary.one_set_decks:
        diagnostics.extend(check_shared_titles(cards, parsed, vocabulary.one_set_decks))
    cards = [_with_lasting(card, infos) for card in cards]
    return Catalogue(infos, cards), sort_diagnostics(diagnostics)


def _distinct(folders: Iterable[Path]) -> list[Path]:
    """The folders, each once (a folder named twice, or by two paths, is one set)."""
    seen: dict[Path, Path] = {}
    for folder in folders:
        seen.setdefault(folder.resolve(), folder)
    return list(seen.values())


def code_clash(info: SetInfo, folder: Path, claimed: dict[str, tuple[Path, SetInfo]]) -> Diagnostic | None:
    """E163 when ``info``'s code is already the code of a set loaded before it (``claimed``, which
    this adds to): a set never replaces or merges into another, a shipped one least of all."""
    first = claimed.get(info.code)
    if first is None:
        claimed[info.code] = (folder, info)
        return None
    other_folder, other = first
    shipped = other_folder.resolve().parent == cardscripts_dir().resolve()
    whose = f"the shipped set '{other.name}'" if shipped else f"the set '{other.name}' in {_shown(other_folder)}"
    manifest = folder / MANIFEST
    where = Span(1, 1, 1, 2, str(manifest))
    try:
        entry = toml_spans(manifest.read_text(encoding="utf-8"), str(manifest)).get(("code",))
    except (OSError, UnicodeDecodeError):
        entry = None
    return Diagnostic(
        "E163",
        Severity.ERROR,
        f"set '{info.name}' has the code '{info.code}' of {whose}; it is not loaded",
        entry.value if entry is not None else where,
        f"give the set a code of its own in {MANIFEST}, and its folder the same name",
    )


def _shown(folder: Path) -> str:
    try:
        return str(folder.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(folder)


def lasting_of(
    infos: Sequence[SetInfo], parsed: Sequence[ParsedFile], vocabulary: Vocabulary
) -> dict[str, LastingCard]:
    """The cards the manifests of ``infos`` say a rule keeps where they are, found in ``parsed``."""
    entries = [(info.code, entry) for info in infos for entry in info.lasting]
    if not entries:
        return {}
    scripts = [(p.set_code, card) for p in parsed if p.script is not None for card in p.script.cards]
    return lasting_cards(entries, scripts, vocabulary)


def check_lasting_names(infos: Sequence[SetInfo], parsed: Sequence[ParsedFile]) -> list[Diagnostic]:
    """A manifest's lasting cards must be cards of its own set."""
    names = {(p.set_code, card.name) for p in parsed if p.script is not None for card in p.script.cards}
    out: list[Diagnostic] = []
    for info in infos:
        for entry in info.lasting:
            if (info.code, entry.name) not in names:
                span = Span(1, 1, 1, 2, str(Path(info.path) / MANIFEST))
                message = f"'lasting' names '{entry.name}', which set '{info.code}' does not have"
                out.append(Diagnostic("E150", Severity.ERROR, message, span))
    return out


def _with_lasting(card: CardDef, infos: Sequence[SetInfo]) -> CardDef:
    for info in infos:
        if info.code == card.set_code:
            for entry in info.lasting:
                if entry.name == card.name:
                    return attrs.evolve(card, lasting=entry.rule)
    return card


def load_sets(extra: Sequence[Path] = (), vocabulary: Vocabulary | None = None) -> Catalogue:
    """The shipped sets plus any user folders; raises :class:`SetLoadError` on any error."""
    if vocabulary is None:
        vocabulary = vocabulary_for(default_family())
    if not extra:
        return _shipped(vocabulary)
    folders = set_folders(cardscripts_dir())
    missing: list[Diagnostic] = []
    for path in extra:
        if not path.is_dir():
            raise UserError(f"'{path}' is not a folder of card scripts")
        found = set_folders(path)
        if not found:
            missing.append(no_set_here(path))
        folders.extend(found)
    catalogue, diagnostics = load_folders(folders, vocabulary)
    errors = missing + [d for d in diagnostics if d.severity is Severity.ERROR]
    if errors:
        raise SetLoadError(errors)
    return catalogue


@functools.cache
def _shipped(vocabulary: Vocabulary) -> Catalogue:
    catalogue, diagnostics = load_folders(set_folders(cardscripts_dir()), vocabulary)
    errors = [d for d in diagnostics if d.severity is Severity.ERROR]
    if errors:
        raise SetLoadError(errors)
    return catalogue
