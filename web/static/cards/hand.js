// Your hand: a row of faces you can tap, with number keys 1–9 picking by
// position. Which cards are playable comes from the server's view; the hand
// only shows it.

import { face } from './faces.js';

/**
 * Draw a hand into `box`. `playable` (a Set, or null for all) lights up the
 * cards that can be played; `selected` marks chosen ones; `onpick(card)`
 * answers a tap.
 */
export function drawHand(box, cards, { playable = null, selected = new Set(), onpick = null, label = 'Your hand' } = {}) {
  box.classList.add('hand-row');
  box.setAttribute('role', 'group');
  box.setAttribute('aria-label', label);
  box.replaceChildren(...cards.map((card, i) => {
    const can = !playable || playable.has(card);
    const node = face(card, { onclick: onpick ? c => onpick(c) : null, disabled: !!onpick && !can });
    node.classList.toggle('playable', !!playable && can);
    node.classList.toggle('dim', !!playable && !can);
    node.classList.toggle('selected', selected.has(card));
    node.dataset.key = String(i + 1);
    return node;
  }));
}

/** A number key picks the card at that position in the hand (true when it
 * did). The room kit decides whether a key press is for the table at all. */
export function pickByKey(box, key) {
  const n = Number(key);
  if (!/^[1-9]$/.test(key)) return false;
  const card = box.querySelectorAll('.card')[n - 1];
  if (!card || card.disabled) return false;
  card.click();
  return true;
}
