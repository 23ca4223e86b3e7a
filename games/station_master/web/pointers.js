// The first visit's pointers: when How to play, opened by itself on a
// browser's first visit, is closed, a note points at the drawing itself,
// one thing after another ("This is your yard", "This is a train", "This
// is a Mainline card"), until its last Got it or a first move. The notes
// are for the eye (How to play says the same in words) and let every tap
// through to the table beneath; this browser is shown them once.

import { el } from '../../room/net.js';
import { laidOut } from './travel.js';

const SEEN = 'parlor:station-master:pointers';
const GAP = 10;

const TIPS = [
  { to: root => root.querySelector('#sm-desk-body'), say: 'This is your yard: tap its cars, in the order you want them. Their moves show beside it.' },
  { to: root => visible(root, '#sm-line .sm-train'), say: 'This is a train: its number and way, how it runs, its engine and cars. Tap it to hold it or give it a card.' },
  { to: root => visible(root, '#sm-line .sm-card .sm-track'), say: 'This is a Mainline card: its speed, and the Stages each train takes to cross it.', below: true },
];

// The first of these nodes showing inside the Division's strip, where it is
// laid out (not where a cue has it for the moment: a train rolling on).
function visible(root, selector) {
  const strip = root.querySelector('#sm-strip');
  if (!strip) return null;
  return [...root.querySelectorAll(selector)].find(n => {
    if (!n.offsetWidth) return false;
    const left = laidOut(n, strip).x - strip.scrollLeft;
    return left >= 0 && left + n.offsetWidth <= strip.clientWidth;
  }) || null;
}

function seen() {
  try { return !!localStorage.getItem(SEEN); } catch { return true; }
}

export class Pointers {
  constructor() {
    this.layer = null;
    this.armed = false;
  }

  /** At the table's first drawing: if How to play opened by itself (this
   * browser's first visit), the pointers show once it is closed. */
  arm(root) {
    if (this.armed) return;
    this.armed = true;
    const rules = document.getElementById('rules-dialog');
    if (!rules || !rules.open || seen()) return;
    rules.addEventListener('close', () => this.show(root), { once: true });
  }

  show(root) {
    this.root = root;
    this.step = 0;
    this.note = el('p', { class: 'sm-pointer', id: 'sm-pointer', 'aria-hidden': 'true' });
    this.button = el('button', { type: 'button', class: 'primary sm-pointers-next', id: 'sm-pointers-next', onclick: () => this.next() });
    this.layer = el('div', { class: 'sm-pointers', id: 'sm-pointers' }, this.note, this.button);
    document.body.append(this.layer);
    this.follow = () => this.place();
    window.addEventListener('scroll', this.follow, { passive: true });
    window.addEventListener('resize', this.follow);
    root.querySelector('#sm-strip')?.addEventListener('scroll', this.follow, { passive: true });
    this.place();
  }

  // The notes still to show whose part of the drawing is there to point at.
  ahead() {
    return TIPS.slice(this.step).filter(t => t.to(this.root));
  }

  next() {
    this.step = TIPS.indexOf(this.ahead()[0]) + 1;
    if (!this.ahead().length) this.done();
    else this.place();
  }

  /** The note beside what it points at, kept on the screen, its button by it. */
  place() {
    if (!this.layer) return;
    const [tip, ...after] = this.ahead();
    this.layer.hidden = !tip;
    if (!tip) return;
    const { note, button } = this;
    note.textContent = tip.say;
    button.textContent = after.length ? 'Next' : 'Got it';
    const width = document.documentElement.clientWidth;
    const r = tip.to(this.root).getBoundingClientRect();
    const w = note.offsetWidth;
    const h = note.offsetHeight;
    const bw = button.offsetWidth;
    const below = tip.below || r.top - h - GAP < 0;
    // The note over what it points at, its button beside it.
    const left = Math.min(Math.max(r.left + r.width / 2 - w / 2, 8), width - w - bw - 16);
    const top = below ? r.bottom + GAP : r.top - h - GAP;
    note.classList.toggle('below', below);
    Object.assign(note.style, { left: `${left}px`, top: `${top}px` });
    note.style.setProperty('--point', `${Math.min(Math.max(r.left + r.width / 2 - left, 12), w - 12)}px`);
    Object.assign(button.style, { left: `${left + w + 8}px`, top: `${top + (h - button.offsetHeight) / 2}px` });
  }

  /** Put away for good: the last note's Got it, or a first move made. */
  done() {
    if (!this.layer) return;
    try { localStorage.setItem(SEEN, '1'); } catch { /* private mode: they go for this visit */ }
    window.removeEventListener('scroll', this.follow);
    window.removeEventListener('resize', this.follow);
    this.root.querySelector('#sm-strip')?.removeEventListener('scroll', this.follow);
    this.layer.remove();
    this.layer = null;
  }
}
