// Motion at a Parlor table: cues only. The page always shows the state the
// server sent; a cue moves copies, or the real nodes from where they were,
// on top. Cues wait their turn in one queue per table (room.cues), so a run
// of moves plays one after another; when your turn comes the queue catches
// up (older cues land at once, the last still plays). Under reduced motion
// (the browser's setting, or Options' Reduce motion) or while the tab is
// hidden no cue plays at all.

export const FLY = 260;    // ms a card takes from a seat to its place
export const GAP = 150;    // ms between one card and the next
export const RING = 480;   // ms a finished trick or line stays ringed
export const SWEEP = 340;  // ms a trick takes to slide to its winner
const BEHIND = 6000;       // ms of queued motion past which the queue skips to now
const WAITING = 12;        // cues waiting past which the queue skips to now

// Options' Reduce motion: 'on', 'off', or unset (the browser's setting decides).
export const REDUCE_KEY = 'parlor:reduce-motion';

/** Reduced motion: Options' switch when it has been set, else the browser's. */
export function reduced() {
  const chosen = localStorage.getItem(REDUCE_KEY);
  if (chosen === 'on') return true;
  if (chosen === 'off') return false;
  return matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** No motion now: reduced motion, or a tab nobody is looking at. */
export function still() {
  return document.hidden || reduced();
}

/** A notice just shown, brought whole onto the screen (on a phone it can sit below it), the page drawn. */
export function bringIntoView(node) {
  requestAnimationFrame(() => node.hidden || node.scrollIntoView({ block: 'nearest' }));
}

/** Tell the page's CSS (html[data-motion]) whether its own animations may
 * run, now and whenever the device's setting changes. */
export function markMotion() {
  document.documentElement.dataset.motion = reduced() ? 'reduce' : 'full';
}
matchMedia('(prefers-reduced-motion: reduce)').addEventListener('change', markMotion);

const centre = r => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });

export class Cues {
  /** `layer`: a fixed, click-through overlay for ghosts; `board`: where
   * data-motion says "moving" while a cue plays (and "still" after). */
  constructor(layer, board) {
    this.layer = layer;
    this.board = board;
    this.queue = [];         // [{start, end, hold, anims}] oldest first
    this.building = null;    // the cue whose animations are being made
    this.running = new Set();
    this.mark();
  }

  get still() { return still(); }

  /** Queue one cue. `play(at)` starts its animations `at` ms from now with
   * this queue's helpers and returns how long after `at` the next cue may
   * start. A `hold` cue (a trick swept to its winner) still plays when the
   * queue catches up, and so does every cue after it. Under reduced motion
   * or in a hidden tab nothing is queued (false). */
  add(play, { hold = false } = {}) {
    if (still()) { this.finish(); return false; }
    this.prune();
    if (this.queue.length >= WAITING || this.remaining() > BEHIND) this.finish();
    const at = this.remaining();
    const cue = { start: performance.now() + at, end: 0, hold, anims: [] };
    this.building = cue;
    try {
      cue.end = cue.start + Math.max(0, play(at) || 0);
    } finally {
      this.building = null;
    }
    this.queue.push(cue);
    return true;
  }

  /** ms from now until the queued cues are done. */
  remaining() {
    const last = this.queue[this.queue.length - 1];
    return last ? Math.max(0, last.end - performance.now()) : 0;
  }

  /** Your turn has come: older cues land at once and the last still plays,
   * from now; so does a held cue (a trick's sweep), just before it. */
  catchUp() {
    this.prune();
    const last = this.queue.length - 1;
    const kept = this.queue.filter((cue, i) => cue.hold || i === last);
    for (const cue of this.queue) if (!kept.includes(cue)) land(cue);
    let at = performance.now();
    for (const cue of kept) {
      const shift = Math.max(0, cue.start - at);
      cue.start -= shift;
      cue.end -= shift;
      for (const a of cue.anims) if (a.playState !== 'finished') a.currentTime = (a.currentTime || 0) + shift;
      at = Math.max(at, cue.end);
    }
    this.queue = kept;
  }

  /** Everything still moving lands now. */
  finish() {
    for (const cue of this.queue) land(cue);
    for (const a of [...this.running]) settle(a);
    this.queue = [];
    this.running.clear();
    this.layer.replaceChildren();
    this.mark();
  }

