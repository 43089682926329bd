"""The card-script language reference, generated from the grammar and the vocabulary registry.

Every word a script may use comes from one of two places: the Lark grammar (the shapes of
fields, abilities, statements, selections, conditions and numbers) and the deck-building
family's :class:`~lotr_rules.engine.registry.Vocabulary` (commands, zones, card types, players,
states, triggers, measures, attributes). This page lists both, so nothing a script can say is
left undocumented. The prose around each entry explains it; the entries themselves are read
from the code each time the page is rendered.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from lotr_rules import LANGUAGE_VERSION
from lotr_rules.dsl import compiler as dsl_compiler
from lotr_rules.dsl import parser as dsl_parser
from lotr_rules.dsl.comments import format_keeping_comments
from lotr_rules.engine import game as engine_game
from lotr_rules.engine.fields import COMMON_FIELDS, KINDS, FieldDecl
from lotr_rules.engine.registry import ARG_KINDS, CONTEXT_DOCS, SELECTION_PARTS, Primitive, Vocabulary
from lotr_rules.errors import ScriptSyntaxError
from lotr_rules.limits import MAX_LOOP_ROUNDS, MAX_SCRIPT_TOKENS, SCRIPT_NUMBER_MAX
from lotr_rules.resources import grammar_text

PAGE = "reference.md"

# ---------------------------------------------------------------------- reading the grammar
Alternative = tuple[str, str]  # (expansion, alias or "")

_RULE_START = re.compile(r"^\??([a-z_][a-z0-9_]*)\s*:(.*)$")
_TERMINAL_START = re.compile(r"^([A-Z_][A-Z0-9_]*)\s*:\s*(.*)$")
_SYMBOL = re.compile(r'"(?:\\.|[^"\\])*"|/(?:\\.|[^/\\])+/|[\[\]()]|[A-Za-z_][A-Za-z0-9_]*[+*?]?|[+*?]')


def _strip_comments(text: str) -> list[str]:
    return [line for line in text.splitlines() if not line.lstrip().startswith("//")]


def _split_alternatives(body: str) -> list[str]:
    """Split a rule body at the ``|`` that are not inside quotes, regexps or brackets."""
    parts: list[str] = []
    depth = 0
    current: list[str] = []
    quote = ""
    escaped = False
    for char in body:
        if quote:
            current.append(char)
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == quote:
                quote = ""
            continue
        if char in '"/':
            quote = char
        elif char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        elif char == "|" and depth == 0:
            parts.append("".join(current).strip())
            current = []
            continue
        current.append(char)
    parts.append("".join(current).strip())
    return [p for p in parts if p]


def grammar_rules(text: str) -> dict[str, list[Alternative]]:
    """Each rule of the grammar, with its alternatives and their ``-> alias`` names."""
    bodies: dict[str, list[str]] = {}
    current: str | None = None
    for line in _strip_comments(text):
        match = _RULE_START.match(line)
        if match:
            current = match.group(1)
            bodies[current] = [match.group(2)]
        elif current is not None and line[:1].isspace() and line.strip():
            bodies[current].append(line.strip())
        else:
            current = None
    rules: dict[str, list[Alternative]] = {}
    for name, lines in bodies.items():
        alternatives: list[Alternative] = []
        for part in _split_alternatives(" ".join(lines)):
            expansion, _, alias = part.partition("->")
            alternatives.append((expansion.strip(), alias.strip()))
        rules[name] = alternatives
    return rules


def grammar_terminals(text: str) -> dict[str, str]:
    """Named terminals (``WORD: /.../``) and their definitions."""
    out: dict[str, str] = {}
    for line in _strip_comments(text):
        match = _TERMINAL_START.match(line)
        if match:
            out[match.group(1)] = match.group(2).strip()
    return out


#: How a grammar symbol reads in a syntax line of this page.
_PLACEHOLDERS = {
    "WORD": "word",
    "WORD+": "word ...",
    "INT": "N",
    "STRING": '"text"',
    "VAR": "X",
    "CMP_OP": "OP",
    "NOT": "not",
    "THE": "the",
    "expr": "NUMBER",
    "atom": "NUMBER",
    "cond": "CONDITION",
    "block": "{ ... }",
    "sel": "CARDS",
    "command_sel": "CARDS",
    "guard": "without WORD",
    "trigger_phrase": "PHRASE",
    "player_phrase": "PLAYERS",
    "placement": "DESTINATION",
    "per_each": "for each CARDS",
    "ref": "this/it/X",
    "place_phrase": "ZONE",
    "source_phrase": "ZONE",
    "pred": "PREDICATE",
    "pred_atom": "PREDICATE",
    "pred_value": "VALUE",
    "cond_atom": "CONDITION",
    "option+": 'option "label" { ... } ...',
    "elif_clause*": "[else if CONDITION { ... }] ...",
    "else_clause": "else { ... }",
    "aggregate_words": "MEASURE",
    "kind_phrase": "KIND",
    "source": "from/in ZONE",
    "where": "where PREDICATE",
    "binding": "as X",
    "quantity": "QUANTITY",
    "limit": "LIMIT",
    "by_each_player": "by each player",
    "amount_verb": "deal/heal/place",
    "amount": "NUMBER/all",
    "amount_prep": "to/on/from",
    "signed": "+NUMBER/-NUMBER",
    "duration": "until end of PERIOD",
    "counter_phrase": "COUNTER",
    "COST": "cost",
    "TO": "to",
    "FROM": "from",
    "action_cost": "pay NUMBER power",
    "cost_scope": "next/all",
    "cost_kind": "KIND",
    "cost_verb": "cost/costs",
    "cost_way": "less/more",
    "state_phrase": "STATE",
    "simple_stmt": "STATEMENT",
    "product": "NUMBER",
    "sum": "NUMBER",
    "unary": "NUMBER",
    "_NL": "",
    "_NL?": "",
}


def syntax_of(expansion: str) -> str:
    """A grammar expansion as a reader writes it: ``"play" block _NL`` is ``play { ... }``."""
    words: list[str] = []
    for symbol in _SYMBOL.findall(expansion):
        if symbol.startswith('"'):
            words.append(symbol[1:-1])
        elif symbol in ("[", "]", "(", ")"):
            words.append(symbol)
        elif symbol in _PLACEHOLDERS:
            words.append(_PLACEHOLDERS[symbol])
        else:
            words.append(symbol)
    text = " ".join(w for w in words if w)
    text = text.replace("[ ", "[").replace(" ]", "]").replace("( ", "(").replace(" )", ")")
    text = re.sub(r"\s+", " ", text).strip()
    return re.sub(r"^([+-]) ", r"\1", text)


def leading_keywords(expansion: str) -> str:
    """The literal words an alternative starts with: ``"group" "ambush" [guard] block`` gives
    ``group ambush``."""
    words: list[str] = []
    for symbol in _SYMBOL.findall(expansion):
        if symbol.startswith('"') and symbol[1:-1].isalpha():
            words.append(symbol[1:-1])
        else:
            break
    return " ".join(words)


# ---------------------------------------------------------------------- checking behaviour
_CARD_HEAD = 'card "Sample" {\n  id sample\n  type ally\n  provenance designed\n  text "sample"\n'


def _parses(text: str) -> bool:
    try:
        dsl_parser.parse(text)
    except ScriptSyntaxError:
        return False
    return True


def _play_parses(*lines: str) -> bool:
    body = "".join(f"    {line}\n" for line in lines)
    return _parses(_CARD_HEAD + "  play {\n" + body + "  }\n}\n")


def _formatter_keeps_comments() -> bool:
    text = "# note\n" + _CARD_HEAD + "}\n"
    try:
        return "# note" in format_keeping_comments(dsl_parser.parse(text), text)
    except ScriptSyntaxError:
        return False


# ---------------------------------------------------------------------- markdown helpers
def _code(text: str) -> str:
    if "`" in text:
        return f"`` {text} ``"
    return f"`{text}`"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _table(headers: Sequence[str], rows: Iterable[Sequence[str]]) -> list[str]:
    out = ["| " + " | ".join(headers) + " |", "|" + "|".join(" --- " for _ in headers) + "|"]
    for row in rows:
        out.append("| " + " | ".join(_cell(c) for c in row) + " |")
    out.append("")
    return out


def _block(code: str, language: str = "text") -> list[str]:
    return [f"```{language}", *code.rstrip("\n").splitlines(), "```", ""]


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?", ")")) else text + "."


# ---------------------------------------------------------------------- prose tables
#: What the reference says of the fields every card has, by name (the families' fields are
#: documented by their declarations).
FIELD_DOCS = {
    "id": "The card's identifier: lowercase words joined by hyphens. It must equal the file name "
    "without `.card` (E152) and be unique in its set (E153). A card is its set and its id, never its "
    "title: sets may share a title, and where they do, files and tools name one card by its title "
    "and set in brackets, `Aragorn (lcg-core)` (E330).",
    "type": "One or more card types from the table below, separated by spaces (a card of two "
    "types, such as an Enemy that is also an Ally, is both everywhere). `type none` is for cards "
    "that have no type at all, such as Corruption.",
    "provenance": "Where the card's content comes from: `rulebook` when a rulebook states it, "
    "`designed` when it was made up for the set.",
    "designed": "Which facts of the card are ours rather than a rulebook's, in quotes and "
    "separated by spaces or commas: any of `name`, `effect`, `cost`, `power`, `victory`, `copies`, "
    '`level`, `starting-card`, `aggression`, `directions`, or `none` (`designed "cost copies"`). '
    "Required on a `rulebook` card (E143), so a designed number never passes for the rulebook's; a "
    "`designed` card without it is designed through and through. The galleries, `lotr-rules cards` "
    "and `lotr-rules show` print it.",
    "text": "The card's text, as players read it. A keyword written as a label (`Attack:`, "
    "`Defense:`, `Ambush:`, `Ongoing:`, `Fortune:`) promises that the script has that ability; the "
    "linter warns (W201) when it does not.",
    "notes": "Free notes for authors and reviewers: what is designed and why, sources, doubts. "
    "`lotr-rules show` prints them; the engine ignores them.",
    "gap": "What the card's script does not do of what the card says, in quotes, one thing a line; "
    'it may be given on several lines (`gap "does not ..."`), each a text (E191 otherwise, W354 '
    "when empty). A card without one claims its script does all the card says. `lotr-rules show` "
    "prints them, and the Card Game galleries' Coverage table lists each card as faithful or with "
    "its gaps; the engine ignores them. A gap written as a comment (`# gap: ...`) is not read, and "
    "the linter says so (W355).",
}

#: Defaults and extra remarks that are not in the vocabulary.
DECK_DOCS = {
    "main": "the main deck, from which the Path is filled",
    "starter": "the cards every starting deck is made of (the counts come from the set's `set.toml`)",
    "hero": "the oversized hero cards dealt to the players",
    "starting": "a hero's unique starting card",
    "valor": "the Valor stack",
    "corruption": "the Corruption stack",
    "archenemy": "the Archenemy stack of a standard game",
    "impossible archenemy": "the Archenemy stack of Impossible Mode",
    "wall": "The Wall deck",
    "breach": "the card shuffled into The Wall deck that breaches it",
    "one ring": "The One Ring, which starts behind the stacks",
}

ABILITY_EXAMPLES = {
    "play": "play {\n  draw 2\n}",
    "defense": "defense {\n  discard this\n  draw 1\n}",
    "ambush": "ambush {\n  gain a corruption\n}",
    "group ambush": "group ambush {\n  draw 1 from wall deck\n}",
    "ongoing": "ongoing {\n  +1 power\n}",
    "fortune": "fortune {\n  gain a valor\n}",
    "when": "when you defeat an enemy {\n  draw 1\n}",
    "at": "at start of your turn {\n  draw 1\n}",
    "quest": "quest {\n  goal number of cards under this >= 3\n  victory 6\n}",
    "action": "action pay 2 power {\n  draw 1\n}",
    "while": "while in front of you {\n  all allies cost 1 less\n  all enemies cost 1 more for opponents\n}",
    "response": "response after this commits {\n  cost exhaust this\n  place 1 progress on active location\n}",
    "forced": "forced after this engages you {\n  raise threat by 2\n}",
    "shadow": "shadow {\n  give +1 attack to attacking enemy until end of phase\n}",
    "travel": "travel {\n  cost exhaust a hero in play area\n}",
}

FAMILY_ABILITY_DOCS = {
    "response": "the LCG: a Response. Just after (or, for a `when ... would ...` phrase, just before) "
    "what its phrase names, its player may use it, paying its `cost` lines first; with a limit "
    "(`once per round`, `2 times per phase`) at most that often. An event's Response is played from "
    "the hand and paid for. See Triggers below",
    "forced": "the LCG: a Forced effect. It resolves by itself each time what its phrase names "
    "happens; it has no cost and no limit (E183, E186)",
    "shadow": "the LCG: resolves when the card, dealt face down to an attacking enemy, is turned up "
    "during the attack; `attacking enemy` is the enemy it was dealt to",
    "travel": "the LCG: resolves when the players travel to the location. Its `cost` lines must be "
    "payable for the players to travel there at all",
    "effect": "the Adventure Deck: resolves when this is the last card drawn in a turn. Written "
    "`effect always`, it resolves even when a rule or another card says to skip the effect",
    "search": "the Adventure Deck: resolves when the player spends a turn searching back through the "
    "discard pile and finds this card",
}

TRIGGER_ABILITY_DOCS = {
    "when": "a triggered ability: it runs each time the event its phrase names happens, while the card "
    "is in front of its owner (or, for phrases about this card itself, wherever the card is). See "
    "Triggers below.",
    "at": "a triggered ability on a moment of the turn, such as `at start of your turn`, while the "
    "card is in front of its owner. See Triggers below.",
}

#: Statements, by the grammar alias of their rule alternative: what they do, and an example.
STATEMENT_DOCS: dict[str, tuple[str, str]] = {
    "amount_stmt": (
        "Puts an amount of a kind the family keeps on cards (the LCG: damage, progress, resources). "
        "`deal N damage to CARDS` (enough destroys a character or an enemy), `heal N damage from "
        "CARDS` (`heal all damage from CARDS`), `place N progress on CARDS` (enough explores a "
        "location or completes the quest stage). Each verb takes its own word (E184).",
        "deal 1 damage to attacking enemy\nheal all damage from a hero in play\nplace 2 progress on active location",
    ),
    "add_amount": (
        "Adds an amount to cards: `add N resources to CARDS` (a hero's resource pool).",
        "add 2 resources to attached hero",
    ),
    "remove_amount": (
        "Takes an amount off cards, never below 0: `remove N progress from CARDS`, `remove all "
        "progress from CARDS`, `remove N resources from CARDS`.",
        "remove 4 progress from current quest",
    ),
    "give_stmt": (
        "Changes a stat of cards. Given by an effect it lasts until the end of the phase or round "
        "it says (E185 without one), and reaches the cards it matched when it resolved. In a "
        "`while` block it says no period: it holds as long as the block's condition does, for the "
        "cards that match at each moment a stat is read. The amount comes first.",
        "give +1 attack to all characters in play area until end of phase\ngive -1 willpower to X until end of round",
    ),
    "grant_stmt": (
        "Grants cards a quality as if printed, in a `while` block, for as long as it holds: in the "
        "LCG a trait (`trait is gondor` then holds) or a resource icon of a sphere (the hero's pool "
        "pays for that sphere's cards). Another quality or word, or a grant outside a `while` "
        "block, is refused (E187).",
        'give trait gondor to attached hero\ngive resource-icon spirit to attached hero where name is "Aragorn"',
    ),
    "raise_counter": (
        "Raises one of the game's counters (the LCG: your `threat`; at 50 you are eliminated). A "
        "negative amount changes nothing.",
        "raise threat by 2",
    ),
    "reduce_counter": ("Lowers one of the game's counters, never below 0.", "reduce threat by 3"),
    "cost_command": (
        "A cost, written first in an `action`, `response` or `travel` block: the ability is offered "
        "only when every cost can be paid, and the costs are paid before its effect. Only commands "
        "the family can tell are payable may be costs (E183): in the LCG `exhaust` (ready cards to "
        "exhaust) and `discard` (enough cards to discard).",
        "cost exhaust this\ncost discard a card from hand",
    ),
    "cost_raise": ("A cost of raising a counter (always payable).", "cost raise threat by 2"),
    "cost_reduce": (
        "A cost of lowering a counter: paid only in full, so the counter must hold the amount.",
        "cost reduce threat by 3",
    ),
    "cost_remove": (
        "A cost of taking an amount off a card: `cost remove 1 resource from this` needs a pool that holds it.",
        "cost remove 1 resource from this",
    ),
    "power_stmt": (
        "Adds Power for this turn. With `for each CARDS` the amount is multiplied by how many cards "
        "match. Power only exists on your own turn: Power added on another player's turn is lost.",
        "+2 power\n+1 power for each enemy played this turn\n+highest cost of cards in path power",
    ),
    "lose_power_stmt": (
        "Takes Power away for this turn. Power never goes below 0: taking 3 from 1 leaves 0. The "
        "linter warns (W215) unless an enclosing `if power >= N` makes sure the Power is there; "
        "to spend Power only when it is there, write `pay`.",
        "-2 power\nif power >= 3 {\n  -3 power\n  draw 2\n}",
    ),
    "cost_change_stmt": (
        "Changes what cards cost. In an effect it lasts the rest of this turn: `all KIND cost N "
        "less` (or `more`) changes every buy of a matching card, `next KIND costs N less` only "
        "the next one. In a `while in front of you` block it holds while the card is in front of "
        "you, for you or for the players written after `for` (E128 elsewhere). A cost never goes "
        "below 0, a negative amount changes nothing (W216), and the buy options show the price "
        "that will be paid. `cost` and `costs` mean the same.",
        "next ally costs 2 less\nall enemies where cost >= 4 cost 1 less",
    ),
    "pay_stmt": (
        "Pays Power for the block: when you have at least that much Power, it is taken and the "
        "block runs; when you have less, nothing is paid, the block does not run, and the log "
        "says so. Power is the active player's alone, so on another player's turn nothing can be paid.",
        "pay 3 power {\n  gain a valor\n}",
    ),
    "let_stmt": (
        "Works out a number once and keeps it under a name for the rest of the block.",
        "let N = number of cards in hand",
    ),
    "command": (
        "A command from the list of commands below, with its cards or number, an optional destination "
        "and an optional `without` option.",
        "draw 2\ngain an enemy from path\nput X on bottom of deck\nreveal 4 cards from deck as X without reshuffle",
    ),
    "if_stmt": (
        "Runs the first block whose condition holds; `else if` and `else` are optional, and `else` goes on "
        "the same line as the `}` that closes the block before it.",
        "if X is enemy {\n  draw X\n} else if X is ally {\n  +1 power\n} else {\n  may destroy X\n}",
    ),
    "may_block": (
        "Asks the player whether to do the block; nothing happens if they say no.",
        "may {\n  discard 1 card from hand\n  draw 2\n}",
    ),
    "may_stmt": ("The one-line form of `may`, for a single statement.", "may destroy X"),
    "choose_stmt": (
        "The player picks one of the options, each with a label and a block; only that block runs. "
        "An option whose block starts with `cost` lines (where the family's commands can be costs, as "
        "the Card Game's are) has a price: it is offered only while its costs can be paid in full, and "
        "chosen, they are paid first, then the rest of its block runs; an option without one is always "
        "offered, and when no option can be taken nothing happens. In the Card Game, "
        '`option "pay 1 Tactics resource" { cost remove 1 resource from a hero in your play area where '
        'resource-icon is tactics }` beside `option "discard this ally" { discard this }`.',
        'choose {\n  option "draw a card" {\n    draw 1\n  }\n  option "gain a Valor" {\n    gain a valor\n  }\n}',
    ),
    "repeat_stmt": (
        "Runs the block the given number of times; the number is worked out once, before the first round. "
        f"A loop runs at most {MAX_LOOP_ROUNDS} rounds: a number worked out in play that comes to more runs "
        f"{MAX_LOOP_ROUNDS}, and a larger number written in the script is refused (E312).",
        "repeat number of enemies in revealed {\n  gain a corruption\n}",
    ),
    "repeat_until_stmt": (
        "Runs the block again and again until the condition holds. The condition is checked before "
        "each round, so a condition that holds at the start runs the block no time at all. It runs at "
        f"most {MAX_LOOP_ROUNDS} rounds: a loop whose condition never comes to hold ends there and the "
        "effect goes on, so it never stops the game (one whose condition reads nothing in the game is "
        "W219).",
        "repeat until number of allies in revealed >= 1 or number of cards in deck == 0 {\n"
        "  reveal 1 card without reshuffle\n}",
    ),
    "choose_player_stmt": (
        "The player picks a player and names them: `choose a player as P` (themselves included), "
        "`choose an opponent as P` or `choose another player as P`. The block of `for each P { ... }` "
        'then acts on the chosen player: inside it "you" is that player. A player\'s name is not cards '
        "or a number (E146); anything but these three phrases, one player and a name is E145. A bot "
        "picks the opponent in the lead. A solo game has no one to choose (E119).",
        "choose an opponent as P\nfor each P {\n  discard a card from hand\n}",
    ),
    "look_stmt": (
        "Looks at the top cards of your deck, privately: your own screen names them, the log "
        "tells the others how many cards, "
        "never which (and a looked-at card put somewhere is logged as 'a card'). The cards stay on "
        "the deck; until the effect ends, the zone `looked at` holds those still there, so the "
        "statements after it can act on them. See the command `look at`.",
        "look at 3 cards from deck\ndraw a card from looked at\nput all cards from looked at on bottom of deck",
    ),
    "for_each_stmt": (
        "Runs the block once for each player of a player phrase (`for each opponent`, `for each player`; "
        'inside, "you" is that player), or once for each card a selection matches when the loop starts. '
        "A loop over cards should name the card with `as X` so the block can refer to it (W203).",
        "for each opponent {\n  gain a corruption\n}\nfor each ally in discard pile as A {\n  put A on top of deck\n}",
    ),
    "attack_stmt": (
        "An Attack on the players of a player phrase, in turn order. Each may avoid it with one Defense "
        '(unless it is written `without defense`); for each player hit the block runs with "you" being '
        "that player. Afterwards `players hit` says how many were hit.",
        "attack each opponent {\n  discard 1 card from hand\n}\nattack chosen player without defense {\n"
        "  gain a corruption\n}",
    ),
    "when_stmt": (
        "Inside an effect: starts listening for an event for the rest of the turn.",
        "when you gain an ally {\n  draw 1\n}",
    ),
    "at_stmt": (
        "Inside an effect: runs the block at a later moment of this turn. `at end of turn` runs once.",
        "at end of turn {\n  destroy this\n}",
    ),
    "add_tokens": (
        "Put tokens on one of the game's counters (a family that keeps counters: the Adventure Deck). "
        "`token` and `tokens` mean the same. An unknown counter is E123.",
        "add 1 token to witch king track",
    ),
    "remove_tokens": (
        "Take tokens off a counter; a counter never goes below 0.",
        "remove 2 tokens from attack",
    ),
    "remove_all_tokens": ("Take every token off a counter.", "remove all tokens from witch king track"),
    "next_turn_stmt": (
        "A block that takes effect in the player's next turn (where the family has turns that can wait for "
        "it: the Adventure Deck). Elsewhere it is E119.",
        "next turn {\n  if direction is up {\n    add 1 token to armor\n  }\n}",
    ),
}

PLACEMENT_DOCS = {
    "none": "none",
    "required": "required: `on top of ZONE`, `on bottom of ZONE`, `under this` or `under it`; where "
    "the command says so, `into ZONE` for a pile whose order no rule reads (`into hand`, `into discard "
    "pile`), `its owner's ZONE` for the zone of the player the card belongs to and `its holder's ZONE` for "
    "the zone of the player whose zone holds it now (E147 elsewhere)",
    "optional": "optional: `on top of ZONE`, `on bottom of ZONE`, `under this` or `under it`",
}

AGGREGATE_EXAMPLES = {
    "number": "number of cards in hand",
    "highest cost": "highest cost of cards in path",
    "lowest cost": "lowest cost of enemies in path",
    "total cost": "total cost of cards played this turn",
    "level": "level of the current archenemy",
    "different types": "different types of cards played this turn",
}

QUANTITY_DOCS = {
    "exact_quantity": "exactly N cards, or all of them if fewer are there; the player picks which",
    "one_quantity": "one card; the player picks which (`a` or `an`, whichever reads right)",
    "all_quantity": "every matching card, with no choice",
    "up_to_quantity": "at most N cards; the player may stop after any number, even none",
    "random_quantity": "N cards picked at random from the game's random stream",
}

ZONE_SCOPES = {
    "player": "each player has one; it means the acting player's",
    "shared": "one for the whole game",
    "card": "belongs to a card: the cards placed under it",
    "union": "several places taken together",
}

COND_DOCS = {
    "cond_not": ("not CONDITION", "the condition does not hold", "not the wall is breached"),
    "cond_compare": ("NUMBER OP NUMBER", "compares two numbers", "number of cards in hand >= 3"),
    "cond_is": (
        "this/it/X is [not] TYPE",
        "every referred card has the type (false when there are none); `is empty` holds when the "
        "reference holds no card",
        "X is enemy",
    ),
    "cond_named": ('this/it/X named "Name"', "one of the referred cards has this name", 'X named "Valor"'),
    "cond_state": ("STATE", "a state of the game, from the table below", "the wall is breached"),
}

PRED_DOCS = {
    "pred_not": ("not PREDICATE", "the predicate does not hold", "not type is enemy"),
    "pred_compare": ("ATTRIBUTE OP VALUE", "compares an attribute with a value", "cost <= 4"),
    "pred_is": ("ATTRIBUTE is [not] VALUE", "the attribute equals (or does not equal) the value", "type is ally"),
    "pred_contains": (
        'ATTRIBUTE contains "text"',
        "a text attribute contains the text, in any case",
        'name contains "Tower"',
    ),
}

ATTRIBUTE_KINDS = {
    "number": "compare with `<`, `<=`, `>`, `>=`, `==`, `!=` or `is` and a whole number",
    "text": "`is`, `is not`, `==` or `!=` with a quoted string or a single word; `contains` with a quoted string",
    "types": "`is` or `is not` with a card type (singular or plural)",
}

_EXAMPLE_TEXT = (
    "+2 Power. Attack: each opponent chooses to discard a card or to gain a Corruption. "
    "Then draw a card for each player the Attack hit."
)
EXAMPLE_CARD = f"""card "Charge at the Fords of Isen" {{
  id charge-at-the-fords-of-isen
  type maneuver
  cost 5
  power 2
  copies 2
  provenance designed
  text "{_EXAMPLE_TEXT}"
  play {{
    attack each opponent {{
      choose {{
        option "discard a card" {{
          discard 1 card from hand
        }}
        option "gain a Corruption" {{
          gain a corruption
        }}
      }}
    }}
    repeat players hit {{
      draw 1
    }}
  }}
}}
"""


# ---------------------------------------------------------------------- sections
def _intro() -> list[str]:
    return [
        "# Card-script language reference",
        "",
        "!!! note",
        "    This page is generated from the grammar and from the vocabulary registry of the",
        "    deck-building family by `python -m lotr_rules.docgen`. Every command, zone, phrase and",
        "    measure a script can use is listed here, with the text the code itself carries.",
        "",
        f"This is version {LANGUAGE_VERSION} of the language; a set names the version its scripts are",
        f"written for in its `set.toml` (`language = {LANGUAGE_VERSION}`), and a set written for a newer",
        "version is refused with a clear message (E160). A set written for an older version loads and plays with",
        "the meanings of its own version, with a nudge to move it on (W211): see",
        "[Language versions](#language-versions).",
        "",
        "## A card script",
        "",
        "A card is one file ending in `.card`, holding exactly one `card` (E002), inside a set folder.",
        'The file opens with `card "Name" {`; inside come the card\'s fields and abilities, one a line,',
        "in any order; the closing `}` stands on its own line.",
        "",
        *_block(EXAMPLE_CARD),
        "Statements end at the end of the line. A block opens with `{` at the end of a line and closes",
        "with `}` on a line of its own. Lowercase words carry the meaning; names in capitals (`X`) are",
        "cards a script has named; quoted strings are card names, texts and labels.",
        "",
    ]


def _sets() -> list[str]:
    return [
        "## Sets",
        "",
        "A set is a folder with a `set.toml` manifest and any number of `.card` files, in subfolders if",
        "you like. The manifest's keys:",
        "",
        *_table(
            ["key", "required", "meaning"],
            [
                ["`code`", "yes", "the set's code, used by `--sets` and in card ids; should equal the folder name"],
                ["`name`", "yes", "the set's full name"],
                [
                    "`language`",
                    "yes",
                    f"the card-script language version the scripts use (this one is {LANGUAGE_VERSION})",
                ],
                ["`family`", "no", "the game family the cards are for; `deckbuilding` (the default)"],
                ["`uses_wall`", "no", "`true` if games with this set use The Wall deck"],
                ["`starting_deck`", "no", "a table of card names and counts: what every starting deck holds"],
                ["`short_name`", "no", "a shorter name for headings, such as the card gallery's title"],
                [
                    "`rulebook_contents`",
                    "no",
                    "a table of deck names and counts: what the rulebook's Contents lists, for the card "
                    "gallery to compare the set with",
                ],
                [
                    "`impossible_mode`",
                    "no",
                    "the rule changes of the set's Impossible Mode, from `destroyed corruptions return` "
                    "(the default), `defend the player to your right` and `everyone loses when the wall "
                    "runs out`; its cards of deck `impossible archenemy` make the stack",
                ],
                [
                    "`lasting`",
                    "no",
                    'cards a rule keeps where they are: `[lasting."NAME"]` with `rule` (`cannot be '
                    "destroyed`, or `stays in front`: once in front of a player, never moved) and "
                    "`zones`, where a script could find it; such a command leaves the card be, and "
                    "the linter warns (W205)",
                ],
                ["`description`", "no", "one or two sentences about the set"],
            ],
        ),
        "Card names must be unique within a set (E151), and so must ids (E153).",
        "",
    ]


def _versions() -> list[str]:
    """What each version of the language changed, from the one list the compiler reads."""
    from lotr_rules.dsl.editions import CHANGES

    rows = []
    for change in CHANGES:
        upgrade = "a person checks every set moved across it"
        if change.upgrade is not None and change.upgrade.__doc__:
            doc = " ".join(change.upgrade.__doc__.split())
            upgrade = (doc.split(": ", 1)[1] if doc.startswith("'") else doc).replace("``", "`")
            upgrade = upgrade[:1].upper() + upgrade[1:]
        rows.append([str(change.version), _sentence(change.summary), upgrade])
    return [
        "## Language versions",
        "",
        "Each set is read with the meanings of the language version its `set.toml` declares, so a set",
        "keeps doing what its author wrote it to do when the language moves on, and sets written for",
        "different versions play together in one game. What each version changed, from the list the",
        "compiler itself reads (`lotr_rules/dsl/editions.py`):",
        "",
        *_table(["version", "what changed", "what `lotr-rules fmt --upgrade` does about it"], rows),
        "A few old constructs meant something the current engine cannot run exactly as written; they",
        "are refused in an old set rather than run with another meaning (E300). A hero ability in a",
        "language-1 set never runs, as then, and is warned about (W300). Rules added in a version",
        "(such as E143's 'designed' field) apply to the sets that declare that version or a later one.",
        "",
        "### Moving a set to the current version",
        "",
        f"`lotr-rules fmt --upgrade SET` rewrites the set in the folder `SET` for version {LANGUAGE_VERSION}:",
        "where a construct's meaning changed, it writes the spelling that keeps the old meaning, prints",
        "each rewrite at its `file:line:col`, and then writes the new version in `set.toml`. Where the",
        "old meaning cannot be written in the current language, it writes nothing at all, and names",
        "each place a person must check (`file:line:col: ... (needs a person)`, exit status 1): change",
        "those cards so they mean the same in both versions, and run it again. `--check` only says what",
        "it would do. A set upgraded this way lints clean and plays the same games, seed for seed, as",
        "before.",
        "",
    ]


def _lexical(terminals: dict[str, str]) -> list[str]:
    rows = [
        ["word", "WORD", "lowercase words: commands, zones, types, phrases, field values"],
        ["name", "VAR", "a name given with `as X` or `let X`; starts with a capital letter"],
        ["number", "INT", "a whole number, written in digits"],
        ["string", "STRING", 'text in double quotes on one line; write `\\"` for a quote and `\\\\` for a backslash'],
    ]
    lines = [
        "## Words, names, numbers, strings and comments",
        "",
        *[f"- **{r[0]}**, {_code(terminals.get(r[1], ''))}: {r[2]}." for r in rows],
        "",
        "Spaces and tabs between words do not matter, and empty lines may stand anywhere inside a card.",
    ]
    if not _parses(_CARD_HEAD + "  \n}\n"):
        lines.append("A line holding nothing but spaces is not accepted yet (E001): leave it truly empty.")
    if _play_parses("draw \\", "  2"):
        lines.append("A backslash at the very end of a line continues the statement on the next line.")
    lines += ["", "`#` starts a comment, which runs to the end of the line."]
    if not _parses(_CARD_HEAD + "  play {\n    # a note\n    draw 1\n  }\n}\n"):
        lines += [
            "A comment may stand at the end of a line or on a line of its own that starts in the first",
            "column; a comment on an indented line of its own is not accepted yet (E001).",
        ]
    if _formatter_keeps_comments():
        lines += [
            "A comment may stand at the end of a line or on a line of its own, at any indentation;",
            "`lotr-rules fmt` keeps both where they were.",
        ]
    else:
        lines += [
            "`lotr-rules fmt` does not keep comments: keep anything worth keeping in the card's `notes`",
            "field.",
        ]
    lines.append("")
    keywords = sorted({w for w in re.findall(r'"([a-z]+)"', grammar_text())})
    lines += [
        "These words have a fixed role in the grammar where they stand (elsewhere they may be part of a",
        "phrase, like `play` the command or `of` in `number of`): " + ", ".join(_code(k) for k in keywords) + ".",
        "",
    ]
    return lines


def _field_rows(decls: Iterable[FieldDecl], docs: dict[str, str] | None = None) -> list[list[str]]:
    rows = []
    for decl in decls:
        doc = (docs or {}).get(decl.name) or decl.doc
        if decl.low is not None and decl.high is not None:
            what = "from" if decl.kind == "number" else "each number from"
            doc += f" {what.capitalize()} {decl.low} to {decl.high} (E142 otherwise)."
        if decl.required:
            doc += f" Every {' and every '.join(decl.required)} must give it (E140 otherwise)."
        for word, kinds in decl.word_types.items():
            doc += f" `{word}` only on: {', '.join(kinds)} (E192 otherwise)."
        default = "" if decl.default in (None, "", ()) else _code(str(decl.default))
        rows.append(
            [
                _code(decl.name),
                decl.kind,
                "yes" if decl.name in dsl_compiler.REQUIRED_FIELDS else default or "no",
                ", ".join(decl.types) or "any",
                _sentence(doc),
            ]
        )
    return rows


def _fields(rules: dict[str, list[Alternative]], vocab: Vocabulary) -> list[str]:
    from lotr_rules.games import family_names, vocabulary_for

    headers = ["field", "value", "required or default", "card types", "meaning"]
    lines = [
        "## Card fields",
        "",
        "A field is a line of card data: its name, then its value (`cost 3`, `deck one ring`,",
        '`text "..."`). Each may appear once (E141), but `gap`, which may be given on several lines;',
        "the required ones must be there (E140). Some",
        "fields every card has; the others are declared by the card's game family, with the kind of",
        "value each takes. A field its family does not declare is E190 (E119 when another family has",
        "it), a value of the wrong kind E191, and a field on a card type it is not for E192.",
        "",
        *_table(["value", "what it is"], [[kind, _sentence(doc)] for kind, doc in KINDS.items()]),
        "### The fields of every card",
        "",
        *_table(headers, _field_rows(COMMON_FIELDS.values(), FIELD_DOCS)),
    ]
    for family in family_names():
        family_vocab = vocabulary_for(family)
        lines += [
            f"### The fields of the `{family}` family",
            "",
            f'Sets whose manifest says `family = "{family}"`.',
            "",
            *_table(headers, _field_rows(family_vocab.fields)),
        ]
    lines += [
        "### Card types",
        "",
        "Used in `type`, in selections (singular or plural) and in `is` tests.",
        "",
        *_table(
            ["type", "plural", "meaning"],
            [[_code(t.name), _code(t.plural), t.doc] for t in vocab.card_types.values()],
        ),
        "### Decks",
        "",
        "The values of `deck`:",
        "",
        *_table(["deck", "meaning"], [[_code(d), DECK_DOCS.get(d, "")] for d in vocab.decks]),
        "### Provenances",
        "",
        "The values of `provenance`: " + ", ".join(_code(p) for p in vocab.provenances) + ".",
        "",
    ]
    return lines


def _abilities(rules: dict[str, list[Alternative]], vocab: Vocabulary) -> list[str]:
    lines = [
        "## Abilities",
        "",
        "An ability is a block of statements the engine runs at a given moment. Each kind may appear once",
        "in a card (E141), except `when` and `at`, of which a card may have several.",
        "",
    ]
    for expansion, _alias in rules.get("ability", []):
        key = leading_keywords(expansion)
        doc = vocab.abilities.get(key) or TRIGGER_ABILITY_DOCS.get(key, "") or FAMILY_ABILITY_DOCS.get(key, "")
        lines += [f"### {key}", "", f"Syntax: {_code(syntax_of(expansion))}", "", _sentence(doc), ""]
        if key == "group ambush":
            lines += [
                "Written `group ambush without defense`, no player may avoid it with a Defense.",
                "",
            ]
        if key == "action":
            lines += [
                "Written `action by each player`, the LCG's card in play offers its Action to every player,",
                "each using it for themselves (paying from their own hand or pools), a limit counted for",
                "each player apart; not on an event, which is played from its owner's hand (E195).",
                "",
            ]
        if key == "quest":
            lines += [
                "The goal is a condition; the reward is a number of Victory Points, added at scoring once",
                "the goal has been met while the card was in front of its owner.",
                "",
            ]
        if key in ABILITY_EXAMPLES:
            lines += _block(ABILITY_EXAMPLES[key])
    labels = ", ".join(_code(f"{w.capitalize()}:") for w in dsl_compiler.TEXT_KEYWORDS)
    lines += [
        f"When a card's text has one of the labels {labels}, the script must have the matching",
        "ability (for `Attack:`, an `attack` statement somewhere; for `Ongoing:`, an `ongoing` block or a",
        "triggered ability), or the linter warns (W201).",
        "",
    ]
    return lines


def _statements(rules: dict[str, list[Alternative]]) -> list[str]:
    lines = [
        "## Statements and control flow",
        "",
        "Blocks hold statements, one a line. They run in order, top to bottom.",
        "",
    ]
    alternatives = rules.get("simple_stmt", []) + rules.get("compound_stmt", [])
    for expansion, alias in alternatives:
        doc, example = STATEMENT_DOCS.get(alias, ("", ""))
        title = alias.removesuffix("_stmt").replace("_", " ")
        lines += [f"### {title}", "", f"Syntax: {_code(syntax_of(expansion))}", ""]
        if doc:
            lines += [doc, ""]
        if alias == "let_stmt" and not _play_parses("let N = 2", "repeat N {", "  draw 1", "}"):
            lines += [
                "A name given by `let` cannot be read back in a number expression yet: the grammar's",
                "numbers do not include names, so `repeat N` does not parse.",
                "",
            ]
        if example:
            lines += _block(example)
    lines += [
        "Names given with `as X` or `let X` belong to the block they are given in and to the blocks",
        "inside it; using a name before it is given is an error (E130).",
        "",
    ]
    return lines


def _command_syntax(primitive: Primitive) -> str:
    if primitive.syntax:
        return primitive.syntax
    argument = {
        "cards": " CARDS",
        "count": " N",
        "cards or count": " N or CARDS",
        "none": "",
    }.get(primitive.takes, "")
    destination = ""
    where = " on top/bottom of ZONE, or under this/it"
    if primitive.positions == ("into",):
        where = " into ZONE"
    if primitive.placement == "required":
        destination = where
    elif primitive.placement == "optional":
        destination = f" [{where.strip()}]"
    guards = "".join(f" [without {g}]" for g in primitive.guards)
    return f"{primitive.name}{argument}{destination}{guards}"


def _commands(vocab: Vocabulary) -> list[str]:
    kinds = {
        "cards": "a selection of cards (see Selections)",
        "count": "a number",
        "cards or count": "a number (as many from the default place) or a selection of cards",
        "none": "nothing",
    }
    listeners: dict[str, list[str]] = {}
    for trigger in vocab.triggers.values():
        listeners.setdefault(str(trigger.data.get("event", "")), []).append(trigger.words)
    lines = [
        "## Commands",
        "",
        "A command is a word followed by what it acts on. What it may take is one of "
        + ", ".join(_code(k) for k in ARG_KINDS)
        + " (`cards or count` accepts either). Writing an unknown command is an error (E110); so is giving",
        "a command something it does not take (E120), a destination it does not take or leaving out one",
        "it needs (E121), or a `without` option it does not know (E122).",
        "",
        "Each command honours exactly what it says, or is refused. Its entry lists the parts of a",
        "selection it honours; any other part is an error at that part (E124), and so is a zone it",
        "cannot take cards from. It also lists where it runs as written; written anywhere else it is an",
        "error (E125). The parts of a selection:",
        "",
        *_table(["part", "meaning"], [[_code(k), v] for k, v in SELECTION_PARTS.items()]),
        "The places a statement runs in (a statement inside an `attack` block of a `play` ability runs",
        "in both):",
        "",
        *_table(["context", "meaning"], [[_code(c), CONTEXT_DOCS[c]] for c in vocab.contexts]),
        "A hero card's abilities: " + ", ".join(_code(a) for a in vocab.hero_abilities) + " run (a hero's",
        "Ongoing ability resolves before the cards in front of its player); any other ability on a hero",
        "card is an error (E125).",
        "",
    ]
    for primitive in vocab.primitives.values():
        lines += [f"### {primitive.name}", "", _sentence(primitive.doc), ""]
        rows = [["written", _code(_command_syntax(primitive))]]
        if primitive.syntax:
            rows.append(["note", "written with its own syntax, not as a plain command"])
        rows.append(["takes", kinds.get(primitive.takes, primitive.takes)])
        if primitive.default_zone:
            rows.append(["default zone", _code(primitive.default_zone)])
        rows.extend(_honours_rows(primitive, vocab))
        if not primitive.syntax:
            rows.append(["destination", PLACEMENT_DOCS.get(primitive.placement, primitive.placement)])
            rows.append(["without", ", ".join(_code(f"without {g}") for g in primitive.guards) or "none"])
        elif primitive.name == "attack":
            rows.append(["without", "`without defense`: no Defense may avoid it"])
        heard = [w for event in primitive.emits for w in listeners.get(event, [])]
        if primitive.emits:
            events = ", ".join(_code(e) for e in primitive.emits)
            if heard:
                events += " (heard by " + ", ".join(_code(w) for w in heard) + ")"
            rows.append(["events", events])
        rows.append(["example", _code(primitive.example)])
        lines += _table(["", ""], rows)
    lines += [
        "A destination is `on top of ZONE` or `on bottom of ZONE` (a zone from the table of zones), or",
        "`under this`, `under it` or `under X`. In a command, `under` always starts the destination, even",
        "straight after a kind: `put 2 cards from hand under this` and `put a card under X` put cards",
        "under a card. To take cards from under one, write the zone after `from`: `discard 2 cards from",
        "under this`.",
        "",
    ]
    return lines


def _honours_rows(primitive: Primitive, vocab: Vocabulary) -> list[list[str]]:
    rows: list[list[str]] = []
    if primitive.takes != "none":
        parts = [p for p in SELECTION_PARTS if p in primitive.honours]
        rows.append(["honours", ", ".join(_code(p) for p in parts) or "no selection part"])
    if primitive.from_zones:
        rows.append(["takes cards from", ", ".join(_code(z) for z in primitive.from_zones)])
    for zone, narrower in primitive.zone_parts.items():
        only = ", ".join(_code(p) for p in SELECTION_PARTS if p in narrower)
        rows.append([f"from {_code(zone)}", f"honours only {only}"])
    contexts = primitive.honoured_contexts(vocab.contexts)
    rows.append(["runs in", "every context" if contexts == vocab.contexts else ", ".join(_code(c) for c in contexts)])
    return rows


def _honours_text(primitive: Primitive) -> str:
    if primitive.takes == "none":
        return "—"
    parts = [_code(p) for p in SELECTION_PARTS if p in primitive.honours]
    text = ", ".join(parts) or "—"
    if primitive.from_zones:
        text += "; from " + ", ".join(_code(z) for z in primitive.from_zones)
    return text


def _selections(rules: dict[str, list[Alternative]], vocab: Vocabulary) -> list[str]:
    lines = [
        "## Selections",
        "",
        "A selection says which cards a command, a loop or a measure is about:",
        "",
        *_block("[QUANTITY] [KIND] [from ZONE or ZONE ...] [where PREDICATE] [as X]"),
        "Every part is optional, but at least one is there. `in` may stand for `from`. Or a selection is",
        "a reference to cards already known: `this` (the card whose script runs), `it` (the card a",
        "trigger's event is about) or a name given with `as X`; a reference may be renamed with `as Y`.",
        "",
        *_block(
            "2 enemies from path where cost <= 4 as X\nup to 1 card from hand or discard pile\n"
            "random 2 cards from wall discard pile\nall allies in gained this turn\nthe current archenemy\nX"
        ),
        'The player the statement acts on ("you") makes every choice a selection leaves open; when a',
        "selection matches fewer cards than asked, it takes what there is. A selection that names no",
        "zone, when its command has no default zone, is an error (E120).",
        "",
        "### Quantities",
        "",
    ]
    by_alias: dict[str, list[str]] = {}
    for expansion, alias in rules.get("quantity", []):
        by_alias.setdefault(alias, []).append(_code(syntax_of(expansion)))
    rows = [[", ".join(forms), QUANTITY_DOCS.get(alias, "")] for alias, forms in by_alias.items()]
    lines += _table(["quantity", "meaning"], rows)
    lines += [
        "With no quantity, a selection means one card; a reference (`X`, `this`, `it`) means every card",
        "it holds. A number with nothing after it, as in `draw 2` or `discard 1`, counts cards from the",
        "command's default zone. `up to` and `random` take a number or a bracketed expression:",
        "`up to (number of cards in hand)`.",
        "",
        "`any number of` before the kind is an `up to` with no bound but the cards there are: the",
        "player takes as many of the matching cards as they like, none to all",
        "(`take any number of cards from searched where trait is eagle`). It is written where `up to`",
        "is honoured (E124 elsewhere).",
        "",
        "### Kinds of card",
        "",
        "The kind is a card type (singular or plural, see Card types) or `card`/`cards` for any card,",
        "optionally followed by a zone: `enemies you control`, `cards under this` (in a command, where",
        "`under` starts the destination, write `cards from under this`). Unknown kind words are an",
        "error (E112). These named things stand for particular cards instead:",
        "",
        *_table(
            ["named thing", "meaning", "where"],
            [[_code(n.words), n.doc, _code(str(n.data.get("zone", "")))] for n in vocab.named_things.values()],
        ),
        "A named thing may be preceded by `the`: `the one ring`, `the current archenemy`.",
        "",
        "### Zones",
        "",
        "Where cards are. A zone follows `from` or `in`, or comes straight after the kind. Several zones",
        "are joined with `or`: `from hand or discard pile`. Unknown zones are an error (E111).",
        "",
    ]
    zone_rows = []
    for zone in vocab.zones.values():
        aliases = ", ".join(_code(a) for a in zone.aliases) or "—"
        top = "the top card" if zone.top_only else "any card"
        zone_rows.append([_code(zone.name), aliases, ZONE_SCOPES.get(zone.scope, zone.scope), top, zone.doc])
    lines += _table(["zone", "also written", "scope", "a selection can take", "meaning"], zone_rows)
    lines += [
        "A selection from a deck or a stack takes from its top: as many top cards as it asks for (`all`",
        "takes the whole pile); `number of` counts the whole pile.",
        "",
        "### Where",
        "",
        "`where` keeps the cards for which a predicate holds. `not` binds tightest, then `and`, then `or`,",
        "and brackets group: `not (cost > 3 or type is ally)` is not `not cost > 3 or type is ally`.",
        "",
    ]
    pred_rows = []
    for _expansion, alias in rules.get("pred_atom", []):
        if alias in PRED_DOCS:
            syntax, doc, example = PRED_DOCS[alias]
            pred_rows.append([_code(syntax), doc, _code(example)])
    pred_rows.append(["`PREDICATE and PREDICATE`", "both hold", "`cost > 2 and type is enemy`"])
    pred_rows.append(["`PREDICATE or PREDICATE`", "either holds", '`name is "Despair" or name is "Corruption"`'])
    pred_rows.append(["`(PREDICATE)`", "brackets, to group", "`not (type is ally or cost > 3)`"])
    lines += _table(["form", "meaning", "example"], pred_rows)
    lines += [
        "The attributes a predicate can test (others are an error, E117; a value of the wrong kind is E120):",
        "",
        *_table(
            ["attribute", "kind", "meaning"],
            [[_code(a.words), str(a.data.get("kind", "")), a.doc] for a in vocab.attributes.values()],
        ),
        *_table(["kind", "how it is tested"], [[k, v] for k, v in ATTRIBUTE_KINDS.items()]),
        'A quoted card name in `name is "..."` must be the name of a card in some loaded set (E150).',
        "A name is a title: it matches every card of that title, whichever set prints it (every",
        "version of the Card Game's Aragorn), as the rules that count titles do.",
        "",
        "A number a card is tested against may be worked out: `where cost <= cost of X + 2`,",
        "`where cost < N * 2`, `where power == (highest cost of cards in hand)`. It is worked out",
        "each time a card is tested, with the names and the state of that moment. It starts with a",
        "number, a name, a bracket or a one-word measure (`cost of X`); a measure of",
        "several words goes in brackets, since a word there is a value (`type is ally`).",
        "",
        "### Naming cards: as",
        "",
        "`as X` gives the cards a selection took a name, so later statements can act on them:",
        "",
        *_block("reveal 1 card from deck as X\nif X is enemy {\n  draw X\n}"),
        "After `reveal`, cards that no statement moved go back on top of the deck, in order.",
        "`play ... as X` names the card played, already while it resolves.",
        "",
        "### Where a name can be used",
        "",
        "One rule holds for every name, whether given with `as X`, by `for each ... as X` or by `let`:",
        "",
        "- a name is visible after it is given, in the rest of its block and in every block that block",
        "  contains (`if`, `may`, `choose`, `repeat`, `for each`, `attack`), and nowhere else (E130);",
        "- a block that runs later (a `when`/`at` block registered by an effect, `at end of turn`,",
        "  `next turn`) sees the names given before it, with the values they had when it was set up;",
        "- a name given inside a block lasts until that block ends: an inner block that gives a name",
        "  already in use gives its own, and when it ends the outer one is back as it was. An inner",
        "  binding never overwrites an outer one.",
        "",
        *_block(
            "reveal 1 card from deck as X\nfor each card in hand where cost <= 1 as X {\n  discard X\n}\n"
            "at end of turn {\n  destroy X    # the card revealed first\n}"
        ),
    ]
    return lines


def _players(vocab: Vocabulary) -> list[str]:
    return [
        "## Players",
        "",
        "Player phrases say who an `attack` hits or whom a `for each` loop goes through (in a loop the",
        "leading `each` may be left out: `for each opponent`). Unknown phrases are an error (E113).",
        "",
        *_table(["phrase", "meaning"], [[_code(p.words), p.doc] for p in vocab.players.values()]),
        "`choose ... as P` picks one player, whom `for each P { ... }` then acts on (see the statement",
        "choose player above); it chooses among:",
        "",
        *_table(
            ["phrase", "meaning"],
            [
                [
                    _code(
                        f"choose {'' if p.words.startswith('another') else 'an ' if p.words[0] in 'aeiou' else 'a '}"
                        f"{p.words} as P"
                    ),
                    p.doc,
                ]
                for p in vocab.chosen_players.values()
            ],
        ),
    ]


def _conditions(rules: dict[str, list[Alternative]], terminals: dict[str, str], vocab: Vocabulary) -> list[str]:
    operators = re.findall(r'"([^"]+)"', terminals.get("CMP_OP", ""))
    rows = []
    for _expansion, alias in rules.get("cond_atom", []):
        if alias in COND_DOCS:
            syntax, doc, example = COND_DOCS[alias]
            rows.append([_code(syntax), doc, _code(example)])
    rows.append(["`CONDITION and CONDITION`", "both hold", "`X is ally and number of cards in hand < 3`"])
    rows.append(["`CONDITION or CONDITION`", "either holds", "`X is ally or X is enemy`"])
    rows.append(["`(CONDITION)`", "brackets, to group", "`not (X is ally and the wall is breached)`"])
    lines = [
        "## Conditions",
        "",
        "Conditions are what `if` and a quest's `goal` test. `not` binds tightest, then `and`, then `or`.",
        "The comparison operators are " + ", ".join(_code(o) for o in operators) + ".",
        "",
        *_table(["form", "meaning", "example"], rows),
        "Brackets group: `(X is ally or X is enemy) and the wall is breached` holds only while the Wall",
        "is breached, where without them the `and` would bind first. The formatter keeps the brackets",
        "that change the grouping and drops the others; the describer brackets every `and` or `or`",
        "inside another, so a reader need not know which binds tighter.",
        "",
        "A bracket where a condition starts may also hold a number, the first part of a comparison:",
        "`(X + 1) * 2 > 4`. The start of a condition is read as a state until `of` shows a measure, so",
        "`highest cost of cards in path >= 5` needs no brackets.",
        "",
        "### States",
        "",
        "A state may be preceded by `the`. Unknown states are an error (E115).",
        "",
    ]
    state_rows = []
    for state in vocab.states.values():
        doc = state.doc
        if not _play_parses(f"if {state.words} {{", "  draw 1", "}"):
            doc += " (cannot be written yet: the parser reads its first words as another kind of condition)"
        state_rows.append([_code(state.words), doc])
    lines += _table(["state", "meaning"], state_rows)
    return lines


def _triggers(vocab: Vocabulary) -> list[str]:
    rows = []
    for trigger in vocab.triggers.values():
        notes: list[str] = []
        if trigger.data.get("filter"):
            notes.append("takes a kind of card")
        if trigger.data.get("scope") == "self":
            notes.append("about this card, wherever it is")
        if trigger.data.get("once"):
            notes.append("inside an effect, once")
        rows.append([_code(trigger.words), trigger.doc, ", ".join(notes) or "—", _code(str(trigger.data["event"]))])
    return [
        "## Triggers",
        "",
        "A trigger phrase starts a `when` or `at` ability of a card, or a `when`/`at` statement inside an",
        "effect. A card's triggered ability listens while the card is in front of its owner; a phrase",
        "about this card listens wherever the card is; a statement listens for the rest of the turn.",
        'Phrases about "you" hear only their owner\'s events. Unknown phrases are an error (E114).',
        "",
        *_table(["phrase", "meaning", "notes", "event"], rows),
        "A `when` phrase about your own events may end with `for the first time this turn`: it then",
        "runs only for the first such event of the turn (the first that its kind of card lets",
        "through), even if the card came in front of you after it: `when you play an ally for the",
        "first time this turn`. Anywhere else it is an error (E126).",
        "",
        "A phrase that takes a kind of card may be followed by one, with or without an article:",
        "`when you gain an enemy`, `when you play allies`; `when you destroy a card you control` only",
        "hears of cards that were in your hand, deck, discard pile, play or in front of you. In the",
        "block, `it` is the card the event is about.",
        "",
        "A trigger set off while a card is being played waits until that card has fully resolved.",
        "",
    ]


def _numbers(vocab: Vocabulary) -> list[str]:
    return [
        "## Numbers",
        "",
        "Wherever a number goes (`+N power`, `repeat`, comparisons, `victory`, `up to`, `random`), an",
        "expression may stand:",
        "",
        *_table(
            ["form", "meaning"],
            [
                ["`N`", "a whole number"],
                ["`(NUMBER)`", "brackets, to group"],
                ["`NUMBER + NUMBER`, `NUMBER - NUMBER`", "sum and difference"],
                ["`NUMBER * NUMBER`", "product; binds tighter than `+` and `-`"],
                [
                    "`NUMBER / NUMBER`",
                    "division, rounded down (`7 / 2` is 3, `-7 / 2` is -4); binds as `*` does",
                ],
                [
                    "`NUMBER % NUMBER`",
                    "the remainder of that division, with the sign of the divisor (`7 % 2` is 1, `-7 % 2` is 1)",
                ],
                ["`-NUMBER`", "negation (of a number, a bracketed expression or a measure)"],
                ["`MEASURE of CARDS`", "a measure of a selection, from the table below"],
                ["`players hit`", "how many players the last Attack of this effect hit (0 before any)"],
                *[[_code(q.words), q.doc] for q in vocab.quantities.values()],
                [
                    "`X`",
                    "a name bound by `let X = ...` (its number) or by `as X` (how many cards it names; in a "
                    "card test write `number of X` or `cost of X`, E311)",
                ],
                [
                    "`(if CONDITION then NUMBER else NUMBER)`",
                    "one number or the other, by a condition: `victory (if the wall is used then 0 else 3)`",
                ],
            ],
        ),
        "A divisor written as 0 is an error (E144). One worked out in play that comes to 0 never stops",
        "the game: `N / 0` is 0 and `N % 0` is N (so `(N / D) * D + N % D` is still N), and the linter",
        "warns of a divisor that can (W311) outside a condition that guards it. Every result lies in",
        "the range of script numbers (see Limits).",
        "",
        "In a count or a measure, a `+` or `-` right after the last card test's value belongs to the",
        "test (`number of cards in hand where cost <= 2 + 1` counts the cards costing up to 3), while a",
        "`*`, `/` or `%` there works on the count (`number of cards in hand where cost >= 1 / 2` is one",
        "for every two cards costing 1 or more); both are clearer with brackets, and the second is",
        "flagged (W310). Measures (unknown ones are an error, E116):",
        "",
        *_table(
            ["measure", "meaning", "example"],
            [
                [_code(a.words + " of"), a.doc, _code(AGGREGATE_EXAMPLES.get(a.words, f"{a.words} of cards in hand"))]
                for a in vocab.aggregates.values()
            ],
        ),
        "`number of` counts every matching card of a deck or stack, not only the top one.",
        "",
    ]


#: Which finding reports a foreign word standing in each place (see ForeignWord).
_FOREIGN_CODES = {"command": "E110", "zone": "E111", "card type": "E112", "player": "E113", "phrase": "E001"}


def _foreign_words() -> list[str]:
    """Each family's table of words from other card games, as the linter offers them."""
    from lotr_rules.games import family_names, vocabulary_for

    lines = [
        "## Words from other games",
        "",
        "Authors who know other card games reach for their words: a graveyard, trashing a card, the",
        "line-up, hand size. Where a script uses one in a place it stands for (a zone, a command, a",
        "card type, a player phrase, the words of a number), the linter reports it with the word of",
        "the script's game family to write instead; a word not listed gets the closest known word.",
        "",
    ]
    for family in family_names():
        vocab = vocabulary_for(family)
        if not vocab.foreign_words:
            continue
        rows = [
            [_code(entry.word), entry.context, _code(entry.ours), entry.note or "—", _FOREIGN_CODES[entry.context]]
            for entry in vocab.foreign_words
        ]
        lines.extend(
            [
                f"### The `{family}` family",
                "",
                *_table(["written", "standing as", "write", "note", "reported as"], rows),
            ]
        )
    return lines


