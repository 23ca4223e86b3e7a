"""High Card's cards: thirteen ranks, the higher the stronger."""

RANKS = "23456789TJQKA"


def power(card: str) -> int:
    return RANKS.index(card[0])
