// Get In Line's table: the board (100 buttons in a grid), the teams with
// their lines, your hand and the dock. It is drawn once and patched on each
// snapshot. It decides nothing: where a card can go (view.where), which
// buttons to offer (view.can) and who won all come from the server; a move
// the server refuses comes back as a sentence (refused) in the status line.

import { el, write } from '../../room/net.js';
import { Banners } from '../../room/banners.js';
import { still } from '../../room/motion.js';
import { markStep, preference } from '../../room/room.js';
import {
  CORNERS, SHAPES, SIZE, TEAM_NAMES, face, finishing, isJack, isRed, lines as lineWords, oneEyed, rankOf, rowCol, say,
  suitOf, twoEyed, words,
} from './board.js';

export const GAME = 'get-in-line';
const ZOOM_KEY = `parlor:${GAME}:zoom`;
const ZOOMS = [28, 36, 44]; // px a space, past "fit"
const SMALLEST = 28; // a space is never smaller than this without the zoom strip
const FRAME_PAD = 6; // the walnut frame round the grid, px each side

export const assist = key => preference(GAME, key);

// One chip: a disc in its team's colour with its shape (ring, cross, triangle).
export function chip(team, extra = '') {
  return el('span', { class: `chip t${team} ${SHAPES[team]} ${extra}`.trim(), 'aria-hidden': 'true' });
}

function teamName(v, t) {
  return (v.names && v.names[t]) || TEAM_NAMES[t];
}

function seatName(snap, s) {
  const seat = snap.seats[s];
  if (!seat) return `Seat ${s + 1}`;
  return seat.you ? 'You' : seat.name;
}

export class Table {
  constructor() {
    this.board = null;
  }

  // The room kit calls this on every snapshot.
  draw(board, snap, room, was) {
    this.room = room;
    const v = snap.view;
    if (!v) return;
    if (board !== this.board) this.build(board, snap);
    const sameGame = was && was.number === snap.number && was.view;
    this.snap = snap;
    this.keepSelection(v);
    const fresh = this.hear(snap);
    this.paint();
    if (sameGame) this.animate(fresh, v);
    else room.cues.finish();
  }

  // -- building the table once --------------------------------------------------

