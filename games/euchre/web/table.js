// The Euchre table: the rail (score, trump, tricks, the turned card), four
// plates round the felt with the trick between them, your hand, and the dock
// (what to do, four fixed move slots, Go alone, the sort). Built once and
// repainted from each snapshot. It decides nothing: what you may do (can,
// legal, suits, stuck, must_alone) and whose turn it is come from the
// server's view. Moves go through the room's send path (room.move), and a
// refused one comes back as a sentence (refused).

import { el, write } from '../../room/net.js';
import { markStep, preference } from '../../room/room.js';
import { back, face, short, spoken, suitName, suitSymbol } from '../../cards/faces.js';
import { isLeft, leading } from './hints.js';
import { Banners } from '../../room/banners.js';
import { FLY, GAP, RING, SWEEP, still } from '../../room/motion.js';
import { HandOrder, draggable } from './order.js';
import { fillHandSheet, handPanel, handSheet } from './sheet.js';
import { calledTag, handLine, myTeam, nameOf, side, suitLabel, who, winners } from './words.js';

export const GAME = 'euchre';
export const assist = key => preference(GAME, key);

const POS = ['bottom', 'left', 'top', 'right'];
const BIDDING = new Set(['bid1', 'bid2']);

// The first time each kind of choice falls to you (the engine's kinds), a
// word on what to do: the room kit's Your move shows it, ringing the slots.
export const YOUR_MOVE = {
  bid: { say: 'Call trump or pass. The suit you call is trump for the whole hand.', ring: '#eu-slots' },
  discard: { say: 'You picked up the turned card, so discard one card to keep five.', ring: '#hand' },
  farmer: { say: 'A farmer’s hand. Pick three cards to swap for the kitty, or keep your hand.', ring: '#hand' },
  defend: { say: 'They’re going alone. You may defend alone too (your partner sits out).', ring: '#eu-slots' },
};

export class Table {
  constructor() {
    this.board = null;
    this.order = new HandOrder();
  }

  /** The room kit calls this on every snapshot. */
  draw(board, snap, room, was) {
    this.room = room;
    this.order.code = room.code;
    if (board !== this.board) this.build(board);
    const before = was && was.number === snap.number ? this.v : null;
    this.snap = snap;
    const v = snap.view;
    this.v = v;
    if (!v) return;
    if (!before || before.deal !== v.deal || before.phase !== v.phase) {
      this.selected.clear();
      if (!BIDDING.has(v.phase)) this.alone = false;
    }
    this.rememberUp(v);
    const upRect = this.upBox.isConnected && !this.upBox.hidden ? this.upBox.getBoundingClientRect() : null;
    this.paint();
    this.cue(before, v, upRect);
    this.soundCards(v);
    this.hear(snap);
    this.scheduleSheet();
  }

  // -- building the table once ------------------------------------------------

  build(board) {
    this.board = board;
    this.v = null;
    this.selected = new Set();
    this.alone = false;
    this.handKey = null;
    this.upCards = new Map();
    this.slotKeys = {};
    this.sheetHand = null;
    this.sheetKey = null;
    clearTimeout(this.sheetTimer); // (the last board's sheet, put away with it, never opens)
    this.sheetTimer = null;

    this.rail = el('section', { class: 'eu-rail', id: 'eu-rail', 'aria-label': 'Score and trump' });
    this.scoreBox = el('section', { class: 'eu-panel eu-score', id: 'eu-score', 'aria-label': 'Score' });
    this.trumpBox = el('section', { class: 'eu-panel eu-trump', id: 'eu-trump', 'aria-label': 'Trump' });
    this.tricksBox = el('section', { class: 'eu-panel eu-tricks', id: 'eu-tricks', 'aria-label': 'Tricks this hand' });
    this.kittyBox = el('section', { class: 'eu-panel eu-kitty', id: 'eu-kitty', 'aria-label': 'The turned card' });
    this.rail.append(this.scoreBox, this.trumpBox, this.tricksBox, this.kittyBox);

    this.plates = POS.map(p => el('section', { class: `eu-plate pos-${p}`, 'data-pos': p }));
    this.slots = Object.fromEntries(POS.map(p => [p, el('div', { class: `eu-slot pos-${p}`, 'data-pos': p })]));
    this.upBox = el('div', { class: 'eu-up', id: 'eu-up', hidden: true });
    this.banner = el('p', { class: 'eu-banner', id: 'eu-banner', hidden: true });
    this.middle = el('div', { class: 'eu-middle', id: 'eu-trick', role: 'group', 'aria-label': 'The trick' }, ...POS.map(p => this.slots[p]), this.upBox);
    this.felt = el('section', { class: 'eu-felt', id: 'eu-felt', 'aria-label': 'The table' }, ...this.plates, this.middle);
    // The table's place for notices (the start's announcement, Your move,
    // the banners): under the score and trump on a laptop, after your moves
    // on a phone, where nothing moves for them and they cover nothing.
    this.notices = el('div', { class: 'eu-notices notices', id: 'eu-notices', 'data-notices': '', 'data-your-move': '' }, this.banner);

    this.hand = el('div', { class: 'eu-cards', id: 'hand', role: 'group', 'aria-label': 'Your hand' });
    this.handBox = el('section', { class: 'eu-hand', 'aria-label': 'Your hand' }, this.hand);
    this.wasDrag = draggable(this.hand, () => this.shown || [], cards => { this.order.keep(cards); this.paint(); });

    this.note = el('p', { class: 'eu-note', id: 'eu-note' });
    this.slotButtons = [1, 2, 3, 4].map(i => el('button', { type: 'button', class: 'eu-move', id: `eu-slot-${i}`, onclick: () => this.press(i - 1) }));
    this.aloneBtn = el('button', { type: 'button', class: 'eu-toggle', id: 'eu-alone', 'aria-pressed': 'false', onclick: () => this.toggleAlone() });
    this.sortBtn = el('button', { type: 'button', class: 'quiet eu-sort', id: 'eu-sort', onclick: () => this.toggleSort() });
    this.dock = el('section', { class: 'eu-dock', id: 'eu-dock', 'aria-label': 'Your move' },
      el('div', { class: 'eu-say' }, el('p', { class: 'status', id: 'eu-status-slot' }), this.note),
      el('div', { class: 'eu-slots', id: 'eu-slots' }, this.slotButtons),
      el('div', { class: 'eu-tools' }, this.aloneBtn, this.sortBtn));

    this.sheet = this.room.replay ? handPanel() : handSheet({ next: () => this.send({ type: 'ready' }), startNow: () => this.room.act('hurry') });
    this.motion = this.room.cues;
    this.banners = new Banners(this.banner, { cues: this.motion });

    this.root = el('div', { class: 'eu', id: 'eu' },
      el('div', { class: 'eu-aside' }, this.rail, this.notices), el('div', { class: 'eu-main' }, this.felt, this.handBox, this.dock), this.room.beside ? null : this.sheet.node);
    board.replaceChildren(this.root);
    if (this.room.beside) this.room.beside.replaceChildren(this.sheet.node);
    // The room's status line lives in the dock, where your eyes are.
    const status = document.getElementById('room-status');
    if (status) this.dock.querySelector('#eu-status-slot').replaceWith(status);
    this.status = status || this.dock.querySelector('#eu-status-slot');
  }

