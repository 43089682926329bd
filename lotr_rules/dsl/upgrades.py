"""How a card written for an older version of the language is moved to a newer one.

Each function here belongs to one entry of :data:`lotr_rules.dsl.editions.CHANGES` (its
``upgrade``): given a card written before the change, it returns the card written so that it
does under the new meaning what it did under the old one, with a :class:`Note` for every
rewrite it made and for every place it could not keep the meaning, which a person must look at.
Some of them are also how the compiler reads an old set: where the old meaning can be written in
the new language, the compiler reads the old card as its rewrite, so a set and its upgrade cannot
drift apart.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import attrs

from lotr_rules.dsl import ast
from lotr_rules.engine.registry import Vocabulary
from lotr_rules.errors import Span


@attrs.frozen(slots=True)
class Note:
    """What ``fmt --upgrade`` says about one place of a card."""

    span: Span
    message: str
    #: True where the meaning could not be kept by a rewrite: a person must decide
    needs_person: bool = False


Upgraded = tuple[ast.Card, tuple[Note, ...]]
#: a change's upgrade: the card rewritten for the new meaning, and what was done or left
Upgrader = Callable[[ast.Card, Vocabulary], Upgraded]


# ---------------------------------------------------------------------- walking the tree
def transform(node: object, fn: Callable[[object], object]) -> object:
    """``node`` rebuilt bottom-up, each node replaced by ``fn`` of it (children first)."""
    if isinstance(node, tuple):
        return tuple(transform(item, fn) for item in node)
    kind = type(node)
    if not attrs.has(kind):
        return node
    changes: dict[str, object] = {}
    for field in attrs.fields(kind):
        if field.name in ("span", "name_span"):
            continue
        value = getattr(node, field.name)
        new = transform(value, fn)
        if new is not value:
            changes[field.name] = new
    rebuilt = attrs.evolve(node, **changes) if changes else node  # type: ignore[misc]
    return fn(rebuilt)


def nodes(node: object) -> Iterator[object]:
    """Every node of a tree, parents before their children."""
    if isinstance(node, tuple):
        for item in node:
            yield from nodes(item)
        return
    kind = type(node)
    if not attrs.has(kind):
        return
    yield node
    for field in attrs.fields(kind):
        if field.name not in ("span", "name_span"):
            yield from nodes(getattr(node, field.name))


def _card(card: ast.Card, fn: Callable[[object], object]) -> ast.Card:
    rebuilt = transform(card, fn)
    assert isinstance(rebuilt, ast.Card)
    return rebuilt


def names_used(node: object) -> set[str]:
    """The names a tree reads (``X`` in ``number of X``, ``destroy X``, ``put Y under X``)."""
    out: set[str] = set()
    for each in nodes(node):
        if isinstance(each, ast.VarExpr) or (isinstance(each, ast.Ref) and each.kind == "var"):
            out.add(each.name)
    return out


def _bound_here(stmt: object) -> str | None:
    """The name a statement gives, if it gives one (``... as X``, ``let X = ...``)."""
    if isinstance(stmt, ast.LetStmt):
        return stmt.name
    sel = getattr(stmt, "sel", None)
    if isinstance(sel, ast.Sel) and sel.binding:
        return sel.binding
    return None


_STATEMENTS = tuple(getattr(ast.Stmt, "__args__", ()))


def _blocks(stmt: object) -> list[ast.Block]:
    """The blocks a statement holds (the branches of an 'if', the body of a 'for each'...), not
    the blocks of the statements inside them."""
    out: list[ast.Block] = []

    def look(value: object) -> None:
        if isinstance(value, tuple):
            if value and all(isinstance(item, _STATEMENTS) for item in value):
                out.append(value)
                return
            for item in value:
                look(item)
            return
        kind = type(value)
        if attrs.has(kind) and not isinstance(value, _STATEMENTS):
            for field in attrs.fields(kind):
                if field.name not in ("span", "name_span"):
                    look(getattr(value, field.name))

    kind = type(stmt)
    if attrs.has(kind):
        for field in attrs.fields(kind):
            if field.name not in ("span", "name_span"):
                look(getattr(stmt, field.name))
    return out


# ---------------------------------------------------------------------- language 2
def drop_hero_abilities(card: ast.Card, vocab: Vocabulary) -> Upgraded:
    """'hero-abilities-run': a hero's abilities never ran, so the upgrade leaves them out."""
    types = card.field("type")
    if types is None or not isinstance(types.value, tuple) or "hero" not in types.value:
        return card, ()
    kept: list[ast.Item] = []
    notes: list[Note] = []
    for item in card.items:
        if isinstance(item, ast.Ability) and item.kind in vocab.hero_abilities:
            notes.append(Note(item.span, f"the hero's '{item.kind}' ability never ran: the upgrade leaves it out"))
            continue
        kept.append(item)
    return attrs.evolve(card, items=tuple(kept)), tuple(notes)


