"""The card galleries: a page under ``docs/`` for every shipped set, each card from its script.

A page is written from the loaded set: each card's data as the engine compiled it (against the
vocabulary of the set's family), its script in canonical form (read back from its file and run
through the formatter) and what the engine understood it to say
(:func:`~lotr_rules.dsl.describe.describe_card`). Nothing on it is typed by hand, so it cannot
drift from the scripts; ``python -m lotr_rules.docgen --check`` says when a script changed and a
page was not regenerated. Which sections a page has follows from the set's data (a set without
Wall cards gets no Wall section), and its title, counts and rulebook comparison come from the
set's ``set.toml``. Files are named relative to the set folder, so no page depends on where the
project is checked out.
"""

from __future__ import annotations

import functools
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from lotr_rules.cards.catalogue import SetInfo
from lotr_rules.cards.loader import load_sets, read_manifest, set_folders
from lotr_rules.cards.provenance import designed_summary, share_sentence, short_mark
from lotr_rules.docgen.coverage import coverage_section
from lotr_rules.dsl import ast
from lotr_rules.dsl.describe import describe_card
from lotr_rules.dsl.formatter import format_card
from lotr_rules.dsl.syntax import parse
from lotr_rules.engine.cards import CardDef
from lotr_rules.engine.registry import Vocabulary
from lotr_rules.games import vocabulary_for
from lotr_rules.render.face import card_face_svg, card_file_stem, face_sides
from lotr_rules.resources import cardscripts_dir

#: the folder under ``docs/`` the card faces are written to; docgen owns everything in it
FACES_DIR = "faces"
#: The Two Towers gallery was the only one and kept its page name, so links to it keep working.
KEPT_PAGE_NAMES = {"two-towers": "gallery.md"}

#: Each family's decks in the order the components table lists them, with the names shown for
#: them (the deck-building order is the Two Towers rulebook's Contents).
DECK_LABELS: dict[str, tuple[tuple[str, str], ...]] = {
    "deckbuilding": (
        ("starter", "Starting cards (Courage and Despair)"),
        ("main", "Main deck"),
        ("one ring", "The One Ring"),
        ("valor", "Valor"),
        ("archenemy", "Archenemies"),
        ("corruption", "Corruption"),
        ("wall", "The Wall deck, regular cards"),
        ("breach", "The Wall deck, Breached"),
        ("starting", "Unique Hero starting cards"),
        ("impossible archenemy", "Impossible Mode Archenemies"),
        ("hero", "Oversized Hero cards"),
    ),
    "adventure-deck": (
        ("beginning", "The beginning card"),
        ("main", "Quest deck"),
    ),
}
#: What the main deck is for, by family: the first words of its section.
MAIN_DECK_USE = {
    "deckbuilding": "shuffled into the main deck, from which the Path is dealt",
    "adventure-deck": "of the quest deck Frodo crosses, drawn a way's worth at a time",
}
#: Not game cards in the rulebook's count (it counts 243 game cards, the oversized heroes aside).
NOT_GAME_CARDS = frozenset({"hero"})

_PROVENANCE = """\
## Provenance

Every card says where its behaviour comes from:

- **rulebook**: the behaviour is stated in the rulebook (its card descriptions, clarifications
  and Setup), and the script follows it. Numbers the rulebook does not give are still ours, and
  the card says which: "rulebook; designed: cost and number of copies" (`rulebook*` in tables).
- **card list**: the card's facts (name, numbers, traits, keywords, copies) are the printed
  card's, from the public list of the set's cards, and the script does what the printed card
  does; its text is our own summary of that, never the printed words.
- **designed**: the behaviour is ours, written to complete the set. It is never the official
  card's text. When the card's name, level or count is the game's own, it says so ("designed,
  except its name"), and the notes say where that is known from.
"""


