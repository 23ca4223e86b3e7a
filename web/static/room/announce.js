// Announcements for screen readers: one polite live region the kit owns
// (#announce). It reads every other seat's move and the table's news in the
// log's own sentences, your turn, refusals, and the end. A sentence is
// added as its own line, so a quick run of moves is read in full.

// Lines stay in the region at least READ_MS, so a burst (a game's start
// says eight) is read in full however long the reader takes; after that,
// only the newest KEEP stay.
const KEEP = 6;
const READ_MS = 30000;

export class Announcer {
  constructor() {
    this.node = document.getElementById('announce');
    if (!this.node) {
      this.node = document.createElement('div');
      this.node.id = 'announce';
      this.node.className = 'announce';
      this.node.setAttribute('aria-live', 'polite');
      this.node.setAttribute('aria-atomic', 'false');
      document.body.append(this.node);
    }
    this.last = null;
  }

  /** Read `text` out: nothing for an empty one, nor the same sentence twice
   * for one change of the table, unless `again` (a refusal, tried twice). */
  say(text, again = false) {
    if (!text || (text === this.last && !again)) return;
    this.last = text;
    const line = document.createElement('p');
    line.textContent = text;
    line.dataset.at = Date.now();
    this.node.append(line);
    const readBefore = Date.now() - READ_MS;
    while (this.node.childElementCount > KEEP && Number(this.node.firstElementChild.dataset.at) <= readBefore) {
      this.node.firstElementChild.remove();
    }
  }

  /** Every line read so far, forgotten: the device is passed to someone
   * else, who finds none of the last person's (their hints among them). */
  clear() {
    this.node.replaceChildren();
    this.last = null;
  }

  /** A new change of the table: its sentences may repeat the last one's. */
  next() {
    this.last = null;
  }
}

// Why something tried at the table didn't go, in a sentence: room.refuse
// reads it out at once and keeps it as room.refusal for the game's status
// line while the step it was tried at is on screen, or until the game lets
// it go (room.refusal = null). A move the server refuses comes the same
// way, so a game has one path for every refusal: its play.refused repaints.

// The step of the game a snapshot shows: a refusal outlives a snapshot
// that changes nothing of the game (a seat taken, a word said).
const stepOf = snap => `${snap.number}:${snap.view ? snap.view.seq : snap.seq}`;

export function keepRefusals(room) {
  let kept = null; // {text, step}
  Object.defineProperty(room, 'refusal', {
    get: () => (kept && room.snap && kept.step === stepOf(room.snap) ? kept.text : null),
    set: text => { kept = text && room.snap ? { text, step: stepOf(room.snap) } : null; },
  });
  /** Say why, and keep it; `said`: the sentence was read out already. */
  room.refuse = (text, said = false) => {
    if (!said) room.announce(text, true); // (a status line is not a live region)
    room.refusal = text;
    if (room.cfg.play.refused) room.cfg.play.refused(text);
  };
}
