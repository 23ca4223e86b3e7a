// The Division drawn from the view, west to east, as a dispatcher's panel:
// each Division Point, Mainline card and Office a piece of the main line,
// side by side. Every piece has the same five rows, so the line runs
// straight through them: its name, the trains heading west, the track,
// the trains heading east, and what lies beside the track (an Office's
// Small Yard, the Interchange's yard, the cards laid on a Mainline card).
//
// A train is a block on its piece: an engine and its cars, its number with
// an arrow for its way, its class (whose, for an Extra) and how it is
// running, in a word and a colour. Seated at the table, each train is a
// button; a Mainline card or an Office some move names is one too.

import { el } from '../../room/net.js';
import { chips, legend, slots } from './chips.js';
import { endArt, mainlineArt, stationArt } from './track.js';

// How wide each piece may shrink before the panel scrolls sideways, and
// how it shares what is left.
const WIDTH = { point: 'minmax(108px, 1fr)', card: 'minmax(100px, 1fr)', office: 'minmax(118px, 1.1fr)' };

export const TRACK_NAMES = { house: 'House track', west: 'West track', east: 'East track' };

// The mark a train wears for how it is running, in its colour (never the
// colour alone: the caption's key says each in words, and so does each
// train to a screen reader). An Extra keeps no timetable: it wears none.
const KEEPING = { 'on-time': () => '✓', late: t => `+${t.late}`, held: () => 'held' };
const KEY = [['on-time', '✓', 'on time'], ['late', '+2', 'Stages late'], ['held', 'held', 'this Stage']];

/** The Division, for board `b`: {v, seats, pick, lit, tappable, live (seated and playing), tap(part, value)}. */
export function division(b) {
  const { v } = b;
  const pieces = [];
  const widths = [];
  for (let p = 0; p <= v.n + 1; p++) {
    if (p === 0 || p === v.n + 1) pieces.push(point(b, p));
    else pieces.push(office(b, v.offices[p - 1]));
    widths.push(p === 0 || p === v.n + 1 ? WIDTH.point : WIDTH.office);
    if (p <= v.n) {
      pieces.push(mainline(b, v.cards[p]));
      widths.push(WIDTH.card);
    }
  }
  return el('ol', { class: 'sm-line', id: 'sm-line', style: `grid-template-columns: ${widths.join(' ')}` }, pieces);
}

/** The panel's caption: the Division's way, and a key to what the cars'
 * letters and the trains' marks mean (folded on a narrow screen until
 * opened: `open`, and `toggled(open)` when a person opens or folds it). */
export function caption(v, open, toggled) {
  return el('div', { class: 'sm-caption' },
    el('h2', { id: 'sm-division-title' }, 'The Division', el('span', { class: 'said', text: ', west to east' })),
    el('details', { class: 'sm-key', id: 'sm-key', open, ontoggle: e => toggled(e.currentTarget.open) },
      el('summary', { text: 'Key' }),
      legend(v),
      // (For the eye: each train says how it runs in words to a screen reader.)
      el('ul', { class: 'sm-legend', 'aria-hidden': 'true' }, KEY.map(([mark, seen, words]) => el('li', { class: `mark-${mark}` },
        el('span', { class: 'sm-keeping', text: seen }), ` ${words}`)),
      el('li', {}, el('span', { class: 'sm-ahead', 'aria-hidden': 'true' }, el('span'), el('span')), ' Stages to go'))));
}

function piece(b, cls, attrs, head, trains, art, foot) {
  // (Three or more trains waiting one way at one place are drawn closer:
  // their engines and cars say what sort each is; the words are still said.)
  const way = dir => {
    const these = trains.filter(t => t.dir === dir);
    return these.map(t => el('li', { 'data-key': `train-${t.no}` }, train(b, t, these.length >= 3)));
  };
  return el('li', { class: cls, ...attrs },
    el('div', { class: 'sm-head-row' }, head),
    el('ul', { class: 'sm-west', 'aria-label': 'Heading west' }, way('west')),
    art,
    el('ul', { class: 'sm-east', 'aria-label': 'Heading east' }, way('east')),
    el('div', { class: 'sm-foot' }, foot));
}

const standing = (b, place) => b.v.trains.filter(t => t.status === 'standing' && t.place === place);

function point(b, place) {
  const { v } = b;
  const west = place === 0;
  return piece(b, 'sm-seg sm-point', { 'data-key': `place-${place}`, 'data-place': String(place) },
    [el('h3', { text: v.places[place].name })],
    standing(b, place),
    el('div', { class: 'sm-track' }, endArt(west)),
    []);
}