# ---------------------------------------------------------------------- helpers
def _sort_key(text: str) -> str:
    """Alphabetical order that files Éomer with the Es and Gríma with the Gs."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


def _by_name(cards: Iterable[CardDef]) -> list[CardDef]:
    return sorted(cards, key=lambda c: (_sort_key(c.name), c.id))


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _type_label(card_type: str) -> str:
    return card_type.capitalize()


def _plural(card_type: str, vocabulary: Vocabulary) -> str:
    known = vocabulary.card_types.get(card_type)
    return (known.plural if known else card_type).capitalize()


def _type_order(types: Iterable[str], vocabulary: Vocabulary) -> list[str]:
    """``types`` in the order the family declares its card types, any others after them."""
    present = set(types)
    ordered = [t for t in vocabulary.card_types if t in present]
    return [*ordered, *sorted(present - set(ordered))]


def _types_of(card: CardDef, vocabulary: Vocabulary) -> str:
    return ", ".join(_type_label(t) for t in _type_order(card.types, vocabulary)) or "no card type"


def _ways(card: CardDef) -> str:
    return ", ".join(f"{way} {count}" for way, count in card.field("directions", ())) or "none"


def _copies(cards: Iterable[CardDef]) -> int:
    return sum(c.field("copies", 1) for c in cards)


def impossible_order(cards: Iterable[CardDef]) -> list[CardDef]:
    """The Impossible Mode Archenemies in the order they are met, the face-up one first.

    Setup stacks them by level, highest at the bottom, and by id within a level, the first one
    stacked at the bottom; this reads that stack from the top.
    """
    stacked = sorted(cards, key=lambda c: (-(c.field("level", None) or 0), c.id))
    return list(reversed(stacked))


# ---------------------------------------------------------------------- one card
def _node(card: CardDef) -> ast.Card:
    script = parse(Path(card.source_path).read_text(encoding="utf-8"), card.source_path)
    return next(c for c in script.cards if c.name == card.name)


def _relative(card: CardDef, info: SetInfo) -> str:
    path = Path(card.source_path)
    try:
        return path.relative_to(Path(info.path)).as_posix()
    except ValueError:
        return path.name


def _understood(card: CardDef) -> list[str]:
    return describe_card(card) or ["No abilities."]


def _number_rows(card: CardDef, vocabulary: Vocabulary) -> list[str]:
    """The rows of the numbers the family's cards have: cost and power, or aggression and ways."""
    rows = []
    if vocabulary.field("cost") is not None:
        rows.append(f"| Cost | {card.field('cost', 0)} |")
    if vocabulary.field("power") is not None:
        rows.append(f"| Power | {card.field('power', 0)} |")
    if vocabulary.field("victory") is not None:
        victory = "variable (see the script)" if card.field("victory_fn") is not None else str(card.field("victory", 0))
        rows.append(f"| Victory Points | {victory} |")
    if vocabulary.field("aggression") is not None:
        rows.append(f"| Aggression | {card.field('aggression', 0)} |")
    if vocabulary.field("directions") is not None:
        rows.append(f"| Directions | {_cell(_ways(card))} |")
    return rows


def face_path(card: CardDef, side: str = "") -> str:
    """Where under ``docs/`` the card's face is written (``faces/SET/ID.svg``; side A of a quest
    card, ``faces/SET/ID-a.svg``)."""
    return f"{FACES_DIR}/{card.set_code}/{card_file_stem(card, side)}.svg"


def render_card(card: CardDef, info: SetInfo, vocabulary: Vocabulary, level: int = 3, note: str = "") -> list[str]:
    node = _node(card)
    kind = _types_of(card, vocabulary)
    if card.field("title", None):
        kind += f" ({card.field('title', None).capitalize()}" + (
            f", level {card.field('level', None)})" if card.field("level", None) else ")"
        )
    provenance = f"**{designed_summary(card)}**" + (f": {card.notes}" if card.notes else "")
    lines = ["#" * level + f" {card.name}", ""]
    if note:
        lines += [note, ""]
    alt = card.name.replace("[", "(").replace("]", ")")
    image = f"![The face of {alt}]({face_path(card)})"
    if "a" in face_sides(card):  # a quest card: side B is the side in play, side A its setup
        image += f" ![Side A of {alt}]({face_path(card, 'a')})"
    lines += [image, ""]
    lines += [
        "| | |",
        "|---|---|",
        f"| Type | {_cell(kind)} |",
        *_number_rows(card, vocabulary),
        f"| Copies | {card.field('copies', 1)} |",
        f"| Provenance | {_cell(provenance)} |",
        *(f"| Not done yet | {_cell(gap)} |" for gap in card.gap),
        f"| Script file | `{_relative(card, info)}` |",
        "",
        f"**Text:** {card.text}",
        "",
        "Script (canonical form):",
        "",
        "```text",
        *format_card(node).rstrip("\n").splitlines(),
        "```",
        "",
        "What the engine understood:",
        "",
        "```text",
        *_understood(card),
        "```",
        "",
    ]
    return lines


