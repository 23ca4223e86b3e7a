// While you're away: a table whose tab is out of sight (document.hidden)
// says so when a decision becomes yours, in the tab's title ("Your move ·
// …", put back when the tab is seen again) and, where this browser lets
// Parlor and Options' row says so, with a notification. The server says
// whose move it is (the snapshot's decision); this only tells. Asking the
// browser for notifications waits for a person's own tap: Options' row,
// or, at a table played over days, a quiet offer under the bar, made once.

import { el } from './net.js';

export const NOTIFY_KEY = 'parlor:notify';
const supported = () => 'Notification' in window;
// Unset, the row is on wherever the browser already lets Parlor notify.
export const notifyOn = () => supported() && Notification.permission === 'granted' && localStorage.getItem(NOTIFY_KEY) !== 'off';

const SAYS = 'A notification when your move comes while this tab is out of sight (its title says so too).';
const CANT = 'This browser can’t show notifications from a page; the tab’s title still says when it’s your move.';
const REFUSED = 'Your browser keeps notifications from Parlor off: allow them in its settings for this site, then turn this on.';

export class Away {
  constructor(room) {
    this.room = room;
    this.title = document.title;
    this.told = null; // "number:key" of the decision last told
    this.shown = null; // its notification, while on screen
    document.addEventListener('visibilitychange', () => { if (!document.hidden) this.back(); });
  }

  /** After each snapshot is drawn (`was`: the one before it); `said`: the
   * newest thing another seat did, in the log's words, for the notification. */
  update(was, said) {
    const snap = this.room.snap;
    const decision = snap.status === 'playing' && !snap.pass ? snap.decision : null;
    if (!decision) { this.back(); return; }
    const told = `${snap.number}:${decision.key}`;
    const before = was && was.number === snap.number && was.decision ? `${was.number}:${was.decision.key}` : null;
    if (!document.hidden || told === this.told || told === before) return;
    this.told = told;
    document.title = `Your move · ${this.title}`;
    if (notifyOn()) this.notify(snap, said);
  }

  notify(snap, said) {
    try {
      // One a table: a newer one takes the place of the last.
      const shown = new Notification(`Your move at ${snap.title}`, {
        body: said || `Table ${snap.code} is waiting for you.`, tag: `parlor-${snap.code}`,
        icon: document.querySelector('link[rel="icon"]')?.href,
      });
      shown.onclick = () => { window.focus(); shown.close(); };
      this.shown = shown;
    } catch {
      // (A browser that lets pages notify only from a service worker: the title still says it.)
    }
  }

  /** The tab is seen again, or the move isn't yours any more. */
  back() {
    document.title = this.title;
    if (this.shown) { this.shown.close(); this.shown = null; }
  }

  /** At a table played over days, an offer under the bar to tell you of
   * your move, once: until it is answered, in this browser. */
  offer() {
    const snap = this.room.snap;
    const bar = document.querySelector('#room > header.bar');
    if (!bar || document.getElementById('notify-offer') || !snap.pace || snap.pace.kind !== 'days' || snap.seat === null) return;
    if (!supported() || Notification.permission !== 'default' || localStorage.getItem(NOTIFY_KEY) !== null) return;
    const line = el('p', { class: 'opening notify-offer', id: 'notify-offer' },
      el('span', { class: 'opening-text', text: 'This table plays over days. Be told when it’s your move?' }), ' ',
      el('button', { type: 'button', class: 'primary', id: 'notify-yes', text: 'Tell me',
        onclick: async () => { await ask(); line.remove(); } }), ' ',
      el('button', { type: 'button', class: 'quiet close', 'aria-label': 'No, thanks', text: '✕',
        onclick: () => { localStorage.setItem(NOTIFY_KEY, 'off'); line.remove(); } }));
    bar.after(line);
  }
}

/** Ask the browser (on a tap), and keep the answer: true when Parlor may notify. */
async function ask() {
  const answer = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  localStorage.setItem(NOTIFY_KEY, answer === 'granted' ? 'on' : 'off');
  return answer === 'granted';
}

/** Options' row: on, it asks the browser first where it hasn't been asked. */
export function notifyOption() {
  return {
    key: 'notify', store: NOTIFY_KEY, label: 'Tell me when it’s my move', checked: notifyOn, disabled: !supported(),
    hint: supported() ? SAYS : CANT,
    onchange: async (on, box, hint) => {
      if (!on || await ask()) return;
      box.checked = false;
      hint.textContent = REFUSED;
    },
  };
}
