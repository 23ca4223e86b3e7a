// Line's table: the shared 4 by 4 grid (each row laid out tidily with its
// kind), the pile and the discard, your hand and the dock. It decides
// nothing: where a card can go (view.where), the upgrades and shifts it
// allows (view.upgrades, view.shifts), what you must do now (view.must) and
// who won all come from the server; a move the server refuses comes back as
// a sentence (refused) in the status line.

import { el, write } from '../../room/net.js';
import { FLY, GAP, bringIntoView, still } from '../../room/motion.js';
import { markStep, preference } from '../../room/room.js';
import { face, back, short as cardText, isJoker, spoken } from '../../cards/faces.js';
import { drawHand } from '../../cards/hand.js';

export const GAME = 'line';
export const assist = key => preference(GAME, key);

const SIZE = 4;

// A card in a sentence: "7♥", and "joker" (lower case, as in "the joker").
export function short(card) {
  return card && isJoker(card) ? 'joker' : cardText(card);
}

// What a row's joker could be, worth showing only once the row is decided
// and the choice is narrow (a lone joker could be almost anything).
function jokerAs(row) {
  const as = row.joker_as || [];
  if (!row.kind || !as.length || as.length > 4) return '';
  return as.map(f => cardText(f)).join(' or ');
}

const cap = text => text.charAt(0).toUpperCase() + text.slice(1);

// A card of your hand is named by what it shows first ("A♥", "Joker"), so
// someone who says what they see (voice control) can press it, then in
// words and by its place in the hand (the number key that picks it).
function handCardName(card, place) {
  return isJoker(card) ? `Joker, card ${place}` : `${cardText(card)}, ${spoken(card)}, card ${place}`;
}

export function seatName(snap, s, you = true) {
  const seat = snap.seats[s];
  if (!seat) return `Seat ${s + 1}`;
  return you && seat.you ? 'You' : seat.name;
}

// "run", "set", "not yet decided" or "empty", with "complete" when full.
export function rowWords(row) {
  const n = row.cards.length;
  if (!n) return 'empty';
  if (!row.kind) return 'not yet decided';
  return row.complete ? `${row.kind}, complete` : row.kind;
}

export class Table {
  constructor() {
    this.board = null;
    this.hand = el('div', { class: 'ln-cards', id: 'hand' });
  }

  // The room kit calls this on every snapshot.
  draw(board, snap, room, was) {
    this.room = room;
    const v = snap.view;
    if (!v) return;
    if (board !== this.board) this.build(board);
    this.snap = snap;
    this.keepSelection(v);
    // A move flies only onto a board this table drew before it.
    const fresh = was && was.number === snap.number ? room.fresh : [];
    this.paint();
    this.cue(fresh, v);
  }

  // -- motion: cues only; the state is already drawn -----------------------------

  /** A cue on the room's queue for each move: a card played, drawn, taken or
   * discarded flies between its player and its place; a joker freed by an
   * upgrade moves to its square; a completed row is ringed. */
  cue(fresh, v) {
    const cues = this.room.cues;
    if (still()) { cues.finish(); return; }
    const seatRect = s => {
      const node = s === v.seat && !this.handBox.hidden ? this.hand : document.querySelector(`#plates li[data-seat="${s}"]`);
      return node ? node.getBoundingClientRect() : null;
    };
    const square = i => this.grid.querySelector(`[data-square="${i}"] .card`);
    const rect = node => (node ? node.getBoundingClientRect() : null);
    const top = () => this.discardBox.querySelector('.card');
    const fly = (node, from) => { if (node && from) cues.add(at => { cues.arrive(node, from, at); return FLY; }); };
    for (const e of fresh) {
      if (e.kind === 'place' || e.kind === 'shift') {
        fly(square(e.square), e.drawn ? rect(this.pile) : seatRect(e.seat));
        if (e.kind === 'shift') fly(top(), rect(square(e.square)));
      } else if (e.kind === 'upgrade') {
        const joker = e.joker_to === null ? null : square(e.joker_to);
        fly(square(e.square), seatRect(e.seat));
        fly(joker, rect(square(e.square)));
      } else if (e.kind === 'take' || (e.kind === 'draw' && !e.card)) {
        const from = e.kind === 'take' ? rect(this.discardBox) : rect(this.pile);
        const to = seatRect(e.seat);
        const shown = e.kind === 'take' ? face(e.card) : back();
        if (from && to) cues.add(at => { cues.carry(shown, from, to, at); return FLY + GAP; });
      } else if (e.kind === 'discard') {
        fly(top(), seatRect(e.seat));
      } else if (e.kind === 'row') {
        const row = this.grid.querySelector(`.ln-row[data-row="${e.row}"]`);
        if (row) cues.add(at => { cues.ring(row, at); return GAP; });
      }
    }
  }

