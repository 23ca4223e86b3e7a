// The room kit: the waiting room and the table shell around a game. A game's
// app.js calls start(cfg) with its title, rules and a play object whose
// draw(board, snap, room) paints the game from the server's view. The room
// decides nothing: every button sends an action, and whatever the server
// answers is drawn. It owns the plumbing every table shares: the one send
// path for moves (room.move), the one keyboard guard (play.keys), and the
// waiting room's settings, drawn from the game's options_schema; and the
// table's moving parts: the cue queue (room.cues, motion.js), banners
// (banners.js), Your move prompts (yourmove.js), announcements for screen
// readers (room.announce, announce.js), sounds (room.sound, sounds.js),
// hints (room.hints, hints.js), and your move told to a tab out of sight
// (room.away, away.js).

import { Announcer, keepRefusals } from './announce.js';
import { Away, notifyOption } from './away.js';
import { Cues, REDUCE_KEY, markMotion, reduced } from './motion.js';
import { api, connect, cookie, el, savedName, saveName, write } from './net.js';
import { keepingFocus, patch } from './patch.js';
import { firstVisit, markRead } from './howto.js';
import { HINTS_KEY, HINTS_WARNING, Hints, hintsOn, hintsSetting } from './hints.js';
import { handoff, justStarted, news, presetName, putAway, gather } from './opening.js';
import { fitOffer, settingsList } from './settings.js';
import { LOUDEST, SOUNDS_KEY, play as playSound, soundsOn } from './sounds.js';
import { YourMove } from './yourmove.js';
import { Talk, talkOption, talkSetting } from './talk.js';
import { heard, keepTime, leftNote, paceSetting } from './pace.js';

const LEVEL_NAMES = { easy: 'Easy', medium: 'Medium', hard: 'Hard' };
// How long a move waits for the table's answer before you may try again.
const ANSWER_WITHIN = 8000;
const NO_ANSWER = 'The table hasn’t answered that move yet: check your connection, then try again.';