#: the commands whose 'as X' named nothing before language 2
UNNAMING_VERBS = ("play", "draw", "return", "keep")


def drop_unnamed_names(card: ast.Card, vocab: Vocabulary) -> Upgraded:
    """'as-names-cards-acted-on': 'as X' after these commands named nothing; where nothing reads
    the name, the upgrade drops it, and where something does, a person says what is meant."""
    used = names_used(card)
    notes: list[Note] = []

    def fix(node: object) -> object:
        if isinstance(node, ast.Command) and node.verb in UNNAMING_VERBS and node.sel is not None:
            name = node.sel.binding
            if name is not None:
                if name in used:
                    notes.append(
                        Note(
                            node.span,
                            f"'{node.verb} ... as {name}' named no cards before language 2, and "
                            f"'{name}' is read: it now names the cards acted on",
                            needs_person=True,
                        )
                    )
                    return node
                notes.append(Note(node.span, f"'as {name}' after '{node.verb}' named no cards: the upgrade drops it"))
                return attrs.evolve(node, sel=attrs.evolve(node.sel, binding=None))
        return node

    return _card(card, fix), tuple(notes)


def all_top_cards(card: ast.Card, vocab: Vocabulary) -> Upgraded:
    """'all-takes-whole-pile': 'all' from one deck or stack took its top card, which the upgrade
    writes as '1'; from several zones, a person says which cards are meant."""
    notes: list[Note] = []

    def fix(node: object) -> object:
        if not isinstance(node, ast.Command) or node.sel is None:
            return node
        quantity = node.sel.quantity
        if quantity is None or quantity.kind != "all":
            return node
        primitive = vocab.primitives.get(node.verb)
        zones = _zones_of(node.sel, vocab, primitive.default_zone if primitive is not None else "")
        piled = [zone for zone in zones if zone.top_only]
        if not piled:
            return node
        if len(zones) == 1 and zones[0].scope in ("player", "shared"):
            notes.append(Note(quantity.span, f"'all' from {zones[0].name} took its top card: the upgrade writes '1'"))
            one = ast.Quantity("exact", ast.Num(1, span=quantity.span), span=quantity.span)
            kind = ("card",) if node.sel.kind == ("cards",) else node.sel.kind
            return attrs.evolve(node, sel=attrs.evolve(node.sel, quantity=one, kind=kind))
        notes.append(
            Note(
                quantity.span,
                "'all' took only the top card of each deck or stack before language 2 (and every card "
                "of the other zones): say which cards are meant",
                needs_person=True,
            )
        )
        return node

    return _card(card, fix), tuple(notes)


def _zones_of(sel: ast.Sel, vocab: Vocabulary, default: str) -> list:  # type: ignore[type-arg]
    """The zones a selection takes from, as written, or the command's own zone."""
    out = []
    if sel.source is not None:
        for part in " ".join(sel.source.words).split(" or "):
            spec = vocab.zone(part.strip())
            if spec is not None:
                out.append(spec)
        return out
    words = list(sel.kind or ())
    while words and (vocab.card_type(words[0]) is not None or words[0] in ("card", "cards")):
        words.pop(0)
    if words:
        spec = vocab.zone(" ".join(words))
        return [spec] if spec is not None else []
    spec = vocab.zone(default) if default else None
    return [spec] if spec is not None else []


def later_blocks_named(card: ast.Card, vocab: Vocabulary) -> Upgraded:
    """'names-kept-in-later-blocks': a later block read no name from around it; where it reads
    one, only a person can say whether the value it has now is right."""
    notes: list[Note] = []
    for node in nodes(card):
        if isinstance(node, (ast.TriggerStmt, ast.NextTurnStmt)):
            given = {name for stmt in nodes(node.body) if (name := _bound_here(stmt))}
            outside = sorted(names_used(node.body) - given)
            if outside:
                notes.append(
                    Note(
                        node.span,
                        f"this later block reads {', '.join(outside)}, which had no value in it before "
                        "language 2 and now has the one it had when the block was set up",
                        needs_person=True,
                    )
                )
    return card, tuple(notes)


