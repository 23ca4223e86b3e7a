// Station Master's table: the Stage clock and the score; the Division
// drawn as a dispatcher's panel (division.js), every train on it where the
// view has it; your Office close up at the foot of the screen (desk.js),
// your Small Yard, your Home Office cards and the moves for what you
// picked, in view while the page scrolls; and the timetable as a train
// sheet (timetable.js). It decides nothing: every word about a card or a
// train comes from the view, and every move is one of the snapshot's
// `legal` moves with the engine's own sentence. Tapping cars, a train, a
// Mainline card, an Office or a card in your hand picks it (picks.js); the
// moves that take what you picked are offered beside your yard.

import { Banners } from '../../room/banners.js';
import { el } from '../../room/net.js';
import { keepingFocus, patch } from '../../room/patch.js';
import { markStep } from '../../room/room.js';
import { hand, yard } from './desk.js';
import { caption, division } from './division.js';
import { cardName, empty, lit, offered, tap, tappable } from './picks.js';
import { Pointers } from './pointers.js';
import { timetable } from './timetable.js';
import { trainsOn, travel } from './travel.js';

export const GAME = 'station-master';

export class Table {
  constructor() {
    this.board = null;
    this.pick = null;
    this.scrolledFor = null;
    this.seen = null; // {number, trains: Map(no → where it was, and its place on the strip)} (travel.js)
    this.keyOpen = window.matchMedia('(min-width: 700px)').matches; // the Division's key, open on a wide screen
    this.pointers = new Pointers();
  }

  draw(board, snap, room) {
    this.room = room;
    this.snap = snap;
    if (!snap.view) return;
    if (board !== this.board) this.build(board);
    this.keepPick();
    const same = !!this.seen && this.seen.number === snap.number;
    const before = same ? this.seen.trains : null;
    this.paint();
    this.seen = { number: snap.number, trains: trainsOn(this.strip, snap.view.trains) };
    // The trains that moved travel along the line, from where they stood.
    if (before) travel(room.cues, this.strip, before, this.seen.trains, `sm-travel-${snap.view.seq}`);
    else room.cues.finish();
    this.news(room.fresh);
  }

  /** A banner for the day's news: cars set out, once the trains have run
   * there (the engine's sentence, "3 cars set out at Dover: 6 points …"). */
  news(fresh) {
    const number = this.snap.number;
    for (const e of fresh) {
      if (e.kind !== 'delivered' || !e.text) continue;
      const [title, ...rest] = e.text.split(': ');
      this.banners.add(title, rest.join(': '), { afterCues: true, keep: () => this.snap.number === number && this.snap.status === 'playing' });
    }
  }

  build(board) {
    this.board = board;
    this.scrolledFor = null;
    this.parts = {
      head: el('div', { id: 'sm-head-slot' }),
      caption: el('div', { id: 'sm-caption-slot' }),
      division: el('div', { id: 'sm-division-slot' }),
      desk: el('div', { id: 'sm-desk-slot' }),
      hand: el('div', { id: 'sm-hand-slot' }),
      moves: el('div', { id: 'sm-moves-slot' }),
      timetable: el('div', { id: 'sm-timetable-slot' }),
    };
    this.prompt = el('p', { class: 'sm-prompt', id: 'sm-prompt' });
    this.strip = el('div', { class: 'sm-strip', id: 'sm-strip', 'data-scrolls': '', tabindex: '0', role: 'region', 'aria-label': 'The Division, scrolling sideways' }, this.parts.division);
    this.dock = el('section', { class: 'sm-dock', id: 'sm-dock', 'aria-label': 'Your moves', 'data-your-move': '' }, this.prompt, this.parts.moves);
    // (For the eyes only: the kit's live region reads the same sentence from the log.)
    this.banner = el('p', { class: 'sm-banner', id: 'sm-banner', hidden: true });
    // The table's place for notices (the start's announcement, a banner):
    // under your cards, clear of the Division, your yard and the timetable.
    this.notices = el('div', { class: 'sm-notices notices', id: 'sm-notices', 'data-notices': '' }, this.banner);
    this.handBox = el('section', { class: 'sm-hand-box', id: 'sm-hand-box', 'aria-labelledby': 'sm-hand-title' },
      this.handTitle = el('h3', { id: 'sm-hand-title', text: 'Your Home Office cards' }), this.parts.hand, this.notices);
    // (On a phone only the yard and the moves stay at the foot of the
    // screen, the hand following them down the page.)
    this.deskMain = el('div', { class: 'sm-desk-main' }, this.parts.desk, this.dock);
    this.deskBox = el('section', { class: 'sm-desk', id: 'sm-desk', 'aria-labelledby': 'sm-desk-title' }, this.deskMain, this.handBox);
    this.root = el('div', { class: 'sm', id: 'sm' },
      this.parts.head,
      el('section', { class: 'sm-division', id: 'sm-division', 'aria-labelledby': 'sm-division-title' }, this.parts.caption, this.strip),
      this.deskBox, this.parts.timetable);
    board.replaceChildren(this.root);
    this.status = document.getElementById('room-status');
    this.banners = new Banners(this.banner, { cues: this.room.cues });
    // The page keeps what it scrolls to clear of your Office at the foot of the screen.
    const clear = new ResizeObserver(() => {
      const stuck = this.stuck();
      document.documentElement.style.scrollPaddingBottom = stuck ? `${stuck.offsetHeight + 8}px` : '';
    });
    clear.observe(this.deskBox);
    clear.observe(this.deskMain);
  }

