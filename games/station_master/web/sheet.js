// The result sheet's own lines for Station Master, from the view's score:
// won or lost against the goal and by how much, or each Office ranked with
// its points and what earned them; and what Share result copies.

import { el } from '../../room/net.js';

export function resultLine(snap) {
  const score = snap.view && snap.view.score;
  return score ? score.line : '';
}

export function resultDetail(snap) {
  const v = snap.view;
  if (!v || !v.score) return null;
  const s = v.score;
  const name = seat => (snap.seats[seat] ? snap.seats[seat].name : '');
  if (s.together) {
    return el('div', { class: 'sm-result', id: 'sm-result' },
      el('p', { id: 'sm-result-goal', text: `The day’s goal: ${s.goal} points. The table made ${s.table}.` }),
      el('p', { class: 'muted', text: `What earned them: ${s.earned}.` }));
  }
  return el('table', { class: 'sm-result', id: 'sm-result' },
    el('caption', { text: 'The Offices, best first' }),
    el('thead', {}, el('tr', {}, el('th', { scope: 'col', text: 'Office' }), el('th', { scope: 'col', text: 'Points' }), el('th', { scope: 'col', text: 'Earned by' }))),
    el('tbody', {}, s.offices.map(r => el('tr', { 'data-seat': String(r.seat) },
      el('th', { scope: 'row', text: `${r.office} (${name(r.seat)})` }), el('td', { text: String(r.points) }), el('td', { text: r.earned })))));
}

export function shareText(snap) {
  const v = snap.view;
  if (!v || !v.score) return '';
  const s = v.score;
  const lines = [`Station Master at Parlor (${v.stages} Stages)`, s.line];
  if (!s.together) for (const r of s.offices) lines.push(`${r.office}: ${r.points} points, ${r.earned}`);
  return lines.join('\n');
}
