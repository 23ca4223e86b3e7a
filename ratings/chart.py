"""A player's rating over time at one game, drawn on the server as a small
SVG (no chart library in the browser): a point per rated game, in the order
they were played, each a link to that game's replay where the viewer may
watch it, and a line through them."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from .models import Change

WIDTH, HEIGHT, EDGE = 320, 96, 10
LEAST_SPAN = 40.0  # a flat run of games still reads as flat, not as a cliff


def points(changes: list[Change]) -> list[tuple[float, float]]:
    """Where each game's rating lands in the picture: evenly along, and
    up with the rating (the lowest at the bottom edge, the highest at the
    top)."""
    ratings = [c.mu_after for c in changes]
    low, high = min(ratings), max(ratings)
    if high - low < LEAST_SPAN:
        middle = (high + low) / 2
        low, high = middle - LEAST_SPAN / 2, middle + LEAST_SPAN / 2
    inner_w, inner_h = WIDTH - 2 * EDGE, HEIGHT - 2 * EDGE
    step = inner_w / (len(ratings) - 1) if len(ratings) > 1 else 0.0
    return [(EDGE + (i * step if len(ratings) > 1 else inner_w / 2), EDGE + (high - mu) / (high - low) * inner_h)
            for i, mu in enumerate(ratings)]


def _said(change: Change) -> str:
    delta = change.delta
    sign = "−" if round(delta, 1) < 0 else "+"
    return f"{change.result.finished:%d %b %Y}: {change.mu_after:.0f} ({sign}{abs(delta):.1f})"


def chart(title: str, changes: list[Change], link: Callable[[Change], str | None]) -> SafeString:
    """The chart of these rated games (oldest first) at one game, titled
    for it; ``link(change)`` is the address of that game's replay, or None
    where the viewer may not watch it."""
    if not changes:
        return SafeString("")
    at = points(changes)
    marks = []
    for change, (x, y) in zip(changes, at):
        said = _said(change)
        dot = format_html('<circle cx="{}" cy="{}" r="4"><title>{}</title></circle>', f"{x:.1f}", f"{y:.1f}", said)
        href = link(change)
        marks.append(format_html('<a href="{}" class="point" aria-label="{}, watch the game">{}</a>', href, said, dot)
                     if href else format_html('<g class="point">{}</g>', dot))
    line = " ".join(f"{x:.1f},{y:.1f}" for x, y in at)
    first, last = changes[0].mu_after, changes[-1].mu_after
    summary = f"{title} rating over {len(changes)} rated game{'s' if len(changes) != 1 else ''}: {first:.0f} after the first, {last:.0f} now"
    return format_html(
        '<svg class="rating-chart" viewBox="0 0 {} {}" style="width: 100%; max-width: {}px; height: auto" '
        'fill="currentColor" aria-label="{}">'
        '<polyline points="{}" fill="none" stroke="currentColor" stroke-width="1.5"/>{}</svg>',
        WIDTH, HEIGHT, WIDTH, summary, line, format_html_join("", "{}", ((m,) for m in marks)))