  build(board) {
    this.board = board;
    this.selected = null; // a card in the hand (or the drawn card)
    this.step = null; // {kind: 'upgrade', square} or {kind: 'shift', row}: the second step

    this.grid = el('div', { class: 'ln-grid', id: 'ln-grid', role: 'group', 'aria-label': 'The grid' });
    this.pile = el('div', { class: 'ln-pile', id: 'ln-pile' });
    this.discardBox = el('div', { class: 'ln-discard', id: 'ln-discard-pile' });
    this.stock = el('section', { class: 'ln-stock', 'aria-label': 'Pile and discard' }, this.pile, this.discardBox);
    this.banner = el('p', { class: 'ln-banner banner', id: 'ln-banner', hidden: true });
    this.area = el('section', { class: 'ln-area', 'aria-label': 'Grid' }, this.grid, this.stock);

    this.prompt = el('p', { class: 'ln-prompt', id: 'ln-prompt' });
    this.drawBtn = el('button', { type: 'button', id: 'ln-draw', text: 'Draw', onclick: () => this.drawCard() });
    this.keepBtn = el('button', { type: 'button', id: 'ln-keep', text: 'Keep it', onclick: () => this.keepJoker() });
    this.discardBtn = el('button', { type: 'button', id: 'ln-discard', class: 'primary', text: 'Discard', onclick: () => this.discard() });
    this.backBtn = el('button', { type: 'button', id: 'ln-back', class: 'quiet', text: 'Back', onclick: () => this.putDown() });
    this.drawnBox = el('div', { class: 'ln-drawn', id: 'ln-drawn', hidden: true });
    this.dock = el('section', { class: 'ln-dock', id: 'ln-dock', 'aria-label': 'Your move' },
      this.prompt, this.drawnBox, el('div', { class: 'ln-buttons' }, this.drawBtn, this.keepBtn, this.discardBtn, this.backBtn));
    this.handTitle = el('h2', { class: 'ln-hand-title', id: 'ln-hand-title', text: 'Your hand' });
    this.handBox = el('section', { class: 'ln-hand', 'aria-labelledby': 'ln-hand-title' }, this.handTitle, this.hand);

    // The table's place for notices (the start's announcement, Your move,
    // the bonus turn): after your hand, where nothing moves for them.
    this.notices = el('div', { class: 'ln-notices notices', id: 'ln-notices', 'data-notices': '', 'data-your-move': '' }, this.banner);
    this.root = el('div', { class: 'ln', id: 'ln' }, this.area, this.dock, this.handBox, this.notices);
    board.replaceChildren(this.root);
    // The room's status line lives in the dock, where your eyes are.
    const status = document.getElementById('room-status');
    if (status) this.prompt.replaceWith(status);
    this.status = status || this.prompt;
  }

  // -- what you picked ------------------------------------------------------------

  myTurn(v) {
    return v.seat !== null && v.phase === 'play' && v.turn === v.seat && this.snap.status === 'playing';
  }

  // The cards you may pick now: your hand, plus the card you just drew.
  pickable(v) {
    const hand = v.mine || [];
    if (v.must === 'place' && v.drawn) return [v.drawn];
    return hand;
  }

