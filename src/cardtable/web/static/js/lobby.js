// The lobby: pick a game, its options (each by its plain name, with its choices named, a line of
// help and the rule it changes) and who sits in each seat; create the table (a private link per
// person's seat and a spectator link); join an open one. Each game's rules page is linked.

import { fourColourSetting, richText } from "./cards.js";

const $ = (id) => document.getElementById(id);
const catalog = await fetch("/api/games").then((r) => r.json());
let seatCount = 2;

fourColourSetting($("four-colour"));
for (const game of catalog) $("game").append(new Option(game.title, game.name));
const chosen = () => catalog.find((g) => g.name === $("game").value);
const botLabel = (game, bot) => (game && game.bot_labels && game.bot_labels[bot]) || bot;

function choiceName(option, choice) {
  return (option.choice_names && option.choice_names[String(choice)]) || String(choice);
}

function optionInput(option) {
  const id = `opt-${option.name}`;
  const row = document.createElement("div");
  row.className = "field";
  const label = document.createElement("label");
  label.htmlFor = id;
  label.textContent = option.label || option.name.replaceAll("_", " ");
  let input;
  if (option.choices) {
    input = document.createElement("select");
    for (const choice of option.choices) {
      const item = new Option(choiceName(option, choice), String(choice), false, choice === option.default);
      input.append(item);
    }
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
  const help = [option.help, option.rule ? `Changes: ${option.rule}.` : ""].filter(Boolean).join(" ");
  if (help) {
    const line = document.createElement("p");
    line.className = "help";
    line.id = `${id}-help`;
    line.append(richText(help));
    input.setAttribute("aria-describedby", line.id);
    row.append(line);
  }
  return row;
}

function changedOptions() {
  const options = {};
  for (const input of $("options").querySelectorAll("[data-option]")) {
    if (input.value !== input.dataset.default) options[input.dataset.option] = input.value;
  }
  return options;
}

function seatInput(index, game) {
  const row = document.createElement("div");
  row.className = "field";
  const label = document.createElement("label");
  label.htmlFor = `seat-${index}`;
  label.textContent = `Seat ${index + 1}`;
  const select = document.createElement("select");
  select.id = `seat-${index}`;
  select.append(new Option(index === 0 ? "A person (you)" : "A person", "person"));
  for (const bot of game.bots) {
    select.append(new Option(botLabel(game, bot), `bot:${bot}`, false, index > 0 && bot === game.default_bot));
  }
  row.append(label, select);
  return row;
}

// The online options: a clock (minutes per game or seconds per move), what a run-out clock or an
// absent player brings (a bot of a chosen strength, or a forfeit), and who reads the chat.
const CLOCKS = {
  none: { help: "Nobody is hurried: a table waits for its players." },
  game: { unit: "Minutes", min: 1, max: 180, value: 10,
    help: "Each person has this many minutes for the whole game; their clock runs on their turns." },
  move: { unit: "Seconds", min: 10, max: 3600, value: 60,
    help: "Each move must be made within this many seconds; the clock starts again at every turn." },
};

function drawClock() {
  const clock = CLOCKS[$("clock-kind").value];
  $("clock-amount").hidden = $("clock-unit").hidden = !clock.unit;
  $("clock-help").textContent = clock.help;
  if (!clock.unit) return;
  $("clock-unit").textContent = clock.unit.toLowerCase();
  Object.assign($("clock-amount"), { min: clock.min, max: clock.max, value: clock.value });
  $("clock-amount").setAttribute("aria-label", clock.unit);
}

function drawTimeout() {
  const game = chosen();
  const before = $("on-timeout").value;
  $("on-timeout").replaceChildren(
    ...game.bots.map((bot) => new Option(`${botLabel(game, bot)} takes the seat`, bot, false,
      bot === game.default_bot)),
    new Option("The game is forfeited", "forfeit"));
  if ([...$("on-timeout").options].some((o) => o.value === before)) $("on-timeout").value = before;
}

function onlineSettings() {
  const kind = $("clock-kind").value;
  const amount = Number($("clock-amount").value);
  const settings = {
    on_timeout: $("on-timeout").value,
    absence_minutes: $("absence").value === "never" ? null : Number($("absence").value),
    chat: $("chat-rule").value,
  };
  if (kind === "game") settings.clock = { kind, minutes: amount };
  if (kind === "move") settings.clock = { kind, seconds: amount };
  return settings;
}

function drawSeats() {
  const game = chosen();
  const old = [...$("seats").querySelectorAll("select")].map((s) => s.value);
  $("seats").replaceChildren(...Array.from({ length: seatCount }, (_, i) => seatInput(i, game)));
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
  const game = chosen();
  $("options").replaceChildren(...game.options.map(optionInput));
  $("rules-link").href = `/rules/${game.name}`;
  $("rules-link").textContent = `How to play ${game.title}: its rules page`;
  $("seats").replaceChildren();
  drawTimeout();
  countSeats();
}

function showError(text) { $("form-error").textContent = typeof text === "string" ? text : JSON.stringify(text); $("form-error").hidden = false; }
function hideError() { $("form-error").hidden = true; }

function givenName() {
  return $("player-name").value.trim();
}

async function create(hotseat) {
  const name = givenName();
  let named = false;
  const seats = [...$("seats").querySelectorAll("select")].map((s) => {
    if (s.value !== "person") return { kind: "bot", bot: s.value.slice(4) };
    const seat = { kind: "person" };
    if (name && !named && !hotseat) { seat.name = name; named = true; }  // the first person's seat is yours
    return seat;
  });
  // the seats kept by whoever creates the table: the first person's (hot-seat: every person's)
  const people = seats.flatMap((seat, index) => (seat.kind === "person" ? [index] : []));
  const mine = hotseat ? people : people.slice(0, 1);
  const response = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: chosen().name, options: changedOptions(), seats, mine,
      public: $("public").checked, ...onlineSettings() }) });
  const answer = await response.json();
  if (!response.ok) return showError(answer.detail);
  hideError();
  if (hotseat) { location.href = answer.hotseat; return; }
  if (answer.seats.length === 1) { location.href = answer.seats[0].url; return; }
  const links = answer.seats.map((s, i) => [i === 0 ? `Seat ${s.seat + 1} (yours)` : `Seat ${s.seat + 1}`, s.url]);
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

