// How to play Euchre, as the room kit's How to play sheet shows it. The
// rules page with every detail and every family decision is games/euchre/README.md.

export const RULES = `
<p class="lede">Four players in two teams, partners sitting across. Each hand one team names trump and tries to take at least three of the five tricks. The first team to <strong>10 points</strong> wins.</p>

<h3>The cards</h3>
<p>Twenty-four cards: 9, 10, J, Q, K, A in each suit. Everyone gets five; the next card is turned up on the three left over (the kitty).</p>
<p>In the trump suit the order is special. The <strong>jack of trump</strong> (the right bower) is the top card, and the <strong>other jack of the same color</strong> (the left bower) is next: with ♥ trump, the J♦ <em>is a heart</em> for the whole hand. Then A, K, Q, 10, 9 of trump. The table marks the left bower for you.</p>

<h3>Calling trump</h3>
<ol>
  <li><strong>Round one.</strong> From the dealer’s left, each player may <strong>call</strong> the turned card’s suit, or pass. If anyone calls, the dealer picks the card up and discards one card.</li>
  <li><strong>Round two.</strong> If all four pass, the card is turned down and everyone gets one more chance to call any <em>other</em> suit.</li>
  <li><strong>Stick the dealer</strong> (on unless the host turns it off): if the other three pass again, the dealer must call. With it off, the hand is thrown in and the deal passes left.</li>
</ol>
<p>Whoever calls makes their team the <strong>makers</strong>; they need three tricks.</p>

<h3>Going alone</h3>
<p>When you call you may <strong>go alone</strong>: your partner sits out, and taking all five scores 4. If the dealer’s partner calls alone in round one, the dealer sits out and the turned card stays where it is.</p>

<h3>Playing</h3>
<p>The player left of the dealer leads (or the next one playing). Everyone must <strong>follow the suit led</strong> if they can (remember, the left bower counts as trump); otherwise any card. The highest trump wins the trick, or else the highest card of the suit led. The winner leads next.</p>

<h3>Scoring</h3>
<table class="eu-rules-table">
  <tr><th scope="row">Makers take 3 or 4</th><td>1 point</td></tr>
  <tr><th scope="row">Alone, 3 or 4</th><td>1 point</td></tr>
  <tr><th scope="row">Makers take all 5</th><td>2 points</td></tr>
  <tr><th scope="row">Alone, all 5</th><td>4 points</td></tr>
  <tr><th scope="row">Makers take 2 or fewer (euchred)</th><td>2 points to the defenders</td></tr>
  <tr><th scope="row">Euchred by a lone defender</th><td>4 points to the defenders</td></tr>
</table>
<p>The game is checked after every hand: the first team to 10 wins (a team on 9 that goes alone and takes all five ends on 13).</p>

<h3>House rules the host can turn on</h3>
<ul>
  <li><strong>Defending alone:</strong> against a lone caller, a defender may go alone too; their partner sits out.</li>
  <li><strong>Farmer’s hand:</strong> five 9s and 10s may be swapped, three cards for the kitty, sight unseen.</li>
  <li><strong>Canadian loner:</strong> the dealer’s partner may call the turned card only by going alone.</li>
</ul>

<h3>At the table</h3>
<p>Your hand is at the bottom: cards you can play light up. Sort it by suit, or drag cards into your own order (this browser remembers it). Between hands the score sheet shows every hand so far; press <strong>Next hand</strong> when you’re ready.</p>

<h3>Bots</h3>
<p>A bot can take any empty seat, at Easy, Medium or Hard; the waiting room says in a few words what each level does. <strong>Hard</strong> plays Medium’s game and adds two things: it counts every card played, and before each bid, its discard and its card in the first trick it plays the hand out over many ways the other hands could lie, then does what scores best for the hand and the game.</p>

<h3>Keys</h3>
<p>The suit’s letter (<kbd>C</kbd> <kbd>D</kbd> <kbd>H</kbd> <kbd>S</kbd>) calls it, <kbd>A</kbd> goes alone, <kbd>P</kbd> passes, <kbd>1</kbd>–<kbd>6</kbd> play a card, <kbd>O</kbd> sorts. Options turns the keys and the helpers off.</p>
`;
