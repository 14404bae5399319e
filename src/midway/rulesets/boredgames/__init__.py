"""Bored Games' "Battle of Midway" (rule text seed 002): Carrier Hunt and Domination.

See RULINGS.md for every gap and contradiction of the text and how it is settled, RULES.md for the
rules map.
"""

from midway.rulesets.boredgames.game import BoredGamesGame, BoredGamesState

GAME = BoredGamesGame()

__all__ = ["GAME", "BoredGamesGame", "BoredGamesState"]
