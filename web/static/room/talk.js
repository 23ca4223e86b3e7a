// Talking at the table: reactions and short messages (tables/talking.py).
// The server says who may say what and refuses the rest with a sentence;
// the page draws what it is sent, every word as text (textContent, never
// markup), in the talk log of the log drawer, with a reaction shown for a
// few seconds as a bubble on its sayer's plate, and read out politely
// (room.announce). This browser may hide a person's talk (kept here, by the
// person's key, at every table) or turn talk off in Options. The host
// chooses what may be said, in the waiting room and in the drawer.

import { api, el, savedName } from './net.js';
import { keepingFocus, patch } from './patch.js';

export const TALK_KEY = 'parlor:talk';
export const HIDDEN_KEY = 'parlor:talk-hidden';
export const talkOn = () => localStorage.getItem(TALK_KEY) !== 'off';

const REACTIONS = [
  { key: 'thumbs', text: '👍', label: 'Thumbs up' }, { key: 'smile', text: '😄', label: 'Smile' },
  { key: 'wow', text: '😮', label: 'Wow' }, { key: 'eek', text: '😬', label: 'Eek' },
  { key: 'party', text: '🎉', label: 'Party' }, { key: 'nice', text: 'Nice one!' }, { key: 'oops', text: 'Oops' },
  { key: 'gg', text: 'Good game' },
];
const CHOICES = [['all', 'Messages and reactions'], ['reactions', 'Reactions only'], ['off', 'Nothing']];
const BUBBLE_MS = 4000; // how long a reaction shows on its sayer's plate
const KEPT = 100; // lines the talk log keeps

function kitPlatesShown() {
  const plates = document.getElementById('plates');
  return !!plates && plates.getClientRects().length > 0;
}

function hiddenKeys() {
  try {
    return new Set(JSON.parse(localStorage.getItem(HIDDEN_KEY) || '[]'));
  } catch {
    return new Set();
  }
}

export class Talk {
  /** `send(message)`: a frame to the table's socket. */
  constructor(room, send) {
    this.room = room;
    this.send = send;
    this.said = []; // what was said at the table, oldest first, as sent
    this.pending = null; // the message this page sent and has not heard back yet
    this.menuOpen = false;
    this.list = el('ol', { class: 'talk-log', id: 'talk-log' });
    this.hiddenNote = el('p', { class: 'talk-hidden muted', id: 'talk-hidden', hidden: true });
    this.note = el('p', { class: 'talk-note muted', id: 'talk-note', hidden: true });
    this.status = el('p', { class: 'talk-status', id: 'talk-status' });
    this.field = el('input', { id: 'talk-text', type: 'text', autocomplete: 'off', enterkeyhint: 'send',
      placeholder: 'Say something', 'aria-label': 'Message to the table', 'aria-describedby': 'talk-status' });
    this.sendButton = el('button', { type: 'submit', id: 'talk-send', text: 'Send' });
    this.form = el('form', { class: 'talk-form', id: 'talk-form', onsubmit: e => { e.preventDefault(); this.sendMessage(); } },
      this.field, this.sendButton);
    this.reactions = el('div', { class: 'talk-reactions', id: 'talk-reactions', role: 'group', 'aria-label': 'Reactions' },
      this.reactionButtons(false));
    this.hostRow = el('div', { class: 'talk-host', id: 'talk-host' });
    this.section = el('aside', { class: 'drawer talk', id: 'talk', 'aria-labelledby': 'talk-title' },
      el('h2', { id: 'talk-title', text: 'Talk' }), this.list, this.hiddenNote, this.note, this.reactions, this.form,
      this.status, this.hostRow);
    this.menu = el('div', { class: 'talk-menu', id: 'talk-menu', role: 'group', 'aria-label': 'Reactions', hidden: true,
      onkeydown: e => this.menuKey(e) }, this.reactionButtons(true));
    this.bubbles = el('div', { class: 'talk-bubbles', id: 'talk-bubbles', 'aria-hidden': 'true' });
    // A table that draws its own plates (the kit's stand aside) gets the
    // button beside your plate there, kept in place as the table moves.
    this.dock = el('div', { class: 'talk-dock', id: 'talk-dock', hidden: true });
    addEventListener('resize', () => this.place());
    // The board and your plate resizing (the log opened beside them) moves the plate.
    this.watching = new ResizeObserver(() => this.stand());
    this.watched = [];
    addEventListener('scroll', () => this.stand(), { passive: true, capture: true });
    // Opening the log reads what was said meanwhile.
    document.addEventListener('click', e => { if (e.target.closest && e.target.closest('#open-log')) this.unread(0); });
    // (A table arriving, or a plate that slides, ends where the button follows.)
    for (const type of ['animationend', 'transitionend']) document.addEventListener(type, () => this.stand(), true);
    document.addEventListener('pointerdown', e => {
      if (this.menuOpen && !this.menu.contains(e.target) && !e.target.closest('#talk-react')) this.closeMenu(false);
    });
  }