  // -- seats and sides ------------------------------------------------------------

  /** Where a seat sits on screen: you at the bottom, play passing left (clockwise). */
  pos(s) {
    const base = this.v && this.v.seat !== null ? this.v.seat : 0;
    return POS[(s - base + 4) % 4];
  }

  plateOf(s) {
    return this.plates[POS.indexOf(this.pos(s))];
  }

  myTurn() {
    const v = this.v;
    return !!v && v.seat !== null && v.turn === v.seat && v.can.length > 0;
  }

  /** "Your partner": the snapshot's own seat's (none on a replay from another's side, which names everyone). */
  partner() {
    const seat = this.snap.seat;
    return seat === null || seat === undefined ? null : (seat + 2) % 4;
  }

  /** The turned card of each deal, which the view stops showing once the dealer picks it up. */
  rememberUp(v) {
    if (v.up) this.upCards.set(v.deal, v.up);
    for (const e of v.events || []) if (e.kind === 'deal') this.upCards.set(e.deal, e.up);
  }

  // -- painting --------------------------------------------------------------------

  paint() {
    const v = this.v;
    if (!v) return;
    const r = this.root;
    markStep(r, v, this.myTurn());
    r.dataset.can = this.room.busy ? '' : v.can.join(' ');
    r.classList.toggle('spectator', v.seat === null);
    r.classList.toggle('busy', this.room.busy);
    this.paintRail(v);
    this.paintPlates(v);
    this.paintMiddle(v);
    this.paintHand(v);
    this.paintDock(v);
    if (this.sheet.node.open) this.fillSheet();
  }

  paintRail(v) {
    const snap = this.snap;
    const us = v.seat === null ? 0 : v.seat % 2; // (the side at the bottom first)
    const sideRow = (t, figure, extra = null) => el('div', { class: `eu-side ${t === us ? 'us' : 'them'}`, 'data-team': String(t) },
      el('span', { class: 'eu-side-name', text: side(snap, t) }), extra, el('span', { class: 'figure', text: String(figure) }));
    put(this.scoreBox,
      el('h2', { text: 'Score' }),
      sideRow(us, v.score[us]), sideRow(1 - us, v.score[1 - us]),
      el('p', { class: 'eu-small', text: `First to ${v.target}` }));

    const makers = v.maker === null ? null : v.maker % 2;
    if (v.trump) {
      const bits = [el('span', { class: `eu-trump-suit ${v.trump === 'H' || v.trump === 'D' ? 'red' : 'black'}`, text: suitSymbol(v.trump), 'aria-hidden': 'true' }),
        el('span', { class: 'eu-trump-name', text: suitName(v.trump) })];
      const by = el('p', { class: 'eu-small', text: v.maker === snap.seat ? 'You called it' : `Called by ${nameOf(snap, v.maker)}` });
      const tags = [];
      if (v.alone !== null) tags.push(el('span', { class: 'eu-badge', text: 'alone' }));
      if (v.defender !== null) tags.push(el('span', { class: 'eu-badge', text: `${who(snap, v.defender)} ${v.defender === snap.seat ? 'defend' : 'defends'} alone` }));
      put(this.trumpBox, el('h2', { text: 'Trump' }), el('p', { class: 'eu-trump-line' }, ...bits), by, ...tags);
      this.trumpBox.setAttribute('aria-label', `Trump: ${suitName(v.trump)}, ${by.textContent}${v.alone !== null ? ', alone' : ''}`);
    } else {
      const up = this.upCards.get(v.deal);
      const round = v.phase === 'bid2' ? `Round two: any suit but ${up ? suitSymbol(up[1]) : 'the turned one'}` : v.phase === 'farmer' ? 'A farmer’s hand first' : `Round one: ${up ? suitSymbol(up[1]) : 'the turned suit'} or pass`;
      put(this.trumpBox, el('h2', { text: 'Trump' }), el('p', { class: 'eu-trump-line none', text: 'Not called yet' }), el('p', { class: 'eu-small', text: round }));
      this.trumpBox.setAttribute('aria-label', 'Trump: not called yet');
    }
    this.trumpBox.classList.toggle('set', !!v.trump);

    const pips = n => el('span', { class: 'eu-pips', 'aria-hidden': 'true' },
      [0, 1, 2, 3, 4].map(i => el('span', { class: `pip${i < n ? ' on' : ''}` })));
    const need = makers === null ? null
      : el('p', { class: 'eu-need', text: `${side(snap, makers)} need 3` });
    put(this.tricksBox, el('h2', { text: 'Tricks' }),
      sideRow(us, v.tricks[us], pips(v.tricks[us])), sideRow(1 - us, v.tricks[1 - us], pips(v.tricks[1 - us])), need);
    this.tricksBox.setAttribute('aria-label', `Tricks this hand: ${side(snap, us)} ${v.tricks[us]}, ${side(snap, 1 - us)} ${v.tricks[1 - us]}`);

    const up = this.upCards.get(v.deal);
    const dealer = v.dealer === snap.seat ? 'you' : nameOf(snap, v.dealer);
    let fate;
    if (v.kitty_state === 'up') fate = `Turned up for ${dealer}`;
    else if (v.kitty_state === 'down') fate = 'Turned down';
    else if (v.kitty_state === 'out') fate = `Left out: ${dealer === 'you' ? 'you sit' : `${dealer} sits`} out`;
    else fate = v.dealer === snap.seat ? 'You picked it up' : `Picked up by ${dealer}`;
    const lines = [el('p', { class: 'eu-small eu-fate', text: fate })];
    if (v.buried) lines.push(el('p', { class: 'eu-small', text: `${who(snap, v.dealer)} discarded the ${short(v.buried)}` }));
    else if (v.discarded && v.kitty_state === 'picked') lines.push(el('p', { class: 'eu-small', text: `${nameOf(snap, v.dealer)} discarded one` }));
    put(this.kittyBox, el('h2', { text: 'Turned card' }),
      el('div', { class: 'eu-kitty-row' }, up ? face(up, { small: true, className: v.kitty_state === 'up' ? '' : 'gone' }) : null, el('div', {}, lines)));
    this.kittyBox.dataset.fate = v.kitty_state;
  }

