"""The canonical layout of a card script.

Two-space indentation, one statement a line, single spaces between words, a blank line between
cards, parentheses only where precedence needs them. ``format`` is idempotent and
``parse(format(script)) == script`` holds for every script the parser accepts.
"""

from __future__ import annotations

from lotr_rules.dsl import ast

INDENT = "  "


def quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


# ---------------------------------------------------------------------- expressions
_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2, "%": 2}


def format_expr(expr: ast.Expr, parent: int = 0, right_side: bool = False) -> str:
    if isinstance(expr, ast.Num):
        return str(expr.value)
    if isinstance(expr, ast.PlayersHit):
        return "players hit"
    if isinstance(expr, ast.VarExpr):
        return expr.name
    if isinstance(expr, ast.TokensOn):
        return f"tokens on {' '.join(expr.counter)}"
    if isinstance(expr, ast.PowerRead):
        return "power"
    if isinstance(expr, ast.CondExpr):
        return f"(if {format_cond(expr.cond)} then {format_expr(expr.then)} else {format_expr(expr.otherwise)})"
    if isinstance(expr, ast.Neg):
        inner = format_expr(expr.operand, 3)
        if isinstance(expr.operand, ast.Neg):
            inner = f"({inner})"  # `--1` does not parse: `-` takes an atom, and `-1` is not one
        return f"-{inner}"
    if isinstance(expr, ast.Aggregate):
        # No brackets needed here: a comparison or `power` always ends a selection, and an
        # operator after a `where` test gets its brackets from the operator's side.
        return f"{' '.join(expr.words)} of {format_sel(expr.sel, count=True)}"
    precedence = _PRECEDENCE[expr.op]
    left = format_expr(expr.left, precedence)
    bracketed = isinstance(expr.left, ast.BinOp) and _PRECEDENCE[expr.left.op] < precedence
    if _ends_with_test(expr.left) and not bracketed:
        # a card test's number would take the operator for its own (`where cost <= 2 + 1`)
        left = f"({left})"
    right = format_expr(expr.right, precedence, right_side=True)
    text = f"{left} {expr.op} {right}"
    needs = precedence < parent or (right_side and precedence == parent)
    return f"({text})" if needs else text


def _ends_with_test(expr: ast.Expr) -> bool:
    """Whether the text of ``expr`` ends with a selection's ``where`` test."""
    while isinstance(expr, (ast.BinOp, ast.Neg)):
        expr = expr.right if isinstance(expr, ast.BinOp) else expr.operand
    return isinstance(expr, ast.Aggregate) and expr.sel.where is not None


def _atom(expr: ast.Expr) -> str:
    """An expression where the grammar wants an atom (``up to N``, ``random N``)."""
    # not ``tokens on ...``: its words would run on into what follows (``up to tokens on x cards``)
    if isinstance(expr, (ast.Num, ast.PlayersHit, ast.VarExpr, ast.CondExpr, ast.PowerRead)):
        return format_expr(expr)
    return f"({format_expr(expr)})"


# ---------------------------------------------------------------------- selections
def format_ref(ref: ast.Ref) -> str:
    return ref.name if ref.kind == "var" else ref.kind


def format_quantity(quantity: ast.Quantity) -> str:
    if quantity.kind == "exact":
        assert isinstance(quantity.amount, ast.Num)
        return str(quantity.amount.value)
    if quantity.kind == "one":
        return quantity.article or "a"
    if quantity.kind == "all":
        return "all"
    if quantity.article == ast.ANY_NUMBER:
        return ast.ANY_NUMBER
    assert quantity.amount is not None
    word = "up to" if quantity.kind == "up_to" else "random"
    return f"{word} {_atom(quantity.amount)}"


