// How to play Get In Line, as the room kit's How to play sheet shows it.
// The rules page with every detail is games/get_in_line/README.md.

export const RULES = `
<p class="lede">Play a card, put your team’s chip on a board space showing that card, and be the first team to make its lines: five chips in a row.</p>

<h3>Your turn</h3>
<ol>
  <li><strong>Pick a card</strong> from your hand. The spaces it can go on light up.</li>
  <li><strong>Tap a lit space.</strong> An ordinary card plays at once. A jack asks you to tap again, so a slip never spends it.</li>
  <li>You draw a new card by yourself, and the turn passes on.</li>
</ol>
<p>You can also tap a space first: the table picks the card for it, and you tap again to play.</p>

<h3>The board</h3>
<p>Every card but the jacks is on the board twice, so a 7♥ goes on either 7♥ space. The four <strong>corners are free</strong>: they count as a chip for every team.</p>
<p>The chips differ by shape as well as colour: <span class="chip t0 ring" aria-hidden="true"></span> Blue has a ring, <span class="chip t1 cross" aria-hidden="true"></span> Orange a cross, <span class="chip t2 triangle" aria-hidden="true"></span> Green a triangle.</p>

<h3>Jacks</h3>
<ul>
  <li><strong>Two-eyed jacks</strong> (♣ and ♦) go on any open space.</li>
  <li><strong>One-eyed jacks</strong> (♠ and ♥) take another team’s chip off the board. You place no chip that turn.</li>
</ul>

<h3>Lines</h3>
<p>Five of your team’s chips in a row, across, down or diagonally, make a line. A finished line is safe: no jack can take its chips. Two lines may share one space, so nine in a row is two lines.</p>
<p>With <strong>two teams</strong> you need <strong>two lines</strong> to win; with <strong>three teams</strong>, one.</p>

<h3>Dead cards and passing</h3>
<p>A card whose two spaces are both taken is <strong>dead</strong>. Once a turn you may <strong>Trade in</strong> a dead card for a new one, then play. If nothing in your hand can play, you <strong>Pass</strong>. If everyone passes in turn, or the board fills, the team with most lines wins; level is a draw.</p>

<h3>Teams</h3>
<p>Seats alternate round the table: with two teams, seats 1, 3, 5… are Blue and 2, 4, 6… Orange. Partners share chips and lines but not cards. Get In Line plays with 2, 3, 4, 6, 8, 9, 10 or 12 seats, bots included.</p>

<h3>Bots</h3>
<p>A bot can take any empty seat, at Easy, Medium or Hard; the waiting room says in a few words what each level does. <strong>Hard</strong> makes the play Medium would, unless a look ahead shows a clearly better one: it tries Medium’s next best plays a few turns on, over the ways the cards still to come could fall, and changes its play only where the gain is more than the luck of the cards. It is about as strong as Medium, not clearly stronger.</p>

<h3>Keys</h3>
<p><kbd>1</kbd>–<kbd>7</kbd> pick a card, <kbd>T</kbd> trades in, <kbd>P</kbd> passes, <kbd>L</kbd> opens the log, <kbd>?</kbd> this page. Arrows, <kbd>Home</kbd> and <kbd>End</kbd> move round the board (with a card picked, between its lit spaces, as <kbd>Tab</kbd> does), <kbd>Enter</kbd> plays, <kbd>Esc</kbd> puts a card down. Options turns the helpers and the keys off.</p>
`;