def shadowed_names(card: ast.Card, vocab: Vocabulary) -> Upgraded:
    """'names-scoped-to-blocks': a name given again inside a block overwrote the outer one for
    good; where a card does that, only a person can say which value the rest of it means."""
    notes: list[Note] = []

    def walk(block: ast.Block, outer: set[str]) -> None:
        mine = set(outer)
        for stmt in block:
            # a 'for each' gives its name inside its own block
            own = {stmt.sel.binding} if isinstance(stmt, ast.ForEachStmt) and stmt.sel.binding else set()
            for inner in _blocks(stmt):
                inner_given = _given_directly(inner) | own
                for name in sorted(inner_given & mine):
                    notes.append(
                        Note(
                            stmt.span,
                            f"'{name}' is given again inside this block: before language 2 the inner "
                            "value stayed once the block ended, now the outer one comes back",
                            needs_person=True,
                        )
                    )
                walk(inner, mine)
            given = _bound_here(stmt)
            if given and not own:
                mine.add(given)

    for ability in card.abilities():
        walk(ability.body, set())
    return card, tuple(notes)


def _given_directly(block: ast.Block) -> set[str]:
    """The names a block gives, anywhere inside it."""
    return {name for stmt in nodes(block) if (name := _bound_here(stmt))}


def trigger_reveals(card: ast.Card, vocab: Vocabulary) -> Upgraded:
    """'trigger-reveals-return': cards a trigger revealed stayed face up; a trigger that reveals
    cards is left to a person, who says whether their going back matters."""
    notes: list[Note] = []
    bodies: list[tuple[Span, ast.Block]] = []
    for ability in card.abilities():
        if ability.kind in ("when", "at"):
            bodies.append((ability.span, ability.body))
    for node in nodes(card):
        if isinstance(node, ast.TriggerStmt):
            bodies.append((node.span, node.body))
    for span, body in bodies:
        if any(isinstance(n, ast.Command) and n.verb == "reveal" for n in nodes(body)):
            notes.append(
                Note(
                    span,
                    "cards this trigger reveals stayed face up before language 2; now they go back on "
                    "top of the deck when the trigger is over",
                    needs_person=True,
                )
            )
    return card, tuple(notes)


def draw_from_deck(card: ast.Card, vocab: Vocabulary) -> Upgraded:
    """'draw-from-other-zones': 'draw' drew the top cards of the deck whatever else was written;
    the upgrade writes the plain draw it was ('draw all', which drew the whole deck and discard
    pile, is left to a person)."""
    notes: list[Note] = []

    def fix(node: object) -> object:
        if isinstance(node, ast.Command) and node.verb == "draw":
            new, note = old_draw(node, vocab)
            if note is not None:
                notes.append(note)
            return new
        return node

    return _card(card, fix), tuple(notes)


def old_draw(command: ast.Command, vocab: Vocabulary) -> tuple[ast.Command, Note | None]:
    """A language-1 'draw' as the plain draw it was (``draw N cards``), and a note when it was
    rewritten or cannot be (``draw all``: the whole deck and discard pile)."""
    sel = command.sel
    if sel is None or sel.ref is not None:
        return command, None
    zones = _zones_of(sel, vocab, "deck")
    if len(zones) == 1 and zones[0].name == "wall deck":
        return command, None
    quantity = sel.quantity
    plain_kind = sel.kind is None or all(word in ("card", "cards") for word in sel.kind)
    from_deck = sel.source is None or [zone.name for zone in zones] == ["deck"]
    counted = quantity is None or quantity.kind == "exact"
    if plain_kind and from_deck and counted and sel.where is None:
        return command, None
    if quantity is not None and quantity.kind == "all":
        message = "'draw all' drew the whole deck and discard pile before language 2: write the number meant"
        return command, Note(quantity.span, message, needs_person=True)
    amount: ast.Expr = ast.Num(1, span=sel.span)
    if quantity is not None and quantity.amount is not None:
        amount = quantity.amount
    written = ast.Quantity("exact", amount, span=quantity.span if quantity is not None else sel.span)
    noun = ("card",) if isinstance(amount, ast.Num) and amount.value == 1 else ("cards",)
    plain = ast.Sel(written, noun, binding=sel.binding, span=sel.span)
    note = Note(
        command.span, "'draw' took the top cards of the deck whatever else was written: the upgrade writes that draw"
    )
    return attrs.evolve(command, sel=plain), note


