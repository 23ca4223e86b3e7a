"""The table service: game-agnostic rules plumbing (contract, deck, log,
rounds, moves, games) that runs without Django, and the Django app around it
(models, service, consumers, ticker)."""
