// Station Master at a Parlor table (games/station_master/README.md). The
// lobby, waiting room, bar, log drawer and result sheet are the room kit's;
// this brings How to play, the log in the engine's own sentences, the
// result's lines and the table itself (table.js).

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
  },
});
