// How to play Line, as the room kit's How to play sheet shows it. The rules
// page with every detail is games/line/README.md.

export const RULES = `
<p class="lede">Everyone builds one shared 4 by 4 grid. When it fills, whoever holds the fewest points wins.</p>

<h3>Rows</h3>
<p>Only rows count. Every row must be able to end as a <strong>run</strong> (four in a row of one suit, ace low: A-2-3-4 up to 10-J-Q-K, no wrapping) or a <strong>set</strong> (four of one rank, one of each suit). Where a card sits inside its row doesn’t matter; the table lays each row out tidily and shows its kind.</p>
<ul>
  <li>The first card in a row can be anything.</li>
  <li>The second real card decides it: same rank makes a set, same suit a run, anything else is refused.</li>
  <li>Later cards must agree.</li>
</ul>

<h3>Jokers</h3>
<p>One joker per row. A joker stands for whatever single card lets the row finish, and covers one gap, never two: 5♠ 8♠ and a joker is fine (the joker is the 6♠ or 7♠), 5♠ 9♠ and a joker is not. A joker and one real card leave the row undecided.</p>

<h3>Your turn</h3>
<p>Pick a card; what it can do lights up. Do exactly one of these:</p>
<ol>
  <li><strong>Play</strong> it into a lit empty square.</li>
  <li><strong>Upgrade</strong>: in a full row, tap the lit joker to swap your card in; then put the freed joker in a lit empty square, or press <strong>Keep it</strong> to take it into your hand.</li>
  <li><strong>Shift</strong>: press <strong>Shift in</strong> on a completed run, then tap the card to push off its end; it goes face up on the discard. Sets never shift, and you can’t push off the card you play.</li>
</ol>
<p>Only when none of those is possible do you <strong>Draw</strong>: you take the top discard if it can go straight down, otherwise the pile’s top card. A card that can go down goes down at once (you choose the square). One that can’t joins your hand, and with eight cards you discard one.</p>

<h3>Bonus turns</h3>
<p>Complete a row and you play again at once. Completing another on that bonus turn gives nothing more. An upgrade earns one only if the joker’s new square completes a row; a shift never does.</p>

<h3>The end</h3>
<p>The game ends when the grid fills (a card that completes a row and fills the grid ends it there, no bonus), or when someone must draw and the pile is empty. Lowest hand total wins: ace 1, 2–10 face value, J Q K 10, joker 25. Ties go to fewer cards; still tied, the win is shared.</p>

<h3>Bots</h3>
<p>A bot can take any empty seat, at Easy, Medium or Hard; the waiting room says in a few words what each level does. <strong>Hard</strong> makes the move Medium would. Once six or fewer squares are open it also plays Medium’s next best moves out to the end over the ways the hidden cards could lie, and changes its move only where another clearly wins more, beyond the luck of the cards. It is about as strong as Medium, not clearly stronger.</p>

<h3>Keys</h3>
<p><kbd>1</kbd>–<kbd>8</kbd> pick a card, <kbd>D</kbd> draws, <kbd>K</kbd> keeps a freed joker, <kbd>L</kbd> opens the log, <kbd>?</kbd> this page, <kbd>Esc</kbd> puts a card down. Options turns the helpers and the keys off.</p>
`;
