// Your own Office close up, at the foot of the screen: the three tracks of
// your Small Yard with a place for every car each holds (tap cars in the
// order you want them), and your Home Office cards.

import { el } from '../../room/net.js';
import { carButton, slots } from './chips.js';
import { TRACK_NAMES } from './division.js';

/** Your Small Yard, for board `b` ({v, pick, tap}), and `me`, your Office in the view. */
export function yard(b, me) {
  const { v, pick } = b;
  const picked = pick && pick.cars ? pick : null;
  return el('div', { class: 'sm-desk-body', id: 'sm-desk-body' },
    el('h2', { id: 'sm-desk-title' }, `${b.Your} Office: ${me.name}`, el('span', { class: 'sm-desk-sub', text: ` · ${b.your} Small Yard` })),
    el('div', { class: 'sm-tracks' }, ['house', 'west', 'east'].map(k => {
      const cars = me.yard[k];
      const order = id => (picked && picked.track === k ? picked.cars.indexOf(id) + 1 : 0);
      return el('div', { class: `sm-desk-track ${k}`, 'data-key': `desk-${k}` },
        el('p', { class: 'sm-desk-track-name' }, el('strong', { text: TRACK_NAMES[k] }), el('span', { class: 'sm-count', text: ` ${cars.length} of ${cars.length + me.room[k]}` })),
        el('div', { class: 'sm-rails' },
          cars.map(c => carButton(v, c, { track: k, order: order(c.id), onclick: () => b.tap('car', { track: k, id: c.id }) })),
          slots(me.room[k])));
    })));
}

/** Your Home Office cards: tap one to see its moves (a number key picks it too). */
export function hand(b) {
  const { v, pick } = b;
  const cards = v.hand || [];
  if (!cards.length) return el('p', { class: 'muted', id: 'sm-hand', text: `No cards in ${b.your} hand.` });
  return el('div', { class: 'sm-hand', id: 'sm-hand', 'data-scrolls': '' }, cards.map((c, i) => {
    const on = !!pick && pick.card === c.card;
    const fresh = v.justDrawn === c.card;
    return el('button', {
      type: 'button', class: `sm-ho${on ? ' picked' : ''}${c.track ? ' track' : ''}${fresh ? ' fresh' : ''}`, 'data-key': `ho-${c.card}`,
      'data-card': c.card, 'aria-pressed': String(on), title: c.text, onclick: () => b.tap('card', c.card),
    },
    el('span', { class: 'sm-ho-key', 'aria-hidden': 'true', text: String(i + 1) }),
    el('strong', { text: c.name }),
    fresh ? el('span', { class: 'sm-badge just-drawn', id: 'sm-just-drawn', text: 'Just drawn' }) : null,
    // (What the card does is said when it is picked, and to a screen reader here.)
    el('span', { class: 'said', text: `: ${c.text}` }));
  }));
}