  build(board, snap) {
    this.board = board;
    this.selected = null; // a card in the hand
    this.pending = null; // a space waiting for its second tap
    this.focus = 44; // the board's roving focus
    this.lit = []; // the spaces lit for the picked card, in reading order
    this.lead = []; // what others did to you since your turn, for the status line
    this.handKey = null;
    this.zoom = localStorage.getItem(ZOOM_KEY) || 'fit';

    const grid = el('div', { class: 'gil-grid', role: 'grid', id: 'gil-grid', 'aria-label': 'The board', 'aria-rowcount': String(SIZE), 'aria-colcount': String(SIZE) });
    this.spaces = [];
    this.chips = [];
    this.rings = [];
    for (let r = 0; r < SIZE; r++) {
      const row = el('div', { role: 'row', class: 'gil-row', 'aria-rowindex': String(r + 1) });
      for (let c = 0; c < SIZE; c++) {
        const p = r * SIZE + c;
        const btn = el('button', { type: 'button', class: 'space', 'data-space': String(p), tabindex: p === this.focus ? '0' : '-1' });
        const f = snap.view.layout[p];
        if (CORNERS.has(p)) {
          btn.classList.add('corner');
          btn.append(el('span', { class: 'face corner-face', 'aria-hidden': 'true' }, el('span', { class: 'star', text: '★' }), el('span', { class: 'free', text: 'Free' })));
        } else if (f) {
          btn.classList.add(isRed(f) ? 'red' : 'black');
          btn.append(el('span', { class: 'face', 'aria-hidden': 'true' }, el('span', { class: 'rank', text: rankOf(f) }), el('span', { class: 'suit', text: suitOf(f) })));
        }
        const ring = el('span', { class: 'finish', 'aria-hidden': 'true', hidden: true });
        const holder = el('span', { class: 'chip-slot', 'aria-hidden': 'true' });
        btn.append(ring, holder);
        btn.addEventListener('click', () => this.tap(p));
        btn.addEventListener('focus', () => this.setFocus(p, false));
        this.spaces.push(btn);
        this.chips.push(holder);
        this.rings.push(ring);
        row.append(el('div', { role: 'gridcell', class: 'gil-cell', 'aria-colindex': String(c + 1) }, btn));
      }
      grid.append(row);
    }
    grid.addEventListener('keydown', e => this.gridKey(e));
    this.svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    this.svg.setAttribute('class', 'gil-lines');
    this.svg.setAttribute('viewBox', '0 0 100 100');
    this.svg.setAttribute('aria-hidden', 'true');
    this.fx = el('div', { class: 'gil-fx', 'aria-hidden': 'true' });
    this.grid = grid;
    this.frame = el('div', { class: 'gil-frame' }, el('div', { class: 'gil-surface' }, grid, this.svg, this.fx));
    this.scroller = el('div', { class: 'gil-scroll', id: 'gil-scroll' }, this.frame);
    this.banner = el('p', { class: 'gil-banner', id: 'gil-banner', hidden: true });
    this.strip = el('div', { class: 'gil-zoom', id: 'gil-zoom', role: 'group', 'aria-label': 'Zoom the board', hidden: true },
      el('button', { type: 'button', class: 'quiet', 'aria-label': 'Zoom in', text: '+', onclick: () => this.zoomBy(1) }),
      el('button', { type: 'button', class: 'quiet', 'aria-label': 'Zoom out', text: '−', onclick: () => this.zoomBy(-1) }),
      el('button', { type: 'button', class: 'quiet', 'aria-label': 'Fit the board', text: 'Fit', onclick: () => this.setZoom('fit') }));
    this.area = el('section', { class: 'gil-area', 'aria-label': 'Board' }, el('div', { class: 'gil-board-row' }, this.scroller, this.strip));

    this.teams = el('section', { class: 'gil-teams', id: 'gil-teams', 'aria-label': 'Teams' });

    this.prompt = el('p', { class: 'gil-prompt', id: 'gil-prompt' });
    this.last = el('p', { class: 'gil-last', id: 'gil-last' });
    this.tradeBtn = el('button', { type: 'button', id: 'gil-trade', text: 'Trade in', onclick: () => this.trade() });
    this.placeBtn = el('button', { type: 'button', id: 'gil-place', class: 'primary', text: 'Place', onclick: () => this.confirm() });
    this.passBtn = el('button', { type: 'button', id: 'gil-pass', text: 'Pass', onclick: () => this.pass() });
    this.dock = el('section', { class: 'gil-dock', id: 'gil-dock', 'aria-label': 'Your move' },
      this.prompt, this.last, el('div', { class: 'gil-buttons' }, this.tradeBtn, this.placeBtn, this.passBtn));
    this.hand = el('div', { class: 'gil-cards', id: 'hand', role: 'group', 'aria-label': 'Your cards' });
    this.handBox = el('section', { class: 'gil-hand', 'aria-labelledby': 'gil-hand-title' },
      this.handTitle = el('h2', { class: 'gil-hand-title', id: 'gil-hand-title', text: 'Your hand' }), this.hand);

    // The table's place for notices (the start's announcement, Your move,
    // a banner): after your hand, where nothing moves for them.
    this.notices = el('div', { class: 'gil-notices notices', id: 'gil-notices', 'data-notices': '', 'data-your-move': '' }, this.banner);
    this.root = el('div', { class: 'gil', id: 'gil' }, this.teams, this.area, this.dock, this.handBox, this.notices);
    this.banners = new Banners(this.banner, { cues: this.room.cues });
    board.replaceChildren(this.root);
    // The room's status line lives in the dock, where your eyes are.
    const status = document.getElementById('room-status');
    if (status) this.prompt.replaceWith(status);
    this.status = status;

    if (this.resize) this.resize.disconnect();
    this.resize = new ResizeObserver(() => this.fit());
    this.resize.observe(this.area);
  }

  // -- what you picked ------------------------------------------------------------

  keepSelection(v) {
    const hand = v.mine || [];
    if (this.selected && !hand.includes(this.selected)) { this.selected = null; this.pending = null; }
    if (this.pending !== null) {
      const where = this.selected ? (v.where[this.selected] || []) : [];
      if (!where.includes(this.pending)) this.pending = null;
    }
  }

  /** Pick a card (or put it down again). Picked from the keyboard, focus
   * goes on to the first space it lights, where Enter plays it. */
  pick(card, byKey = false) {
    const v = this.snap && this.snap.view;
    if (!v || !v.mine) return;
    this.room.refusal = null;
    this.lead = [];
    if (this.selected === card) { this.putDown(); return; }
    this.selected = card;
    this.pending = null;
    this.paint();
    if (byKey && this.lit.length) this.setFocus(this.lit[0]);
  }

  putDown() {
    this.selected = null;
    this.pending = null;
    this.room.refusal = null;
    this.paint();
  }

  myTurn(v) {
    return v.seat !== null && v.phase === 'play' && v.turn === v.seat && this.snap.status === 'playing';
  }

  notYours(v) {
    if (v.phase !== 'play') return 'The game is over.';
    if (v.seat === null) return 'You’re watching this table: only players move.';
    const who = this.snap.seats[v.turn];
    return `It’s ${who ? who.name : 'another player'}’s turn: wait for yours.`;
  }

