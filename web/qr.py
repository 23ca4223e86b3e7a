"""A table's link as a QR code that a phone's camera opens: drawn on the
server as SVG (segno), so the page shows it as an image with no script."""

from __future__ import annotations

import io

import segno


def svg(link: str) -> bytes:
    """The code for `link`, black on white with a quiet margin of two
    modules (the page around it is light too), scaling to any size."""
    code = segno.make(link, micro=False)
    drawn = io.BytesIO()
    code.save(drawn, kind="svg", border=2, dark="#000", light="#fff", xmldecl=False, nl=False, omitsize=True,
              svgclass=None, lineclass=None)
    return drawn.getvalue()
