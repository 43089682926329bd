"""Compiling a card's fields: the language's own (``id``, ``type``, ``provenance``,
``designed``) and its family's, each checked against the kind of value it takes. See
:mod:`lotr_rules.dsl.compiler`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lotr_rules.dsl import ast, families
from lotr_rules.dsl.compile_abilities import AbilityCompiler
from lotr_rules.dsl.compile_support import (
    FIELD_WORD,
    REQUIRED_FIELDS,
    TEXT_KEYWORDS,
    VARIABLE_COST,
    card_types,
    contains_attack,
    is_directions,
    kind_description,
    quoted_names,
    suggest,
)
from lotr_rules.dsl.formatter import format_expr
from lotr_rules.dsl.provenance import ALWAYS, FACT_FIELDS, FACTS, NONE, designed_words
from lotr_rules.dsl.syntax import unquote
from lotr_rules.engine.cards import Effect, TriggerDef
from lotr_rules.engine.fields import COMMON_FIELDS, KIND_EXAMPLES, FieldDecl
from lotr_rules.errors import Span
from lotr_rules.limits import shown_number


class FieldCompiler(AbilityCompiler):
    """A card's fields, checked and read into the values its definition holds."""

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
            decl = COMMON_FIELDS.get(item.key) or self.vocab.field(item.key)
            if decl is not None and decl.repeatable:
                self._repeated_field(decl, item, out, spans)
                continue
            if item.key in spans:
                self.error("E141", f"field '{item.key}' appears twice in this card", item.span)
                continue
            spans[item.key] = item.span
            self._field_items[item.key] = item
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
        self._check_field_abilities(card, spans, out)
        self._check_variable_cost(card, spans)
        self._check_needs(spans, out)
        return out

    def _repeated_field(self, decl: FieldDecl, item: ast.Field, out: dict[str, Any], spans: dict[str, Span]) -> None:
        """A field a card may give on several lines (``gap "..."``): each value is checked as
        any field's is and kept, in order; an empty text says nothing and is W354."""
        spans.setdefault(item.key, item.span)
        self._field_items.setdefault(item.key, item)
        value = self._field_value(decl, item)
        if value is None:
            return
        if isinstance(value, str) and not value.strip():
            self.warn(
                "W354",
                f"this '{decl.name}' says nothing",
                item.span,
                f"say what it is about, or drop the '{decl.name}'",
            )
            return
        out[item.key] = (*out.get(item.key, ()), value)
    def _check_needs(self, spans: dict[str, Span], values: dict[str, Any]) -> None:
        """E360: a field whose meaning needs another field to hold some values, which it does not."""
        for decl in self.vocab.fields:
            if decl.needs is None or decl.name not in spans:
                continue
            other, wanted = decl.needs
            value = values.get(other, next((d.default for d in self.vocab.fields if d.name == other), None))
            if str(value) not in wanted:
                self.error(
                    "E360",
                    f"'{decl.name}' means something only with '{other}' {' or '.join(wanted)}, not '{value}'",
                    spans[decl.name],
                    f"give '{other}' one of them, or leave '{decl.name}' out",
                )

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

    def _check_field_abilities(self, card: ast.Card, spans: dict[str, Span], values: dict[str, Any]) -> None:
        """E188 for a field (or a word of it) about an ability the card does not have: it would do nothing."""
        written = [item for item in card.items if isinstance(item, ast.Ability)]
        kinds = {item.kind for item in written}
        for decl in self.vocab.fields:
            if not decl.word_abilities or decl.name not in values:
                continue
            # an ability as written: its kind and the words after it ('when revealed')
            phrases = kinds | {" ".join((item.kind, *map(str, item.phrase))) for item in written}
            for word in str(values[decl.name]).split():
                needed = decl.word_abilities.get(word, "")
                if needed and needed not in phrases:
                    self.error(
                        "E188",
                        f"'{word}' in the field '{decl.name}' is about the card's '{needed}' ability, and it has none",
                        spans[decl.name],
                        f"give the card a '{needed}' ability, or leave '{word}' out",
                    )
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
            suggest(item.key, offered) or f"the fields of {family}: " + ", ".join(sorted(offered)),
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
        if kind == "card names" and (isinstance(value, str) or (isinstance(value, tuple) and quoted_names(value))):
            names = (value,) if isinstance(value, str) else tuple(unquote(part) for part in value)
            for name in names:
                self._check_card_name(name, item.span)
            return names
        if (
            kind in ("word", "words")
            and isinstance(value, tuple)
            and (kind == "words" or len(value) == 1)
            and all(FIELD_WORD.fullmatch(w) for w in value)
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
                if self.vocab.one_type and len(value) > 1 and frozenset(value) not in self.vocab.type_pairs:
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
                hint = suggest(name, choices)
                if decl.name == "provenance":
                    hint = "use " + " or ".join(choices)
                self.error("E118", f"unknown {decl.name} '{name}'", item.span, hint)
            return name
        if kind == "directions" and isinstance(value, tuple) and is_directions(value):
            return self._directions(decl, value, item.span)
        self.error(
            "E191",
            f"the field '{decl.name}' takes {kind_description(kind)}",
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
                self.error("E143", f"unknown fact '{word}' in 'designed'", span, suggest(word, [*FACTS, NONE]))
            elif word == "effect" and provenance == "rulebook":
                self.error(
                    "E143",
                    "a card whose effect is designed says 'provenance designed'",
                    span,
                    "write 'provenance designed' and drop 'effect' here",
                )
            elif word not in ALWAYS and FACT_FIELDS[word] not in fields and FACT_FIELDS[word] not in spans:
                self.error("E143", f"'designed' names '{word}', which this card does not have", span)

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
                    suggest(direction, directions) or "use " + " or ".join(directions),
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
        has_attack = any(contains_attack(a.body) for a in card.abilities())
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
