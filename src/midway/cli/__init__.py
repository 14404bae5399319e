"""The ``midway`` command."""