  keepSelection(v) {
    if (v.must === 'place' && v.drawn) {
      // The drawn card is the only one that can move: pick it for you.
      if (this.selected !== v.drawn) { this.selected = v.drawn; this.step = null; }
    } else if (this.selected && !(v.mine || []).includes(this.selected)) {
      this.selected = null; this.step = null;
    }
    if (this.step && this.selected) {
      const s = this.step;
      const ok = s.kind === 'upgrade'
        ? (v.upgrades[this.selected] || []).some(u => u.square === s.square)
        : (v.shifts[this.selected] || []).some(x => x.row === s.row);
      if (!ok) this.step = null;
    }
  }

  pick(card) {
    const v = this.snap && this.snap.view;
    if (!v || !v.mine) return;
    this.room.refusal = null;
    if (v.must === 'place' && card !== v.drawn) {
      this.room.refuse(`First put down the ${short(v.drawn)} you just ${v.drawn_from === 'discard' ? 'took' : 'drew'}.`);
      return;
    }
    if (this.selected === card && v.must !== 'place') { this.putDown(); return; }
    this.selected = card;
    this.step = null;
    this.paint();
  }

  putDown() {
    const v = this.snap && this.snap.view;
    if (this.step) this.step = null; // Back from a second step keeps the card picked.
    else if (!(v && v.must === 'place')) this.selected = null;
    this.room.refusal = null;
    this.paint();
  }

  notYours(v) {
    if (v.phase !== 'play') return 'The game is over.';
    if (v.seat === null) return 'You’re watching this table: only players move.';
    return `It’s ${seatName(this.snap, v.turn, false)}’s turn: wait for yours.`;
  }

  // A tap on square i.
  tap(i) {
    const v = this.snap && this.snap.view;
    if (!v) return;
    if (v.phase !== 'play' || this.snap.status !== 'playing') { this.room.refuse('The game is over.'); return; }
    if (v.seat === null) { this.room.refuse('You’re watching this table: only players move.'); return; }
    const card = this.selected;
    if (!card) { this.room.refuse(v.must === 'draw' ? 'Nothing in your hand can go down: press Draw.' : 'Pick a card from your hand first, then a lit square.'); return; }
    const mine = this.myTurn(v);
    if (this.step && this.step.kind === 'upgrade') {
      const up = (v.upgrades[card] || []).find(u => u.square === this.step.square);
      if (up && up.joker_to.includes(i)) {
        if (!mine) { this.room.refuse(this.notYours(v)); return; }
        this.send({ type: 'upgrade', card, square: this.step.square, joker_to: i });
      } else this.room.refuse('The freed joker goes into a lit empty square, or press Keep it to take it into your hand.');
      return;
    }
    if (this.step && this.step.kind === 'shift') {
      const sh = (v.shifts[card] || []).find(x => x.row === this.step.row);
      const out = v.grid[i];
      if (sh && out && sh.out.includes(out)) {
        if (!mine) { this.room.refuse(this.notYours(v)); return; }
        this.send({ type: 'shift', card, row: this.step.row, out });
      } else this.room.refuse(`Push off a lit card: only a card at an end of the run can go, and never the ${short(card)} you are playing.`);
      return;
    }
    if ((v.where[card] || []).includes(i)) {
      if (!mine) { this.room.refuse(this.notYours(v)); return; }
      this.send({ type: 'place', card, square: i });
      return;
    }
    if ((v.upgrades[card] || []).some(u => u.square === i)) {
      this.step = { kind: 'upgrade', square: i };
      this.room.refusal = null;
      this.paint();
      return;
    }
    const r = Math.floor(i / SIZE);
    if ((v.shifts[card] || []).some(x => x.row === r) && v.grid[i]) { this.startShift(r); return; }
    if (v.grid[i]) {
      this.room.refuse(isJoker(v.grid[i]) && v.rows[r].complete && !isJoker(card)
        ? `The ${short(card)} can’t take that joker’s place: row ${r + 1} would not stay a valid ${v.rows[r].kind}.`
        : 'That square is taken: play into a lit empty square.');
    } else if (isJoker(card) && v.rows[r].cards.some(isJoker)) {
      this.room.refuse(`Row ${r + 1} already holds a joker, and a row takes one joker at most.`);
    } else {
      this.room.refuse(`The ${short(card)} can’t go in row ${r + 1}: the row could no longer finish as a run or a set.`);
    }
  }