# ---------------------------------------------------------------------- language 3
def old_sums(card: ast.Card, vocab: Vocabulary) -> Upgraded:
    """'test-takes-following-sum': in a count or a measure, an operator after a card test's first
    number belonged to the count: ``number of cards in hand where cost <= 2 + 1`` is ``(number of
    cards in hand where cost <= 2) + 1``. The count is rewritten so where it stands alone; inside
    a larger sum the old grouping depends on brackets the tree does not keep, so a person says
    which is meant."""
    notes: list[Note] = []

    def walk(node: object, in_sum: bool) -> object:
        if isinstance(node, tuple):
            return tuple(walk(item, False) for item in node)
        kind = type(node)
        if not attrs.has(kind):
            return node
        arithmetic = isinstance(node, (ast.BinOp, ast.Neg))
        changes: dict[str, object] = {}
        for field in attrs.fields(kind):
            if field.name in ("span", "name_span"):
                continue
            value = getattr(node, field.name)
            new = walk(value, arithmetic)
            if new is not value:
                changes[field.name] = new
        rebuilt = attrs.evolve(node, **changes) if changes else node  # type: ignore[misc]
        if not isinstance(rebuilt, ast.Aggregate):
            return rebuilt
        split = _trailing_sum(rebuilt)
        if split is None:
            return rebuilt
        if in_sum:
            notes.append(
                Note(
                    rebuilt.span,
                    "the operator after this count's card test belonged to the count before language 3, "
                    "inside a larger sum: put brackets around the count or around the test's number",
                    needs_person=True,
                )
            )
            return rebuilt
        notes.append(
            Note(
                rebuilt.span,
                "the operator after this count's card test belonged to the count: "
                "the upgrade writes the count in brackets",
            )
        )
        return split

    result = walk(card, False)
    assert isinstance(result, ast.Card)
    return result, tuple(notes)


def _trailing_sum(node: ast.Aggregate) -> ast.Expr | None:
    """The old reading of a count whose card test ends in a number worked out without brackets
    (``where cost <= 2 + 1``): the test keeps the first number, the rest applies to the count."""
    where = node.sel.where
    if where is None:
        return None
    last = _last_compare(where)
    if last is None:
        return None
    value = last.value
    if not isinstance(value, ast.BinOp) or (value.span.end_line, value.span.end_column) != (
        last.span.end_line,
        last.span.end_column,
    ):
        return None
    first: ast.Expr = value
    while isinstance(first, ast.BinOp):
        first = first.left
    if not isinstance(first, (ast.Num, ast.VarExpr)):
        return None
    narrowed = attrs.evolve(last, value=first)
    new_where = _replace_last(where, narrowed)
    count = attrs.evolve(node, sel=attrs.evolve(node.sel, where=new_where))

    def leftmost(expr: ast.Expr) -> ast.Expr:
        if isinstance(expr, ast.BinOp):
            return attrs.evolve(expr, left=leftmost(expr.left))
        return count

    return leftmost(value)


def _last_compare(pred: ast.Pred) -> ast.PredCompare | None:
    """The comparison a card test's text ends with, if it ends with one."""
    if isinstance(pred, ast.PredCompare):
        return pred
    if isinstance(pred, (ast.PredAnd, ast.PredOr)) and pred.operands:
        if (pred.span.end_line, pred.span.end_column) != (
            pred.operands[-1].span.end_line,
            pred.operands[-1].span.end_column,
        ):
            return None  # it ends with a bracket
        return _last_compare(pred.operands[-1])
    return None


def _replace_last(pred: ast.Pred, new: ast.PredCompare) -> ast.Pred:
    if isinstance(pred, ast.PredCompare):
        return new
    assert isinstance(pred, (ast.PredAnd, ast.PredOr))
    return attrs.evolve(pred, operands=(*pred.operands[:-1], _replace_last(pred.operands[-1], new)))


