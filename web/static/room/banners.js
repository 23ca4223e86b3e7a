// Banners: a word across the table for a moment ("Ada called ♥"), one at a
// time. Each is checked as its turn comes, so one from a hand gone by (a
// backlog from a tab in the background, say) never plays over the next.
// A banner shows in its table's place for notices, kept for it where it
// moves nothing and covers nothing: it takes that one place for its whole
// life, and it is drawn above the cards in flight (room.css). Banners are
// for the eyes: the kit's announcements (announce.js) tell a screen reader.

import { still } from './motion.js';

const SHOW = 1800; // ms a banner stays up
export const JUMPED = 'replay-jumped';

export class Banners {
  /** `node`: the banner, in its table's place for notices
   * (`[data-notices]`); `cues`: the table's cue queue, for banners that
   * wait for the motion. */
  constructor(node, { cues = null } = {}) {
    this.node = node;
    this.cues = cues;
    // (A replay's jump: what a banner said may not have happened there yet.)
    document.addEventListener(JUMPED, () => this.clear());
    this.queue = [];
    this.timer = null;
    this.endsAt = 0;
    node.classList.add('banner');
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
    if (!still()) this.node.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 220, easing: 'ease-out' });
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