  startShift(r) {
    this.step = { kind: 'shift', row: r };
    this.room.refusal = null;
    this.paint();
  }

  keepJoker() {
    const v = this.snap && this.snap.view;
    if (!v || !this.step || this.step.kind !== 'upgrade') return;
    if (!this.myTurn(v)) { this.room.refuse(this.notYours(v)); return; }
    this.send({ type: 'upgrade', card: this.selected, square: this.step.square, joker_to: null });
  }

  drawCard() {
    const v = this.snap && this.snap.view;
    if (!v || v.seat === null) return;
    if (!v.can.draw) {
      if (!this.myTurn(v)) this.room.refuse(this.notYours(v));
      else if (v.must === 'place') this.room.refuse(`First put down the ${short(v.drawn)} you just ${v.drawn_from === 'discard' ? 'took' : 'drew'}.`);
      else if (v.must === 'discard') this.room.refuse('You hold eight cards: discard one to get back to seven.');
      else this.room.refuse('You can still play a card, upgrade or shift, so you can’t draw yet.');
      return;
    }
    this.send({ type: 'draw' });
  }

  discard() {
    const v = this.snap && this.snap.view;
    if (!v || v.seat === null) return;
    if (!v.can.discard) { this.room.refuse(this.myTurn(v) ? 'You discard only when a drawn card takes your hand over seven.' : this.notYours(v)); return; }
    if (!this.selected) { this.room.refuse('Pick the card to discard first.'); return; }
    this.send({ type: 'discard', card: this.selected });
  }

  send(action) {
    if (!this.room.move(action)) return; // (one on its way already: a double tap sends once)
    this.selected = null;
    this.step = null;
    this.room.refusal = null;
    this.paint();
  }

  // -- painting ------------------------------------------------------------------

  paint() {
    const snap = this.snap;
    const v = snap && snap.view;
    if (!v) return;
    const myTurn = markStep(this.root, v, this.myTurn(v));
    this.root.dataset.must = (myTurn && v.must) || '';
    this.root.dataset.step = this.step ? this.step.kind : '';
    this.root.classList.toggle('busy', this.room.busy);
    this.paintGrid(v);
    this.paintStock(v);
    this.paintHand(v, myTurn);
    this.paintDock(snap, v, myTurn);
    this.paintPlates(snap, v);
  }

  // What the picked card lights: squares to place in, jokers to upgrade,
  // rows to shift into, and in a second step where the joker or the pushed
  // card goes.
  lights(v) {
    const card = this.selected;
    const out = { place: new Set(), upgrade: new Set(), shiftRows: new Set(), jokerTo: new Set(), push: new Set(), keep: false };
    if (!card || v.phase !== 'play') return out;
    // A second step always lights its choices; the first only with the helper on.
    if (this.step) return this.stepLights(v, card, out);
    if (!assist('assist-legal')) return out;
    for (const i of v.where[card] || []) out.place.add(i);
    for (const u of v.upgrades[card] || []) out.upgrade.add(u.square);
    for (const s of v.shifts[card] || []) out.shiftRows.add(s.row);
    return out;
  }

  stepLights(v, card, out) {
    if (this.step.kind === 'upgrade') {
      const up = (v.upgrades[card] || []).find(u => u.square === this.step.square);
      for (const j of (up ? up.joker_to : [])) { if (j === null) out.keep = true; else out.jokerTo.add(j); }
    } else {
      const sh = (v.shifts[card] || []).find(x => x.row === this.step.row);
      for (const c of (sh ? sh.out : [])) out.push.add(v.grid.indexOf(c));
    }
    return out;
  }

  /** Where the table shows a move (the room kit marks a hint there). */
  hinted(action) {
    const card = this.root.querySelector(`#hand [data-card="${action.card}"], #ln-drawn [data-card="${action.card}"]`);
    const square = i => this.grid.querySelector(`[data-square="${i}"]`);
    switch (action.type) {
      case 'draw': return this.drawBtn;
      case 'place': return [card, square(action.square)];
      case 'upgrade': return [card, square(action.square), action.joker_to === null ? null : square(action.joker_to)];
      case 'shift': return [card, this.grid.querySelector(`.ln-shift[data-row="${action.row}"]`)];
      case 'discard': return card;
      default: return null;
    }
  }