  reactionButtons(fromMenu) {
    return REACTIONS.map(r => el('button', {
      type: 'button', class: `quiet talk-reaction${r.label ? ' emoji' : ''}`, 'data-react': r.key,
      'aria-label': r.label || null, title: r.label || null, text: r.text,
      onclick: () => { this.say({ react: r.key }); if (fromMenu) this.closeMenu(true); },
    }));
  }

  /** The open reactions' keys: arrows, Home and End go between them; Tab
   * goes on, putting them away, as Escape does back to the button. */
  menuKey(e) {
    const all = [...this.menu.children];
    const n = all.length;
    const to = { Home: 0, End: n - 1, ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    if (e.key === 'Tab' || e.key === 'Escape') this.closeMenu(e.key === 'Escape');
    else if (to === undefined) return;
    else all[e.key.startsWith('Arrow') ? (all.indexOf(document.activeElement) + to + n) % n : to].focus();
    if (e.key !== 'Tab') { e.preventDefault(); e.stopPropagation(); } // (the table's keys don't hear them)
  }

  /** The talk, shown under the log drawer, and the layers a table puts on top. */
  parts() {
    return [this.section, this.menu, this.bubbles, this.dock];
  }

  /** In the kit's plate of yours (room.js), while the kit's plates show. */
  plateButton() {
    return kitPlatesShown() ? this.button() : null;
  }

  /** The button by your plate that opens the reactions, while you may react. */
  button() {
    if (!this.mayReact()) return null;
    return el('button', { type: 'button', class: 'quiet talk-react', id: 'talk-react',
      'aria-expanded': String(this.menuOpen), 'aria-controls': 'talk-menu', 'aria-label': 'React', title: 'React',
      text: '😊', onclick: e => (this.menuOpen ? this.closeMenu(false) : this.openMenu(e.currentTarget)) });
  }

  openMenu(button) {
    this.menuOpen = true;
    button.setAttribute('aria-expanded', 'true');
    this.menu.hidden = false;
    const at = button.getBoundingClientRect();
    const width = this.menu.offsetWidth;
    this.menu.style.left = `${Math.max(8, Math.min(at.left, innerWidth - width - 8))}px`;
    this.menu.style.top = `${at.bottom + 4}px`;
    this.menu.querySelector('button').focus();
  }

  /** Where a seat sits on screen: the kit's plate, or else the table's own
   * (a node of the board for that seat, a plate by its name first). */
  plateOf(seat) {
    const shown = node => node && node.getClientRects().length > 0;
    const kit = document.querySelector(`#plates [data-seat="${seat}"]`);
    if (shown(kit)) return kit;
    const own = [...document.querySelectorAll(`#board [data-seat="${seat}"]`)].filter(shown);
    return own.find(node => /plate|member|office/.test(node.className)) || own[0] || null;
  }

  /** Beside a table's own plate of yours, the button to react (the kit's plates hidden). */
  place() {
    const snap = this.room.snap;
    const plate = !kitPlatesShown() && snap && snap.seat !== null ? this.plateOf(snap.seat) : null;
    const button = plate ? this.button() : null;
    this.dock.hidden = !button;
    // (The bar growing, its tools opened on a phone, or anything above the
    // table coming or going, moves the plate without resizing it.)
    const watch = [document.getElementById('board'), plate, document.querySelector('.bar'), document.body].filter(Boolean);
    if (watch.some((node, k) => node !== this.watched[k])) {
      this.watching.disconnect();
      for (const node of watch) this.watching.observe(node);
      this.watched = watch;
    }
    if (!button) { this.dock.replaceChildren(); return; }
    const old = this.dock.firstElementChild;
    if (old && old.id === button.id) patch(old, button);
    else this.dock.replaceChildren(button);
    this.stand();
  }

  /** The docked button just right of your plate (left of it at the window's edge), level with its middle. */
  stand() {
    const snap = this.room.snap;
    if (this.dock.hidden || !snap || snap.seat === null) return;
    const plate = this.plateOf(snap.seat);
    if (!plate) return;
    const at = plate.getBoundingClientRect();
    const size = this.dock.offsetWidth;
    const right = at.right + 4 + size <= document.documentElement.clientWidth;
    this.dock.style.left = `${right ? at.right + 4 : at.left - 4 - size}px`;
    this.dock.style.top = `${at.top + (at.height - size) / 2}px`;
  }

  closeMenu(refocus) {
    this.menuOpen = false;
    this.menu.hidden = true;
    const button = document.getElementById('talk-react');
    if (button) {
      button.setAttribute('aria-expanded', 'false');
      if (refocus) button.focus();
    }
  }

  /** Whether this page may say anything now, by the table's last word. */
  mayTalk() {
    const snap = this.room.snap;
    if (!snap || !snap.talk || !talkOn() || snap.talk.allowed === 'off') return false;
    return snap.seats.some(s => s.here) || snap.talk.watchers;
  }

  mayReact() {
    return this.mayTalk();
  }

  mayWrite() {
    return this.mayTalk() && this.room.snap.talk.allowed === 'all';
  }

  /** After each drawing of the table: what may be said, and the host's choice. */
  update() {
    const snap = this.room.snap;
    if (!snap || !snap.talk) return;
    const react = this.mayReact();
    const write = this.mayWrite();
    for (const b of this.reactions.querySelectorAll('button')) b.disabled = !react;
    // (A field being typed in stays usable: what can't be said now, the server refuses with a sentence.)
    const typing = document.activeElement === this.field;
    this.field.disabled = !write && !typing;
    this.sendButton.disabled = !write && !typing;
    if (!react && this.menuOpen) this.closeMenu(false);
    const seated = snap.seats.some(s => s.here);
    const why = !talkOn() ? 'Talk is off in your Options.'
      : snap.talk.allowed === 'off' ? 'The host has turned talk off at this table.'
        : !seated && !snap.talk.watchers ? 'Only the people playing can talk at this table.'
          : snap.talk.allowed === 'reactions' ? 'The host allows only reactions at this table just now.' : '';
    this.note.hidden = !why;
    this.note.textContent = why;
    this.form.hidden = !write && !typing && snap.talk.allowed !== 'all';
    // (In place, so the host's focus on the choice survives the table's answer.)
    const choice = snap.host ? talkSetting(this.room, 'drawer-') : null;
    if (!choice) this.hostRow.replaceChildren();
    else if (this.hostRow.firstElementChild) keepingFocus(this.hostRow, () => patch(this.hostRow.firstElementChild, choice));
    else this.hostRow.append(choice);
    this.place();
    this.drawHidden();
  }

  sendMessage() {
    const text = this.field.value;
    if (!text.trim()) { this.refused('Type a few words first.'); return; }
    this.pending = text.trim();
    this.status.textContent = '';
    this.say({ text });
  }

  /** Say it on the table's socket; a watcher says it over HTTP, which gives
   * a browser that never sat down the session a word needs (with the name
   * this browser goes by, if it has one). What was said comes back on the
   * socket either way. */
  say(body) {
    const snap = this.room.snap;
    if (snap && snap.seats.some(s => s.here)) { this.send({ type: 'talk', ...body }); return; }
    const name = savedName();
    api(`tables/${this.room.code}/talk`, name ? { ...body, name } : body).catch(err => this.refused(err.message));
  }

  /** A sentence refusing what this page said: kept by the field until the next word goes. */
  refused(sentence) {
    this.status.textContent = sentence;
    this.status.classList.add('error');
    this.room.announce(sentence, true);
  }

  /** Something said at the table (a frame of the server's, `said` a list). */
  heard(message) {
    const known = new Set(this.said.map(s => s.id));
    for (const s of message.said) {
      if (known.has(s.id)) continue; // (a page connecting again is sent the latest anew)
      this.said.push(s);
      if (s.text === this.pending && this.mine(s)) this.sent();
      if (!this.shows(s)) continue;
      this.append(s);
      if (message.earlier) continue;
      this.bubble(s);
      if (this.mine(s) && s.seat !== null) continue; // (a seat's own words aren't told back to it)
      this.unread(1);
      this.room.announce(`${this.nameOf(s)} ${s.kind === 'reaction' ? 'reacts' : 'says'}: ${s.text}`, true);
    }
    if (this.said.length > KEPT) this.said.splice(0, this.said.length - KEPT);
    while (this.list.childElementCount > KEPT) this.list.firstElementChild.remove();
  }

  /** Count what was said while the log was closed on the Log button (and ⋯ on a phone); none once it is open. */
  unread(more) {
    const log = document.getElementById('log-drawer');
    this.missed = !more || !log || !log.hidden ? 0 : (this.missed || 0) + more;
    for (const id of ['open-log', 'bar-more']) {
      const button = document.getElementById(id);
      if (!button) continue;
      if (this.missed) button.dataset.unread = String(this.missed);
      else delete button.dataset.unread;
    }
  }

  sent() {
    if (this.field.value.trim() === this.pending) this.field.value = '';
    this.pending = null;
    this.status.textContent = '';
    this.status.classList.remove('error');
  }

  /** Whether this page's browser said it: a seat of its own, or (watching) a word it is waiting for. */
  mine(s) {
    const snap = this.room.snap;
    const seat = s.seat !== null && snap ? snap.seats[s.seat] : null;
    return seat ? !!seat.here : !(snap && snap.seats.some(x => x.here));
  }

  shows(s) {
    return talkOn() && !hiddenKeys().has(s.by);
  }

  nameOf(s) {
    return s.watching ? `${s.name} (watching)` : s.name;
  }

  append(s) {
    // Talk being read at its newest line follows the new ones in; talk scrolled back stays where it is.
    const drawer = this.section;
    const following = drawer.scrollTop + drawer.clientHeight >= drawer.scrollHeight - 2;
    const when = new Date(s.at * 1000);
    const own = this.mine(s) && s.seat !== null;
    this.list.append(el('li', { class: `talk-line ${s.kind}`, 'data-by': s.by, 'data-id': String(s.id) },
      el('span', { class: 'talk-name', text: this.nameOf(s) }), ' ',
      el('time', { datetime: when.toISOString(), text: when.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) }), ' ',
      el('span', { class: 'talk-text', text: s.text }),
      own ? null : el('button', { type: 'button', class: 'quiet talk-hide', 'aria-label': `Hide ${s.name}’s talk`, text: 'Hide',
        onclick: () => this.hide(s.by) })));
    if (following) drawer.scrollTop = drawer.scrollHeight;
  }