def format_pred_value(value: ast.PredValue, count_end: bool = False) -> str:
    if isinstance(value, ast.Str):
        return quote(value.text)
    if isinstance(value, ast.Word):
        return value.text
    text = format_expr(value)
    # A worked-out number in a card test starts with a number, a name or a one-word measure
    # (`cost of X + 2`); one that starts otherwise, ends with a measure, or holds a test of its
    # own whose 'and'/'or' would run on into this one, is bracketed. So is one that ends a
    # count's test (``count_end``): before language 3 an operator there belonged to the count,
    # so only the bracketed `where cost <= (2 + 1)` means the same in every version.
    if (
        (count_end and isinstance(value, ast.BinOp))
        or _leftmost_long_measure(value)
        or _holds_test(value)
        or _rightmost_measure(value)
    ):
        return f"({text})"
    return text


def _rightmost_measure(expr: ast.Expr) -> bool:
    """A measure at the end would take the selection's 'as X' for its own."""
    while isinstance(expr, (ast.BinOp, ast.Neg)):
        expr = expr.right if isinstance(expr, ast.BinOp) else expr.operand
    return isinstance(expr, ast.Aggregate)


def _leftmost_long_measure(expr: ast.Expr) -> bool:
    while isinstance(expr, ast.BinOp):
        expr = expr.left
    return isinstance(expr, ast.Aggregate) and len(expr.words) != 1


def _holds_test(expr: ast.Expr) -> bool:
    if isinstance(expr, ast.Aggregate):
        return expr.sel.where is not None
    if isinstance(expr, ast.BinOp):
        return _holds_test(expr.left) or _holds_test(expr.right)
    if isinstance(expr, ast.Neg):
        return _holds_test(expr.operand)
    return False


def _needs_brackets(node: ast.Pred | ast.Cond, inside: str, explicit: bool) -> bool:
    """Whether a predicate or condition is bracketed as an operand of ``inside`` (``not``, ``and``
    or ``or``). ``not`` binds tightest, then ``and``, then ``or``; and the parser reads a chain of
    one operator as one node, so a node nested in one of its own kind is bracketed too, to come
    back as it was. ``explicit`` brackets every ``and``/``or`` inside another operator, for a
    reader who does not know which binds tighter (the parser reads both alike)."""
    if isinstance(node, (ast.PredOr, ast.CondOr)):
        return True
    return isinstance(node, (ast.PredAnd, ast.CondAnd)) and (explicit or inside != "or")


def format_pred(pred: ast.Pred, parent: str = "", explicit: bool = False, count_end: bool = False) -> str:
    """``parent`` is the operator ``pred`` is an operand of, if any; ``explicit``: see
    :func:`_needs_brackets`; ``count_end``: the test ends a count (see :func:`format_pred_value`)."""
    if parent and _needs_brackets(pred, parent, explicit):
        return f"({format_pred(pred, explicit=explicit, count_end=count_end)})"
    if isinstance(pred, ast.PredCompare):
        return f"{pred.attribute} {pred.op} {format_pred_value(pred.value, count_end)}"
    if isinstance(pred, ast.PredIs):
        negation = "not " if pred.negated else ""
        return f"{pred.attribute} is {negation}{format_pred_value(pred.value, count_end)}"
    if isinstance(pred, ast.PredContains):
        return f"{pred.attribute} contains {quote(pred.text)}"
    if isinstance(pred, ast.PredNot):
        return f"not {format_pred(pred.operand, 'not', explicit, count_end)}"
    word = "and" if isinstance(pred, ast.PredAnd) else "or"
    last = len(pred.operands) - 1
    return f" {word} ".join(
        format_pred(p, word, explicit, count_end and i == last) for i, p in enumerate(pred.operands)
    )


def format_sel(sel: ast.Sel, explicit: bool = False, count: bool = False) -> str:
    """``explicit``: bracket the ``where`` test for a reader (see :func:`_needs_brackets`)."""
    if sel.ref is not None:
        text = format_ref(sel.ref)
        return f"{text} as {sel.binding}" if sel.binding else text
    parts: list[str] = []
    if sel.quantity is not None:
        parts.append(format_quantity(sel.quantity))
    if sel.kind:
        parts.append(" ".join(sel.kind))
    if sel.source is not None:
        parts.append(f"{sel.source.preposition} {' '.join(sel.source.words)}")
    if sel.where is not None:
        parts.append(f"where {format_pred(sel.where, explicit=explicit, count_end=count)}")
    if sel.binding:
        parts.append(f"as {sel.binding}")
    return " ".join(parts)


