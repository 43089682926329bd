"""AST to engine effects, checking every word against the family's vocabulary on the way.

Checking and compiling are one pass: every phrase the compiler cannot bind becomes a coded
diagnostic (the linter's findings), and a card with no errors comes out as a
:class:`~lotr_rules.engine.cards.CardDef` whose effects are Python closures built once, so no
tree is walked while a game runs.
"""

from __future__ import annotations

import hashlib
import operator
import re
from collections.abc import Callable, Iterable, Sequence, Set
from typing import Any

import attrs

from lotr_rules.diagnostics import Diagnostic, Severity, did_you_mean
from lotr_rules.dsl import ast, families, lasting, upgrades
from lotr_rules.dsl.editions import LANGUAGE_VERSION, new_meaning
from lotr_rules.dsl.formatter import format_card, format_cond, format_expr, format_pred, format_sel, format_stmt
from lotr_rules.dsl.nearmiss import first_time_rewrite
from lotr_rules.dsl.plain import may_words
from lotr_rules.dsl.provenance import ALWAYS, FACT_FIELDS, FACTS, NONE, designed_words
from lotr_rules.dsl.signs import can_be_negative
from lotr_rules.dsl.syntax import unquote
from lotr_rules.engine.cards import (
    ActionDef,
    CardDef,
    CondFn,
    ConstantDef,
    CostChangeDef,
    CostDef,
    Effect,
    Move,
    NumberFn,
    QuestDef,
    TriggerDef,
)
from lotr_rules.engine.context import Ctx
from lotr_rules.engine.decisions import Option
from lotr_rules.engine.fields import COMMON_FIELDS, FN_SUFFIX, KIND_EXAMPLES, KINDS, FieldDecl
from lotr_rules.engine.registry import CONTEXT_DOCS, SELECTION_PARTS, Phrase, Primitive, Vocabulary, ZoneSpec
from lotr_rules.engine.selection import CardTest, Placement, Selection
from lotr_rules.errors import Span
from lotr_rules.limits import (
    MAX_ACTION_USES,
    MAX_LOOP_ROUNDS,
    SCRIPT_NUMBER_MAX,
    ScriptNumberError,
    in_script_range,
    shown_number,
)

#: A field value's word, as the grammar's WORD reads it (a generic field's value may also hold
#: numbers and quoted texts, which a word field refuses).
_WORD = re.compile(r"[a-z][a-z0-9_'-]*")
_DIGITS = re.compile(r"[0-9]+")
REQUIRED_FIELDS = ("id", "type", "provenance", "text")
#: Words of a card's text that promise an ability the script must have.
TEXT_KEYWORDS = {
    "attack": ("attack",),
    "defense": ("defense",),
    "ambush": ("ambush", "group ambush"),
    "ongoing": ("ongoing",),
    "fortune": ("fortune",),
}

ARTICLES = ("a", "an", "the")

#: a family field saying the card's printed cost is X (``variable-cost x``): the number its player
#: chooses and pays when playing it, which its action reads under this name
VARIABLE_COST = ("variable-cost", "X")


def _quoted_names(value: tuple[str, ...]) -> bool:
    """Field words that are quoted names only (a lone name is read as a plain text)."""
    return all(len(part) >= 2 and part[0] == part[-1] == '"' for part in value)


def _is_directions(value: tuple[str, ...]) -> bool:
    """Pairs of a word and a number (``left 2 up 3``)."""
    pairs = zip(value[::2], value[1::2], strict=False)
    return len(value) % 2 == 0 and bool(value) and all(_WORD.fullmatch(w) and _DIGITS.fullmatch(n) for w, n in pairs)


def _kind_words(kind: str) -> str:
    """'a whole number' for 'number': the kind's description without its example."""
    return KINDS[kind].split(" (")[0]


def _suggest(word: str, choices: Iterable[str]) -> str | None:
    return did_you_mean(word, choices)


def _singular(sel: ast.Sel) -> bool | None:
    """Whether a selection's quantity says one card (``an heroe``), several, or nothing."""
    quantity = sel.quantity
    if quantity is None:
        return None
    if quantity.kind == "one":
        return True
    if quantity.kind == "exact" and isinstance(quantity.amount, ast.Num):
        return quantity.amount.value == 1
    return False