  /** What was said, on its sayer's plate for a few seconds (landing at once with reduced motion: the kit's rule). */
  bubble(s) {
    if (s.seat === null) return;
    const plate = this.plateOf(s.seat);
    if (!plate) return;
    const at = plate.getBoundingClientRect();
    const bubble = el('div', { class: 'talk-bubble', 'data-seat': String(s.seat), 'data-by': s.by, text: s.text });
    bubble.style.left = `${at.left + at.width / 2}px`;
    bubble.style.top = `${at.top}px`;
    this.bubbles.append(bubble);
    setTimeout(() => bubble.remove(), BUBBLE_MS);
  }

  /** Hide a person's talk in this browser, at every table, until shown again. */
  hide(by) {
    const keys = hiddenKeys();
    keys.add(by);
    localStorage.setItem(HIDDEN_KEY, JSON.stringify([...keys]));
    this.redrawLog();
    const name = this.nameOf(this.said.find(s => s.by === by));
    this.room.announce(`${name}’s talk is hidden on this device.`, true);
  }

  show(by) {
    const keys = hiddenKeys();
    keys.delete(by);
    localStorage.setItem(HIDDEN_KEY, JSON.stringify([...keys]));
    this.redrawLog();
  }

  redrawLog() {
    this.list.replaceChildren();
    for (const s of this.said) if (this.shows(s)) this.append(s);
    const hidden = hiddenKeys();
    for (const b of [...this.bubbles.children]) if (!talkOn() || hidden.has(b.dataset.by)) b.remove();
    this.drawHidden();
  }