  // A tap on space p (a click, Enter, or a second tap to confirm).
  tap(p) {
    const v = this.snap && this.snap.view;
    if (!v) return;
    this.setFocus(p, false);
    if (v.phase !== 'play' || this.snap.status !== 'playing') { this.room.refuse('The game is over.'); return; }
    if (v.seat === null) { this.room.refuse('You’re watching this table: only players move.'); return; }
    this.lead = [];
    if (this.selected) {
      const card = this.selected;
      const where = v.where[card] || [];
      if (!where.includes(p)) { this.room.refuse(whyNot(v, card, p)); return; }
      if (isJack(card) || this.pending !== null) {
        if (this.pending !== p) { this.pending = p; this.room.refusal = null; this.paint(); return; }
      }
      if (!this.myTurn(v)) { this.room.refuse(this.notYours(v)); return; }
      this.send({ type: 'play', card, space: p });
      return;
    }
    // A space first: the card for it (its own, else a jack), then a second tap.
    const hand = v.mine || [];
    const can = c => (v.where[c] || []).includes(p);
    let card = null;
    if (CORNERS.has(p)) { this.room.refuse('The corners are free spaces for every team, so no chip goes there.'); return; }
    if (v.chips[p] === null) {
      card = hand.find(c => !isJack(c) && face(c) === v.layout[p] && can(c)) || hand.find(c => twoEyed(c) && can(c));
      if (!card) { this.room.refuse(`You have no ${say(v.layout[p])} and no two-eyed jack, so nothing of yours goes there.`); return; }
    } else {
      card = hand.find(c => oneEyed(c) && can(c));
      if (!card) { this.room.refuse(chipReason(v, p, hand)); return; }
    }
    this.selected = card;
    this.pending = p;
    this.room.refusal = null;
    this.paint();
  }

  confirm() {
    if (this.selected && this.pending !== null) this.tap(this.pending);
  }

  trade() {
    const v = this.snap && this.snap.view;
    if (!v || v.seat === null) return;
    if (!v.can.trade) {
      if (!this.myTurn(v)) this.room.refuse(this.notYours(v));
      else if (!v.dead.length) this.room.refuse('None of your cards is dead: only a card whose two spaces are both taken can be traded in.');
      else this.room.refuse('You’ve already traded in a card this turn: play a card, or pass if none can play.');
      return;
    }
    const card = this.selected && v.dead.includes(this.selected) ? this.selected : v.dead[0];
    this.send({ type: 'trade', card });
  }

  pass() {
    const v = this.snap && this.snap.view;
    if (!v || v.seat === null) return;
    if (!v.can.pass) {
      if (!this.myTurn(v)) this.room.refuse(this.notYours(v));
      else if (v.can.play) this.room.refuse('You have a card that can play, so you can’t pass.');
      else this.room.refuse('Trade in your dead card first: the new one might play.');
      return;
    }
    this.send({ type: 'pass' });
  }

  send(action) {
    // (One on its way already sends nothing: a double tap sends once.)
    if (this.room.move(action)) this.putDown();
  }

  // -- the board's keys ----------------------------------------------------------

  setFocus(p, move = true) {
    if (p === this.focus && !move) return;
    this.focus = p;
    this.markTabStops();
    if (move) this.spaces[p].focus();
  }

  /** The board's tab stops: with a card picked, the spaces it lights (Tab
   * walks them before leaving the board); else the one space the arrows
   * last reached. */
  markTabStops() {
    const stops = new Set(this.lit.length ? this.lit : [this.focus]);
    this.spaces.forEach((btn, p) => { btn.tabIndex = stops.has(p) ? 0 : -1; });
  }

  /** Where an arrow goes with a card picked: the next lit space that way,
   * across in reading order (left and right) or down the columns (up and
   * down), round to the first again past the last. */
  litStep(key) {
    const across = key === 'ArrowLeft' || key === 'ArrowRight';
    const order = p => (across ? p : (p % SIZE) * SIZE + Math.floor(p / SIZE));
    const spaces = [...this.lit].sort((a, b) => order(a) - order(b));
    const at = order(this.focus);
    if (key === 'ArrowRight' || key === 'ArrowDown') return spaces.find(p => order(p) > at) ?? spaces[0];
    return spaces.findLast(p => order(p) < at) ?? spaces[spaces.length - 1];
  }

