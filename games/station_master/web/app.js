// Station Master at a Parlor table (games/station_master/README.md). The
// lobby, waiting room, bar, log drawer and result sheet are the room kit's;
// this brings How to play, the log in the engine's own sentences (which
// the kit also reads out), the sounds and Your move prompts of a railroad
// day, the result's lines and the table itself (table.js), whose trains
// move along the Division as cues on the kit's queue.

import { start } from '../../room/room.js';
import { RULES } from './rules.js';
import { resultDetail, resultLine, shareText } from './sheet.js';
import { GAME, Table } from './table.js';

const table = new Table();

start({
  game: GAME,
  title: 'Station Master',
  firstRun: true,
  rules: RULES,
  // The first time each kind of decision is yours (the engine's kinds).
  yourMove: {
    work: { say: 'Tap cars in your yard, in order, or a train: its moves show here.', ring: '#sm-desk-body' },
    lay: { say: 'Tap a card in your hand, or a lit Mainline card, to lay or scrap it.', ring: '#sm-hand-box' },
  },
  // A whistle as a train comes onto the timetable, a clank as cars are set
  // out, and a bell when the work comes round to your Office.
  sounds: { timetable: 'whistle', delivered: 'delivered' },
  turnSound: 'bell',
  progress: snap => (snap.view ? snap.view.clock : ''),
  // Every line of the log is the engine's own sentence.
  describe: e => e.text || '',
  resultLine,
  resultDetail,
  shareText,
  play: {
    draw(board, snap, room) { table.draw(board, snap, room); },
    refused: () => table.refused(),
    keys: e => table.snap && table.snap.status === 'playing' && table.key(e),
    hinted: action => table.hinted(action),
  },
});
