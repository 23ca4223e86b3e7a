// Watching a finished game again. The server rebuilds every step from the
// game's seed and moves, as the side watched from saw it then (a watcher's
// view for anyone who didn't play); this page only fetches a step and hands
// it to the game's own table to draw, as it would a live snapshot. First,
// Back, Forward, Last, the scrubber and the arrow keys (Home and End too)
// move between steps; the step's log lines sit beside the table. The people
// who played choose the side (any seat's, or every hand face up, listed
// beside the table), download the game's record and find the link to share;
// the sides each may choose are the server's (the page's replay-watching).

import { face } from '../cards/faces.js';
import { Announcer, keepRefusals } from './announce.js';
import { JUMPED } from './banners.js';
import { Cues, markMotion } from './motion.js';
import { el } from './net.js';

const NOT_HERE = 'This is a replay: nothing can be played here. Use First, Back, Forward and Last, or the arrow keys.';

/** `describe` and `inNames` are the room's own, handed over (this module
 * is fetched only for a replay, by the room). */
export function watch(cfg, root, describe, inNames) {
  const api = root.dataset.replay;
  const last = Number(root.dataset.steps) || 0;
  const watching = JSON.parse(document.getElementById('replay-watching')?.textContent || '{}');
  const sides = watching.sides || [];
  let side = root.dataset.side;
  const steps = new Map(); // "side:step" -> the server's answer
  const key = step => `${side}:${step}`;
  let wanted = 0;
  let shown = null;
  let asking = false;
  markMotion();
  const announcer = new Announcer();
  const room = {
    // The table draws the step as that seat saw it, its moves too; none
    // can be made here, and a press says so.
    cfg, code: null, snap: null, busy: false, replay: true, fresh: [],
    // The game's settings as the server describes them, as at the table.
    schema: JSON.parse(document.getElementById('options-schema')?.textContent || '[]'),
    move() { say(NOT_HERE); return false; },
    act() { say(NOT_HERE); },
    say,
    // The kit's live region reads each step; a replay makes no sounds.
    announce: (text, again = false) => announcer.say(text, again),
    announcer,
    sound() {},
    redraw() { if (room.snap) paint(null); },
    // A step's words say "you" only where the server's step has a seat
    // of its own (yours, watched alone on your device); else they name everyone.
    inWords: snap => (snap.seat === null ? inNames(snap) : snap),
  };
  keepRefusals(room);

  const board = el('div', { class: 'board', id: 'board', 'aria-busy': 'false' });
  const plates = el('ol', { class: 'plates', id: 'plates', 'aria-label': 'Players' });
  // (Not live regions: the kit's one live region, #announce, reads each step.)
  const status = el('p', { id: 'room-status', class: 'status' });
  const lines = el('ol', { class: 'log replay-lines', id: 'replay-lines' });
  const where = el('p', { class: 'replay-where', id: 'replay-where' });
  const layer = el('div', { class: 'cue-layer', 'aria-hidden': 'true' });
  room.cues = new Cues(layer, board);
  const scrub = el('input', {
    type: 'range', id: 'replay-scrub', min: '0', max: String(last), step: '1', value: '0',
    'aria-label': 'Step of the game', oninput: e => go(Number(e.target.value)),
  });
  const button = (id, text, label, to) => el('button', { type: 'button', class: 'quiet', id, text, 'aria-label': label, onclick: () => go(to()) });
  const controls = el('div', { class: 'replay-controls', id: 'replay-controls', role: 'group', 'aria-label': 'Replay controls' },
    button('replay-first', 'First', 'First step', () => 0),
    button('replay-back', 'Back', 'Back one step', () => wanted - 1),
    scrub,
    button('replay-forward', 'Forward', 'Forward one step', () => wanted + 1),
    button('replay-last', 'Last', 'Last step', () => last));
  const bar = el('header', { class: 'bar' },
    el('a', { href: '/', class: 'home', 'aria-label': 'Parlor: all games', text: 'Parlor' }),
    el('h1', { class: 'bar-title', text: root.dataset.title }),
    el('span', { class: 'bar-preset', text: 'Replay' }),
    el('span', { class: 'bar-round', id: 'bar-round' }));
  const saying = el('span', { id: 'replay-side-note' });
  const note = el('p', { class: 'watching-note', id: 'replay-side' }, saying, ' ',
    el('a', { href: root.dataset.back, id: 'replay-result', text: 'The result' }));
  // Beside the table, a game's own word on the step (Euchre's hand sheet at a hand's end).
  const beside = el('div', { class: 'replay-beside', id: 'replay-beside' });
  room.beside = beside;
  const hands = el('ol', { class: 'replay-hands', id: 'replay-hands', 'aria-label': 'Every hand' });
  const handsBox = el('section', { class: 'replay-hands-box', hidden: true }, el('h2', { text: 'Every hand' }), hands);
  root.replaceChildren(bar, note, choosing(), status,
    controls, where,
    el('div', { class: 'table-area' }, el('div', { class: 'play' }, plates, board),
      el('aside', { class: 'drawer', 'aria-label': 'This step' }, beside, handsBox, el('h2', { text: 'This step' }), lines)),
    sharing(), layer);
  explain();

  // Watch from (the people who played: any seat, every hand, a watcher's
  // view; on a device passed round, each of its people their own seat) and
  // the record to download.
  function choosing() {
    const row = el('div', { class: 'replay-choose', id: 'replay-choose' });
    if (sides.length > 1) {
      const pick = el('select', { id: 'replay-side-pick', onchange: e => watchFrom(e.target.value) },
        ...sides.map(s => el('option', { value: s.value, text: s.label, selected: s.value === side })));
      row.append(el('label', { for: 'replay-side-pick', text: 'Watch from' }), pick);
    }
    if (watching.record) {
      row.append(el('a', { href: watching.record, id: 'replay-record', class: 'replay-record', download: '', text: 'Download the game’s record' }));
    }
    if (watching.several) {
      row.append(el('p', { class: 'muted replay-several', text: 'Several of you played on this device: each can watch from their own side.' }));
    }
    return row;
  }

  // The replay's own link to pass on: whoever follows it watches as a
  // watcher at the table would.
  function sharing() {
    if (!watching.share) return null;
    const link = el('input', { type: 'text', id: 'replay-share-link', class: 'share-link', value: watching.share, readonly: true,
      onfocus: e => e.target.select() });
    const copy = el('button', { type: 'button', class: 'quiet', id: 'replay-share-copy', text: 'Copy the link',
      onclick: async () => {
        try { await navigator.clipboard.writeText(watching.share); say('Link copied: send it to whoever you like.'); } catch { link.focus(); say('Copy the selected link by hand.'); }
      } });
    return el('section', { class: 'replay-share', id: 'replay-share', 'aria-labelledby': 'replay-share-title' },
      el('h2', { id: 'replay-share-title', text: 'Share this replay' }),
      el('label', { for: 'replay-share-link', text: 'Anyone with this link can watch the game again as a watcher at the table saw it: nobody’s hidden cards.' }),
      el('div', { class: 'replay-share-row' }, link, copy));
  }

  function explain() {
    saying.textContent = (sides.find(s => s.value === side) || sides[0] || {}).note || '';
  }

  // Another side: the address says it (so the link keeps it), and the step
  // shown is asked for again as that side saw it.
  function watchFrom(value) {
    side = value;
    const address = new URL(location.href);
    address.searchParams.set('side', side);
    history.replaceState(null, '', address);
    explain();
    shown = null;
    fetchWanted();
  }

  // The arrow keys step, unless a field (the scrubber has its own arrows)
  // or a dialog has them, or the browser's own keys are held.
  document.addEventListener('keydown', e => {
    if (e.ctrlKey || e.metaKey || e.altKey || document.querySelector('dialog[open]')) return;
    if (e.target && e.target.closest && e.target.closest('input, select, textarea, [contenteditable]')) return;
    const to = { ArrowLeft: wanted - 1, ArrowRight: wanted + 1, Home: 0, End: last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  });

  function say(text, isError = false) {
    status.textContent = text;
    status.classList.toggle('error', isError);
    if (text) room.announce(text, true);
  }

  function go(step) {
    wanted = Math.max(0, Math.min(last, step));
    scrub.value = String(wanted);
    fetchWanted();
  }

  // One question at a time; a step asked for meanwhile is fetched next.
  async function fetchWanted() {
    if (steps.has(key(wanted))) { show(wanted); return; }
    if (asking) return;
    asking = true;
    board.setAttribute('aria-busy', 'true');
    const asked = key(wanted);
    const query = new URLSearchParams({ step: String(wanted), side });
    try {
      const res = await fetch(`${api}?${query}`, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
      const data = await res.json().catch(() => ({ error: 'The server sent something unreadable; try again.' }));
      if (!res.ok) throw new Error(data.error || 'That step didn’t load; try again.');
      steps.set(asked, data);
    } catch (err) {
      say(err.message, true);
    } finally {
      asking = false;
      board.setAttribute('aria-busy', 'false');
    }
    if (steps.has(key(wanted))) show(wanted);
    else if (key(wanted) !== asked) fetchWanted();
  }

  function show(step) {
    if (shown === key(step)) return;
    // One step forward moves as it did at the table; any other jump (or another side) lands at once.
    const was = shown === key(step - 1) ? room.snap : null;
    if (!was) {
      room.cues.finish();
      document.dispatchEvent(new Event(JUMPED));
    }
    shown = key(step);
    room.snap = drawn(steps.get(key(step)));
    say('');
    paint(was);
  }

  // A step from another's side (the server says so: ``named``) reaches the
  // table with no seat of its own, as a table's words follow the
  // snapshot's seat: it names the seat watched, whose view it still draws.
  function drawn(snap) {
    return snap.named ? { ...snap, seat: null, seats: snap.seats.map(s => ({ ...s, you: false })) } : snap;
  }

  // Face up, each seat's hand as that step left it, by the card kit (a
  // game's own kind of card, by its name).
  function drawHands(snap) {
    handsBox.hidden = !snap.hands;
    hands.replaceChildren(...(snap.hands || []).map(h => el('li', { 'data-seat': h.seat },
      el('span', { class: 'plate-name', text: h.name }),
      el('span', { class: 'hand-row replay-hand', role: 'group', 'aria-label': `${h.name}’s hand` },
        ...(h.cards.length ? h.cards.map(c => (typeof c === 'string'
          ? face(c, { small: true })
          : el('span', { class: 'replay-card', 'data-card': c.card, title: c.text || '', text: c.name })))
          : [el('span', { class: 'muted', text: 'no cards' })])))));
  }

  function paint(was) {
    const snap = room.snap;
    // (Another's side is theirs, not yours: only your own seat says "you".)
    plates.replaceChildren(...snap.seats.map(s => el('li', { class: `plate${s.deciding ? ' deciding' : ''}${s.you ? ' me' : ''}${s.index === snap.side ? ' watched' : ''}`, 'data-seat': s.index },
      el('span', { class: 'plate-name', text: s.name }),
      s.kind === 'bot' ? el('span', { class: 'tags', text: 'bot' }) : null,
      s.deciding ? el('span', { class: 'turn-mark', text: 'to play' }) : null)));
    board.dataset.step = String(snap.step);
    board.dataset.seq = String(snap.seq);
    board.dataset.status = snap.status;
    // A step forward is news to the table, as its move was at the table; a jump is not.
    room.fresh = was ? snap.fresh : [];
    cfg.play.draw(board, snap, room, was);
    drawHands(snap);
    document.getElementById('bar-round').textContent = (cfg.progress && cfg.progress(snap)) || '';
    where.textContent = snap.step === 0
      ? `The start · step 0 of ${snap.steps}`
      : `Step ${snap.step} of ${snap.steps}: ${snap.mover}’s move${snap.step === snap.steps ? ', the last' : ''}`;
    const spoken = room.inWords(snap);
    const said = snap.fresh.map(e => describe(cfg, e, spoken)).filter(Boolean);
    lines.replaceChildren(...said.map(text => el('li', { text })));
    announcer.next();
    room.announce([where.textContent, ...said].join(' '));
    for (const [id, off] of [['replay-first', snap.step === 0], ['replay-back', snap.step === 0],
      ['replay-forward', snap.step === snap.steps], ['replay-last', snap.step === snap.steps]]) {
      document.getElementById(id).disabled = off;
    }
  }

  go(0);
  return room;
}
