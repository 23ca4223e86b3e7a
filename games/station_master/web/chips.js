// Cars as the board draws them: a chip in the colour of the place the car
// is billed to, wearing that place's letter from the view (W and E for the
// Division Points, a town's first letter for its Office), the same on a
// train, in a yard, on the timetable's heads and in the legend. The letter
// is for the eye; a screen reader hears the car and its place in full.

import { el } from '../../room/net.js';

export const carNo = c => String(c.id).replace(/^wb/, '');

export const carWords = (v, c) => `car ${carNo(c)} to ${v.places[c.to].name}`;

/** A place's letter in its colour, with its name for a screen reader. */
export function mark(p, cls = 'sm-mark-chip') {
  return el('span', { class: cls, 'data-to': p.mark },
    el('span', { 'aria-hidden': 'true', text: p.mark }), el('span', { class: 'said', text: p.name }));
}

/** A car on the Division: a small chip, read as "car 98 to Dover". */
export function chip(v, c, after = '') {
  const p = v.places[c.to];
  return el('span', { class: 'sm-chip', 'data-to': p.mark, 'data-car': c.id, 'data-key': `car-${c.id}`, title: carWords(v, c) },
    el('span', { 'aria-hidden': 'true', text: p.mark }), el('span', { class: 'said', text: ` ${carWords(v, c)}${after}` }));
}

/** A row of cars, read out one after another with a pause between, none
 * after the last (the sentence after the row has its own stop). */
export const chips = (v, cars) => cars.map((c, i) => chip(v, c, i < cars.length - 1 ? ';' : ''));

/** Room for `k` more cars, drawn as empty places on the track. */
export const slots = k => Array.from({ length: Math.max(0, k) }, (_, i) => el('span', { class: 'sm-slot', 'aria-hidden': 'true', 'data-key': `room-${i}` }));

/** A car in your own yard: a button to pick it, its letter and number on
 * it, and once picked its place in the order you picked. */
export function carButton(v, c, { track, order, onclick }) {
  const p = v.places[c.to];
  return el('button', {
    type: 'button', class: `sm-car${order ? ' picked' : ''}`, 'data-key': `pick-${c.id}`, 'data-car': c.id, 'data-track': track,
    'data-to': p.mark, 'aria-pressed': String(!!order), title: carWords(v, c), onclick,
  },
  el('span', { class: 'sm-car-to', 'aria-hidden': 'true', text: p.mark }),
  el('span', { class: 'sm-car-no' }, el('span', { class: 'said', text: 'car ' }), carNo(c)),
  el('span', { class: 'said', text: ` to ${p.name}` }),
  order ? el('span', { class: 'sm-car-order' }, el('span', { class: 'said', text: ', picked ' }), String(order)) : null);
}

/** What each letter stands for, west to east. */
export function legend(v) {
  return el('ul', { class: 'sm-legend', id: 'sm-legend', 'aria-label': 'Cars are marked with the place they are billed to' },
    v.places.map(p => el('li', { 'data-key': `legend-${p.place}` },
      el('span', { class: 'sm-chip', 'data-to': p.mark, 'aria-hidden': 'true', text: p.mark }), ` ${p.name}`)));
}
