"""The LCG game log in words: one line per entry, each round and phase as a heading.

The log itself is tuples (cheap to append, compared whole by replay tests); this turns them into
what a person reads. Every kind of entry the rules write has a line here, and a test holds it to
that.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

Entry = tuple[Any, ...]


def _seat(player: object) -> str:
    return f"Player {int(str(player)) + 1}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


#: how long a lasting effect lasts, in words
_UNTIL = {"phase": "until the end of the phase", "round": "until the end of the round"}
#: a stat as a card shows it
_STAT_WORDS = {"hit_points": "hit points"}


def plain(text: str) -> str:
    """An ability's words as its script says them, read as a person would say them: the card
    itself is "it" ("after this enters play" is "after it enters play"), and the attached card is
    "the attached hero"."""
    text = re.sub(r"\bthis\b(?! phase| round)", "it", text)
    text = re.sub(r"(?<!the )\battached (hero|character|enemy|location|ally)\b", r"the attached \1", text)
    return re.sub(r"\bin (resource|planning|quest|travel|encounter|combat|refresh) phase\b", r"in the \1 phase", text)


#: what just happened (or is about to) at each trigger point, for the question of a response
#: window ({} is the card the event is about)
_MOMENTS = {
    "committed": "{} was committed to the quest",
    "revealed": "{} was revealed",
    "as revealed": "{} is being revealed",
    "travelled": "the players travelled to {}",
    "explored": "{} was explored",
    "quest completed": "{} was completed",
    "engaged": "{} engaged a player",
    "attacks": "{} attacks",
    "attacked": "{} attacked",
    "defended": "{} defended",
    "defeated": "{} was defeated",
    "won attack": "{} destroyed an enemy",
    "destroyed": "{} was destroyed",
    "damaged": "{} was damaged",
    "damage placed": "{} was damaged",
    "enters play": "{} entered play",
    "played": "{} was played",
    "left play": "{} left play",
    "progressed": "progress was placed on {}",
    "rescued": "{} was rescued",
    "shadow resolved": "the shadow effect on {} resolved",
    "would reveal": "{} is about to be revealed",
    "would shadow": "a shadow effect on {} is about to resolve",
    "would damage": "{} is about to take damage",
    "would complete": "{} is about to be completed",
    "would ready": "{} is about to ready",
    "phase begins": "the phase begins",
    "phase ends": "the phase ends",
    "round ends": "the round ends",
    "combat phase ends": "the combat phase ends",
    "shadows dealt": "shadow cards were dealt",
    "staging done": "the staging step is done",
    "quest failed": "the players failed the quest",
    "quest begins": "the quest phase begins",
    "resource begins": "the resource phase begins",
    "defence resolved": "the attack {} defended is over",
    "resources placed": "resources were placed on {}",
    "would draw": "a player is about to draw",
    "would stage": "the staging step is about to begin",
    "would check engagement": "the engagement checks are about to be made",
}


def moment(point: str, name: str = "") -> str:
    """What happens at a trigger point, in words (a response window's question)."""
    words = _MOMENTS.get(point, point)
    return words.format(name or "a card")


def _effect(name: str, stat: str, amount: int, until: str) -> str:
    sign = "+" if amount >= 0 else ""
    return f"{name} gets {sign}{amount} {_STAT_WORDS.get(stat, stat)} {_UNTIL.get(str(until), 'for now')}"


def _discarded(name: str, why: str) -> str:
    if not why:
        return f"{name} is discarded"
    return f"{name} is discarded {why}" if why.startswith("by ") else f"{name} is discarded: {why}"


def _names(names: object) -> str:
    if isinstance(names, list | tuple):
        return ", ".join(str(n) for n in names)
    return str(names)


#: entry kind -> its line (the entry's fields after the kind are the arguments)
LINES: dict[str, Callable[..., str]] = {
    "round": lambda n, first: f"== Round {n} ({_seat(first)} is the first player)",
    "phase": lambda name: f"-- {name.capitalize()} phase",
    "quest stage": lambda stage, name: f"Quest stage {stage}: {name}",
    "quest picked": lambda stage, name, others: f"Stage {stage} is picked at random: {name}, not {_names(others)}",
    "setup": lambda name: f"Setup: {name} goes to the staging area",
    "mulligan": lambda p: f"{_seat(p)} takes a mulligan",
    "x paid": lambda p, name, x: f"{_seat(p)} pays X = {x} for {name}",
    "played": lambda p, name, host: f"{_seat(p)} plays {name}" + (f" on {host}" if host else ""),
    "committed": lambda p, name: f"{_seat(p)} commits {name} to the quest",
    "revealed": lambda name: f"Revealed: {name}",
    "surge": lambda name: f"{name} surges: one more card",
    "threat": lambda p, amount, total: (
        f"{_seat(p)}'s threat {'rises' if amount >= 0 else 'falls'} by {abs(amount)} to {total}"
    ),
    "quest resolution": lambda willpower, threat: f"Quest: {willpower} willpower against {threat} threat",
    "progress": lambda name, n: f"{n} progress on {name}",
    "explored": lambda name: f"{name} is explored",
    "travelled": lambda name: f"The players travel to {name}",
    "no travel": lambda name: f"Nobody travels: {name} is still the active location",
    "engaged": lambda p, name: f"{name} engages {_seat(p)}",
    "shadow dealt": lambda name: f"A shadow card is dealt to {name}",
    "defends": lambda defender, enemy: f"{defender} defends against {enemy}",
    "shadow revealed": lambda name: f"Shadow card turned over: {name}",
    "damage": lambda name, n: f"{name} takes {n} damage",
    "damage cancelled": lambda name, n: f"The {n} damage on {name} is cancelled: it was never dealt",
    "destroyed": lambda name: f"{name} is destroyed",
    "discarded": lambda p, name, why: _discarded(name, why),
    "attacks": lambda p, names, enemy, total: f"{_seat(p)} attacks {enemy} with {_names(names)} ({total} attack)",
    "first player": lambda p: f"The first player token passes to {_seat(p)}",
    "eliminated": lambda p, why: f"{_seat(p)} is eliminated: {why}",
    "encounter deck empty": lambda: "The encounter deck is empty",
    "staging skipped": lambda: "The staging step is skipped",
    "no engagement checks": lambda: "No engagement checks are made",
    "returned to encounter deck": lambda name, where: f"{name} goes back {where} the encounter deck",
    "threat from excess damage": lambda name, n: f"{name}'s excess damage: {n} threat",
    "encounter deck reshuffled": lambda: "The encounter discard pile is shuffled back into the deck",
    "game over": lambda reason: f"Game over: {reason}",
    "forced": lambda p, kind, label: f"{_seat(p)}: {label} (the only choice)",
    "trigger": lambda p, name, label: f"{name}: {label}",
    "forced effect": lambda p, name, text: f"Forced effect of {name}" + (f" ({plain(text)})" if text else ""),
    "response": lambda p, name, text: f"{_seat(p)} responds with {name}" + (f" ({plain(text)})" if text else ""),
    "action ability": lambda p, name, text: f"{_seat(p)} uses the Action of {name}",
    "cancelled": lambda name, what: f"The {what} effect of {name} is cancelled",
    "attached": lambda name, host: f"{name} is attached to {host}",
    "withdrawn": lambda name: f"{name} is removed from the quest",
    "removed from the game": lambda p, name: f"{name} is removed from the game",
    "staged": lambda name: f"{name} is added to the staging area",
    "guarded": lambda objective, guard: f"{objective} is guarded by {guard}",
    "claimed": lambda p, objective, hero: f"{_seat(p)} claims {objective}, attached to {hero}",
    "captured": lambda p, name: f"{name} of {_seat(p)} is taken prisoner",
    "rescued": lambda p, name: f"{name} of {_seat(p)} is rescued",
    "shuffled back": lambda name: f"{name} is shuffled back into the encounter deck",
    "attached to deck": lambda p, name: f"{name} is attached to the deck of {_seat(p)}",
    "posted guard": lambda p, n: f"The top card of {_seat(p)}'s deck engages them face down as a {n}/{n}/{n} enemy",
    "set aside": lambda name: f"{name} is set aside, out of play",
    "joined": lambda p, name: f"{name} joins {_seat(p)} as an ally",
    "back to staging": lambda name: f"{name} goes back to the staging area",
    "made active": lambda name: f"{name} becomes the active location",
    "darkened": lambda amount: f"The staging area's threat is raised by {amount} this phase",
    "put into play": lambda p, name: f"{_seat(p)} puts {name} into play",
    "returned to hand": lambda p, name: f"{name} returns to {_seat(p)}'s hand",
    # the names ride along for the looking player's own screen; the line tells only how many
    "looked at": lambda p, n, names: f"{_seat(p)} looks at {n} card{'s' if n != 1 else ''} in private",
    "arranged": lambda p, n: f"{_seat(p)} puts {n} card{'s' if n != 1 else ''} back on top in the order they choose",
    "put": lambda name, position, pile: f"{name} is put on the {position} of the {pile}",
    "taken": lambda p, name: f"{_seat(p)} takes {name} into their hand",
    "not completed": lambda name: f"{name} cannot be defeated now",
    "stays exhausted": lambda name: f"{name} does not ready",
    "no draw": lambda p: f"{_seat(p)} cannot draw cards",
    "searched": lambda p, n: f"{_seat(p)} searches the top {n} card{'s' if n != 1 else ''} of their deck",
    "held back": lambda name, p: f"{name} cannot attack {_seat(p)} this phase",
    "several defenders": lambda p: f"{_seat(p)} may declare several defenders against each attack this phase",
    "shuffled into deck": lambda p, name: f"{name} is shuffled into {_seat(p)}'s deck",
    "concealed": lambda name: f"{name} counts no threat this phase",
    "drew": lambda p, n: f"{_seat(p)} draws {_plural(n, 'card')}",
    "readied": lambda name: f"{name} readies",
    "exhausted": lambda name: f"{name} is exhausted",
    "healed": lambda name, n: f"{n} damage is healed from {name}",
    "progress removed": lambda name, n: f"{n} progress is removed from {name}",
    "resources": lambda name, n: f"{name} gets {_plural(n, 'resource')}",
    "defends unexhausted": lambda name: f"{name} does not exhaust to defend",
    "resources spent": lambda p, name, n: f"{_seat(p)} pays {_plural(n, 'resource')} from {name}",
    "effect": _effect,
    "took control": lambda p, name: f"{_seat(p)} takes control of {name}",
    "returned to staging": lambda name: f"{name} returns to the staging area",
    "deck reshuffled": lambda p, n: f"{_seat(p)} shuffles their discard pile ({_plural(n, 'card')}) into their deck",
}


def line(entry: Entry) -> str:
    """One entry in words; an entry of a kind this module does not know is shown as it is."""
    render = LINES.get(str(entry[0]))
    if render is None:
        return " ".join(str(part) for part in entry)
    return render(*entry[1:])


def lines(log: Sequence[Entry], *, forced: bool = False) -> list[str]:
    """The whole log in words; choices with one option are left out unless ``forced``."""
    return [line(entry) for entry in log if forced or entry[0] != "forced"]