  paintPlates(v) {
    const snap = this.snap;
    for (let s = 0; s < 4; s++) {
      const plate = this.plateOf(s);
      const seat = snap.seats[s] || { name: `Seat ${s + 1}`, kind: 'person' };
      const tags = [];
      if (v.maker === s) tags.push(calledTag({ suit: v.trump, alone: v.alone === s }));
      if (v.defender === s) tags.push('Defending alone');
      if (v.sitting.includes(s)) tags.push('Sitting out');
      if (v.phase === 'scored' && v.ready[s] && seat.kind !== 'bot') tags.push('Ready');
      const kindNote = seat.covered ? 'a bot is covering' : seat.kind === 'bot' ? 'bot' : '';
      const mine = s === v.seat; // (the hand drawn face up, below)
      const named = seat.you ? `${seat.name} (you)` : seat.name;
      const taken = v.taken[s];
      const count = v.sizes[s];
      plate.className = `eu-plate pos-${this.pos(s)}${seat.deciding ? ' deciding' : ''}${mine ? ' me' : ''}${v.sitting.includes(s) ? ' out' : ''}${s % 2 === (v.seat ?? 0) % 2 ? ' ours' : ' theirs'}`;
      plate.dataset.seat = String(s);
      plate.setAttribute('aria-label', [named, v.dealer === s ? 'dealer' : null, ...tags, kindNote || null,
        `${count} ${count === 1 ? 'card' : 'cards'}`, taken ? `${taken} ${taken === 1 ? 'trick' : 'tricks'}` : null, seat.deciding ? 'deciding' : null].filter(Boolean).join(', '));
      put(plate,
        el('div', { class: 'eu-plate-head' },
          el('span', { class: 'eu-name', text: named }),
          v.dealer === s ? el('span', { class: 'eu-dealer', title: 'Dealer', text: 'D' }) : null,
          tags.map(t => el('span', { class: `eu-tag${t.startsWith('Called') ? ' called' : ''}`, text: t }))),
        el('div', { class: 'eu-plate-foot' },
          mine ? null : el('span', { class: 'eu-backs', 'aria-hidden': 'true' }, Array.from({ length: Math.min(count, 6) }, () => back({ small: true }))),
          el('span', { class: 'eu-count', text: `${count} ${count === 1 ? 'card' : 'cards'}` }),
          kindNote ? el('span', { class: 'eu-who', text: kindNote }) : null,
          this.room.leftNote ? this.room.leftNote(seat) : null,
          taken ? el('span', { class: 'eu-taken', title: `${taken} ${taken === 1 ? 'trick' : 'tricks'}` },
            el('span', { class: 'eu-taken-words', text: `${taken} ${taken === 1 ? 'trick' : 'tricks'}` }),
            el('span', { class: 'eu-taken-dots', 'aria-hidden': 'true', text: '●'.repeat(taken) })) : null),
        seat.canCover ? el('button', { class: 'quiet eu-cover', type: 'button', text: 'Cover with a bot', onclick: () => this.room.act('cover', { seat: s }) }) : null);
    }
  }

  /** Each seat's last word in this round of bidding ("Pass", "Call ♥"). */
  roundBids(v) {
    const out = {};
    const round = v.kitty_state === 'up' ? v.bids : v.bids.slice(4);
    for (const b of round) out[b.seat] = b.bid === 'pass' ? 'Pass' : calledTag(b);
    return out;
  }

