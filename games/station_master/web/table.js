// Station Master's table: the Division west to east (both Division Points,
// every Mainline card and every Office with its trains and Small Yard), the
// timetable board, the Stage clock and the score, and your own Office's desk
// (your yard, your Home Office hand and the moves you may make). It decides
// nothing: every word about a card or a train comes from the view, and every
// move button is one of the snapshot's `legal` moves with the engine's own
// sentence. A pick (cars in your yard, a card in your hand) only narrows the
// list to the moves that take it.

import { Banners } from '../../room/banners.js';
import { FLY, GAP, still } from '../../room/motion.js';
import { el } from '../../room/net.js';
import { keepingFocus, patch } from '../../room/patch.js';

export const GAME = 'station-master';

const DONE_LAST = { done: 2, keep: 1 };

function sameList(a, b) {
  return Array.isArray(a) && a.length === b.length && a.every((x, i) => x === b[i]);
}

function cardName(id) {
  // The view names each card in the hand; elsewhere a card id is its name
  // without spaces and a copy number ("TrainOrder-0").
  return String(id).replace(/-\d+$/, '');
}

export class Table {
  constructor() {
    this.board = null;
    this.pick = null; // {cars: [ids], track} or {card}
    this.scrolledFor = null;
    this.seen = null; // {number, trains: Map(no → where it was, and its place on the strip)}
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
    this.seen = { number: snap.number, trains: this.trainsOnStrip() };
    this.cue(before);
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

  // -- motion: cues on the kit's queue; the table is already drawn -----------

  /** Each train drawn on the Division: where the view has it, and its box
   * on the strip (measured along the strip, so its scrolling doesn't count). */
  trainsOnStrip() {
    const out = new Map();
    const box = this.strip.getBoundingClientRect();
    const along = this.strip.scrollLeft;
    for (const t of this.snap.view.trains) {
      const node = this.strip.querySelector(`.sm-train[data-train="${t.no}"]`);
      if (!node) continue;
      const r = node.getBoundingClientRect();
      out.set(t.no, { where: `${t.status}:${t.place ?? ''}:${t.card ?? ''}`, x: r.left - box.left + along, y: r.top - box.top, w: r.width, h: r.height });
    }
    return out;
  }

  /** One cue for each change of the Division: every train that moved runs
   * from where it stood to where it is, together; a train new to the line
   * drops onto its track. */
  cue(before) {
    const cues = this.room.cues;
    if (!before || still()) { cues.finish(); return; }
    const box = this.strip.getBoundingClientRect();
    const along = this.strip.scrollLeft;
    const moved = [];
    const fresh = [];
    for (const [no, now] of this.seen.trains) {
      const was = before.get(no);
      const node = this.strip.querySelector(`.sm-train[data-train="${no}"]`);
      if (!was) fresh.push(node);
      else if (was.where !== now.where) {
        const left = was.x - along + box.left;
        const top = was.y + box.top;
        moved.push([node, { left, top, width: was.w, height: was.h, right: left + was.w, bottom: top + was.h }]);
      }
    }
    if (!moved.length && !fresh.length) return;
    cues.add(at => {
      for (const [node, from] of moved) cues.arrive(node, from, at, FLY + 160);
      for (const node of fresh) cues.drop(node, at);
      return FLY + 160 + GAP;
    });
  }

  build(board) {
    this.board = board;
    this.scrolledFor = null;
    this.parts = {
      head: el('div', { id: 'sm-head-slot' }),
      division: el('div', { id: 'sm-division-slot' }),
      desk: el('div', { id: 'sm-desk-slot' }),
      hand: el('div', { id: 'sm-hand-slot' }),
      moves: el('div', { id: 'sm-moves-slot' }),
      timetable: el('div', { id: 'sm-timetable-slot' }),
    };
    this.prompt = el('p', { class: 'sm-prompt', id: 'sm-prompt' });
    this.strip = el('section', { class: 'sm-strip', id: 'sm-strip', 'aria-label': 'The Division, west to east', tabindex: '0', 'data-scrolls': '' }, this.parts.division);
    this.dock = el('section', { class: 'sm-dock', id: 'sm-dock', 'aria-label': 'Your moves', 'data-your-move': '' }, this.prompt, this.parts.moves);
    this.deskBox = el('section', { class: 'sm-desk', id: 'sm-desk', 'aria-labelledby': 'sm-desk-title' },
      this.parts.desk,
      el('section', { class: 'sm-hand-box', id: 'sm-hand-box', 'aria-labelledby': 'sm-hand-title' },
        el('h3', { id: 'sm-hand-title', text: 'Your Home Office cards' }), this.parts.hand),
      this.dock);
    // (For the eyes only: the kit's live region reads the same sentence from the log.)
    this.banner = el('p', { class: 'sm-banner', id: 'sm-banner', hidden: true });
    this.root = el('div', { class: 'sm', id: 'sm' },
      this.parts.head, this.strip, this.banner,
      el('div', { class: 'sm-lower' }, this.deskBox,
        el('section', { class: 'sm-timetable', 'aria-labelledby': 'sm-timetable-title' },
          el('h3', { id: 'sm-timetable-title', text: 'The timetable' }), this.parts.timetable)));
    board.replaceChildren(this.root);
    this.status = document.getElementById('room-status');
    // A banner never lies over the status line, your hand or your moves.
    this.banners = new Banners(this.banner, { cues: this.room.cues, avoid: () => [this.status, this.parts.hand, this.parts.moves] });
  }

  // The room's status line lives in the dock, by your moves and your hand;
  // someone watching has no dock, so theirs stays above the Division.
  placeStatus(me) {
    const s = this.status;
    if (!s) return;
    if (me && s.parentNode !== this.dock) this.dock.insertBefore(s, this.prompt);
    if (!me && s.parentNode !== this.root) this.root.insertBefore(s, this.strip);
  }

  // -- what you picked ------------------------------------------------------

  mine() {
    const v = this.snap.view;
    return v.seat !== null && v.seat !== undefined ? v.offices[v.seat] : null;
  }

  keepPick() {
    const p = this.pick;
    const me = this.mine();
    if (!p || !me) { this.pick = me ? p : null; return; }
    if (p.cars) {
      const here = (me.yard[p.track] || []).map(c => c.id);
      p.cars = p.cars.filter(id => here.includes(id));
      if (!p.cars.length) this.pick = null;
    } else if (p.card && !(this.snap.view.hand || []).some(c => c.card === p.card)) {
      this.pick = null;
    }
  }

  pickCar(track, id) {
    const p = this.pick;
    if (p && p.cars && p.track === track) {
      p.cars = p.cars.includes(id) ? p.cars.filter(x => x !== id) : [...p.cars, id];
      if (!p.cars.length) this.pick = null;
    } else {
      this.pick = { track, cars: [id] };
    }
    this.paint();
  }

  pickCard(card) {
    this.pick = this.pick && this.pick.card === card ? null : { card };
    this.paint();
  }

  putDown() {
    if (!this.pick) return false;
    this.pick = null;
    this.paint();
    return true;
  }

  /** The moves offered now that fit what you picked: with cars picked, the
   * moves taking exactly those cars in that order; with a card picked, the
   * moves playing that card (an Extra at the Interchange is offered with the
   * first Extra in hand, the copies being alike); with nothing picked,
   * every move that needs no choice of cars. */
  offered() {
    const legal = (this.snap.legal || []).filter(m => m && m.action);
    const p = this.pick;
    let out;
    if (p && p.cars) out = legal.filter(m => sameList(m.action.cars, p.cars));
    else if (p && p.card) out = legal.filter(m => m.action.card === p.card || (m.action.type === 'extra' && m.action.at === 'interchange' && cardName(m.action.card) === cardName(p.card)));
    else out = legal.filter(m => !m.action.cars || m.action.at === 'interchange');
    return out.sort((a, b) => (DONE_LAST[a.action.type] || 0) - (DONE_LAST[b.action.type] || 0));
  }

  // An Extra card picked while an Extra may be made up at your Office: its
  // cars are the next pick.
  extraFromYard() {
    return cardName(this.pick.card) === 'Extra' && (this.snap.legal || []).some(m => m.action.type === 'extra' && m.action.at === 'office');
  }

  /** Where the table shows a move (the room kit marks a hint there): its
   * cars or its card to pick, and its button once they are picked. */
  hinted(action) {
    const same = JSON.stringify(action);
    const offer = (this.snap.legal || []).find(m => JSON.stringify(m.action) === same);
    const nodes = [...this.board.querySelectorAll('.sm-move')].filter(b => offer && b.textContent === offer.say);
    for (const id of action.cars || []) nodes.push(this.board.querySelector(`#sm-desk .sm-car[data-car="${id}"]`));
    if (action.card) nodes.push(this.board.querySelector(`.sm-ho[data-card="${action.card}"]`));
    return nodes;
  }

  send(action) {
    if (!this.room.move(action)) return;
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
    const byType = type => (this.snap.legal || []).find(m => m.action.type === type);
    const press = { d: 'draw', k: 'keep', e: 'done' }[k];
    if (press) {
      const m = byType(press);
      if (m) this.send(m.action);
      return !!m;
    }
    if (/^[1-9]$/.test(e.key)) {
      const card = (this.snap.view.hand || [])[Number(e.key) - 1];
      if (card) this.pickCard(card.card);
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
    this.root.dataset.seq = String(v.seq);
    this.root.dataset.phase = v.phase;
    this.root.dataset.myTurn = String(myTurn);
    this.root.dataset.turn = v.turn === null || v.turn === undefined ? '' : String(v.turn);
    this.root.dataset.pick = this.pick ? (this.pick.cars ? 'cars' : 'card') : '';
    const targets = this.targets();
    keepingFocus(this.root, () => {
      this.swap('head', this.head(v));
      this.swap('division', this.division(v, targets));
      this.swap('timetable', this.timetable(v));
      const me = this.mine();
      this.placeStatus(me);
      this.deskBox.hidden = !me;
      if (me) {
        this.swap('desk', this.desk(v, me));
        this.swap('hand', this.hand(v));
        this.swap('moves', this.moves(v, myTurn));
      }
    });
    this.prompt.textContent = this.promptText(v, myTurn);
    this.keepMyOfficeInView(v);
  }

  swap(part, fresh) {
    const slot = this.parts[part];
    if (slot.firstChild) patch(slot.firstChild, fresh);
    else slot.append(fresh);
  }

  // Where a picked card may go, on the board itself: the Mainline cards it
  // may be laid on, the trains it may be given to, the Offices it may be
  // played on (each a legal move).
  targets() {
    const out = { cards: new Map(), trains: new Map(), offices: new Map() };
    if (!this.pick || !this.pick.card) return out;
    for (const m of this.offered()) {
      const a = m.action;
      if (a.type === 'lay') out.cards.set(a.on, m);
      else if (a.type === 'play' && a.train !== undefined) out.trains.set(a.train, m);
      else if (a.type === 'play' && a.office !== undefined) out.offices.set(a.office, m);
    }
    return out;
  }

  seatName(s) {
    const seat = this.snap.seats[s];
    return seat ? seat.name : '';
  }

  head(v) {
    const sup = v.superintendent;
    const score = v.score || {};
    const preset = (this.room.schema.find(r => r.presets) || { labels: {} }).labels[v.rules.preset] || v.rules.preset;
    const parts = [
      el('p', { class: 'sm-clock', id: 'sm-clock' }, el('strong', { text: v.clock }), ` · ${v.part} · ${preset}`),
      el('p', { class: 'sm-super', id: 'sm-superintendent' }, 'Superintendent: ',
        el('strong', { text: `${sup.office} (${this.seatName(sup.seat)})` })),
    ];
    if (score.together) {
      parts.push(el('div', { class: 'sm-goal', id: 'sm-goal' },
        el('p', {}, el('strong', { text: score.line }), ' ',
          el('progress', { max: String(score.goal), value: String(Math.min(score.table, score.goal)), 'aria-label': `Points toward the goal: ${score.table} of ${score.goal}` })),
        el('p', { class: 'muted', text: score.earned })));
    } else if (score.offices) {
      // Each Office's points, best first; what earned them is on the result sheet.
      parts.push(el('div', { class: 'sm-scores', id: 'sm-scores' },
        el('p', {}, el('strong', { text: score.line })),
        el('ol', { 'aria-label': 'Points, best first' }, score.offices.map(r => el('li', { 'data-key': `score-${r.seat}` },
          `${r.office} (${this.seatName(r.seat)}) `, el('strong', { text: points(r.points) }))))));
    }
    parts.push(el('p', { class: 'sm-piles muted', id: 'sm-piles', text: `Home Office deck ${v.deck} · discards ${v.discard} · waybills ${v.waybills} · loads gone by truck ${v.lost}` }));
    return el('header', { class: 'sm-head', id: 'sm-head' }, parts);
  }

  division(v, targets) {
    const items = [];
    const n = v.n;
    for (let p = 0; p <= n + 1; p++) {
      if (p === 0 || p === n + 1) items.push(this.point(v, p));
      else items.push(this.office(v, v.offices[p - 1], targets));
      if (p <= n) items.push(this.mainline(v, v.cards[p], targets));
    }
    return el('ol', { class: 'sm-line', id: 'sm-line' }, items);
  }

  standing(v, place) {
    return v.trains.filter(t => t.status === 'standing' && t.place === place);
  }

  point(v, place) {
    return el('li', { class: 'sm-point', 'data-key': `place-${place}`, 'data-place': String(place) },
      el('h4', { text: v.places[place].name }),
      el('p', { class: 'muted', text: 'The end of the Division' }),
      this.trainList(v, this.standing(v, place), new Map()));
  }

  mainline(v, card, targets) {
    const lay = targets.cards.get(card.index);
    const arrow = card.up ? `${card.up === 'east' ? '↗' : '↖'} ${card.uphill}` : null;
    const here = v.trains.filter(t => (t.status === 'running' && t.card === card.index));
    const yard = v.interchange && v.interchange.card === card.index
      ? el('div', { class: 'sm-interchange', 'data-key': 'interchange' },
        el('p', { class: 'sm-track-name', text: `Interchange yard (${v.interchange.cars.length} of ${v.interchange.room})` }),
        this.carList(v, v.interchange.cars),
        this.trainList(v, v.trains.filter(t => t.status === 'yard'), targets.trains))
      : null;
    return el('li', {
      class: `sm-card${card.twoTracks ? ' two' : ''}${lay ? ' target' : ''}`, 'data-key': `card-${card.index}`, 'data-card': String(card.index),
    },
    el('h4', { text: card.name }),
    el('p', { class: 'sm-speed', text: `${card.speed} · ${card.crossing}` }),
    el('p', { class: 'sm-does', text: card.does }),
    arrow ? el('p', { class: 'sm-uphill', text: arrow }) : null,
    card.realigned ? el('p', { class: 'sm-realigned', text: card.realigned }) : null,
    card.modWords.length ? el('ul', { class: 'sm-mods' }, card.modWords.map(w => el('li', { text: w }))) : null,
    this.trainList(v, here, targets.trains),
    yard,
    lay ? el('button', { type: 'button', class: 'primary sm-target', 'data-move': 'lay', text: `Lay it here`, 'aria-label': lay.say, onclick: () => this.send(lay.action) }) : null);
  }

  office(v, o, targets) {
    const seat = this.snap.seats[o.seat] || {};
    const tags = [seat.you ? 'you' : null, seat.kind === 'bot' ? 'bot' : null, seat.covered ? 'covered by a bot' : null,
      v.superintendent.seat === o.seat ? 'Superintendent' : null].filter(Boolean);
    const tie = targets.offices.get(o.seat);
    const mine = v.seat === o.seat;
    return el('li', {
      class: `sm-office${mine ? ' mine' : ''}${v.turn === o.seat ? ' working' : ''}${seat.kind === 'bot' ? ' bot' : ''}${seat.covered ? ' covered' : ''}`,
      'data-key': `office-${o.seat}`, 'data-seat': String(o.seat),
    },
    el('h4', { text: o.name }),
    el('p', { class: 'sm-who' }, el('span', { text: seat.name || '' }), tags.length ? el('span', { class: 'sm-tags', text: ` · ${tags.join(' · ')}` }) : null),
    v.scoring === 'each' ? el('p', { class: 'sm-points', text: points(o.points) }) : null,
    el('p', { class: 'sm-held-cards', text: `${o.hand} Home Office card${o.hand === 1 ? '' : 's'}${o.tieups ? ` · tied up: ${o.tieups} move${o.tieups === 1 ? '' : 's'} fewer next turn` : ''}` }),
    el('div', { class: 'sm-main' }, el('p', { class: 'sm-track-name', text: 'Main track and room for waiting trains' }),
      this.trainList(v, this.standing(v, o.place), targets.trains)),
    el('div', { class: 'sm-yard' }, ['house', 'west', 'east'].map(k => el('div', { class: 'sm-track', 'data-key': `yard-${o.seat}-${k}` },
      el('p', { class: 'sm-track-name', text: `${TRACK_NAMES[k]} (${o.yard[k].length} of ${o.yard[k].length + o.room[k]})` }),
      this.carList(v, o.yard[k])))),
    tie ? el('button', { type: 'button', class: 'primary sm-target', 'data-move': 'play', text: 'Tie up this Office', 'aria-label': tie.say, onclick: () => this.send(tie.action) }) : null);
  }

  trainList(v, trains, targetTrains) {
    if (!trains.length) return el('ul', { class: 'sm-trains empty' });
    return el('ul', { class: 'sm-trains' }, trains.map(t => this.train(v, t, targetTrains.get(t.no))));
  }

  train(v, t, target) {
    const whose = t.ownerOffice ? ` · ${t.ownerOffice}’s` : '';
    const cls = `sm-train ${t.dir}${t.kind === 'extra' ? ' extra' : ''}${t.late ? ' late' : ''}${t.held === v.stage ? ' held' : ''}`;
    return el('li', { class: cls, 'data-key': `train-${t.no}`, 'data-train': String(t.no) },
      el('p', { class: 'sm-train-name' }, el('strong', { text: `${t.name}` }), ` ${t.dir === 'west' ? '◀' : '▶'} ${t.way}${whose}`),
      el('p', { class: 'sm-train-facts', text: `${t.sort} · ${t.consist} · ${t.condition}${t.status === 'running' ? ` · ${t.where}` : ''}` }),
      t.cars.length ? this.carList(v, t.cars) : null,
      target ? el('button', { type: 'button', class: 'primary sm-target', 'data-move': 'play', text: 'Give it this card', 'aria-label': target.say, onclick: () => this.send(target.action) }) : null);
  }

  carList(v, cars) {
    return el('ul', { class: 'sm-cars' }, cars.map(c => el('li', { 'data-key': `car-${c.id}`, class: 'sm-car', text: carText(v, c) })));
  }

  desk(v, me) {
    const picked = this.pick && this.pick.cars ? this.pick : null;
    const tracks = ['house', 'west', 'east'].map(k => el('div', { class: 'sm-track', 'data-key': `desk-${k}` },
      el('p', { class: 'sm-track-name', text: `${TRACK_NAMES[k]} (${me.yard[k].length} of ${me.yard[k].length + me.room[k]})` }),
      el('div', { class: 'sm-cars pickable' }, me.yard[k].map(c => {
        const at = picked && picked.track === k ? picked.cars.indexOf(c.id) : -1;
        return el('button', {
          type: 'button', class: `sm-car${at >= 0 ? ' picked' : ''}`, 'data-key': `pick-${c.id}`, 'data-car': c.id, 'data-track': k,
          'aria-pressed': String(at >= 0), text: at >= 0 ? `${at + 1}. ${carText(v, c)}` : carText(v, c),
          onclick: () => this.pickCar(k, c.id),
        });
      }), me.yard[k].length ? null : el('span', { class: 'muted', text: 'empty' }))));
    return el('div', { class: 'sm-desk-body', id: 'sm-desk-body' },
      el('h2', { id: 'sm-desk-title', text: `Your Office: ${me.name}` }),
      el('p', { class: 'muted', text: 'Pick cars in the order you want them, then a move below.' }),
      el('div', { class: 'sm-yard mine' }, tracks));
  }

  hand(v) {
    const cards = v.hand || [];
    if (!cards.length) return el('p', { class: 'muted', id: 'sm-hand', text: 'No cards in your hand.' });
    return el('div', { class: 'sm-hand', id: 'sm-hand' }, cards.map((c, i) => {
      const on = !!this.pick && this.pick.card === c.card;
      const fresh = v.justDrawn === c.card;
      return el('button', {
        type: 'button', class: `sm-ho${on ? ' picked' : ''}${c.track ? ' track' : ''}${fresh ? ' fresh' : ''}`, 'data-key': `ho-${c.card}`,
        'data-card': c.card, 'aria-pressed': String(on), onclick: () => this.pickCard(c.card),
      },
      el('span', { class: 'sm-ho-key', 'aria-hidden': 'true', text: String(i + 1) }),
      el('strong', { text: c.name }),
      fresh ? el('span', { class: 'sm-badge just-drawn', id: 'sm-just-drawn', text: 'Just drawn' }) : null,
      el('span', { class: 'sm-ho-text', text: c.text }));
    }));
  }

  moves(v, myTurn) {
    const busy = this.room.busy;
    const list = myTurn ? this.offered() : [];
    const buttons = list.map((m, i) => el('button', {
      type: 'button', class: `sm-move${m.action.type === 'done' ? ' quiet' : ''}`, 'data-key': `move-${i}-${m.say}`, 'data-move': m.action.type,
      disabled: busy, text: m.say, onclick: () => this.send(m.action),
    }));
    if (this.pick) buttons.push(el('button', { type: 'button', class: 'quiet', id: 'sm-put-down', 'data-key': 'put-down', text: 'Put it back', onclick: () => this.putDown() }));
    return el('div', { class: 'sm-moves', id: 'sm-moves' }, buttons);
  }

  promptText(v, myTurn) {
    if (this.snap.status !== 'playing') return v.phase === 'over' ? 'The day is over.' : '';
    if (!myTurn) {
      if (v.turn === null || v.turn === undefined) return '';
      return `${v.offices[v.turn].name} (${this.seatName(v.turn)}) is at work.`;
    }
    if (this.pick && this.pick.card && this.extraFromYard()) return 'Now pick the cars for your Extra on your west or east track, in the order you want them.';
    if (this.pick && !this.offered().length) return 'No move takes that pick: pick again, or put it back.';
    if (v.phase === 'lay') return 'Your Draw option: lay a track card, scrap a card or keep your hand.';
    const left = `${v.movesLeft} move${v.movesLeft === 1 ? '' : 's'} left`;
    return this.pick ? `Your turn, ${left}: choose a move for your pick.` : `Your turn, ${left}.`;
  }

  timetable(v) {
    const places = v.places;
    const rows = v.trains.filter(t => t.due).map(t => el('tr', {
      'data-key': `tt-${t.no}`, 'data-train': String(t.no), class: `${t.comingDue ? 'coming-due' : ''}${t.status === 'gone' ? ' gone' : ''}`,
    },
    el('th', { scope: 'row', text: t.name }),
    el('td', { text: `${t.way} · ${t.sort}` }),
    places.map(p => el('td', { class: `${t.due[p.place] === v.stage && t.status !== 'gone' ? 'now' : ''}${p.seat === v.seat && v.seat !== null ? ' mine' : ''}`, text: t.due[p.place] === null ? '' : String(t.due[p.place]) })),
    el('td', { class: 'sm-now', text: t.comingDue ? `${t.condition} · due this Stage` : t.condition })));
    return el('div', { class: 'sm-tt-box', id: 'sm-tt' },
      el('p', { class: 'muted sm-tt-note', text: 'The Stage each train is due at each place, west to east; a train due this Stage flashes.' }),
      el('div', { class: 'sm-tt-scroll', 'data-scrolls': '', tabindex: '0', role: 'region', 'aria-label': 'The timetable, scrolling sideways' }, el('table', { class: 'sm-tt', 'aria-label': 'The timetable' },
      el('thead', {}, el('tr', {}, el('th', { scope: 'col', text: 'Train' }), el('th', { scope: 'col', text: 'Runs' }),
        places.map(p => el('th', { scope: 'col', class: p.seat === v.seat && v.seat !== null ? 'mine' : '', text: p.name })),
        el('th', { scope: 'col', text: 'Now' }))),
      el('tbody', {}, rows))));
  }

  // Your Office stays in view on the Division: the strip scrolls along to
  // it when the table opens and again when your turn comes; in between,
  // you may scroll it to look along the line.
  keepMyOfficeInView(v) {
    const when = `${this.snap.number}:${v.turn === v.seat ? v.stage : 'open'}`;
    if (this.scrolledFor === when || (this.scrolledFor && v.turn !== v.seat)) return;
    const mine = this.strip.querySelector('.sm-office.mine');
    if (!mine) return;
    this.scrolledFor = when;
    const left = mine.offsetLeft - (this.strip.clientWidth - mine.offsetWidth) / 2;
    this.strip.scrollLeft = Math.max(0, left);
  }
}

const points = k => `${k} point${k === 1 ? '' : 's'}`;

const TRACK_NAMES = { house: 'House track', west: 'West track', east: 'East track' };

function carText(v, c) {
  return `car ${String(c.id).replace(/^wb/, '')} → ${v.places[c.to].name}`;
}
