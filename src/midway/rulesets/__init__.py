"""The rulesets. Each is a package of its own; none imports another.

They are found through the ``midway.rulesets`` entry-point group (see
:mod:`midway.engine.registry`), never by name from the core.
"""
