"""What a family would notice of one control or sentence: it is in sight,
its whole box inside the window, and nothing lies on top of it."""

from playwright.sync_api import TimeoutError as NeverCame
from playwright.sync_api import expect

# Whether the element's centre and its corners (a little inside) are the
# element itself, or something within it, and not whatever covers it.
ON_TOP = """el => {
  const r = el.getBoundingClientRect();
  if (!r.width || !r.height) return false;
  const points = [[.5, .5], [.1, .2], [.9, .2], [.1, .8], [.9, .8]].map(([x, y]) => [r.left + r.width * x, r.top + r.height * y]);
  return points.every(([x, y]) => { const hit = document.elementFromPoint(x, y); return !!hit && (hit === el || el.contains(hit)); });
}"""


def expect_in_sight(locator) -> None:
    """Wait until the element is wholly inside the window with nothing on
    top of it (a test fails when that never comes)."""
    expect(locator).to_be_visible()
    expect(locator).to_be_in_viewport(ratio=1)
    try:
        locator.page.wait_for_function(ON_TOP, arg=locator.element_handle())
    except NeverCame:
        raise AssertionError(f"something lies on top of {locator}") from None