  paintGrid(v) {
    const lit = this.lights(v);
    const last = v.last && assist('assist-last') ? v.last : null;
    const lastSquares = new Set(last && last.square !== undefined ? [last.square] : []);
    if (last && last.type === 'upgrade' && last.joker_to !== null) lastSquares.add(last.joker_to);
    const rows = v.rows.map(row => {
      const r = row.row;
      const squares = row.tidy.map(i => {
        const card = v.grid[i];
        const classes = ['sq'];
        let note = '';
        if (!card) classes.push('empty');
        if (lit.place.has(i)) { classes.push('lit'); note = 'you can play here'; }
        if (lit.upgrade.has(i)) { classes.push('lit', 'up'); note = 'upgrade: swap your card for this joker'; }
        if (lit.jokerTo.has(i)) { classes.push('lit', 'joker-to'); note = 'the freed joker can go here'; }
        if (lit.push.has(i)) { classes.push('lit', 'push'); note = 'push this card off'; }
        if (this.step && this.step.kind === 'upgrade' && this.step.square === i) classes.push('chosen');
        if (lastSquares.has(i)) classes.push('last');
        const btn = el('button', { type: 'button', class: classes.join(' '), 'data-square': String(i), onclick: () => this.tap(i) });
        if (card) btn.append(face(card, { small: false }));
        else btn.append(el('span', { class: 'gap', 'aria-hidden': 'true', text: '' }));
        const joker = card && isJoker(card) && jokerAs(row) ? `, standing for ${jokerAs(row)}` : '';
        btn.setAttribute('aria-label', `${card ? `${short(card)}${joker}` : 'empty square'}, row ${r + 1}${note ? `: ${note}` : ''}`);
        return btn;
      });
      const canShift = lit.shiftRows.has(r);
      const kindText = rowWords(row);
      const jokerText = jokerAs(row) ? `joker: ${jokerAs(row)}` : '';
      const shiftBtn = el('button', { type: 'button', class: 'ln-shift lit', 'data-row': String(r), hidden: !canShift, text: 'Shift in', onclick: () => this.startShift(r) });
      shiftBtn.setAttribute('aria-label', `Shift the ${short(this.selected || '')} into row ${r + 1}`);
      return el('div', { class: `ln-row${row.complete ? ' complete' : ''}${this.step && this.step.kind === 'shift' && this.step.row === r ? ' shifting' : ''}`, 'data-row': String(r), 'data-kind': row.kind || '' },
        el('div', { class: 'ln-row-head' },
          el('span', { class: 'ln-row-name', text: `Row ${r + 1}` }),
          el('span', { class: `ln-kind k-${row.kind || 'open'}`, text: kindText }),
          jokerText ? el('span', { class: 'ln-joker-as muted', text: jokerText }) : null,
          shiftBtn),
        el('div', { class: 'ln-squares', role: 'group', 'aria-label': `Row ${r + 1}, ${kindText}` }, squares));
    });
    this.grid.replaceChildren(...rows);
  }

  paintStock(v) {
    const pile = back({ label: `draw pile, ${v.pile} ${v.pile === 1 ? 'card' : 'cards'}`, count: v.pile });
    this.pile.replaceChildren(pile, el('span', { class: 'ln-label', text: `Pile · ${v.pile}` }));
    const top = v.top ? face(v.top, { label: `top of the discard: ${short(v.top)}` }) : el('span', { class: 'card ln-none', role: 'img', 'aria-label': 'the discard is empty' });
    if (v.top && v.top_goes_down && v.can.draw) top.classList.add('goes-down');
    this.discardBox.replaceChildren(top, el('span', { class: 'ln-label', text: `Discard · ${v.discards.length}` }));
  }