  /** Forget the cues that are over. */
  prune() {
    const now = performance.now();
    this.queue = this.queue.filter(c => c.end > now || c.anims.some(a => a.playState !== 'finished'));
  }

  mark() {
    if (this.board) this.board.dataset.motion = this.running.size ? 'moving' : 'still';
  }

  /** Track an animation as part of the cue being made. */
  track(anim, then) {
    this.running.add(anim);
    if (this.building) this.building.anims.push(anim);
    this.mark();
    const done = () => {
      this.running.delete(anim);
      this.mark();
      if (then) then();
    };
    anim.finished.then(done, done);
    return anim;
  }

  /** Any animation of `node`, as part of the cue being made. */
  animate(node, frames, timing, then) {
    return this.track(node.animate(frames, timing), then);
  }

  /** Fly `node` (already in its place) in from the rectangle `from`; it
   * stays out of sight until its turn. */
  arrive(node, from, delay, duration = FLY) {
    if (!from || !node.isConnected) return;
    const a = centre(from);
    const b = centre(node.getBoundingClientRect());
    this.animate(node, [
      { transform: `translate(${a.x - b.x}px, ${a.y - b.y}px) scale(.75)`, opacity: 0 },
      { opacity: 1, offset: 0.15 },
      { transform: 'none', opacity: 1 },
    ], { duration, delay, easing: 'cubic-bezier(.2,.7,.3,1)', fill: 'backwards' });
  }

  /** Drop `node` into its place from above (a chip on a board). */
  drop(node, delay, duration = 380) {
    if (!node || !node.isConnected) return;
    this.animate(node, [
      { transform: 'translateY(-45%) scale(1.7)', opacity: 0 },
      { opacity: 1, offset: 0.55 },
      { transform: 'none', opacity: 1 },
    ], { duration, delay, easing: 'cubic-bezier(.2,.9,.3,1.2)', fill: 'backwards' });
  }

  /** A copy of `node` drawn over the page at rectangle `at`, hidden until `delay`. */
  ghost(node, at, delay = 0) {
    const g = node.cloneNode(true);
    g.classList.add('cue-ghost');
    g.removeAttribute('id');
    g.setAttribute('aria-hidden', 'true');
    Object.assign(g.style, { left: `${at.left}px`, top: `${at.top}px`, width: `${at.width}px`, height: `${at.height}px` });
    g.style.setProperty('--w', `${at.width}px`);
    this.layer.append(g);
    if (delay > 0) this.animate(g, [{ opacity: 0 }, { opacity: 0 }], { duration: 1, delay: delay - 1, fill: 'backwards' });
    return g;
  }

  /** Ring `node` (the winning card, a finished row) from `delay` for `duration` ms. */
  ring(node, delay, duration = RING) {
    this.animate(node, [
      { boxShadow: '0 0 0 0 rgba(242, 183, 5, 0)' },
      { boxShadow: '0 0 0 5px rgba(242, 183, 5, .95)', offset: 0.3 },
      { boxShadow: '0 0 0 5px rgba(242, 183, 5, .95)' },
    ], { duration, delay });
  }

  /** Slide ghosts to rectangle `to` from `delay`, then remove them. */
  sweep(ghosts, to, delay) {
    const b = centre(to);
    for (const g of ghosts) {
      const a = centre(g.getBoundingClientRect());
      this.animate(g, [
        { transform: 'none', opacity: 1 },
        { transform: `translate(${b.x - a.x}px, ${b.y - a.y}px) scale(.45)`, opacity: 0 },
      ], { duration: SWEEP, delay, easing: 'ease-in', fill: 'forwards' }, () => g.remove());
    }
  }

  /** Fly a ghost of `node` from `from` to `to` (the turned card to the dealer, a card drawn). */
  carry(node, from, to, delay, duration = FLY + 120) {
    if (!from || !to) return;
    const g = this.ghost(node, from, delay);
    const a = centre(from);
    const b = centre(to);
    this.animate(g, [
      { transform: 'none', opacity: 1 },
      { transform: `translate(${b.x - a.x}px, ${b.y - a.y}px) scale(.6)`, opacity: 0.2 },
    ], { duration, delay, easing: 'ease-in-out', fill: 'forwards' }, () => g.remove());
  }
}

function settle(anim) {
  try { anim.finish(); } catch { anim.cancel(); }
}

function land(cue) {
  for (const a of cue.anims) settle(a);
}