export function start(cfg) {
  const root = document.getElementById('room');
  // A finished game's replay page: the same table, fed the replayed steps.
  // (Fetched only there: a live table has no use for it.)
  if (root.dataset.replay) return import('./replay.js').then(replay => replay.watch(cfg, root, describe, inNames));
  const code = root.dataset.code;
  const params = new URLSearchParams(location.search);
  let wantsSeat = params.get('join') === '1';
  let sent = null; // the move on its way: {number, seq, timer}
  const announcer = new Announcer();
  markMotion();
  const room = {
    cfg, code, snap: null, busy: false,
    cues: null, // the table's cue queue (motion.js), made with the table
    announce: (text, again = false) => announcer.say(text, again),
    announcer,
    sound: name => playSound(name),
    // The game's settings, as the server describes them (games/<slug>'s
    // options_schema, carried by the page): the waiting room draws these.
    schema: JSON.parse(document.getElementById('options-schema')?.textContent || '[]'),
    move, act(name, body = {}) {
      if (name === 'join') { sitDown(body); return; }
      socket.send({ type: 'act', do: name, ...body });
    },
    say,
    // A plate's note of the time its player has left at a table over days (pace.js).
    leftNote: seat => leftNote(room.snap, seat),
  };
  let shell = null;
  keepRefusals(room);
  keepTime(room);
  room.hints = new Hints(room, frame => socket.send(frame));
  room.talk = new Talk(room, frame => socket.send(frame));
  room.away = new Away(room);

  const socket = connect(code, message => {
    if (message.type === 'hint') { room.hints.heard(message); return; }
    if (message.type === 'talk') { room.talk.heard(message); return; }
    if (message.type === 'error' && message.for === 'talk') { room.talk.refused(message.message); return; }
    if (message.type === 'error' && message.for === 'hint') { room.hints.refused(message.message, message.status); return; }
    // (A refresh asked too often is sent all the same, in a moment: nothing to say.)
    if (message.type === 'error' && message.for === 'refresh') return;
    if (message.type === 'error') {
      // (A frame the table couldn't read at all, for null, may have been the move.)
      if ((message.for === 'move' || message.for === null) && sent) settle(message.message);
      else say(message.message, true);
      return;
    }
    if (message.type !== 'snapshot') return;
    const was = room.snap;
    room.snap = message;
    heard();
    if (sent && (message.number !== sent.number || message.seq !== sent.seq)) settle();
    if (wantsSeat && message.seat === null && message.status === 'lobby' && savedName()) {
      wantsSeat = false;
      room.act('join', { name: savedName() });
    }
    draw(was);
    // A sentence for this page alone with the change (someone left, or the
    // host took you off the table): the waiting room's status line (read
    // out by itself), or the table's news under the bar.
    if (message.notice) {
      if (message.status === 'lobby') say(message.notice);
      else news(room, message.notice);
    }
  }, status => {
    document.body.classList.toggle('offline', status !== 'open');
    // (A hint asked on a socket that closed is asked again on the new one.)
    if (status === 'open') room.hints.reconnected();
  });

  /** Take a seat over HTTP, the one way that gives a browser its session
   * (its seat's token), then connect again so the socket plays for it. */
  async function sitDown(body) {
    try {
      await api(`tables/${code}/join`, body);
      socket.renew();
    } catch (err) {
      say(err.message, true);
    }
  }

  /** Send a move made against the snapshot on screen. One at a time: while
   * a move is on its way the table is busy (room.busy) and another is not
   * sent (false). It lets go the moment the table answers: a new snapshot,
   * or a refusal (its sentence goes on the status line and to the game's
   * play.refused), or, when no answer comes in time, with a sentence
   * saying so. */
  function move(action) {
    if (sent || !room.snap) return false;
    const snap = room.snap;
    sent = { number: snap.number, seq: snap.seq, timer: setTimeout(() => settle(NO_ANSWER), ANSWER_WITHIN) };
    busy(true);
    // A move of yours lands whatever is still moving, and its prompt is done with.
    if (room.cues) room.cues.finish();
    if (room.yourMove) room.yourMove.seen();
    putAway();
    // (The seat it is for: on a device people pass round, the one holding it.)
    socket.send({ type: 'move', seq: snap.seq, seat: snap.seat, action });
    return true;
  }

  function settle(sentence) {
    clearTimeout(sent.timer);
    sent = null;
    busy(false);
    if (sentence === undefined) {
      // A refusal's sentence stays until the next move goes through.
      if (document.getElementById('room-status')?.classList.contains('error')) say('');
      return;
    }
    say(sentence, true);
    room.refuse(sentence, true);
  }

  function busy(on) {
    room.busy = on;
    document.getElementById('board')?.setAttribute('aria-busy', String(on));
  }

  // The one keyboard guard: the game's play.keys(e) hears a key press only
  // when it is meant for the table, and returns true when it used it.
  document.addEventListener('keydown', e => {
    if (!shell || !cfg.play.keys || !forTheTable(e)) return;
    if (cfg.play.keys(e)) e.preventDefault();
  });

  // A signed-in host may save a table's settings as their house rules
  // (their new tables start from them): ask once whether we're signed in.
  room.houseRules = null;
  fetch(`/accounts/house-rules/${encodeURIComponent(cfg.game || root.dataset.game)}`, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
    .then(r => (r.ok ? r.json() : null))
    .then(h => { room.houseRules = h; if (room.snap && room.snap.status === 'lobby') draw(null); })
    .catch(() => {});
  room.redraw = () => { if (room.snap) draw(null); };

  function say(text, isError = false) {
    if (isError) announcer.say(text, true);
    write(document.getElementById('room-status'), text, isError);
  }

  // A tab nobody is looking at plays no motion: what is moving lands, and
  // what happens meanwhile is simply there on return. Seen again, it is
  // sent the table as it stands (a phone may have let its socket go).
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden) socket.wake();
    else if (room.cues) room.cues.finish();
  });

  function draw(was) {
    const snap = room.snap;
    if (snap.status === 'lobby') {
      shell = null;
      // In place: a guest's half-typed name and the host's focus survive
      // every change someone else makes (patch.js).
      // A sentence from before you sat down (or left) has had its answer.
      if (was && was.seat !== snap.seat) say('');
      const fresh = waitingRoom(room);
      const now = root.querySelector(':scope > section.waiting');
      if (now && root.childElementCount === 1) keepingFocus(root, () => patch(now, fresh));
      else root.replaceChildren(fresh);
      room.away.update(was, '');
      return;
    }
    if (room.waitingRules) room.waitingRules.close();
    // A device passed to another of its people gets a table of its own
    // drawing: nothing drawn for the last person's seat stays in the page.
    const passed = was && was.seat !== snap.seat;
    if (!shell || passed || (was && was.number !== snap.number)) shell = tableShell(room);
    // The start is told first, then what the bots did before this page heard of it.
    if (justStarted(was, snap)) handoff(room);
    shell.update(passed ? null : was);
    gather();
    room.away.update(was, othersLast(room));
    room.away.offer();
  }
  return room;
}

/** Leave the table: your seat goes (the waiting room) or a bot plays it
 * from now on (a game), and everyone still there is told. The page goes
 * back to the lobby once the table has it; a refusal is said, and false. */
async function leaveTable(room) {
  try {
    await api(`tables/${room.code}/leave`, {});
  } catch (err) {
    room.say(err.message, true);
    return false;
  }
  location.href = '/';
  return true;
}

/** Is this key press for the table? Not while typing in a field, not while
 * a dialog is open, not with Ctrl, Alt or the command key held (those are
 * the browser's), not a held letter repeating, and not Enter on a focused
 * button or link (that is the button's own press). */
function forTheTable(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return false;
  if (e.repeat && e.key.length === 1) return false;
  const target = e.target && e.target.closest ? e.target : null;
  if (target && target.closest('input, select, textarea, [contenteditable]')) return false;
  if (document.querySelector('dialog[open]')) return false;
  return !(e.key === 'Enter' && target && target.closest('button, a'));
}

// -- the waiting room ----------------------------------------------------------

