// Banners: a word across the table for a moment ("Ada called ♥"), one at a
// time. Each is checked as its turn comes, so one from a hand gone by (a
// backlog from a tab in the background, say) never plays over the next, and
// each is placed where it covers none of the cards in play. Banners are for
// the eyes: the kit's announcements (announce.js) tell a screen reader.

import { still } from './motion.js';

const SHOW = 1800; // ms a banner stays up
const MARGIN = 6;  // px kept between a banner and a card

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
    node.setAttribute('aria-hidden', 'true');
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
    this.node.hidden = false;
    this.place();
    if (!still()) this.node.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 220, easing: 'ease-out' });
  }

  /** Put the banner where it covers no card in play: where its style puts
   * it if that is clear, else the nearest clear height in its parent. A
   * table calls this again after it repaints while a banner is up. */
  place() {
    const node = this.node;
    if (node.hidden || !node.offsetParent) return;
    node.style.top = '';
    const box = node.offsetParent.getBoundingClientRect();
    const own = node.getBoundingClientRect();
    const cards = this.avoid().filter(n => n && n.isConnected).map(n => n.getBoundingClientRect()).filter(r => r.width && r.height);
    const clear = top => top >= box.top && top + own.height <= box.bottom
      && !cards.some(r => top < r.bottom + MARGIN && top + own.height > r.top - MARGIN && own.left < r.right && own.right > r.left);
    if (clear(own.top)) return;
    const tries = [box.top + MARGIN, box.bottom - own.height - MARGIN,
      ...cards.flatMap(r => [r.bottom + MARGIN, r.top - own.height - MARGIN])];
    tries.sort((a, b) => Math.abs(a - own.top) - Math.abs(b - own.top));
    const top = tries.find(clear);
    // (No clear height at all: the top edge, over the seats, not the cards.)
    node.style.top = `${(top === undefined ? box.top + MARGIN : top) - box.top}px`;
  }

  hide() {
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
