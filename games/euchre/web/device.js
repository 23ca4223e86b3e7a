// Euchre is made for a computer first: a phone is told so in the waiting
// room, before the game begins (on a narrow screen only, table.css: at the
// table a phone has no room to spare), until it is put away, once for each
// browser.

import { el } from '../../room/net.js';
import { keepingFocus } from '../../room/patch.js';

const PUT_AWAY = 'parlor:euchre:computer-first';

function putAway() {
  try { return !!localStorage.getItem(PUT_AWAY); } catch { return false; } // (private mode: told at each visit)
}

/** The note, or null once this browser has put it away. */
export function computerFirstNote() {
  if (putAway()) return null;
  return el('p', { class: 'eu-computer-first', id: 'eu-computer-first' },
    el('span', { text: 'Euchre is made for a computer first. It plays on a phone too, but a bigger screen shows the whole table at once.' }),
    el('button', { type: 'button', class: 'quiet', text: 'Got it', onclick: e => {
      try { localStorage.setItem(PUT_AWAY, '1'); } catch { /* private mode */ }
      // (The note on screen, which the waiting room's redraws keep: focus
      // goes on to the next control, not back to the top of the page.)
      const shown = e.currentTarget.closest('.eu-computer-first');
      keepingFocus(document.body, () => shown.remove());
    } }));
}
