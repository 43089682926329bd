"""The ranges of every number a card script computes or an input file gives.

A shared set, mix, scenario or save is read and run with these limits, so that no number it
holds or computes can make a command hang, fill the memory or crash: going outside a range is a
user error naming the card or the key. :data:`LIMITS` is the table the docs show ("Sharing sets
safely"), generated from these constants so that it cannot drift from them.
"""

from __future__ import annotations

from lotr_rules.errors import UserError

#: A number a script computes (``let``, ``+``, ``-``, ``*``, ``/``, ``%``, a count, a measure, Power added) lies
#: within plus or minus this. No card needs more; a script that squares a number in a loop
#: reaches it in a few rounds and stops with a budget error instead of growing without end.
SCRIPT_NUMBER_MAX = 1_000_000

#: The most times one card's action ability may be used in one turn, even one that costs nothing
#: and is not once per turn: a player (or a bot) cannot use it without end.
MAX_ACTION_USES = 20

#: The most rounds one loop of a card script runs ('repeat N' with N worked out in play, 'repeat
#: until'): past it the loop ends and the effect goes on, so a condition that never comes true
#: never stops the game. A 'repeat' written with a larger number is refused (E312).
MAX_LOOP_ROUNDS = 100

#: The most cards (different card definitions) one set folder may hold.
MAX_CARDS_PER_SET = 1_000

#: The most card copies one game may hold, over every deck, stack and starting deck together.
MAX_COPIES_PER_GAME = 5_000

#: The most copies of one card a starting deck (a set manifest's ``starting_deck``) may hold.
MAX_STARTING_COPIES = 40

#: The deepest nesting of arrays and tables a save, record or scenario may hold.
MAX_DATA_DEPTH = 64

#: The largest save, record, scenario or mix file read, in bytes.
MAX_DATA_FILE_BYTES = 16 * 1024 * 1024

#: The most syntax errors reported for one card file: past the first few, later errors are
#: mostly echoes of earlier ones, and a stranger's garbage file should give a screenful, not pages.
MAX_SYNTAX_ERRORS = 20

#: The longest path given on the command line or in a file, in characters.
MAX_PATH_CHARS = 4_096

#: The largest card file (or set manifest) read, in bytes, checked before a byte is read: a card is
#: a few hundred bytes, and a stranger's multi-megabyte file should not make the linter chew for minutes.
MAX_CARD_FILE_BYTES = 256 * 1024

#: The most words, numbers and symbols one card script may hold, counted before it is parsed. The
#: largest shipped card holds under a hundred; a script of a hundred thousand (``1+1+1...``)
#: would keep the parser busy for seconds.
MAX_SCRIPT_TOKENS = 5_000

#: The most copies one line of a deck list may give (``3x Card``); deck rules ask far fewer.
MAX_DECK_LINE_COPIES = 99

#: The most lines a deck list may have.
MAX_DECK_LINES = 2_000

#: The most players a command line may ask for: the most any game family seats (the deck-building
#: games seat five). A family that seats fewer says so when it sets the game up.
MAX_PLAYERS_OPTION = 5

#: The highest resolution ``render --dpi`` draws PNG faces at: a face at 1,200 dpi is about
#: 3,000 by 4,200 pixels, past what any printer uses; far above it the drawing library gives up.
MAX_DPI = 1_200

#: The most games one ``simulate`` command plays (``--games``), and the highest game number it
#: starts from (``--first-game``): a run of more is several runs merged (``--merge``).
MAX_SIMULATED_GAMES = 1_000_000
MAX_FIRST_GAME = 1_000_000_000

#: The most worker processes ``simulate --workers`` starts: each is a whole Python process.
MAX_WORKERS = 256

#: The highest turn ``replay --to-turn`` stops at: more than any game lasts.
MAX_TO_TURN = 100_000

#: Numbers are shown in errors with at most this many digits (the rest elided).
_SHOWN_DIGITS = 12