function waitingRoom(room) {
  const { snap, cfg } = room;
  const link = `${location.origin}/t/${snap.code}`;
  const host = snap.host;
  const seated = snap.seat !== null;
  const full = snap.seats.length >= Math.max(...snap.sizes);
  const copy = el('button', {
    class: 'quiet', type: 'button', text: 'Copy link',
    onclick: async () => {
      try { await navigator.clipboard.writeText(link); room.say('Link copied: send it to your family.'); } catch { room.say(link); }
    },
  });
  const seatRows = snap.seats.map(s => {
    const tags = [s.you ? 'you' : null, s.here && !s.you ? 'on this device' : null, s.host ? 'host' : null,
      s.kind === 'bot' ? `bot · ${LEVEL_NAMES[s.level] || s.level}` : null].filter(Boolean);
    const tools = [];
    // What this bot's level does in this game, in the game's own few words.
    const words = s.kind === 'bot' ? (snap.levelWords || {})[s.level] : null;
    const wordsId = `level-words-${s.index}`;
    if (host && s.kind === 'bot') {
      const pick = el('select', { 'aria-label': `Level for ${s.name}`, 'aria-describedby': words ? wordsId : null,
        onchange: e => room.act('level', { seat: s.index, level: e.target.value }) },
        snap.levels.map(l => el('option', { value: l, selected: l === s.level, text: LEVEL_NAMES[l] || l })));
      tools.push(pick);
    }
    if (host) {
      if (s.index > 0) tools.push(el('button', { class: 'quiet', type: 'button', 'aria-label': `Move ${s.name} up`, text: '↑', onclick: () => room.act('arrange', { seat: s.index, to: s.index - 1 }) }));
      if (s.index < snap.seats.length - 1) tools.push(el('button', { class: 'quiet', type: 'button', 'aria-label': `Move ${s.name} down`, text: '↓', onclick: () => room.act('arrange', { seat: s.index, to: s.index + 1 }) }));
      if (!s.you) tools.push(el('button', { class: 'quiet', type: 'button', text: 'Remove', onclick: () => room.act('clear', { seat: s.index }) }));
    }
    return el('li', { class: `seat ${s.kind}`, 'data-seat': s.index },
      el('span', { class: 'seat-no', text: `${s.index + 1}` }),
      el('span', { class: 'seat-name', text: s.name }),
      el('span', { class: 'tags', text: tags.join(' · ') }),
      el('span', { class: 'tools' }, tools),
      words ? el('span', { class: 'level-words', id: wordsId, text: words }) : null);
  });
  const note = cfg.neighbors ? cfg.neighbors(snap) : null;
  // Start can go when the table starts as it is, or once the server has
  // seated the bots it says it needs (startBots), in the same action.
  const bots = snap.startBots || 0;
  const startable = !snap.startProblem || bots > 0;
  const actions = host ? el('div', { class: 'actions', id: 'seat-actions' },
    el('button', { type: 'button', id: 'add-bot', disabled: full, text: 'Add a bot', onclick: () => room.act('bot', { level: 'medium' }) }),
    el('button', { type: 'button', id: 'fill-bots', disabled: full, text: 'Fill with bots', onclick: () => room.act('fill', { level: 'medium' }) }),
    el('button', { type: 'button', id: 'start', class: 'primary', disabled: !startable, onclick: () => room.act('start'),
      text: bots === 1 ? 'Start the game — a bot takes the empty seat' : bots ? `Start the game — bots take the ${bots} empty seats` : 'Start the game' }))
    : el('p', { class: 'muted', text: seated ? 'Waiting for the host to start the game.' : '' });
  let seatBox = null;
  if (!seated) {
    const input = el('input', { id: 'seat-name', maxlength: '20', placeholder: 'Your name', value: savedName(), 'aria-label': 'Your name' });
    // (The form on screen may be an earlier copy, patched: read its own field.)
    seatBox = el('form', { class: 'take-seat', id: 'take-seat', onsubmit: e => {
      e.preventDefault();
      const name = e.currentTarget.querySelector('#seat-name').value.trim();
      if (!name) { room.say('Tell us your name first, so the table knows who you are.', true); return; }
      saveName(name);
      room.act('join', { name });
    } },
    el('p', { text: 'You’re watching. Take a seat to play.' }),
    el('div', { class: 'row' }, input, el('button', { type: 'submit', class: 'primary', text: 'Take a seat' })));
  }
  return el('section', { class: 'waiting', 'aria-labelledby': 'waiting-title' },
    el('p', { class: 'kicker', text: 'Waiting room' }),
    el('h1', { id: 'waiting-title', text: snap.title }),
    el('div', { class: 'share' },
      // Drawn by the server for the address this page was opened by (web/qr.py).
      el('figure', { class: 'qr' },
        el('img', { id: 'table-qr', src: `/t/${snap.code}/qr.svg`, width: '148', height: '148',
          alt: 'QR code of the table’s link: point a phone’s camera at it to join.' }),
        el('figcaption', { class: 'muted', 'aria-hidden': 'true', text: 'Scan to join' })),
      el('p', {}, 'Table code ', el('strong', { class: 'code', id: 'table-code', text: snap.code })),
      el('p', { class: 'muted' }, 'Share the code, or the link: ', el('span', { class: 'link', text: link }), ' ', copy)),
    waitingRulesButton(room),
    el('p', { id: 'room-status', class: 'status', role: 'status', 'aria-live': 'polite', 'data-own': '' }),
    seatBox,
    el('h2', { text: `Seats (${snap.seats.length})` }),
    // Start and the bots come before the seats, so they stay in sight however many seats there are.
    actions,
    // (Once bots can make the table startable, why it can't start as it is reads as news, not as a fault.)
    snap.startProblem ? el('p', { class: startable ? 'muted' : 'problem', id: 'start-problem', text: snap.startProblem }) : null,
    fitOffer({ schema: room.schema, settings: snap.settings, seats: snap.seats.length, problem: snap.startProblem, host, pick: (key, value) => pickSetting(room, key, value) }),
    host && seated ? hereForm(room, full) : null,
    el('ol', { class: 'seats', id: 'seats' }, seatRows),
    note,
    settingsForm(room),
    paceSetting(room),
    hintsSetting(room),
    talkSetting(room),
    seated ? el('p', {}, el('button', { class: 'quiet', type: 'button', text: 'Leave this table', onclick: () => leaveTable(room) })) : null,
    el('p', {}, el('a', { href: '/', text: '← All games' })),
  );
}

