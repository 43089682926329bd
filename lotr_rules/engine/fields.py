"""Card fields as family data: how a game family declares the fields its cards carry.

The core's :class:`~lotr_rules.engine.cards.CardDef` holds only what every card of every game
has (its name, id, types, text, provenance, abilities). The rest (a deck-building card's cost
and Power, an Adventure card's aggression and ways on) is declared by the card's family, as a
tuple of :class:`FieldDecl`, next to its vocabulary. From those declarations:

* the grammar reads any ``NAME VALUE`` line of a card's header, and the compiler checks it
  against the family (unknown field, wrong kind of value, not allowed on this card type);
* :func:`card_class` makes the family's card class, a subclass of ``CardDef`` with one slot per
  field, so the game loop reads ``card.cost`` as a plain attribute, worked out once when the card
  is compiled;
* the language reference lists each family's fields with their docs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, cast

import attrs

if TYPE_CHECKING:
    from lotr_rules.engine.cards import CardDef

#: The kinds of value a field may take, and how the reference describes each.
KINDS: Mapping[str, str] = {
    "number": "a whole number (`cost 3`)",
    "amount": "a number, or a number worked out at the end of the game (`victory (if ... then 2 else 0)`)",
    "word": "one word (`title archenemy`)",
    "words": "one or more words (`deck one ring`)",
    "text": 'a quoted text (`notes "..."`)',
    "card name": 'the quoted name of a card of the same sets (`starting card "Glamdring"`)',
    "card names": 'quoted names of cards of the same sets (`setup-staging "Forest Spider" "Forest Gate"`)',
    "directions": "pairs of a direction word and a number (`directions left 2 up 3`)",
}

#: An example of each kind, for the hint of a value of the wrong kind.
KIND_EXAMPLES: Mapping[str, str] = {kind: doc.split("`")[1] for kind, doc in KINDS.items()}

#: The suffix of the attribute that holds an ``amount`` field's worked-out number, when its
#: value is not a plain number (``victory_fn``).
FN_SUFFIX = "_fn"


@attrs.frozen(slots=True)
class FieldDecl:
    """One card field a family offers: its name, the kind of value, its default and its docs."""

    name: str
    #: a key of :data:`KINDS`
    kind: str
    doc: str
    #: the value a card that does not give the field has
    default: object = None
    #: the card types that may carry it (empty: every type)
    types: tuple[str, ...] = ()
    #: for a ``word``/``words`` field: the values it may take (empty: any)
    choices: tuple[str, ...] = ()
    #: for a ``number`` field: the lowest and highest value it may take
    low: int | None = None
    high: int | None = None
    #: a higher lowest value for cards of some types (card type -> lowest value)
    type_low: Mapping[str, int] = attrs.field(factory=dict)
    #: what 'show' says of a card that gives the field (``{value}`` stands for its value); a
    #: number field at 0 says nothing
    reading: str = ""
    #: the card types that must give it: a card of one of them without it is an error, since
    #: the game would otherwise play it with a default the author never chose
    required: tuple[str, ...] = ()
    #: for a ``words`` field: words that only cards of some types may carry (``sentinel``: a
    #: character's keyword), as word -> those types; elsewhere the word would do nothing
    word_types: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict)
    #: the ability the field is about (``action``): on a card without one it would do nothing
    ability: str = ""
    #: for a ``words`` field: words each about one ability (``shadow``), as word -> the ability
    #: as written (``when revealed``); on a card without it, the word would do nothing
    word_abilities: Mapping[str, str] = attrs.field(factory=dict)
    #: whether a card may give the field more than once (each line one value, kept in order);
    #: any other field given twice is E141
    repeatable: bool = False

    def __attrs_post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"field '{self.name}': unknown kind '{self.kind}'")

    @property
    def attr(self) -> str:
        """The attribute of the family's card class that holds the field ("starting card" ->
        ``starting_card``)."""
        return self.name.replace(" ", "_")


def card_class(family: str, module: str, decls: Sequence[FieldDecl]) -> type[CardDef]:
    """The card class of a family: ``CardDef`` with one slot per declared field (and a
    ``<name>_fn`` slot for each ``amount`` field), defaulting to the declared defaults."""
    from lotr_rules.engine.cards import CardDef

    names = {decl.attr for decl in decls}
    clash = names & {field.name for field in attrs.fields(CardDef)}
    if clash:
        raise ValueError(f"family '{family}' declares fields the core has: {', '.join(sorted(clash))}")
    attributes: dict[str, object] = {}
    for decl in decls:
        attributes[decl.attr] = attrs.field(default=decl.default)
        if decl.kind == "amount":
            attributes[decl.attr + FN_SUFFIX] = attrs.field(default=None)
    name = "".join(part.capitalize() for part in family.replace("-", " ").split()) + "CardDef"
    made = attrs.make_class(name, attributes, bases=(CardDef,), slots=True, frozen=True, eq=False, repr=False)
    cls = cast("type[CardDef]", made)
    # importable by name, so that a card pickles like any other object
    cls.__module__ = module
    cls.field_decls = tuple(decls)
    return cls


#: The fields every card of every family has: the core's own (attributes of ``CardDef``).
COMMON_FIELDS: Mapping[str, FieldDecl] = {
    decl.name: decl
    for decl in (
        FieldDecl("id", "word", "the card's id, unique in its set"),
        FieldDecl("type", "words", "its card types (of its family), or 'none'"),
        FieldDecl("provenance", "word", "where the card comes from: 'rulebook' or 'designed'", default="designed"),
        FieldDecl("designed", "text", "for a rulebook card, which of its facts are designed", default=""),
        FieldDecl("text", "text", "the card's text, in our own words", default=""),
        FieldDecl("notes", "text", "notes for the reader, with no effect in play", default=""),
        FieldDecl(
            "gap",
            "text",
            "what the card's script does not do of what the card says; none: faithful",
            default=(),
            repeatable=True,
        ),
    )
}
