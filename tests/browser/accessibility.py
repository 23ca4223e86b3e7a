"""axe-core's check of a page, shared by the tests that look at pages for
accessibility: its findings that fail the page, and whether the site's
faces are loaded."""

import json

from axe_playwright_python.sync_playwright import Axe

# label-content-name-mismatch is among axe-core's experimental rules: asked for by name.
OPTIONS = {"resultTypes": ["violations"], "rules": {"label-content-name-mismatch": {"enabled": True}}}
MET_BEFORE = {"label-content-name-mismatch", "page-has-heading-one", "scrollable-region-focusable", "color-contrast", "heading-order"}
FONTS = ["700 1em Fraunces", "400 1em Figtree"]
axe = Axe()


def findings(page, where):
    """axe-core's findings that fail the page, a sentence each."""
    found = axe.run(page, options=OPTIONS).response["violations"]
    bad = [v for v in found if v["impact"] in ("serious", "critical") or v["id"] in MET_BEFORE]
    lines = [f"{where}: {v['id']} ({v['impact']}): {v['help']}: " + "; ".join(n["target"][0] if isinstance(n["target"][0], str) else str(n["target"])
                                                                             for n in v["nodes"][:6]) for v in bad]
    loaded = page.evaluate(f"""async () => {{ await document.fonts.ready;
        return [...document.fonts].some(f => f.status === 'loaded') && {json.dumps(FONTS)}.every(f => document.fonts.check(f)); }}""")
    if not loaded:
        lines.append(f"{where}: Fraunces and Figtree are not loaded")
    return lines