/** Pass and play: the host adds someone who shares this device, by name;
 * the table asks for the device to be passed to them when it's their turn. */
function hereForm(room, full) {
  return el('form', { class: 'add-here', id: 'add-here', onsubmit: e => {
    e.preventDefault();
    const field = e.currentTarget.querySelector('#here-name');
    const name = field.value.trim();
    if (!name) { room.say('Type the name of the person sharing this device first.', true); return; }
    // (A table that filled while they typed refuses the name with a sentence: it stays to be read.)
    if (!e.currentTarget.querySelector('#add-here-button').disabled) field.value = '';
    room.act('here', { name });
  } },
  el('input', { id: 'here-name', maxlength: '20', placeholder: 'Their name', 'aria-label': 'Name of a person on this device', disabled: full,
    // Enter sends the name even once the table has filled and the button
    // greyed (a field being typed in stays usable: patch.js), for the
    // table's answer, rather than doing nothing.
    onkeydown: e => { if (e.key === 'Enter' && !e.isComposing) { e.preventDefault(); e.currentTarget.form.requestSubmit(); } } }),
  el('button', { type: 'submit', id: 'add-here-button', disabled: full, text: 'Add a person on this device' }));
}

// How to play from the waiting room: the game's own rules, in a sheet kept
// outside the room (the waiting room is redrawn on every change).
function waitingRulesButton(room) {
  const { cfg } = room;
  if (!cfg.rules) return null;
  if (!room.waitingRules) {
    room.waitingRules = dialog('waiting-rules', `How to play ${cfg.title || room.snap.title}`, el('div', { class: 'rules' }));
    room.waitingRules.body.innerHTML = cfg.rules;
    document.body.append(room.waitingRules.node);
  }
  return el('p', { class: 'how-to-play' }, el('button', { type: 'button', class: 'quiet', id: 'waiting-how-to-play', text: 'How to play',
    onclick: () => { markRead(cfg.game); room.waitingRules.open(); } }));
}

function houseRulesOffer(room) {
  const { snap } = room;
  const h = room.houseRules;
  if (!snap.host || !h || !h.signedIn) return null;
  const same = h.saved && Object.keys(snap.settings).every(k => h.saved[k] === snap.settings[k]);
  if (same) return el('p', { class: 'muted', id: 'house-rules-note', text: 'These are your house rules: your new tables start from them.' });
  return el('p', { id: 'house-rules-note' }, el('button', { type: 'button', class: 'quiet', id: 'save-house-rules', text: 'Save as my house rules', onclick: async () => {
    try {
      const res = await fetch(`/accounts/house-rules/${encodeURIComponent(snap.game)}`, {
        method: 'POST', credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRFToken': cookie('csrftoken') },
        body: JSON.stringify({ settings: snap.settings }),
      });
      const data = await res.json();
      if (!res.ok) throw new Error(data.error || 'That didn’t save; try again.');
      room.houseRules = data;
      room.redraw();
      room.say('Saved: your new tables of this game start from these house rules.');
    } catch (err) {
      room.say(err.message, true);
    }
  } }));
}

/** The game's settings, drawn from its options_schema by the one drawing
 * the lobby uses too (settings.js). The host picks; everyone else reads
 * the answers. */
function settingsForm(room) {
  const { snap, schema } = room;
  const list = settingsList({
    schema, settings: snap.settings, seats: snap.seats.length, editable: snap.host,
    pick: (key, value) => pickSetting(room, key, value), redraw: room.redraw,
  });
  if (!list) return null;
  return el('section', { class: 'settings', 'aria-label': 'House rules' },
    el('h2', { text: 'House rules' }),
    houseRulesOffer(room),
    list);
}

function pickSetting(room, key, value) {
  room.act('settings', { settings: { [key]: value } });
}

// -- the table shell -------------------------------------------------------------