  paintMiddle(v) {
    const bids = BIDDING.has(v.phase) ? this.roundBids(v) : {};
    const lead = v.trick.length ? leading(v.trick, v.trump) : null;
    const partnerWins = assist('assist-partner') && v.phase === 'play' && lead !== null && lead === this.partner() && v.trick.length > 1;
    for (let s = 0; s < 4; s++) {
      const slot = this.slots[this.pos(s)];
      const played = v.trick.find(p => p.seat === s);
      const key = played ? `card:${v.deal}:${played.card}` : bids[s] ? `bid:${v.deal}:${v.phase}:${bids[s]}` : '';
      if (this.slotKeys[slot.dataset.pos] !== key) {
        this.slotKeys[slot.dataset.pos] = key;
        if (played) {
          const label = `${who(this.snap, s)}: ${spoken(played.card)}`;
          slot.replaceChildren(face(played.card, { label, className: 'eu-played' }));
        } else if (bids[s]) {
          slot.replaceChildren(el('span', { class: `eu-bubble${bids[s] === 'Pass' ? ' pass' : ''}`, text: bids[s] }));
        } else {
          slot.replaceChildren();
        }
      }
      slot.dataset.seat = String(s);
      const card = slot.querySelector('.card');
      if (card) card.classList.toggle('winning', partnerWins && lead === s);
    }
    const showUp = !!v.up && (BIDDING.has(v.phase) || v.phase === 'farmer');
    this.upBox.hidden = !showUp;
    const upKey = showUp ? `${v.deal}:${v.up}:${v.kitty_state}` : '';
    if (this.upKey !== upKey) {
      this.upKey = upKey;
      if (showUp) {
        const down = v.kitty_state === 'down';
        this.upBox.replaceChildren(
          el('span', { class: 'eu-kitty-stack', 'aria-hidden': 'true' }, back({ small: true })),
          face(v.up, { className: down ? 'gone' : '', label: `${spoken(v.up)}, turned ${down ? 'down' : 'up'}` }),
          el('span', { class: 'eu-up-note', text: down ? 'Turned down' : 'Turned up' }));
      } else {
        this.upBox.replaceChildren();
      }
    }
  }

  // -- your hand ------------------------------------------------------------------

  paintHand(v) {
    this.handBox.hidden = !v.mine;
    if (!v.mine) return;
    const whose = this.snap.seat === null ? `${nameOf(this.snap, v.seat)}’s hand` : 'Your hand';
    for (const node of [this.hand, this.handBox]) if (node.getAttribute('aria-label') !== whose) node.setAttribute('aria-label', whose);
    const cards = this.order.arrange(v.mine, v.trump);
    this.shown = cards;
    const key = `${v.deal}|${cards.join(' ')}|${v.trump}`;
    const playing = v.can.includes('play');
    const legal = new Set(v.legal);
    const light = assist('assist-legal') && playing;
    const picking = v.can.includes('discard') || v.can.includes('farmer');
    if (key !== this.handKey) {
      const focused = document.activeElement && this.hand.contains(document.activeElement) ? Number(document.activeElement.dataset.index) : null;
      this.handKey = key;
      this.hand.replaceChildren(...cards.map((card, i) => {
        const node = face(card, { onclick: c => this.pick(c) });
        node.dataset.index = String(i);
        // Named by what it says in words (.said), so the name never
        // differs from a visible label: the face and its hints are pictures.
        node.removeAttribute('aria-label');
        for (const shown of node.children) shown.setAttribute('aria-hidden', 'true');
        node.append(el('span', { class: 'eu-key', 'aria-hidden': 'true', text: String(i + 1) }), el('span', { class: 'eu-mark', 'aria-hidden': 'true' }), el('span', { class: 'said' }));
        return node;
      }));
      const again = focused !== null ? this.hand.children[Math.min(focused, cards.length - 1)] : null;
      if (again) again.focus();
    }
    [...this.hand.children].forEach((node, i) => {
      const card = cards[i];
      const left = assist('assist-bower') && isLeft(card, v.trump);
      const can = legal.has(card);
      node.querySelector('.eu-mark').textContent = left ? 'left' : '';
      node.classList.toggle('left', left);
      node.classList.toggle('playable', light && can);
      node.classList.toggle('dim', light && !can);
      node.classList.toggle('selected', this.selected.has(card));
      node.setAttribute('aria-pressed', picking ? String(this.selected.has(card)) : 'false');
      node.querySelector('.said').textContent = `${i + 1}: ${spoken(card)}${left ? ', the left bower (counts as trump)' : ''}${playing ? (can ? ', playable' : ', can’t be played now') : ''}${this.selected.has(card) ? ', chosen' : ''}`;
    });
    this.hand.classList.toggle('turn', this.myTurn() && (playing || picking));
  }

  // -- the dock -------------------------------------------------------------------

