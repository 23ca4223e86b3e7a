// The lobby: your tables first (those waiting on you leading), then every
// game with its player counts, its How to play and (for a game with
// presets, folded under Settings) the preset to start with; start a table,
// or join one by its code.

import { api, el, savedName, saveName } from './net.js';
import { patch } from './patch.js';
import { markRead } from './howto.js';
import { dialog } from './room.js';
import { defaults, picked, presetOf, settingsList } from './settings.js';

const root = document.getElementById('lobby');
const catalog = JSON.parse(document.getElementById('catalog').textContent);
// The lobby's choices of pace for a new table (tables/pace.py), live first.
const PACES = JSON.parse(document.getElementById('paces').textContent);

// Signed in (the page says who), or a guest playing under the name this
// browser keeps.
const user = root.dataset.user || '';

function nameField() {
  const input = el('input', { id: 'name', name: 'name', autocomplete: 'nickname', maxlength: '20', placeholder: 'Your name', value: savedName() || user.slice(0, 20) });
  input.addEventListener('change', () => saveName(input.value.trim()));
  const note = user
    ? el('small', { class: 'muted', id: 'who-note' }, `Signed in as ${user}: your finished games are kept and rated. `,
      el('a', { href: `/accounts/players/${encodeURIComponent(user)}`, text: 'Your profile' }))
    : el('small', { class: 'muted', id: 'who-note' }, 'Playing as a guest: ',
      el('a', { href: '/accounts/signup', text: 'sign up' }), ' or ', el('a', { href: '/accounts/signin', text: 'sign in' }),
      ' to keep a rating and your history.');
  return el('div', { class: 'name-box' }, el('label', { class: 'field name-field' }, el('span', { text: 'Your name at the table' }), input), note);
}

function askedName() {
  const input = document.getElementById('name');
  const name = input.value.trim();
  if (!name) {
    say('Tell us your name first, so the table knows who you are.');
    input.focus();
    return null;
  }
  saveName(name);
  return name;
}

function say(text) {
  const line = document.getElementById('lobby-status');
  line.textContent = text;
}

async function startTable(g) {
  const name = askedName();
  if (!name) return;
  try {
    const snap = await api('tables', { game: g.slug, name, ...chosen(g), ...pacePicked() });
    location.href = `/t/${snap.code}`;
  } catch (err) {
    say(err.message);
  }
}

// The pace of the table Start makes: live unless picked (tables/pace.py).
function paceField() {
  const pick = el('select', { id: 'lobby-pace', name: 'pace' },
    PACES.map(({ value, label }) => el('option', { value, text: label })));
  return el('label', { class: 'field pace-field', for: 'lobby-pace' }, el('span', { text: 'Pace' }), pick);
}

function pacePicked() {
  const value = document.getElementById('lobby-pace')?.value;
  const found = PACES.find(p => p.value === value);
  return found && found.pace ? { pace: found.pace } : {};
}

// A page for a code nobody has (web/pages.py) is the lobby with the join
// box holding what was typed, ready to be put right.
const missing = root.dataset.missing || '';

function joinForm() {
  const input = el('input', { id: 'join-code', name: 'code', autocomplete: 'off', maxlength: '8', placeholder: 'Code', 'aria-label': 'Table code', inputmode: 'text', autocapitalize: 'characters', value: missing.replace(/[^A-Z]/g, '') });
  const form = el('form', { class: 'join', id: 'join-form' },
    el('h2', { text: 'Join a table' }),
    el('p', { text: missing ? 'Check the code and try again.' : 'Got a code from family? Type it here.' }),
    el('div', { class: 'row' }, input, el('button', { type: 'submit', class: 'primary', text: 'Join' })));
  form.addEventListener('submit', e => {
    e.preventDefault();
    const code = input.value.toUpperCase().replace(/[^A-Z]/g, '');
    if (!code) { say('Type the table’s code, the letters your host shared.'); return; }
    if (!askedName()) return;
    location.href = `/t/${code}?join=1`;
  });
  return form;
}

// The lobby asks only what picks the kind of game: the preset, and under
// Custom its questions one by one (the rest waits in the waiting room).
const ASKED_HERE = s => !!(s.presets || s.custom);
const choices = new Map(); // slug -> the settings picked on its card

function chosen(g) {
  const asked = g.schema.filter(ASKED_HERE);
  if (!asked.length) return {};
  const now = choices.get(g.slug) || defaults(g.schema);
  return { settings: Object.fromEntries(asked.map(s => [s.key, now[s.key]])) };
}

// A game's settings fold away under its card, so every card stays as short
// as its words and all of them, with their Start buttons, fit one screen;
// the summary says what a table would be made with. A redraw keeps them
// as the page shows them now: the open attribute changes with the click,
// where the toggle event comes later and a quick pick could beat it.
function cardSettings(g, settings, form) {
  const preset = presetOf(g.schema, settings);
  const id = `${g.slug}-card-settings`;
  return el('details', { class: 'card-settings', id, open: !!document.getElementById(id)?.open },
    el('summary', {}, preset ? `Settings: ${preset.label}` : 'Settings'), form);
}

