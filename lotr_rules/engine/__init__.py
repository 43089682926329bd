"""The game-agnostic core: card definitions, state, events, decisions and the primitive registry.

Nothing in here knows a particular game. A game family (``lotr_rules.games``) supplies the turn
structure and registers the primitives, zones and phrases its cards may use.
"""
