"""Our games in other people's tools: OpenSpiel (:mod:`midway.adapters.openspiel`) and PettingZoo
(:mod:`midway.adapters.pettingzoo`). Each needs the ``ai`` extra (``pip install midway[ai]``)."""