def _adventure_deck() -> list[str]:
    """What Adventure Deck scripts may say besides the language every family shares."""
    from lotr_rules.games.adventure.vocabulary import vocabulary

    vocab = vocabulary()
    lines = [
        "## The Adventure Deck",
        "",
        'Sets whose manifest says `family = "adventure-deck"` are checked against this vocabulary',
        "instead of the one above (see the Adventure Deck page for the game). A field, ability or statement",
        "a family does not have is E119. Its fields: " + ", ".join(_code(f.name) for f in vocab.fields) + ".",
        "Its abilities: " + ", ".join(_code(a) for a in vocab.abilities) + ".",
        "",
        "### Counters",
        "",
        "Tokens on these are read with `tokens on COUNTER` and changed with `add N tokens to COUNTER`,",
        "`remove N tokens from COUNTER` and `remove all tokens from COUNTER`.",
        "",
        *_table(["counter", "meaning"], [[_code(c.words), c.doc] for c in vocab.counters.values()]),
        "### Commands",
        "",
        *_table(
            ["command", "meaning", "honours", "example"],
            [
                [_code(_command_syntax(p)), _sentence(p.doc), _honours_text(p), _code(p.example)]
                for p in vocab.primitives.values()
            ],
        ),
        "Adventure Deck statements run in: " + ", ".join(_code(c) for c in vocab.contexts) + ".",
        "",
        "A command of several words and no argument (`cannot rest`, `skip effect`) is written as it stands.",
        "`shuffle` takes `into ZONE`.",
        "",
        "### Zones",
        "",
        *_table(
            ["zone", "also written", "meaning"],
            [[_code(z.name), ", ".join(_code(a) for a in z.aliases), z.doc] for z in vocab.zones.values()],
        ),
        "### Card types",
        "",
        *_table(
            ["type", "plural", "meaning"], [[_code(t.name), _code(t.plural), t.doc] for t in vocab.card_types.values()]
        ),
        "### Conditions",
        "",
        *_table(["condition", "true when"], [[_code(st.words), st.doc] for st in vocab.states.values()]),
        "### Triggers",
        "",
        *_table(["trigger", "when"], [[_code(t.words), t.doc] for t in vocab.triggers.values()]),
        "### Measures and card attributes",
        "",
        *_table(["measure", "meaning"], [[_code(f"{a.words} of CARDS"), a.doc] for a in vocab.aggregates.values()]),
        *_table(
            ["attribute", "kind", "meaning"],
            [[_code(a.words), str(a.data.get("kind", "")), a.doc] for a in vocab.attributes.values()],
        ),
    ]
    return lines


