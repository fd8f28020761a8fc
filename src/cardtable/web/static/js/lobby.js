// The lobby: pick a game, its options (every option with its default) and who sits in each
// seat; create the table (a private link per person's seat and a spectator link); join an open one.

const $ = (id) => document.getElementById(id);
const catalog = await fetch("/api/games").then((r) => r.json());
let seatCount = 2;

for (const game of catalog) $("game").append(new Option(game.title, game.name));
const chosen = () => catalog.find((g) => g.name === $("game").value);

function optionInput(option) {
  const id = `opt-${option.name}`;
  const row = document.createElement("div");
  row.className = "field";
  const label = document.createElement("label");
  label.htmlFor = id;
  label.textContent = option.name.replaceAll("_", " ");
  let input;
  if (option.choices) {
    input = document.createElement("select");
    for (const choice of option.choices) input.append(new Option(String(choice), String(choice), false, choice === option.default));
  } else {
    input = document.createElement("input");
    const value = option.default;
    input.value = value === null ? "none" : Array.isArray(value) ? value.join(",") : String(value);
  }
  input.id = id;
  input.dataset.option = option.name;
  input.dataset.default = input.value;
  input.addEventListener("change", countSeats);
  row.append(label, input);
  return row;
}

function changedOptions() {
  const options = {};
  for (const input of $("options").querySelectorAll("[data-option]")) {
    if (input.value !== input.dataset.default) options[input.dataset.option] = input.value;
  }
  return options;
}

function seatInput(index, bots, defaultBot) {
  const row = document.createElement("div");
  row.className = "field";
  const label = document.createElement("label");
  label.htmlFor = `seat-${index}`;
  label.textContent = `player ${index}`;
  const select = document.createElement("select");
  select.id = `seat-${index}`;
  select.append(new Option("a person", "person"));
  for (const bot of bots) select.append(new Option(`bot: ${bot}`, `bot:${bot}`, false, index > 0 && bot === defaultBot));
  row.append(label, select);
  return row;
}

function drawSeats() {
  const game = chosen();
  const old = [...$("seats").querySelectorAll("select")].map((s) => s.value);
  $("seats").replaceChildren(...Array.from({ length: seatCount }, (_, i) => seatInput(i, game.bots, game.default_bot)));
  old.forEach((value, i) => { const s = $(`seat-${i}`); if (s) s.value = value; });
}

async function countSeats() {
  const response = await fetch("/api/seats", { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: chosen().name, options: changedOptions() }) });
  const answer = await response.json();
  if (!response.ok) return showError(answer.detail);
  hideError();
  seatCount = answer.players;
  drawSeats();
}

function drawOptions() {
  $("options").replaceChildren(...chosen().options.map(optionInput));
  $("seats").replaceChildren();
  countSeats();
}

function showError(text) { $("form-error").textContent = typeof text === "string" ? text : JSON.stringify(text); $("form-error").hidden = false; }
function hideError() { $("form-error").hidden = true; }

async function create(hotseat) {
  const seats = [...$("seats").querySelectorAll("select")].map((s) =>
    s.value === "person" ? { kind: "person" } : { kind: "bot", bot: s.value.slice(4) });
  const response = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: chosen().name, options: changedOptions(), seats, public: $("public").checked }) });
  const answer = await response.json();
  if (!response.ok) return showError(answer.detail);
  hideError();
  if (hotseat) { location.href = answer.hotseat; return; }
  if (answer.seats.length === 1) { location.href = answer.seats[0].url; return; }
  const links = answer.seats.map((s) => [`player ${s.seat}`, s.url]);
  links.push(["Spectators", answer.spectator]);
  if (!answer.seats.length) { location.href = answer.spectator; return; }
  $("links").replaceChildren(...links.map(([who, url]) => {
    const item = document.createElement("li");
    const a = document.createElement("a");
    a.href = url;
    a.textContent = new URL(url, location.href).href;
    item.append(`${who}: `, a);
    return item;
  }));
  $("created").hidden = false;
  $("links").querySelector("a").focus();
}

async function drawOpen() {
  const open = await fetch("/api/open").then((r) => r.json());
  if (!open.length) { $("open").replaceChildren(Object.assign(document.createElement("li"), { textContent: "None right now." })); return; }
  $("open").replaceChildren(...open.map((table) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    const title = (catalog.find((g) => g.name === table.game) || { title: table.game }).title;
    const who = table.seats.map((s) => (s.kind === "bot" ? s.bot : "person")).join(" vs ");
    button.textContent = `Join ${title} (${who})`;
    button.addEventListener("click", async () => {
      const response = await fetch(`/api/tables/${table.table}/join`, { method: "POST" });
      const answer = await response.json();
      if (response.ok) location.href = answer.url; else { showError(answer.detail); drawOpen(); }
    });
    item.append(button);
    return item;
  }));
}

$("game").addEventListener("change", drawOptions);
$("new-game").addEventListener("submit", (event) => { event.preventDefault(); create(false); });
$("hotseat").addEventListener("click", () => create(true));
drawOptions();
drawOpen();
setInterval(drawOpen, 5000);