class Compiler:
    """Compiles the cards of one file; ``diagnostics`` collects everything found wrong."""

    def __init__(
        self,
        vocabulary: Vocabulary,
        path: str = "",
        known_names: Set[str] | None = None,
        set_code: str = "",
        language: int = LANGUAGE_VERSION,
    ) -> None:
        self.vocab = vocabulary
        #: the language version the card's set is written for: a construct whose meaning changed
        #: since is read the old way (see lotr_rules.dsl.editions)
        self.language = language
        self.path = path
        self.known_names = known_names
        self.set_code = set_code
        self.diagnostics: list[Diagnostic] = []
        self._bound: list[set[str]] = [set()]
        #: the names each open block binds itself (a name bound in a block is visible in the
        #: blocks it contains; a block's own bindings are undone when it ends, so an inner
        #: binding never overwrites an outer one)
        self._own: list[set[str]] = [set()]
        #: where the statement being compiled runs: its ability, then the blocks around it
        self._contexts: list[str] = []
        #: what 'show' says the card does, written as each statement is compiled
        self._reading: list[str] = []
        self._moves: list[Move] = []
        self._depth = 0
        #: how many blocks around the statement may run it not exactly once
        self._unsure = 0
        self._ability = ""
        #: the types of the card being compiled (for a family's ``refuse``)
        self._card_types: frozenset[str] = frozenset()
        #: names bound by `let` (numbers), as opposed to cards bound by `as`
        self._numbers: set[str] = set()
        #: names bound by `choose ... as P` (players)
        self._player_names: set[str] = set()
        #: players chosen that no `for each P` has acted on yet, with where they were chosen
        self._chosen_unused: dict[str, Span] = {}
        #: event kinds the card's triggers (card-level or registered by its effects) listen to
        self._listens: set[str] = set()
        self._card_name = ""
        #: the economy constructs (see lotr_rules.dsl.economy): what the card's effects need
        #: counted per turn, whether they change costs, and the Power an enclosing 'if' makes sure of
        self._counts: set[str] = set()
        self._changes_costs = False
        self._power_floor: list[int] = [0]
        #: names bound by 'let' to a number that can be negative (for W215/W216)
        self._negative_names: set[str] = set()
        #: how many conditions ('if', '(if ... then ... else ...)') stand around the number being
        #: compiled: a division there is the author's to guard (W311 is not given)
        self._guarded = 0
        #: the player phrases of the 'for each PLAYERS { ... }' blocks around the statement
        self._for_players: list[str] = []
        #: the card's field lines by name, as ``_fields`` read them
        self._field_items: dict[str, ast.Field] = {}

    # ------------------------------------------------------------------ diagnostics
    def _hint(self, word: str, choices: Iterable[str], context: str, singular: bool | None = None) -> str | None:
        """What to write instead of an unknown word: the family's own word when it is another
        game's (``graveyard``), else the closest of ``choices`` in the number meant."""
        foreign = self.vocab.foreign(word, context)
        if foreign is not None:
            return foreign.hint
        return did_you_mean(word, choices, singular=singular)

    def error(self, code: str, message: str, span: Span, hint: str | None = None) -> None:
        self.diagnostics.append(Diagnostic(code, Severity.ERROR, message, span.with_path(self.path), hint))

    def warn(self, code: str, message: str, span: Span, hint: str | None = None) -> None:
        self.diagnostics.append(Diagnostic(code, Severity.WARNING, message, span.with_path(self.path), hint))

    def new_meaning(self, change: str) -> bool:
        """Whether the card's set reads the construct ``change`` (a key of the editions' list) the new way."""
        return new_meaning(change, self.language)

    def _as_written_then(self, card: ast.Card) -> ast.Card:
        """A card of an older set, read as the upgrade writes it where the old meaning can be
        written in the current language (so the set and its upgrade play the same); where it
        cannot, the construct is refused (E300) rather than read with a meaning it never had."""
        old_readings = (
            ("draw-from-other-zones", upgrades.draw_from_deck),
            ("test-takes-following-sum", upgrades.old_sums),
            # the old grouping is the bracketed one, which W310 does not flag: an old set's
            # count reads one way only, and its upgrade writes the bracket
            ("arithmetic-after-test-works-on-count", upgrades.bracketed_test_values),
        )
        for key, rewrite in old_readings:
            if self.new_meaning(key):
                continue
            card, notes = rewrite(card, self.vocab)
            for note in notes:
                if note.needs_person:
                    self.error(
                        "E300",
                        f"{note.message} (language {self.language})",
                        note.span,
                        "write it so it means the same in every version, or move the set on with "
                        "'lotr-rules fmt --upgrade' and check the card",
                    )
        return card

    @property
    def failed(self) -> bool:
        return any(d.severity is Severity.ERROR for d in self.diagnostics)

    # ------------------------------------------------------------------ cards
    def compile_card(self, card: ast.Card) -> CardDef | None:
        written = card
        card = self._regroup(self._as_written_then(card))
        self._card_name = card.name
        self._card_types = frozenset(card_types(card))
        errors_before = sum(1 for d in self.diagnostics if d.severity is Severity.ERROR)
        fields = self._fields(card)
        abilities: dict[str, Effect] = {}
        triggers: list[TriggerDef] = []
        self._listens = set()
        self._counts = set()
        self._changes_costs = False
        self._contexts = []
        action: ActionDef | None = None
        cost_changes: tuple[CostChangeDef, ...] = ()
        quest: QuestDef | None = None
        defendable = True
        always = False
        seen: dict[str, Span] = {}
        hero = "hero" in card_types(card)
        self._card_types = frozenset(card_types(card))
        self._reading = []
        self._moves = []
        self._read_fields(card, fields)
        constants: list[ConstantDef] = []
        costs: dict[str, CostDef] = {}
        for ability in card.abilities():
            key = ability.kind
            if key == "when" and ability.phrase == ("revealed",) and "when revealed" in self.vocab.abilities:
                key = "when revealed"
            base = ["hero"] if hero else []
            self._ability = key
            self._depth = 0
            self._unsure = 0
            if hero and key in self.vocab.hero_abilities and not self.new_meaning("hero-abilities-run"):
                self.warn(
                    "W300",
                    f"a hero's '{key}' ability never runs in language {self.language}",
                    ability.span,
                    "'lotr-rules fmt --upgrade' moves the set to the current language without it; "
                    "to have it run, write the ability for the current language",
                )
                continue
            if hero and key in self.vocab.abilities and key not in self.vocab.hero_abilities:
                allowed = ", ".join(self.vocab.hero_abilities) or "none"
                self.error(
                    "E125",
                    f"a hero's '{key}' ability never runs",
                    ability.span,
                    f"a hero card's abilities that run: {allowed}",
                )
                continue
            if key in ("response", "forced"):
                if key not in self.vocab.abilities:
                    self._not_in_family(f"'{key}'", ability.span, self.vocab.abilities)
                    continue
                self._reset_names([*base, key])
                reaction = lasting.reaction(self, ability)
                if reaction is not None:
                    triggers.append(reaction)
                continue
            if key in ("when", "at") and "trigger" not in self.vocab.contexts:
                # a family whose triggered abilities are its own ('response', 'forced') runs none
                self._not_in_family(f"'{key} {' '.join(ability.phrase)}'", ability.span, self.vocab.abilities)
                continue
            if key in ("when", "at"):
                self._reset_names([*base, "trigger"])
                trigger = self._card_trigger(ability)
                if trigger is not None:
                    triggers.append(trigger)
                continue
            if key in seen:
                self.error("E141", f"'{key}' appears twice in this card", ability.span)
            seen[key] = ability.span
            if key not in self.vocab.abilities:
                self._not_in_family(f"'{key}'", ability.span, self.vocab.abilities)
                continue
            if key == "action":
                action = self._action(card, ability, base, hero)
                continue
            if key == "while":
                self._reset_names([*base, "while"])
                if self.vocab.holds:
                    constants.extend(lasting.holding(self, ability))
                else:
                    cost_changes = self._while(ability)
                continue
            if key == "quest":
                assert ability.goal is not None and ability.reward is not None
                self._reset_names([*base, "quest"])
                goal = format_cond(ability.goal, explicit=True)
                self._say(f"Quest: once {goal} while in front of you, worth {format_expr(ability.reward)} VP.")
                quest = QuestDef(self._cond(ability.goal), self._expr(ability.reward))
                continue
            if ability.guard is not None:
                if ability.guard != "defense":
                    self.error(
                        "E122",
                        f"unknown guard 'without {ability.guard}'",
                        ability.span,
                        "only 'without defense' is known",
                    )
                defendable = False
            self._reset_names([*base, key])
            heading = ABILITY_HEADINGS.get(key, key)
            if hero:
                heading = f"{heading}, from your hero"
            guard = " No Defense may avoid it." if ability.guard == "defense" else ""
            if ability.always:
                guard = " It resolves even when something says to skip the effect."
            self._say(f"{heading}:{guard}")
            # a card's own abilities run once each time; only 'play' is run by playing it
            self._depth = 1
            body = ability.body
            if key in self.vocab.paid_abilities:
                price, body = lasting.price_of(self, body, key)
                if price is not None:
                    costs[key] = price
            abilities[key] = self._block(body)
            if ability.always:
                always = True
        for name, span in self._chosen_unused.items():
            self.warn(
                "W218",
                f"'{name}' is chosen but nothing acts on that player",
                span,
                f"act on them with 'for each {name} {{ ... }}', or leave the choice out",
            )
        self._chosen_unused = {}
        self._check_text_keywords(card, fields, abilities, triggers)
        errors_after = sum(1 for d in self.diagnostics if d.severity is Severity.ERROR)
        if errors_after > errors_before:
            return None
        types = fields.get("type", ())
        digest = hashlib.sha256(format_card(written).encode()).hexdigest()[:16]
        family: dict[str, Any] = {}
        for decl in self.vocab.fields:
            if decl.name not in fields:
                continue
            value = fields[decl.name]
            if decl.kind == "amount" and callable(value):
                family[decl.attr + FN_SUFFIX] = value
                value = decl.default
            family[decl.attr] = value
        return self.vocab.card_class(
            id=str(fields.get("id", "")),
            name=card.name,
            set_code=self.set_code,
            family=self.vocab.family,
            types=frozenset(t for t in types if t != "none"),
            provenance=str(fields.get("provenance", "designed")),
            designed=tuple(w for w in designed_words(fields.get("designed", "")) if w != NONE),
            text=str(fields.get("text", "")),
            notes=str(fields.get("notes", "")),
            **family,
            effect_always=always,
            abilities=abilities,
            triggers=tuple(triggers),
            listens=frozenset(self._listens),
            quest=quest,
            action=action,
            cost_changes=cost_changes,
            changes_costs=self._changes_costs or bool(cost_changes),
            counts=frozenset(self._counts),
            constants=tuple(constants),
            costs=costs,
            group_ambush_defendable=defendable,
            source_path=self.path,
            source_digest=digest,
            reading=tuple(self._reading),
            moves=tuple(self._moves),
        )

    def _fields(self, card: ast.Card) -> dict[str, Any]:
        """The card's fields by name, each checked against the core's fields and its family's
        declarations (:mod:`lotr_rules.engine.fields`)."""
        out: dict[str, Any] = {}
        spans: dict[str, Span] = {}
        types = card_types(card)
        known: bool | None = None
        self._field_items = {}
        for item in card.items:
            if not isinstance(item, ast.Field):
                continue
            if item.key in spans:
                self.error("E141", f"field '{item.key}' appears twice in this card", item.span)
                continue
            spans[item.key] = item.span
            self._field_items[item.key] = item
            decl = COMMON_FIELDS.get(item.key) or self.vocab.field(item.key)
            if decl is None:
                self._unknown_field(item)
                continue
            if decl.types and known is None:
                known = all(t == "none" or self.vocab.card_type(t) is not None for t in types)
            if decl.types and known and not any(t in decl.types for t in types):
                self.error(
                    "E192",
                    f"the field '{item.key}' is not for a card of type {' '.join(types) or 'none'}",
                    item.span,
                    "it is for: " + ", ".join(decl.types),
                )
                continue
            value = self._field_value(decl, item)
            if value is not None:
                out[item.key] = value
                if decl.word_types and known is not False:
                    words = tuple(value.split()) if isinstance(value, str) else tuple(map(str, value))
                    self._check_word_types(decl, words, types, item)
                lowest = max((decl.type_low.get(t, 0) for t in types), default=0) if decl.type_low else 0
                if isinstance(value, int) and value < lowest and decl.high is not None:
                    kind = next(t for t in types if decl.type_low.get(t, 0) == lowest)
                    self.error(
                        "E142", f"{decl.name} {value} is out of range {lowest} to {decl.high} for a {kind}", item.span
                    )
        for key in REQUIRED_FIELDS:
            if key not in out and key not in spans:
                self.error("E140", f"card '{card.name}' has no '{key}' field", card.name_span)
        for decl in self.vocab.fields:
            if decl.required and decl.name not in spans and any(t in decl.required for t in types):
                kind = next(t for t in types if t in decl.required)
                self.error(
                    "E140",
                    f"card '{card.name}' has no '{decl.name}' field, which every {kind} needs",
                    card.name_span,
                )
        self._check_designed(card, out, spans)
        self._check_field_abilities(card, spans)
        self._check_variable_cost(card, spans)
        return out

    def _check_variable_cost(self, card: ast.Card, spans: dict[str, Span]) -> None:
        """E199: a card whose cost is X gives no number for it, and has no Response played from
        hand, whose payment would not ask for X."""
        field, name = VARIABLE_COST
        if field not in spans:
            return
        if "cost" in spans:
            self.error(
                "E199",
                f"a card whose cost is {name} ('{field} x') gives no 'cost'",
                spans["cost"],
                f"leave 'cost' out: its player chooses {name} when playing it",
            )
        for ability in card.abilities():
            if ability.kind == "response":
                self.error(
                    "E199",
                    f"a card whose cost is {name} is played for its action only: "
                    f"a Response from hand would not ask for {name}",
                    ability.span,
                    "write its effect as an 'action'",
                )

    def _check_field_abilities(self, card: ast.Card, spans: dict[str, Span]) -> None:
        """E188 for a field about an ability the card does not have: it would do nothing."""
        kinds = {item.kind for item in card.items if isinstance(item, ast.Ability)}
        for decl in self.vocab.fields:
            if decl.ability and decl.name in spans and decl.ability not in kinds:
                self.error(
                    "E188",
                    f"the field '{decl.name}' is about the card's '{decl.ability}' ability, and it has none",
                    spans[decl.name],
                    f"give the card an '{decl.ability}' ability, or leave the field out",
                )

    def _check_word_types(self, decl: FieldDecl, value: tuple[str, ...], types: Sequence[str], item: ast.Field) -> None:
        """E192 for a word of the field that no card of these types may carry: it would do nothing."""
        for word in value:
            allowed = decl.word_types.get(word)
            if allowed and not any(t in allowed for t in types):
                self.error(
                    "E192",
                    f"'{word}' in the field '{decl.name}' is not for a card of type {' '.join(types) or 'none'}",
                    item.span,
                    f"'{word}' is for: " + ", ".join(allowed),
                )

    def _read_fields(self, card: ast.Card, fields: dict[str, Any]) -> None:
        """What 'show' says of the family fields that carry a rule (``When played: gain 2 Power.``)."""
        for decl in self.vocab.fields:
            if not decl.reading:
                continue
            item = self._field_items.get(decl.name)
            if item is None or decl.name not in fields:
                continue
            value = item.value
            if isinstance(value, int):
                if not value and decl.kind == "number":
                    continue
                shown = str(value)
            elif isinstance(value, (str, tuple)):
                shown = value if isinstance(value, str) else " ".join(value)
            else:
                shown = format_expr(value)
            self._reading.append(decl.reading.format(value=shown))

    def _unknown_field(self, item: ast.Field) -> None:
        """E119 for a field another family declares, E190 for one no family does."""
        offered = [*COMMON_FIELDS, *(decl.name for decl in self.vocab.fields)]
        for other in families.vocabularies():
            if other.family != self.vocab.family and other.field(item.key) is not None:
                self._not_in_family(f"the field '{item.key}'", item.span, offered)
                return
        family = self.vocab.title or self.vocab.family
        self.error(
            "E190",
            f"unknown card field '{item.key}'",
            item.span,
            _suggest(item.key, offered) or f"the fields of {family}: " + ", ".join(sorted(offered)),
        )

    def _field_value(self, decl: FieldDecl, item: ast.Field) -> Any:
        """A field's value as the card holds it, or None (and a finding) when it is not the
        kind of value the field takes."""
        value = item.value
        kind = decl.kind
        if kind == "number" and isinstance(value, int):
            if decl.low is not None and decl.high is not None and not decl.low <= value <= decl.high:
                shown = shown_number(value)
                self.error("E142", f"{decl.name} {shown} is out of range {decl.low} to {decl.high}", item.span)
            return value
        if kind == "amount" and not isinstance(value, (tuple, str)):
            if isinstance(value, int):
                return value
            if isinstance(value, ast.Num):
                return value.value
            if isinstance(value, ast.Neg) and isinstance(value.operand, ast.Num):
                return -value.operand.value
            self._reset_names([])
            return self._expr(value)
        if kind in ("text", "card name") and isinstance(value, str):
            if kind == "card name":
                self._check_card_name(value, item.span)
            return value
        if kind == "card names" and (isinstance(value, str) or (isinstance(value, tuple) and _quoted_names(value))):
            names = (value,) if isinstance(value, str) else tuple(unquote(part) for part in value)
            for name in names:
                self._check_card_name(name, item.span)
            return names
        if (
            kind in ("word", "words")
            and isinstance(value, tuple)
            and (kind == "words" or len(value) == 1)
            and all(_WORD.fullmatch(w) for w in value)
        ):
            if decl.name == "type":
                for word in value:
                    if word != "none" and self.vocab.card_type(word) is None:
                        self.error(
                            "E112",
                            f"unknown card type '{word}'",
                            item.span,
                            self._hint(word, self.vocab.card_types, "card type"),
                        )
                if self.vocab.one_type and len(value) > 1:
                    # a game of this family would refuse the card: lint says so first
                    self.error(
                        "E340",
                        f"a card of {self.vocab.title} has one type, not {len(value)} ('{' '.join(value)}')",
                        item.span,
                        self.vocab.one_type,
                    )
                return value
            name = " ".join(value)
            choices = self.vocab.provenances if decl.name == "provenance" else decl.choices
            if choices and name not in choices:
                hint = _suggest(name, choices)
                if decl.name == "provenance":
                    hint = "use " + " or ".join(choices)
                self.error("E118", f"unknown {decl.name} '{name}'", item.span, hint)
            return name
        if kind == "directions" and isinstance(value, tuple) and _is_directions(value):
            return self._directions(decl, value, item.span)
        self.error(
            "E191",
            f"the field '{decl.name}' takes {_kind_words(kind)}",
            item.span,
            f"for example: {KIND_EXAMPLES[kind]}",
        )
        return None

    def _check_designed(self, card: ast.Card, fields: dict[str, Any], spans: dict[str, Span]) -> None:
        """E143: the ``designed`` field names facts the card carries, and a rulebook card has one."""
        provenance = fields.get("provenance")
        words = designed_words(fields.get("designed", ""))
        if "designed" not in spans:
            if provenance == "rulebook" and self.new_meaning("rulebook-cards-say-designed"):
                self.error(
                    "E143",
                    f"card '{card.name}' follows the rulebook but does not say which of its facts are designed",
                    spans.get("provenance", card.name_span),
                    "add 'designed' with the facts that are ours, such as 'designed \"cost copies\"', "
                    "or 'designed \"none\"'",
                )
            return
        span = spans["designed"]
        seen: set[str] = set()
        for word in words:
            if word in seen:
                self.error("E143", f"'{word}' is named twice in 'designed'", span)
            seen.add(word)
            if word == NONE:
                if len(words) > 1:
                    self.error("E143", "'designed \"none\"' cannot name facts as well", span)
                elif provenance == "designed":
                    self.error(
                        "E143", "a designed card has at least its effect designed", span, "drop the 'designed' field"
                    )
            elif word not in FACTS:
                self.error("E143", f"unknown fact '{word}' in 'designed'", span, _suggest(word, [*FACTS, NONE]))
            elif word == "effect" and provenance == "rulebook":
                self.error(
                    "E143",
                    "a card whose effect is designed says 'provenance designed'",
                    span,
                    "write 'provenance designed' and drop 'effect' here",
                )
            elif word not in ALWAYS and FACT_FIELDS[word] not in fields and FACT_FIELDS[word] not in spans:
                self.error("E143", f"'designed' names '{word}', which this card does not have", span)

    def _not_in_family(self, what: str, span: Span, offered: Iterable[str]) -> None:
        family = self.vocab.title or self.vocab.family
        names = sorted(offered)
        hint = ("these cards may use: " + ", ".join(names)) if names else None
        self.error("E119", f"{what} is not part of {family}", span, hint)

    def _directions(self, decl: FieldDecl, words: tuple[str, ...], span: Span) -> tuple[tuple[str, int], ...]:
        out: list[tuple[str, int]] = []
        low, high = decl.low or 0, decl.high or 0
        directions = decl.choices
        for index in range(0, len(words) - 1, 2):
            direction, digits = words[index], words[index + 1]
            # A number of thousands of digits is out of range without being converted (Python
            # refuses to convert one past 4300 digits); no direction needs more than a few.
            number = int(digits) if len(digits.lstrip("0")) <= 6 else high + 1
            if directions and direction not in directions:
                self.error(
                    "E118",
                    f"unknown direction '{direction}'",
                    span,
                    _suggest(direction, directions) or "use " + " or ".join(directions),
                )
            elif any(direction == seen for seen, _ in out):
                self.error("E141", f"direction '{direction}' is given twice", span)
            if not low <= number <= high:
                shown = digits if len(digits) <= 12 else f"{digits[:12]}... ({len(digits)} digits)"
                self.error("E142", f"direction {direction} {shown} is out of range {low} to {high}", span)
            out.append((direction, number))
        return tuple(out)

    def _check_text_keywords(
        self,
        card: ast.Card,
        fields: dict[str, Any],
        abilities: dict[str, Effect],
        triggers: list[TriggerDef],
    ) -> None:
        text = str(fields.get("text", "")).lower()
        has_attack = any(_contains_attack(a.body) for a in card.abilities())
        text_field = card.field("text")
        span = text_field.span if text_field is not None else card.name_span
        for word, needed in TEXT_KEYWORDS.items():
            # Only the keyword as a label ("Ambush: ...") promises the ability; "avoid an
            # Attack" in running text does not.
            if f"{word}:" not in text:
                continue
            present = has_attack if word == "attack" else any(n in abilities for n in needed)
            if word == "ongoing" and triggers:
                present = True
            if word == "ambush" and ("group ambush" in abilities or "ambush" in abilities):
                present = True
            if not present:
                self.warn("W201", f"the text mentions {word.capitalize()} but the script has no {word}", span)

    # ------------------------------------------------------------------ names and contexts
    def _reset_names(self, contexts: list[str]) -> None:
        """A new ability: no names bound yet, and the contexts it runs in."""
        self._bound = [set()]
        self._own = [set()]
        self._contexts = contexts

    def _say(self, text: str) -> None:
        self._reading.append("  " * self._depth + _sentence(text))

    def _nested(self, body: ast.Block, context: str = "") -> Effect:
        """A block inside a statement that may run it not exactly once (its reading indented)."""
        self._depth += 1
        self._unsure += 1
        try:
            return self._scoped(body, context)
        finally:
            self._depth -= 1
            self._unsure -= 1

    def _bind_name(self, name: str) -> None:
        self._bound[-1].add(name)
        self._own[-1].add(name)

    def _open_scope(self) -> None:
        self._bound.append(set(self._bound[-1]))
        self._own.append(set())

    def _close_scope(self) -> frozenset[str]:
        """Ends a block's scope; returns the names the block bound itself."""
        self._bound.pop()
        return frozenset(self._own.pop())

    def _check_context(self, primitive: Primitive, what: str, span: Span) -> bool:
        """Refuses (E125) a primitive written where it would not run as written."""
        honoured = primitive.honoured_contexts(self.vocab.contexts)
        for context in self._contexts:
            # a block the family does not have at all is E119 already
            if context in self.vocab.contexts and context not in honoured:
                where = CONTEXT_DOCS.get(context, context)
                self.error(
                    "E125",
                    f"{what} is not honoured in {where.split(':')[0]}",
                    span,
                    f"'{primitive.name}' is honoured in: {', '.join(honoured)}",
                )
                return False
        return True

    def _check_parts(self, primitive: Primitive, stmt: ast.Command) -> bool:
        """Refuses (E124) every part of a selection the primitive would not honour exactly."""
        sel = stmt.sel
        if sel is None or primitive.takes == "none":
            return True
        ok = True
        for part, span in selection_parts(sel, self.vocab):
            if part not in primitive.honours:
                ok = False
                honoured = ", ".join(p for p in SELECTION_PARTS if p in primitive.honours) or "none"
                self.error(
                    "E124",
                    f"'{stmt.verb}' does not honour {_PART_WORDS[part]}",
                    span,
                    f"what '{stmt.verb}' honours of a selection: {honoured}",
                )
        for zone, _span in self._written_zones(sel):
            narrower = primitive.zone_parts.get(zone.name)
            if narrower is None:
                continue
            for part, part_span in selection_parts(sel, self.vocab):
                if part not in narrower:
                    ok = False
                    allowed = ", ".join(p for p in SELECTION_PARTS if p in narrower)
                    self.error(
                        "E124",
                        f"'{stmt.verb}' from '{zone.name}' does not honour {_PART_WORDS[part]}",
                        part_span,
                        f"what '{stmt.verb}' honours from '{zone.name}': {allowed}",
                    )
        if primitive.from_zones and "zone" in primitive.honours:
            for zone, span in self._written_zones(sel):
                if zone.name not in primitive.from_zones:
                    ok = False
                    self.error(
                        "E124",
                        f"'{stmt.verb}' cannot take cards from '{zone.name}'",
                        span,
                        f"'{stmt.verb}' takes cards only from: {', '.join(primitive.from_zones)}",
                    )
        return ok

    def _written_zones(self, sel: ast.Sel) -> list[tuple[ZoneSpec, Span]]:
        """The zones a selection names, each with where it is written (unknown ones left out:
        they have their own E111)."""
        out: list[tuple[ZoneSpec, Span]] = []
        kind = list(sel.kind or ())
        thing = self._named_thing(kind) if kind else None
        if thing is not None:
            spec = self.vocab.zone(str(thing.data["zone"]))
            if spec is not None:
                out.append((spec, sel.span))
        elif kind:
            while kind and (
                self.vocab.card_type(kind[0]) is not None
                or kind[0] in ("card", "cards")
                or kind[0] in self.vocab.type_groups
            ):
                kind.pop(0)
            spec = self.vocab.zone(" ".join(kind)) if kind else None
            if spec is not None:
                out.append((spec, sel.span))
        if sel.source is not None:
            current: list[str] = []
            for word in [*sel.source.words, "or"]:
                if word != "or":
                    current.append(word)
                    continue
                spec = self.vocab.zone(" ".join(current)) if current else None
                if spec is not None:
                    out.append((spec, sel.source.span))
                current = []
        return out

    def _measure_parts(self, sel: ast.Sel, what: str, honoured: frozenset[str]) -> None:
        """A selection that is counted or walked through, not picked from: it takes every match,
        so a quantity (or a name, where nothing binds one) would be ignored, and is refused."""
        for part, span in selection_parts(sel, self.vocab):
            if part in ("count", "up to", "all", "random", "as") and part not in honoured:
                self.error(
                    "E124",
                    f"{what} does not honour {_PART_WORDS[part]}",
                    span,
                    f"{what} takes every matching card",
                )

    # ------------------------------------------------------------------ blocks
    def _block(self, body: ast.Block) -> Effect:
        effects = [e for e in (self._stmt(stmt) for stmt in body) if e is not None]
        if not effects:
            return _nothing
        if len(effects) == 1:
            return effects[0]
        steps = tuple(effects)

        def run_block(ctx: Ctx) -> None:
            for effect in steps:
                effect(ctx)

        return run_block

    def _scoped(self, body: ast.Block, context: str = "") -> Effect:
        self._open_scope()
        if context:
            self._contexts.append(context)
        try:
            effect = self._block(body)
        finally:
            if context:
                self._contexts.pop()
            own = self._close_scope()
        return _restoring(effect, own) if self.new_meaning("names-scoped-to-blocks") else effect

    def _stmt(self, stmt: ast.Stmt) -> Effect | None:
        if isinstance(stmt, ast.AmountStmt):
            return lasting.amount_stmt(self, stmt)
        if isinstance(stmt, ast.GiveStmt):
            return lasting.give_effect(self, stmt)
        if isinstance(stmt, ast.CounterStmt):
            return lasting.counter_stmt(self, stmt)
        if isinstance(stmt, ast.CostStep):
            lasting.misplaced_cost(self, stmt)
            return None
        if isinstance(stmt, ast.PowerStmt):
            if stmt.lose:
                return self._lose_power(stmt)
            return self._power(stmt)
        if isinstance(stmt, ast.PayStmt):
            return self._pay(stmt)
        if isinstance(stmt, ast.CostStmt):
            return self._cost_change(stmt)
        if isinstance(stmt, ast.LetStmt):
            self._say(f"let {stmt.name} be {format_expr(stmt.value)}")
            value = self._expr(stmt.value)
            name = stmt.name
            self._bind_name(name)
            self._numbers.add(name)
            self._player_names.discard(name)
            if self._can_be_negative(stmt.value):
                self._negative_names.add(name)
            else:
                self._negative_names.discard(name)

            def run_let(ctx: Ctx) -> None:
                ctx.vars[name] = value(ctx)

            return run_let
        if isinstance(stmt, ast.Command):
            return self._command(stmt)
        if isinstance(stmt, ast.TokenStmt):
            return self._tokens(stmt)
        if isinstance(stmt, ast.NextTurnStmt):
            return self._next_turn(stmt)
        if isinstance(stmt, ast.IfStmt):
            return self._if(stmt)
        if isinstance(stmt, ast.MayStmt):
            self._say("You may choose to:")
            body = self._nested(stmt.body)
            prompt = " ".join(line.strip() for s in stmt.body for line in format_stmt(s, 0))
            # bots read the script's text; a person is asked about the cards themselves
            words = may_words(stmt.body, self.vocab.zones)

            def run_may(ctx: Ctx) -> None:
                if ctx.game.ask_yes_no(ctx.player, "may", f"{prompt}?", ctx.this, words(ctx)):
                    body(ctx)

            return run_may
        if isinstance(stmt, ast.ChooseStmt):
            return self._choose(stmt)
        if isinstance(stmt, ast.RepeatStmt):
            count = self._expr(stmt.count)
            if isinstance(stmt.count, ast.Num) and stmt.count.value > MAX_LOOP_ROUNDS:
                self.error(
                    "E312",
                    f"a loop runs at most {MAX_LOOP_ROUNDS} rounds, not {shown_number(stmt.count.value)}",
                    stmt.count.span,
                    f"write a number up to {MAX_LOOP_ROUNDS}",
                )
            bound = "" if isinstance(stmt.count, ast.Num) else f" (at most {MAX_LOOP_ROUNDS})"
            self._say(f"Repeat {format_expr(stmt.count)} times{bound}:")
            body = self._nested(stmt.body)

            def run_repeat(ctx: Ctx) -> None:
                for _ in range(min(count(ctx), MAX_LOOP_ROUNDS)):
                    ctx.game.step(ctx.this)
                    body(ctx)

            return run_repeat
        if isinstance(stmt, ast.RepeatUntilStmt):
            return self._repeat_until(stmt)
        if isinstance(stmt, ast.ChoosePlayerStmt):
            return self._choose_player(stmt)
        if isinstance(stmt, ast.ForEachStmt):
            return self._for_each(stmt)
        if isinstance(stmt, ast.AttackStmt):
            return self._attack(stmt)
        return self._turn_trigger(stmt)

    def _power(self, stmt: ast.PowerStmt) -> Effect | None:
        amount = self._expr(stmt.amount)
        primitive = self.vocab.primitives.get("power")
        if primitive is None:
            self._not_in_family("Power", stmt.span, ())
            return None
        if not self._check_context(primitive, "'+N power'", stmt.span):
            return None
        if self._power_for_others("'+N power'", stmt.span):
            return None
        if self._can_be_negative(stmt.amount):
            self.warn(
                "W215",
                "this can add a negative amount of Power",
                stmt.amount.span,
                "Power never goes below 0; to spend Power only when it is there, write 'pay N power { ... }'",
            )
        if stmt.per_each is None:
            gained = "as much Power as you have" if isinstance(stmt.amount, ast.PowerRead) else None
            self._say(f"gain {gained or format_expr(stmt.amount) + ' Power'}")
        impl = primitive.impl
        assert impl is not None
        if stmt.per_each is None:
            if isinstance(stmt.amount, ast.Num):
                constant = stmt.amount.value

                def run_power_constant(ctx: Ctx) -> None:
                    impl(ctx, constant)

                return run_power_constant

            def run_power(ctx: Ctx) -> None:
                impl(ctx, amount(ctx))

            return run_power
        per_count, per_reading = self._per_each(stmt.per_each)
        self._say(f"gain {format_expr(stmt.amount)} Power for each of {per_reading}")

        def run_power_each(ctx: Ctx) -> None:
            impl(ctx, _checked(amount(ctx) * per_count(ctx), ctx))

        return run_power_each

    def _per_each(self, sel: ast.Sel) -> tuple[NumberFn, str]:
        """What '+N power for each ...' multiplies by: the players of a player phrase ('for each
        opponent': how many opponents you have), or the cards a selection counts."""
        players = self._player_phrase(sel)
        if players is not None:
            chooser: Callable[[Ctx], list[int]] = players.fn  # type: ignore[assignment]
            return (lambda ctx: len(chooser(ctx))), players.words
        self._measure_parts(sel, "'for each' after Power", frozenset())
        per = self._selection(sel, default_zone="", role="count")
        return per.count, per.reading

    def _player_phrase(self, sel: ast.Sel) -> Phrase | None:
        """The player phrase a selection is ('each opponent', 'opponent'), if it is one."""
        if sel.quantity is not None or sel.source is not None or sel.where is not None or sel.ref is not None:
            return None
        words = " ".join(sel.kind or ())
        if not words:
            return None
        return self.vocab.players.get(words) or self.vocab.players.get("each " + words)

    def _power_for_others(self, what: str, span: Span) -> bool:
        """Power is the acting player's own: inside 'for each opponent { ... }' (or a chosen
        player's block) 'you' is each of those players, who have no Power on your turn, so Power
        added, taken, paid or read there would do nothing (E310)."""
        if not self._for_players:
            return False
        phrase = self._for_players[-1]
        self.error(
            "E310",
            f"{what} inside 'for each {phrase}' is for each of those players, who have no Power to use",
            span,
            f"to act once for each of them yourself, write it outside the block: '+1 power for each {phrase}'",
        )
        return True

    def _counter(self, words: Sequence[str], span: Span) -> Phrase | None:
        name = " ".join(words)
        if not self.vocab.counters:
            self._not_in_family("counting tokens", span, ())
            return None
        counter = self.vocab.counters.get(name)
        if counter is None:
            self.error("E123", f"unknown counter '{name}'", span, _suggest(name, self.vocab.counters))
        return counter

    def _tokens(self, stmt: ast.TokenStmt) -> Effect | None:
        self._say(_token_text(stmt))
        amount = self._expr(stmt.amount) if stmt.amount is not None else None
        counter = self._counter(stmt.counter, stmt.span)
        if counter is None:
            return None
        read: Callable[[Ctx], int] = counter.fn  # type: ignore[assignment]
        write: Callable[[Ctx, int], None] = counter.data["set"]  # type: ignore[assignment]
        if amount is None:
            return lambda ctx: write(ctx, 0)
        sign = 1 if stmt.op == "add" else -1

        def run_tokens(ctx: Ctx) -> None:
            # A counter never holds fewer than no tokens: taking 3 off 1 leaves none.
            write(ctx, _checked(max(0, read(ctx) + sign * amount(ctx)), ctx))

        return run_tokens

    def _next_turn(self, stmt: ast.NextTurnStmt) -> Effect | None:
        primitive = self.vocab.primitives.get("next turn")
        # It runs later, with the names bound so far as they are when it is set up.
        self._reading.append("  " * self._depth + "During your next turn:")
        body = self._nested(stmt.body, "next turn")
        if not self.new_meaning("names-kept-in-later-blocks"):
            body = _forgetting(body)
        if primitive is None or primitive.impl is None:
            self._not_in_family("'next turn'", stmt.span, ())
            return None
        register = primitive.impl

        def run_next_turn(ctx: Ctx) -> None:
            register(ctx, body)

        return run_next_turn

    def _phrase_command(self, stmt: ast.Command) -> Primitive | None:
        """A command of several words and no argument (``cannot rest``, ``skip effect``): the
        grammar reads the words after the first as a kind of card."""
        sel = stmt.sel
        if sel is None or sel.kind is None or sel.quantity or sel.source or sel.where or sel.binding:
            return None
        primitive = self.vocab.primitives.get(" ".join((stmt.verb, *sel.kind)))
        return primitive if primitive is not None and primitive.takes == "none" else None

    def _command(self, stmt: ast.Command) -> Effect | None:
        return self._command_parts(stmt)[0]

    def _command_parts(self, stmt: ast.Command) -> tuple[Effect | None, Selection | None]:
        """The command's effect, and the selection it was compiled with (a cost's check reads it)."""
        effect = self._compiled_command(stmt)
        return effect, self._command_sel

    def _compiled_command(self, stmt: ast.Command) -> Effect | None:
        self._command_sel: Selection | None = None
        phrase = self._phrase_command(stmt)
        if phrase is not None:
            if stmt.placement is not None or stmt.guard is not None:
                self.error("E121", f"'{phrase.name}' takes no destination or guard", stmt.span)
                return None
            phrase_impl = phrase.impl
            assert phrase_impl is not None
            if not self._check_context(phrase, f"'{phrase.name}'", stmt.span):
                return None
            self._say(phrase.name)

            def run_phrase(ctx: Ctx) -> None:
                phrase_impl(ctx, None, None, None)

            return run_phrase
        primitive = self.vocab.primitives.get(stmt.verb)
        if primitive is not None and primitive.syntax:
            self.error(
                "E110", f"'{stmt.verb}' is not written as a command", stmt.span, f"write it as: {primitive.syntax}"
            )
            return None
        if primitive is None:
            commands = [name for name, p in self.vocab.primitives.items() if not p.syntax]
            self.error("E110", f"unknown command '{stmt.verb}'", stmt.span, self._hint(stmt.verb, commands, "command"))
            return None
        honoured = self._check_parts(primitive, stmt)
        honoured = self._check_context(primitive, f"'{stmt.verb}'", stmt.span) and honoured
        honoured = self._check_kinds(primitive, stmt) and honoured
        honoured = self._check_refusal(primitive, stmt) and honoured
        selection = self._command_sel = self._command_selection(primitive, stmt)
        placement = self._placement(primitive, stmt)
        guard = stmt.guard
        if guard is not None and guard not in primitive.guards:
            allowed = ", ".join(f"without {g}" for g in primitive.guards) or "none"
            self.error("E122", f"'{stmt.verb}' does not take 'without {guard}'", stmt.span, f"it takes: {allowed}")
        if selection is not None and selection.binding:
            self._bind_name(selection.binding)
            if stmt.verb in upgrades.UNNAMING_VERBS and not self.new_meaning("as-names-cards-acted-on"):
                # the name is known to what follows, and names no card
                selection = attrs.evolve(selection, binding=None)
        if not honoured:
            return None
        self._say_command(primitive, stmt, selection, placement)
        impl = primitive.impl
        assert impl is not None

        def run_command(ctx: Ctx) -> None:
            impl(ctx, selection, placement, guard)

        return run_command

    def _check_refusal(self, primitive: Primitive, stmt: ast.Command) -> bool:
        """A command its family refuses where it is written (``refuse``): an error stops it, a
        warning lets it through."""
        if primitive.refuse is None:
            return True
        sel = stmt.sel
        kinds = tuple(sel.kind or ()) if sel is not None else ()
        named = sel is not None and sel.ref is not None
        found = primitive.refuse(self._card_types, self._ability, tuple(self._contexts), kinds, named)
        if found is None:
            return True
        code, message = found
        if code.startswith("W"):
            self.warn(code, message, stmt.span)
            return True
        self.error(code, message, stmt.span)
        return False

    def _check_kinds(self, primitive: Primitive, stmt: ast.Command) -> bool:
        """A command that acts on some card types only (``kinds``) must be written with a kind
        naming only those: any other card it picked would be left as it is (E189)."""
        sel = stmt.sel
        if primitive.kinds and sel is not None and sel.ref is not None and sel.ref.kind == "this":
            return self._this_of_kind(primitive.kinds, f"'{stmt.verb}'", sel.span)
        if not primitive.kinds or sel is None or sel.ref is not None:
            return True
        named: list[str] = []
        for word in sel.kind or ():
            group = self.vocab.type_groups.get(word)
            card_type = self.vocab.card_type(word)
            if group is not None:
                named.extend(group)
            elif card_type is not None:
                named.append(card_type.name)
        if named and set(named) <= set(primitive.kinds):
            return True
        wanted = " or ".join(primitive.kinds)
        self.error(
            "E189",
            f"'{stmt.verb}' acts only on {wanted} cards, and these cards may be others",
            sel.span,
            f"name the kind: '{stmt.verb} a {primitive.kinds[0]} ...'",
        )
        return False

    def _this_of_kind(self, kinds: tuple[str, ...], what: str, span: Span, code: str = "E134") -> bool:
        """A word that acts on, or holds for, cards of some types only, written on a card of
        none of them: it would never do anything there (E134 for a command on 'this', E135
        for a condition, E136 for a 'while' condition)."""
        types = sorted(t for t in self._card_types if self.vocab.card_type(t) is not None)
        if not types or set(types) & set(kinds):
            return True
        self.error(
            code,
            f"{what} is about {' or '.join(kinds)} cards, and this card is a {' and '.join(types)}",
            span,
            f"use it on a card of type {' or '.join(kinds)}",
        )
        return False

    def _command_selection(self, primitive: Primitive, stmt: ast.Command) -> Selection | None:
        sel = stmt.sel
        if primitive.takes == "none":
            if sel is not None:
                self.error("E120", f"'{stmt.verb}' takes no cards or number", sel.span)
            return None
        if sel is None:
            if primitive.takes == "cards":
                self.error(
                    "E120", f"'{stmt.verb}' needs cards to act on", stmt.span, f"for example: {primitive.example}"
                )
            return None
        if primitive.takes == "count" and (sel.kind or sel.source or sel.ref or sel.where):
            self.error(
                "E120",
                f"'{stmt.verb}' takes a number, not a selection of cards",
                sel.span,
                f"for example: {primitive.example}",
            )
            return None
        if primitive.takes == "count" and not primitive.default_zone and sel.quantity is not None:
            # a bare number ("advance 2"): no cards, so no zone to take them from
            amount = self._expr(sel.quantity.amount) if sel.quantity.amount is not None else _const(1)
            text = format_expr(sel.quantity.amount) if sel.quantity.amount is not None else "1"
            return Selection(sel.quantity.kind, amount, (), None, None, label=format_sel(sel), reading=text)
        return self._selection(sel, primitive.default_zone, role=stmt.verb)

    def _say_command(
        self, primitive: Primitive, stmt: ast.Command, selection: Selection | None, placement: Placement | None
    ) -> None:
        """The command's reading and its move of cards, from what was compiled."""
        if selection is None:
            what = "this card" if primitive.takes == "cards" else "1 card"
            sources: tuple[str, ...] = (primitive.default_zone,) if primitive.default_zone else ("this",)
            count: int | None = 1
        else:
            what = selection.reading
            sources = tuple(z.name for z in selection.zones) or ((selection.ref_name or selection.ref_kind),)
            count = _fixed_count(stmt.sel)
        if placement is not None:
            destination = _placement_text(placement)
            where = placement.position if placement.zone is None else placement.zone.name
            if placement.position == "under":
                where = "under"
        else:
            where = primitive.moves_to
            if sources == ("wall deck",) and primitive.name == "draw":
                where = "wall discard pile"
            destination = DESTINATIONS.get(where, "")
        text = f"{primitive.name} {what}"
        if destination:
            text += f" {destination}"
        if stmt.guard:
            text += f" (without {stmt.guard})"
        self._say(text)
        if primitive.takes != "none" and primitive.moves_to:
            self._moves.append(Move(self._ability, primitive.name, sources, where, count, self._unsure == 0))

    def _placement(self, primitive: Primitive, stmt: ast.Command) -> Placement | None:
        place = stmt.placement
        if place is None:
            if primitive.placement == "required":
                self.error("E121", f"'{stmt.verb}' needs a destination", stmt.span, f"for example: {primitive.example}")
            return None
        if primitive.placement == "none":
            self.error("E121", f"'{stmt.verb}' takes no destination", place.span)
            return None
        if isinstance(place, ast.PlaceUnder):
            self._check_ref(place.ref)
            if "under" not in primitive.positions:
                self.error("E121", f"'{stmt.verb}' cannot put cards under a card", place.span)
                return None
            return Placement("under", None, under_ref=place.ref.kind, under_name=place.ref.name)
        pile, owner, holder = _owners_pile(place.pile)
        if owner and "owner" not in primitive.honours_placement:
            self.error("E147", f"'{stmt.verb}' cannot put cards into their owner's zone", place.span)
            return None
        if holder and "holder" not in primitive.honours_placement:
            self.error("E147", f"'{stmt.verb}' cannot put cards into their holder's zone", place.span)
            return None
        # before language 4, 'its owner's' was the player whose zone held the card, where a
        # command read it that way (one that honours the holder's pile)
        holder = holder or (
            owner and "holder" in primitive.honours_placement and not self.new_meaning("owner-is-whose-card")
        )
        if isinstance(place, ast.PlaceInto):
            if "into" not in primitive.positions:
                # 'into hand', 'into discard pile': a pile whose order no rule reads takes the
                # cards on top; a deck or stack is shuffled into only by a primitive that says so
                into = self._zone(pile, place.span)
                if into is None:
                    return None
                if "top" not in primitive.positions or into.top_only:
                    self.error("E121", f"'{stmt.verb}' cannot shuffle cards into a pile", place.span)
                    return None
                return self._owner_checked(
                    Placement("top", into, owner=owner, holder=holder, written="into"), place.span
                )
            into = self._zone(pile, place.span)
            if into is None or not self._destination_allowed(primitive, stmt, into, place.span):
                return None
            if primitive.into_zones and into.name not in primitive.into_zones:
                self.error(
                    "E121",
                    f"'{stmt.verb}' cannot put cards into {into.name}",
                    place.span,
                    "it puts cards into: " + ", ".join(primitive.into_zones),
                )
                return None
            if primitive.into_zones:
                # a zone the command names as a destination, not a pile it shuffles into
                return self._owner_checked(
                    Placement("into", into, owner=owner, holder=holder, written="into"), place.span
                )
            return self._owner_checked(Placement("into", into, owner=owner, holder=holder), place.span)
        if place.position not in ("top", "bottom"):
            self.error("E121", f"unknown position '{place.position}'", place.span, "use top or bottom")
            return None
        if place.position not in primitive.positions:
            self.error("E121", f"'{stmt.verb}' cannot put cards on the {place.position} of a pile", place.span)
            return None
        zone = self._zone(pile, place.span)
        if zone is None or not self._destination_allowed(primitive, stmt, zone, place.span):
            return None
        return self._owner_checked(Placement(place.position, zone, owner=owner, holder=holder), place.span)

    def _destination_allowed(self, primitive: Primitive, stmt: ast.Command, zone: ZoneSpec, span: Span) -> bool:
        """A command that puts cards only into some zones refuses any other (E197)."""
        if not primitive.to_zones or zone.name in primitive.to_zones:
            return True
        self.error(
            "E197",
            f"'{stmt.verb}' cannot put cards into '{zone.name}'",
            span,
            f"'{stmt.verb}' puts cards only into: {', '.join(primitive.to_zones)}",
        )
        return False

    def _owner_checked(self, placement: Placement, span: Span) -> Placement | None:
        """``its owner's ZONE`` needs a zone each player has one of (E147)."""
        zone = placement.zone
        if placement.owner and zone is not None and zone.scope != "player":
            self.error(
                "E147",
                f"'{zone.name}' is not a zone each player has, so a card has no owner's '{zone.name}'",
                span,
                "its owner's deck, discard pile or hand",
            )
            return None
        return placement

    # ------------------------------------------------------------------ control flow
    def _if(self, stmt: ast.IfStmt) -> Effect:
        compiled: list[tuple[CondFn, Effect]] = []
        for index, branch in enumerate(stmt.branches):
            word = "If" if index == 0 else "Otherwise, if"
            self._reading.append("  " * self._depth + f"{word} {format_cond(branch.cond, explicit=True)}:")
            test = self._cond(branch.cond)
            self._power_floor.append(max(self._power_floor[-1], _power_floor(branch.cond)))
            self._guarded += 1
            try:
                compiled.append((test, self._nested(branch.body)))
            finally:
                self._power_floor.pop()
                self._guarded -= 1
        branches = tuple(compiled)
        otherwise: Effect | None = None
        if stmt.otherwise is not None:
            self._reading.append("  " * self._depth + "Otherwise:")
            otherwise = self._nested(stmt.otherwise)
        if len(branches) == 1:
            test, body = branches[0]

            def run_if(ctx: Ctx) -> None:
                if test(ctx):
                    body(ctx)
                elif otherwise is not None:
                    otherwise(ctx)

            return run_if

        def run_if_chain(ctx: Ctx) -> None:
            for test, body in branches:
                if test(ctx):
                    body(ctx)
                    return
            if otherwise is not None:
                otherwise(ctx)

        return run_if_chain

    def _choose(self, stmt: ast.ChooseStmt) -> Effect:
        self._say("Choose one:")
        compiled: list[Option] = []
        self._depth += 1
        for option in stmt.options:
            self._reading.append("  " * self._depth + f'"{option.label}":')
            compiled.append(Option(option.label, self._nested(option.body)))
        self._depth -= 1
        options = tuple(compiled)

        def run_choose(ctx: Ctx) -> None:
            chosen = ctx.game.ask(ctx.player, "choose", "choose one", options, ctx.this)
            effect = chosen.value
            assert callable(effect)
            effect(ctx)

        return run_choose

    def _repeat_until(self, stmt: ast.RepeatUntilStmt) -> Effect:
        """``repeat until CONDITION { ... }``: the condition is checked before each round, and the
        loop runs at most :data:`MAX_LOOP_ROUNDS` rounds, so one whose condition never comes
        true ends there and the effect goes on."""
        test = self._cond(stmt.cond)
        if _fixed_cond(stmt.cond):
            self.warn(
                "W219",
                "this 'repeat until' condition reads nothing in the game, so it holds from the start "
                f"(the block never runs) or never (the block runs {MAX_LOOP_ROUNDS} times)",
                stmt.cond.span,
                "test a measure, a name or a state the block can change: 'until number of cards in hand >= 5'",
            )
        self._say(f"Until {format_cond(stmt.cond, explicit=True)}, repeat (at most {MAX_LOOP_ROUNDS} times):")
        body = self._nested(stmt.body)

        def run_repeat_until(ctx: Ctx) -> None:
            for _ in range(MAX_LOOP_ROUNDS):
                if test(ctx):
                    return
                ctx.game.step(ctx.this)
                body(ctx)

        return run_repeat_until

    def _choose_player(self, stmt: ast.ChoosePlayerStmt) -> Effect | None:
        """``choose a player as P`` / ``choose an opponent as P``: the acting player picks one,
        and ``P`` names that player for ``for each P { ... }`` after it."""
        sel = stmt.sel
        words = " ".join(sel.kind or ())
        if not self.vocab.chosen_players:
            self._not_in_family("choosing a player", stmt.span, ())
            return None
        phrase = self.vocab.chosen_players.get(words)
        offered = [_with_article(w) for w in self.vocab.chosen_players]
        if phrase is None or sel.source is not None or sel.where is not None or sel.ref is not None:
            self.error(
                "E145",
                f"'choose {format_sel(sel)}' is not a choice of a player",
                sel.span,
                "write one of: " + ", ".join(f"choose {o} as P" for o in offered),
            )
            return None
        if sel.quantity is not None and sel.quantity.kind != "one":
            self.error("E145", "a player is chosen one at a time: write 'a' or 'an'", sel.quantity.span)
            return None
        if sel.binding is None:
            self.error(
                "E145",
                f"the chosen player has no name, so nothing can act on them: 'choose {format_sel(sel)} as P'",
                sel.span,
            )
            return None
        name = sel.binding
        self._bind_name(name)
        self._player_names.add(name)
        self._chosen_unused[name] = stmt.span
        self._numbers.discard(name)
        self._say(f"choose {phrase.doc} (named {name})")
        choices: Callable[[Ctx], list[int]] = phrase.fn  # type: ignore[assignment]
        card_name = self._card_name

        def run_choose_player(ctx: Ctx) -> None:
            game = ctx.game
            seats = choices(ctx)
            if not seats:
                ctx.vars[name] = -1
                return
            options = [Option("you" if p == ctx.player else f"player {p + 1}", p) for p in seats]
            answer = game.ask(ctx.player, "choose a player", f"{card_name}: choose {words}", options, ctx.this)
            ctx.vars[name] = int(answer.value)  # type: ignore[call-overload]

        return run_choose_player

    def _for_chosen_player(self, stmt: ast.ForEachStmt, name: str) -> Effect:
        self._reading.append("  " * self._depth + f"For {name}:")
        self._for_players.append(name)
        try:
            body = self._nested(stmt.body)
        finally:
            self._for_players.pop()

        def run_for_chosen(ctx: Ctx) -> None:
            seat = ctx.vars.get(name, -1)
            if isinstance(seat, int) and seat >= 0:
                ctx.game.step(ctx.this)
                body(ctx.for_player(seat))

        return run_for_chosen

    def _for_each(self, stmt: ast.ForEachStmt) -> Effect:
        sel = stmt.sel
        if sel.ref is not None and sel.ref.kind == "var" and sel.ref.name in self._player_names:
            self._chosen_unused.pop(sel.ref.name, None)
            if sel.binding is not None:
                self.error("E146", f"'{sel.ref.name}' is a player: it takes no 'as'", sel.span)
            return self._for_chosen_player(stmt, sel.ref.name)
        words = " ".join(sel.kind or ())
        players = self.vocab.players.get(words) if sel.quantity is None and sel.source is None else None
        if players is None and words:
            players = self.vocab.players.get("each " + words)
        if players is not None and sel.where is None and sel.ref is None:
            chooser: Callable[[Ctx], list[int]] = players.fn  # type: ignore[assignment]
            assert chooser is not None
            self._reading.append("  " * self._depth + f"For {players.words}:")
            if players.words != "you":
                self._for_players.append(" ".join(sel.kind or ()))
            try:
                body = self._nested(stmt.body)
            finally:
                if players.words != "you":
                    self._for_players.pop()

            def run_for_players(ctx: Ctx) -> None:
                for player in chooser(ctx):
                    ctx.game.step(ctx.this)
                    body(ctx.for_player(player))

            return run_for_players
        if self._misspelt_players(sel, words):
            return _nothing
        self._measure_parts(sel, "'for each'", frozenset({"as"}))
        selection = self._selection(sel, "", role="for each")
        binding = sel.binding
        self._reading.append("  " * self._depth + f"For each {selection.reading}:")
        self._open_scope()
        self._depth += 1
        self._unsure += 1
        if binding:
            self._bind_name(binding)
        try:
            body = self._block(stmt.body)
        finally:
            self._depth -= 1
            self._unsure -= 1
            own = self._close_scope()
        if binding is None:
            self.warn("W203", "'for each' over cards names no card ('as X'), so the body cannot refer to it", stmt.span)

        def run_for_cards(ctx: Ctx) -> None:
            for card in selection.all_cards(ctx):
                ctx.game.step(ctx.this)
                if binding:
                    ctx.vars[binding] = [card]
                body(ctx)

        if not self.new_meaning("names-scoped-to-blocks"):
            return run_for_cards
        return _restoring(run_for_cards, own)

    def _misspelt_players(self, sel: ast.Sel, words: str) -> bool:
        """``for each other playr``: words that name no card type but nearly a player phrase are
        reported as a player phrase, with the phrase they resemble (a card type would be an
        unrelated suggestion)."""
        kind = sel.kind or ()
        if not kind or sel.quantity is not None or sel.source is not None or sel.where is not None:
            return False
        if self.vocab.card_type(kind[0]) is not None or kind[0] in ("card", "cards") or self._named_thing(list(kind)):
            return False
        phrases = [phrase.removeprefix("each ") for phrase in self.vocab.players]
        hint = _suggest(words, phrases)
        if hint is None:
            return False
        self.error("E113", f"unknown player phrase '{words}'", sel.span, hint)
        return True

    def _players(self, words: Sequence[str], span: Span) -> Callable[[Ctx], list[int]] | None:
        phrase = " ".join(words)
        entry = self.vocab.players.get(phrase)
        if entry is None:
            self.error(
                "E113", f"unknown player phrase '{phrase}'", span, self._hint(phrase, self.vocab.players, "player")
            )
            return None
        fn = entry.fn
        assert fn is not None
        return fn  # type: ignore[return-value]

    def _attack(self, stmt: ast.AttackStmt) -> Effect | None:
        targets = self._players(stmt.players, stmt.span)
        if stmt.guard is not None and stmt.guard != "defense":
            self.error("E122", f"unknown guard 'without {stmt.guard}'", stmt.span, "only 'without defense' is known")
        defense = " (no Defense may avoid it)" if stmt.guard else " (each may avoid it with a Defense)"
        self._say(f"Attack {' '.join(stmt.players)}{defense}; each player hit must:")
        body = self._nested(stmt.body, "attack")
        if targets is None:
            return None
        defendable = stmt.guard is None
        if "attack" not in self.vocab.primitives:
            self._not_in_family("an Attack on other players", stmt.span, ())
            return None
        attack = self.vocab.primitives["attack"].impl
        assert attack is not None

        def run_attack(ctx: Ctx) -> None:
            attack(ctx, targets, body, defendable)

        return run_attack

    def _turn_trigger(self, stmt: ast.TriggerStmt) -> Effect | None:
        # It runs later, with the names bound so far as they are when it is registered.
        self._open_scope()
        words = " ".join((stmt.keyword, *stmt.phrase))
        self._contexts.append("end of turn" if words == "at end of turn" else "trigger")
        try:
            trigger = self._trigger(stmt.keyword, stmt.phrase, stmt.body, stmt.span, scope="turn")
        finally:
            self._contexts.pop()
            self._close_scope()
        if trigger is None:
            return None
        if "register trigger" not in self.vocab.primitives:
            self._not_in_family(f"'{stmt.keyword} ...' inside an effect", stmt.span, ())
            return None
        register = self.vocab.primitives["register trigger"].impl
        assert register is not None

        def run_register(ctx: Ctx) -> None:
            register(ctx, trigger)

        return run_register

    def _card_trigger(self, ability: ast.Ability) -> TriggerDef | None:
        return self._trigger(ability.kind, ability.phrase, ability.body, ability.span, scope="front")

    def _trigger(
        self, keyword: str, phrase: Sequence[str], body: ast.Block, span: Span, scope: str
    ) -> TriggerDef | None:
        words = [w for w in phrase]
        rewrite = first_time_rewrite(keyword, words)
        if rewrite is not None:
            message = "'first time this turn' is written 'for the first time this turn', at the end of the trigger"
            self.error("E321", message, span, f"write '{rewrite}'")
            return None
        first_time = words[-len(FIRST_TIME) :] == list(FIRST_TIME) and len(words) > len(FIRST_TIME)
        if first_time:
            words = words[: -len(FIRST_TIME)]
        entry: Phrase | None = None
        rest: list[str] = []
        for size in range(len(words), 0, -1):
            candidate = self.vocab.triggers.get(f"{keyword} " + " ".join(words[:size]))
            if candidate is not None:
                entry, rest = candidate, words[size:]
                break
        if entry is None:
            text = f"{keyword} " + " ".join(words)
            self.error("E114", f"unknown trigger '{text}'", span, _suggest(text, self.vocab.triggers))
            return None
        event = str(entry.data["event"])
        if scope == "turn" and entry.data.get("waits") is False:
            # a family that says which of its triggers an effect can wait for refuses the rest
            waits = [t.words for t in self.vocab.triggers.values() if t.data.get("waits")]
            self.error(
                "E114",
                f"an effect cannot wait for '{entry.words}' in {self.vocab.title or self.vocab.family}",
                span,
                "it can wait for: " + ", ".join(waits),
            )
            return None
        self._listens.add(event)
        trigger_scope = str(entry.data.get("scope", scope))
        if scope == "turn" and trigger_scope == "front":
            trigger_scope = "turn"
        filters = bool(entry.data.get("filter", False))
        matches: Callable[[Ctx, int], bool] = _always
        if rest:
            if not filters:
                self.error("E114", f"trigger '{keyword} {' '.join(words)}' takes no card filter", span)
                return None
            matches = self._trigger_filter(rest, span)
        once = bool(entry.data.get("once", False)) and scope == "turn"
        label = f"{keyword} {' '.join(words)}"
        if first_time:
            first = self._first_time(keyword, entry, trigger_scope, once, matches, span)
            if first is None:
                return None
            matches = first
            label += " " + " ".join(FIRST_TIME)
        if trigger_scope == "self":
            heading = f"{entry.doc}, wherever it is:"
        elif trigger_scope == "turn" and entry.data.get("waits"):
            heading = f"Once, {label}:"  # an effect waiting for the end of a phase or round
        elif trigger_scope == "turn":
            heading = f"{'Once' if once else 'Every time'} this turn, {label}:"
        elif "hero" in self._contexts:
            heading = f"While this is your hero, {label}:"
        else:
            heading = f"While in front of you, {label}:"
        self._reading.append("  " * self._depth + heading[:1].upper() + heading[1:])
        self._depth += 1
        self._unsure += 1
        try:
            effect = self._block(body)
        finally:
            self._depth -= 1
            self._unsure -= 1
        if trigger_scope == "turn" and not self.new_meaning("names-kept-in-later-blocks"):
            effect = _forgetting(effect)
        return TriggerDef(
            event=event,
            scope=trigger_scope,
            effect=effect,
            matches=matches,
            once=once,
            label=label,
            tidies=self.new_meaning("trigger-reveals-return"),
        )

    def _first_time(
        self,
        keyword: str,
        entry: Phrase,
        scope: str,
        once: bool,
        matches: Callable[[Ctx, int], bool],
        span: Span,
    ) -> Callable[[Ctx, int], bool] | None:
        """``when you play an ally for the first time this turn``: the event must be the first
        of its kind this turn (for its player) that the phrase's card filter lets through."""
        if not self.vocab.turn_counts:
            self._not_in_family("'for the first time this turn'", span, ())
            return None
        if keyword != "when" or scope == "self" or once:
            self.error(
                "E126",
                f"'{keyword} {entry.words}' cannot be written 'for the first time this turn'",
                span,
                "it goes after a 'when you ...' phrase about your events, such as 'when you play an ally'",
            )
            return None
        event = str(entry.data["event"])
        self._counts.add(event)
        key = f"{event} this turn"

        def first_time(ctx: Ctx, card: int) -> bool:
            if not matches(ctx, card):
                return False
            seen = ctx.game.state.marks.get((key, ctx.player), ())
            return sum(1 for c in seen if matches(ctx, c)) == 1

        return first_time

    def _trigger_filter(self, words: list[str], span: Span) -> Callable[[Ctx, int], bool]:
        while words and words[0] in ARTICLES:
            words = words[1:]
        controlled = False
        if words[-2:] == ["you", "control"]:
            controlled = True
            words = words[:-2]
        test = self._type_test(words, span) if words else None

        def matches(ctx: Ctx, card: int) -> bool:
            if card < 0:
                return False
            if controlled and not ctx.vars.get("__origin"):
                return False
            return test is None or test(ctx, card)

        return matches

    # ------------------------------------------------------------------ selections
    def _check_ref(self, ref: ast.Ref) -> None:
        if ref.kind != "var":
            return
        if not any(ref.name in scope for scope in self._bound[-1:]):
            self.error(
                "E130",
                f"'{ref.name}' is used before anything is named '{ref.name}'",
                ref.span,
                "name cards with 'as X' first",
            )
        elif ref.name in self._player_names:
            self.error(
                "E146",
                f"'{ref.name}' is a player (from 'choose'), not cards",
                ref.span,
                f"act on that player with 'for each {ref.name} {{ ... }}'",
            )
        elif ref.name in self._numbers:
            self.error("E120", f"'{ref.name}' is a number (from 'let'), not cards", ref.span)

    def _type_test(self, words: Sequence[str], span: Span) -> CardTest | None:
        """A test for kind words such as ``enemy``, ``cards``, ``ally``."""
        types: list[str] = []
        for word in words:
            if word in ("card", "cards", "or"):
                continue
            group = self.vocab.type_groups.get(word)
            if group is not None:
                types.extend(group)
                continue
            card_type = self.vocab.card_type(word)
            if card_type is None:
                self.error(
                    "E112",
                    f"unknown card type '{word}'",
                    span,
                    self._hint(word, [*self.vocab.type_words(), "card", "cards"], "card type"),
                )
                return None
            types.append(card_type.name)
        if not types:
            return None
        wanted = frozenset(types)

        def has_type(ctx: Ctx, card: int) -> bool:
            return not wanted.isdisjoint(ctx.game.cards[card].types)

        return has_type

    def _zone(self, words: Sequence[str], span: Span) -> ZoneSpec | None:
        phrase = " ".join(words)
        spec = self.vocab.zone(phrase)
        if spec is None:
            self.error("E111", f"unknown zone '{phrase}'", span, self._hint(phrase, self.vocab.zone_names(), "zone"))
        return spec

    def _zones(self, words: Sequence[str], span: Span) -> tuple[ZoneSpec, ...]:
        """``hand or discard pile`` names two zones."""
        out: list[ZoneSpec] = []
        current: list[str] = []
        for word in [*words, "or"]:
            if word == "or":
                if current:
                    spec = self._zone(current, span)
                    if spec is not None:
                        out.append(spec)
                current = []
            else:
                current.append(word)
        return tuple(out)

    def _selection(self, sel: ast.Sel, default_zone: str, role: str) -> Selection:
        label = format_sel(sel)
        if sel.ref is not None:
            self._check_ref(sel.ref)
            reading = _REF_TEXT.get(sel.ref.kind, sel.ref.name) + (f" (named {sel.binding})" if sel.binding else "")
            return Selection("ref", None, (), None, sel.binding, sel.ref.kind, sel.ref.name, label, reading)
        zones: list[ZoneSpec] = []
        test: CardTest | None = None
        kind_words = list(sel.kind or ())
        if kind_words:
            thing = self._named_thing(kind_words)
            if thing is not None:
                zone_name = str(thing.data["zone"])
                spec = self.vocab.zone(zone_name)
                assert spec is not None, zone_name
                zones.append(spec)
                kind_words = []
            else:
                type_words: list[str] = []
                while kind_words and (
                    self.vocab.card_type(kind_words[0]) is not None
                    or kind_words[0] in ("card", "cards")
                    or kind_words[0] in self.vocab.type_groups
                ):
                    type_words.append(kind_words.pop(0))
                if not type_words:
                    # Not a type, not a known thing: say which it most resembles.
                    word = kind_words[0]
                    rest = " ".join(kind_words)
                    if self.vocab.zone(rest) is None:
                        vocabulary = [*self.vocab.type_words(), "card", "cards", *list(self.vocab.named_things)]
                        self.error(
                            "E112",
                            f"unknown card type '{word}'",
                            sel.span,
                            self._hint(word, vocabulary, "card type", _singular(sel)),
                        )
                        return Selection("exact", None, (), None, None, label=label)
                test = self._type_test(type_words, sel.span)
                if kind_words:
                    spec = self._zone(kind_words, sel.span)
                    if spec is not None:
                        zones.append(spec)
        named_zone = bool(kind_words)
        if sel.source is not None:
            named_zone = True
            zones.extend(self._zones(sel.source.words, sel.source.span))
        if not zones and default_zone and not named_zone:
            spec = self.vocab.zone(default_zone)
            assert spec is not None
            zones.append(spec)
        # A zone that was written but not understood has had its own E111 already.
        if not zones and not named_zone:
            self.error(
                "E120",
                "this selection says no zone to take cards from",
                sel.span,
                "add one, for example 'from hand' or 'in path'",
            )
        if sel.where is not None:
            where = self._pred(sel.where)
            if test is None:
                test = where
            else:
                first = test

                def both(ctx: Ctx, card: int) -> bool:
                    return first(ctx, card) and where(ctx, card)

                test = both
        quantity = "default"
        amount: NumberFn | None = None
        if sel.quantity is not None:
            quantity = sel.quantity.kind
            if sel.quantity.kind == "one":
                amount = _const(1)
            elif sel.quantity.amount is not None:
                amount = self._expr(sel.quantity.amount)
        reading = _selection_text(sel, self.vocab, zones, role)
        if role == "count":
            # a count of a history ('gained this turn') counts the events, not what is left of them
            zones = [attrs.evolve(z, lists=z.history) if z.history is not None else z for z in zones]
        # before language 2, 'all' from a deck or a stack took its top card
        depth = 1 << 30 if self.new_meaning("all-takes-whole-pile") else 1
        binding = sel.binding
        return Selection(quantity, amount, tuple(zones), test, binding, label=label, reading=reading, all_depth=depth)

    def _named_thing(self, words: list[str]) -> Phrase | None:
        phrase = " ".join(words)
        thing = self.vocab.named_things.get(phrase)
        if thing is None and words and words[0] == "the":
            thing = self.vocab.named_things.get(" ".join(words[1:]))
        return thing

    # ------------------------------------------------------------------ predicates
    def _pred(self, pred: ast.Pred) -> CardTest:
        if isinstance(pred, ast.PredAnd):
            parts = tuple(self._pred(p) for p in pred.operands)
            return lambda ctx, card: all(p(ctx, card) for p in parts)
        if isinstance(pred, ast.PredOr):
            parts = tuple(self._pred(p) for p in pred.operands)
            return lambda ctx, card: any(p(ctx, card) for p in parts)
        if isinstance(pred, ast.PredNot):
            inner = self._pred(pred.operand)
            return lambda ctx, card: not inner(ctx, card)
        attribute = self.vocab.attributes.get(pred.attribute)
        if attribute is None:
            self.error(
                "E117",
                f"unknown card attribute '{pred.attribute}'",
                pred.span,
                _suggest(pred.attribute, self.vocab.attributes),
            )
            return _never
        getter = attribute.fn
        assert getter is not None
        kind = str(attribute.data["kind"])
        # A family's live attribute reads the card in play as it is now (``fn(ctx, card)``); the
        # others read the card's compiled definition.
        read: Callable[[Ctx, int], Any]
        if attribute.data.get("live"):
            read = getter
        else:

            def read(ctx: Ctx, card: int) -> Any:
                return getter(ctx.game.cards[card])

        if kind == "card":
            return self._same_card(pred, getter)
        if kind == "words":
            if not isinstance(pred, ast.PredIs) or not isinstance(pred.value, ast.Word):
                self.error("E120", f"'{pred.attribute}' is tested with 'is' and a word", pred.span)
                return _never
            word = pred.value.text
            choices = attribute.data.get("choices")
            if isinstance(choices, tuple) and word not in choices:
                self.error("E120", f"'{pred.attribute} is {word}' is never true", pred.span, _suggest(word, choices))
                return _never
            negated_word = pred.negated
            return lambda ctx, card: bool(getter(ctx, card, word)) != negated_word
        if isinstance(pred, ast.PredContains):
            if kind != "text":
                self.error("E120", f"'{pred.attribute}' is a {kind}, 'contains' needs text", pred.span)
                return _never
            needle = pred.text.lower()
            return lambda ctx, card: needle in str(read(ctx, card)).lower()
        value = pred.value
        if kind == "number":
            if isinstance(value, (ast.Str, ast.Word)):
                self.error("E120", f"'{pred.attribute}' is a number, not '{_value_text(value)}'", pred.span)
                return _never
            if not isinstance(value, ast.Num):
                self._card_name_as_number(pred, value)
                # worked out each time a card is tested, from the names and state of the moment
                worked_out = self._expr(value)
                if isinstance(pred, ast.PredIs):
                    negated = pred.negated
                    return lambda ctx, card: (_int(read(ctx, card)) == worked_out(ctx)) != negated
                compare_with = _COMPARE[pred.op]
                return lambda ctx, card: compare_with(_int(read(ctx, card)), worked_out(ctx))
            number = value.value
            if isinstance(pred, ast.PredIs):
                negated = pred.negated
                return lambda ctx, card: (read(ctx, card) == number) != negated
            compare = _COMPARE[pred.op]
            return lambda ctx, card: compare(_int(read(ctx, card)), number)
        if isinstance(pred, ast.PredCompare) and pred.op not in ("==", "!="):
            self.error("E120", f"'{pred.attribute}' is {kind}, it cannot be compared with '{pred.op}'", pred.span)
            return _never
        negated = (isinstance(pred, ast.PredIs) and pred.negated) or (
            isinstance(pred, ast.PredCompare) and pred.op == "!="
        )
        if kind == "types":
            if not isinstance(value, ast.Word) or self.vocab.card_type(value.text) is None:
                text = _value_text(value)
                self.error(
                    "E112",
                    f"unknown card type '{text}'",
                    pred.span,
                    self._hint(text, self.vocab.type_words(), "card type"),
                )
                return _never
            card_type = self.vocab.card_type(value.text)
            assert card_type is not None
            wanted = card_type.name
            return lambda ctx, card: (wanted in ctx.game.cards[card].types) != negated
        if not isinstance(value, (ast.Str, ast.Word)):
            self.error("E120", f"'{pred.attribute}' is text, not a number", pred.span)
            return _never
        if pred.attribute == "name" and isinstance(value, ast.Str):
            self._check_card_name(value.text, value.span)
        text = value.text
        return lambda ctx, card: (read(ctx, card) == text) != negated

    def _card_name_as_number(self, pred: ast.PredCompare | ast.PredIs, value: ast.Expr) -> None:
        """``cost <= X + 2`` where ``X`` names cards (``as X``): as a number, a name of cards is how
        many cards it names, which an author comparing a card's cost seldom means. From language 4
        it is refused (E311) with the spellings that say either; before, it was the count."""
        if not self.new_meaning("card-name-in-test-refused"):
            return
        for name in _bare_names(value):
            if name.name in self._numbers or name.name in self._player_names:
                continue
            if not any(name.name in scope for scope in self._bound[-1:]):
                continue  # E130 says so
            attribute = pred.attribute
            self.error(
                "E311",
                f"'{name.name}' names cards: in a card test it would be how many cards it names, not their {attribute}",
                name.span,
                f"write '{attribute} of {name.name}' for their {attribute}, or 'number of {name.name}' for how many",
            )

    def _same_card(self, pred: ast.PredCompare | ast.PredIs | ast.PredContains, getter: Any) -> CardTest:
        """``card is X`` / ``card is not X``: whether the card is one named ``X`` earlier (E120
        for anything but a name of cards)."""
        value = getattr(pred, "value", None)
        bound = isinstance(value, ast.VarExpr) and any(value.name in scope for scope in self._bound[-1:])
        if not isinstance(pred, ast.PredIs) or not isinstance(value, ast.VarExpr) or not bound:
            self.error(
                "E120",
                f"'{pred.attribute}' is tested with 'is' and a name of cards bound before it",
                pred.span,
                "name the cards first ('as X', in a cost too), then write 'card is X' or 'card is not X'",
            )
            return _never
        name = value.name
        if name in self._player_names or name in self._numbers:
            self.error("E120", f"'{name}' is not a name of cards", pred.span)
            return _never
        negated = pred.negated
        return lambda ctx, card: bool(getter(ctx, card, name)) != negated

    def _check_card_name(self, name: str, span: Span) -> None:
        if self.known_names is None or name in self.known_names:
            return
        self.error("E150", f"no loaded set has a card named '{name}'", span, _suggest(name, self.known_names))

    # ------------------------------------------------------------------ conditions
    def _cond(self, cond: ast.Cond) -> CondFn:
        if isinstance(cond, ast.CondAnd):
            parts = tuple(self._cond(c) for c in cond.operands)
            if len(parts) == 2:  # the usual case, without a generator (conditions run every action)
                first, second = parts
                return lambda ctx: bool(first(ctx) and second(ctx))
            return lambda ctx: all(p(ctx) for p in parts)
        if isinstance(cond, ast.CondOr):
            parts = tuple(self._cond(c) for c in cond.operands)
            if len(parts) == 2:
                first, second = parts
                return lambda ctx: bool(first(ctx) or second(ctx))
            return lambda ctx: any(p(ctx) for p in parts)
        if isinstance(cond, ast.CondNot):
            inner = self._cond(cond.operand)
            return lambda ctx: not inner(ctx)
        if isinstance(cond, ast.CondCompare):
            left, right = self._expr(cond.left), self._expr(cond.right)
            compare = _COMPARE[cond.op]
            return lambda ctx: compare(left(ctx), right(ctx))
        if isinstance(cond, ast.CondIs):
            self._check_ref(cond.ref)
            card_type = self.vocab.card_type(cond.word)
            ref = Selection("ref", None, (), None, None, cond.ref.kind, cond.ref.name)
            negated = cond.negated
            if cond.word == "empty":
                return lambda ctx: (not ref.candidates(ctx)) != negated
            in_state = self._state_word(cond.word) if card_type is None else None
            if in_state is not None:
                # `this is committed`: the family's word for how a card is (its `state is ...`)
                word = cond.word

                def is_in_state(ctx: Ctx) -> bool:
                    cards = ref.candidates(ctx)
                    found = bool(cards) and all(in_state(ctx, c, word) for c in cards)
                    return found != negated

                return is_in_state
            if card_type is None:
                self.error(
                    "E112",
                    f"unknown card type '{cond.word}'",
                    cond.span,
                    self._hint(cond.word, self.vocab.type_words(), "card type"),
                )
                return _never_cond
            wanted = card_type.name

            def is_type(ctx: Ctx) -> bool:
                cards = ref.candidates(ctx)
                found = bool(cards) and all(wanted in ctx.game.cards[c].types for c in cards)
                return found != negated

            return is_type
        if isinstance(cond, ast.CondNamed):
            self._check_ref(cond.ref)
            self._check_card_name(cond.name, cond.span)
            ref = Selection("ref", None, (), None, None, cond.ref.kind, cond.ref.name)
            name = cond.name
            return lambda ctx: any(ctx.game.cards[c].name == name for c in ref.candidates(ctx))
        assert isinstance(cond, ast.CondState)
        phrase = " ".join(cond.words)
        state = self.vocab.states.get(phrase)
        if state is None:
            text = format_cond(cond)
            self.error("E115", f"unknown condition '{text}'", cond.span, _suggest(phrase, self.vocab.states))
            return _never_cond
        about = state.data.get("card_types") if state.data else None
        if about and not self._this_of_kind(tuple(about), f"the condition '{phrase}'", cond.span, "E135"):  # type: ignore[arg-type]
            return _never_cond
        fn = state.fn
        assert fn is not None
        return fn  # type: ignore[return-value]

    def _state_word(self, word: str) -> Callable[[Ctx, int, str], bool] | None:
        """The test of the family's ``state`` attribute if ``word`` is one of its words."""
        state = self.vocab.attributes.get("state")
        if state is None or state.fn is None or word not in state.data.get("choices", ()):  # type: ignore[operator]
            return None
        return state.fn  # type: ignore[return-value]

    # ------------------------------------------------------------------ numbers
    def _expr(self, expr: ast.Expr) -> NumberFn:
        if isinstance(expr, ast.Num):
            if not in_script_range(expr.value):
                low, high = -SCRIPT_NUMBER_MAX, SCRIPT_NUMBER_MAX
                self.error("E142", f"{shown_number(expr.value)} is out of range {low} to {high}", expr.span)
            return _const(expr.value)
        if isinstance(expr, ast.Neg):
            inner = self._expr(expr.operand)
            return lambda ctx: -inner(ctx)
        if isinstance(expr, ast.PlayersHit):
            return lambda ctx: ctx.hit
        if isinstance(expr, ast.TokensOn):
            counter = self._counter(expr.counter, expr.span)
            if counter is None:
                return _const(0)
            read: NumberFn = counter.fn  # type: ignore[assignment]
            return read
        if isinstance(expr, ast.VarExpr):
            return self._var_expr(expr)
        if isinstance(expr, ast.PowerRead):
            return self._power_read(expr)
        if isinstance(expr, ast.CondExpr):
            test = self._cond(expr.cond)
            self._guarded += 1
            try:
                then, otherwise = self._expr(expr.then), self._expr(expr.otherwise)
            finally:
                self._guarded -= 1
            return lambda ctx: then(ctx) if test(ctx) else otherwise(ctx)
        if isinstance(expr, ast.BinOp):
            # Every result is checked against the range of script numbers, so that a number
            # squared in a loop stops with an error instead of growing without end.
            left, right = self._expr(expr.left), self._expr(expr.right)
            if expr.op == "+":
                return lambda ctx: _checked(left(ctx) + right(ctx), ctx)
            if expr.op == "-":
                return lambda ctx: _checked(left(ctx) - right(ctx), ctx)
            if expr.op in ("/", "%"):
                return self._division(expr, left, right)
            return lambda ctx: _checked(left(ctx) * right(ctx), ctx)
        phrase = " ".join(expr.words)
        aggregate = self.vocab.aggregates.get(phrase)
        if aggregate is None:
            self.error("E116", f"unknown measure '{phrase} of'", expr.span, _suggest(phrase, self.vocab.aggregates))
            return _const(0)
        fn = aggregate.fn
        assert fn is not None
        self._measure_parts(expr.sel, f"'{phrase} of'", frozenset())
        selection = self._selection(expr.sel, "", role="count")
        if phrase == "number":
            return selection.count
        return lambda ctx: _checked(int(fn(ctx, selection.all_cards(ctx))), ctx)  # type: ignore[call-overload]

    def _regroup(self, node: Any) -> Any:
        """The card with each count's trailing arithmetic where the language version reads it
        (:meth:`_test_arithmetic`), so that what is compiled, shown and read is one tree."""
        if isinstance(node, tuple):
            items = tuple(self._regroup(item) for item in node)
            return node if all(a is b for a, b in zip(items, node, strict=True)) else items
        names = _node_fields(type(node))
        if not names:
            return node
        changes = {}
        for name in names:
            value = getattr(node, name)
            if value is not None and not isinstance(value, (str, int)):
                new = self._regroup(value)
                if new is not value:
                    changes[name] = new
        if changes:
            node = attrs.evolve(node, **changes)
        if isinstance(node, ast.Aggregate):
            return self._test_arithmetic(node)
        return node

    def _test_arithmetic(self, expr: ast.Aggregate) -> ast.Expr:
        """``number of cards in hand where cost >= 1 / 2``: a '*', '/' or '%' right after the value
        of the count's last card test, with no bracket around it, reads as working on the count
        (one for every two cards costing 1 or more), so from language 4 it does; before, it was
        part of the value tested against (W310 flags the spelling in every version)."""
        where = expr.sel.where
        if where is None or expr.sel.binding is not None:
            return expr
        last = _last_test(where)
        if not isinstance(last, (ast.PredCompare, ast.PredIs)):
            return expr
        value = last.value
        span, end = value.span if hasattr(value, "span") else None, expr.span
        if span is None or (span.end_line, span.end_column) != (end.end_line, end.end_column):
            return expr  # a bracket closes after the value: the author grouped it
        if not isinstance(value, ast.BinOp):
            return expr
        if value.op not in ("*", "/", "%"):
            self._ambiguous_sum(value, expr)
            return expr
        trailing: list[ast.BinOp] = []
        base: ast.Expr = value
        while isinstance(base, ast.BinOp) and base.op in ("*", "/", "%") and base.span.column == value.span.column:
            trailing.append(base)
            base = base.left
        regrouped: ast.Expr = attrs.evolve(expr, sel=attrs.evolve(expr.sel, where=_with_last_value(where, base)))
        count = format_expr(regrouped)
        ops = "".join(f" {op.op} {format_expr(op.right)}" for op in reversed(trailing))
        tested = f"{last.attribute} {getattr(last, 'op', 'is')} ({format_expr(value)})"
        new = self.new_meaning("arithmetic-after-test-works-on-count")
        reading = f"works on the count: ({count}){ops}" if new else f"is part of the card test: {tested}"
        self.warn(
            "W310",
            f"'{ops.strip()}' right after a card test's value {reading}",
            value.span,
            f"write brackets to say which: '({count}){ops}' or '... where {tested}'",
        )
        if not new:
            return expr
        for op in reversed(trailing):
            regrouped = ast.BinOp(op.op, regrouped, op.right, span=op.span)
        return regrouped

    def _ambiguous_sum(self, value: ast.BinOp, expr: ast.Aggregate) -> None:
        """``where cost >= 1 / 2 + 1``: a sum belongs to the test (language 3), but a '/' inside it
        with no bracket reads either way (W310)."""
        where = expr.sel.where
        assert where is not None
        node: ast.Expr = value
        while isinstance(node, ast.BinOp) and node.op in ("+", "-"):
            left = node.left
            if isinstance(left, ast.BinOp) and left.op in ("*", "/", "%") and left.span.column == node.span.column:
                count = attrs.evolve(expr, sel=attrs.evolve(expr.sel, where=_with_last_value(where, left.left)))
                self.warn(
                    "W310",
                    f"'{left.op} {format_expr(left.right)}' inside a card test's sum reads either as part of the "
                    "test or as working on the count",
                    left.span,
                    f"write brackets to say which: '... where ... ({format_expr(value)})' for the test, or "
                    f"'({format_expr(count)}) {left.op} {format_expr(left.right)} ...' for the count",
                )
                return
            node = left

    def _division(self, expr: ast.BinOp, left: NumberFn, right: NumberFn) -> NumberFn:
        """``a / b`` is a divided by b rounded down (towards minus infinity, so ``-7 / 2`` is -4);
        ``a % b`` is what is left over, with the sign of b, so that ``(a / b) * b + a % b`` is a.
        Dividing by zero is refused where it is written (E144); where the divisor is worked out
        in play and comes to 0, ``a / 0`` is 0 and ``a % 0`` is a (the same rule still holds), so a
        running game never stops on a card's arithmetic, and the linter warns of it (W311)."""
        divisor = expr.right
        if isinstance(divisor, ast.Num) and divisor.value == 0:
            word = "divide" if expr.op == "/" else "take the remainder"
            self.error("E144", f"cannot {word} by zero", divisor.span)
        elif not _nonzero_constant(divisor) and not self._guarded:
            result = "result is 0" if expr.op == "/" else "remainder is the number divided"
            self.warn(
                "W311",
                f"this divisor can come to 0 in play, and then the {result}",
                divisor.span,
                "say what it is when the divisor is 0: '(if DIVISOR > 0 then N / DIVISOR else 0)', or divide "
                "inside an 'if' that tests it",
            )
        op = expr.op

        def run_division(ctx: Ctx) -> int:
            by = right(ctx)
            value = left(ctx)
            if by == 0:
                return 0 if op == "/" else value
            return _checked(value // by if op == "/" else value % by, ctx)

        return run_division

    # ------------------------------------------------------------------ Power and costs
    def _power_read(self, expr: ast.PowerRead) -> NumberFn:
        quantity = self.vocab.quantities.get("power")
        if quantity is None or quantity.fn is None:
            self._not_in_family("reading Power ('power')", expr.span, ())
            return _const(0)
        power = self.vocab.primitives["power"]
        if not self._contexts:
            self.error(
                "E125",
                "'power' has no value here: Power exists only during a turn",
                expr.span,
                f"'power' is read in: {', '.join(power.honoured_contexts(self.vocab.contexts))}",
            )
        self._check_context(power, "reading 'power'", expr.span)
        self._power_for_others("reading 'power'", expr.span)
        read: NumberFn = quantity.fn  # type: ignore[assignment]
        return read

    def _lose_power(self, stmt: ast.PowerStmt) -> Effect | None:
        amount = self._expr(stmt.amount)
        primitive = self.vocab.primitives.get("lose power")
        if primitive is None or primitive.impl is None:
            self._not_in_family("'-N power'", stmt.span, ())
            return None
        if not self._check_context(primitive, "'-N power'", stmt.span):
            return None
        if self._power_for_others("'-N power'", stmt.span):
            return None
        if stmt.per_each is not None:
            per_count, per_reading = self._per_each(stmt.per_each)
            base = amount
            amount = lambda ctx: _checked(base(ctx) * per_count(ctx), ctx)  # noqa: E731
            self._say(f"lose {format_expr(stmt.amount)} Power for each of {per_reading} (never below 0)")
        else:
            self._say(f"lose {format_expr(stmt.amount)} Power (never below 0)")
        floor = self._power_floor[-1]
        sure = isinstance(stmt.amount, ast.Num) and stmt.per_each is None and stmt.amount.value <= floor
        if not sure:
            self.warn(
                "W215",
                "this can take Power below 0, where it stops",
                stmt.span,
                f"write 'pay {format_expr(stmt.amount)} power {{ ... }}' to spend it only when it is there,"
                " or put it inside 'if power >= N'",
            )
        impl = primitive.impl

        def run_lose_power(ctx: Ctx) -> None:
            impl(ctx, amount(ctx))

        return run_lose_power

    def _pay(self, stmt: ast.PayStmt) -> Effect | None:
        amount = self._expr(stmt.amount)
        primitive = self.vocab.primitives.get("pay")
        if primitive is None or primitive.impl is None:
            self._not_in_family("'pay N power'", stmt.span, ())
            self._nested(stmt.body)
            return None
        honoured = self._check_context(primitive, "'pay N power'", stmt.span)
        honoured = not self._power_for_others("'pay N power'", stmt.span) and honoured
        if self._can_be_negative(stmt.amount):
            self.warn(
                "W215",
                "the Power to pay can be negative",
                stmt.amount.span,
                "a negative amount pays nothing: Power is never added by paying",
            )
        self._say(f"Pay {format_expr(stmt.amount)} Power; only if you can:")
        floor = 0
        if isinstance(stmt.amount, ast.Num):
            floor = 0  # what is left after paying is unknown
        self._power_floor.append(floor)
        try:
            body = self._nested(stmt.body)
        finally:
            self._power_floor.pop()
        if not honoured:
            return None
        pay = primitive.impl

        def run_pay(ctx: Ctx) -> None:
            if pay(ctx, amount(ctx)):
                body(ctx)

        return run_pay

    def _cost_parts(self, stmt: ast.CostStmt) -> tuple[Callable[[Ctx, int], bool], NumberFn]:
        """The test of the cards a cost change is about, and its amount."""
        test = self._type_test(stmt.kind, stmt.span)
        where = self._pred(stmt.where) if stmt.where is not None else None
        amount = self._expr(stmt.amount)
        if self._can_be_negative(stmt.amount):
            self.warn(
                "W216",
                "the amount of this cost change can be negative",
                stmt.amount.span,
                "a cost change of a negative amount changes nothing; write 'less' or 'more' for the way it goes",
            )

        def applies(ctx: Ctx, card: int) -> bool:
            return (test is None or test(ctx, card)) and (where is None or where(ctx, card))

        return applies, amount

    def _cost_change(self, stmt: ast.CostStmt) -> Effect | None:
        primitive = self.vocab.primitives.get("cost change")
        if primitive is None or primitive.impl is None:
            self._not_in_family("a cost change", stmt.span, ())
            return None
        if "while" in self._contexts:
            return None  # compiled by _while
        honoured = self._check_context(primitive, "a cost change", stmt.span)
        honoured = not self._power_for_others("a cost change", stmt.span) and honoured
        amount_per = self._cost_per_player(stmt)
        if stmt.players and amount_per is None:
            self.error(
                "E128",
                "a cost change for other players can only hold while a card is in front of you",
                stmt.span,
                "this one lasts only the rest of this turn, in which only you buy: "
                "put it in a 'while in front of you' block, or drop 'for ...'",
            )
            honoured = False
        applies, amount = self._cost_parts(stmt)
        if amount_per is not None:
            amount = amount_per(amount)
        self._changes_costs = True
        self._say(_cost_text(stmt, per_player=amount_per is not None))
        if not honoured:
            return None
        sign = 1 if stmt.way == "more" else -1
        change = CostChangeDef(players=_no_players, test=applies, amount=amount, sign=sign, once=stmt.scope == "next")
        impl = primitive.impl

        def run_cost_change(ctx: Ctx) -> None:
            impl(ctx, change)

        return run_cost_change

    def _cost_per_player(self, stmt: ast.CostStmt) -> Callable[[NumberFn], NumberFn] | None:
        """``all allies cost 1 less for each opponent``: the amount is counted once for each of
        those players, and the change is to your own buys (language 4; before, it changed the
        buys of each of those players). Whose buys a change in front of you changes is written
        without 'each': ``for opponents``, ``for player to your left``."""
        words = stmt.players or ()
        if not words or words[0] != "each" or not self.new_meaning("cost-for-each-counts"):
            return None
        counted = self._players(words, stmt.span)
        if counted is None:
            return _times_one

        def per_player(amount: NumberFn) -> NumberFn:
            def counted_amount(ctx: Ctx) -> int:
                return _checked(amount(ctx) * len(counted(ctx)), ctx)

            return counted_amount

        return per_player

    def _while(self, ability: ast.Ability) -> tuple[CostChangeDef, ...]:
        """``while in front of you { all enemies cost 1 more for opponents }``."""
        phrase = " ".join(ability.phrase)
        primitive = self.vocab.primitives.get("cost change")
        if primitive is None:
            self._not_in_family("'while'", ability.span, ())
            return ()
        if phrase not in WHILE_PHRASES:
            self.error(
                "E127",
                f"unknown 'while' phrase '{phrase}'",
                ability.span,
                _suggest(phrase, WHILE_PHRASES) or f"write: while {WHILE_PHRASES[0]}",
            )
            return ()
        self._say("While in front of you:")
        changes: list[CostChangeDef] = []
        self._depth = 1
        for stmt in ability.body:
            if not isinstance(stmt, ast.CostStmt):
                self.error(
                    "E127",
                    "a 'while in front of you' block holds only cost changes",
                    getattr(stmt, "span", ability.span),
                    "write other effects in an 'ongoing' block or a 'when'/'at' ability",
                )
                continue
            if stmt.scope == "next":
                self.error(
                    "E128",
                    "'next' cannot be written in a 'while in front of you' block",
                    stmt.span,
                    "a change that holds while the card is in front of you is 'all ...'; "
                    "'next ... costs' goes in an effect, for the rest of the turn",
                )
                continue
            players: Callable[[Ctx], list[int]] = _you
            amount_per = self._cost_per_player(stmt)
            if stmt.players and amount_per is None:
                found = self._players(stmt.players, stmt.span)
                if found is None:
                    continue
                players = found
            applies, amount = self._cost_parts(stmt)
            if amount_per is not None:
                amount = amount_per(amount)
            self._say(_cost_text(stmt, in_front=True, per_player=amount_per is not None))
            changes.append(
                CostChangeDef(players=players, test=applies, amount=amount, sign=1 if stmt.way == "more" else -1)
            )
        return tuple(changes)

    def _action(self, card: ast.Card, ability: ast.Ability, base: list[str], hero: bool) -> ActionDef | None:
        """``action [once per turn] [pay N power] { ... }``."""
        if "fortune" in card_types(card):
            self.error(
                "E129",
                "a Fortune's action could never be used",
                ability.span,
                "a Fortune is destroyed as soon as it resolves, so it is never in front of you or in play",
            )
            return None
        self._reset_names([*base, "action"])
        x_field, x_name = VARIABLE_COST
        if x_field in self._field_items:
            # the number its player chose (and paid) when playing the card
            self._bind_name(x_name)
            self._numbers.add(x_name)
        cost: NumberFn | None = None
        if ability.cost is not None:
            cost = self._expr(ability.cost)
            if self._can_be_negative(ability.cost):
                self.warn(
                    "W215",
                    "the Power to pay can be negative",
                    ability.cost.span,
                    "a negative amount pays nothing: Power is never added by paying",
                )
        if not lasting.limit(self, ability):
            return None
        event = "event" in card_types(card)
        paid = ability.cost is not None or any(isinstance(stmt, ast.CostStep) for stmt in ability.body[:1])
        if not paid and not ability.once and not event:
            period = self.vocab.periods[0] if self.vocab.periods else "turn"
            self.warn(
                "W217",
                f"this action costs nothing and is not once per {period}",
                ability.span,
                f"it can be used {MAX_ACTION_USES} times a {period}; give it a limit ('once per {period}') or a cost",
            )
        if "power" in self.vocab.primitives:
            how = ["once per turn" if ability.once else "any number of times a turn"]
            if ability.cost is not None:
                how.append(f"paying {format_expr(ability.cost)} Power each time")
            self._say(f"Action (use it during your main phase, {', '.join(how)}):")
        elif event:
            self._say("Action (play it from your hand in an action window):")
        else:
            limit = f", {lasting.limit_text(ability)}" if ability.once else ""
            if ability.by_each_player:
                limit = f", by each player for themselves{limit}{' each' if ability.once else ''}"
            self._say(f"Action (use it in an action window{limit}):")
        self._depth = 1
        price, body = lasting.price_of(self, ability.body, "action")
        price = lasting.needing_a_player(self, price, body)
        effect = self._block(body)
        times = ability.times if ability.once else 1
        if ability.by_each_player and not lasting.by_each_player(self, ability, event):
            return None
        return ActionDef(
            effect=effect,
            once=ability.once,
            cost=cost,
            period=ability.period,
            times=times,
            price=price,
            by_each_player=ability.by_each_player,
        )

    def _can_be_negative(self, expr: ast.Expr) -> bool:
        """Whether a number can come out below 0 (W215, W216): a sign analysis, on the safe side."""
        return can_be_negative(expr, self._negative_names)

    def _var_expr(self, expr: ast.VarExpr) -> NumberFn:
        name = expr.name
        if not any(name in scope for scope in self._bound[-1:]):
            self.error(
                "E130",
                f"'{name}' is used before anything is named '{name}'",
                expr.span,
                "bind it with 'let' or 'as' first",
            )
        elif name in self._player_names:
            self.error(
                "E146",
                f"'{name}' is a player (from 'choose'), not a number",
                expr.span,
                f"act on that player with 'for each {name} {{ ... }}'",
            )

        def var_value(ctx: Ctx) -> int:
            value = ctx.vars.get(name, 0)
            return len(value) if isinstance(value, list) else value

        return var_value


# ---------------------------------------------------------------------- economy
#: The words that make a trigger a one-shot for the turn: ``when you play an ally for the first
#: time this turn``.
FIRST_TIME = ("for", "the", "first", "time", "this", "turn")
#: The phrases a ``while`` ability may have.
WHILE_PHRASES = ("in front of you",)


def _power_floor(cond: ast.Cond) -> int:
    """The Power a condition makes sure of (``power >= 3``: 3), for W215; 0 when it says nothing."""
    if isinstance(cond, ast.CondAnd):
        return max(_power_floor(c) for c in cond.operands)
    if isinstance(cond, ast.CondCompare) and isinstance(cond.left, ast.PowerRead) and isinstance(cond.right, ast.Num):
        if cond.op == ">=":
            return cond.right.value
        if cond.op == ">":
            return cond.right.value + 1
        if cond.op == "==":
            return cond.right.value
    return 0


_NODE_FIELDS: dict[type, tuple[str, ...]] = {}


def _node_fields(kind: type) -> tuple[str, ...]:
    """The fields of a syntax tree node that may hold other nodes (none for a span or a word)."""
    names = _NODE_FIELDS.get(kind)
    if names is None:
        names = (
            () if kind is Span or not attrs.has(kind) else tuple(f.name for f in attrs.fields(kind) if f.name != "span")
        )
        _NODE_FIELDS[kind] = names
    return names


def _nonzero_constant(expr: ast.Expr) -> bool:
    """A divisor written as a number other than 0 (``2``, ``-3``)."""
    if isinstance(expr, ast.Neg):
        expr = expr.operand
    return isinstance(expr, ast.Num) and expr.value != 0


def _bare_names(expr: ast.Expr) -> list[ast.VarExpr]:
    """The names standing as numbers in ``expr`` itself (not inside a measure or a condition)."""
    if isinstance(expr, ast.VarExpr):
        return [expr]
    if isinstance(expr, ast.BinOp):
        return _bare_names(expr.left) + _bare_names(expr.right)
    if isinstance(expr, ast.Neg):
        return _bare_names(expr.operand)
    return []


def _last_test(pred: ast.Pred) -> ast.Pred:
    """The test written last in ``pred`` (the one whose value ends the selection)."""
    while isinstance(pred, (ast.PredAnd, ast.PredOr)):
        pred = pred.operands[-1]
    return pred


def _with_last_value(pred: ast.Pred, value: ast.Expr) -> ast.Pred:
    """``pred`` with the value of its last test replaced."""
    if isinstance(pred, (ast.PredAnd, ast.PredOr)):
        return attrs.evolve(pred, operands=(*pred.operands[:-1], _with_last_value(pred.operands[-1], value)))
    assert isinstance(pred, (ast.PredCompare, ast.PredIs))
    return attrs.evolve(pred, value=value)


def _times_one(amount: NumberFn) -> NumberFn:
    return amount


def _cost_text(stmt: ast.CostStmt, in_front: bool = False, per_player: bool = False) -> str:
    """What 'show' says a cost change does."""
    kind = " ".join(stmt.kind)
    where = f" where {format_pred(stmt.where, explicit=True)}" if stmt.where is not None else ""
    amount = format_expr(stmt.amount)
    if per_player:
        amount = f"{amount} for {' '.join(stmt.players or ())}"
        stmt = attrs.evolve(stmt, players=None)
    way = f"{amount} {stmt.way}" + (" (never below 0)" if stmt.way == "less" else "")
    if stmt.scope == "next":
        return f"the next {kind}{where} you buy this turn costs {way}"
    if in_front:
        players = f" {' '.join(stmt.players)}" if stmt.players else " you"
        return f"{kind}{where} cost{players} {way}"
    return f"for the rest of this turn, {kind}{where} cost you {way}"


def _no_players(ctx: Ctx) -> list[int]:
    return []


def _you(ctx: Ctx) -> list[int]:
    return [ctx.player]


# ---------------------------------------------------------------------- readings
ABILITY_HEADINGS = {
    "play": "When played",
    "defense": "Defense (may be used to avoid an Attack or Ambush)",
    "ambush": "Ambush (when it enters the Path between turns, the next player is attacked)",
    "group ambush": "Group Ambush (when revealed on the Archenemy stack, every player is attacked)",
    "ongoing": "Ongoing (at the start of each of your turns while in front of you)",
    "fortune": "Fortune (when bought or gained: resolve, then destroy it)",
    "effect": "When this is the last card drawn in a turn",
    "search": "When found by searching back through the discard pile",
}

#: Where a command's cards end, as 'show' says it (by the primitive's ``moves_to``).
DESTINATIONS = {
    "hand": "into your hand",
    "discard": "into your discard pile",
    "destroyed": "to the destroyed pile",
    "revealed": "(face up: back on top of your deck unless an effect moves it)",
    "front": "to stay in front of you",
    "played": "(played, as from your hand)",
    "home": "back to where it came from",
    "quest deck": "back on top of the quest deck, in the order you choose",
    "wall discard pile": "(each resolves, then goes to the wall discard pile)",
}

_REF_TEXT = {"this": "this card", "it": "it"}


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", ":", "}")) else ".")