  /** The four fixed move slots for this moment: [{label, key, act, primary, disabled}]. */
  slotsFor(v) {
    const out = [null, null, null, null];
    const can = new Set(v.can);
    const pass = { label: 'Pass', key: 'p', act: () => this.send({ type: 'pass' }) };
    if (can.has('order')) {
      const suit = v.up[1];
      out[2] = { label: `Call ${suitSymbol(suit)}`, aria: `Call ${suitName(suit)}`, key: suit.toLowerCase(), suit, primary: true, act: () => this.bid('order', suit) };
      out[3] = pass;
    } else if (can.has('call') || v.stuck) {
      v.suits.forEach((suit, i) => {
        out[i] = { label: `Call ${suitSymbol(suit)}`, aria: `Call ${suitName(suit)}`, key: suit.toLowerCase(), suit, act: () => this.bid('call', suit) };
      });
      out[3] = v.stuck ? { label: 'Can’t pass', disabled: true, why: 'Stick the dealer: everyone else passed, so you must call a suit.' } : pass;
    } else if (can.has('discard')) {
      const card = [...this.selected][0];
      out[3] = { label: card ? `Discard ${short(card)}` : 'Discard', primary: true, disabled: !card, why: 'Pick the card to discard first.', key: 'enter', act: () => this.send({ type: 'discard', card }) };
    } else if (can.has('farmer')) {
      const picked = [...this.selected];
      out[2] = { label: 'Swap 3', primary: true, disabled: picked.length !== 3, why: 'Pick exactly three cards to swap.', key: 'enter', act: () => this.send({ type: 'farmer', cards: picked }) };
      out[3] = { label: 'Keep', aria: 'Keep my hand', key: 'p', act: () => this.send({ type: 'farmer', cards: [] }) };
    } else if (can.has('defend')) {
      out[2] = { label: 'Defend alone', key: 'a', primary: true, act: () => this.send({ type: 'defend', alone: true }) };
      out[3] = { label: 'Pass', key: 'p', act: () => this.send({ type: 'defend', alone: false }) };
    } else if (v.phase === 'scored') {
      out[2] = { label: 'Score sheet', act: () => this.openSheet() };
      if (can.has('ready')) out[3] = { label: 'Next hand', primary: true, key: 'enter', act: () => this.send({ type: 'ready' }) };
      else out[3] = { label: 'Waiting…', disabled: true, why: this.waitingFor() };
    }
    return out;
  }

  paintDock(v) {
    const slots = this.slotsFor(v);
    this.currentSlots = slots;
    slots.forEach((s, i) => {
      const b = this.slotButtons[i];
      b.classList.toggle('empty', !s);
      b.classList.toggle('primary', !!s && !!s.primary);
      b.disabled = !s || (!!s.disabled) || this.room.busy;
      b.tabIndex = s ? 0 : -1;
      const text = s ? s.label : '';
      const key = s && s.key && s.key !== 'enter' ? s.key.toUpperCase() : '';
      if (b.dataset.text !== `${text}|${key}`) {
        b.dataset.text = `${text}|${key}`;
        put(b, el('span', { class: 'eu-move-label', text }), key ? el('kbd', { 'aria-hidden': 'true', text: key }) : null);
      }
      if (s && s.aria) b.setAttribute('aria-label', s.aria); else b.removeAttribute('aria-label');
      if (s && s.suit) b.dataset.suit = s.suit; else delete b.dataset.suit;
      b.setAttribute('aria-hidden', s ? 'false' : 'true');
      if (s && s.key) b.setAttribute('aria-keyshortcuts', s.key === 'enter' ? 'Enter' : s.key.toUpperCase()); else b.removeAttribute('aria-keyshortcuts');
    });
    const bidding = v.can.includes('order') || v.can.includes('call');
    const canAlone = v.rules.alone === 'on' && bidding;
    const locked = !!v.must_alone;
    if (locked) this.alone = true;
    this.aloneBtn.classList.toggle('empty', !canAlone);
    this.aloneBtn.disabled = !canAlone || locked || this.room.busy;
    this.aloneBtn.setAttribute('aria-pressed', String(canAlone && this.alone));
    put(this.aloneBtn, el('span', { class: 'eu-switch', 'aria-hidden': 'true' }),
      el('span', { text: locked ? 'Alone (Canadian loner)' : 'Go alone' }), canAlone && !locked ? el('kbd', { 'aria-hidden': 'true', text: 'A' }) : null);
    this.aloneBtn.title = locked ? 'Canadian loner: ordering your partner the card, you play alone.' : 'Play this hand without your partner: all five tricks score 4.';
    this.sortBtn.hidden = !v.mine;
    // Named in words that begin with what it shows.
    this.sortBtn.replaceChildren(el('span', { 'aria-hidden': 'true', text: this.order.mine ? 'My order' : 'By suit' }), el('kbd', { 'aria-hidden': 'true', text: 'O' }),
      el('span', { class: 'said', text: this.order.mine ? 'My order: drag cards to arrange them. Press to sort by suit.' : 'By suit. Press to use my own order; drag cards to arrange them.' }));

    const [text, error] = this.statusText(v);
    write(this.status, text, error);
    this.note.textContent = this.noteText(v);
    this.dock.classList.toggle('turn', this.myTurn());
  }

  waitingFor() {
    const names = this.snap.seats.filter(s => !this.v.ready[s.index] && s.kind !== 'bot' && !s.covered).map(s => s.name);
    return names.length ? `Waiting for ${names.join(' and ')} to press Next hand.` : 'Dealing the next hand…';
  }

