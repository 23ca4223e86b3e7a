// Hints: on your turn, the move the strong bot would make for your seat,
// with its sentence, when this browser's Options say so. The server works
// it out from your own seat's view (tables/hints.py) and decides whether it
// may be had; the kit asks once for each decision and carries the answer, a
// move from `legal` with its sentence. A game's table only says which of
// its nodes show that move (play.hinted(action): a node, a list of them,
// or nothing); the kit marks them ([data-hint]) and writes the sentence
// where your move is ([data-your-move], else above the board). The host
// allows hints or not in the waiting room (hintsSetting).

import { el } from './net.js';

export const HINTS_KEY = 'parlor:hints';
export const hintsOn = () => localStorage.getItem(HINTS_KEY) === 'on';
// Said before any hint is shown: the first time the row is turned on, and
// each time after, since the row is the browser's and a table may be rated.
export const HINTS_WARNING = 'A game in which anyone is shown a hint isn’t rated, for anyone at the table, '
  + 'and its result says so. Show hints?';

export class Hints {
  /** `send(message)`: a frame to the table's socket. */
  constructor(room, send) {
    this.room = room;
    this.send = send;
    this.asked = null; // "number:seq" of the decision last asked about
    this.hint = null; // the answer: {number, seq, action, say, why}
    this.standing = null; // the game number a refusal holds for (hints off, watching)
    this.marked = [];
    this.board = null;
    this.note = el('p', { class: 'hint-note', id: 'hint-note', hidden: true },
      el('strong', { class: 'hint-label', text: 'Hint: ' }), el('span', { class: 'hint-why' }));
    // A table that redraws its own nodes between snapshots keeps the mark.
    this.watch = new MutationObserver(() => { if (this.hint) this.mark(); });
  }

  /** After each drawing of the table: ask for this decision's hint, or mark it. */
  update() {
    const snap = this.room.snap;
    const board = document.getElementById('board');
    if (board !== this.board) {
      this.watch.disconnect();
      this.board = board;
      if (board) this.watch.observe(board, { childList: true, subtree: true });
    }
    if (!this.wanted(snap)) { this.clear(); return; }
    if (this.hint && this.hint.number === snap.number && this.hint.seq === snap.seq) { this.mark(); return; }
    this.clear();
    const key = `${snap.number}:${snap.seq}`;
    if (this.asked === key || this.standing === snap.number) return;
    this.asked = key;
    this.send({ type: 'hint', seq: snap.seq });
  }

  /** A new socket: a question the old one had out is asked again. */
  reconnected() {
    this.asked = null;
  }

  wanted(snap) {
    if (!hintsOn() || !snap || snap.status !== 'playing' || snap.seat === null) return false;
    const mine = snap.seats[snap.seat];
    return !!snap.decision && snap.decision.kind !== 'ready' && !(mine && mine.covered);
  }

  /** The server's answer: kept if it is for the table on screen. */
  heard(message) {
    const snap = this.room.snap;
    if (!snap || message.number !== snap.number || message.seq !== snap.seq || !this.wanted(snap)) return;
    this.hint = message;
    this.mark();
    this.room.announce(`Hint: ${message.why}`);
  }

  /** The server's refusal, in its sentence; one that stands (hints off at
   * this table, a seat that isn't yours) isn't asked again this game. */
  refused(sentence, status) {
    const snap = this.room.snap;
    if (status === 403 && snap) this.standing = snap.number;
    if (!this.wanted(snap)) return;
    this.show(sentence, false);
  }

  mark() {
    const hinted = this.room.cfg.play.hinted;
    const nodes = [].concat((hinted && hinted(this.hint.action)) || []).filter(Boolean);
    for (const node of this.marked) if (!nodes.includes(node)) node.removeAttribute('data-hint');
    for (const node of nodes) if (!node.hasAttribute('data-hint')) node.setAttribute('data-hint', '');
    this.marked = nodes;
    this.show(this.hint.why);
  }

  show(sentence, hint = true) {
    // (Only what changed is written: the table's watch hears every write.)
    const label = this.note.querySelector('.hint-label');
    if (label.textContent !== (hint ? 'Hint: ' : '')) label.textContent = hint ? 'Hint: ' : '';
    const why = this.note.querySelector('.hint-why');
    if (why.textContent !== sentence) why.textContent = sentence;
    this.note.hidden = false;
    const slot = document.querySelector('[data-your-move]');
    if (slot && this.note.parentNode !== slot) slot.append(this.note);
    else if (!slot && !this.note.isConnected) document.getElementById('board')?.before(this.note);
  }

  clear() {
    for (const node of this.marked) node.removeAttribute('data-hint');
    this.marked = [];
    this.hint = null;
    this.note.hidden = true;
    // Out of the page, words and all: on a device passed between people,
    // the next one finds nothing of the last one's hint, hidden or not.
    const why = this.note.querySelector('.hint-why');
    if (why.textContent) why.textContent = '';
    if (this.note.isConnected) this.note.remove();
  }
}

/** The waiting room's Hints row: the host allows them or not; everyone
 * else reads which. */
export function hintsSetting(room) {
  const { snap } = room;
  if (!snap.host) {
    return el('p', { class: 'muted', id: 'hints-setting', text: snap.hints ? 'Hints are allowed at this table (a hinted game isn’t rated).' : 'The host has turned hints off at this table.' });
  }
  const box = el('input', { type: 'checkbox', id: 'allow-hints', checked: snap.hints, onchange: e => room.act('hints', { on: e.target.checked }) });
  return el('p', { id: 'hints-setting' }, el('label', { for: 'allow-hints' }, box, ' Allow hints'),
    ' ', el('small', { class: 'muted', text: 'Players may ask for the strong bot’s move on their turn; a game in which anyone does isn’t rated.' }));
}
