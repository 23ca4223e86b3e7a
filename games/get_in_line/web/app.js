// Get In Line at a Parlor table: the room kit's start() with the game's
// helpers, log lines and its own table (table.js). The waiting room draws
// the settings from the game's options_schema.

import { el } from '../../room/net.js';
import { start } from '../../room/room.js';
import { TEAM_NAMES, isJack, lines as lineWords, say, teamCount } from './board.js';
import { RULES } from './rules.js';
import { GAME, Table, assist, chip, outcomeLine } from './table.js';

// The game's own look, next to the room kit's.
if (!document.querySelector('link[data-game="get-in-line"]')) {
  document.head.append(el('link', { rel: 'stylesheet', href: new URL('./table.css', import.meta.url).href, 'data-game': GAME }));
}

const SIZES = [2, 3, 4, 6, 8, 9, 10, 12];
const TEAM_WORDS = { 2: 'Two teams', 3: 'Three teams' };
const table = new Table();

function name(snap, s) {
  const seat = snap.seats[s];
  return seat ? seat.name : `Seat ${s + 1}`;
}

function team(snap, t) {
  const names = snap.view && snap.view.names;
  return (names && names[t]) || TEAM_NAMES[t];
}

// The waiting room's note: who plays with whom.
function teamsNote(snap) {
  const n = snap.seats.length;
  if (!SIZES.includes(n)) return null;
  const teams = teamCount(n, snap.settings.teams);
  const target = teams === 2 ? 2 : 1;
  const rows = [];
  for (let t = 0; t < teams; t++) {
    const who = snap.seats.filter(s => s.index % teams === t).map(s => s.name + (s.you ? ' (you)' : ''));
    rows.push(el('li', { class: `t${t}` }, chip(t), el('strong', { text: `${TEAM_NAMES[t]}: ` }), who.join(', ')));
  }
  const alone = n === teams;
  return el('section', { class: 'gil-teams-note', id: 'teams-note', 'aria-label': 'Teams' },
    el('h2', { text: 'Teams' }),
    el('ul', {}, rows),
    el('p', { class: 'muted', text: `${TEAM_WORDS[teams]}${alone ? ', one player each' : `, seats alternating round the table`}; ${lineWords(target)} to win.`
      + (alone ? '' : ' Move seats up or down to change partners.') }));
}

function describe(e, snap) {
  const v = snap.view;
  const at = p => (v && v.layout[p] ? `the ${say(v.layout[p])}` : 'a space');
  switch (e.kind) {
    case 'start':
      return `${name(snap, e.first)} goes first. ${TEAM_WORDS[e.teams] || 'Teams'}, ${lineWords(e.target)} to win.`;
    case 'play':
      if (isJack(e.card)) return `${name(snap, e.seat)} played a two-eyed jack (${say(e.card)}) on ${at(e.space)} for ${team(snap, e.team)}.`;
      return `${name(snap, e.seat)} played ${at(e.space)} for ${team(snap, e.team)}.`;
    case 'remove':
      return `${name(snap, e.seat)} used a one-eyed jack (${say(e.card)}) to take ${team(snap, e.team)}’s chip off ${at(e.space)}.`;
    case 'line':
      return `${team(snap, e.team)} made a line (${e.count} of ${v ? v.target : e.count}).`;
    case 'trade':
      return `${name(snap, e.seat)} traded in a dead ${say(e.card)} for a new card.`;
    case 'pass':
      return `${name(snap, e.seat)} passed: nothing in their hand could play.`;
    case 'reshuffle':
      return `The stock ran out, so the discards were shuffled into a new one (${e.cards} cards).`;
    case 'won':
    case 'drawn':
      return v && v.outcome ? outcomeLine(v, null).replace(/^You win! /, '') : (e.kind === 'won' ? `${team(snap, e.team)} wins.` : 'A draw.');
    default:
      return undefined;
  }
}

// What Share result copies: the result in words, team by team.
function shareText(snap) {
  const v = snap.view;
  if (!v || !v.outcome) return '';
  const rows = [];
  for (let t = 0; t < v.teams; t++) {
    const who = snap.seats.filter(s => v.team_of[s.index] === t).map(s => s.name).join(', ');
    rows.push(`${team(snap, t)} (${who}): ${lineWords(v.made[t])}`);
  }
  return ['Get In Line at Parlor', outcomeLine(v, null), ...rows].join('\n');
}

start({
  game: GAME,
  title: 'Get In Line',
  rules: RULES,
  min: 2,
  max: 12,
  sizes: SIZES,
  defaultBots: 1,
  spectate: true,
  fill: true,
  firstRun: true,
  preferences: [
    { key: 'assist-legal', label: 'Light up where a card can go', hint: 'Pick a card and its open spaces (or the chips a one-eyed jack can take) light up.', onchange: () => table.paint() },
    { key: 'assist-ring', label: 'Ring a space that finishes a line', hint: 'A ring marks the open space in any four-in-a-row, yours or theirs, worked out from the board everyone sees.', onchange: () => table.paint() },
    { key: 'assist-dead', label: 'Mark dead cards', hint: 'A card whose two spaces are both taken says “dead” in your hand.', onchange: () => table.paint() },
    { key: 'assist-last', label: 'Mark the last move', hint: 'An outline on the space the last card went to.', onchange: () => table.paint() },
    { key: 'banners', label: 'Banners', hint: 'Say so at the top of the board when another team takes your chip off.' },
    { key: 'shortcuts', label: 'Keyboard shortcuts', hint: '1–7 pick a card, T trades in, P passes, L opens the log, ? How to play, Esc puts a card down.' },
  ],
  neighbors: teamsNote,
  yourMove: { play: { say: 'Play a card: pick one from your hand, then tap a lit space for your team’s chip.', ring: '#hand' } },
  sounds: { play: 'chip', remove: 'chip', line: 'won' },
  progress: snap => {
    const v = snap.view;
    if (!v) return '';
    if (v.phase === 'over') return `Game over after ${v.turns} turns`;
    return `Turn ${v.turns + 1}`;
  },
  describe,
  resultLine: snap => outcomeLine(snap.view, snap),
  shareText,
  play: {
    draw(board, snap, r, was) {
      table.draw(board, snap, r, was);
    },
    // A move that didn't go (room.refusal says why): the table takes moves again.
    refused: () => table.paint(),
    keys,
    hinted: action => table.hinted(action),
  },
});

const click = id => document.getElementById(id)?.click();

// Keys (the room decides whether a press is for the table): Escape puts a
// card down, the arrows walk the board, and the shortcuts when they're on.
function keys(e) {
  const v = table.snap && table.snap.view;
  if (!v) return false;
  if (e.key === 'Escape') {
    if (!table.selected && table.pending === null) return false;
    table.putDown();
    return true;
  }
  if (['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key)) {
    if (e.target.closest && e.target.closest('#gil-grid')) return false;
    table.focusBoard();
    return true;
  }
  if (!assist('shortcuts')) return false;
  const k = e.key.toLowerCase();
  if (/^[1-7]$/.test(k) && v.mine) {
    const card = v.mine[Number(k) - 1];
    if (card) table.pick(card, true);
    return !!card;
  }
  const press = { t: () => table.trade(), p: () => table.pass(), l: () => click('open-log'), '?': () => click('open-rules') }[k];
  if (press) press();
  return !!press;
}