# ---------------------------------------------------------------------- the intro
def _components(info: SetInfo, cards: Sequence[CardDef], by_deck: dict[str, list[CardDef]]) -> list[str]:
    """Counts by deck, beside the rulebook's Contents when the manifest gives them."""
    contents = dict(info.rulebook_contents)
    labels = DECK_LABELS.get(info.family, ())
    known = {deck for deck, _ in labels}
    extra = sorted((set(by_deck) | set(contents)) - known)
    shown = [
        (deck, label) for deck, label in (*labels, *((d, d) for d in extra)) if deck in by_deck or deck in contents
    ]
    head, rule = "| Component | Cards | Different cards |", "|---|---:|---:|"
    if contents:
        head, rule = head + " The rulebook's Contents |", rule + "---:|"
    lines = ["## Components", ""]
    if contents:
        lines += [
            "The last column is what the rulebook's Contents lists (a dash: it lists no such cards).",
            "",
        ]
    lines += [head, rule]
    for deck, label in shown:
        group = by_deck.get(deck, [])
        row = f"| {_cell(label)} | {_copies(group)} | {len(group)} |"
        if contents:
            row += f" {contents.get(deck, '—')} |"
        lines.append(row)
    left_out = NOT_GAME_CARDS & set(by_deck)
    game_cards = _copies(c for c in cards if c.field("deck", "main") not in left_out)
    total = f"| **Game cards** (all but the oversized Heroes) | **{game_cards}** | |"
    if not left_out:
        total = f"| **All cards** | **{_copies(cards)}** | **{len(cards)}** |"
    if contents:
        total += f" **{sum(n for deck, n in contents.items() if deck not in left_out)}** |"
    return [*lines, total, ""]


def _by_type(label: str, main: Sequence[CardDef], vocabulary: Vocabulary) -> list[str]:
    if not main:
        return []
    lines = [
        f"### {label} by card type",
        "",
        "A card of two types counts under each.",
        "",
        "| Type | Cards | Different cards |",
        "|---|---:|---:|",
    ]
    counts: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    for card in main:
        for card_type in card.types:
            counts[card_type] += card.field("copies", 1)
            kinds[card_type] += 1
    for card_type in _type_order(counts, vocabulary):
        lines.append(f"| {_plural(card_type, vocabulary)} | {counts[card_type]} | {kinds[card_type]} |")
    return [*lines, f"| **{label}** | **{_copies(main)}** | **{len(main)}** |", ""]


def _who_wrote_it(info: SetInfo, cards: Sequence[CardDef]) -> list[str]:
    """Says plainly when a set has nothing the rulebook gives: every card of it is ours."""
    if info.rulebook_contents or any(c.provenance != "designed" for c in cards):
        return []
    return [
        "**Every card of this set is designed by us.** No public list of its cards exists, so there is "
        "no official count to compare it with. Its texts, numbers and effects are ours, written to "
        "complete the set, and never an official card's text; each card's notes say what is known "
        "about it (a name, a hero, a starting card), if anything.",
        "",
    ]


