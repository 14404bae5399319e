"""Computer opponents. An agent sees only its side's view and its decision."""

from midway.ai.agents import AGENTS, Agent, HeuristicAgent, RandomAgent, make_agent, parse_agent, play_out

__all__ = ["AGENTS", "Agent", "HeuristicAgent", "RandomAgent", "make_agent", "parse_agent", "play_out"]
