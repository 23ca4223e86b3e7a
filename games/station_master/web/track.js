// The track as a dispatcher's panel draws it: the main line through every
// piece of the Division, and what each piece has beside it (a Double
// Track's second track, a siding, the grade's slope, a tunnel, a trestle,
// the Interchange's yard, a station's room for waiting trains). Pictures
// only: every fact is said in words elsewhere on the board.

const NS = 'http://www.w3.org/2000/svg';

export function svg(tag, attrs = {}, ...kids) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) node.setAttribute(k, String(v));
  for (const kid of kids.flat()) if (kid) node.append(kid);
  return node;
}

// Drawn in a box 100 wide and 44 high, stretched to the piece's width; the
// main line runs along y = 22.
const MAIN = 'M0 22 H100';
const line = (d, cls = 'rail') => svg('path', { d, class: cls, 'vector-effect': 'non-scaling-stroke' });
const shape = (d, cls) => svg('path', { d, class: cls });

const GROUND = {
  Plains: () => [line(MAIN)],
  Trestle: () => [
    shape('M0 44 V38 H100 V44 Z', 'water'),
    ...[12, 28, 44, 60, 76, 92].map(x => line(`M${x - 6} 36 L${x} 22 L${x + 6} 36`, 'bents')),
    line(MAIN),
  ],
  Curves: () => [line('M0 22 C12 22 16 10 30 10 C46 10 52 34 70 34 C84 34 88 22 100 22')],
  Hilly: () => [shape('M0 44 Q22 14 44 44 Z M38 44 Q66 6 94 44 Z', 'hill'), line(MAIN)],
  // The slope rises toward the uphill end, and chevrons on the line point up it.
  'Heavy Grade': up => [shape(up === 'east' ? 'M0 44 L100 4 V44 Z' : 'M0 4 L100 44 H0 Z', 'hill'), line(MAIN),
    line([25, 50, 75].map(x => (up === 'east' ? `M${x - 4} 15 L${x + 2} 22 L${x - 4} 29` : `M${x + 4} 15 L${x - 2} 22 L${x + 4} 29`)).join(' '), 'uphill')],
  'Double Track': () => [line(MAIN), line('M0 32 H100'), line('M8 22 L16 32 M84 32 L92 22', 'points')],
  'Uncontrolled Siding': () => [line(MAIN), line('M22 22 L32 32 H68 L78 22', 'points')],
  Tunnel: () => [shape('M18 44 L34 4 H66 L82 44 Z', 'hill'), line('M0 22 H30 M70 22 H100'), line('M30 22 H70', 'inside'),
    shape('M27 28 V16 H33 V28 Z M67 28 V16 H73 V28 Z', 'portal')],
  Interchange: () => [line(MAIN), line('M10 22 L22 32 H94 M22 32 L30 40 H94', 'points')],
};

/** A Mainline card's piece of track; `lit` when a train is on it, as the
 * panel lights an occupied block. */
export function mainlineArt(card, lit) {
  const parts = (GROUND[card.name] || GROUND.Plains)(card.up);
  return picture(`sm-art${lit ? ' lit' : ''}`, parts);
}

/** An Office: its main track and, beside it, the room for waiting trains. */
export function stationArt() {
  return picture('sm-art station', [line(MAIN), line('M6 22 L14 32 H86 L94 22', 'points'), shape('M40 4 H60 V14 H40 Z', 'depot')]);
}

/** A Division Point: the end of this Division, where trains come on and go off. */
export function endArt(west) {
  return picture('sm-art end', [line(west ? 'M40 22 H100' : 'M0 22 H60'), line(west ? 'M0 22 H40' : 'M60 22 H100', 'beyond'),
    shape(west ? 'M36 14 H42 V30 H36 Z' : 'M58 14 H64 V30 H58 Z', 'depot')]);
}

function picture(cls, parts) {
  return svg('svg', { class: cls, viewBox: '0 0 100 44', preserveAspectRatio: 'none', 'aria-hidden': 'true', focusable: 'false' }, parts);
}
