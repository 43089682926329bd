"""The search bot: information-set Monte Carlo search guided by each family's heuristic bot.

:mod:`.core` holds what every family shares (the budget, the worlds sampled, the choice between
candidate moves); :mod:`.lcg` fits it to the Card Game.
"""