function tableShell(room) {
  const root = document.getElementById('room');
  const { cfg } = room;
  const board = el('div', { class: 'board', id: 'board', 'aria-busy': String(room.busy) });
  const seats = el('ol', { class: 'plates', id: 'plates', 'aria-label': 'Players' });
  const logList = el('ol', { class: 'log', id: 'log' });
  const [talk, talkMenu, bubbles, talkDock] = room.talk.parts();
  const drawer = el('aside', { class: 'drawer', id: 'log-drawer', hidden: true, 'aria-label': 'Log' }, el('h2', { text: 'Log' }), logList);
  // (Not a live region: the kit's one live region, #announce, speaks for the table.)
  const status = el('p', { id: 'room-status', class: 'status' });
  const cover = el('div', { class: 'covered-note', id: 'covered-note', hidden: true });
  const watching = el('p', { class: 'watching-note', id: 'watching-note', hidden: true });
  const passing = el('section', { class: 'pass-screen', id: 'pass-screen', hidden: true, 'aria-labelledby': 'pass-title' });
  // (The talk shows under the log, opened and closed with it: talk.css.)
  const area = el('div', { class: 'table-area' }, el('div', { class: 'play' }, seats, board), el('div', { class: 'side' }, drawer, talk));
  const rules = dialog('rules', 'How to play', el('div', { class: 'rules', tabindex: '0', role: 'region', 'aria-label': 'How to play' }));
  if (cfg.rules) rules.body.innerHTML = cfg.rules;
  else rules.body.textContent = 'The table shows what you can do on your turn.';
  const options = dialog('options', 'Options', optionsBody(cfg, room));
  const layer = el('div', { class: 'cue-layer', 'aria-hidden': 'true' });
  room.cues = new Cues(layer, board);
  room.yourMove = new YourMove(cfg.game, cfg.yourMove);
  const sheet = dialog('result', 'Game over', el('div'));
  const endButton = el('button', { class: 'quiet', type: 'button', id: 'end-game', text: 'End game', onclick: () => {
    if (confirm('End this game for everyone? It won’t be kept.')) room.act('end');
  } });
  const leaving = leaveSheet(room);
  const leaveButton = el('button', { class: 'quiet', type: 'button', id: 'leave-table', text: 'Leave the table', onclick: () => leaving.ask() });
  // Once the game is over, the bar keeps the way back to its result sheet
  // (and the host's Play again) however often the sheet is put away.
  const againButton = playAgain(room, 'bar-play-again');
  const over = el('span', { class: 'bar-over', id: 'bar-over', hidden: true },
    el('button', { type: 'button', id: 'open-result', text: 'See the result', onclick: () => showResult(room, sheet) }), againButton);
  // On a phone the bar's tools fold behind "⋯", so the table keeps the room.
  const more = el('button', { class: 'quiet bar-more', type: 'button', id: 'bar-more', 'aria-expanded': 'false',
    'aria-controls': 'bar-tools', 'aria-label': 'More: log, how to play, options, leave', text: '⋯',
    onclick: () => {
      const open = !bar.classList.contains('open');
      bar.classList.toggle('open', open);
      more.setAttribute('aria-expanded', String(open));
    } });
  const bar = el('header', { class: 'bar' },
    el('a', { href: '/', class: 'home', 'aria-label': 'Parlor: all games', text: 'Parlor' }),
    el('h1', { class: 'bar-title', text: room.snap.title }),
    el('span', { class: 'bar-code', text: room.code }),
    presetName(room) ? el('span', { class: 'bar-preset', id: 'bar-preset', text: presetName(room) }) : null,
    room.snap.paceWords?.bar ? el('span', { class: 'bar-pace', id: 'bar-pace', text: room.snap.paceWords.bar }) : null,
    el('span', { class: 'bar-round', id: 'bar-round' }),
    over,
    more,
    el('span', { class: 'bar-tools', id: 'bar-tools' },
      el('button', { class: 'quiet', type: 'button', id: 'open-log', text: 'Log', onclick: () => {
        drawer.hidden = !drawer.hidden;
        if (drawer.hidden) return;
        // The log opens at its newest line, what was just played; on a
        // phone it opens below the table, so it is brought up to be read.
        drawer.scrollTop = drawer.scrollHeight;
        drawer.scrollIntoView({ block: 'nearest' });
      } }),
      el('button', { class: 'quiet', type: 'button', id: 'open-rules', text: 'How to play', onclick: () => rules.open() }),
      el('button', { class: 'quiet', type: 'button', id: 'open-options', text: 'Options', onclick: () => options.open() }),
      endButton, leaveButton));
  root.replaceChildren(bar, status, cover, watching, passing, area, rules.node, options.node, sheet.node, leaving.sheet.node, layer, talkMenu, bubbles, talkDock);
  // How to play opens by itself the first time this browser sits at a
  // table of this game (not if it was read before sitting down, nor when
  // cfg.firstRun is false).
  if (cfg.rules && cfg.firstRun !== false && firstVisit(cfg.game)) rules.open();
  let sheetShownFor = null;
  let sheetLines = null;
  let heard = null; // the newest log event already told

  function update(was) {
    const snap = room.snap;
    endButton.hidden = !(snap.host && snap.status === 'playing');
    // (Every seat of this browser counts: on a device people pass round, the page may hold none just now.)
    leaveButton.hidden = !snap.seats.some(s => s.here);
    over.hidden = !(snap.status === 'over' || snap.status === 'ended');
    againButton.hidden = !snap.host;
    const round = cfg.progress ? cfg.progress(snap) : '';
    document.getElementById('bar-round').textContent = round || '';
    // In place, so a focused "Cover with a bot" keeps its focus.
    keepingFocus(seats, () => patch(seats, el('ol', { class: 'plates', id: 'plates', 'aria-label': 'Players' }, snap.seats.map(s => plate(room, s)))));
    const mine = snap.seat !== null ? snap.seats[snap.seat] : null;
    // (Or the seat of someone on this device, which a bot covered while they were away.)
    const covered = mine && mine.covered ? mine : snap.seats.find(s => s.here && s.covered);
    cover.hidden = !covered;
    if (covered === mine && mine) {
      cover.replaceChildren(el('span', { text: 'A bot is playing your seat for now.' }), ' ',
        el('button', { class: 'primary', type: 'button', id: 'take-back', text: 'Take my seat back', onclick: () => room.act('back') }));
    } else if (covered) {
      cover.replaceChildren(el('span', { text: `A bot is playing ${covered.name}’s seat for now.` }), ' ',
        el('button', { class: 'primary', type: 'button', id: 'take-back', text: `Take ${covered.name}’s seat back`,
          onclick: () => room.act('back', { seat: covered.index }) }));
    }
    // Someone who came after the game began (by its code or link) is told
    // why they are watching, and which seats bots are playing.
    watching.hidden = !(snap.seat === null && snap.status === 'playing' && !snap.pass);
    passScreen(room, passing, area, was);
    if (!watching.hidden) watching.textContent = watchingNote(snap);
    const events = (snap.view && snap.view.events) || [];
    // A log being read at its newest line follows the new ones in; one scrolled back stays where it is.
    const following = drawer.scrollTop + drawer.clientHeight >= drawer.scrollHeight - 2;
    logList.replaceChildren(...events.map(e => el('li', { text: describe(cfg, e, snap) })).filter(li => li.textContent));
    if (following) drawer.scrollTop = drawer.scrollHeight;
    board.dataset.seq = String(snap.seq);
    board.dataset.status = snap.status;
    room.announcer.next();
    // What this page has yet to show of the game, for the table's banners
    // and the kit's announcements: every event of a game it watched begin
    // (bots may have moved before its first snapshot came), and none on a
    // first look at a game under way.
    const same = !!was && was.number === snap.number && heard !== null;
    const started = justStarted(was, snap);
    room.fresh = same ? events.filter(e => e.n > heard) : started ? events : [];
    heard = events.length ? events[events.length - 1].n : -1;
    // (A game's table keeps its nodes from board to board: while the device
    // waits to be passed on, the board stays empty so no hand comes back.)
    if (!snap.pass) cfg.play.draw(board, snap, room, was);
    room.hints.update();
    room.talk.update();
    tell(room, was, same, started);
    const lines = JSON.stringify((snap.result && snap.result.ratings) || []);
    if ((snap.status === 'over' || snap.status === 'ended') && (sheetShownFor !== snap.number || (sheetLines !== lines && sheet.node.open))) {
      sheetShownFor = snap.number;
      sheetLines = lines;
      // The result waits for the last moves to be seen (900 ms after the cues).
      const wait = sheet.node.open ? 0 : room.cues.remaining();
      const number = snap.number;
      const show = () => { if (room.snap.number === number && room.snap.status !== 'playing') showResult(room, sheet); };
      if (wait > 0) setTimeout(show, wait + 900); else show();
    }
    if (snap.status === 'playing') sheet.close();
  }
  return { update };
}

