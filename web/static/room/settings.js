// A game's settings as the lobby's make-a-table form and the waiting room
// both draw them, from the game's options_schema (which the server puts on
// each page): one drawing, so the two screens can't drift apart.
//
// Each schema row has a key, a label, a hint, its choices and their labels.
// A row with `sizes` is asked only at those seat counts. The row with
// `presets` is the preset: each preset carries its full set of answers and
// the seat counts it allows, and a row marked `custom` is answered by the
// preset unless the preset is Custom, when the questions come one by one.

import { el } from './net.js';

export const word = (row, value) => (row.labels && row.labels[String(value)]) || String(value);

/** The row that chooses a preset, if the game has presets. */
export const presetRow = schema => schema.find(s => s.presets);

/** The preset these settings are playing, or null. */
export function presetOf(schema, settings) {
  const row = presetRow(schema);
  return row ? row.presets.find(p => p.key === settings[row.key]) || null : null;
}

/** Each row's default: where the lobby's form starts. */
export function defaults(schema) {
  return Object.fromEntries(schema.map(s => [s.key, s.default]));
}

/** The settings after a pick: picking a preset brings its answers along
 * (the server does the same, so what the form shows is what it will get). */
export function picked(schema, settings, key, value) {
  const row = presetRow(schema);
  const out = { ...settings, [key]: value };
  if (row && key === row.key) Object.assign(out, (row.presets.find(p => p.key === value) || {}).answers || {});
  return out;
}

// Which question of Custom's each form is on, kept across redraws (a
// settings change pushed by the server redraws the whole form).
const steps = new Map();

/** The settings as rows: `editable` draws lists to pick from (each pick is
 * `pick(key, value)`), otherwise the answers as words. `only` keeps some
 * rows (the lobby asks only the preset's); `prefix` keeps ids apart when
 * one page holds several forms; `redraw` draws the form again after a
 * step through Custom's questions. */
export function settingsList({ schema, settings, seats = null, editable, pick, redraw, prefix = '', only = null, hints = true }) {
  let rows = schema.filter(s => !s.sizes || (seats !== null && s.sizes.includes(seats)));
  if (only) rows = rows.filter(only);
  const preset = presetRow(schema);
  const custom = !!preset && settings[preset.key] === 'custom';
  const questions = rows.filter(s => s.custom);
  const out = [];
  for (const s of rows) {
    if (s.custom && custom && editable) continue; // asked one by one, below
    const blurb = s.presets && (s.presets.find(p => p.key === settings[s.key]) || {}).blurb;
    const canPick = editable && (!s.custom || custom);
    out.push(el('div', { class: 'setting', 'data-key': `row-${s.key}` }, el('dt', { text: s.label }),
      el('dd', {}, control(s, settings[s.key], canPick, pick, prefix),
        blurb ? el('small', { class: 'blurb', text: blurb }) : null,
        hints && s.hint ? el('small', { text: s.hint }) : null)));
    if (s === preset && custom && editable && questions.length) out.push(oneByOne(questions, settings, pick, redraw, prefix));
  }
  return out.length ? el('dl', { id: `${prefix}settings-list` }, out) : null;
}

function control(s, value, editable, pick, prefix) {
  const id = `${prefix}setting-${s.key}`;
  if (!editable) return el('span', { id, text: word(s, value) });
  return el('select', { id, 'aria-label': s.label, onchange: e => {
    const found = s.choices.find(v => String(v) === e.target.value);
    pick(s.key, found === undefined ? e.target.value : found);
  } }, s.choices.map(v => el('option', { value: String(v), selected: v === value, text: word(s, v) })));
}

/** Custom's questions, one at a time: this one to answer, Back and Next,
 * and the answers given so far. */
function oneByOne(questions, settings, pick, redraw, prefix) {
  const at = Math.min(steps.get(prefix) || 0, questions.length - 1);
  const q = questions[at];
  const go = to => { steps.set(prefix, to); if (redraw) redraw(); };
  const others = questions.filter((_, i) => i !== at);
  return el('div', { class: 'setting one-by-one', 'data-key': 'one-by-one' },
    el('dt', {}, el('span', { class: 'step', id: `${prefix}custom-step`, text: `Question ${at + 1} of ${questions.length}` }), ' ', q.label),
    el('dd', {},
      control(q, settings[q.key], true, pick, prefix),
      el('span', { class: 'step-buttons' },
        at > 0 ? el('button', { type: 'button', class: 'quiet', id: `${prefix}custom-back`, text: 'Back', onclick: () => go(at - 1) }) : null,
        at < questions.length - 1 ? el('button', { type: 'button', id: `${prefix}custom-next`, text: 'Next question', onclick: () => go(at + 1) }) : null),
      el('ul', { class: 'answers', 'aria-label': 'Your answers' }, others.map(o => el('li', { 'data-key': `answer-${o.key}` },
        `${o.label} `, el('strong', { id: `${prefix}answer-${o.key}`, text: word(o, settings[o.key]) }))))));
}

/** A table that can't start as it is: beside the game's own sentence (the
 * table's start problem), for the host, a button for each other preset
 * that fits its seats, so a table of one is offered Solitaire rather than
 * refused at Start. */
export function fitOffer({ schema, settings, seats, problem, host, pick }) {
  const row = presetRow(schema);
  const now = presetOf(schema, settings);
  if (!problem || !row || !now) return null;
  // (Custom allows every size, but its answers may not: it is offered
  // the presets that fit too.)
  const fits = row.presets.filter(p => p.key !== 'custom' && p.key !== now.key && p.sizes.includes(seats));
  if (!fits.length) return null;
  return el('p', { class: 'fit-offer', id: 'preset-offer' },
    host ? fits.map(p => el('button', { type: 'button', class: 'primary', 'data-key': `offer-${p.key}`, text: `Play ${p.label}`,
      onclick: () => pick(row.key, p.key) })) : null,
    host ? null : el('span', { class: 'muted', text: 'The host can choose another preset.' }));
}
