"""The compiler's state for one file and what every part of it uses: findings, names in scope,
the contexts a phrase runs in, and the checks of a phrase against the family's vocabulary
(its zones, card types, players and parts). See :mod:`lotr_rules.dsl.compiler`."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence, Set

from lotr_rules.diagnostics import Diagnostic, Severity, did_you_mean
from lotr_rules.dsl import ast, upgrades
from lotr_rules.dsl.compile_support import PART_WORDS, selection_parts, sentence, suggest
from lotr_rules.dsl.editions import LANGUAGE_VERSION, new_meaning
from lotr_rules.dsl.signs import can_be_negative
from lotr_rules.engine.cards import Move
from lotr_rules.engine.context import Ctx
from lotr_rules.engine.registry import CONTEXT_DOCS, SELECTION_PARTS, Phrase, Primitive, Vocabulary, ZoneSpec
from lotr_rules.engine.selection import CardTest
from lotr_rules.errors import Span


class CompilerBase:
    """What one file's compiling holds, and the checks every part of the compiler makes."""

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
        #: the commands compiled so far in the ability being compiled (for E370)
        self._ability_verbs: set[str] = set()
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

    def _not_in_family(self, what: str, span: Span, offered: Iterable[str]) -> None:
        family = self.vocab.title or self.vocab.family
        names = sorted(offered)
        hint = ("these cards may use: " + ", ".join(names)) if names else None
        self.error("E119", f"{what} is not part of {family}", span, hint)

    # ------------------------------------------------------------------ names and contexts
    def _reset_names(self, contexts: list[str]) -> None:
        """A new ability: no names bound yet, and the contexts it runs in."""
        self._bound = [set()]
        self._own = [set()]
        self._contexts = contexts

    def _say(self, text: str) -> None:
        self._reading.append("  " * self._depth + sentence(text))

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
                    f"'{stmt.verb}' does not honour {PART_WORDS[part]}",
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
                        f"'{stmt.verb}' from '{zone.name}' does not honour {PART_WORDS[part]}",
                        part_span,
                        f"what '{stmt.verb}' honours from '{zone.name}': {allowed}",
                    )
        for zone, span in self._written_zones(sel):
            if zone.filled_by and zone.filled_by not in self._ability_verbs:
                ok = False
                self.error(
                    "E370",
                    f"'{zone.name}' is empty here: nothing before it in this ability is '{zone.filled_by}'",
                    span,
                    f"'{zone.filled_by}' first, in the same ability; '{zone.name}' names the cards it found",
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
                    f"{what} does not honour {PART_WORDS[part]}",
                    span,
                    f"{what} takes every matching card",
                )

    def _named_thing(self, words: list[str]) -> Phrase | None:
        phrase = " ".join(words)
        thing = self.vocab.named_things.get(phrase)
        if thing is None and words and words[0] == "the":
            thing = self.vocab.named_things.get(" ".join(words[1:]))
        return thing

    def _can_be_negative(self, expr: ast.Expr) -> bool:
        """Whether a number can come out below 0 (W215, W216): a sign analysis, on the safe side."""
        return can_be_negative(expr, self._negative_names)

    def _check_card_name(self, name: str, span: Span) -> None:
        if self.known_names is None or name in self.known_names:
            return
        self.error("E150", f"no loaded set has a card named '{name}'", span, suggest(name, self.known_names))

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
            # (a family may count a card as a type it is not printed with, as the game stands)
            return not wanted.isdisjoint(ctx.game.cards[card].types) or ctx.game.counts_as(card, wanted)

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

    def _state_word(self, word: str) -> Callable[[Ctx, int, str], bool] | None:
        """The test of the family's ``state`` attribute if ``word`` is one of its words."""
        state = self.vocab.attributes.get("state")
        if state is None or state.fn is None or word not in state.data.get("choices", ()):  # type: ignore[operator]
            return None
        return state.fn  # type: ignore[return-value]

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
            self.error("E123", f"unknown counter '{name}'", span, suggest(name, self.vocab.counters))
        return counter