def _selection_text(sel: ast.Sel, vocab: Vocabulary, zones: list[ZoneSpec], role: str) -> str:
    """A selection as compiled: its quantity, the card types and zones it resolved to (a zone
    not written reads as the default it takes), its test and its name."""
    quantity = sel.quantity
    amount = "1"
    if quantity is not None and quantity.amount is not None:
        amount = format_expr(quantity.amount)
    kind = quantity.kind if quantity is not None else ("all" if role in ("count", "for each") else "one")
    single = kind == "one" or (kind != "all" and amount == "1")
    words = list(sel.kind or ())
    thing = " ".join(words[1:] if words and words[0] == "the" else words)
    types = [t.name for t in (vocab.card_type(w) for w in words) if t is not None]
    if thing in vocab.named_things:
        noun = thing
    elif single:
        noun = " or ".join(types) if types else "card"
    else:
        plurals = {t.name: t.plural for t in vocab.card_types.values()}
        noun = " or ".join(plurals.get(t, t) for t in types) if types else "cards"
    if quantity is None and thing in vocab.named_things:
        lead = f"the {noun}"
    elif kind == "all":
        lead = f"all {noun}"
    elif kind == "up_to":
        lead = f"up to {amount} {noun}"
    elif kind == "random":
        lead = f"{amount} {noun} at random"
    else:
        lead = f"{amount} {noun}"
    parts = [lead]
    if zones:
        parts.append("from " + " or ".join(z.name for z in zones))
    if sel.where is not None:
        parts.append("where " + format_pred(sel.where, explicit=True))
    if sel.binding:
        parts.append(f"(named {sel.binding})")
    return " ".join(parts)


