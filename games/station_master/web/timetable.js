// The timetable as a train sheet: each scheduled train, the Stage it is
// due at each place west to east (the places marked as the cars are), and
// how it is running now; the trains due somewhere this Stage are lit. It
// folds away, and this browser remembers whether it was folded.

import { el } from '../../room/net.js';
import { mark } from './chips.js';

const FOLD = 'parlor:station-master:timetable';

// Until this browser folds or opens it, it opens as the screen was when
// the page was opened: on a wide screen.
const wide = window.matchMedia('(min-width: 700px)').matches;

/** Open unless this browser folded it. */
export function unfolded() {
  let kept = null;
  try { kept = localStorage.getItem(FOLD); } catch { kept = null; }
  return kept ? kept === 'open' : wide;
}

function keep(open) {
  try { localStorage.setItem(FOLD, open ? 'open' : 'folded'); } catch { /* private mode: it folds as it likes */ }
}

export function timetable(v) {
  const trains = v.trains.filter(t => t.due);
  const dueNow = trains.filter(t => t.comingDue).length;
  const mine = p => p.seat === v.seat && v.seat !== null;
  const rows = trains.map(t => el('tr', {
    'data-key': `tt-${t.no}`, 'data-train': String(t.no), class: `${t.comingDue ? 'coming-due' : ''}${t.status === 'gone' ? ' gone' : ''}`,
  },
  el('th', { scope: 'row' }, el('span', { class: 'sm-arrow', 'aria-hidden': 'true', text: t.dir === 'west' ? '◀ ' : '▶ ' }), t.name),
  el('td', { class: 'sm-tt-sort', text: t.sort }),
  v.places.map(p => {
    const now = t.due[p.place] === v.stage && t.status !== 'gone';
    return el('td', { class: `${now ? 'now' : ''}${mine(p) ? ' mine' : ''}`, text: t.due[p.place] === null ? '' : String(t.due[p.place]) });
  }),
  el('td', { class: 'sm-now', text: t.comingDue ? `${t.condition} · due this Stage` : t.condition })));
  const fold = el('details', {
    class: 'sm-timetable', id: 'sm-tt', open: unfolded(),
    ontoggle: e => keep(e.currentTarget.open),
  },
  el('summary', {}, el('h2', { id: 'sm-timetable-title', text: 'The timetable' }),
    el('span', { class: 'sm-tt-due', text: dueNow ? ` · ${dueNow} train${dueNow === 1 ? '' : 's'} due this Stage` : '' })),
  el('div', { class: 'sm-tt-scroll', 'data-scrolls': '', tabindex: '0', role: 'region', 'aria-label': 'The timetable, scrolling sideways' },
    el('table', { class: 'sm-tt', 'aria-labelledby': 'sm-timetable-title' },
      el('thead', {}, el('tr', {}, el('th', { scope: 'col', text: 'Train' }), el('th', { scope: 'col', text: 'Runs' }),
        v.places.map(p => el('th', { scope: 'col', class: mine(p) ? 'mine' : '' }, mark(p))),
        el('th', { scope: 'col', text: 'Now' }))),
      el('tbody', {}, rows))),
  el('p', { class: 'muted sm-tt-note', text: 'The Stage each train is due at each place, west to east; the trains due this Stage are lit.' }));
  return fold;
}
