// Line at a Parlor table: the spatial rummy on a shared 4 by 4 grid
// (games/line/README.md). The lobby and waiting room are the room kit's, the card
// faces the card kit's (the settings come from the game's options_schema);
// this brings the helpers, the log in words, the result sheet and the table
// itself (table.js).

import { pickByKey } from '../../cards/hand.js';
import { start } from '../../room/room.js';
import { RULES } from './rules.js';
import { GAME, Table, assist, resultDetail, resultLine, seatName, short } from './table.js';

const table = new Table();
const repaint = () => table.paint();

function name(snap, s) {
  return seatName(snap, s, false);
}

const row = i => Math.floor(i / 4) + 1;

function describe(e, snap) {
  // Your own moves read "You …"; everyone else's by name.
  const you = e.seat !== undefined && e.seat === snap.seat;
  const who = e.seat !== undefined ? seatName(snap, e.seat) : '';
  switch (e.kind) {
    case 'deal':
      return `The cards are dealt: seven each. ${name(snap, e.first)} goes first, and the ${short(e.turned)} starts the discard.`;
    case 'dealt':
      return '';
    case 'place':
      return e.drawn ? `${who} put the ${short(e.card)} down in row ${row(e.square)}.` : `${who} played the ${short(e.card)} in row ${row(e.square)}.`;
    case 'upgrade':
      return `${who} swapped the ${short(e.card)} for the joker in row ${row(e.square)}, and ${e.joker_to === null ? 'kept the joker' : `put the joker in row ${row(e.joker_to)}`}.`;
    case 'shift':
      return `${who} shifted the ${short(e.card)} into row ${e.row + 1}, pushing the ${short(e.out)} off onto the discard.`;
    case 'take':
      return `${who} had nothing to play and took the ${short(e.card)} from the discard.`;
    case 'draw':
      if (e.card) return `${who} had nothing to play and drew the ${short(e.card)}, which goes straight down.`;
      return you ? '' : `${who} had nothing to play and drew a card into their hand.`; // (yours is the next line, with its card)
    case 'drew':
      return `You had nothing to play and drew the ${short(e.card)}; it can’t go down, so it joins your hand.`;
    case 'discard':
      return `${who} discarded the ${short(e.card)}.`;
    case 'row':
      return `${who} completed row ${e.row + 1}${e.made ? ` as a ${e.made}` : ''}.`;
    case 'bonus':
      return `${who} ${you ? 'get' : 'gets'} a bonus turn.`;
    case 'over':
      return resultLine(snap) || 'The game is over.';
    default:
      return undefined;
  }
}

// What Share result copies: the result in words and every total.
function shareText(snap) {
  const line = resultLine(snap);
  return line ? `Line at Parlor\n${line}` : '';
}

start({
  game: GAME,
  title: 'Line',
  rules: RULES,
  preferences: [
    { key: 'assist-legal', label: 'Light up where a card can go', hint: 'Pick a card and the squares, upgrades and shifts it allows light up.', onchange: repaint },
    { key: 'assist-last', label: 'Mark the last move', hint: 'An outline on the square the last card went to.', onchange: repaint },
    { key: 'shortcuts', label: 'Keyboard shortcuts', hint: '1–8 pick a card, D draws, K keeps a freed joker, L opens the log, ? How to play, Esc puts a card down.' },
  ],
  // Your move, the first time each kind of decision is yours (the engine's kinds).
  yourMove: {
    play: { say: 'Pick a card from your hand, then tap a lit square.', ring: '#hand' },
    draw: { say: 'Nothing in your hand can go down, so draw: the top discard if it can go straight down, else the pile.', ring: '#ln-draw' },
    place: { say: 'Put down the card you drew: tap a lit square.', ring: '#ln-grid' },
    discard: { say: 'You hold eight cards: pick one to discard, back to seven.', ring: '#hand' },
  },
  sounds: { place: 'card', upgrade: 'card', shift: 'card', discard: 'card', row: 'won' },
  progress: snap => {
    const v = snap.view;
    if (!v) return '';
    if (v.phase === 'over') return `Game over after ${v.turns} turns`;
    return `Turn ${v.turns}${v.bonus ? ' · bonus' : ''}`;
  },
  describe,
  resultLine,
  resultDetail,
  shareText,
  play: {
    draw(board, snap, room, was) { table.draw(board, snap, room, was); },
    // A move that didn't go (room.refusal says why): the table takes moves again.
    refused: () => table.paint(),
    keys,
    hinted: action => table.hinted(action),
  },
});

const click = id => document.getElementById(id)?.click();

// Keys (the room decides whether a press is for the table): Escape puts a
// card down, and the shortcuts when they're on.
function keys(e) {
  if (!table.snap) return false;
  if (e.key === 'Escape') {
    if (!table.selected && !table.step) return false;
    table.putDown();
    return true;
  }
  if (!assist('shortcuts')) return false;
  if (pickByKey(table.hand, e.key)) return true;
  const press = { d: () => table.drawCard(), k: () => table.keepJoker(), l: () => click('open-log'), '?': () => click('open-rules') }[e.key.toLowerCase()];
  if (press) press();
  return !!press;
}
