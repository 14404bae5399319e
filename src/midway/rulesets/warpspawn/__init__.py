"""Warpspawn's "Midway": a D6 flowchart dice game (rule text seed 001).

See RULINGS.md for every gap and contradiction of the text and how it is settled.
"""

from midway.rulesets.warpspawn.game import WarpspawnGame, WarpspawnState

GAME = WarpspawnGame()

__all__ = ["GAME", "WarpspawnGame", "WarpspawnState"]
