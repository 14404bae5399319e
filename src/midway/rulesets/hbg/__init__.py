"""The ruleset ``hbg``: "The Battle of Midway" (HistoricalBoardGaming.com), D12.

Data in ``data/`` (every value sourced), rules by phase (``command``, ``search``, ``orders``,
``combat``, ``maintenance``), the turn and shared effects in ``game``, fog of war in ``views``,
rulings in ``RULINGS.md``.
"""

from midway.rulesets.hbg.game import GAME, HbgGame, HbgState

__all__ = ["GAME", "HbgGame", "HbgState"]
