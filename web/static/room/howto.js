// How to play, wherever it is read: from a lobby card, in the waiting room
// and at the table, always the game's own module (games/<slug>/rules.js).
// It opens by itself on the first visit to a game's table, unless this
// browser has already read it in the lobby or the waiting room: a person
// is never shown it twice unasked.

const key = game => `parlor:${game}:seen-rules`;

/** Note that this browser has seen the game's How to play. */
export function markRead(game) {
  try { localStorage.setItem(key(game), '1'); } catch { /* private mode: it may open again */ }
}

/** True the first time: marks it read, so the next visit doesn't open it. */
export function firstVisit(game) {
  let seen = true;
  try { seen = !!localStorage.getItem(key(game)); } catch { seen = true; }
  if (!seen) markRead(game);
  return !seen;
}
