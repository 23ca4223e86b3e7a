"""A player's rating over time at one game, drawn on the server as a small
SVG (no chart library in the browser), to be read by a family at a glance:

- an axis up the left with the rating's scale, a few round numbers on it;
- a point per rated game, placed along the bottom by the day it was played,
  with the first and last dates written under the chart;
- the latest rating written beside its point (so a single game is a point
  with its number, not a lone dot);
- each point a 44 px target to tap on a phone, a link to that game's replay
  where the viewer may watch it, with its date and change as its title.

Drawn at its own size on a phone and half as large again where there is
room (it only shrinks on a page narrower than itself), so the targets keep
at least their size."""

from __future__ import annotations

import math
from collections.abc import Callable

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.timezone import localtime

from .models import Change

WIDTH, HEIGHT = 340, 150
LEFT, RIGHT, TOP, BOTTOM = 40, 44, 12, 26  # room for the scale, the latest number, and the dates
LEAST_SPAN = 40.0  # a flat run of games still reads as flat, not as a cliff
TARGET = 22  # a point's radius to tap: 44 px across at the chart's own size
STEPS = (5, 10, 20, 25, 50, 100, 200, 250, 500)  # the scale's round steps, the first giving no more than FEW marks
FEW = 4


def scale(low: float, high: float) -> tuple[float, float, list[int]]:
    """The range the chart shows for ratings from ``low`` to ``high``, and
    the round numbers marked on its axis (two to FEW of them): at least
    LEAST_SPAN tall, widened to the marks round it."""
    if high - low < LEAST_SPAN:
        middle = (high + low) / 2
        low, high = middle - LEAST_SPAN / 2, middle + LEAST_SPAN / 2
    step = next((s for s in STEPS if (high - low) / s <= FEW - 1), STEPS[-1])
    bottom, top = math.floor(low / step) * step, math.ceil(high / step) * step
    return bottom, top, list(range(int(bottom), int(top) + 1, step))


def points(changes: list[Change]) -> list[tuple[float, float]]:
    """Where each game's rating lands in the picture: along by when it was
    played (the first at the left, the latest at the right; a single game,
    or games all at one moment, in the middle), and up with the rating on
    the axis's scale."""
    bottom, top, _marks = scale(min(c.mu_after for c in changes), max(c.mu_after for c in changes))
    times = [c.result.finished.timestamp() for c in changes]
    first, span = times[0], times[-1] - times[0]
    inner_w = WIDTH - LEFT - RIGHT
    return [(LEFT + ((t - first) / span * inner_w if span > 0 else inner_w / 2), _y(c.mu_after, bottom, top))
            for c, t in zip(changes, times)]


def _y(rating: float, bottom: float, top: float) -> float:
    """How far down the picture a rating sits, on the axis from bottom to top."""
    return TOP + (top - rating) / (top - bottom) * (HEIGHT - TOP - BOTTOM)


def _date(change: Change, with_year: bool) -> str:
    """"6 Dec", or "6 Dec 2026" where the games span more than a year."""
    day = localtime(change.result.finished)
    return f"{day.day} {day:%b %Y}" if with_year else f"{day.day} {day:%b}"


def _said(change: Change) -> str:
    delta = change.delta
    sign = "−" if round(delta, 1) < 0 else "+"
    return f"{_date(change, True)}: {change.mu_after:.0f} ({sign}{abs(delta):.1f})"


def _axis(bottom: float, top: float, marks: list[int]) -> SafeString:
    """The scale up the left: a faint line and a number at each mark."""
    rows = []
    for mark in marks:
        y = f"{_y(mark, bottom, top):.1f}"
        rows.append(format_html(
            '<line class="grid" x1="{}" x2="{}" y1="{}" y2="{}" stroke="currentColor" stroke-opacity=".15"/>'
            '<text class="tick" x="{}" y="{}" text-anchor="end" dominant-baseline="middle">{}</text>',
            LEFT, WIDTH - RIGHT, y, y, LEFT - 6, y, mark))
    return format_html('<g class="axis" font-size="11">{}</g>', format_html_join("", "{}", ((r,) for r in rows)))


def _dates(changes: list[Change]) -> SafeString:
    """The first and the last game's dates under the chart, at its ends
    (one, in the middle, when they are the same day)."""
    first, last = localtime(changes[0].result.finished), localtime(changes[-1].result.finished)
    with_year = first.year != last.year
    y = HEIGHT - 8
    if first.date() == last.date():
        return format_html('<g class="dates" font-size="11"><text class="date" x="{}" y="{}" text-anchor="middle">{}</text></g>',
                           (LEFT + WIDTH - RIGHT) // 2, y, _date(changes[0], with_year))
    return format_html(
        '<g class="dates" font-size="11"><text class="date" x="{}" y="{}" text-anchor="start">{}</text>'
        '<text class="date" x="{}" y="{}" text-anchor="end">{}</text></g>',
        LEFT, y, _date(changes[0], with_year), WIDTH - RIGHT, y, _date(changes[-1], with_year))


def chart(title: str, changes: list[Change], link: Callable[[Change], str | None]) -> SafeString:
    """The chart of these rated games (oldest first) at one game, titled
    for it; ``link(change)`` is the address of that game's replay, or None
    where the viewer may not watch it."""
    if not changes:
        return SafeString("")
    bottom, top, marks = scale(min(c.mu_after for c in changes), max(c.mu_after for c in changes))
    at = points(changes)
    marks_drawn = []
    for change, (x, y) in zip(changes, at):
        said = _said(change)
        dot = format_html('<circle class="target" cx="{}" cy="{}" r="{}" fill="transparent"/>'
                          '<circle cx="{}" cy="{}" r="4"/><title>{}</title>',
                          f"{x:.1f}", f"{y:.1f}", TARGET, f"{x:.1f}", f"{y:.1f}", said)
        href = link(change)
        marks_drawn.append(format_html('<a href="{}" class="point" aria-label="{}, watch the game">{}</a>', href, said, dot)
                           if href else format_html('<g class="point">{}</g>', dot))
    line = " ".join(f"{x:.1f},{y:.1f}" for x, y in at)
    first, last = changes[0].mu_after, changes[-1].mu_after
    lx, ly = at[-1]
    latest = format_html('<text class="latest" x="{}" y="{}" dominant-baseline="middle" font-weight="700" font-size="13">{}</text>',
                         f"{lx + 8:.1f}", f"{ly:.1f}", f"{last:.0f}")
    summary = f"{title} rating over {len(changes)} rated game{'s' if len(changes) != 1 else ''}: {first:.0f} after the first, {last:.0f} now"
    return format_html(
        '<svg class="rating-chart" viewBox="0 0 {} {}" style="width: 100%; max-width: {}px; height: auto" '
        'fill="currentColor" aria-label="{}">{}{}'
        '<polyline points="{}" fill="none" stroke="currentColor" stroke-width="1.5"/>{}{}</svg>',
        WIDTH, HEIGHT, WIDTH * 3 // 2, summary, _axis(bottom, top, marks), _dates(changes), line,
        format_html_join("", "{}", ((m,) for m in marks_drawn)), latest)
