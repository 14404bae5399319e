"""The web platform: ``midway serve``.

Layers, bottom-up: :mod:`~midway.server.db` (tables and migrations),
:mod:`~midway.server.service` (games, seats, submissions, computer seats; no
HTTP), :mod:`~midway.server.api` (the FastAPI app: pydantic wire models,
websocket pushes, the static browser UI). The server knows rulesets only
through :mod:`midway.engine.registry`.
"""