# ---------------------------------------------------------------------- conditions
def _open_end(expr: ast.Expr, parent: int = 0, right_side: bool = False) -> frozenset[str]:
    """The words that, written right after ``expr``, would be read as part of it: a selection that
    ends in ``where ...`` takes a following ``and``/``or`` into its predicate, one that ends in
    ``from``/``in`` a following ``or`` into its source phrase."""
    while True:
        if isinstance(expr, ast.BinOp):
            precedence = _PRECEDENCE[expr.op]
            if precedence < parent or (right_side and precedence == parent):
                return frozenset()  # bracketed by format_expr
            expr, parent, right_side = expr.right, precedence, True
        elif isinstance(expr, ast.Neg):
            if isinstance(expr.operand, ast.Neg):
                return frozenset()
            expr, parent, right_side = expr.operand, 3, False
        elif isinstance(expr, ast.Aggregate):
            sel = expr.sel
            if sel.ref is not None or sel.binding:
                return frozenset()
            if sel.where is not None:
                return frozenset({"and", "or"})
            return frozenset({"or"}) if sel.source is not None else frozenset()
        else:
            return frozenset()


def format_cond(cond: ast.Cond, follow: str = "", parent: str = "", explicit: bool = False) -> str:
    """``follow`` is the word written right after the condition (``and``, ``or``), if any;
    ``parent`` the operator it is an operand of (``not``, ``and``, ``or``), if any; ``explicit``:
    see :func:`_needs_brackets`."""
    if parent and _needs_brackets(cond, parent, explicit):
        return f"({format_cond(cond, explicit=explicit)})"  # the ')' ends it: nothing follows inside
    if isinstance(cond, ast.CondCompare):
        left = format_expr(cond.left)
        right = format_expr(cond.right)
        if follow in _open_end(cond.right):
            right = f"({right})"
        return f"{left} {cond.op} {right}"
    if isinstance(cond, ast.CondIs):
        negation = "not " if cond.negated else ""
        return f"{format_ref(cond.ref)} is {negation}{cond.word}"
    if isinstance(cond, ast.CondNamed):
        return f"{format_ref(cond.ref)} named {quote(cond.name)}"
    if isinstance(cond, ast.CondState):
        return ("the " if cond.article else "") + " ".join(cond.words)
    if isinstance(cond, ast.CondNot):
        return f"not {format_cond(cond.operand, follow, 'not', explicit)}"
    joiner = "and" if isinstance(cond, ast.CondAnd) else "or"
    last = len(cond.operands) - 1
    return f" {joiner} ".join(
        format_cond(c, follow if index == last else joiner, joiner, explicit) for index, c in enumerate(cond.operands)
    )


# ---------------------------------------------------------------------- statements
def _block(body: ast.Block, depth: int) -> list[str]:
    lines: list[str] = []
    for stmt in body:
        lines.extend(format_stmt(stmt, depth))
    return lines


