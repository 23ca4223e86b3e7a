// How to play Station Master, as the room kit's How to play sheet shows it:
// the rules page (games/station_master/README.md) in its own words, for a
// player at the table.

export const RULES = `
<p class="lede">Each player runs an Office on one shared single-track railroad, the Division. Trains run through it all day on a timetable. You switch cars in your Small Yard, couple them to trains going the right way, run Extras of your own, and play Home Office cards that change the line. When the day’s last Stage ends, the points are counted.</p>

<h3>The Division</h3>
<p>The Division runs west to east: the West Division Point, a Mainline card, an Office, a Mainline card, and so on to the East Division Point. There is one Office per player (Ashford, Birch Creek, Cold Spring and Dover, west to east), so N players lay N + 1 Mainline cards. The cards are dealt from a deck of ten: Plains twice, and Curves, Hilly, Heavy Grade, Double Track, Uncontrolled Siding, Tunnel, Trestle and Interchange once each.</p>
<table class="sm-rules-table">
  <tr><th scope="row">Plains, Trestle</th><td>60 mph</td></tr>
  <tr><th scope="row">Curves, Tunnel</th><td>30 mph</td></tr>
  <tr><th scope="row">Hilly</th><td>60 mph for a train with at least one coach, 30 mph for a train with none</td></tr>
  <tr><th scope="row">Heavy Grade</th><td>starts at 30 mph; it climbs one way (uphill) and falls the other (downhill). Which way it climbs is rolled at the start: nobody chooses it.</td></tr>
  <tr><th scope="row">Double Track</th><td>60 mph; trains may meet and pass here</td></tr>
  <tr><th scope="row">Uncontrolled Siding</th><td>60 mph; trains may meet and pass here, but one of them loses a Stage</td></tr>
  <tr><th scope="row">Interchange</th><td>60 mph; cars come into its yard, and an Extra may be made up there</td></tr>
</table>

<h3>Crossing a Mainline card</h3>
<p>A 60 mph card takes one Stage, a 30 mph card two. A Slow train adds one Stage to every crossing. On the Heavy Grade a Brakeman takes one Stage off a train running downhill, Airbrakes one more, and Helpers one off a train running uphill; a Slow Order adds one Stage. No crossing ever takes less than one Stage. Each card on the board says its speed and how long each train takes.</p>

<h3>Trains</h3>
<p>Odd-numbered trains run west; even-numbered trains run east.</p>
<table class="sm-rules-table">
  <tr><th scope="row">Passenger, No. 1 to 4</th><td>Fast; three coaches, no room for cars</td></tr>
  <tr><th scope="row">Mixed, No. 21 to 24</th><td>Slow; one coach and room for 3 cars</td></tr>
  <tr><th scope="row">Freight, No. 51 to 56</th><td>Slow; room for 5 cars</td></tr>
  <tr><th scope="row">Extra, 101 and up</th><td>Slow; room for 4 cars. An Extra belongs to the player who played it, and only its owner’s cars ride it.</td></tr>
</table>
<p>The timetable shows the Stage each scheduled train is due at every place; a train that reaches the far Division Point by its time is <strong>on time</strong>. A train due this Stage flashes on the timetable.</p>

<h3>Your Office and its Small Yard</h3>
<p>Your Office has a main track and room beside it for every train that stops: trains meet and pass at Offices. Its Small Yard has three tracks: the <strong>house track</strong> (room for 4 cars), where new loads come in, the <strong>west track</strong> (3) and the <strong>east track</strong> (3). Every car is billed to a place: a Division Point or another Office.</p>

<h3>A Stage</h3>
<ol>
  <li><strong>The timetable.</strong> Trains due now come on at their Division Point, and three loads come in round the Offices (none in the day’s last three Stages). A load that finds the house track full goes by truck and is lost.</li>
  <li><strong>Local Operations.</strong> Each player takes a turn at their own Office, the Superintendent first and then each Office east. A turn is two moves; the Superintendent gets three.</li>
  <li><strong>Movement.</strong> Every train not held tries to take the Mainline card ahead, the most superior first; trains on a card spend a Stage; a train that arrives sets out the cars billed there, which score.</li>
</ol>
<p>The <strong>Superintendent’s</strong> badge passes to the next Office east after every Stage. The board always names who holds it.</p>

<h3>Your moves</h3>
<ul>
  <li><strong>Switch</strong> one or two cars from your house track to the track for the way they go.</li>
  <li><strong>Couple</strong> cars from your west (or east) track onto a train standing at your Office that runs that way and has room.</li>
  <li><strong>Hold</strong> a train standing at your Office for this Stage (once a day at each Office).</li>
  <li><strong>The Draw option</strong>: draw a Home Office card (it is marked just drawn, for you alone), then lay a track card onto a Mainline card, scrap a card, or keep your hand.</li>
  <li><strong>Run an Extra</strong>: play an Extra card and make up an Extra from your west or east track, or, when the Interchange is on the board, in its yard (it takes the first cars there billed its way). One Extra of yours at a time.</li>
  <li><strong>Play a card</strong>: a Train Order, an Extra Crew, a Red Flag or a Tie-up.</li>
  <li><strong>Done</strong>: end your turn.</li>
</ul>

<h3>Home Office cards</h3>
<p>Brakeman, Airbrakes and Helpers go on the Heavy Grade. A Realignment goes on an empty Mainline card: Plains becomes Double Track, Curves becomes Plains, Uncontrolled Siding becomes Double Track, Trestle becomes Uncontrolled Siding. A Train Order gives a train at your Office the right over every other train until its next stop. An Extra Crew gives you two more moves. With hindering cards in the deck, a Red Flag holds a train at another Office, a Tie-up takes a move from another Office’s next turn, and a Slow Order makes a Mainline card one Stage slower.</p>

<h3>The right to the track</h3>
<p>The most superior train goes first: a train holding a Train Order; then scheduled trains before Extras; Fast before Slow; the train that has waited longer; westbound before eastbound; the lower number. On single track, opposing trains meet at an Office, and trains cannot pass. An Extra waits until the way ahead is clear. Double Track and the Uncontrolled Siding let trains meet and pass.</p>

<h3>Scoring</h3>
<p>A car set out where it is billed scores <strong>2 points at a Division Point</strong> and <strong>1 at an Office</strong>, for the Office that forwarded it. Playing together (Co-op, Solitaire), all points go to the table, every scheduled train in on time adds 2, and the table wins if it reaches the day’s goal. Playing each for yourself (Competitive, Cutthroat), the Office with the most points wins.</p>

<h3>Bots</h3>
<p>A bot can take any empty seat, at Easy, Medium or Hard; the waiting room says in a few words what each level does. <strong>Hard</strong> reasons as Medium does and adds more: it switches the cars a standing train could take before coupling, holds a train for a Stage when that ships more, spends Train Orders, and before it commits cars or trains it plays the rest of the day through to see which move comes out best.</p>

<h3>At the table</h3>
<p>The Division is drawn west to east. Each Mainline card is a stretch of track with its speed and the Stages each train takes to cross it; each Office is a station with its Small Yard. A train is a block on the track, above the line heading west and below it heading east: its number, its class, a mark for how it runs (✓ on time, +2 two Stages late, held), a lamp for each Stage it has still to go, its engine and cars. A car wears the letter and colour of the place it is billed to; the Key on the Division says which.</p>
<p>Your own yard is at the foot of the screen. Tap cars there, in the order you want them, or a train, or a card in your hand: the moves that take what you picked appear beside your yard, each in a sentence. A picked card or cars light the trains, Mainline cards and Offices they can go to: tap one to narrow the moves to it.</p>
<p>Keys: <kbd>1</kbd>–<kbd>9</kbd> pick a card, <kbd>D</kbd> takes the Draw option, <kbd>K</kbd> keeps your hand, <kbd>E</kbd> ends your turn, <kbd>Esc</kbd> puts a pick back, <kbd>L</kbd> the log, <kbd>?</kbd> this page.</p>
`;
