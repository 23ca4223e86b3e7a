// The score sheet: every hand so far (the call, how it went, the points and
// the running score, each read from the view's outcomes), in the table's own
// sheet between hands and under the room's result at game over.

import { el } from '../../room/net.js';
import { suitSymbol } from '../../cards/faces.js';
import { handHeadline, handLine, myTeam, nameOf, pair, side, sideObject, suitLabel, who } from './words.js';

const HOW = { made: 'made', march: 'all five', euchre: 'euchred' };

function short(snap, t) {
  const mine = myTeam(snap);
  if (mine !== null) return side(snap, t);
  return `${nameOf(snap, t)} & ${nameOf(snap, t + 2)}`;
}

/** The hands so far, a row each, from the reader's side. */
export function handsTable(snap) {
  const v = snap.view;
  const us = myTeam(snap) ?? 0;
  const them = 1 - us;
  const totals = [0, 0];
  const rows = v.scores.map((row, i) => {
    totals[0] += row[0];
    totals[1] += row[1];
    const o = v.outcomes[i];
    const call = o ? `${suitSymbol(o.trump)} ${who(snap, o.maker)}${o.alone !== null ? ', alone' : ''}` : '';
    return el('tr', { 'data-hand': String(i + 1) },
      el('td', { text: String(i + 1) }),
      el('td', { class: 'call', text: call }),
      el('td', { class: 'how', text: o ? HOW[o.how] : '' }),
      el('td', { class: 'pts', text: row[us] ? `+${row[us]}` : '' }),
      el('td', { class: 'pts', text: row[them] ? `+${row[them]}` : '' }),
      el('td', { class: 'running', text: `${totals[us]}–${totals[them]}` }));
  });
  return el('table', { class: 'eu-hands', id: 'eu-hands' },
    el('caption', { text: 'Every hand so far' }),
    el('thead', {}, el('tr', {},
      el('th', { scope: 'col', text: 'Hand' }), el('th', { scope: 'col', text: 'Call' }), el('th', { scope: 'col', text: 'How' }),
      el('th', { scope: 'col', text: short(snap, us) }), el('th', { scope: 'col', text: short(snap, them) }),
      el('th', { scope: 'col', text: 'Score' }))),
    el('tbody', {}, rows));
}

/** Under the room's game-over result: the whole game, hand by hand. */
export function gameDetail(snap) {
  const v = snap.view;
  if (!v || !v.scores || !v.scores.length) return null;
  // (It scrolls on a small screen, so the keyboard can reach it.)
  return el('div', { class: 'eu-detail', tabindex: '0', role: 'region', 'aria-label': 'Every hand of the game' },
    el('p', { class: 'muted', text: `${pair(snap, 0)} against ${pair(snap, 1)}, first to ${v.target}.` }),
    handsTable(snap));
}

/** In a replay, the hand's sheet is information beside the table: no
 * buttons, never a dialog (the keys stay the replay's). */
export function handPanel() {
  const title = el('h2', { id: 'hand-title', text: 'Hand over' });
  const body = el('div', { class: 'eu-sheet-body' });
  const node = el('section', { class: 'eu-panel eu-hand-panel', id: 'hand-sheet', 'aria-labelledby': 'hand-title', hidden: true }, title, body);
  return { node, title, body, buttons: null };
}

/** The table's own sheet between hands (the room's opens only at game over).
 * Its buttons are made once and updated in place: a sheet rebuilt under a
 * person's click would swallow the click. */
export function handSheet({ next, startNow }) {
  const title = el('h2', { id: 'hand-title', text: 'Hand over' });
  const body = el('div', { class: 'eu-sheet-body' });
  const node = el('dialog', { class: 'sheet eu-sheet', id: 'hand-dialog', 'aria-labelledby': 'hand-title' });
  const buttons = {
    next: el('button', { type: 'button', class: 'primary', id: 'eu-next', text: 'Next hand', onclick: next }),
    waiting: el('p', { class: 'muted', id: 'eu-waiting' }),
    hurry: el('button', { type: 'button', id: 'eu-hurry', text: 'Start without waiting', onclick: startNow }),
    look: el('button', { type: 'button', class: 'quiet', text: 'See the table', onclick: () => node.close() }),
  };
  node.append(
    el('div', { class: 'sheet-head' }, title,
      el('button', { class: 'quiet close', type: 'button', 'aria-label': 'Close', text: '✕', onclick: () => node.close() })),
    body,
    el('div', { class: 'actions' }, buttons.next, buttons.waiting, buttons.hurry, buttons.look));
  return { node, title, body, buttons };
}

/** The hand just played: the call, tricks per side, points, the score, every hand so far, and Next hand. */
export function fillHandSheet(sheet, snap, { ready, busy, hurry, waiting } = {}) {
  const v = snap.view;
  const o = v.outcome;
  const us = myTeam(snap) ?? 0;
  sheet.title.textContent = `Hand ${o.hand}: ${handHeadline(snap, o)}`;
  if (sheet.buttons) {
    const { next, waiting: waitingLine, hurry: hurryButton } = sheet.buttons;
    next.hidden = !ready;
    next.disabled = busy;
    waitingLine.hidden = ready;
    waitingLine.textContent = ready ? '' : waiting;
    hurryButton.hidden = !hurry;
  }
  const fact = (label, value) => el('div', {}, el('dt', { text: label }), el('dd', { text: value }));
  const both = pair => `${side(snap, us)} ${pair[us]} · ${side(snap, 1 - us)} ${pair[1 - us]}`;
  sheet.body.replaceChildren(
    el('p', { class: 'eu-sheet-line', id: 'eu-sheet-line', text: handLine(snap, o) }),
    el('dl', { class: 'eu-facts' },
      fact('The call', `${who(snap, o.maker)} called ${suitLabel(o.trump)}${o.alone !== null ? ', alone' : ''}`),
      fact('Tricks', both(v.tricks)),
      fact('Points', `${o.points} ${o.points === 1 ? 'point' : 'points'} to ${sideObject(snap, o.team)}`),
      fact('Score', `${both(v.score)} (first to ${v.target})`)),
    handsTable(snap));
}