  /** The part of your Office that stays at the foot of the screen (all of
   * it on a laptop, your yard and moves on a phone), if it shows. */
  stuck() {
    if (this.deskBox.hidden) return null;
    return [this.deskBox, this.deskMain].find(n => getComputedStyle(n).position === 'sticky' && getComputedStyle(n).display !== 'contents') || null;
  }

  // The room's status line lives in the dock, under your moves (a refusal
  // is read where the move was pressed); someone watching has no dock, so
  // theirs stays above the Division.
  placeStatus(me) {
    const s = this.status;
    if (!s) return;
    if (me && s.parentNode !== this.dock) this.dock.append(s);
    if (!me && s.parentNode !== this.root) this.root.insertBefore(s, this.root.firstChild);
  }

  // -- what you picked ------------------------------------------------------

  mine() {
    const v = this.snap.view;
    return v.seat !== null && v.seat !== undefined ? v.offices[v.seat] : null;
  }

  legal() {
    return (this.snap.legal || []).filter(m => m && m.action);
  }

  /** A pick outlives a change of the table only as far as it is still there. */
  keepPick() {
    const p = this.pick;
    const me = this.mine();
    if (!p || !me) { this.pick = me ? p : null; return; }
    const v = this.snap.view;
    const next = { ...p };
    if (p.cars) {
      const here = (me.yard[p.track] || []).map(c => c.id);
      next.cars = p.cars.filter(id => here.includes(id));
      if (!next.cars.length) { delete next.cars; delete next.track; }
    }
    if (p.card !== undefined && !(v.hand || []).some(c => c.card === p.card)) delete next.card;
    if (p.train !== undefined && !v.trains.some(t => t.no === p.train && t.status !== 'gone' && t.status !== 'due')) delete next.train;
    this.pick = empty(next) ? null : next;
  }

  tap(part, value) {
    this.pick = tap(this.pick, part, value, this.legal());
    this.paint();
  }

  putDown() {
    if (!this.pick) return false;
    this.pick = null;
    this.paint();
    return true;
  }

  /** The moves offered now for what you picked. */
  offered() {
    return offered(this.legal(), this.pick);
  }

  /** Where the table shows a move (the room kit marks a hint there): what
   * to pick for it, and its button once it is picked. */
  hinted(action) {
    const same = JSON.stringify(action);
    const offer = this.legal().find(m => JSON.stringify(m.action) === same);
    const nodes = [...this.board.querySelectorAll('.sm-move')].filter(b => offer && b.textContent === offer.say);
    for (const id of action.cars || []) nodes.push(this.board.querySelector(`#sm-desk .sm-car[data-car="${id}"]`));
    if (action.card) nodes.push(this.board.querySelector(`.sm-ho[data-card="${action.card}"]`));
    if (action.train !== undefined) nodes.push(this.board.querySelector(`#sm-line .sm-train[data-train="${action.train}"]`));
    if (action.on !== undefined) nodes.push(this.board.querySelector(`.sm-card[data-card="${action.on}"] .sm-track`));
    if (action.office !== undefined) nodes.push(this.board.querySelector(`.sm-office[data-seat="${action.office}"] .sm-track`));
    return nodes.filter(Boolean);
  }

  send(action) {
    if (!this.room.move(action)) return;
    this.pointers.done();
    this.pick = null;
    this.paint();
  }

