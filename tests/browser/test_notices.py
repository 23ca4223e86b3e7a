"""A table's notices (the start's announcement, Your move, a banner) as a
family meets them: at a new player's first turn, on a laptop and on a
phone, the board, the hand, the moves and Your move are in sight whole
with both notices shown, and putting the notices away moves none of them; Line's
bonus turn is told without the grid moving."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import pushed_by_banners, unseen
from tests.browser.tables import LAPTOP, PHONE, first_turn
from tests.views import offered_to

SIZES = {"laptop": LAPTOP, "phone": PHONE}

# What a player must see whole at their first turn, by game: the hand, the
# moves, and the board's bottom row (Get In Line's ten spaces, Line's last row).
IN_SIGHT = {
    "euchre": ["#hand", ".eu-move:not(.empty):visible", "#eu-alone:visible"],
    "get-in-line": ["#hand", ".gil .space >> nth=90", ".gil .space >> nth=99"],
    "line": ["#hand", "#ln-dock button:visible", ".ln-row:last-child .sq"],
    "station-master": ["#sm-desk-body", "#sm-moves button:visible"],
}


# What must not move as the notices go, besides: Station Master's Division.
STILL = {"station-master": ["#sm-division"]}


def boxes(page, selectors):
    """Each element's box on the page (as scrolled), by what it is."""
    found = {}
    for selector in selectors:
        for k, node in enumerate(page.locator(selector).all()):
            box = node.bounding_box()
            found[f"{selector} #{k}"] = box and tuple(round(box[key]) for key in ("x", "y", "width", "height"))
    return found


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("slug", list(IN_SIGHT))
def test_at_a_new_players_first_turn_the_notices_keep_the_table_in_sight_and_still(slug, size, browser, site):
    page, errors, _walk = first_turn(browser, site, slug, SIZES[size])
    try:
        expect(page.locator("#opening")).to_be_visible()
        expect(page.locator("#your-move")).to_be_visible()
        nodes = [node for selector in IN_SIGHT[slug] for node in page.locator(selector).all()]
        assert nodes, f"{slug} shows none of {IN_SIGHT[slug]}"
        problems = [f"{node.evaluate('n => n.id || n.className')} {node.inner_text()[:20]!r}: {unseen(node)}" for node in nodes if unseen(node)]
        assert not problems, f"{slug} at {size}: {problems}"
        # Your move, which says what to do, is in sight whole too: on a phone
        # it leads the notices under the hand, above the announcement.
        hidden = unseen(page.locator("#your-move"))
        assert not hidden, f"{slug} at {size}: Your move: {hidden}"
        # The notices put away (✕, Got it; Station Master's Your move stands
        # in its moves, which it leads into): nothing of the table moves.
        before = boxes(page, IN_SIGHT[slug] + STILL.get(slug, []))
        page.get_by_role("button", name="Put the announcement away").dispatch_event("click")
        expect(page.locator("#opening")).to_have_count(0)
        if slug != "station-master":
            page.locator("#your-move-ok").dispatch_event("click")
            expect(page.locator("#your-move")).to_be_hidden()
        assert boxes(page, IN_SIGHT[slug] + STILL.get(slug, [])) == before
        assert errors == []
    finally:
        page.context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_lines_bonus_turn_is_told_without_moving_the_grid(size, browser, site):
    """Ada plays on until she completes a row and takes a bonus turn (a
    game ending first is played again)."""
    page, errors, walk = first_turn(browser, site, "line", SIZES[size])
    try:
        page.add_init_script(pushed_by_banners("#ln-grid"))
        page.reload()
        for _ in range(200):
            if walk.snap["status"] == "over":
                walk.ada.post(f"/api/tables/{walk.code}/again")
                walk.snap = walk.until(lambda s: s["status"] == "playing" and offered_to(s))
            if walk.snap["view"].get("bonus") and walk.snap["view"]["turn"] == walk.seat:
                break
            walk.play()
        else:
            pytest.fail("Ada never took a bonus turn")
        page.locator(f'#board[data-seq="{walk.snap["seq"]}"]').wait_for(state="attached")
        expect(page.locator("#ln-banner")).to_have_text("Bonus turn! You completed a row: play again.")
        pushed = page.evaluate("pushed")
        assert pushed and all(p["by"] == [0] for p in pushed), f"at {size} the bonus turn's banner moved the grid: {pushed}"
        assert errors == []
    finally:
        page.context.close()