function seatWords(game, seat) {
  if (seat.kind === "bot") return botLabel(game, seat.bot);
  return seat.name || "a person";
}

async function drawOpen() {
  const open = await fetch("/api/open").then((r) => r.json());
  if (!open.length) { $("open").replaceChildren(Object.assign(document.createElement("li"), { textContent: "None right now." })); return; }
  $("open").replaceChildren(...open.map((table) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    const game = catalog.find((g) => g.name === table.game) || { title: table.game };
    const who = table.seats.map((s) => seatWords(game, s)).join(" vs ");
    button.textContent = `Join ${game.title} (${who})`;  // names are text, never markup
    button.addEventListener("click", async () => {
      const name = givenName();
      const response = await fetch(`/api/tables/${table.table}/join`, { method: "POST",
        headers: { "Content-Type": "application/json" }, body: JSON.stringify(name ? { name } : {}) });
      const answer = await response.json();
      if (response.ok) location.href = answer.url; else { showError(answer.detail); drawOpen(); }
    });
    item.append(button);
    return item;
  }));
}

function drawGames() {
  $("games").replaceChildren(...catalog.map((game) => {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = `/rules/${game.name}`;
    link.id = `rules-${game.name}`;
    link.textContent = `${game.title}: how to play and the rules`;
    const players = game.min_players === game.max_players ? `${game.min_players}` : `${game.min_players} to ${game.max_players}`;
    item.append(link, ` (${players} players)`);
    return item;
  }));
}

$("game").addEventListener("change", drawOptions);
$("clock-kind").addEventListener("change", drawClock);
$("new-game").addEventListener("submit", (event) => { event.preventDefault(); create(false); });
$("hotseat").addEventListener("click", () => create(true));
drawClock();
drawOptions();
drawGames();
drawOpen();
setInterval(drawOpen, 5000);