def _simple(stmt: ast.Stmt) -> str:
    if isinstance(stmt, ast.PowerStmt):
        text = f"{'-' if stmt.lose else '+'}{format_expr(stmt.amount)} power"
        if stmt.per_each is not None:
            text += f" for each {format_sel(stmt.per_each)}"
        return text
    if isinstance(stmt, ast.LetStmt):
        return f"let {stmt.name} = {format_expr(stmt.value)}"
    if isinstance(stmt, ast.CostStmt):
        return format_cost(stmt)
    if isinstance(stmt, ast.TokenStmt):
        counter = " ".join(stmt.counter)
        if stmt.amount is None:
            return f"remove all tokens from {counter}"
        amount = format_expr(stmt.amount)
        if _ends_with_words(stmt.amount):
            amount = f"({amount})"
        noun = "token" if isinstance(stmt.amount, ast.Num) and stmt.amount.value == 1 else "tokens"
        preposition = "to" if stmt.op == "add" else "from"
        return f"{stmt.op} {amount} {noun} {preposition} {counter}"
    if isinstance(stmt, ast.AmountStmt):
        return f"{stmt.verb} {_amount(stmt.amount)} {stmt.kind} {stmt.prep} {format_sel(stmt.target)}"
    if isinstance(stmt, ast.GiveStmt) and stmt.word:
        text = f"give {stmt.stat} {stmt.word} to {format_sel(stmt.target)}"
        return text if stmt.until is None else f"{text} until end of {stmt.until}"
    if isinstance(stmt, ast.GiveStmt):
        sign = "+" if stmt.sign > 0 else "-"
        text = f"give {sign}{_atom(stmt.amount)} {stmt.stat} to {format_sel(stmt.target)}"
        return text if stmt.until is None else f"{text} until end of {stmt.until}"
    if isinstance(stmt, ast.CounterStmt):
        return f"{stmt.op} {' '.join(stmt.counter)} by {format_expr(stmt.amount)}"
    if isinstance(stmt, ast.CostStep):
        return f"cost {_simple(stmt.step)}"
    if isinstance(stmt, ast.Command):
        parts = [stmt.verb]
        if stmt.sel is not None:
            parts.append(format_sel(stmt.sel))
        if isinstance(stmt.placement, ast.PlaceOn):
            parts.append(f"on {stmt.placement.position} of {' '.join(stmt.placement.pile)}")
        elif isinstance(stmt.placement, ast.PlaceUnder):
            parts.append(f"under {format_ref(stmt.placement.ref)}")
        elif isinstance(stmt.placement, ast.PlaceInto):
            parts.append(f"into {' '.join(stmt.placement.pile)}")
        if stmt.guard:
            parts.append(f"without {stmt.guard}")
        return " ".join(parts)
    raise TypeError(f"not a simple statement: {stmt!r}")


def _amount(amount: ast.Expr | None) -> str:
    """An amount before its kind word (``2`` in ``deal 2 damage``; ``all``), bracketed where the
    kind word could be read into it."""
    if amount is None:
        return "all"
    text = format_expr(amount)
    return f"({text})" if _ends_with_words(amount) else text


def _ends_with_words(expr: ast.Expr) -> bool:
    """Whether ``expr`` ends in a phrase of words that a following ``token``/``tokens`` could be
    read into (``number of cards in drawn tokens``): safer in brackets."""
    while isinstance(expr, ast.BinOp):
        expr = expr.right
    if isinstance(expr, ast.Neg):
        return _ends_with_words(expr.operand)
    return isinstance(expr, ast.Aggregate) and expr.sel.ref is None and not expr.sel.binding


def format_cost(stmt: ast.CostStmt) -> str:
    """``next ally costs 2 less``, ``all enemies where cost >= 2 cost 1 more for each opponent``."""
    parts = [stmt.scope, " ".join(stmt.kind)]
    if stmt.where is not None:
        parts.append(f"where {format_pred(stmt.where)}")
    parts.extend((stmt.verb, format_expr(stmt.amount), stmt.way))
    if stmt.players:
        parts.append(f"for {' '.join(stmt.players)}")
    return " ".join(parts)


_SIMPLE = (
    ast.PowerStmt,
    ast.LetStmt,
    ast.Command,
    ast.TokenStmt,
    ast.CostStmt,
    ast.AmountStmt,
    ast.GiveStmt,
    ast.CounterStmt,
    ast.CostStep,
)