  /** The kit's word that a move didn't go: the table takes moves again. */
  refused() {
    this.paint();
  }

  // -- keys ------------------------------------------------------------------

  key(e) {
    if (!this.snap || !this.snap.view) return false;
    const k = e.key.toLowerCase();
    if (e.key === 'Escape') return this.putDown();
    const byType = type => this.legal().find(m => m.action.type === type);
    const press = { d: 'draw', k: 'keep', e: 'done' }[k];
    if (press) {
      const m = byType(press);
      if (m) this.send(m.action);
      return !!m;
    }
    if (/^[1-9]$/.test(e.key)) {
      const card = (this.snap.view.hand || [])[Number(e.key) - 1];
      if (card) this.tap('card', card.card);
      return !!card;
    }
    const open = { l: 'open-log', '?': 'open-rules' }[e.key];
    if (open) document.getElementById(open)?.click();
    return !!open;
  }

  // -- drawing ---------------------------------------------------------------

  paint() {
    const snap = this.snap;
    const v = snap && snap.view;
    if (!v || !this.root) return;
    const myTurn = v.seat !== null && v.turn === v.seat && snap.status === 'playing';
    const legal = this.legal();
    markStep(this.root, v, myTurn);
    this.root.dataset.turn = v.turn === null || v.turn === undefined ? '' : String(v.turn);
    this.root.dataset.pick = this.pick ? Object.keys(this.pick).filter(k => k !== 'track').join(' ') : '';
    const me = this.mine();
    const board = {
      v, seats: snap.seats, pick: this.pick,
      // (A replay from another's side has no seat of its own: the Office is named.)
      ...(snap.seat === null && me ? { your: `${this.seatName(v.seat)}’s`, Your: `${this.seatName(v.seat)}’s` } : { your: 'your', Your: 'Your' }),
      lit: lit(legal, this.pick, v.phase), tappable: tappable(legal),
      live: !!me && snap.status === 'playing',
      tap: (part, value) => this.tap(part, value),
    };
    keepingFocus(this.root, () => {
      this.swap('head', this.head(v));
      this.swap('caption', caption(v, this.keyOpen, open => { this.keyOpen = open; }));
      this.swap('division', division(board));
      this.swap('timetable', timetable(v));
      this.placeStatus(me);
      this.deskBox.hidden = !me;
      if (me) {
        this.swap('desk', yard(board, me));
        this.handTitle.textContent = `${board.Your} Home Office cards`;
        this.swap('hand', hand(board));
        this.swap('moves', this.moves(myTurn));
      }
    });
    this.prompt.textContent = this.promptText(v, myTurn);
    this.keepMyOfficeInView(v);
    if (me) this.pointers.arm(this.root);
    this.pointers.place();
  }

  swap(part, fresh) {
    const slot = this.parts[part];
    if (slot.firstChild) patch(slot.firstChild, fresh);
    else slot.append(fresh);
  }

  seatName(s) {
    const seat = this.snap.seats[s];
    return seat ? seat.name : '';
  }

  head(v) {
    const sup = v.superintendent;
    const score = v.score || {};
    // (The bar names the preset; the day's part is news only at its end.)
    const parts = [
      el('p', { class: 'sm-clock', id: 'sm-clock' }, el('strong', { text: v.clock }), v.phase === 'over' ? ` · ${v.part}` : null),
      el('p', { class: 'sm-super', id: 'sm-superintendent' }, el('span', { 'aria-hidden': 'true', text: '★ ' }), 'Superintendent: ',
        el('strong', { text: `${sup.office} (${this.seatName(sup.seat)})` })),
    ];
    if (score.together) {
      parts.push(el('p', { class: 'sm-goal', id: 'sm-goal' }, el('strong', { text: score.line }), ' ',
        el('progress', { max: String(score.goal), value: String(Math.min(score.table, score.goal)), 'aria-label': `Points toward the goal: ${score.table} of ${score.goal}` })));
    } else if (score.offices) {
      // Each Office's points, best first; what earned them is on the result sheet.
      parts.push(el('div', { class: 'sm-scores', id: 'sm-scores' },
        el('p', {}, el('strong', { text: score.line })),
        el('ol', { 'aria-label': 'Points, best first' }, score.offices.map(r => el('li', { 'data-key': `score-${r.seat}` },
          `${r.office} (${this.seatName(r.seat)}) `, el('strong', { text: points(r.points) }))))));
    }
    const piles = `Home Office deck ${v.deck} · discards ${v.discard} · waybills ${v.waybills} · loads gone by truck ${v.lost}`;
    parts.push(el('p', { class: 'sm-piles muted', id: 'sm-piles', text: score.together ? `${score.earned}. ${piles}` : piles }));
    return el('header', { class: 'sm-head', id: 'sm-head' }, parts);
  }