  gridKey(e) {
    if (e.altKey || e.metaKey) return;
    const [r, c] = rowCol(this.focus);
    const lit = this.lit;
    let to = null;
    if (lit.length && e.key.startsWith('Arrow')) to = this.litStep(e.key);
    else if (lit.length && (e.key === 'Home' || e.key === 'End')) to = e.key === 'Home' ? lit[0] : lit[lit.length - 1];
    else if (e.key === 'ArrowLeft') to = c > 0 ? this.focus - 1 : null;
    else if (e.key === 'ArrowRight') to = c < SIZE - 1 ? this.focus + 1 : null;
    else if (e.key === 'ArrowUp') to = r > 0 ? this.focus - SIZE : null;
    else if (e.key === 'ArrowDown') to = r < SIZE - 1 ? this.focus + SIZE : null;
    else if (e.key === 'Home') to = e.ctrlKey ? 0 : r * SIZE;
    else if (e.key === 'End') to = e.ctrlKey ? SIZE * SIZE - 1 : r * SIZE + SIZE - 1;
    else return;
    e.preventDefault();
    e.stopPropagation();
    if (to !== null) this.setFocus(to);
  }

  focusBoard() {
    this.setFocus(this.lit.length && !this.lit.includes(this.focus) ? this.lit[0] : this.focus);
  }

  // -- zoom (small phones) -------------------------------------------------------

  fit() {
    if (!this.area || !this.area.isConnected) return;
    const style = getComputedStyle(this.root);
    const strip = parseFloat(style.getPropertyValue('--strip')) || 48;
    const width = this.area.clientWidth - (this.root.classList.contains('zoomable') ? strip : 0);
    const space = (width - 2 * FRAME_PAD) / SIZE;
    const small = space < SMALLEST;
    this.root.classList.toggle('zoomable', small);
    this.strip.hidden = !small;
    const want = small && this.zoom !== 'fit' ? Number(this.zoom) : null;
    this.root.classList.toggle('zoomed', !!want);
    this.frame.style.width = want ? `${want * SIZE + 2 * FRAME_PAD}px` : '';
    this.fitSpace = space;
  }

  zoomBy(step) {
    const now = this.zoom === 'fit' ? -1 : ZOOMS.indexOf(Number(this.zoom));
    const next = Math.max(-1, Math.min(ZOOMS.length - 1, now + step));
    this.setZoom(next < 0 ? 'fit' : String(ZOOMS[next]));
  }

  setZoom(z) {
    this.zoom = z;
    localStorage.setItem(ZOOM_KEY, z);
    this.fit();
    if (z !== 'fit') this.spaces[this.focus].scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }

  // -- what the others did ------------------------------------------------------

  hear(snap) {
    const v = snap.view;
    const fresh = this.room.fresh;
    if (snap.seat === null) return fresh; // (a watcher's, or a replay's from another's side: nobody's "your team")
    const mine = v.team;
    for (const e of fresh) {
      if (e.seat === v.seat) { this.lead = []; continue; }
      const who = seatName(snap, e.seat);
      if (e.kind === 'remove' && e.team === mine && v.team_of[e.seat] !== mine) {
        const text = `${who} took your team’s chip off the ${say(v.layout[e.space])}.`;
        this.lead.push(text);
        this.hit = Date.now();
        if (assist('banners')) this.banners.add(text, '', { afterCues: true });
      } else if (e.kind === 'trade') {
        this.lead.push(`${who} traded in a dead ${say(e.card)}.`);
      } else if (e.kind === 'pass') {
        this.lead.push(`${who} passed: nothing in their hand could play.`);
      }
    }
    this.lead = this.lead.slice(-3);
    return fresh;
  }

  // -- painting ------------------------------------------------------------------

  paint() {
    const snap = this.snap;
    const v = snap && snap.view;
    if (!v) return;
    const myTurn = markStep(this.root, v, this.myTurn(v));
    this.root.classList.toggle('spectator', v.seat === null);
    this.root.classList.toggle('busy', this.room.busy);
    this.paintBoard(v);
    this.paintTeams(snap, v);
    this.paintHand(v, myTurn);
    this.paintDock(snap, v, myTurn);
    this.fit();
  }

