"""The Battle of Midway (HistoricalBoardGaming.com, D12): ruleset ``hbg``.

Data tables (``data/*.toml``) are loaded by :mod:`midway.rulesets.hbg.data`; the rules and
``GAME`` come later. Rulings: ``RULINGS.md``.
"""