def _journey(info: SetInfo, cards: Sequence[CardDef], vocabulary: Vocabulary) -> list[str]:
    """For a family whose cards have ways on: every card's directions and aggression in one table."""
    if vocabulary.field("directions") is None:
        return []
    ways = list(vocabulary.directions)
    labels = dict(DECK_LABELS.get(info.family, ()))
    described = [c for c in _by_name(cards) if c.provenance == "rulebook"]
    ours = [c for c in _by_name(cards) if c.provenance != "rulebook"]
    lines = [
        "## Directions and aggression",
        "",
        "Each card's ways on (how many cards each takes; a dash: no way that side) and its aggression "
        "(what it adds to the Attack when drawn). Provenance `rulebook*` marks a card whose effect the "
        "rulebook gives but some of whose numbers are designed; each card's entry, below, says which.",
        "",
        "| Card | Deck | " + " | ".join(w.capitalize() for w in ways) + " | Aggression | Copies | Provenance |",
        "|---|---|" + "---:|" * len(ways) + "---:|---:|---|",
    ]
    for card in _by_name(cards):
        way_of = dict(card.field("directions", ()))
        cells = " | ".join(str(way_of.get(w, "—")) for w in ways)
        deck = _cell(labels.get(card.field("deck", "main"), card.field("deck", "main")))
        # the Adventure Deck's own cards: its fields are attributes of each
        row = f"| {_cell(card.name)} | {deck} | {cells} | {card.aggression} | {card.copies} | {short_mark(card)} |"
        lines.append(row)
    drawn = [c for c in cards if c.field("deck", "main") == "main"]
    main_label = labels.get("main", "main deck")
    lines += [
        "",
        f"{main_label}: {_copies(drawn)} cards carrying {sum(c.aggression * c.copies for c in drawn)} "
        "aggression in all.",
        "",
    ]
    if described:
        names = ", ".join(c.name for c in described)
        lines += [f"The rulebook describes {len(described)} of the {len(cards)} different cards: {names}.", ""]
    if ours:
        lines += [f"Designed to complete the set: {', '.join(c.name for c in ours)}.", ""]
    return lines


def _intro(
    info: SetInfo, cards: Sequence[CardDef], by_deck: dict[str, list[CardDef]], vocabulary: Vocabulary
) -> list[str]:
    lines = [
        f"<!-- Generated by `python -m lotr_rules.docgen` from the card scripts of the {info.code} set: "
        "do not edit by hand. -->",
        "",
        f"# {info.title} card gallery",
        "",
        f"Every card of the shipped set *{info.name}* (`{info.code}`), as the engine loads it: its data, "
        "its provenance, its printed text, its script in canonical form, and what the engine understood "
        "the script to say. Compare the last two with the text to spot a script that does something "
        "other than its card says. The same view of a single card is `lotr-rules show NAME`.",
        "",
        f"**{share_sentence(info.title, cards)}** Each card's provenance, below, says which of its facts are designed.",
        "",
        *_who_wrote_it(info, cards),
        *_components(info, cards, by_deck),
    ]
    main_label = dict(DECK_LABELS.get(info.family, ())).get("main", "Main deck")
    lines += _by_type(main_label, by_deck.get("main", []), vocabulary)
    return lines


def _heroes(info: SetInfo, vocabulary: Vocabulary, by_deck: dict[str, list[CardDef]]) -> list[str]:
    heroes = _by_name(by_deck.get("hero", []))
    starting = {c.name: c for c in by_deck.get("starting", [])}
    if not heroes and not starting:
        return []
    lines = [
        "## Heroes and their starting cards",
        "",
        "Each player is dealt a Hero, whose card says which unique starting card joins their first deck.",
        "",
    ]
    for hero in heroes:
        lines += render_card(hero, info, vocabulary)
        first = starting.pop(hero.field("starting card", None), None) if hero.field("starting card", None) else None
        if first is not None:
            lines += render_card(first, info, vocabulary, 4, f"The starting card of {hero.name}.")
    for card in _by_name(starting.values()):
        lines += render_card(card, info, vocabulary, 3, "A starting card no Hero of this set names.")
    return lines


def _simple_section(
    title: str, intro: str, cards: Sequence[CardDef], info: SetInfo, vocabulary: Vocabulary
) -> list[str]:
    if not cards:
        return []
    lines = [f"## {title}", "", intro, ""]
    for card in cards:
        lines += render_card(card, info, vocabulary)
    return lines


