// Motion at the Euchre table: cues only. The page always shows the state
// the server sent; these add a card flying in, a trick ringed and swept to
// its winner, and banners, on top. Reduced motion or a hidden tab skips
// them, and a move of yours finishes whatever is still playing.

export const FLY = 260;    // ms a card takes from a seat to the trick
export const GAP = 150;    // ms between one card and the next
export const RING = 480;   // ms a finished trick stays ringed
export const SWEEP = 340;  // ms the trick takes to slide to its winner
const BANNER = 1800;       // ms a banner stays up
const BEHIND = 6000;       // ms of queued motion past which we skip to now

export function quiet() {
  return document.hidden || matchMedia('(prefers-reduced-motion: reduce)').matches;
}

const centre = r => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });

export class Motion {
  constructor(layer) {
    this.layer = layer;      // a fixed, click-through overlay for ghosts
    this.until = 0;          // when the queued motion ends (performance.now())
    this.running = new Set();
  }

  /** ms from now until queued motion is done: where the next cue starts. */
  delay() {
    const wait = Math.max(0, this.until - performance.now());
    if (wait > BEHIND) { this.finish(); return 0; }
    return wait;
  }

  /** Note that motion runs until `ms` from now. */
  extend(ms) {
    this.until = Math.max(this.until, performance.now() + ms);
  }

  track(anim, then) {
    this.running.add(anim);
    const done = () => { this.running.delete(anim); if (then) then(); };
    anim.finished.then(done, done);
    return anim;
  }

  /** Fly `node` (already in its place) in from the rectangle `from`; it
   * stays out of sight until its turn. */
  arrive(node, from, delay) {
    if (!from || !node.isConnected) return;
    const a = centre(from);
    const b = centre(node.getBoundingClientRect());
    this.track(node.animate([
      { transform: `translate(${a.x - b.x}px, ${a.y - b.y}px) scale(.75)`, opacity: 0 },
      { opacity: 1, offset: 0.15 },
      { transform: 'none', opacity: 1 },
    ], { duration: FLY, delay, easing: 'cubic-bezier(.2,.7,.3,1)', fill: 'backwards' }));
  }

  /** A copy of `node` drawn over the page at rectangle `at`, hidden until `delay`. */
  ghost(node, at, delay = 0) {
    const g = node.cloneNode(true);
    g.classList.add('eu-ghost');
    g.removeAttribute('id');
    g.setAttribute('aria-hidden', 'true');
    Object.assign(g.style, { left: `${at.left}px`, top: `${at.top}px`, width: `${at.width}px`, height: `${at.height}px` });
    g.style.setProperty('--w', `${at.width}px`);
    this.layer.append(g);
    if (delay > 0) this.track(g.animate([{ opacity: 0 }, { opacity: 0 }], { duration: 1, delay: delay - 1, fill: 'backwards' }));
    return g;
  }

  /** Ring a ghost (the winning card) from `delay` for `duration` ms. */
  ring(g, delay, duration = RING) {
    this.track(g.animate([
      { boxShadow: '0 0 0 0 rgba(242, 183, 5, 0)' },
      { boxShadow: '0 0 0 5px rgba(242, 183, 5, .95)', offset: 0.3 },
      { boxShadow: '0 0 0 5px rgba(242, 183, 5, .95)' },
    ], { duration, delay }));
  }

  /** Slide ghosts to rectangle `to` from `delay`, then remove them. */
  sweep(ghosts, to, delay) {
    const b = centre(to);
    for (const g of ghosts) {
      const a = centre(g.getBoundingClientRect());
      this.track(g.animate([
        { transform: 'none', opacity: 1 },
        { transform: `translate(${b.x - a.x}px, ${b.y - a.y}px) scale(.45)`, opacity: 0 },
      ], { duration: SWEEP, delay, easing: 'ease-in', fill: 'forwards' }), () => g.remove());
    }
  }

  /** Fly a ghost from `from` to `to` (the turned card to the dealer). */
  carry(node, from, to, delay) {
    const g = this.ghost(node, from, delay);
    const a = centre(from);
    const b = centre(to);
    this.track(g.animate([
      { transform: 'none', opacity: 1 },
      { transform: `translate(${b.x - a.x}px, ${b.y - a.y}px) scale(.6)`, opacity: 0.2 },
    ], { duration: FLY + 120, delay, easing: 'ease-in-out', fill: 'forwards' }), () => g.remove());
  }

  /** Everything still moving lands now. */
  finish() {
    for (const anim of [...this.running]) {
      try { anim.finish(); } catch { anim.cancel(); }
    }
    this.running.clear();
    this.layer.replaceChildren();
    this.until = performance.now();
  }
}

// Banners: one at a time, each checked as its turn comes (a banner from a
// hand gone by never plays over the next one).
export class Banners {
  constructor(node) {
    this.node = node;
    this.queue = [];
    this.showing = null;
    this.timer = null;
    this.endsAt = 0;
  }

  add(title, sub, { keep = () => true, after = 0 } = {}) {
    this.queue.push({ title, sub, keep, after: performance.now() + after });
    this.pump();
  }

  /** When the banners queued now will all have been shown (performance.now()). */
  get until() {
    const now = performance.now();
    let t = Math.max(now, this.endsAt);
    for (const b of this.queue) t = Math.max(t, b.after) + BANNER;
    return t;
  }

  pump() {
    if (this.timer) return;
    const next = this.queue.shift();
    if (!next) { this.hide(); return; }
    if (!next.keep()) { this.pump(); return; }
    const wait = Math.max(0, next.after - performance.now());
    this.timer = setTimeout(() => {
      if (!next.keep()) { this.timer = null; this.pump(); return; }
      this.show(next);
      this.endsAt = performance.now() + BANNER;
      this.timer = setTimeout(() => { this.timer = null; this.hide(); this.pump(); }, BANNER);
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
    if (!quiet()) this.node.animate([{ transform: 'translateY(-10px) scale(.96)', opacity: 0 }, { transform: 'none', opacity: 1 }], { duration: 220, easing: 'ease-out' });
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