function mainline(b, card) {
  const { v, pick } = b;
  const j = card.index;
  const yard = v.interchange && v.interchange.card === j ? v.interchange : null;
  const here = v.trains.filter(t => (t.status === 'running' && t.card === j) || (yard && t.status === 'yard'));
  const lit = b.lit.on.has(j);
  const cls = `sm-seg sm-card${card.twoTracks ? ' two' : ''}${lit ? ' lit' : ''}${pick && pick.on === j ? ' picked' : ''}`;
  const art = mainlineArt(card, here.some(t => t.status === 'running'));
  const foot = [
    el('p', { class: 'sm-crossing' }, el('span', { class: 'said', text: `${card.speed}. ${card.crossing}` }),
      el('span', { class: 'sm-stages-label', 'aria-hidden': 'true', text: 'Stages' }),
      card.stageBoard.map(row => el('span', { class: 'sm-stages', 'aria-hidden': 'true', 'data-key': `way-${row.way}` },
        row.way ? el('span', { class: 'sm-arrow', text: row.way === 'west' ? '◀' : '▶' }) : null,
        row.times.map(([who, k]) => `${who} ${k}`).join(' · ')))),
    card.uphill ? el('p', { class: 'sm-uphill', text: card.uphill }) : null,
    card.realigned ? el('p', { class: 'sm-realigned', text: card.realigned }) : null,
    card.mods.length ? el('ul', { class: 'sm-mods', 'aria-label': 'Cards laid here' },
      card.mods.map((m, i) => el('li', { 'data-key': `mod-${m}`, title: card.modWords[i] },
        el('span', { 'aria-hidden': 'true', text: m }), el('span', { class: 'said', text: card.modWords[i] })))) : null,
    yard ? interchangeYard(b, yard) : null,
  ];
  return piece(b, cls, { 'data-key': `card-${j}`, 'data-card': String(j) },
    [el('h3', {}, card.name, el('span', { class: 'said', text: `, ${card.between}` })),
      el('p', { class: 'sm-speed' }, el('span', { class: 'sm-limit', text: card.limit }), el('span', { class: 'sm-mph', text: ' mph' }),
        card.realigned ? el('span', { class: 'sm-badge', 'aria-hidden': 'true', text: 'realigned' }) : null)],
    here,
    tapTrack(b, art, b.tappable.on.has(j), `${card.name}, ${card.between}`, () => b.tap('on', j)),
    foot);
}

function office(b, o) {
  const { v, pick } = b;
  const seat = b.seats[o.seat] || {};
  const mine = v.seat === o.seat;
  const tags = [seat.you ? 'you' : null, seat.kind === 'bot' ? 'bot' : null, seat.covered ? 'covered by a bot' : null].filter(Boolean);
  const lit = b.lit.offices.has(o.seat);
  const cls = `sm-seg sm-office${mine ? ' mine' : ''}${v.turn === o.seat ? ' working' : ''}${seat.kind === 'bot' ? ' bot' : ''}${seat.covered ? ' covered' : ''}${lit ? ' lit' : ''}${pick && pick.office === o.seat ? ' picked' : ''}`;
  const facts = [`${o.hand} card${o.hand === 1 ? '' : 's'}`, v.scoring === 'each' ? `${o.points} point${o.points === 1 ? '' : 's'}` : null,
    o.tieups ? `tied up: ${o.tieups} move${o.tieups === 1 ? '' : 's'} fewer next turn` : null].filter(Boolean);
  const head = [
    el('div', { class: 'sm-name-row' }, el('h3', { text: o.name }),
      v.superintendent.seat === o.seat ? el('span', { class: 'sm-super-mark', title: 'Superintendent' }, el('span', { 'aria-hidden': 'true', text: '★' }), el('span', { class: 'said', text: 'Superintendent' })) : null,
      v.turn === o.seat && v.phase !== 'over' ? el('span', { class: 'sm-at-work', title: 'At work' }, el('span', { class: 'said', text: 'at work' })) : null),
    el('p', { class: 'sm-who' }, el('span', { class: 'sm-who-name', text: seat.name || '' }), [...tags, ...facts].map(w => ` · ${w}`).join('')),
  ];
  const yard = el('div', { class: 'sm-yard', 'aria-label': `${o.name}’s Small Yard` }, ['house', 'west', 'east'].map(k => {
    const cars = o.yard[k];
    return el('div', { class: 'sm-yard-track', 'data-key': `yard-${o.seat}-${k}` },
      el('span', { class: 'sm-yard-name', 'aria-hidden': 'true', text: k }),
      el('span', { class: 'said', text: `${TRACK_NAMES[k]}, ${cars.length} of ${cars.length + o.room[k]}:` }),
      el('span', { class: 'sm-cars' }, chips(v, cars), slots(o.room[k])));
  }));
  return piece(b, cls, { 'data-key': `office-${o.seat}`, 'data-seat': String(o.seat), 'data-place': String(o.place) },
    head,
    standing(b, o.place),
    tapTrack(b, stationArt(), b.tappable.offices.has(o.seat), `${o.name}’s Office`, () => b.tap('office', o.seat)),
    [yard]);
}