class ScriptNumberError(UserError):
    """A card script computed a number outside the range every script number lies in."""

    def __init__(self, card_name: str, value: int) -> None:
        super().__init__(
            f"card '{card_name}' computed the number {shown_number(value)}, outside the range of script numbers"
            f" (-{SCRIPT_NUMBER_MAX} to {SCRIPT_NUMBER_MAX})"
        )
        self.card_name = card_name


def shown_number(value: int) -> str:
    """``value`` as text short enough for a message: a number of thousands of digits is elided
    (and never converted whole, which Python refuses past 4300 digits)."""
    if -(10**_SHOWN_DIGITS) < value < 10**_SHOWN_DIGITS:
        return str(value)
    sign = "-" if value < 0 else ""
    magnitude = abs(value)
    digits = (magnitude.bit_length() * 30103) // 100000  # about log10(2) digits per bit
    while 10**digits <= magnitude:
        digits += 1
    while digits > 1 and 10 ** (digits - 1) > magnitude:
        digits -= 1
    return f"{sign}{magnitude // 10 ** (digits - _SHOWN_DIGITS)}... ({digits} digits)"


def in_script_range(value: int) -> bool:
    return -SCRIPT_NUMBER_MAX <= value <= SCRIPT_NUMBER_MAX


#: (what is limited, the limit, what happens past it): the table of the docs page
LIMITS: tuple[tuple[str, str, str], ...] = (
    (
        "words, numbers and symbols in a card script",
        f"{MAX_SCRIPT_TOKENS:,}",
        "the script is refused before it is parsed (E003)",
    ),
    (
        "a number a script computes (`let`, `+`, `-`, `*`, `/`, `%`, counts, measures, Power)",
        f"-{SCRIPT_NUMBER_MAX:,} to {SCRIPT_NUMBER_MAX:,}",
        "the game stops with an error naming the card",
    ),
    ("uses of one card's action ability in a turn", f"{MAX_ACTION_USES}", "it is no longer offered that turn"),
    ("cards in one set folder", f"{MAX_CARDS_PER_SET:,}", "the set is refused"),
    ("card copies in one game (every deck and stack)", f"{MAX_COPIES_PER_GAME:,}", "the game is refused"),
    ("copies of one card in a manifest's `starting_deck`", f"{MAX_STARTING_COPIES}", "the set is refused"),
    (
        "nesting of arrays and tables in a save, record, scenario, mix or deck file",
        f"{MAX_DATA_DEPTH} levels",
        "the file is refused, with the position",
    ),
    (
        "size of a save, record, scenario, mix or deck file",
        f"{MAX_DATA_FILE_BYTES // (1024 * 1024)} MiB",
        "the file is refused",
    ),
    ("length of a path", f"{MAX_PATH_CHARS:,} characters", "the path is refused"),
    ("copies on one line of a deck list", f"{MAX_DECK_LINE_COPIES}", "the line is a finding"),
    ("lines in a deck list", f"{MAX_DECK_LINES:,}", "the deck list is refused"),
)

#: (the option, its range): the command-line options that size something, each refused past its
#: range by the command line itself (exit 2, before anything is read or written).
OPTION_LIMITS: tuple[tuple[str, int, int], ...] = (
    ("--players", 1, MAX_PLAYERS_OPTION),
    ("--humans", 0, MAX_PLAYERS_OPTION),
    ("--dpi", 1, MAX_DPI),
    ("--games", 1, MAX_SIMULATED_GAMES),
    ("--first-game", 1, MAX_FIRST_GAME),
    ("--workers", 0, MAX_WORKERS),
    ("--to-turn", 1, MAX_TO_TURN),
)


def option_range(option: str) -> tuple[int, int]:
    """The range of one of :data:`OPTION_LIMITS`' options."""
    for name, least, most in OPTION_LIMITS:
        if name == option:
            return least, most
    raise KeyError(option)
