// The table's clock on the page: each seat's time left as the server last told it, the running
// seat's counted down here between messages. The countdown starts from the seconds left the
// message carried and the moment it arrived (not from the server's wall clock, which may differ
// from this computer's); each new message sets it again.

let told = null;       // the last Snapshot.clock
let toldAt = 0;        // when it arrived (performance.now(), in ms)
let running = new Set();  // the seats whose time runs: every person the table waits on

// A snapshot's clock, and the seats it waits on (``view.to_act``; none once the game is over):
// in a simultaneous choice every waiting person's time runs, not only ``clock.running``'s.
export function setClock(clock, waitingOn = []) {
  told = clock || null;
  toldAt = performance.now();
  running = new Set(told ? waitingOn.filter((seat) => told.left[seat] !== null) : []);
  if (told && told.running !== null && told.running !== undefined) running.add(told.running);
}

export function hasClock() {
  return told !== null;
}

export function clockKind() {
  return told ? told.kind : null;
}

// Seconds left for a seat now (null: the seat has no clock, as a bot's).
export function secondsLeft(seat) {
  if (!told || told.left[seat] === null || told.left[seat] === undefined) return null;
  const left = told.left[seat];
  if (!running.has(seat)) return left;
  return Math.max(0, left - (performance.now() - toldAt) / 1000);
}

export function isRunning(seat) {
  return running.has(seat);
}

// Red time: the last tenth of the time given (at most a minute of it), and always the last 10 s.
export function isLow(seat) {
  const left = secondsLeft(seat);
  if (left === null) return false;
  return left <= Math.max(10, Math.min(60, told.limit * 0.1));
}

// "4:07", "1:02:07"; tenths under 10 s ("7.3"), when every tenth counts.
export function clockText(seconds) {
  if (seconds < 10) return `${(Math.floor(seconds * 10) / 10).toFixed(1)}`;
  const whole = Math.ceil(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const secs = String(whole % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${secs}` : `${minutes}:${secs}`;
}

// For screen readers and the title: "4 minutes 7 seconds left".
export function clockWords(seconds) {
  const whole = Math.ceil(seconds);
  const minutes = Math.floor(whole / 60);
  const secs = whole % 60;
  const parts = [];
  if (minutes) parts.push(`${minutes} minute${minutes === 1 ? "" : "s"}`);
  if (secs || !minutes) parts.push(`${secs} second${secs === 1 ? "" : "s"}`);
  return `${parts.join(" ")} left`;
}

// The rule in words, for the seats panel: "5 minutes per game each; on time out a Heuristic bot
// takes the seat".
export function clockRule(botLabel) {
  if (!told) return "";
  const limit = told.kind === "game"
    ? `${Math.round(told.limit / 60)} minutes per game each`
    : `${Math.round(told.limit)} seconds per move`;
  const timeout = told.on_timeout === "forfeit"
    ? "who runs out of time loses"
    : `on time out, a ${botLabel(told.on_timeout)} takes the seat`;
  return `Clock: ${limit}; ${timeout}.`;
}
