"""The ruleset ``vam``: "Victory at Midway" (French rules), double-blind, the program as umpire.

Data in ``data/`` (every value sourced), the turn machine in ``game``, the phases in ``orders``
(phase 1), ``air`` (2-7) and ``surface`` (8-11), fog of war and the text rendering in ``views``,
the order notation in ``notation``, rulings in ``RULINGS.md``, the rules map in ``RULES.md``.
"""

from midway.rulesets.vam.game import GAME, VamGame, VamState
from midway.rulesets.vam.notation import NotationError, parse_order, parse_orders

__all__ = ["GAME", "NotationError", "VamGame", "VamState", "parse_order", "parse_orders"]
