// The server's own pages (a rules page, an error page): the four-colour deck setting, and every
// suit symbol in the text coloured as on the table (the text itself comes from the server).

import { fourColourSetting, richText } from "./cards.js";

fourColourSetting(document.getElementById("four-colour"));

// Each text node holding a suit symbol becomes the same text with the symbols coloured; code
// (notation examples) is coloured too, as the move list colours notation.
const SUIT = /[♠♥♦♣]/;
const walker = document.createTreeWalker(document.querySelector("main") || document.body, NodeFilter.SHOW_TEXT);
const found = [];
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  if (SUIT.test(node.nodeValue)) found.push(node);
}
for (const node of found) node.replaceWith(richText(node.nodeValue));
