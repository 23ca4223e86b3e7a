// Your move: the first time each kind of decision falls to you (the
// server's own kind, snapshot.decision), a short prompt says what to do,
// and rings where to act. Each kind is shown once per browser, per game:
// it goes once you move, or press Got it.

import { el } from './net.js';

export class YourMove {
  /** `prompts`: {kind: sentence, or {say, ring: a CSS selector}} (the game's cfg.yourMove). */
  constructor(game, prompts = {}) {
    this.game = game;
    this.prompts = prompts;
    this.kind = null;
    this.ringed = null;
    this.node = el('div', { class: 'your-move', id: 'your-move', hidden: true },
      el('span', { class: 'your-move-words' }, el('strong', { text: 'Your move' }), ' ', el('span', { class: 'your-move-say' })), ' ',
      el('button', { type: 'button', class: 'quiet', id: 'your-move-ok', text: 'Got it', onclick: () => this.seen() }));
  }

  key(kind) { return `parlor:${this.game}:yourmove-${kind}`; }

  /** Show the prompt for `kind` (the decision now yours, or null) if it is new to this browser. */
  update(kind) {
    const prompt = kind ? this.prompts[kind] : null;
    const fresh = !!prompt && !localStorage.getItem(this.key(kind));
    this.kind = fresh ? kind : null;
    this.node.hidden = !fresh;
    this.unring();
    if (!fresh) return;
    const { say, ring } = typeof prompt === 'string' ? { say: prompt } : prompt;
    this.node.querySelector('.your-move-say').textContent = say;
    // The game's table decides where the prompt sits ([data-your-move]); else above the board.
    const slot = document.querySelector('[data-your-move]');
    if (slot && this.node.parentNode !== slot) slot.prepend(this.node);
    else if (!slot && !this.node.isConnected) document.getElementById('board')?.before(this.node);
    this.ringed = ring ? document.querySelector(ring) : null;
    if (this.ringed) this.ringed.classList.add('your-move-ring');
  }

  unring() {
    if (this.ringed) this.ringed.classList.remove('your-move-ring');
    this.ringed = null;
  }

  /** You moved (or pressed Got it): this kind's prompt is done with. */
  seen() {
    if (!this.kind) return;
    localStorage.setItem(this.key(this.kind), '1');
    this.kind = null;
    this.node.hidden = true;
    this.unring();
  }
}