def format_stmt(stmt: ast.Stmt, depth: int) -> list[str]:
    pad = INDENT * depth
    if isinstance(stmt, _SIMPLE):
        return [pad + _simple(stmt)]
    if isinstance(stmt, ast.NextTurnStmt):
        return [f"{pad}next turn {{", *_block(stmt.body, depth + 1), pad + "}"]
    if isinstance(stmt, ast.PayStmt):
        return [f"{pad}pay {format_expr(stmt.amount)} power {{", *_block(stmt.body, depth + 1), pad + "}"]
    if isinstance(stmt, ast.IfStmt):
        lines: list[str] = []
        for index, branch in enumerate(stmt.branches):
            opener = "if" if index == 0 else "} else if"
            lines.append(f"{pad}{opener} {format_cond(branch.cond)} {{")
            lines.extend(_block(branch.body, depth + 1))
        if stmt.otherwise is not None:
            lines.append(f"{pad}}} else {{")
            lines.extend(_block(stmt.otherwise, depth + 1))
        lines.append(pad + "}")
        return lines
    if isinstance(stmt, ast.MayStmt):
        if not stmt.braced and len(stmt.body) == 1 and isinstance(stmt.body[0], _SIMPLE):
            return [f"{pad}may {_simple(stmt.body[0])}"]
        return [f"{pad}may {{", *_block(stmt.body, depth + 1), pad + "}"]
    if isinstance(stmt, ast.ChooseStmt):
        lines = [f"{pad}choose {{"]
        for option in stmt.options:
            lines.append(f"{pad}{INDENT}option {quote(option.label)} {{")
            lines.extend(_block(option.body, depth + 2))
            lines.append(f"{pad}{INDENT}}}")
        lines.append(pad + "}")
        return lines
    if isinstance(stmt, ast.RepeatStmt):
        return [f"{pad}repeat {format_expr(stmt.count)} {{", *_block(stmt.body, depth + 1), pad + "}"]
    if isinstance(stmt, ast.RepeatUntilStmt):
        return [f"{pad}repeat until {format_cond(stmt.cond)} {{", *_block(stmt.body, depth + 1), pad + "}"]
    if isinstance(stmt, ast.ChoosePlayerStmt):
        return [f"{pad}choose {format_sel(stmt.sel)}"]
    if isinstance(stmt, ast.ForEachStmt):
        return [f"{pad}for each {format_sel(stmt.sel)} {{", *_block(stmt.body, depth + 1), pad + "}"]
    if isinstance(stmt, ast.AttackStmt):
        guard = f" without {stmt.guard}" if stmt.guard else ""
        return [
            f"{pad}attack {' '.join(stmt.players)}{guard} {{",
            *_block(stmt.body, depth + 1),
            pad + "}",
        ]
    return [
        f"{pad}{stmt.keyword} {' '.join(stmt.phrase)} {{",
        *_block(stmt.body, depth + 1),
        pad + "}",
    ]


# ---------------------------------------------------------------------- cards
def format_field(field: ast.Field) -> str:
    # A field is written back by the kind of value it holds, whatever its name (a lone quoted
    # text is a string; words, numbers and quoted texts together are kept as written).
    value = field.value
    if isinstance(value, str):
        return f"{field.key} {quote(value)}"
    if isinstance(value, tuple):
        return f"{field.key} {' '.join(value)}"
    if isinstance(value, int):
        return f"{field.key} {value}"
    return f"{field.key} {format_expr(value)}"


def format_ability(ability: ast.Ability, depth: int) -> list[str]:
    pad = INDENT * depth
    if ability.kind == "quest":
        assert ability.goal is not None and ability.reward is not None
        return [
            f"{pad}quest {{",
            f"{pad}{INDENT}goal {format_cond(ability.goal)}",
            f"{pad}{INDENT}victory {format_expr(ability.reward)}",
            pad + "}",
        ]
    head = ability.kind
    if ability.by_each_player:
        head += " by each player"
    if ability.once:
        head += f" once per {ability.period}" if ability.times == 1 else f" {ability.times} times per {ability.period}"
    if ability.cost is not None:
        head += f" pay {format_expr(ability.cost)} power"
    if ability.always:
        head += " always"
    if ability.phrase:
        head += " " + " ".join(ability.phrase)
    if ability.guard:
        head += f" without {ability.guard}"
    return [f"{pad}{head} {{", *_block(ability.body, depth + 1), pad + "}"]


def format_card(card: ast.Card) -> str:
    lines = [f"card {quote(card.name)} {{"]
    for item in card.items:
        if isinstance(item, ast.Field):
            lines.append(INDENT + format_field(item))
        else:
            lines.extend(format_ability(item, 1))
    lines.append("}")
    return "\n".join(lines) + "\n"


def format_script(script: ast.Script) -> str:
    return "\n".join(format_card(card) for card in script.cards)
