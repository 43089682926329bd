"""The session layer: one way to set up, play, save, resume and replay a game of any family.

The terminal (:mod:`lotr_rules.commands`) and the browser (:mod:`lotr_rules.web`) are two faces of
the same table: both set games up, seat bots, write saves, read them back and rebuild a record's
game step by step through this package, so the same options, seed and choices make the same game
in both places. Neither face reimplements any of it, and the browser imports nothing of the
terminal's commands.

A game is rebuilt from three things: what it was set up from, its seed, and the choices made
(:mod:`lotr_rules.session.rebuild`). Saving writes them; resuming and replaying rebuild from them;
"the game after its first N choices" is one call.

Each family registers one entry in :mod:`lotr_rules.session.families` (its default number of
players, its bots, how it sets up, saves, resumes, replays and describes its table); a new family
gets both faces by registering. The modules are small and load only what their family needs.
"""
