// Sounds: short cues made on the spot with Web Audio (no files, nothing
// fetched): your turn (a chime, or a bell), a card or a chip played, a
// trick or a line won, the end, and the railroad's own: a whistle for a
// train coming due and a short clank for a train's cars set out. Options
// has the switch; unset, sounds are on, except under the
// browser's reduced-motion setting, where they wait to be turned on.

export const SOUNDS_KEY = 'parlor:sounds';

// Each cue: notes of [frequency Hz, start s, length s], a wave, a loudness.
const CUES = {
  turn: { wave: 'sine', gain: 0.18, notes: [[660, 0, 0.12], [880, 0.11, 0.18]] },
  card: { wave: 'triangle', gain: 0.12, notes: [[320, 0, 0.06]] },
  chip: { wave: 'sine', gain: 0.16, notes: [[520, 0, 0.05], [260, 0.04, 0.08]] },
  won: { wave: 'triangle', gain: 0.16, notes: [[523, 0, 0.12], [659, 0.1, 0.12], [784, 0.2, 0.22]] },
  end: { wave: 'sine', gain: 0.18, notes: [[523, 0, 0.18], [659, 0.16, 0.18], [784, 0.32, 0.18], [1047, 0.48, 0.4]] },
  // A struck bell: its note with a quieter overtone, ringing out.
  bell: { wave: 'sine', gain: 0.2, notes: [[988, 0, 0.7], [2470, 0, 0.35], [988, 0.28, 0.6]] },
  // A steam whistle's chord, two blasts.
  whistle: { wave: 'sawtooth', gain: 0.05, notes: [[370, 0, 0.32], [466, 0, 0.32], [554, 0, 0.32], [370, 0.4, 0.5], [466, 0.4, 0.5], [554, 0.4, 0.5]] },
  delivered: { wave: 'square', gain: 0.06, notes: [[180, 0, 0.05], [140, 0.07, 0.07]] },
};

/** When one snapshot has several, the one that sounds: the first of these. */
export const LOUDEST = ['end', 'won', 'bell', 'turn', 'whistle', 'chip', 'delivered', 'card'];

export function soundsOn() {
  const chosen = localStorage.getItem(SOUNDS_KEY);
  if (chosen === 'on') return true;
  if (chosen === 'off') return false;
  return !matchMedia('(prefers-reduced-motion: reduce)').matches;
}

let context = null;

// A browser lets sound start only after a person has touched the page.
function wake() {
  if (!soundsOn()) return;
  const Audio = window.AudioContext || window.webkitAudioContext;
  if (!Audio) return;
  if (!context) context = new Audio();
  if (context.state === 'suspended') context.resume().catch(() => {});
}
for (const kind of ['pointerdown', 'keydown']) document.addEventListener(kind, wake, { capture: true, passive: true });

/** Play one cue by name, if sounds are on and the page has been touched.
 * A tab out of sight sounds only your turn and the end: the calls to come back. */
export function play(name) {
  const cue = CUES[name];
  if (!cue || !soundsOn() || !context || context.state !== 'running') return;
  if (document.hidden && !['turn', 'bell', 'end'].includes(name)) return;
  const now = context.currentTime;
  for (const [freq, at, length] of cue.notes) {
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.type = cue.wave;
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, now + at);
    gain.gain.exponentialRampToValueAtTime(cue.gain, now + at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + at + length);
    osc.connect(gain).connect(context.destination);
    osc.start(now + at);
    osc.stop(now + at + length + 0.02);
  }
}
