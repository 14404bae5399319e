"""midway: the board wargames of the Battle of Midway, every rule enforced by the computer."""

__version__ = "0.1.0"
