"""High Card's bots: easy plays at random, medium its highest card, hard the
lowest card that still takes the trick, else its lowest."""


from .cards import power


def choose(v, level, rng):
    if v["phase"] == "scored":
        return {"type": "ready"}
    mine = v["mine"]
    if level == "easy":
        return {"type": "play", "card": rng.choice(mine)}
    if level == "medium":
        return {"type": "play", "card": max(mine, key=lambda c: (power(c), c))}
    best = max((power(p["card"]) for p in v["trick"]), default=-1)
    winners = [c for c in mine if power(c) > best]
    pool = winners or mine
    return {"type": "play", "card": min(pool, key=lambda c: (power(c), c))}