  statusText(v) {
    if (this.room.refusal) return [this.room.refusal, true];
    const snap = this.snap;
    const up = this.upCards.get(v.deal);
    const turnName = v.turn !== null ? who(snap, v.turn) : '';
    if (v.phase === 'over') {
      const w = winners(v);
      return [`Game over: ${side(snap, w)} won ${v.score[w]}–${v.score[1 - w]}.`, false];
    }
    if (v.phase === 'scored') {
      const o = v.outcome;
      // (A replay only shows the hand's end: nobody there presses Next hand.)
      const tail = this.room.replay ? '' : v.can.includes('ready') && snap.seat !== null ? ' Press Next hand when you’re ready.' : ` ${this.waitingFor()}`;
      return [`${o ? handLine(snap, o) : 'The hand is over.'}${tail}`, false];
    }
    if (this.room.busy) return ['Sending…', false];
    if (v.seat === null) return [`You’re watching. ${this.waitWords(v, turnName)}`, false];
    // (A replay from another's side: its snapshot has no seat of its own, so whoever is to play is named.)
    if (snap.seat === null) return [this.waitWords(v, turnName), false];
    const can = new Set(v.can);
    const dealer = v.dealer === v.seat ? 'you' : nameOf(snap, v.dealer);
    if (can.has('order')) {
      const suit = suitSymbol(v.up[1]);
      const pick = v.dealer === v.seat ? `you pick up the ${short(v.up)}` : `${dealer} picks up the ${short(v.up)}`;
      if (v.must_alone) return [`Canadian loner: call ${suit} and you play alone (${pick}), or pass.`, false];
      return [`Call ${suit} to make ${suitName(v.up[1])} trump (${pick}), or pass.`, false];
    }
    if (can.has('call') || v.stuck) {
      if (v.stuck) return [`Stick the dealer: everyone passed, so you must call a suit (not ${up ? suitSymbol(up[1]) : 'the turned one'}).`, false];
      return [`The ${up ? short(up) : 'turned card'} was turned down. Call another suit, or pass.`, false];
    }
    if (can.has('discard')) {
      const card = [...this.selected][0];
      return [card ? `Discard the ${short(card)}? Press Discard, or pick another card.` : `You picked up the ${up ? short(up) : 'turned card'}: pick one card to discard.`, false];
    }
    if (can.has('farmer')) return [`A farmer’s hand: pick three cards to swap for the kitty (${this.selected.size} picked), or keep your hand.`, false];
    if (can.has('defend')) return [`${nameOf(snap, v.alone)} is going alone. Defend alone (your partner sits out), or pass.`, false];
    if (can.has('play')) {
      if (!v.trick.length) return [v.done.length ? 'Your lead: play any card.' : 'Your lead: play any card to start the hand.', false];
      const follow = v.mine.some(c => (c[1] === v.led && !isLeft(c, v.trump)) || (v.led === v.trump && isLeft(c, v.trump)));
      return [follow ? `Your turn: follow ${suitName(v.led)}.` : `Your turn: you have no ${suitName(v.led)}, so play any card.`, false];
    }
    if (v.sitting.includes(v.seat)) return [`You’re sitting out this hand: ${who(snap, (v.seat + 2) % 4)} went alone. ${this.waitWords(v, turnName)}`, false];
    return [this.waitWords(v, turnName), false];
  }

  waitWords(v, name) {
    if (v.turn === null) return '';
    const partner = v.turn === this.partner() ? ' (your partner)' : '';
    const doing = { bid1: 'is deciding on trump', bid2: 'is deciding on trump', discard: 'is discarding', farmer: 'has a farmer’s hand', defend: 'is deciding whether to defend alone', play: 'is playing' }[v.phase] || 'is deciding';
    return `${name}${partner} ${doing}…`;
  }

  noteText(v) {
    const lead = v.trick.length > 1 ? leading(v.trick, v.trump) : null;
    if (assist('assist-partner') && v.phase === 'play' && lead !== null && lead === this.partner()) {
      return `${nameOf(this.snap, lead)}, your partner, is winning this trick.`;
    }
    const last = v.done[v.done.length - 1];
    if (last && v.phase === 'play') {
      const card = last.cards.find(p => p.seat === last.winner).card;
      return `Last trick: ${who(this.snap, last.winner)} took it with the ${short(card)}.`;
    }
    return '';
  }

  // -- what you do ------------------------------------------------------------------

  notYours(v) {
    if (v.seat === null) return 'You’re watching this table: only players move.';
    if (v.phase === 'scored') return 'The hand is over: press Next hand to deal the next one.';
    if (v.phase === 'over') return 'This game is over.';
    if (v.sitting.includes(v.seat)) return 'You’re sitting out this hand: your partner went alone.';
    return `It’s ${nameOf(this.snap, v.turn)}’s turn: wait for yours.`;
  }

  send(action) {
    if (!this.room.move(action)) return; // (one on its way already: a double tap sends once)
    this.selected.clear();
    this.room.refusal = null;
    if (action.type !== 'order' && action.type !== 'call') this.alone = false;
    this.paint();
  }

  bid(type, suit) {
    const v = this.v;
    const alone = v.rules.alone === 'on' && (this.alone || !!v.must_alone);
    this.send(type === 'order' ? { type, alone } : { type, suit, alone });
    this.alone = false;
  }

  /** A move slot pressed (a click or its key). */
  press(i) {
    const s = this.currentSlots && this.currentSlots[i];
    if (!s || !this.v) return;
    if (s.disabled) { if (s.why) this.room.refuse(s.why); return; }
    if (this.room.busy) return;
    s.act();
  }

  toggleAlone() {
    const v = this.v;
    if (!v || v.must_alone) return;
    if (!(v.can.includes('order') || v.can.includes('call'))) return;
    if (v.rules.alone !== 'on') { this.room.refuse('Going alone is off at this table.'); return; }
    this.alone = !this.alone;
    this.paintDock(v);
  }

  toggleSort() {
    if (!this.v || !this.v.mine) return;
    this.order.toggle(this.shown || []);
    this.paint();
  }

  /** Where the table shows a move (the room kit marks a hint there). */
  hinted(action) {
    const card = c => this.hand.querySelector(`[data-card="${c}"]`);
    const slot = suit => this.slotButtons.find(b => b.dataset.suit === suit);
    switch (action.type) {
      case 'play': case 'discard': return card(action.card);
      case 'farmer': return action.cards.length ? action.cards.map(card) : this.slotButtons[3];
      case 'order': case 'call': return [slot(action.suit || this.v.up[1]), action.alone ? this.aloneBtn : null];
      case 'defend': return this.slotButtons[action.alone ? 2 : 3];
      case 'pass': return this.slotButtons[3];
      default: return null;
    }
  }