def _main_deck(info: SetInfo, vocabulary: Vocabulary, main: Sequence[CardDef]) -> list[str]:
    if not main:
        return []
    label = dict(DECK_LABELS.get(info.family, ())).get("main", "Main deck")
    use = MAIN_DECK_USE.get(info.family, "of the main deck")
    lines = [
        f"## {label}",
        "",
        f"The {_copies(main)} cards {use}, by card type. "
        "A card of two types is shown under the first of them here and named under the other.",
        "",
    ]
    order = _type_order({t for c in main for t in c.types}, vocabulary)
    for card_type in order:
        of_type = [c for c in _by_name(main) if card_type in c.types]
        lines += [f"### {_plural(card_type, vocabulary)}", ""]
        for card in of_type:
            home = next(t for t in order if t in card.types)
            if home == card_type:
                lines += render_card(card, info, vocabulary, 4)
            else:
                article = "an" if card_type[:1] in "aeiou" else "a"
                also = f"*{card.name}* is also {article} {_type_label(card_type)}"
                lines += [f"{also}: see {_plural(home, vocabulary)}.", ""]
    return lines


def _archenemies(info: SetInfo, vocabulary: Vocabulary, cards: Sequence[CardDef]) -> list[str]:
    if not cards:
        return []
    lines = [
        "## Archenemies",
        "",
        "The Archenemy stack of a standard game, by level. Every Archenemy but the level 1 one makes a "
        "Group Ambush when it is revealed on top of the stack.",
        "",
    ]
    for level in sorted({c.field("level", None) or 0 for c in cards}):
        group = sorted(
            (c for c in cards if (c.field("level", None) or 0) == level),
            key=lambda c: (c.field("cost", 0), _sort_key(c.name)),
        )
        lines += [f"### Level {level}" if level else "### No level", ""]
        for card in group:
            lines += render_card(card, info, vocabulary, 4)
    return lines


def _impossible(info: SetInfo, vocabulary: Vocabulary, cards: Sequence[CardDef]) -> list[str]:
    if not cards:
        return []
    ordered = impossible_order(cards)
    lines = [
        "## Impossible Mode",
        "",
        "The Archenemies of Impossible Mode replace the regular ones and come in a fixed order, shown here "
        "from the face-up card on top of the stack to the last one met:",
        "",
    ]
    lines += [
        f"{n}. {card.name} (level {card.field('level', None)}, cost {card.field('cost', 0)})"
        for n, card in enumerate(ordered, 1)
    ]
    lines.append("")
    for n, card in enumerate(ordered, 1):
        lines += render_card(card, info, vocabulary, 3, f"Met {n} of {len(ordered)}.")
    return lines


def _wall(info: SetInfo, vocabulary: Vocabulary, by_deck: dict[str, list[CardDef]]) -> list[str]:
    regular = _by_name(by_deck.get("wall", []))
    special = _by_name(by_deck.get("breach", []))
    if not regular and not special:
        return []
    lines = [
        "## The Wall",
        "",
        "The Wall deck holds five regular Wall cards per player plus the one special card, Breached. "
        "A Wall card resolves against the player who draws it.",
        "",
    ]
    for card in regular:
        lines += render_card(card, info, vocabulary)
    for card in special:
        lines += render_card(card, info, vocabulary, 3, "The special Wall card: it stays in front of whoever draws it.")
    return lines


def _stacks(info: SetInfo, vocabulary: Vocabulary, by_deck: dict[str, list[CardDef]]) -> list[str]:
    """Valor and Corruption beside the Path, and The One Ring behind them where the set has it."""
    decks = [("valor", "Valor"), ("corruption", "Corruption"), ("one ring", "The One Ring")]
    present = [(deck, label) for deck, label in decks if by_deck.get(deck)]
    if not present:
        return []
    names = [label for _, label in present]
    title = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    intro = "The stacks beside the Path" if by_deck.get("valor") or by_deck.get("corruption") else ""
    if by_deck.get("one ring"):
        ring = "The One Ring that waits behind them" if intro else "The One Ring, kept behind the stacks"
        intro = f"{intro}, and {ring}" if intro else ring
    cards = [c for deck, _ in present for c in _by_name(by_deck[deck])]
    return _simple_section(title, intro + ".", cards, info, vocabulary)