  paintHand(v, myTurn) {
    const hand = v.mine;
    this.handBox.hidden = !hand;
    if (!hand) return;
    let playable = null;
    if (myTurn && v.must === 'play') {
      playable = new Set(hand.filter(c => (v.where[c] || []).length || (v.upgrades[c] || []).length || (v.shifts[c] || []).length));
    } else if (myTurn && (v.must === 'place' || v.must === 'draw')) {
      playable = new Set();
    }
    const selected = new Set(this.selected ? [this.selected] : []);
    // (On a replay from another's side the snapshot has no seat of its own: the hand is named.)
    const whose = this.snap.seat === null ? `${seatName(this.snap, v.seat)}’s hand` : 'Your hand';
    drawHand(this.hand, hand, { playable, selected, onpick: c => this.pick(c), label: whose });
    for (const node of this.hand.querySelectorAll('.card')) {
      const c = node.dataset.card;
      node.setAttribute('aria-pressed', this.selected === c ? 'true' : 'false');
      node.setAttribute('aria-label', handCardName(c, node.dataset.key));
    }
    this.handTitle.textContent = `${whose} · ${v.total} ${v.total === 1 ? 'point' : 'points'}`;
    this.hand.classList.toggle('turn', myTurn);
  }

  paintDock(snap, v, myTurn) {
    const [text, error] = this.promptText(snap, v, myTurn);
    write(this.status, text, error);
    // The card just taken or drawn, waiting for its square.
    const drawn = myTurn && v.must === 'place' && v.drawn;
    this.drawnBox.hidden = !drawn;
    if (drawn) {
      const node = face(v.drawn, { onclick: () => this.pick(v.drawn), label: `${short(v.drawn)}, just ${v.drawn_from === 'discard' ? 'taken' : 'drawn'}` });
      node.classList.add('selected');
      node.setAttribute('aria-pressed', 'true');
      this.drawnBox.replaceChildren(el('span', { class: 'ln-label', text: v.drawn_from === 'discard' ? 'Taken from the discard' : 'Drawn' }), node);
    }
    const busy = this.room.busy;
    this.drawBtn.hidden = !v.can.draw;
    this.drawBtn.disabled = !v.can.draw || busy;
    this.drawBtn.classList.toggle('primary', !!v.can.draw);
    this.drawBtn.textContent = v.can.draw && v.top_goes_down ? `Take the ${short(v.top)}` : 'Draw';
    this.keepBtn.hidden = !(this.step && this.step.kind === 'upgrade' && this.lights(v).keep);
    this.keepBtn.disabled = !myTurn || busy;
    this.discardBtn.hidden = !v.can.discard;
    this.discardBtn.disabled = !this.selected || busy;
    this.discardBtn.textContent = this.selected && v.can.discard ? `Discard the ${short(this.selected)}` : 'Discard';
    this.backBtn.hidden = !this.step;
    // The bonus turn, announced.
    const bonus = v.phase === 'play' && v.bonus;
    const fresh = bonus && this.banner.hidden;
    this.banner.hidden = !bonus;
    if (bonus) this.banner.textContent = v.turn === snap.seat ? 'Bonus turn! You completed a row: play again.' : `Bonus turn for ${seatName(snap, v.turn, false)}: a row was completed.`;
    // (At the table, where it sits below a phone's fold under the hand; a replay's steps leave the page be.)
    if (fresh && !this.room.replay) bringIntoView(this.banner);
  }

  // Everyone's hand size, on the room's plates.
  paintPlates(snap, v) {
    for (const li of document.querySelectorAll('#plates .plate')) {
      const s = Number(li.dataset.seat);
      const n = v.sizes[s];
      if (n === undefined) continue;
      let tag = li.querySelector('.ln-size');
      if (!tag) { tag = el('span', { class: 'ln-size' }); li.append(tag); }
      tag.textContent = `${n} ${n === 1 ? 'card' : 'cards'}`;
    }
  }

