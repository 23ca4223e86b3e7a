"""Imported, it has this process deal its tables' codes and seeds from one
seed (``secrets``' draws, from a generator seeded 0), so a counted run plays
the same games every time. Only the benchmarks that count instructions
import it: the service bench in its own process, the load bench in the
server's, by a sitecustomize."""

import random
import secrets

_dealer = random.Random(0)
secrets.token_hex = lambda n=32: _dealer.randbytes(n).hex()
secrets.choice = _dealer.choice
