// A table's pace (tables/pace.py): live, or over days with a time for each
// move. The waiting room's choice (the host's; the others read it), and the
// time the player to move has left on their plate (room.leftNote, which a
// game's own plates show too), counted down from the snapshot's `left` by
// this page's own clock, which keeps the words right however long the page
// stays open. Every other word of it (the bar's, the waiting room's, its
// choices) comes in the snapshot's `paceWords`.

import { el } from './net.js';

const HOUR = 3600;
const DAY = 86400;

/** The time a player has left, as the table says it (tables.pace.words):
 * the one rule the page keeps, since it says the time afresh between
 * snapshots, and a table over days may send none for a day. */
export function leftWords(seconds) {
  if (seconds === null || seconds === undefined) return '';
  if (seconds <= 0) return 'time’s up';
  if (seconds < HOUR) return 'under an hour left';
  if (seconds < DAY) {
    const hours = Math.floor(seconds / HOUR);
    return hours === 1 ? '1 hour left' : `${hours} hours left`;
  }
  if (seconds < 2 * DAY) return 'due tomorrow';
  return `${Math.floor(seconds / DAY + 0.5)} days left`;
}

// When this page's latest snapshot came, by the page's clock (performance.now, ms).
let heardAt = performance.now();

/** A snapshot came: the time left it says counts from now. */
export function heard() { heardAt = performance.now(); }

/** What a seat on turn at a table over days has left, in words ("2 days left"); '' for any other. */
export function timeLeft(snap, seat) {
  if (!seat || !seat.deciding || seat.left === null || seat.left === undefined || snap.status !== 'playing') return '';
  return leftWords(seat.left - (performance.now() - heardAt) / 1000);
}

/** A plate's note of the time its player has left (room.leftNote), kept
 * right by keepTime; null for a seat with none. */
export function leftNote(snap, seat) {
  const text = timeLeft(snap, seat);
  return text ? el('span', { class: 'time-left', 'data-left-seat': String(seat.index), text }) : null;
}

/** Once a minute, every plate's time left said afresh (only a table over days has any). */
export function keepTime(room) {
  setInterval(() => {
    const snap = room.snap;
    if (!snap || !snap.pace || snap.pace.kind !== 'days') return;
    for (const note of document.querySelectorAll('[data-left-seat]')) {
      note.textContent = timeLeft(snap, snap.seats[Number(note.dataset.leftSeat)]);
    }
  }, 60000);
}

/** The waiting room's pace: the host picks it, the others read it. */
export function paceSetting(room) {
  const { snap } = room;
  if (!snap.pace || !snap.paceWords) return null;
  const said = snap.paceWords;
  if (!snap.host) return el('p', { class: 'muted pace-setting', id: 'pace-setting', text: said.told });
  const days = snap.pace.kind === 'days';
  // (A table turned to over days starts with the server's first time a move.)
  const kind = el('select', { id: 'pace-kind', onchange: e => room.act('pace', { pace: e.target.value }) },
    said.kinds.map(([value, label]) => el('option', { value, selected: value === snap.pace.kind, text: label })));
  const allowance = days ? el('select', { id: 'pace-allowance', 'aria-label': 'Time for each move',
    onchange: e => room.act('pace', { pace: 'days', allowance: e.target.value === '' ? null : Number(e.target.value) }) },
    said.allowances.map(([seconds, label]) => el('option', { value: seconds === null ? '' : String(seconds), selected: seconds === snap.pace.allowance, text: label })))
    : null;
  return el('div', { class: 'pace-setting', id: 'pace-setting' },
    el('label', { for: 'pace-kind', text: 'Pace ' }), kind,
    days ? el('label', { for: 'pace-allowance', text: ' Time for each move ' }) : null, allowance,
    el('small', { class: 'muted', id: 'pace-note', text: said.note }));
}
