"""AST to engine effects, checking every word against the family's vocabulary on the way.

Checking and compiling are one pass: every phrase the compiler cannot bind becomes a coded
diagnostic (the linter's findings), and a card with no errors comes out as a
:class:`~lotr_rules.engine.cards.CardDef` whose effects are Python closures built once, so no
tree is walked while a game runs.
"""

from __future__ import annotations

import hashlib
from typing import Any

from lotr_rules.diagnostics import Severity
from lotr_rules.dsl import ast, lasting
from lotr_rules.dsl.compile_fields import FieldCompiler
from lotr_rules.dsl.compile_support import (
    ABILITY_HEADINGS,
    REQUIRED_FIELDS,
    TEXT_KEYWORDS,
    VARIABLE_COST,
    card_types,
    selection_parts,
)
from lotr_rules.dsl.formatter import format_card, format_cond, format_expr
from lotr_rules.dsl.provenance import NONE, designed_words
from lotr_rules.engine.cards import (
    ActionDef,
    CardDef,
    ConstantDef,
    CostChangeDef,
    CostDef,
    Effect,
    QuestDef,
    TriggerDef,
)
from lotr_rules.engine.fields import FN_SUFFIX
from lotr_rules.errors import Span

__all__ = ["REQUIRED_FIELDS", "TEXT_KEYWORDS", "VARIABLE_COST", "Compiler", "card_types", "selection_parts"]


class Compiler(FieldCompiler):
    """Compiles the cards of one file; ``diagnostics`` collects everything found wrong."""

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
            self._ability_verbs = set()
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
            gap=tuple(str(g) for g in fields.get("gap", ())),
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