def _fixed_count(sel: ast.Sel | None) -> int | None:
    """How many cards a selection takes when that is known before play."""
    if sel is None:
        return 1
    if sel.ref is not None:
        return None
    if sel.quantity is None or sel.quantity.kind == "one":
        return 1
    if sel.quantity.kind == "exact" and isinstance(sel.quantity.amount, ast.Num):
        return sel.quantity.amount.value
    return None


def _placement_text(placement: Placement) -> str:
    if placement.position == "under":
        return "under " + (_REF_TEXT.get(placement.under_ref) or placement.under_name)
    assert placement.zone is not None
    whose = "its holder's" if placement.holder else "its owner's"
    pile = f"{whose} {placement.zone.name}" if placement.owner else f"the {placement.zone.name}"
    if placement.written == "into" and not placement.owner and placement.zone.scope == "player":
        pile = f"your {placement.zone.name}"
    if placement.written == "into":
        return "into play" if placement.zone.name == "play" else f"into {pile}"
    if placement.position == "into":
        return f"shuffled into {pile}"
    return f"onto the {placement.position} of {pile}"


def _with_article(words: str) -> str:
    if words.startswith("another "):
        return words
    return ("an " if words[0] in "aeiou" else "a ") + words


def _owners_pile(words: Sequence[str]) -> tuple[Sequence[str], bool, bool]:
    """``its owner's deck`` -> (``deck``, True, False): the pile of the player the card belongs
    to; ``its holder's deck`` -> (``deck``, True, True): of the player whose zone holds it now."""
    if len(words) > 2 and words[0] == "its" and words[1] in ("owner's", "holder's"):
        return words[2:], True, words[1] == "holder's"
    return words, False, False


