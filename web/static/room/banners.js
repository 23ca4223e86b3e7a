// Banners: a word across the table for a moment ("Ada called ♥"), one at a
// time. Each is checked as its turn comes, so one from a hand gone by (a
// backlog from a tab in the background, say) never plays over the next, and
// each is placed where it covers none of the cards in play, your hand or the
// status line (or, with no such place on screen, not shown). Banners are for
// the eyes: the kit's announcements (announce.js) tell a screen reader.

import { still } from './motion.js';

const SHOW = 1800; // ms a banner stays up
const MARGIN = 6;  // px kept between a banner and a card
// What place() sets on the banner's style when its own spot is not clear.
const MOVED = ['position', 'left', 'top', 'right', 'transform', 'margin', 'width', 'max-width', 'box-sizing'];

export class Banners {
  /** `node`: the banner, absolutely placed inside its positioned parent;
   * `avoid()`: the nodes it must never cover (the cards in play); `cues`:
   * the table's cue queue, for banners that wait for the motion. */
  constructor(node, { avoid = () => [], cues = null } = {}) {
    this.node = node;
    this.avoid = avoid;
    this.cues = cues;
    this.queue = [];
    this.timer = null;
    this.endsAt = 0;
    this.up = false;
    node.setAttribute('aria-hidden', 'true');
    // A scroll may carry a banner off the screen, and a resize may bring cards beneath it.
    const again = () => this.place();
    addEventListener('scroll', again, { passive: true });
    addEventListener('resize', again);
    // Whatever the page draws after a banner is placed (the rest of a repaint,
    // the next hand dealt into the row it sat by) may move cards beneath it.
    this.changes = new MutationObserver(seen => { if (seen.some(r => !node.contains(r.target))) this.place(); });
  }

  /** Queue a banner. `keep()` is asked as its turn comes (false: drop it);
   * `afterCues` waits until the table's motion is done. */
  add(title, sub, { keep = () => true, afterCues = false } = {}) {
    this.queue.push({ title, sub, keep, afterCues });
    this.pump();
  }

  /** When the banners queued now will all have been shown (performance.now()). */
  get until() {
    const now = performance.now();
    let t = Math.max(now, this.endsAt);
    const motion = this.cues ? now + this.cues.remaining() : now;
    for (const b of this.queue) t = Math.max(t, b.afterCues ? motion : 0) + SHOW;
    return t;
  }

  pump() {
    if (this.timer) return;
    const next = this.queue[0];
    if (!next) { this.hide(); return; }
    if (!next.keep()) { this.queue.shift(); this.pump(); return; }
    const wait = next.afterCues && this.cues ? this.cues.remaining() : 0;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (next.afterCues && this.cues && this.cues.remaining() > 0) { this.pump(); return; }
      this.queue.shift();
      if (!next.keep()) { this.pump(); return; }
      this.show(next);
      this.endsAt = performance.now() + SHOW;
      this.timer = setTimeout(() => { this.timer = null; this.hide(); this.pump(); }, SHOW);
    }, wait);
  }

  show(b) {
    this.node.replaceChildren();
    const title = document.createElement('strong');
    title.textContent = b.title;
    this.node.append(title);
    if (b.sub) {
      const sub = document.createElement('span');
      sub.textContent = b.sub;
      this.node.append(sub);
    }
    this.up = true;
    this.place();
    this.changes.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    if (!still() && !this.node.hidden) this.node.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 220, easing: 'ease-out' });
  }

  /** Put the banner where it covers nothing in play (the game's `avoid()`,
   * your hand, the status line; the room's bar too): where its style puts
   * it if that is clear, else the nearest clear place on screen. With no
   * clear place at all it stays hidden: the status line and the log say the
   * same. It is placed again whenever the page changes while it is up. */
  place() {
    const node = this.node;
    if (!this.up) return;
    node.hidden = false;
    for (const p of MOVED) node.style.removeProperty(p);
    const own = node.getBoundingClientRect();
    const kept = [...this.avoid(), document.getElementById('hand'), document.getElementById('room-status'), document.querySelector('header.bar')]
      .filter(n => n && n.isConnected).map(n => n.getBoundingClientRect()).filter(r => r.width && r.height);
    const fits = (x, y, w, h) => x >= 0 && y >= 0 && x + w <= innerWidth && y + h <= innerHeight
      && !kept.some(r => x < r.right + MARGIN && x + w > r.left - MARGIN && y < r.bottom + MARGIN && y + h > r.top - MARGIN);
    if (fits(own.left, own.top, own.width, own.height)) return;
    // Off its spot, it is placed beside what it keeps clear of, still inside
    // its table: whatever moves the table (a scroll, the table sliding in as
    // a game starts) moves the banner with the cards. Where its table's
    // corner is on screen is measured, not assumed.
    Object.assign(node.style, { position: 'absolute', left: '0px', top: '0px', right: 'auto', transform: 'none', margin: '0' });
    const corner = node.getBoundingClientRect();
    const { width: w, height: h } = corner;
    // Kept at the size measured: placed near its table's right edge, a
    // banner would otherwise wrap narrow and tall, over what it was placed to miss.
    Object.assign(node.style, { width: `${w}px`, maxWidth: 'none', boxSizing: 'border-box' });
    // Places tried: along its table's edges, the screen's, and beside each thing kept clear.
    const table = node.parentElement.getBoundingClientRect();
    const sides = [table, { left: 0, right: innerWidth, top: 0, bottom: innerHeight }, ...kept];
    const xs = new Set([own.left, (table.left + table.right - w) / 2, ...sides.flatMap(r => [r.left + MARGIN, r.right - w - MARGIN, r.right + MARGIN, r.left - w - MARGIN])].map(Math.round));
    const ys = new Set([own.top, ...sides.flatMap(r => [r.top + MARGIN, r.bottom - h - MARGIN, r.bottom + MARGIN, r.top - h - MARGIN])].map(Math.round));
    let best = null;
    for (const x of xs) for (const y of ys) {
      const far = Math.hypot(x - own.left, y - own.top);
      if ((!best || far < best.far) && fits(x, y, w, h)) best = { x, y, far };
    }
    if (best) Object.assign(node.style, { left: `${best.x - corner.left}px`, top: `${best.y - corner.top}px` });
    else node.hidden = true;
  }

  hide() {
    this.up = false;
    this.changes.disconnect();
    this.node.hidden = true;
  }

  /** Drop every banner still waiting (the result sheet is opening). */
  clear() {
    this.queue = [];
    clearTimeout(this.timer);
    this.timer = null;
    this.endsAt = 0;
    this.hide();
  }
}
