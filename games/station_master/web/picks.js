// What you have picked on the board, and the moves that take it. A pick
// is what you tapped, together: cars on one track of your yard in the
// order you tapped them, a card in your hand, a train, a Mainline card, an
// Office. The moves offered are the snapshot's own legal moves that name
// everything picked; nothing here decides what is legal.
//
//   {cars: [ids], track, card, train, on, office}   (each part optional)

const DONE_LAST = { done: 2, keep: 1 };
const PARTS = ['card', 'train', 'on', 'office'];

export function cardName(id) {
  // A Home Office card's id is its name without spaces and a copy number ("TrainOrder-0").
  return String(id).replace(/-\d+$/, '');
}

const sameList = (a, b) => Array.isArray(a) && a.length === b.length && a.every((x, i) => x === b[i]);

// Cars from your own yard are chosen by picking them; the Interchange's
// cut is the yard's to give, so an Extra made up there names none of yours.
const yardCars = a => !!a.cars && a.at !== 'interchange';

export const empty = pick => !pick || (!pick.cars && PARTS.every(k => pick[k] === undefined));

// The card picked, the train, the Mainline card and the Office, each the
// move's own (Extra cards are alike: the list offers the first in your
// hand for either).
const names = (a, pick) => (pick.card === undefined || a.card === pick.card || (a.type === 'extra' && !!a.card && cardName(a.card) === cardName(pick.card)))
  && ['train', 'on', 'office'].every(k => pick[k] === undefined || a[k] === pick[k]);

/** Whether a move takes everything picked (a pick of nothing takes the
 * moves that need no choice: the Draw option, keeping your hand, Done). */
export function takes(action, pick) {
  if (empty(pick)) return !action.cars && PARTS.every(k => action[k] === undefined);
  if (pick.cars ? !sameList(action.cars, pick.cars) || !yardCars(action) : yardCars(action)) return false;
  return names(action, pick);
}

/** The moves offered for a pick, the Draw option's keep and Done last. */
export function offered(legal, pick) {
  return legal.filter(m => m && m.action && takes(m.action, pick))
    .sort((a, b) => (DONE_LAST[a.action.type] || 0) - (DONE_LAST[b.action.type] || 0));
}

/** Whether some move could still take this pick as it grows: its cars a
 * beginning of the move's (you pick them one by one). */
function open(action, pick) {
  if (pick.cars && !(yardCars(action) && pick.cars.every((id, i) => action.cars[i] === id))) return false;
  return names(action, pick);
}

/** The pick after a tap: a car joins (or leaves) the cars picked on its
 * track; anything else is picked (or put back, tapped again). What was
 * picked before stays only while some move could take it all together;
 * else the pick starts afresh from what was tapped. */
export function tap(pick, part, value, legal) {
  const next = { ...(pick || {}) };
  if (part === 'car') {
    const { track, id } = value;
    if (next.cars && next.track === track) next.cars = next.cars.includes(id) ? next.cars.filter(x => x !== id) : [...next.cars, id];
    else Object.assign(next, { cars: [id], track });
    if (!next.cars.length) { delete next.cars; delete next.track; }
  } else if (next[part] === value) {
    delete next[part];
  } else {
    next[part] = value;
  }
  const moves = legal.filter(m => m && m.action);
  if (!moves.length || empty(next) || moves.some(m => open(m.action, next))) return empty(next) ? null : next;
  if (part === 'car') return next.cars ? { cars: next.cars, track: next.track } : null;
  return next[part] === undefined ? null : { [part]: next[part] };
}

/** Where the moves for a pick go, lit on the board: the trains, Mainline
 * cards and Offices they name. With nothing picked in a Draw option, the
 * Mainline cards a track card may be laid on. */
export function lit(legal, pick, phase) {
  const out = { trains: new Set(), on: new Set(), offices: new Set() };
  const moves = legal.filter(m => m && m.action && (empty(pick) ? phase === 'lay' && m.action.type === 'lay' : open(m.action, pick)));
  for (const { action: a } of moves) {
    if (a.train !== undefined) out.trains.add(a.train);
    if (a.on !== undefined) out.on.add(a.on);
    if (a.office !== undefined) out.offices.add(a.office);
  }
  return out;
}

/** The Mainline cards and Offices some move now names: the board makes
 * them something to tap. */
export function tappable(legal) {
  const on = new Set();
  const offices = new Set();
  for (const m of legal) {
    if (!m || !m.action) continue;
    if (m.action.on !== undefined) on.add(m.action.on);
    if (m.action.office !== undefined) offices.add(m.action.office);
  }
  return { on, offices };
}