  /** Who is hidden here, among those who said something at this table, each with a way back. */
  drawHidden() {
    const keys = hiddenKeys();
    const names = new Map();
    for (const s of this.said) if (keys.has(s.by)) names.set(s.by, this.nameOf(s));
    this.hiddenNote.hidden = !names.size;
    this.hiddenNote.replaceChildren(...(names.size ? ['Hidden on this device: '] : []),
      ...[...names].flatMap(([by, name], k) => [k ? ', ' : '', name, ' ',
        el('button', { type: 'button', class: 'quiet talk-show', 'aria-label': `Show ${name}’s talk again`, text: 'Show',
          onclick: () => this.show(by) })]));
  }
}

/** The host's choice of what may be said at the table, and whether by people
 * watching; everyone else reads it. (`prefix` keeps the ids apart where it
 * is drawn twice.) */
export function talkSetting(room, prefix = '') {
  const { snap } = room;
  if (!snap.talk) return null;
  const chosen = CHOICES.find(([value]) => value === snap.talk.allowed) || CHOICES[0];
  if (!snap.host) {
    const watchers = snap.talk.allowed !== 'off' && snap.talk.watchers ? ' People watching may talk too.' : '';
    return el('p', { class: 'muted talk-setting', id: `${prefix}talk-setting`, text: `Talk at this table: ${chosen[1].toLowerCase()}.${watchers}` });
  }
  const pick = el('select', { id: `${prefix}talk-allowed`, onchange: e => room.act('talking', { talk: e.target.value }) },
    CHOICES.map(([value, label]) => el('option', { value, selected: value === snap.talk.allowed, text: label })));
  const watchers = el('input', { type: 'checkbox', id: `${prefix}talk-watchers`, checked: snap.talk.watchers,
    onchange: e => room.act('talking', { watchers: e.target.checked }) });
  return el('div', { class: 'talk-setting', id: `${prefix}talk-setting` },
    el('label', { for: `${prefix}talk-allowed`, text: 'Talk at this table ' }), pick, ' ',
    el('label', { for: `${prefix}talk-watchers` }, watchers, ' People watching may talk too'));
}

/** Options' row: talk at every table, on or off, in this browser. */
export function talkOption(talk) {
  return { key: 'talk', store: TALK_KEY, label: 'Talk: reactions and messages at the table', checked: talkOn,
    hint: 'Off, this browser shows no one’s reactions or messages and sends none.', onchange: () => { talk.redrawLog(); talk.update(); } };
}