function interchangeYard(b, yard) {
  const { v } = b;
  return el('div', { class: 'sm-interchange', 'data-key': 'interchange' },
    el('p', { class: 'sm-yard-name', text: `Interchange yard, ${yard.cars.length} of ${yard.room}` }),
    el('span', { class: 'sm-cars' }, chips(v, yard.cars), slots(yard.room - yard.cars.length)));
}

// The track of a piece: a button to pick it when some move names it.
function tapTrack(b, art, tappable, words, onclick) {
  if (!tappable || !b.live) return el('div', { class: 'sm-track' }, art);
  return el('button', { type: 'button', class: 'sm-track', 'data-key': 'tap', onclick }, art, el('span', { class: 'said', text: words }));
}

/** One train: number and way, class, how it is running, its engine and cars. */
export function train(b, t, crowded = false) {
  const { v, pick } = b;
  const whose = t.kind === 'extra' ? (t.owner === v.seat ? `${b.Your} Extra` : `${b.seats[t.owner] ? b.seats[t.owner].name : t.ownerOffice}’s Extra`) : t.sort;
  const keeping = KEEPING[t.mark];
  const consist = [
    el('span', { class: 'sm-engine', 'aria-hidden': 'true' }),
    ...Array.from({ length: t.coaches }, (_, i) => el('span', { class: 'sm-coach', 'aria-hidden': 'true', 'data-key': `coach-${i}` })),
    ...chips(v, t.cars),
    ...slots(t.cap - t.cars.length),
  ];
  const cls = `sm-train ${t.dir} ${t.kind} mark-${t.mark}${b.lit.trains.has(t.no) ? ' lit' : ''}${pick && pick.train === t.no ? ' picked' : ''}`;
  const attrs = { class: cls, 'data-train': String(t.no), title: t.wait ? `${t.name} ${t.wait}.` : null };
  const kids = [
    el('span', { class: 'sm-train-name' },
      el('span', { class: 'sm-arrow', 'aria-hidden': 'true', text: t.dir === 'west' ? '◀' : '▶' }),
      el('strong', { text: t.plate }),
      el('span', { class: 'said', text: `, ${t.dir}bound, ` })),
    // (The mark and a short word for the eye; the view's own words for a screen reader.)
    keeping ? el('span', { class: 'sm-keeping' }, el('span', { 'aria-hidden': 'true', text: keeping(t) }), el('span', { class: 'said', text: `${t.condition}, ` })) : null,
    // On a Mainline card, a lamp for each Stage it has still to go.
    t.ahead ? el('span', { class: 'sm-ahead', title: t.ahead, 'aria-hidden': 'true' }, Array.from({ length: t.left }, (_, i) => el('span', { 'data-key': `lamp-${i}` }))) : null,
    el('span', { class: crowded && t.kind !== 'extra' ? 'said' : 'sm-train-sort' }, whose,
      t.kind === 'extra' ? el('span', { class: 'said', text: ` from ${t.ownerOffice}${keeping ? '' : `, ${t.condition}`}` }) : null),
    t.order ? el('span', { class: 'sm-order' }, el('span', { class: 'said', text: ', holding a ' }), 'Train Order') : null,
    el('span', { class: 'sm-consist' }, el('span', { class: 'said', text: `. ${t.consist}: ` }), consist),
    el('span', { class: 'said', text: `. ${t.where}${t.wait ? `; it ${t.wait}` : ''}.` }),
  ];
  if (!b.live) return el('div', attrs, kids);
  return el('button', { type: 'button', ...attrs, 'aria-pressed': String(!!pick && pick.train === t.no), onclick: () => b.tap('train', t.no) }, kids);
}