def render_set(code: str) -> str:
    """The gallery page of the shipped set ``code``."""
    info, cards, vocabulary = _shipped_set(code)
    by_deck: dict[str, list[CardDef]] = {}
    for card in cards:
        by_deck.setdefault(card.field("deck", "main"), []).append(card)
    lines = _intro(info, cards, by_deck, vocabulary)
    lines += _journey(info, cards, vocabulary)
    lines += [*_PROVENANCE.splitlines(), ""]
    lines += coverage_section(info.family, _by_name(cards))
    lines += _heroes(info, vocabulary, by_deck)
    lines += _simple_section(
        "Starting cards",
        "Every player's first deck holds these besides the Hero's own card.",
        _by_name(by_deck.get("starter", [])),
        info,
        vocabulary,
    )
    lines += _simple_section(
        "The beginning card",
        "Where the journey starts. It is set aside once left: it is not one of the quest deck's cards.",
        _by_name(by_deck.get("beginning", [])),
        info,
        vocabulary,
    )
    lines += _main_deck(info, vocabulary, by_deck.get("main", []))
    lines += _stacks(info, vocabulary, by_deck)
    lines += _archenemies(info, vocabulary, by_deck.get("archenemy", []))
    lines += _impossible(info, vocabulary, by_deck.get("impossible archenemy", []))
    lines += _wall(info, vocabulary, by_deck)
    covered = {"hero", "starting", "starter", "beginning", "main", "valor", "corruption", "one ring"}
    covered |= {"archenemy", "impossible archenemy", "wall", "breach"}
    others = _by_name(c for c in cards if c.field("deck", "main") not in covered)
    lines += _simple_section("Other cards", "Cards of decks this page has no section for.", others, info, vocabulary)
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------- the pages
@functools.cache
def _manifests() -> tuple[SetInfo, ...]:
    """The shipped sets' manifests, read without loading any card (cheap enough to list pages)."""
    infos = (read_manifest(folder)[0] for folder in set_folders(cardscripts_dir()))
    return tuple(info for info in infos if info is not None)


def _shipped_set(code: str) -> tuple[SetInfo, list[CardDef], Vocabulary]:
    family = next(info.family for info in _manifests() if info.code == code)
    vocabulary = vocabulary_for(family)
    catalogue = load_sets(vocabulary=vocabulary)
    return catalogue.sets[code], catalogue.in_sets([code]), vocabulary


def provenance_shares() -> str:
    """One line per shipped set: which share of it is designed and which follows the rulebook
    (the README and the home page show it; docgen writes it in)."""
    lines = []
    for info in sorted(_manifests(), key=lambda i: (i.family != "deckbuilding", i.code != "two-towers", i.code)):
        _, cards, _ = _shipped_set(info.code)
        link = page_name(info.code)
        lines.append(f"- {share_sentence(info.title, cards)} ([gallery]({link}))")
    return "\n".join(lines) + "\n"


def page_name(code: str) -> str:
    return KEPT_PAGE_NAMES.get(code, f"gallery-{code}.md")


def pages() -> dict[str, Callable[[], str]]:
    """A gallery page for every shipped set, by file name under ``docs/``, and the face of every
    card the pages show (SVG files under ``docs/faces/``)."""
    out: dict[str, Callable[[], str]] = {}
    for info in _manifests():
        out[page_name(info.code)] = functools.partial(render_set, info.code)
        set_info, cards, _vocabulary = _shipped_set(info.code)
        for card in cards:
            out[face_path(card)] = functools.partial(card_face_svg, card, set_name=set_info.title)
            if "a" in face_sides(card):
                out[face_path(card, "a")] = functools.partial(card_face_svg, card, set_name=set_info.title, side="a")
    return out