function gameCard(g) {
  const counts = g.players[0] === g.players[1] ? `${g.players[0]} players` : `${g.players[0]}–${g.players[1]} players`;
  const settings = choices.get(g.slug) || defaults(g.schema);
  const redraw = () => {
    const card = document.querySelector(`.game-card[data-game="${g.slug}"]`);
    if (card) patch(card, gameCard(g));
  };
  const form = settingsList({
    schema: g.schema, settings, editable: true, only: ASKED_HERE, hints: false, prefix: `${g.slug}-`, redraw,
    pick: (key, value) => { choices.set(g.slug, picked(g.schema, settings, key, value)); redraw(); },
  });
  return el('article', { class: 'game-card', 'data-game': g.slug, id: `card-${g.slug}` },
    el('p', { class: 'kicker', text: g.kicker }),
    el('h3', { text: g.title }),
    el('p', { class: 'blurb', text: g.blurb }),
    el('p', { class: 'counts', text: `${counts} · bots fill empty seats` }),
    form ? cardSettings(g, settings, form) : null,
    el('div', { class: 'card-actions' },
      el('button', { class: 'primary', type: 'button', onclick: () => startTable(g), text: `Start a ${g.title} table` }),
      g.rules ? el('button', { class: 'quiet', type: 'button', 'data-key': 'how-to-play', text: 'How to play', 'aria-label': `How to play ${g.title}`, onclick: () => howToPlay(g) }) : null));
}

// How to play, read before taking a seat: the game's own module, the same
// one its table shows.
const sheet = dialog('rules', 'How to play', el('div', { class: 'rules' }));

async function howToPlay(g) {
  try {
    const { RULES } = await import(g.rules);
    sheet.title(`How to play ${g.title}`);
    sheet.body.innerHTML = RULES;
    sheet.open();
    markRead(g.slug);
  } catch {
    say('How to play didn’t load; check your connection and try again.');
  }
}

// Your tables, as the server lists them (tables/yours.py), in its order
// and its words: those waiting on you first, then the others with what
// they wait for and, at a table played over days, the time left. Each row
// goes straight to its table. Past the first few, the rest fold away.
const SHOWN = 6;

function yourTables(tables) {
  if (!tables || !tables.length) return el('section', { class: 'yours', id: 'my-tables', hidden: true });
  const waiting = tables.filter(t => t.yourMove).length;
  const shown = Math.max(SHOWN, waiting);
  const rest = tables.slice(shown);
  return el('section', { class: 'yours', id: 'my-tables', 'aria-labelledby': 'my-tables-title' },
    el('h2', { id: 'my-tables-title' }, 'Your tables',
      waiting ? el('span', { class: 'waiting-count', text: ` · ${waiting} waiting on you` }) : null),
    el('ul', { class: 'your-tables' }, tables.slice(0, shown).map(tableRow)),
    rest.length ? el('details', { id: 'more-tables' },
      el('summary', { text: `${rest.length} more ${rest.length === 1 ? 'table' : 'tables'}` }),
      el('ul', { class: 'your-tables' }, rest.map(tableRow))) : null);
}

function tableRow(t) {
  const state = [t.state, t.left, t.elsewhere ? 'your seat is on another device' : null].filter(Boolean).join(' · ');
  return el('li', { class: t.yourMove ? 'waits-on-you' : null, 'data-code': t.code },
    el('a', { href: `/t/${t.code}` },
      el('span', { class: 'table-line', text: t.line }),
      el('span', { class: 'table-state' }, state, el('span', { class: 'table-code', text: t.code }))));
}

// Seen anew (back from a table, or the tab brought up), the list is asked
// for again: a move may have come your way meanwhile.
document.addEventListener('visibilitychange', async () => {
  if (document.hidden) return;
  try {
    const { tables } = await api('mine');
    patch(document.getElementById('my-tables'), yourTables(tables));
  } catch {
    // (Offline for now: the list stays as it was.)
  }
});

function draw() {
  root.replaceChildren(
    // Your tables first on a phone, beside your name and the join box on a wide screen.
    el('div', { class: 'lobby-top' },
      yourTables(JSON.parse(document.getElementById('your-tables').textContent)),
      nameField(),
      el('p', { id: 'lobby-status', class: 'status', role: 'status', 'aria-live': 'polite' }),
      // The join box before the games: on a phone it is the one thing a
      // guest came for, and it would sit under four game cards.
      joinForm()),
    el('section', { class: 'games' }, el('div', { class: 'games-head' }, el('h2', { text: 'Start a table' }), paceField()), el('div', { class: 'game-grid' }, catalog.map(gameCard))),
  );
  document.body.append(sheet.node);
}

draw();
