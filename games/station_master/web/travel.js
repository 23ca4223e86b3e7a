// The trains travelling along the Division, as cues on the room kit's
// queue. The Division is always drawn as the view has it; a cue plays the
// change over it: every train that moved runs along its side of the line
// from where it stood to its new place, a train coming onto the Division
// rolls in past its Division Point, one going off rolls out past it, and an
// Extra made up at an Office drops onto its track. A Stage's traffic runs
// at once, so every train of one change moves in the same cue, together.

import { GAP } from '../../room/motion.js';

const STARTING = 380; // ms a train takes to get going and pull in, however short its run
const PER_PX = 1.1;   // ms more for each pixel of track it runs
const LONGEST = 1300; // ms the longest run takes
const ROLL = 520;     // ms a train takes to roll on or off the Division

/** Each train drawn on the strip: where the view has it, its node, and its
 * box as laid out on the strip (a cue's transform left out, the strip's
 * scrolling too). */
export function trainsOn(strip, trains) {
  const out = new Map();
  for (const t of trains) {
    const node = strip.querySelector(`.sm-train[data-train="${t.no}"]`);
    if (node) out.set(t.no, { where: `${t.status}:${t.place ?? ''}:${t.card ?? ''}`, dir: t.dir, node, ...laidOut(node, strip) });
  }
  return out;
}

export function laidOut(node, strip) {
  let x = 0;
  let y = 0;
  for (let n = node; n && n !== strip; n = n.offsetParent) { x += n.offsetLeft; y += n.offsetTop; }
  return { x, y, w: node.offsetWidth, h: node.offsetHeight };
}

/** One cue for a change of the Division (`before` → `now`, from trainsOn),
 * named `name` on each of its animations, when some train moved (the
 * queue plays nothing under reduced motion or in a hidden tab). */
export function travel(cues, strip, before, now, name) {
  const moved = [];
  const fresh = [];
  for (const [no, at] of now) {
    const was = before.get(no);
    if (!was) fresh.push(at);
    else if (was.where !== at.where) moved.push([at, was.x - at.x, was.y - at.y]);
  }
  const gone = [...before].filter(([no]) => !now.has(no)).map(([, was]) => was);
  if (!moved.length && !fresh.length && !gone.length) return;
  const run = (dx, dy) => Math.min(LONGEST, STARTING + Math.hypot(dx, dy) * PER_PX);
  const longest = Math.max(0, ...moved.map(([, dx, dy]) => run(dx, dy)), fresh.length || gone.length ? ROLL : 0);
  cues.add(delay => {
    const tagged = a => { a.id = name; };
    for (const [at, dx, dy] of moved) {
      // Along its side of the line first, then into its place there; until
      // its turn it stands where it stood.
      tagged(cues.animate(at.node, [
        { transform: `translate(${dx}px, ${dy}px)`, easing: 'cubic-bezier(.45, 0, .55, 1)' },
        { transform: `translate(0, ${dy}px)`, offset: 0.8, easing: 'ease-out' },
        { transform: 'none' },
      ], { duration: run(dx, dy), delay, fill: 'backwards' }));
    }
    for (const at of fresh) {
      const end = entering(at, strip);
      if (end) tagged(cues.animate(at.node, [{ transform: `translateX(${end}px)`, opacity: 0 }, { opacity: 1, offset: 0.4 }, { transform: 'none', opacity: 1 }],
        { duration: ROLL, delay, easing: 'ease-out', fill: 'backwards' }));
      else { cues.drop(at.node, delay); at.node.getAnimations().forEach(tagged); }
    }
    for (const was of gone) leaving(cues, strip, was, delay, tagged);
    return longest + GAP;
  });
}

// A train standing at a Division Point that wasn't on the Division comes on
// from beyond it: how far beyond (negative from the west), or 0.
function entering(at, strip) {
  const point = at.node.closest('.sm-point');
  if (!point) return 0;
  const west = point.dataset.place === '0';
  return west ? -(at.x + at.w) : strip.scrollWidth - at.x;
}

// A train gone off the Division rolls out past its end: a copy of it, drawn
// where it stood, if that was in sight on the strip.
function leaving(cues, strip, was, delay, tagged) {
  const box = strip.getBoundingClientRect();
  const at = { left: box.left + strip.clientLeft + was.x - strip.scrollLeft, top: box.top + strip.clientTop + was.y - strip.scrollTop, width: was.w, height: was.h };
  at.right = at.left + at.width;
  at.bottom = at.top + at.height;
  if (at.right <= box.left || at.left >= box.right || at.bottom <= box.top || at.top >= box.bottom) return;
  const ghost = cues.ghost(was.node, at, delay);
  const away = (was.dir === 'west' ? -1 : 1) * (was.w + 24);
  tagged(cues.animate(ghost, [{ transform: 'none', opacity: 1 }, { transform: `translateX(${away}px)`, opacity: 0 }],
    { duration: ROLL, delay, easing: 'ease-in', fill: 'both' }, () => ghost.remove()));
}