  paintBoard(v) {
    const where = this.selected ? (v.where[this.selected] || []) : [];
    const lit = new Set(assist('assist-legal') || this.pending !== null ? where : []);
    const targets = new Set(where);
    const locked = new Set(v.lines.flatMap(l => l.cells));
    const rings = assist('assist-ring') && v.phase === 'play' ? finishing(v.chips, v.lines) : new Map();
    const last = v.last && assist('assist-last') ? v.last : null;
    const taking = this.selected && oneEyed(this.selected);
    this.lit = [...lit].sort((a, b) => a - b);
    this.markTabStops();
    this.grid.classList.toggle('picking', !!this.selected && assist('assist-legal'));
    for (let p = 0; p < SIZE * SIZE; p++) {
      const btn = this.spaces[p];
      const team = v.chips[p];
      const slot = this.chips[p];
      const had = slot.firstChild ? Number(slot.firstChild.dataset.team) : null;
      if (team === null) { if (had !== null) slot.replaceChildren(); } else if (had !== team) {
        const c = chip(team);
        c.dataset.team = String(team);
        slot.replaceChildren(c);
      }
      btn.classList.toggle('lit', lit.has(p));
      btn.classList.toggle('take', lit.has(p) && !!taking);
      btn.classList.toggle('pending', this.pending === p);
      btn.classList.toggle('locked', locked.has(p));
      btn.classList.toggle('last', !!last && last.space === p);
      btn.classList.toggle('last-removed', !!last && last.space === p && last.kind === 'remove');
      if (last && last.space === p && last.kind === 'remove') btn.dataset.was = String(last.team); else delete btn.dataset.was;
      const ringTeams = rings.get(p) || [];
      const ring = this.rings[p];
      ring.hidden = !ringTeams.length;
      if (ringTeams.length) {
        const ours = ringTeams.includes(v.team);
        ring.className = `finish ${ours ? 'ours' : 'theirs'} t${ours ? v.team : ringTeams[0]}`;
      }
      btn.setAttribute('aria-label', spaceLabel(v, p, { lit: targets.has(p) && this.selected, pending: this.pending === p, locked: locked.has(p), rings: ringTeams, last }));
      btn.setAttribute('aria-pressed', this.pending === p ? 'true' : 'false');
    }
    this.paintLines(v);
  }

  paintLines(v) {
    const ns = 'http://www.w3.org/2000/svg';
    const keep = new Set();
    const won = v.phase === 'over' && v.winner !== null;
    for (const line of v.lines) {
      const key = `${line.team}:${line.cells.join(',')}`;
      keep.add(key);
      let path = this.svg.querySelector(`[data-key="${key}"]`);
      if (!path) {
        const [r0, c0] = rowCol(line.cells[0]);
        const [r1, c1] = rowCol(line.cells[line.cells.length - 1]);
        path = document.createElementNS(ns, 'path');
        path.setAttribute('d', `M ${c0 * 10 + 5} ${r0 * 10 + 5} L ${c1 * 10 + 5} ${r1 * 10 + 5}`);
        path.setAttribute('pathLength', '1');
        path.dataset.key = key;
        this.svg.append(path);
      }
      path.setAttribute('class', `line t${line.team}${won && line.team === v.winner ? ' win' : ''}`);
    }
    for (const path of [...this.svg.querySelectorAll('path')]) if (!keep.has(path.dataset.key)) path.remove();
  }

  paintTeams(snap, v) {
    const panels = [];
    const hit = this.hit && Date.now() - this.hit < 6000;
    for (let t = 0; t < v.teams; t++) {
      const seats = snap.seats.filter(s => v.team_of[s.index] === t);
      const up = v.phase === 'play' && v.turn !== null && v.team_of[v.turn] === t;
      const won = v.phase === 'over' && v.winner === t;
      const made = v.made[t] || 0;
      const members = seats.map(s => el('li', { class: `member${s.deciding ? ' deciding' : ''}${s.you ? ' me' : ''}`, 'data-seat': String(s.index) },
        el('span', { class: 'member-name', text: s.name + (s.you ? ' (you)' : '') }),
        s.kind === 'bot' || s.covered ? el('span', { class: 'tag', text: s.covered ? 'a bot is covering' : 'bot' }) : null,
        s.deciding && v.phase === 'play' ? el('span', { class: 'turn-mark', text: 'to play' }) : null,
        this.room.leftNote ? this.room.leftNote(s) : null,
        s.canCover ? el('button', { class: 'quiet cover', type: 'button', text: 'Cover with a bot', onclick: () => this.room.act('cover', { seat: s.index }) }) : null));
      panels.push(el('section', {
        class: `gil-team t${t}${up ? ' up' : ''}${t === v.team ? ' yours' : ''}${won ? ' won' : ''}${hit && t === v.team ? ' hit' : ''}`,
        'data-team': String(t), 'aria-label': `${teamName(v, t)} team: ${made} of ${v.target} ${v.target === 1 ? 'line' : 'lines'}`,
      },
      el('header', { class: 'gil-team-head' },
        chip(t),
        el('span', { class: 'gil-team-title' },
          el('span', { class: 'gil-team-name', text: teamName(v, t) }),
          t === v.team ? el('span', { class: 'gil-team-yours', text: snap.seat === null ? `${seatName(snap, v.seat)}’s team` : 'your team' }) : null),
        el('span', { class: 'figure' }, el('span', { class: 'figure-count', text: `${made} of ${v.target}` }), el('span', { class: 'figure-unit', text: v.target === 1 ? 'line' : 'lines' }))),
      el('ul', { class: 'members' }, members)));
    }
    this.teams.classList.toggle('three', v.teams > 2);
    this.teams.replaceChildren(...panels);
  }

