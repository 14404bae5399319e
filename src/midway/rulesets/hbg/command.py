"""hbg steps of this phase: to be written (see steps.py for the protocol)."""

from __future__ import annotations

from midway.rulesets.hbg.steps import Step

STEPS: dict[str, Step] = {}
