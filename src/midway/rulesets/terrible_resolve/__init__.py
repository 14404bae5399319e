"""A Terrible Resolve: fast-play rules for the Battle of Midway by Matt Fritz (Version 2).

Two fleets on two tables, planes moving round a circuit of boxes, CAP rings,
AA dice against each attack wave and exploding sixes for the bombers.
"""

from midway.rulesets.terrible_resolve.game import GAME, TerribleResolveGame, TerribleResolveState

__all__ = ["GAME", "TerribleResolveGame", "TerribleResolveState"]