# ---------------------------------------------------------------------- language 4
def holders_piles(card: ast.Card, vocab: Vocabulary) -> Upgraded:
    """'owner-is-whose-card': where a command honours the holder's pile (the deck-building 'put'),
    'its owner's ZONE' was the pile of the player whose zone held the card, which is now written
    'its holder's ZONE'. A command that honours only the owner's pile (the Card Game's) always
    meant the true owner, so its cards are left as they are."""
    notes: list[Note] = []

    def fix(node: object) -> object:
        if not isinstance(node, ast.Command) or not isinstance(node.placement, (ast.PlaceOn, ast.PlaceInto)):
            return node
        pile = node.placement.pile
        primitive = vocab.primitives.get(node.verb)
        if pile[:2] != ("its", "owner's") or len(pile) < 3 or primitive is None:
            return node
        if "holder" not in primitive.honours_placement:
            return node
        zone = " ".join(pile[2:])
        notes.append(
            Note(
                node.placement.span,
                f"'its owner's {zone}' was the {zone} of the player whose zone held the card: "
                f"the upgrade writes 'its holder's {zone}'",
            )
        )
        holders = attrs.evolve(node.placement, pile=("its", "holder's", *pile[2:]))
        return attrs.evolve(node, placement=holders)

    return _card(card, fix), tuple(notes)


#: 'for each ...' in a cost change, and the words that say whose buys it changes without counting
_WHOSE_BUYS = {
    ("each", "opponent"): ("opponents",),
    ("each", "other", "player"): ("other", "players"),
    ("each", "player"): ("every", "player"),
}


def whose_buys(card: ast.Card, vocab: Vocabulary) -> Upgraded:
    """'cost-for-each-counts': 'cost 1 less for each opponent' changed what each opponent pays; the
    same players are now written without 'each' ('for opponents'), which keeps that meaning."""
    notes: list[Note] = []

    def fix(node: object) -> object:
        if not isinstance(node, ast.CostStmt) or node.players is None:
            return node
        words = _WHOSE_BUYS.get(tuple(node.players))
        if words is None:
            return node
        notes.append(
            Note(
                node.span,
                f"'for {' '.join(node.players)}' said whose buys the change changes: "
                f"the upgrade writes 'for {' '.join(words)}'",
            )
        )
        return attrs.evolve(node, players=words)

    return _card(card, fix), tuple(notes)


#: the operators that, right after a count's last card test, work on the count from language 4
COUNT_OPERATORS = ("*", "/", "%")


def bracketed_test_values(card: ast.Card, vocab: Vocabulary) -> Upgraded:
    """'arithmetic-after-test-works-on-count': in ``number of cards in hand where cost >= 1 / 2``
    the '/ 2' belonged to the test; it now works on the count unless the value is in brackets,
    so the upgrade writes them (``where cost >= (1 / 2)``)."""
    # The tree keeps no brackets: the compiler tells them from spans (``_test_arithmetic``: a
    # bracket closes between the value's end and the count's), so the rewritten count's span
    # reaches one column past its value, where the formatter writes the ')'. The compiler reads
    # an older set's counts through this rewrite, so the two cannot tell brackets apart otherwise.
    notes: list[Note] = []

    def fix(node: object) -> object:
        value = trailing_arithmetic(node)
        if value is None:
            return node
        assert isinstance(node, ast.Aggregate)
        notes.append(
            Note(
                value.span,
                f"'{value.op}' right after this count's card test worked on the test's value: "
                "the upgrade writes the value in brackets",
            )
        )
        span = node.span
        return attrs.evolve(node, span=attrs.evolve(span, end_column=span.end_column + 1))

    return _card(card, fix), tuple(notes)


def trailing_arithmetic(node: object) -> ast.BinOp | None:
    """The value of a count's last card test when it is a '*', '/' or '%' with no bracket closing
    after it (``where cost >= 1 / 2``), which from language 4 works on the count."""
    if not isinstance(node, ast.Aggregate) or node.sel.where is None or node.sel.binding is not None:
        return None
    last: ast.Pred = node.sel.where
    while isinstance(last, (ast.PredAnd, ast.PredOr)):
        last = last.operands[-1]
    if not isinstance(last, (ast.PredCompare, ast.PredIs)):
        return None
    value = last.value
    if not isinstance(value, ast.BinOp) or value.op not in COUNT_OPERATORS:
        return None
    if (value.span.end_line, value.span.end_column) != (node.span.end_line, node.span.end_column):
        return None  # a bracket closes after the value
    return value