def _token_text(stmt: ast.TokenStmt) -> str:
    counter = " ".join(stmt.counter)
    if stmt.amount is None:
        return f"take every token off the {counter}"
    put, where = ("put", "on") if stmt.op == "add" else ("take", "off")
    if isinstance(stmt.amount, ast.Num):
        count = stmt.amount.value
        return f"{put} {count} token{'' if count == 1 else 's'} {where} the {counter}"
    # A number worked out in play reads last, so the counter is not lost inside it.
    return f"{put} tokens {where} the {counter}: as many as {format_expr(stmt.amount)}"


# ---------------------------------------------------------------------- helpers
_PART_WORDS = {
    "zone": "a zone to take cards from",
    "where": "'where'",
    "count": "a number of cards",
    "up to": "'up to'",
    "all": "'all'",
    "random": "'random'",
    "as": "'as' (a name for the cards)",
    "name": "a named card ('this', 'it' or a name)",
}


def selection_parts(sel: ast.Sel, vocab: Vocabulary) -> list[tuple[str, Span]]:
    """The parts a selection is written with (keys of SELECTION_PARTS), each with its place."""
    parts: list[tuple[str, Span]] = []
    if sel.ref is not None:
        parts.append(("name", sel.ref.span))
    if sel.quantity is not None:
        kind = sel.quantity.kind
        part = {"exact": "count", "one": "count", "up_to": "up to"}.get(kind, kind)
        parts.append((part, sel.quantity.span))
    if sel.source is not None:
        parts.append(("zone", sel.source.span))
    elif sel.kind:
        words = list(sel.kind)
        if " ".join(words) in vocab.named_things or (words[0] == "the" and " ".join(words[1:]) in vocab.named_things):
            parts.append(("zone", sel.span))
        else:
            while words and (vocab.card_type(words[0]) is not None or words[0] in ("card", "cards")):
                words.pop(0)
            if words:
                parts.append(("zone", sel.span))
    if sel.where is not None:
        parts.append(("where", sel.where.span))
    if sel.binding is not None:
        parts.append(("as", sel.span))
    return parts