/** What the table says and sounds for this snapshot: every other seat's
 * move and the table's news in the log's sentences (room.fresh), your turn
 * (the cues catch up for it, and its Your move prompt shows), and the end.
 * `same`: the page drew this game's last snapshot too; `started`: it
 * watched the game begin. */
function tell(room, was, same, started) {
  const { snap, cfg, fresh } = room;
  const sounds = [];
  for (const e of fresh) {
    if (e.seat !== snap.seat) room.announce(describe(cfg, e, snap));
    if (cfg.sounds && cfg.sounds[e.kind]) sounds.push(cfg.sounds[e.kind]);
  }
  const decision = snap.status === 'playing' && snap.decision && snap.decision.kind !== 'ready' ? snap.decision : null;
  room.yourMove.update(decision ? decision.kind : null);
  const before = same && was.decision ? was.decision.key : null;
  if (decision && decision.key !== before) {
    room.cues.catchUp();
    // Said when the turn comes back to you, not for each step of your own turn.
    const othersMoved = fresh.some(e => e.seat !== undefined && e.seat !== snap.seat);
    if ((same && (!was.decision || othersMoved)) || started) { room.announce('Your turn.'); sounds.push(cfg.turnSound || 'turn'); }
  }
  if (was && was.status === 'playing' && snap.status !== 'playing') {
    room.announce(snap.status === 'ended' ? 'The host ended this game; it isn’t kept.' : (cfg.resultLine && cfg.resultLine(asTheTableSees(snap))) || 'The game is over.');
    sounds.push('end');
  }
  const loudest = LOUDEST.find(s => sounds.includes(s));
  if (loudest) room.sound(loudest);
}

/** While this device waits to be passed to the next of its people, the
 * table is put away behind a screen that names them (the server sends no
 * seat's view meanwhile); their tap hands it over. */
function passScreen(room, screen, area, was) {
  const to = room.snap.pass;
  area.hidden = !!to;
  screen.hidden = !to;
  if (!to) { screen.replaceChildren(); return; }
  if (was && was.pass && was.pass.seat === to.seat && screen.childElementCount) return;
  if (room.cues) room.cues.finish();
  const taken = el('button', { class: 'primary', type: 'button', id: 'pass-taken', text: `Tap when ${to.name} has the device`,
    onclick: () => room.act('hand', { seat: to.seat }) });
  screen.replaceChildren(
    el('h2', { id: 'pass-title', text: `Pass to ${to.name}` }),
    el('p', { text: `Nobody else looks now: ${to.name}’s hand shows only once ${to.name} has the device.` }),
    taken);
  if (!document.querySelector('dialog[open]')) taken.focus();
  room.announcer.clear();
  room.announce(`Pass the device to ${to.name}.`);
}

/** The newest thing another seat did, in the log's words ('' if nothing). */
function othersLast(room) {
  const { snap, cfg } = room;
  const theirs = (room.fresh || []).filter(e => e.seat !== snap.seat).map(e => describe(cfg, e, snap)).filter(Boolean);
  return theirs.length ? theirs[theirs.length - 1] : '';
}

function watchingNote(snap) {
  const bots = snap.seats.filter(s => s.kind === 'bot').map(s => s.name);
  const seats = bots.length
    ? `Bots are playing ${bots.length === 1 ? 'one seat' : `${bots.length} seats`}: ${listed(bots)}.`
    : 'Every seat is taken.';
  return `This game has already begun, so you’re watching. ${seats}`;
}