def counted_names(card: ast.Card, vocab: Vocabulary) -> Upgraded:
    """'card-name-in-test-refused': a name given with 'as' standing as a number in a card test
    (``where cost <= X + 2``) was how many cards it names, now written ``number of X``. A name the
    card also gives a number or a player (``let X``, ``choose an opponent as X``) is left to a
    person, who says which it is there."""
    given_cards, given_other = _names_given(card)
    notes: list[Note] = []

    def counted(expr: ast.Expr) -> ast.Expr:
        if isinstance(expr, ast.VarExpr) and expr.name in given_cards:
            if expr.name in given_other:
                notes.append(
                    Note(
                        expr.span,
                        f"'{expr.name}' in this card test was how many cards it names where it names cards, "
                        f"and this card also gives it a number or a player: write 'number of {expr.name}' "
                        "where it names cards",
                        needs_person=True,
                    )
                )
                return expr
            notes.append(
                Note(
                    expr.span,
                    f"'{expr.name}' in a card test was how many cards it names: "
                    f"the upgrade writes 'number of {expr.name}'",
                )
            )
            ref = ast.Ref("var", expr.name, span=expr.span)
            return ast.Aggregate(("number",), ast.Sel(ref=ref, span=expr.span), span=expr.span)
        if isinstance(expr, ast.BinOp):
            left, right = counted(expr.left), counted(expr.right)
            if left is expr.left and right is expr.right:
                return expr
            return attrs.evolve(expr, left=left, right=right)
        if isinstance(expr, ast.Neg):
            operand = counted(expr.operand)
            return expr if operand is expr.operand else attrs.evolve(expr, operand=operand)
        return expr

    def fix(node: object) -> object:
        if not isinstance(node, (ast.PredCompare, ast.PredIs)):
            return node
        attribute = vocab.attributes.get(node.attribute)
        if attribute is None or attribute.data.get("kind") != "number":
            return node
        if isinstance(node.value, (ast.Word, ast.Str, ast.Num)):
            return node
        value = counted(node.value)
        return node if value is node.value else attrs.evolve(node, value=value)

    return _card(card, fix), tuple(notes)


def _names_given(card: ast.Card) -> tuple[set[str], set[str]]:
    """The names the card gives to cards (``as X``), and those it gives a number or a player."""
    cards: set[str] = set()
    other: set[str] = set()
    if card.field(_VARIABLE_COST) is not None:
        other.add("X")
    players = [node.sel for node in nodes(card) if isinstance(node, ast.ChoosePlayerStmt)]
    for node in nodes(card):
        if isinstance(node, ast.LetStmt):
            other.add(node.name)
        elif isinstance(node, ast.Sel) and node.binding:
            (other if any(node is sel for sel in players) else cards).add(node.binding)
    return cards, other


#: the family field whose card names a number 'X' (the compiler's ``VARIABLE_COST``)
_VARIABLE_COST = "variable-cost"


# ---------------------------------------------------------------------- rules added later
def say_nothing_designed(card: ast.Card, vocab: Vocabulary) -> Upgraded:
    """'rulebook-cards-say-designed': a rulebook card without 'designed' claimed every fact as the
    rulebook's; the upgrade writes that claim out (``designed "none"``) for its author to check."""
    provenance = card.field("provenance")
    if provenance is None or provenance.value != ("rulebook",) or card.field("designed") is not None:
        return card, ()
    items = list(card.items)
    at = items.index(provenance) + 1
    items.insert(at, ast.Field("designed", "none", span=provenance.span))
    note = Note(
        provenance.span,
        "the upgrade writes 'designed \"none\"', what a rulebook card claimed before 'designed' "
        "existed: name the facts that are yours, if any are",
    )
    return attrs.evolve(card, items=tuple(items)), (note,)


def top_cards_discarded(card: ast.Card, vocab: Vocabulary) -> Upgraded:
    """'few-from-pile-are-top-cards': before language 5, 'discard a card from deck' let the
    player choose any card of the deck. No words say that now (a deck is taken from its top), so
    each such command is left as written and named for a person to check."""
    notes: list[Note] = []

    def look(node: object) -> object:
        if not isinstance(node, ast.Command) or node.sel is None:
            return node
        primitive = vocab.primitives.get(node.verb)
        if primitive is None or not primitive.top_of_piles:
            return node
        quantity = node.sel.quantity
        if quantity is not None and quantity.kind in ("all", "random"):
            return node
        zones = _zones_of(node.sel, vocab, primitive.default_zone)
        if any(zone.top_only for zone in zones):
            notes.append(
                Note(
                    node.span,
                    f"'{node.verb}' from a deck let the player choose any of its cards before language 5; it "
                    "now takes the top cards: check that this is what the card means",
                    needs_person=True,
                )
            )
        return node

    return _card(card, look), tuple(notes)
