// The only Euchre rules in the browser, and only for pointing things out:
// which suit a card follows (the left bower is trump's), who is winning
// the trick so far, and how to sort a hand. What is legal and who takes a
// trick always come from the server's view.

export const PARTNER = { C: 'S', S: 'C', D: 'H', H: 'D' };
const RANKS = '9TJQKA';
const RED = new Set(['H', 'D']);

export function isLeft(card, trump) {
  return !!trump && card[0] === 'J' && card[1] === PARTNER[trump];
}

export function isRight(card, trump) {
  return !!trump && card[0] === 'J' && card[1] === trump;
}

export function suitOf(card, trump) {
  return isLeft(card, trump) ? trump : card[1];
}

/** A card's strength in a trick (the engine's scale: trump over the suit led over the rest). */
export function power(card, trump, led) {
  if (trump && suitOf(card, trump) === trump) {
    if (card[0] === 'J') return isRight(card, trump) ? 106 : 105;
    return 100 + '9TQKA'.indexOf(card[0]);
  }
  if (card[1] === led) return 50 + RANKS.indexOf(card[0]);
  return 0;
}

/** The seat whose card is taking the trick so far. */
export function leading(trick, trump) {
  if (!trick.length) return null;
  const led = suitOf(trick[0].card, trump);
  let best = trick[0];
  for (const p of trick) if (power(p.card, trump, led) > power(best.card, trump, led)) best = p;
  return best.seat;
}

/** Suits left to right: trump first, then colors alternating; before trump ♠ ♥ ♣ ♦. */
export function suitOrder(trump) {
  if (!trump) return ['S', 'H', 'C', 'D'];
  const others = ['S', 'H', 'C', 'D'].filter(s => s !== trump);
  const opposite = others.filter(s => RED.has(s) !== RED.has(trump));
  return [trump, opposite[0], PARTNER[trump], opposite[1]];
}

/** A hand grouped by suit (the left bower with trump), strongest first in each. */
export function bySuit(cards, trump) {
  const order = suitOrder(trump);
  const key = c => {
    const s = suitOf(c, trump);
    return order.indexOf(s) * 1000 - power(c, trump, s);
  };
  return [...cards].sort((a, b) => key(a) - key(b));
}