def card_types(card: ast.Card) -> tuple[str, ...]:
    field = card.field("type")
    value = field.value if field is not None else ()
    return value if isinstance(value, tuple) else ()


def _forgetting(effect: Effect) -> Effect:
    """``effect`` run later with none of the names given where it was set up: how a later block
    read names before language 2."""

    def run_forgetting(ctx: Ctx) -> None:
        ctx.vars = {}
        effect(ctx)

    return run_forgetting


def _restoring(effect: Effect, names: frozenset[str]) -> Effect:
    """``effect`` with the names it binds itself put back as they were once it is done, so that
    a block's bindings never overwrite the same names bound around it."""
    if not names:
        return effect
    ordered = tuple(sorted(names))

    def run_restoring(ctx: Ctx) -> None:
        variables = ctx.vars
        saved = [(name, variables.get(name, _UNBOUND)) for name in ordered]
        try:
            effect(ctx)
        finally:
            for name, value in saved:
                if value is _UNBOUND:
                    variables.pop(name, None)
                else:
                    variables[name] = value  # type: ignore[assignment]

    return run_restoring


_UNBOUND = object()


def _contains_attack(body: ast.Block) -> bool:
    for stmt in body:
        if isinstance(stmt, ast.AttackStmt):
            return True
        blocks: list[ast.Block] = []
        if isinstance(stmt, ast.IfStmt):
            blocks = [b.body for b in stmt.branches] + ([stmt.otherwise] if stmt.otherwise else [])
        elif isinstance(
            stmt, (ast.MayStmt, ast.RepeatStmt, ast.RepeatUntilStmt, ast.ForEachStmt, ast.TriggerStmt, ast.NextTurnStmt)
        ):
            blocks = [stmt.body]
        elif isinstance(stmt, ast.ChooseStmt):
            blocks = [o.body for o in stmt.options]
        if any(_contains_attack(b) for b in blocks):
            return True
    return False


