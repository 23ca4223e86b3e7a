// Get In Line's fixed geometry and card words, for the browser. The server
// decides every rule; the one thing the browser works out for itself is the
// ring helper (finishing), from the board everyone can see.

export const SIZE = 10;
export const RUN = 5;
export const CORNERS = new Set([0, 9, 90, 99]);
export const TEAM_NAMES = ['Blue', 'Orange', 'Green'];
export const SHAPES = ['ring', 'cross', 'triangle'];

const RANKS = { T: '10' };
const SUITS = { C: '♣', D: '♦', H: '♥', S: '♠' };
const RANK_WORDS = { A: 'ace', K: 'king', Q: 'queen', J: 'jack', T: '10' };
const SUIT_WORDS = { C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades' };

export const face = card => card.slice(0, 2);
export const isJack = card => card[0] === 'J';
export const twoEyed = card => card[0] === 'J' && (card[1] === 'C' || card[1] === 'D');
export const oneEyed = card => card[0] === 'J' && (card[1] === 'S' || card[1] === 'H');
export const isRed = card => card[1] === 'H' || card[1] === 'D';
export const rankOf = card => RANKS[card[0]] || card[0];
export const suitOf = card => SUITS[card[1]] || card[1];

// "7H0" -> "7♥", "TS" -> "10♠" (as the server's sentences write them).
export function say(card) {
  return rankOf(card) + suitOf(card);
}

// "7H" -> "7 of hearts", for screen readers.
export function words(card) {
  return `${RANK_WORDS[card[0]] || card[0]} of ${SUIT_WORDS[card[1]] || card[1]}`;
}

export function rowCol(p) {
  return [Math.floor(p / SIZE), p % SIZE];
}

// Every run of five spaces in a row: across, down and both diagonals (192).
export const WINDOWS = (() => {
  const out = [];
  for (const [dr, dc] of [[0, 1], [1, 0], [1, 1], [1, -1]]) {
    for (let r = 0; r < SIZE; r++) {
      for (let c = 0; c < SIZE; c++) {
        const r4 = r + (RUN - 1) * dr;
        const c4 = c + (RUN - 1) * dc;
        if (r4 < 0 || r4 >= SIZE || c4 < 0 || c4 >= SIZE) continue;
        const cells = [];
        for (let k = 0; k < RUN; k++) cells.push((r + k * dr) * SIZE + c + k * dc);
        out.push(cells);
      }
    }
  }
  return out;
})();

// The open spaces that would finish a line, per team: a run of five holding
// four of one team's chips (a free corner counts for everyone) and one open
// space, that could still become that team's line (it shares at most one
// space with each of the team's lines). Public information only: the chips
// and lines every seat sees. Returns Map(space -> [teams]).
export function finishing(chips, lines) {
  const out = new Map();
  for (const cells of WINDOWS) {
    let open = -1;
    let opens = 0;
    let owner = null;
    let mixed = false;
    for (const p of cells) {
      if (CORNERS.has(p)) continue;
      const c = chips[p];
      if (c === null || c === undefined) { opens += 1; open = p; } else if (owner === null) owner = c;
      else if (owner !== c) { mixed = true; break; }
    }
    if (mixed || opens !== 1 || owner === null) continue;
    const fits = lines.filter(l => l.team === owner).every(l => l.cells.filter(q => cells.includes(q)).length <= 1);
    if (!fits) continue;
    const teams = out.get(open) || [];
    if (!teams.includes(owner)) teams.push(owner);
    out.set(open, teams);
  }
  return out;
}

// How many teams a table of n splits into (the server's team_count): three
// when it must, two when it must, the host's choice at six and twelve.
export function teamCount(n, wanted = 2) {
  if (n % 2 && n % 3 === 0) return 3;
  if (n % 3) return 2;
  return wanted === 3 ? 3 : 2;
}

export const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five'];
export function lines(k) {
  return `${NUMBER_WORDS[k] || k} line${k === 1 ? '' : 's'}`;
}