  promptText(snap, v, myTurn) {
    if (this.room.refusal) return [this.room.refusal, true];
    if (snap.status === 'ended') return ['The host ended this game; it isn’t kept.', false];
    if (v.phase === 'over') return [`Game over. ${resultLine(snap)}`, false];
    if (v.seat === null) return [`You’re watching. It’s ${seatName(snap, v.turn, false)}’s turn.`, false];
    const waiting = `${seatName(snap, v.turn, false)} is playing${v.bonus ? ' a bonus turn' : ''}.`;
    if (snap.seat === null) return [waiting, false]; // (a replay from another's side names whoever plays)
    if (this.room.busy) return ['Playing…', false];
    const card = this.selected;
    if (!myTurn) {
      return [card ? `${waiting} ${this.hint(v, card, ' (when it’s your turn)')}` : `${waiting} Pick a card to see where it could go.`, false];
    }
    const bonus = v.bonus ? 'Bonus turn! ' : '';
    if (v.must === 'draw') {
      const from = v.top_goes_down ? `you’ll take the ${short(v.top)} from the discard, since it can go straight down` : 'you’ll draw from the pile';
      return [`${bonus}Nothing in your hand can play, upgrade or shift: draw (${from}).`, false];
    }
    if (v.must === 'place') {
      return [`Put down the ${short(v.drawn)} you ${v.drawn_from === 'discard' ? 'took' : 'drew'}: tap a lit square.`, false];
    }
    if (v.must === 'discard') {
      return [card ? `Discard the ${short(card)}? Press Discard, or pick another card.` : 'You hold eight cards: pick one to discard.', false];
    }
    if (card) return [bonus + this.hint(v, card, ''), false];
    return [`${bonus}Your turn: pick a card, then a lit square.`, false];
  }

  // What the picked card can do, in a sentence.
  hint(v, card, then) {
    const name = short(card);
    if (this.step && this.step.kind === 'upgrade') {
      const keep = this.lights(v).keep;
      return `Upgrade: the ${name} takes the joker’s place in row ${Math.floor(this.step.square / SIZE) + 1}. Where does the freed joker go? Tap a lit empty square${keep ? ', or press Keep it' : ''}${then}.`;
    }
    if (this.step && this.step.kind === 'shift') {
      return `Shift: the ${name} goes into row ${this.step.row + 1}. Tap the card to push off (it goes face up on the discard)${then}.`;
    }
    const places = (v.where[card] || []).length;
    const ups = (v.upgrades[card] || []).length;
    const shifts = (v.shifts[card] || []).length;
    const bits = [];
    if (places) bits.push('tap a lit square to play it');
    if (ups) bits.push('tap a lit joker to upgrade');
    if (shifts) bits.push('press Shift in on a run to push a card off');
    if (!bits.length) return `The ${name} has nowhere to go right now.`;
    return `${cap(name)}: ${bits.join('; ')}${then}.`;
  }
}

// The result sheet's headline: who won, and each hand's total.
export function resultLine(snap) {
  const v = snap.view;
  const o = v && v.outcome;
  if (!o) return '';
  const how = o.how === 'full' ? 'The grid is full' : 'The pile ran out';
  const winners = o.places.map((p, s) => (p === 1 ? s : null)).filter(s => s !== null);
  const names = winners.map(s => seatName(snap, s));
  const totals = o.totals.map((t, s) => `${seatName(snap, s)} ${t}`).join(', ');
  const youWin = winners.includes(snap.seat);
  let who;
  if (winners.length > 1) who = `${names.join(' and ')} share the win`;
  else who = youWin ? 'You win' : `${names[0]} wins`;
  return `${how}: ${who}${youWin && winners.length === 1 ? '!' : '.'} Hand totals: ${totals}.`;
}

// The result sheet's detail: every hand, its cards and its total.
export function resultDetail(snap) {
  const v = snap.view;
  const o = v && v.outcome;
  if (!o) return null;
  const rows = o.hands.map((hand, s) => el('li', { class: 'ln-final', 'data-seat': String(s) },
    el('span', { class: 'ln-final-name', text: `${seatName(snap, s)}: ${o.totals[s]} ${o.totals[s] === 1 ? 'point' : 'points'}, ${o.cards[s]} ${o.cards[s] === 1 ? 'card' : 'cards'}` }),
    el('span', { class: 'ln-final-cards' }, hand.length ? hand.map(c => face(c, { small: true })) : el('span', { class: 'muted', text: 'no cards' }))));
  return el('section', { class: 'ln-hands', id: 'ln-hands', 'aria-label': 'Hands at the end' }, el('h3', { text: 'Hands at the end' }), el('ul', {}, rows));
}
