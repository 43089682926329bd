"""The Lord of the Rings: The Card Game (the cooperative Living Card Game), on the same engine.

Players take heroes and a player deck each against a quest deck and an encounter deck that the
game plays. A round has seven phases (resource, planning, quest, travel, encounter, combat,
refresh); :mod:`.record` holds what a card is, :mod:`.state` what changes, :mod:`.game` the
round, :mod:`.combat` the encounter and combat phases, and :mod:`.bots` two agents.
"""
