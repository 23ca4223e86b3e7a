// A plain table for any game: every move the server offers this seat
// (snap.legal, each an action and its sentence) is a button. Games with their
// own table (games/<slug>/web/app.js) never use it.

import { el } from './net.js';
import { start } from './room.js';

const root = document.getElementById('room');

const room = start({
  game: root.dataset.game,
  title: root.dataset.title,
  play: {
    draw(board, snap) {
      const v = snap.view;
      if (!v) { board.replaceChildren(); return; }
      const parts = [];
      if (v.mine) parts.push(el('p', { class: 'hand', id: 'hand' }, 'Your hand: ', v.mine.join(' ') || '—'));
      if (v.trick) parts.push(el('p', { class: 'trick', id: 'trick' }, 'On the table: ',
        v.trick.map(p => `${snap.seats[p.seat].name} ${p.card}`).join(', ') || '—'));
      const buttons = (snap.legal || []).map(m => el('button', { class: 'move', type: 'button', 'data-move': m.action.type, text: m.say,
        disabled: room.busy, onclick: () => { if (room.move(m.action)) room.redraw(); } }));
      parts.push(el('div', { class: 'moves', id: 'moves' }, buttons));
      if (!buttons.length && snap.status === 'playing') parts.push(el('p', { class: 'muted', id: 'waiting-on', text: 'Waiting for the others…' }));
      board.replaceChildren(...parts);
    },
    // A move that didn't go: its buttons come back (the sentence is on the status line).
    refused: () => room.redraw(),
  },
});