  /** A card tapped (or picked by its number). */
  pick(card) {
    const v = this.v;
    if (!v || this.wasDrag()) return;
    const can = new Set(v.can);
    if (can.has('discard')) {
      const had = this.selected.has(card);
      this.selected.clear();
      if (!had) this.selected.add(card);
      this.room.refusal = null;
      this.paint();
      return;
    }
    if (can.has('farmer')) {
      if (this.selected.has(card)) this.selected.delete(card);
      else if (this.selected.size < 3) this.selected.add(card);
      else { this.room.refuse('You’ve picked three: tap one again to put it back first.'); return; }
      this.room.refusal = null;
      this.paint();
      return;
    }
    if (can.has('play')) {
      if (this.room.busy) return;
      if (!v.legal.includes(card)) {
        this.room.refuse(`You must follow suit: play one of your ${suitName(v.led)}${v.led === v.trump ? ' (the left bower counts as trump)' : ''}.`);
        return;
      }
      const node = this.hand.querySelector(`[data-card="${card}"]`);
      this.fromRect = node ? node.getBoundingClientRect() : null;
      this.send({ type: 'play', card });
      return;
    }
    if (can.has('order') || can.has('call')) { this.room.refuse('Trump first: call a suit or pass, then the cards are played.'); return; }
    if (can.size) { this.room.refuse('Not a card just now: use the buttons below.'); return; }
    this.room.refuse(this.notYours(v));
  }

  /** Keys: suit letters call, A goes alone, P passes, 1–6 pick a card, O sorts. */
  key(e) {
    if (!this.v) return false;
    const k = e.key.length === 1 ? e.key.toLowerCase() : e.key === 'Enter' ? 'enter' : e.key;
    if (/^[1-6]$/.test(k)) {
      const card = (this.shown || [])[Number(k) - 1];
      if (card) { this.pick(card); return true; }
      return false;
    }
    if (k === 'o') { this.toggleSort(); return true; }
    const slots = this.currentSlots || [];
    const hit = slots.findIndex(s => s && s.key === k);
    if (hit >= 0) { this.press(hit); return true; }
    if (k === 'a') { this.toggleAlone(); return true; }
    if (['c', 'd', 'h', 's'].includes(k) && (this.v.can.includes('order') || this.v.can.includes('call'))) {
      const suit = k.toUpperCase();
      this.room.refuse(this.v.can.includes('order') ? `Only ${suitName(this.v.up[1])} can be called in round one.` : `${suitName(suit)[0].toUpperCase()}${suitName(suit).slice(1)} were turned down this hand: call another suit.`);
      return true;
    }
    return false;
  }

  // -- motion ----------------------------------------------------------------------

  /** Cues for what changed since `before`, each a move on the room's queue:
   * a deal from the dealer, the turned card to the dealer, each card from
   * its player to the trick, and a finished trick ringed and swept to its
   * winner (a held cue: when your turn comes it still plays, before the
   * last card). The state is already drawn; these only move copies over it. */
  cue(before, v, upRect) {
    const cues = this.motion;
    if (!before || still()) { cues.finish(); this.fromRect = null; return; }
    if (before.deal !== v.deal) {
      cues.finish();
      if (v.mine) cues.add(at => this.dealCue(at));
      return;
    }
    const plateRect = s => (s === v.seat && this.fromRect ? this.fromRect : this.plateOf(s).getBoundingClientRect());
    if (before.kitty_state === 'up' && v.kitty_state === 'picked' && upRect) {
      const up = this.upCards.get(v.deal);
      if (up) cues.add(at => { cues.carry(face(up), upRect, this.plateOf(v.dealer).getBoundingClientRect(), at); return FLY + 120; });
    }
    const finished = v.done.slice(before.done.length);
    if (finished.length > 2) { cues.finish(); this.fromRect = null; return; } // too far behind: show the table as it is
    finished.forEach((trick, i) => {
      const onTable = i === 0 ? new Set(before.trick.map(p => p.seat)) : new Set();
      const ghosts = trick.cards.map(p => ({ p, g: cues.ghost(face(p.card), slotRect(this.slots[this.pos(p.seat)])) }));
      const coming = ghosts.filter(x => !onTable.has(x.p.seat));
      coming.forEach((x, k) => cues.add(at => { cues.arrive(x.g, plateRect(x.p.seat), at); return k === coming.length - 1 ? FLY + 60 : GAP; }));
      const win = ghosts.find(x => x.p.seat === trick.winner);
      cues.add(at => {
        if (win) cues.ring(win.g, at);
        cues.sweep(ghosts.map(x => x.g), this.plateOf(trick.winner).getBoundingClientRect(), at + RING);
        return RING + SWEEP;
      }, { hold: true });
    });
    const fresh = finished.length ? v.trick : v.trick.filter(p => !before.trick.some(q => q.seat === p.seat));
    fresh.forEach((p, i) => {
      const node = this.slots[this.pos(p.seat)].querySelector('.card');
      if (node) cues.add(at => { cues.arrive(node, plateRect(p.seat), at); return i === fresh.length - 1 ? FLY : GAP; });
    });
    this.fromRect = null;
  }

  /** A new hand dealt out from the dealer's seat, card by card. */
  dealCue(at) {
    const from = this.plateOf(this.v.dealer).getBoundingClientRect();
    [...this.hand.children].forEach((node, i) => this.motion.arrive(node, from, at + i * 70));
    return this.hand.children.length * 70 + FLY;
  }