def _fixed_cond(cond: ast.Cond) -> bool:
    """Whether a condition reads nothing of the game: only numbers written out and operators."""
    if isinstance(cond, (ast.CondAnd, ast.CondOr)):
        return all(_fixed_cond(c) for c in cond.operands)
    if isinstance(cond, ast.CondNot):
        return _fixed_cond(cond.operand)
    if isinstance(cond, ast.CondCompare):
        return _fixed_expr(cond.left) and _fixed_expr(cond.right)
    return False


def _fixed_expr(expr: ast.Expr) -> bool:
    if isinstance(expr, ast.Num):
        return True
    if isinstance(expr, ast.BinOp):
        return _fixed_expr(expr.left) and _fixed_expr(expr.right)
    if isinstance(expr, ast.Neg):
        return _fixed_expr(expr.operand)
    return False


def _value_text(value: ast.PredValue) -> str:
    if isinstance(value, (ast.Str, ast.Word)):
        return value.text
    return format_expr(value)


def _int(value: object) -> int:
    return value if isinstance(value, int) else 0


def _checked(value: int, ctx: Ctx) -> int:
    if -SCRIPT_NUMBER_MAX <= value <= SCRIPT_NUMBER_MAX:
        return value
    raise ScriptNumberError(ctx.game.cards[ctx.this].name if ctx.this >= 0 else "?", value)


def _const(value: int) -> NumberFn:
    return lambda ctx: value


def _nothing(ctx: Ctx) -> None:
    return None


def _always(ctx: Ctx, card: int) -> bool:
    return True


def _never(ctx: Ctx, card: int) -> bool:
    return False


def _never_cond(ctx: Ctx) -> bool:
    return False


_COMPARE: dict[str, Callable[[int, int], bool]] = {
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
    "==": operator.eq,
    "!=": operator.ne,
}