  /** Where the table shows a move (the room kit marks a hint there). */
  hinted(action) {
    const card = this.hand.querySelector(`[data-card="${action.card}"]`);
    if (action.type === 'play') return [card, this.spaces[action.space]];
    if (action.type === 'trade') return [card, this.tradeBtn];
    return action.type === 'pass' ? this.passBtn : null;
  }

  paintHand(v, myTurn) {
    const hand = v.mine;
    this.handBox.hidden = !hand;
    if (!hand) return;
    // (On a replay from another's side the snapshot has no seat of its own: the hand is named.)
    const whose = this.snap.seat === null ? `${seatName(this.snap, v.seat)}’s` : 'Your';
    if (this.handTitle.textContent !== `${whose} hand`) {
      this.handTitle.textContent = `${whose} hand`;
      this.hand.setAttribute('aria-label', `${whose} cards`);
    }
    const key = hand.join(' ');
    const deadMark = assist('assist-dead');
    if (key !== this.handKey) {
      const focused = document.activeElement && document.activeElement.closest && document.activeElement.closest('.card');
      const at = focused ? Number(focused.dataset.index) : null;
      this.handKey = key;
      this.cards = hand.map((card, i) => {
        const btn = el('button', { type: 'button', class: `card ${isRed(card) ? 'red' : 'black'}${isJack(card) ? ' jack' : ''}`, 'data-card': card, 'data-index': String(i), onclick: e => this.pick(card, e.detail === 0) },
          el('span', { class: 'key', 'aria-hidden': 'true', text: String(i + 1) }),
          el('span', { class: 'corner-index', 'aria-hidden': 'true' }, el('span', { class: 'rank', text: rankOf(card) }), el('span', { class: 'suit', text: suitOf(card) })),
          el('span', { class: 'pip', 'aria-hidden': 'true', text: isJack(card) ? 'J' : suitOf(card) }),
          el('span', { class: 'note', 'aria-hidden': 'true' }),
          // Named by what it says in words, so the name never differs from a visible label.
          el('span', { class: 'said' }));
        return btn;
      });
      this.hand.replaceChildren(...this.cards);
      if (at !== null && this.cards[Math.min(at, this.cards.length - 1)]) this.cards[Math.min(at, this.cards.length - 1)].focus();
    }
    hand.forEach((card, i) => {
      const btn = this.cards[i];
      const dead = v.dead.includes(card);
      const where = v.where[card] || [];
      const note = isJack(card) ? (twoEyed(card) ? 'two-eyed' : 'one-eyed') : dead && deadMark ? 'dead' : '';
      btn.querySelector('.note').textContent = note;
      btn.classList.toggle('dead', dead && deadMark);
      btn.classList.toggle('selected', this.selected === card);
      btn.classList.toggle('idle', isJack(card) && !where.length);
      btn.setAttribute('aria-pressed', this.selected === card ? 'true' : 'false');
      btn.querySelector('.said').textContent = cardLabel(card, dead && deadMark, where.length, i);
    });
    this.hand.classList.toggle('turn', myTurn);
  }

  paintDock(snap, v, myTurn) {
    const [text, error] = this.promptText(snap, v, myTurn);
    write(this.status, text, error);
    const l = v.last;
    if (l) {
      const who = seatName(snap, l.seat);
      const where = say(v.layout[l.space]);
      const bits = l.kind === 'remove'
        ? [`${who} took ${teamName(v, l.team)}’s chip off the ${where} with the ${say(l.card)}.`]
        : [`${who} played ${isJack(l.card) ? `the ${say(l.card)} on the ${where}` : `the ${where}`}.`];
      this.last.replaceChildren(el('span', { class: 'gil-last-label', text: 'Last move ' }), l.kind === 'remove' ? chip(l.team, 'gone') : chip(l.team), ' ', bits[0]);
      this.last.hidden = false;
    } else {
      this.last.replaceChildren(el('span', { class: 'gil-last-label', text: 'Last move ' }), 'none yet.');
    }
    const dead = v.dead || [];
    const tradeCard = this.selected && dead.includes(this.selected) ? this.selected : dead[0];
    this.tradeBtn.hidden = !(v.seat !== null && v.phase === 'play' && dead.length && !v.traded);
    this.tradeBtn.disabled = !v.can.trade || this.room.busy;
    this.tradeBtn.textContent = tradeCard ? `Trade in ${say(tradeCard)}` : 'Trade in';
    this.tradeBtn.classList.toggle('primary', v.can.trade && !v.can.play);
    const pending = this.selected && this.pending !== null;
    this.placeBtn.hidden = !pending;
    this.placeBtn.disabled = !myTurn || this.room.busy;
    this.placeBtn.textContent = pending && oneEyed(this.selected) ? 'Remove' : 'Place';
    this.passBtn.hidden = !v.can.pass;
    this.passBtn.disabled = this.room.busy;
    this.passBtn.classList.toggle('primary', v.can.pass);
  }