  /** Others' cards sound as they land (the log's lines say them in words). */
  soundCards(v) {
    if (this.room.fresh.some(e => e.kind === 'played' && e.seat !== v.seat)) this.room.sound('card');
  }

  // -- banners -------------------------------------------------------------------

  /** Banners for what others (and you) just did: calls, going alone,
   * defending alone, a euchre, all five alone, the winner. */
  hear(snap) {
    if (!assist('banners')) return;
    const v = snap.view;
    const deal = v.deal;
    const keep = () => this.v && this.v.deal === deal;
    for (const e of this.room.fresh) {
      if (e.kind === 'bid' && e.bid !== 'pass') {
        const need = `${side(snap, e.seat % 2)} need three tricks`;
        if (e.alone) this.banners.add('Going alone!', `${who(snap, e.seat)} called ${suitLabel(e.suit)}, alone. ${need}.`, { keep });
        else this.banners.add(`${who(snap, e.seat)} called ${suitSymbol(e.suit)}`, `${suitName(e.suit)[0].toUpperCase()}${suitName(e.suit).slice(1)} are trump. ${need}.`, { keep });
      } else if (e.kind === 'defend' && e.alone) {
        this.banners.add('Defending alone!', `${who(snap, e.seat)} ${e.seat === snap.seat ? 'defend' : 'defends'} alone; ${e.seat === snap.seat ? 'your' : 'their'} partner sits out.`, { keep });
      } else if (e.kind === 'hand' && e.how === 'euchre') {
        this.banners.add('Euchred!', handLine(snap, e), { keep, afterCues: true });
      } else if (e.kind === 'hand' && e.how === 'march' && e.alone !== null) {
        this.banners.add('All five, alone!', handLine(snap, e), { keep, afterCues: true });
      } else if (e.kind === 'won') {
        const mine = myTeam(snap);
        const title = mine === null ? `${side(snap, e.team)} win!` : e.team === mine ? 'We win!' : 'They win';
        this.banners.add(title, `${e.score[e.team]}–${e.score[1 - e.team]}`, { afterCues: true });
      }
    }
  }

  // -- between hands: the result sheet -------------------------------------------------

  scheduleSheet() {
    const v = this.v;
    if (this.room.replay) {
      // (At the end too: the last hand, and every hand of the game.)
      this.sheet.node.hidden = !(v.phase === 'scored' || v.phase === 'over') || !v.outcome;
      if (!this.sheet.node.hidden) fillHandSheet(this.sheet, this.room.inWords(this.snap));
      return;
    }
    if (v.phase !== 'scored') {
      clearTimeout(this.sheetTimer);
      this.sheetTimer = null;
      this.sheetHand = null;
      if (this.sheet.node.open) this.sheet.node.close();
      return;
    }
    const hand = v.scores.length;
    if (this.sheetHand === hand) return;
    this.sheetHand = hand;
    const wait = still() ? 0 : Math.max(performance.now() + this.motion.remaining(), this.banners.until) - performance.now() + 700;
    clearTimeout(this.sheetTimer);
    this.sheetTimer = setTimeout(() => { this.sheetTimer = null; this.openSheet(); }, Math.max(0, wait));
  }

  openSheet() {
    if (this.room.replay) { this.sheet.node.scrollIntoView({ block: 'nearest' }); return; }
    // (A device passed on meanwhile has put this board away: the next one opens its own.)
    if (!this.v || this.v.phase !== 'scored' || !this.sheet.node.isConnected) return;
    // Someone reading How to play or Options (a partner's lone hand can end
    // before they close it) gets the hand's sheet when they are done.
    const reading = document.querySelector('dialog[open]:not(#hand-dialog)');
    if (reading) {
      reading.addEventListener('close', () => this.openSheet(), { once: true });
      return;
    }
    this.banners.clear();
    this.sheetKey = null;
    this.openedAt = Date.now();
    this.fillSheet();
    if (!this.sheet.node.open) this.sheet.node.showModal();
    const next = this.sheet.node.querySelector('#eu-next');
    if (next) next.focus();
    // "Start without waiting" appears after a moment, so a double click can't deal over someone still reading.
    setTimeout(() => { if (this.sheet.node.open) this.fillSheet(); }, 1600);
  }

  fillSheet() {
    const v = this.v;
    const snap = this.snap;
    if (v.phase !== 'scored' || !v.outcome) return;
    const hurry = snap.host && !v.can.includes('ready') && v.ready.some(r => !r) && Date.now() - (this.openedAt || 0) > 1500;
    const key = `${v.seq}|${hurry}|${this.room.busy}`;
    if (key === this.sheetKey) return;
    this.sheetKey = key;
    fillHandSheet(this.sheet, snap, {
      ready: v.can.includes('ready'), busy: this.room.busy, hurry, waiting: this.waitingFor(),
    });
  }
}

/** replaceChildren, skipping the parts a caller left out (null). */
function put(node, ...kids) {
  node.replaceChildren(...kids.flat().filter(k => k !== null && k !== undefined && k !== false));
}

function slotRect(slot) {
  const r = slot.getBoundingClientRect();
  const card = slot.querySelector('.card');
  if (card) return card.getBoundingClientRect();
  // An empty slot: a card-sized box in its middle.
  const w = parseFloat(getComputedStyle(slot).getPropertyValue('--slot-w')) || 56;
  const h = w * 1.4;
  return { left: r.left + (r.width - w) / 2, top: r.top + (r.height - h) / 2, width: w, height: h };
}