function listed(names) {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function plate(room, s) {
  const snap = room.snap;
  const tags = [s.kind === 'bot' ? 'bot' : null, s.here && !s.you ? 'this device' : null, s.covered ? 'a bot is covering' : null,
    s.hinted ? 'shown hints' : null].filter(Boolean);
  return el('li', { class: `plate${s.deciding ? ' deciding' : ''}${s.you ? ' me' : ''}`, 'data-seat': s.index },
    el('span', { class: 'plate-name', text: s.name }),
    tags.length ? el('span', { class: 'tags', text: tags.join(' · ') }) : null,
    s.deciding ? el('span', { class: 'turn-mark', text: snap.status === 'playing' ? 'to play' : '' }) : null,
    leftNote(snap, s),
    s.you ? room.talk.plateButton() : null,
    s.canCover ? el('button', { class: 'quiet', type: 'button', text: 'Cover with a bot', onclick: () => room.act('cover', { seat: s.index }) }) : null);
}

function describe(cfg, event, snap) {
  if (cfg.describe) {
    const text = cfg.describe(event, snap);
    if (text !== undefined) return text;
  }
  const who = event.seat !== undefined && snap.seats[event.seat] ? snap.seats[event.seat].name : null;
  const bits = Object.entries(event).filter(([k]) => !['n', 'kind', 'seat'].includes(k)).map(([k, v]) => `${k} ${typeof v === 'object' ? JSON.stringify(v) : v}`);
  return [who, event.kind, ...bits].filter(Boolean).join(' · ');
}

/** The snapshot in words for nobody in particular: every seat by its name,
 * no "you" and no "we" (a table's words follow its seat and each seat's you). */
function inNames(snap) {
  return { ...snap, seat: null, seats: snap.seats.map(s => ({ ...s, you: false })), view: snap.view && { ...snap.view, seat: null, team: null } };
}

/** The end as the whole table reads it: on a device several people share,
 * the sheet names the winners ("Ada and Cy won") rather than speaking for
 * whoever happened to hold it last ("We won"). */
function asTheTableSees(snap) {
  if (snap.seats.filter(s => s.here).length < 2) return snap;
  return inNames(snap);
}

function showResult(room, sheet) {
  const { cfg } = room;
  const snap = asTheTableSees(room.snap);
  const body = [];
  if (snap.status === 'ended') {
    sheet.title('Game ended early');
    body.push(el('p', { text: 'The host ended this game. It isn’t kept.' }));
  } else {
    sheet.title('Game over');
    const result = snap.result || { places: [], scores: [] };
    const order = snap.seats.map(s => s.index).sort((a, b) => result.places[a] - result.places[b]);
    if (cfg.resultLine) body.push(el('p', { class: 'result-line', text: cfg.resultLine(snap) }));
    const lines = result.ratings || [];
    const named = i => snap.seats[i].name + (snap.seats[i].you ? ' (you)' : '');
    const score = i => result.scores && result.scores[i] !== undefined ? el('span', { class: 'score', text: String(result.scores[i]) }) : null;
    // A table that played as one side made one score together: one line, no places.
    body.push(el('ol', { class: 'places', id: 'places' }, result.oneSide
      ? [el('li', {}, el('span', { class: 'place', text: '' }),
        el('span', {}, order.length > 1 ? `Together: ${listed(order.map(named))}` : named(order[0])), score(order[0]))]
      : order.map(i => el('li', {},
        el('span', { class: 'place', text: ordinal(result.places[i]) }),
        el('span', {}, named(i), lines[i] ? ' ' : null, lines[i] ? el('small', { class: 'rating-change muted', 'data-seat': i, text: lines[i] }) : null),
        score(i)))));
    const hinted = (result.hinted || []).map(i => snap.seats[i].name);
    if (hinted.length) body.push(el('p', { class: 'muted', id: 'not-rated', text: `Not rated: ${listed(hinted)} ${hinted.length > 1 ? 'were' : 'was'} shown hints, the strong bot’s moves.` }));
    else if (!lines.some(Boolean)) {
      // (A table that plays as one side is never rated: the result says why.)
      const why = result.notRated ? `Not rated: ${result.notRated}.`
        : 'Not rated: nobody at the table was signed in. Its replay is kept all the same; a game is rated, and goes on a player’s profile, only when they are signed in at the table.';
      body.push(el('p', { class: 'muted', id: 'not-rated', text: why }));
    }
    const detail = cfg.resultDetail ? cfg.resultDetail(snap) : null;
    const share = cfg.shareText ? shareBox(cfg.shareText(snap)) : null;
    body.push(...[detail, share].filter(Boolean));
  }
  const buttons = [];
  if (snap.host) buttons.push(playAgain(room, 'play-again'));
  else buttons.push(el('p', { class: 'muted', text: 'The host can deal another game.' }));
  // (Only the people at the table may watch it: a watcher's link would lead nowhere.)
  if (snap.status === 'over' && (snap.seat !== null || snap.host)) buttons.push(el('a', { href: `/t/${snap.code}/replay`, id: 'watch-replay', text: 'Watch the replay' }));
  buttons.push(el('button', { class: 'quiet', type: 'button', text: 'See the table', onclick: () => sheet.close() }));
  buttons.push(el('a', { href: '/', text: 'All games' }));
  sheet.body.replaceChildren(...body, el('div', { class: 'actions' }, buttons));
  sheet.open();
}

function playAgain(room, id) {
  return el('button', { class: 'primary', type: 'button', id, text: 'Play again', onclick: () => room.act('again') });
}

/** Leaving a game under way asks first, in a sheet saying what happens:
 * a bot plays on for you (and for everyone on this device), the others
 * are told, and the seat isn't yours to take back. */
function leaveSheet(room) {
  const said = el('p', { id: 'leave-says' });
  const sheet = dialog('leave', 'Leave the table?', el('div', {}, said,
    el('div', { class: 'actions' },
      // (Refused, the sheet goes so the table's sentence can be read.)
      el('button', { class: 'primary', type: 'button', id: 'leave-confirm', text: 'Leave the table',
        onclick: async () => { if (!await leaveTable(room)) sheet.close(); } }),
      el('button', { type: 'button', id: 'leave-stay', text: 'Stay', onclick: () => sheet.close() }))));
  return {
    sheet,
    ask() {
      const { snap } = room;
      const mine = snap.seats.filter(s => s.here).map(s => s.name);
      const who = mine.length > 1 ? `Bots play the seats of ${listed(mine)}` : 'A bot plays your seat';
      const host = snap.host ? ' The next person at the table becomes the host.' : '';
      said.textContent = `${who} from now on, and everyone at the table is told you left. You can’t take ${mine.length > 1 ? 'them' : 'it'} back.${host}`;
      sheet.open();
    },
  };
}

// Share result: copies the game's own summary (cfg.shareText), and shows
// it too, so it can be copied by hand where the clipboard is refused.
function shareBox(text) {
  if (!text) return null;
  const shown = el('pre', { class: 'share-text', id: 'share-text', hidden: true, text });
  const said = el('span', { class: 'muted', role: 'status' });
  const button = el('button', { type: 'button', id: 'share-result', text: 'Share result', onclick: async () => {
    shown.hidden = false;
    try {
      await navigator.clipboard.writeText(text);
      said.textContent = ' Copied: paste it to your family.';
    } catch {
      said.textContent = ' Copy it from here:';
    }
  } });
  return el('div', { class: 'share-result' }, button, said, shown);
}

function ordinal(n) {
  return ({ 1: '1st', 2: '2nd', 3: '3rd' })[n] || `${n}th`;
}

export function dialog(id, title, body) {
  const heading = el('h2', { text: title });
  const node = el('dialog', { id: `${id}-dialog`, class: 'sheet', 'aria-labelledby': `${id}-title` },
    el('div', { class: 'sheet-head' }, heading, el('button', { class: 'quiet close', type: 'button', 'aria-label': 'Close', text: '✕', onclick: () => node.close() })),
    body);
  heading.id = `${id}-title`;
  return {
    node, body,
    open() { if (!node.open) node.showModal(); },
    close() { if (node.open) node.close(); },
    title(text) { heading.textContent = text; },
  };
}

/** A table's root marked with the game's step on screen and whether it is
 * your move: each game's CSS and the tests that wait on a step read these;
 * gives back whether it is your move. */
export function markStep(root, v, myTurn) {
  root.dataset.myTurn = myTurn ? 'true' : 'false';
  root.dataset.phase = v.phase;
  root.dataset.seq = String(v.seq);
  return myTurn;
}

// Options are this browser's own preferences (helpers and the like), kept
// per game in localStorage; they never change the game.
export function preference(game, key, fallback = true) {
  const raw = localStorage.getItem(`parlor:${game}:${key}`);
  return raw === null ? fallback : raw === 'on';
}

// Every table's own rows, after the game's: kept for the whole site.
function kitRows(room) {
  return [
    { key: 'reduce-motion', store: REDUCE_KEY, label: 'Reduce motion', checked: reduced,
      hint: 'Moves land at once, with no cards flying or chips dropping. Unset, it follows your device’s setting.',
      onchange: on => { markMotion(); if (on && room.cues) room.cues.finish(); } },
    { key: 'sounds', store: SOUNDS_KEY, label: 'Sounds', checked: soundsOn,
      hint: 'Short sounds for your turn, a card or chip played, a trick or line won, and the end.',
      onchange: on => { if (on) room.sound('turn'); } },
    notifyOption(),
    { key: 'hints', store: HINTS_KEY, label: 'Hints: show what the strong bot would play', checked: hintsOn, confirm: HINTS_WARNING,
      hint: 'On your turn, the hard bot’s move for your seat is marked, with its reason. A game in which anyone is shown one isn’t rated.',
      onchange: () => room.hints.update() },
    talkOption(room.talk),
  ];
}

function optionsBody(cfg, room) {
  const rows = [...(cfg.preferences || []), ...kitRows(room)];
  return el('ul', { class: 'options' }, rows.map(p => {
    const store = p.store || `parlor:${cfg.game}:${p.key}`;
    const on = p.checked ? p.checked() : preference(cfg.game, p.key, p.fallback !== false);
    const box = el('input', { type: 'checkbox', id: `pref-${p.key}`, checked: on, disabled: p.disabled });
    const hint = p.hint ? el('small', { text: p.hint }) : null;
    box.addEventListener('change', () => {
      // (A row with something to say before it goes on asks first.)
      if (box.checked && p.confirm && !confirm(p.confirm)) { box.checked = false; return; }
      localStorage.setItem(store, box.checked ? 'on' : 'off');
      if (p.onchange) p.onchange(box.checked, box, hint);
    });
    return el('li', {}, el('label', { for: `pref-${p.key}` }, box, ' ', p.label), hint);
  }));
}