  promptText(snap, v, myTurn) {
    if (this.room.refusal) return [this.room.refusal, true];
    if (snap.status === 'ended') return ['The host ended this game; it isn’t kept.', false];
    if (v.phase === 'over') {
      const o = v.outcome || {};
      return [o.winner === null || o.winner === undefined ? 'Game over: a draw.' : `Game over: ${teamName(v, o.winner)} wins.`, false];
    }
    const turnName = v.turn !== null && snap.seats[v.turn] ? snap.seats[v.turn].name : '';
    if (v.seat === null) return [`You’re watching. It’s ${turnName}’s turn (${teamName(v, v.team_of[v.turn])}).`, false];
    if (snap.seat === null) return [`${turnName} is playing.`, false]; // (a replay from another's side names whoever plays)
    if (this.room.busy) return ['Playing…', false];
    const sel = this.selected;
    const lead = myTurn && !sel && this.lead.length ? this.lead.join(' ') + ' ' : '';
    if (!myTurn) {
      const partner = v.team_of[v.turn] === v.team;
      const waiting = `${turnName} is playing${partner ? ' (your partner)' : ''}.`;
      if (sel) return [`${waiting} ${selectedHint(v, sel, this.pending, false)}`, false];
      return [`${waiting} Pick a card to see where it goes.`, false];
    }
    if (sel) return [selectedHint(v, sel, this.pending, true), false];
    if (v.can.play) {
      // (A first turn's fuller word is the room kit's Your move.)
      return [`${lead}Your turn: pick a card, then a lit space.`, false];
    }
    if (v.can.trade) return [`${lead}None of your cards can play, and your ${say(v.dead[0])} is dead: trade it in.`, false];
    if (v.can.pass) return [`${lead}Nothing in your hand can play: pass.`, false];
    return [lead + 'Your turn.', false];
  }

  // -- motion: cues only; the state is already drawn -----------------------------

  /** A cue on the room's queue for each move since the last snapshot: a
   * chip drops onto its space, a chip taken off lifts away, a new line is
   * drawn through its chips. */
  animate(fresh, v) {
    const cues = this.room.cues;
    if (still()) { cues.finish(); return; }
    for (const e of fresh) {
      if (e.kind === 'play') {
        const c = v.chips[e.space] === e.team ? this.chips[e.space].firstChild : null;
        if (c) cues.add(at => { cues.drop(c, at); return 380; });
      } else if (e.kind === 'remove') {
        cues.add(at => { this.liftAway(e.space, e.team, at); return 450; });
      } else if (e.kind === 'line') {
        const path = this.svg.querySelector(`[data-key="${e.team}:${e.cells.join(',')}"]`);
        if (path) {
          cues.add(at => {
            cues.animate(path, [{ strokeDasharray: '1', strokeDashoffset: 1 }, { strokeDasharray: '1', strokeDashoffset: 0 }],
              { duration: 700, delay: at, easing: 'ease-out', fill: 'backwards' });
            return 700;
          });
        }
      }
    }
  }

  /** A ghost of the chip taken off, lifting away from its space. */
  liftAway(p, team, at) {
    const [r, c] = rowCol(p);
    const ghost = chip(team, 'ghost');
    ghost.style.left = `${c * 10}%`;
    ghost.style.top = `${r * 10}%`;
    this.fx.append(ghost);
    this.room.cues.animate(ghost, [
      { transform: 'none', opacity: 1 },
      { transform: 'translateY(-70%) scale(1.45)', opacity: 0 },
    ], { duration: 650, delay: at, easing: 'ease-in', fill: 'both' }, () => ghost.remove());
  }
}

// -- sentences ------------------------------------------------------------------

// Why this card can't go on this space (the server's _why_not, word for word).
export function whyNot(v, card, p) {
  const chips = v.chips;
  const shown = v.layout[p];
  if (oneEyed(card)) {
    if (chips[p] === null) return 'A one-eyed jack takes a chip off, and that space has none.';
    if (chips[p] === v.team) return 'That’s your team’s chip: a one-eyed jack takes off another team’s.';
    return 'That chip is part of a line, so it stays.';
  }
  if (CORNERS.has(p)) return 'The corners are free spaces for every team, so no chip goes there.';
  if (twoEyed(card)) return 'A two-eyed jack goes on an open space, and that one’s taken.';
  if (shown !== face(card)) return `That’s the ${say(shown)}, not the ${say(card)}.`;
  if ((v.dead || []).includes(card)) return `Both ${say(card)} spaces are taken, so that card is dead: trade it in.`;
  return `That ${say(card)} already has a chip on it: play the other one.`;
}

