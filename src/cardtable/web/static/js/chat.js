// The table's chat: the lines this page may see (ChatLines messages), the box to write one, and
// a mute per other seat. Every line is someone's text, shown with textContent only, so a line
// reading "<script>" is those characters, never markup. The server keeps the limits (length,
// pace, who may read); the page keeps to them so that nothing is refused that it could foresee.

const $ = (id) => document.getElementById(id);
export const MAX_CHAT = 300;  // protocol.MAX_CHAT: characters in one line

const lines = new Map();      // line number → line ({n, seat, text, at})
let muted = new Set();        // the seats whose lines this page hides
let unread = 0;
let context = null;           // { seat, seats, seatName, send } of the table on screen

// On a phone the chat starts folded: the board comes first.
if (matchMedia("(max-width: 800px)").matches) $("chat-fold").open = false;
$("chat-fold").addEventListener("toggle", () => { if ($("chat-fold").open) markRead(); });

// Called with every table message: who this page is, the seats, how to name and to send.
export function chatContext(next) {
  context = next;
  const seated = next.seat !== null;
  $("chat-panel").hidden = !seated && lines.size === 0;
  $("chat-form").hidden = !seated;
  $("chat-help").hidden = !seated;
  drawMutes();
}

// A ChatLines message: new lines, or (``whole``) every line this page may see now.
export function receiveChat(message) {
  const known = new Set(lines.keys());
  if (message.whole) lines.clear();
  for (const line of message.lines) lines.set(line.n, line);
  if (message.muted) muted = new Set(message.muted);
  const fresh = message.lines.filter((line) => !known.has(line.n) && !muted.has(line.seat)).length;
  if (!$("chat-fold").open) unread += fresh;
  $("chat-panel").hidden = false;
  drawLines();
  drawMutes();
}

// A chat refusal (too fast, too long), shown under the box it came from.
export function chatError(text) {
  $("chat-error").textContent = text;
  $("chat-error").hidden = false;
}

function markRead() {
  unread = 0;
  $("chat-unread").hidden = true;
}

function speaker(line) {
  return context ? context.seatName(line.seat) : `Seat ${line.seat + 1}`;
}

function drawLines() {
  const shown = [...lines.values()].filter((line) => !muted.has(line.seat));
  $("chat-lines").replaceChildren(...shown.map((line) => {
    const item = document.createElement("li");
    item.dataset.seat = String(line.seat);
    const who = document.createElement("span");
    who.className = "chat-who";
    who.textContent = `${speaker(line)}: `;
    const text = document.createElement("span");
    text.className = "chat-text";
    text.textContent = line.text;
    item.append(who, text);
    if (line.at) item.title = new Date(line.at * 1000).toLocaleTimeString();
    return item;
  }));
  $("chat-empty").hidden = shown.length > 0;
  $("chat-lines").scrollTop = $("chat-lines").scrollHeight;
  $("chat-unread").textContent = `(${unread} new)`;
  $("chat-unread").hidden = unread === 0;
}

// A toggle for each other seat a person sits in: "Hide Opponent's messages".
function drawMutes() {
  const seated = context && context.seat !== null;
  const others = !seated ? [] : context.seats.flatMap((seat, index) => (
    index !== context.seat && seat.kind === "person" ? [index] : []));
  const key = others.map((index) => `${index}:${context.seatName(index)}:${muted.has(index)}`).join("|");
  if ($("mutes").dataset.key === key) return;  // keep the toggles (and the focus) as they are
  $("mutes").dataset.key = key;
  $("mutes").replaceChildren(...others.map((index) => {
    const label = document.createElement("label");
    label.className = "mute";
    const box = document.createElement("input");
    box.type = "checkbox";
    box.dataset.mute = String(index);
    box.checked = muted.has(index);
    box.addEventListener("change", () => {
      context.send({ type: "mute", seat: index, muted: box.checked });
      if (box.checked) muted.add(index); else muted.delete(index);  // at once; the server confirms
      drawLines();
    });
    label.append(box, ` Hide ${context.seatName(index)}'s messages`);
    return label;
  }));
  drawLines();
}

$("chat-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("chat-text").value.trim();
  $("chat-error").hidden = true;
  if (!text || !context) return;
  if (text.length > MAX_CHAT) {
    chatError(`A message holds at most ${MAX_CHAT} characters.`);
    return;
  }
  if (context.send({ type: "chat", text })) $("chat-text").value = "";
});
