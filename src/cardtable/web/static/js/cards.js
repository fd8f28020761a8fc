// Cards as text-labelled elements: faces with coloured suits, backs for hidden cards.
// The four-colour deck (spades black, hearts red, diamonds blue, clubs green) helps players who
// tell red from black poorly; it is a setting kept in this browser.

const SUITS = { "♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs" };
const RANKS = { A: "ace", K: "king", Q: "queen", J: "jack", X: "joker" };
const CARD = /^(10|[2-9AKQJX]|Joker)([♠♥♦♣])$/;

export function isCard(text) {
  return typeof text === "string" && CARD.test(text);
}

export function cardName(text) {
  const match = CARD.exec(text);
  if (!match) return text;
  const rank = RANKS[match[1]] || (match[1] === "Joker" ? "joker" : match[1]);
  return `${rank} of ${SUITS[match[2]]}`;
}

export function cardFace(text) {
  const match = CARD.exec(text);
  const el = document.createElement("span");
  el.className = "card face";
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", cardName(text));
  el.classList.add(SUITS[match[2]]);
  el.innerHTML = `<span class="rank">${match[1] === "Joker" ? "Jk" : match[1]}</span><span class="suit">${match[2]}</span>`;
  el.title = cardName(text);
  return el;
}

export function cardBack(label = "face-down card") {
  const el = document.createElement("span");
  el.className = "card back";
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", label);
  el.title = label;
  return el;
}

// Text with any card notation in it ("attack ♣ J♣", "Q♠ beats 3♥") with the suits coloured.
export function richText(text) {
  const span = document.createElement("span");
  for (const part of String(text).split(/([♠♥♦♣])/)) {
    if (SUITS[part]) {
      const suit = document.createElement("span");
      suit.className = `pip ${SUITS[part]}`;
      suit.textContent = part;
      span.append(suit);
    } else if (part) {
      span.append(part);
    }
  }
  return span;
}

export function setFourColour(on) {
  document.body.classList.toggle("four-colour", on);
  localStorage.setItem("cardtable-four-colour", on ? "1" : "0");
}

export function fourColourSetting(checkbox) {
  const on = localStorage.getItem("cardtable-four-colour") === "1";
  checkbox.checked = on;
  setFourColour(on);
  checkbox.addEventListener("change", () => setFourColour(checkbox.checked));
}