def _limits() -> list[str]:
    return [
        "## Limits",
        "",
        "A script cannot hang a game or the linter:",
        "",
        *_table(
            ["limit", "value"],
            [
                ["largest script file", f"{dsl_parser.MAX_SCRIPT_BYTES // 1024} KiB (E003)"],
                ["most words, numbers and symbols in a script", f"{MAX_SCRIPT_TOKENS:,} (E003)"],
                ["deepest nesting of blocks and brackets", f"{dsl_parser.MAX_NESTING} levels (E003)"],
                ["deepest parse tree", f"{dsl_parser.MAX_TREE_DEPTH} levels (E003)"],
                ["effect steps (loop rounds, trigger firings) in one action", str(engine_game.STEP_BUDGET)],
                ["triggers setting off triggers", f"{engine_game.TRIGGER_DEPTH} deep"],
                ["a number a script computes", f"-{SCRIPT_NUMBER_MAX:,} to {SCRIPT_NUMBER_MAX:,}"],
            ],
        ),
        "A card that runs past a budget, or computes a number past the range, stops the game with a message "
        "naming the card. [Sharing sets safely](sharing-safely.md) lists every limit.",
        "",
    ]


def _grammar(text: str) -> list[str]:
    return [
        "## The grammar",
        "",
        "The complete grammar, exactly as the parser reads it:",
        "",
        "````text",
        *text.rstrip("\n").splitlines(),
        "````",
        "",
    ]


def render() -> str:
    """The reference page's Markdown text."""
    from lotr_rules.games.deckbuilding.vocabulary import vocabulary

    vocab = vocabulary()
    text = grammar_text()
    rules = grammar_rules(text)
    terminals = grammar_terminals(text)
    lines: list[str] = []
    for section in (
        _intro(),
        _sets(),
        _versions(),
        _lexical(terminals),
        _fields(rules, vocab),
        _abilities(rules, vocab),
        _statements(rules),
        _commands(vocab),
        _selections(rules, vocab),
        _players(vocab),
        _conditions(rules, terminals, vocab),
        _triggers(vocab),
        _numbers(vocab),
        _foreign_words(),
        _adventure_deck(),
        _limits(),
        _grammar(text),
    ):
        lines.extend(section)
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines) + "\n"
