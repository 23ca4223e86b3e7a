// The order of your hand: by suit (trump first, colors alternating), or
// "my order", dragged into place. The choice is kept in this browser, and
// the order itself per table, so a reload keeps your cards where you put them.

import { bySuit } from './hints.js';

const MODE_KEY = 'parlor:euchre:hand-sort';
const orderKey = code => `parlor:euchre:order:${code}`;
const DRAG = 8; // px a press must travel before it drags a card instead of tapping it

export class HandOrder {
  constructor() {
    this.mode = localStorage.getItem(MODE_KEY) === 'mine' ? 'mine' : 'suit';
    this.code = null;
  }

  get mine() { return this.mode === 'mine'; }

  saved() {
    try { return JSON.parse(localStorage.getItem(orderKey(this.code)) || '[]'); } catch { return []; }
  }

  /** The hand as shown: your order, with new cards after it in suit order. */
  arrange(cards, trump) {
    const sorted = bySuit(cards, trump);
    if (!this.mine) return sorted;
    const kept = this.saved().filter(c => cards.includes(c));
    return [...kept, ...sorted.filter(c => !kept.includes(c))];
  }

  keep(cards, mode = 'mine') {
    localStorage.setItem(orderKey(this.code), JSON.stringify(cards));
    this.setMode(mode);
  }

  setMode(mode) {
    this.mode = mode;
    localStorage.setItem(MODE_KEY, mode);
  }

  /** By suit <-> my order (starting from the order on screen). */
  toggle(shown) {
    if (this.mine) this.setMode('suit');
    else this.keep(shown);
  }
}

/** Let a card be dragged along `box`; `drop(order)` gets the new order.
 * Returns a check the box's tap handler asks, so the click that ends a
 * drag isn't taken for a tap. */
export function draggable(box, shown, drop) {
  let start = null;
  let dragged = false;
  box.addEventListener('pointerdown', e => {
    const card = e.target.closest('.card');
    if (!card || e.button !== 0) return;
    start = { x: e.clientX, y: e.clientY, card, id: e.pointerId, moving: false };
  });
  box.addEventListener('pointermove', e => {
    if (!start || e.pointerId !== start.id) return;
    const dx = e.clientX - start.x;
    if (!start.moving && Math.abs(dx) > DRAG && Math.abs(dx) > Math.abs(e.clientY - start.y)) {
      start.moving = true;
      start.card.classList.add('dragging');
      try { box.setPointerCapture(e.pointerId); } catch { /* the press ended already */ }
    }
    if (start.moving) start.card.style.transform = `translateX(${dx}px) translateY(-6px)`;
  });
  const end = e => {
    if (!start || e.pointerId !== start.id) return;
    const s = start;
    start = null;
    if (!s.moving) return;
    s.card.classList.remove('dragging');
    s.card.style.transform = '';
    dragged = true;
    setTimeout(() => { dragged = false; }, 0);
    if (e.type === 'pointercancel') return;
    const moved = s.card.dataset.card;
    const rest = shown().filter(c => c !== moved);
    const centres = [...box.children].filter(n => n !== s.card).map(n => { const r = n.getBoundingClientRect(); return r.left + r.width / 2; });
    const at = centres.findIndex(x => e.clientX < x);
    rest.splice(at < 0 ? rest.length : at, 0, moved);
    drop(rest);
  };
  box.addEventListener('pointerup', end);
  box.addEventListener('pointercancel', end);
  return () => dragged;
}
