"""Computer opponents. An agent sees only its side's view and its decision."""

from midway.ai.agents import Agent, RandomAgent, make_agent, play_out

__all__ = ["Agent", "RandomAgent", "make_agent", "play_out"]
