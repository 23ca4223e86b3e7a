// The start of a game, drawn for every game: a short handoff beat as the
// waiting room gives way to the table, an announcement of how the game
// starts, and the preset in the bar beside the table's code. The kit knows
// no rules: the sentence is the game's own (the snapshot's `opening`, with
// {n} for seat n's name), else the game's title and its settings in the
// words of its options_schema.

import { el } from './net.js';
import { presetOf, presetRow, word } from './settings.js';

/** The preset the table is playing, in words, or '' for a game without. */
export function presetName(room) {
  const preset = presetOf(room.schema, room.snap.settings || {});
  return preset ? preset.label : '';
}

/** The announcement for the table as it starts. */
export function announcement(room) {
  const { snap, schema } = room;
  const name = i => (snap.seats[i] ? `${snap.seats[i].name}${snap.seats[i].you ? ' (you)' : ''}` : `seat ${Number(i) + 1}`);
  if (snap.opening) return snap.opening.replace(/\{(\d+)\}/g, (_, i) => name(i));
  const settings = snap.settings || {};
  const preset = presetRow(schema);
  if (preset) return `${snap.title} begins: ${word(preset, settings[preset.key])}.`;
  // Only what differs from the usual game is news; the rest is in Options.
  const said = schema.filter(s => s.key in settings && settings[s.key] !== s.default)
    .map(s => `${s.label} ${word(s, settings[s.key])}`);
  return said.length ? `${snap.title} begins. ${said.join(' · ')}.` : `${snap.title} begins.`;
}

/** Did the table just start (from the waiting room, or a Play again)? */
export function justStarted(was, snap) {
  return !!was && snap.status === 'playing' && (was.status !== 'playing' || was.number !== snap.number);
}

/** The handoff: the table arrives (a short beat, none under reduced
 * motion, see room.css) and the announcement stands in the table's notices
 * until it is put away or you make your first move (its moment has passed).
 * A screen reader hears it through the kit's one live region (room.announce). */
export function handoff(room) {
  const root = document.getElementById('room');
  const bar = root.querySelector(':scope > header.bar');
  if (!bar) return;
  const text = announcement(room);
  bar.after(standing('opening', text, 'Put the announcement away'));
  room.announce(text);
  root.classList.remove('arriving');
  void root.offsetWidth; // start the beat again for a Play again
  root.classList.add('arriving');
  root.addEventListener('animationend', () => root.classList.remove('arriving'), { once: true });
}

/** News of the table for this page alone (someone left: the snapshot's
 * `notice`), standing under the bar, and pinned to the top of the window
 * when the page is scrolled down to play, until put away or your move. */
export function news(room, text) {
  const bar = document.querySelector('#room > header.bar');
  if (!bar) return;
  bar.after(standing('table-news', text, 'Put the news away'));
  room.announce(text);
}

/** The start's announcement goes to the table's one place for notices
 * (`[data-notices]`, where the table keeps room for them): there it moves
 * none of the table and pushes neither your hand nor your moves out of
 * sight. It stands after a Your move there, which says what to do now: on
 * a phone the notices come last, and the first of them is the one in view.
 * A table without one has it under the bar. */
export function gather() {
  const place = document.querySelector('[data-notices]');
  const opening = document.getElementById('opening');
  if (!place || !opening || opening.parentNode === place) return;
  const yourMove = place.querySelector(':scope > .your-move');
  if (yourMove) yourMove.after(opening);
  else place.prepend(opening);
}

/** A line standing until put away (its ✕) or your move. */
function standing(id, text, away) {
  document.getElementById(id)?.remove();
  const line = el('p', { class: `opening ${id}`, id },
    el('span', { class: 'opening-text', id: `${id}-text`, text }), ' ',
    el('button', { type: 'button', class: 'quiet close', 'aria-label': away, text: '✕', onclick: () => line.remove() }));
  return line;
}

/** Your first move puts the start's announcement, and any news, away. */
export function putAway() {
  document.getElementById('opening')?.remove();
  document.getElementById('table-news')?.remove();
}
