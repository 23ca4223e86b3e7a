// Card faces for every card game: a card string ("7H0", "TS1", "XX2")
// becomes a button-sized face with its rank, suit and a name a screen reader
// says ("7 of hearts"). Games never draw their own faces.

const SUITS = { C: '♣', D: '♦', H: '♥', S: '♠' };
const SUIT_NAMES = { C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades' };
const RANKS = { A: 'A', T: '10', J: 'J', Q: 'Q', K: 'K' };
const RANK_NAMES = { A: 'ace', T: '10', J: 'jack', Q: 'queen', K: 'king' };

export function isJoker(card) { return card.startsWith('XX'); }
export function suitOf(card) { return card[1]; }
export function suitSymbol(suit) { return SUITS[suit] || suit; }
export function suitName(suit) { return SUIT_NAMES[suit] || suit; }
export function rankText(card) { return RANKS[card[0]] || card[0]; }

/** "7♥", "10♠", "Joker": a card in a sentence. */
export function short(card) {
  if (!card) return '';
  return isJoker(card) ? 'Joker' : `${rankText(card)}${SUITS[card[1]]}`;
}

/** "7 of hearts": what a screen reader says. */
export function spoken(card) {
  if (isJoker(card)) return 'joker';
  return `${RANK_NAMES[card[0]] || card[0]} of ${SUIT_NAMES[card[1]]}`;
}

/** A card face as an element (a button when onclick is given). */
export function face(card, { onclick, label, className = '', small = false, disabled = false } = {}) {
  const node = document.createElement(onclick ? 'button' : 'span');
  node.className = `card ${small ? 'small ' : ''}${className}`.trim();
  node.dataset.card = card;
  if (isJoker(card)) {
    node.classList.add('joker');
    node.innerHTML = '<span class="rank">★</span><span class="suit">Joker</span>';
  } else {
    node.classList.add(card[1] === 'H' || card[1] === 'D' ? 'red' : 'black');
    node.innerHTML = `<span class="rank">${rankText(card)}</span><span class="suit">${SUITS[card[1]]}</span>`;
  }
  node.setAttribute('aria-label', label || spoken(card));
  // (A face that is not a button is a picture with a name.)
  if (!onclick) node.setAttribute('role', 'img');
  if (onclick) {
    node.type = 'button';
    node.disabled = disabled;
    node.addEventListener('click', () => onclick(card));
  }
  return node;
}

/** A face-down card (a pile, another seat's hand). */
export function back({ label = 'a face-down card', small = false, count = null } = {}) {
  const node = document.createElement('span');
  node.className = `card back${small ? ' small' : ''}`;
  node.setAttribute('role', 'img');
  node.setAttribute('aria-label', label);
  if (count !== null) node.dataset.count = String(count);
  return node;
}
