// Euchre's sentences: the log in words, each hand's outcome, the game's
// result and the text Share result copies. Everything is said from the
// reader's side of the table ("We", "They") when they have a seat.

import { short, spoken, suitName, suitSymbol } from '../../cards/faces.js';

export const TARGET = 10;

export function nameOf(snap, s) {
  const seat = snap.seats[s];
  return seat ? seat.name : `Seat ${s + 1}`;
}

/** "You" for the reader's own seat, else the seat's name. */
export function who(snap, s) {
  return snap.seat === s ? 'You' : nameOf(snap, s);
}

/** The reader's team, or null for a spectator. */
export function myTeam(snap) {
  return snap.seat === null || snap.seat === undefined ? null : snap.seat % 2;
}

/** "Ada and Cy": a team by its players. */
export function pair(snap, t) {
  return `${nameOf(snap, t)} and ${nameOf(snap, t + 2)}`;
}

/** "We" or "They" from a seat; a spectator hears the players' names. */
export function side(snap, t) {
  const mine = myTeam(snap);
  if (mine === null) return pair(snap, t);
  return t === mine ? 'We' : 'They';
}

/** "us" or "them" (or the names) at the end of a sentence. */
export function sideObject(snap, t) {
  const mine = myTeam(snap);
  if (mine === null) return pair(snap, t);
  return t === mine ? 'us' : 'them';
}

const NUMBERS = ['no', 'one', 'two', 'three', 'four', 'five'];
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "♥" with its name for screen readers and sentences: "♥ hearts". */
export function suitLabel(suit) {
  return `${suitSymbol(suit)} ${suitName(suit)}`;
}

/** What a call said: "Called ♥", "Called ♥ alone". */
export function calledTag(bid) {
  return `Called ${suitSymbol(bid.suit)}${bid.alone ? ' alone' : ''}`;
}

/** One hand's outcome in a sentence. */
export function handLine(snap, o) {
  const caller = who(snap, o.maker);
  const call = `${caller} called ${suitSymbol(o.trump)}${o.alone !== null ? ' alone' : ''}`;
  const makers = side(snap, o.makers);
  const scorer = sideObject(snap, o.team);
  const points = plural(o.points, 'point');
  if (o.how === 'march') return `${call}, and ${lower(makers)} took all five: ${points} to ${scorer}.`;
  if (o.how === 'made') return `${call}, and ${lower(makers)} took ${NUMBERS[o.tricks]}: ${points} to ${scorer}.`;
  const alone = o.defender !== null ? ` (${who(snap, o.defender)} defended alone)` : '';
  return `${call}, but ${lower(makers)} took only ${NUMBERS[o.tricks]}: euchred${alone}, ${points} to ${scorer}.`;
}

/** The between-hands sheet's headline. */
export function handHeadline(snap, o) {
  const makers = side(snap, o.makers);
  if (o.how === 'euchre') {
    const mine = myTeam(snap);
    if (mine === null) return `${pair(snap, o.team)} euchred them!`;
    return o.makers === mine ? 'We were euchred' : 'We euchred them!';
  }
  if (o.how === 'march') return `${makers} took all five${o.alone !== null ? ', alone' : ''}!`;
  return `${makers} made it`;
}

function lower(text) {
  return text === 'We' || text === 'They' ? text.toLowerCase() : text;
}

/** The winning team once the game is over, else null. */
export function winners(v) {
  if (!v || !v.result) return null;
  return v.result.places[0] === 1 ? 0 : 1;
}

/** "We won 10–7", "They won 10–9", "Ada and Cy won 10–4": the game's end. */
export function resultLine(snap) {
  const v = snap.view;
  const w = winners(v);
  if (w === null) return '';
  const score = `${v.score[w]}–${v.score[1 - w]}`;
  const mine = myTeam(snap);
  if (mine === null) return `${pair(snap, w)} won ${score}.`;
  if (w === mine) return `We won ${score}! You and ${nameOf(snap, (snap.seat + 2) % 4)} take the game.`;
  return `They won ${score}: ${pair(snap, w)} take the game.`;
}

/** Share result: "We won 10–9 🏆", a square a hand, who beat whom. */
export function shareText(snap) {
  const v = snap.view;
  const w = winners(v);
  if (w === null) return '';
  const mine = myTeam(snap);
  const us = mine === null ? w : mine;
  const won = w === us;
  const head = mine === null ? `${pair(snap, w)} won ${v.score[w]}–${v.score[1 - w]} 🏆`
    : won ? `We won ${v.score[us]}–${v.score[1 - us]} 🏆` : `We lost ${v.score[us]}–${v.score[1 - us]}`;
  const squares = v.scores.map(row => (row[us] > 0 ? '🟩' : '🟥')).join('');
  return [`Euchre at Parlor`, head, squares, `${pair(snap, w)} beat ${pair(snap, 1 - w)}`].join('\n');
}

/** The bar's progress: "Hand 3 · to 10". */
export function progress(snap) {
  const v = snap.view;
  if (!v) return '';
  if (v.phase === 'over') return `Game over after ${plural(v.scores.length, 'hand')}`;
  return `Hand ${v.hand} · first to ${v.target || TARGET}`;
}

/** A log line in words (undefined: the room kit's plain line). */
export function describe(e, snap) {
  const name = s => who(snap, s);
  switch (e.kind) {
    case 'deal':
      return `Hand ${e.hand}: ${name(e.dealer)} ${e.dealer === snap.seat ? 'deal' : 'deals'}, and the ${short(e.up)} is turned up.`;
    case 'bid':
      if (e.bid === 'pass') return `${name(e.seat)} passed.`;
      return `${name(e.seat)} called ${suitLabel(e.suit)}${e.alone ? `, going alone` : ''}.`;
    case 'turned_down':
      return `Everyone passed: the ${short(e.card)} is turned down, and ${suitName(e.card[1])} can’t be called.`;
    case 'thrown_in':
      return 'Nobody called trump, so the hand is thrown in and the deal passes left.';
    case 'farmer':
      return `${name(e.seat)} had a farmer’s hand and ${e.swapped ? 'swapped three cards for the kitty' : 'kept it'}.`;
    case 'swapped':
      return `${name(e.seat)} gave ${e.gave.map(short).join(', ')} and got ${e.got.map(short).join(', ')}.`;
    case 'picked_up':
      return `${name(e.seat)} picked up the ${short(e.card)} and discarded a card.`;
    case 'buried':
      return `${name(e.seat)} discarded the ${short(e.card)}.`;
    case 'defend':
      return e.alone ? `${name(e.seat)} ${e.seat === snap.seat ? 'defend' : 'defends'} alone.` : `${name(e.seat)} won’t defend alone.`;
    case 'played': // (in words, as the screen reader says every card played)
      return `${name(e.seat)} played the ${spoken(e.card)}.`;
    case 'trick':
      return `${name(e.seat)} took trick ${e.trick}.`;
    case 'hand':
      return `Hand ${e.hand}: ${handLine(snap, e)}`;
    case 'ready':
      return `${name(e.seat)} ${e.seat === snap.seat ? 'are' : 'is'} ready for the next hand.`;
    case 'won':
      return `${side(snap, e.team)} won the game, ${e.score[e.team]}–${e.score[1 - e.team]}.`;
    default:
      return undefined;
  }
}
