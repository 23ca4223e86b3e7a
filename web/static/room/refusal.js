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
