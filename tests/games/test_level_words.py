"""Every game says, in its own few words, what a bot at each level it
offers does in it, which the waiting room shows beside a bot's level; and
its How to play says plainly what hard adds there."""

import pytest

from engine import contract, registry

GAMES = [slug for slug, path in registry.REGISTERED.items() if path.startswith("games.")]


@pytest.mark.parametrize("slug", GAMES)
def test_every_game_gives_its_own_words_for_every_level_it_offers(slug):
    assert len(GAMES) == 4
    words = registry.get(slug).levels
    assert list(words) == list(contract.LEVELS)
    for level, said in words.items():
        assert said != contract.LEVEL_WORDS[level], f"{slug} {level}: the default words, not the game's own"
        assert said[0].isupper() and said.endswith("."), (slug, level, said)
        assert len(said) <= 100, f"{slug} {level}: more than a few words ({len(said)} characters)"
    assert len(set(words.values())) == len(words), f"{slug}: two levels said alike"


@pytest.mark.parametrize("slug", ["get-in-line", "line"])
def test_where_hard_measures_even_with_medium_its_words_promise_no_tougher_game(slug):
    """Hard makes medium's move unless its look ahead shows a clear gain
    there, and is no clearly stronger (the game's rules page keeps the
    figures)."""
    hard = registry.get(slug).levels["hard"]
    assert hard.startswith("Plays like Medium unless") and "clear gain" in hard
    assert "About as strong as Medium." in hard
    assert not any(word in hard.lower() for word in ("strongest", "toughest", "stronger", "tougher"))


def test_a_game_that_says_nothing_of_its_levels_gets_the_plain_words():
    import tests.highcard as highcard

    assert contract.completed(highcard).levels == contract.LEVEL_WORDS


@pytest.mark.parametrize("slug", GAMES)
def test_every_games_how_to_play_says_what_hard_adds(slug):
    rules = (registry.GAMES / slug.replace("-", "_") / "web" / "rules.js").read_text()
    bots = rules[rules.index("<h3>Bots</h3>"):]
    assert "<strong>Hard</strong>" in bots[:bots.index("</p>")]
    if slug in ("get-in-line", "line"):
        assert "about as strong as Medium, not clearly stronger" in bots[:bots.index("</p>")]
