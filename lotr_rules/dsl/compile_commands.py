"""Compiling a family's commands (``draw 2``, ``put it into your hand``): the words of the
vocabulary a command names, the cards it acts on and where it puts them. See
:mod:`lotr_rules.dsl.compiler`."""

from __future__ import annotations

import attrs

from lotr_rules.dsl import ast, upgrades
from lotr_rules.dsl.compile_support import DESTINATIONS, constant_fn, fixed_count, owners_pile, placement_text
from lotr_rules.dsl.compile_values import ValueCompiler
from lotr_rules.dsl.formatter import format_expr, format_sel
from lotr_rules.engine.cards import Effect, Move
from lotr_rules.engine.context import Ctx
from lotr_rules.engine.registry import Primitive, ZoneSpec
from lotr_rules.engine.selection import Placement, Selection
from lotr_rules.errors import Span


class CommandCompiler(ValueCompiler):
    """A command of the family's vocabulary, checked and compiled into an effect."""

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
        self._ability_verbs.add(primitive.name)
        honoured = self._check_context(primitive, f"'{stmt.verb}'", stmt.span) and honoured
        honoured = self._check_kinds(primitive, stmt) and honoured
        honoured = self._check_refusal(primitive, stmt) and honoured
        selection = self._command_sel = self._command_selection(primitive, stmt)
        if selection is not None and primitive.top_of_piles and self.new_meaning("few-from-pile-are-top-cards"):
            selection = self._command_sel = attrs.evolve(selection, from_top=True)
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
            amount = self._expr(sel.quantity.amount) if sel.quantity.amount is not None else constant_fn(1)
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
            count = fixed_count(stmt.sel)
        if placement is not None:
            destination = placement_text(placement)
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
        pile, owner, holder = owners_pile(place.pile)
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