  moves(myTurn) {
    const busy = this.room.busy;
    const list = myTurn ? this.offered() : [];
    const buttons = list.map((m, i) => el('button', {
      type: 'button', class: `sm-move${m.action.type === 'done' ? ' quiet' : ''}`, 'data-key': `move-${i}-${m.say}`, 'data-move': m.action.type,
      disabled: busy, text: m.say, onclick: () => this.send(m.action),
    }));
    if (this.pick) buttons.push(el('button', { type: 'button', class: 'quiet', id: 'sm-put-down', 'data-key': 'put-down', text: 'Put it back', onclick: () => this.putDown() }));
    return el('div', { class: 'sm-moves', id: 'sm-moves', 'data-scrolls': '' }, buttons);
  }

  promptText(v, myTurn) {
    if (this.snap.status !== 'playing') return v.phase === 'over' ? 'The day is over.' : '';
    if (!myTurn || this.snap.seat === null) {
      if (v.turn === null || v.turn === undefined) return '';
      return `${v.offices[v.turn].name} (${this.seatName(v.turn)}) is at work.`;
    }
    const p = this.pick;
    const legal = this.legal();
    const picked = p && p.card !== undefined ? (v.hand || []).find(c => c.card === p.card) : null;
    const about = picked ? `${picked.name}: ${picked.text} ` : '';
    if (picked && cardName(picked.card) === 'Extra' && !p.cars && legal.some(m => m.action.type === 'extra' && m.action.at === 'office')) {
      return `${about}Now tap the cars for your Extra on your west or east track, in the order you want them.`;
    }
    if (p && p.train !== undefined && !p.cars && legal.some(m => m.action.type === 'couple' && m.action.train === p.train)) {
      const t = v.trains.find(x => x.no === p.train);
      return `Tap cars on your ${t.dir} track to couple them to ${t.name}${this.offered().length ? ', or choose a move' : ''}.`;
    }
    if (p && !this.offered().length) return `${about}No move takes that pick: pick again, or put it back.`;
    if (v.phase === 'lay') return p ? `${about}Choose a move for it.` : 'Your Draw option: tap a card in your hand, or a lit Mainline card, to lay a track card or scrap one; or keep your hand.';
    const left = `${v.movesLeft} move${v.movesLeft === 1 ? '' : 's'} left`;
    return p ? `${about}Your turn, ${left}: choose a move for your pick.` : `Your turn, ${left}: tap a car, a train or a card.`;
  }

  // Your Office stays in view on the Division: the strip scrolls along to
  // it when the table opens and again when your turn comes, and the page
  // brings the Division up whole above your Office at the foot of the
  // screen (on a phone, at the top of the page, its trains heading east ran
  // under your yard); in between, you may scroll either to look about.
  keepMyOfficeInView(v) {
    const when = `${this.snap.number}:${v.turn === v.seat ? v.stage : 'open'}`;
    if (this.scrolledFor === when || (this.scrolledFor && v.turn !== v.seat)) return;
    const mine = this.strip.querySelector('.sm-office.mine');
    if (!mine) return;
    this.scrolledFor = when;
    const left = mine.offsetLeft - (this.strip.clientWidth - mine.offsetWidth) / 2;
    this.strip.scrollLeft = Math.max(0, left);
    // (Once the kit has drawn the rest: a Your move prompt makes your Office
    // taller. A day that is over leaves the page where it is, its bar and
    // the way back to the result in view.)
    if (this.snap.status !== 'playing') return;
    requestAnimationFrame(() => {
      const stuck = this.stuck();
      if (!stuck) return;
      const line = this.root.querySelector('#sm-division').getBoundingClientRect();
      const under = line.bottom - stuck.getBoundingClientRect().top;
      // (Never so far that its top goes off the screen; back up if it has.)
      if (under > 0 || line.top < 0) window.scrollBy(0, Math.min(under, line.top));
    });
  }
}

const points = k => `${k} point${k === 1 ? '' : 's'}`;