function chipReason(v, p, hand) {
  const t = v.chips[p];
  const locked = v.lines.some(l => l.cells.includes(p));
  if (t === v.team) return `That’s your team’s chip on the ${say(v.layout[p])}.`;
  if (locked) return 'That chip is part of a line, so it stays.';
  if (!hand.some(oneEyed)) return `That’s ${teamName(v, t)}’s chip: only a one-eyed jack (♠ or ♥) takes a chip off, and you have none.`;
  return 'That chip can’t be taken off.';
}

function selectedHint(v, card, pending, myTurn) {
  const where = v.where[card] || [];
  const then = myTurn ? '' : ' (when it’s your turn)';
  if (pending !== null) {
    const at = say(v.layout[pending]);
    if (oneEyed(card)) return `Take ${teamName(v, v.chips[pending])}’s chip off the ${at} with the ${say(card)}? Tap it again${then}, or press Remove.`;
    if (twoEyed(card)) return `Put your chip on the ${at} with the ${say(card)}? Tap it again${then}, or press Place.`;
    return `Play your ${say(card)} on this space? Tap it again${then}, or press Place.`;
  }
  if (twoEyed(card)) return `Two-eyed jack: tap any open space, then tap it again to place your chip${then}.`;
  if (oneEyed(card)) {
    if (!where.length) return 'One-eyed jack: there’s no chip it can take off right now (chips in a line stay).';
    return `One-eyed jack: tap another team’s chip to take it off, then tap again${then}.`;
  }
  if ((v.dead || []).includes(card)) {
    return v.traded ? `Your ${say(card)} is dead: both its spaces are taken. You’ve traded once this turn already.`
      : `Your ${say(card)} is dead: both its spaces are taken. Trade it in for a new card.`;
  }
  if (where.length === 1) return `${say(card)}: one of its spaces is taken. Tap the lit one to play it${then}.`;
  return `${say(card)}: tap a lit space to play it${then}.`;
}

function cardLabel(card, dead, spaces, i) {
  const name = isJack(card) ? `${twoEyed(card) ? 'Two-eyed' : 'One-eyed'} jack of ${words(card).split(' of ')[1]}` : words(card);
  const state = dead ? 'dead' : isJack(card) ? (twoEyed(card) ? 'goes on any open space' : spaces ? 'takes a chip off' : 'no chip to take') : `${spaces} ${spaces === 1 ? 'space' : 'spaces'} open`;
  return `${i + 1}: ${name}, ${state}`;
}

function spaceLabel(v, p, { lit, pending, locked, rings, last }) {
  const bits = [];
  const [r, c] = rowCol(p);
  if (CORNERS.has(p)) bits.push('Free corner');
  else bits.push(`${say(v.layout[p])}`);
  const t = v.chips[p];
  if (t !== null && t !== undefined) bits.push(`${teamName(v, t)} chip${locked ? ' in a line' : ''}`);
  else if (!CORNERS.has(p)) bits.push('open');
  if (rings && rings.length) bits.push(`finishes a ${rings.map(x => teamName(v, x)).join(' and ')} line`);
  if (last && last.space === p) bits.push(last.kind === 'remove' ? 'chip just taken off' : 'last move');
  if (pending) bits.push('chosen: tap again to play');
  else if (lit) bits.push('you can play here');
  bits.push(`row ${r + 1}, column ${c + 1}`);
  return bits.join(', ');
}

export function outcomeLine(v, snap) {
  const o = v && v.outcome;
  if (!o) return '';
  const name = t => teamName(v, t);
  const you = snap && snap.seat !== null && v.team !== null && v.team !== undefined ? v.team : null;
  const score = o.lines.map((k, t) => `${name(t)} ${k}`).join(', ');
  if (o.winner === null || o.winner === undefined) {
    const why = { full: 'The board is full', passed: 'Nobody could play', long: 'The game reached 1,000 turns' }[o.how] || 'The game is over';
    return `${why} with the lines level: a draw (${score}).`;
  }
  const who = o.winner === you ? `You win! ${name(o.winner)}` : name(o.winner);
  const k = o.lines[o.winner];
  if (o.how === 'lines') return `${who} ${o.winner === you ? 'made' : 'wins with'} ${lineWords(k)} in ${o.turns} turns.`;
  const why = { full: 'The board is full', passed: 'Nobody could play', long: 'The game reached 1,000 turns' }[o.how] || 'The game is over';
  return `${why}: ${who} ${o.winner === you ? 'has' : 'wins with'} the most lines (${score}).`;
}
