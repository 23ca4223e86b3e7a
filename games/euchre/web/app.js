// Euchre at a Parlor table: the family's rules (games/euchre/README.md), played
// against bots or friends. The lobby and waiting room are the room kit's,
// the card faces the card kit's (the waiting room draws the settings from
// games/euchre/rules.py OPTIONS_SCHEMA); this brings the helpers, the log
// in words and the table itself (table.js).

import { el } from '../../room/net.js';
import { start } from '../../room/room.js';
import { computerFirstNote } from './device.js';
import { RULES } from './rules.js';
import { gameDetail } from './sheet.js';
import { GAME, Table, YOUR_MOVE, assist } from './table.js';
import { describe, progress, resultLine, shareText } from './words.js';

const table = new Table();
const repaint = () => table.paint();

// Who partners whom in the waiting room: seats 1 and 3 against 2 and 4.
// With two people at a full table the host can put them together or apart.
// A phone is told first that Euchre is made for a computer first.
function partnersNote(snap) {
  const seats = snap.seats;
  const named = i => (seats[i] ? seats[i].name + (seats[i].you ? ' (you)' : '') : 'an empty seat');
  const teams = [0, 1].map(t => el('li', { class: `t${t}` }, el('strong', { text: `${named(t)} and ${named(t + 2)}` })));
  const people = seats.filter(s => s.kind !== 'bot');
  let swap = null;
  if (snap.host && seats.length === 4 && people.length === 2) {
    const [a, b] = people;
    const together = a.index % 2 === b.index % 2;
    swap = el('p', {},
      el('span', { class: 'muted', text: together ? `${a.name} and ${b.name} are partners. ` : `${a.name} and ${b.name} play against each other. ` }),
      el('button', { type: 'button', class: 'quiet', id: 'partners-switch', text: together ? 'Against each other' : 'As partners',
        onclick: () => room.act('arrange', { seat: b.index, to: together ? (b.index + 1) % 4 : (a.index + 2) % 4 }) }));
  }
  return el('section', { class: 'eu-partners', id: 'partners-note', 'aria-label': 'Partners' },
    computerFirstNote(),
    el('h2', { text: 'Partners' }),
    el('ul', {}, teams[0], el('li', { class: 'vs', text: 'against' }), teams[1]),
    el('p', { class: 'muted', text: 'Partners sit across the table. Always four seats: bots fill the ones nobody takes.' }),
    swap);
}

const room = start({
  game: GAME,
  firstRun: true,
  title: 'Euchre',
  rules: RULES,
  // The helpers are on by default, each with its own row to turn it off.
  preferences: [
    { key: 'assist-legal', label: 'Light up cards I can play', hint: 'Dims the cards you can’t play and lifts the ones you can.', onchange: repaint },
    { key: 'assist-partner', label: 'Say when my partner’s winning', hint: 'A quiet note, and a ring round their card, while they’re taking the trick.', onchange: repaint },
    { key: 'assist-bower', label: 'Mark the left bower', hint: 'A small tag on it once trump is called, since it counts as trump.', onchange: repaint },
    { key: 'banners', label: 'Banners', hint: 'Calls, going alone, euchres and the winner, across the table for a moment.' },
    { key: 'shortcuts', label: 'Keyboard shortcuts', hint: 'Single keys, shown on the buttons: the suit’s letter to call it, A to go alone, P to pass, 1 to 6 to play a card, O to sort.' },
  ],
  neighbors: partnersNote,
  yourMove: YOUR_MOVE,
  // Log events that make a sound (a card played is the table's own cue).
  sounds: { trick: 'won' },
  progress,
  // A log line that can't be worded is reported, and the table still draws.
  describe: (e, snap) => {
    try { return describe(e, snap); } catch (err) { console.error('log line', e.kind, err); return undefined; }
  },
  resultLine,
  shareText,
  resultDetail: gameDetail,
  play: {
    draw(board, snap, r, was) {
      table.draw(board, snap, r, was);
    },
    // A move that didn't go (room.refusal says why): the table takes moves again.
    refused: () => table.paint(),
    keys: e => room.snap.status === 'playing' && assist('shortcuts') && table.key(e),
    hinted: action => table.hinted(action),
  },
});
