// The page's game: each answer or command goes to the server as one
// protocol-2 line (POST /session/ID) and the messages that come back, the
// same ones `delve play --json` prints, are shown. The game's id and its
// autosave's name stay in localStorage, so a reload (or a restarted
// server) finds the game again. `body[data-state]` says what the page is
// doing (loading, start, searching, busy, asking, ended) and
// `body[data-choices]` how far the game is: the browser tests wait on
// them. The start page is `start.js`; the table is drawn by `table.js`,
// sized by `fit.js`, and its cards moved by `carry.js`.

import { letGo, markTable, setUpCarrying } from "./carry.js";
import { $, problem, request, setState } from "./common.js";
import { fitTable, forgetCardSize } from "./fit.js";
import { dealWinnable, loadRulesets, rulesetNamed, setUpStart, showStart } from "./start.js";
import { drawTable } from "./table.js";

const KEPT = "delve.game";
// The ruleset of the last game played here, which the start page offers first.
const LAST = "delve.last";

const page = {
  id: null,
  autosave: null,
  hello: null,
  // The last prompt or end message.
  standing: null,
  // How the next hint is shown: "verdict" (Hint) or "odds".
  shows: "verdict",
  // The game was dealt by a search for a winnable deal: so is a new deal.
  winnable: false,
};

function keep() {
  localStorage.setItem(KEPT, JSON.stringify({ id: page.id, autosave: page.autosave, winnable: page.winnable }));
}

function kept() {
  try {
    return JSON.parse(localStorage.getItem(KEPT) || "null");
  } catch {
    return null;
  }
}

// Shows a game that was started, resumed or reopened.
async function open(pending) {
  setState("busy");
  const { status, body } = await pending;
  if (status !== 200) {
    problem(body.message);
    setState(page.id ? "asking" : "start");
    return false;
  }
  problem("");
  const left = page.id !== body.id ? page.id : null;
  // A search's game was dealt winnable; another game started here was not.
  if (body.search) page.winnable = true;
  else if (left) page.winnable = false;
  page.id = body.id;
  page.autosave = body.autosave;
  keep();
  $("log").replaceChildren();
  $("start").hidden = true;
  $("game").hidden = false;
  $("save").href = `/session/${body.id}/save`;
  show(body.messages);
  if (page.hello?.game) localStorage.setItem(LAST, page.hello.game);
  if (left) await leave(left);
  if ((page.standing?.choices || 0) > 0) await tellWhatHappened(body.id);
  return true;
}

// A game taken up again (a reload, a resume) shows in "What happened"
// everything said and chosen so far: the protocol's `log`.
async function tellWhatHappened(id) {
  const { status, body } = await request("POST", `/session/${id}`, { line: "log" });
  const told = status === 200 ? body.find((m) => m.command === "log" && m.type === "ok") : null;
  if (!told || page.id !== id || !told.text) return;
  $("log").replaceChildren();
  logLine(told.text, "say");
}

// The server lets go of the game this page left for another, so that its
// autosave can be taken up again at once, here or at the terminal.
async function leave(id) {
  const { status, body } = await request("DELETE", `/session/${id}`);
  if (status === 200 && body.left) {
    logLine(`The game you left is saved as ${body.left}: the start page lists it among your unfinished games, to take up again.`, "note");
  }
}

// ---- the game --------------------------------------------------------------

function logLine(text, kind) {
  const log = $("log");
  for (const line of String(text).split("\n")) {
    const item = document.createElement("li");
    item.className = kind || "";
    item.textContent = line;
    log.append(item);
  }
  while (log.childElementCount > 300) log.firstElementChild.remove();
  log.scrollTop = log.scrollHeight;
}

function dialog(title, content) {
  $("dialog-title").textContent = title;
  const body = $("dialog-body");
  body.replaceChildren();
  if (typeof content === "string") {
    const pre = document.createElement("pre");
    pre.textContent = content;
    body.append(pre);
  } else {
    body.append(content);
  }
  $("dialog").showModal();
}

// Whether an option says what it carries where (its card is moved on the
// table, `carry.js`).
const carries = (o) => Boolean((o.cards || []).length || (o.targets || []).length);

// The options that carry nothing whose label or key names a card: a click
// on the card offers them.
function naming(cardName) {
  const options = page.standing && page.standing.type === "prompt" ? page.standing.options : [];
  return options.filter((o) => !carries(o) && (o.label.includes(cardName) || o.key.includes(cardName)));
}

function offerFor(cardName) {
  offer(
    naming(cardName).map((o) => o.index),
    `${cardName}:`,
  );
}

// Shows these options as the ones to choose from, the others dimmed, with
// a word of why; none: every option as it was.
function offer(indexes, text) {
  const matching = new Set(indexes);
  let first = null;
  for (const button of $("options").querySelectorAll("button")) {
    const offered = matching.has(Number(button.dataset.index));
    button.classList.toggle("offered", offered);
    button.classList.toggle("dimmed", matching.size > 0 && !offered);
    if (offered && !first) first = button;
  }
  note(text);
  if (first && !first.closest("[hidden]")) first.focus({ preventScroll: true });
}

// A word beside the options: what a card taken up may do, or why a drop
// was refused.
function note(text) {
  $("carry-note").textContent = text || "";
  $("carry-note").hidden = !text;
}

// Every option is a button; those that move a card on the table are
// hidden until offered (a card taken up), hinted, or asked for with
// "every move as a button", so the buttons left are the choices that
// move no card.
function drawOptions(message) {
  const list = $("options");
  list.replaceChildren();
  let carried = 0;
  for (const option of message.options || []) {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "option";
    button.dataset.index = String(option.index);
    button.title = `key: ${option.key}`;
    const number = option.index < 9 ? `${option.index + 1}. ` : "";
    button.textContent = `${number}${option.label}`;
    if (carries(option)) {
      button.classList.add("carried");
      // What it carries where, as the protocol says it (the tests read it).
      button.dataset.carries = JSON.stringify({ cards: option.cards || [], from: option.from, to: option.to, targets: option.targets || [] });
      carried += 1;
    }
    button.addEventListener("click", () => send(String(option.index)));
    item.append(button);
    list.append(item);
  }
  const every = $("every-move");
  every.hidden = carried === 0;
  every.textContent = list.classList.contains("every") ? "Hide the moves on the table" : `Every move as a button (${carried})`;
  note("");
}

function toggleEveryMove() {
  const list = $("options");
  const shown = list.classList.toggle("every");
  $("every-move").setAttribute("aria-pressed", String(shown));
  if (page.standing?.type === "prompt") drawOptions(page.standing);
}

// Draws the table and sizes its cards to the room it has.
function drawBoard(message) {
  const table = $("table");
  drawTable(table, message);
  markTable(message.type === "prompt" ? message.options : []);
  fitTable(table);
}

function drawStanding(message) {
  page.standing = message;
  document.body.dataset.choices = String(message.choices);
  $("view").textContent = message.view || "";
  $("undo").disabled = !message.can_undo;
  $("redo").disabled = !message.can_redo;
  $("hint").hidden = true;
  if (message.layout_error) problem(`The ruleset's layout failed: ${message.layout_error}`);
  if (message.status_error) problem(`The ruleset's status failed: ${message.status_error}`);
  const seed = page.hello ? `seed ${page.hello.seed}` : "";
  $("status").textContent = `${seed}, choice ${message.choices + (message.type === "prompt" ? 1 : 0)}`;
  if (message.type === "prompt") {
    $("asking").hidden = false;
    $("ending").hidden = true;
    $("hint-button").disabled = false;
    $("odds-button").disabled = false;
    $("question").textContent = message.question;
    drawOptions(message);
    setState("asking");
  } else {
    $("asking").hidden = true;
    $("hint-button").disabled = true;
    $("odds-button").disabled = true;
    const ending = $("ending");
    ending.hidden = false;
    ending.replaceChildren();
    const head = document.createElement("h2");
    head.textContent = message.outcome === "win" ? "You won!" : message.outcome === "loss" ? "You lost." : `The game ended: ${message.outcome}.`;
    const score = document.createElement("p");
    score.textContent = `Score: ${message.score}. ${message.summary}`;
    ending.append(head, score);
    document.body.dataset.outcome = message.outcome;
    setState("ended");
  }
  drawBoard(message);
}

// A hint: the Hint button shows the verdict, the Odds button the verdict
// and every option's figures; both come from one answer of the server,
// which keeps it for the decision (the same worlds).
function showHint(message) {
  const box = $("hint");
  box.replaceChildren();
  box.dataset.suggested = String(message.index);
  // The verdict's kind (separated, alike, within_margin, ...), which its
  // sentence opens with; "none" where there is no verdict.
  box.dataset.kind = message.kind ?? "none";
  if (message.method === "search") {
    // Answered by search: the verdict, and with the odds how it was found
    // (nothing is hidden, so no worlds and no table).
    const verdict = document.createElement("p");
    verdict.className = "verdict";
    verdict.textContent = message.verdict;
    box.append(verdict);
    if (page.shows === "odds") {
      const note = document.createElement("p");
      note.textContent = `You see every card and the rules draw nothing at random from here, so no worlds were played (each would be this very game): a search tried ${message.search.nodes} moves in ${message.seconds.toFixed(1)} s.`;
      box.append(note);
    }
  } else if (message.method !== "mc") {
    const head = document.createElement("p");
    head.className = "verdict";
    head.textContent = message.why ? `Hint: ${message.label} (${message.why})` : `Hint: ${message.label}`;
    box.append(head);
  } else if (page.shows !== "odds") {
    const verdict = document.createElement("p");
    verdict.className = "verdict";
    verdict.textContent = message.verdict;
    box.append(verdict);
  } else {
    const verdict = document.createElement("p");
    verdict.className = "verdict";
    verdict.textContent = message.verdict;
    const note = document.createElement("p");
    note.textContent = `Each option played out in the same ${message.worlds} worlds, which differ only in what you have not seen${message.cut_short ? " (cut short)" : ""}; ${message.seconds.toFixed(1)} s on ${message.cores} ${message.cores === 1 ? "core" : "cores"}. Best first:`;
    const table = document.createElement("table");
    table.innerHTML = "<thead><tr><th>option</th><th>wins</th><th>mean score</th><th>against the best</th></tr></thead>";
    const rows = document.createElement("tbody");
    for (const row of message.options) {
      const tr = document.createElement("tr");
      tr.classList.toggle("suggested", row.suggested);
      const cells = [
        row.suggested ? `${row.label} ← take this` : row.label,
        `${Math.round(100 * row.win_rate)}% ± ${Math.round(100 * row.margin)}`,
        row.mean_score === null ? "–" : row.mean_score.toFixed(1),
        versusBest(row, message.worlds),
      ];
      for (const text of cells) {
        const td = document.createElement("td");
        td.textContent = text;
        tr.append(td);
      }
      rows.append(tr);
    }
    table.append(rows);
    box.append(verdict, note, table);
  }
  box.hidden = false;
  // The option to take, and the others of the best group: any is as good.
  const best = message.method === "mc" && message.answered
    ? message.options.filter((row) => row.group === 0).map((row) => row.index)
    : [message.index];
  for (const button of $("options").querySelectorAll("button")) {
    const index = Number(button.dataset.index);
    button.classList.toggle("hinted", index === message.index);
    button.classList.toggle("as-good", index !== message.index && best.includes(index));
  }
}

// How an option of an mc hint stands against the best one, over the same
// worlds: the paired difference and its 95% interval.
function versusBest(row, worlds) {
  const d = row.versus_best;
  if (d === null) return "best estimate";
  if (row.games < worlds) return `surely worse: left after ${row.games} worlds`;
  if (row.group === 0 && row.alike === "position") return "the same position as the best";
  if (row.group === 0) return "the same as the best in every world";
  if (d.low === null) return "–";
  if (d.same) return "the same in every world";
  // A number that rounds to zero has no sign: "−0.00" would read as a loss.
  const signed = (x, digits) => {
    const size = Math.abs(x).toFixed(digits);
    return `${Number(size) === 0 ? "" : x > 0 ? "+" : "−"}${size}`;
  };
  const sure = d.surely_worse ? ", surely worse" : "";
  if (d.measure === "wins") {
    const points = (x) => signed(Math.round(100 * x), 0);
    return `${points(d.mean)} points (${points(d.low)} to ${points(d.high)})${sure}`;
  }
  return `score ${signed(d.mean, 2)} (${signed(d.low, 2)} to ${signed(d.high, 2)})${sure}`;
}

// Shows the messages of one reply, in order.
function show(messages) {
  let standing = null;
  let hint = null;
  for (const message of messages) {
    switch (message.type) {
      case "hello":
        page.hello = message;
        forgetCardSize();
        $("title").textContent = message.title;
        document.title = `${message.title} · delve`;
        document.body.dataset.game = message.game;
        $("show-rules").disabled = false;
        break;
      case "say":
        logLine(message.text, "say");
        break;
      case "note":
        logLine(message.text, "note");
        break;
      case "ok":
        if (message.command === "choose") logLine(`You chose: ${message.label}`, "chose");
        if (message.command === "hint") hint = message;
        if (message.command === "undo" || message.command === "redo") logLine(`(${message.command}: ${message.steps} step${message.steps === 1 ? "" : "s"})`, "note");
        if (message.command === "new" || message.command === "restart") $("log").replaceChildren();
        // A new deal or a load leaves any transcript being stepped.
        if (message.command === "new" || message.command === "load") showSteps(null);
        // A new deal is dealt from a seed of its own.
        if (message.command === "new" && page.hello) page.hello = { ...page.hello, seed: message.seed };
        if (["rules", "options", "log"].includes(message.command)) dialog(message.command, message.text);
        break;
      case "error":
        problem(message.message);
        break;
      case "autosave":
        // The game is kept under this name now (none yet, after a new deal).
        page.autosave = message.name;
        keep();
        break;
      case "steps":
        if (message.line !== undefined) logLine(`Step ${message.done} of ${message.of}: ${message.line}`, "note");
        showSteps(message);
        break;
      case "prompt":
      case "end":
        standing = message;
        break;
      default:
        break;
    }
  }
  if (!messages.some((m) => m.type === "error")) problem("");
  if (standing) drawStanding(standing);
  if (hint) showHint(hint);
}

// The Step button of a loaded transcript: the next line's number, and
// gone once every line is typed (or no transcript is loaded).
function showSteps(steps) {
  const button = $("step");
  button.hidden = !steps || steps.done >= steps.of;
  if (steps) button.textContent = `Step ${steps.done + 1} of ${steps.of}`;
}

// While the odds are worked out (up to the hint's 5-second budget), says
// what is being done and for how long so far.
function showThinking() {
  const box = $("hint");
  const line = document.createElement("p");
  box.replaceChildren(line);
  box.hidden = false;
  const started = performance.now();
  const tick = () => {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    line.textContent = `Playing every option out in worlds that differ only in what you have not seen: ${seconds} s (at most 5)…`;
  };
  tick();
  return setInterval(tick, 100);
}

// Sends one protocol line. A game the server no longer holds (closed when
// idle, or the server restarted) is resumed from its autosave.
async function send(line) {
  if (!page.id || document.body.dataset.state === "busy") return;
  const before = document.body.dataset.state;
  setState("busy");
  const thinking = line === "hint mc" ? showThinking() : null;
  const { status, body } = await request("POST", `/session/${page.id}`, { line });
  if (thinking !== null) {
    clearInterval(thinking);
    $("hint").hidden = true;
  }
  if (status === 404 && page.autosave) {
    if (await open(request("POST", "/session", { resume: page.autosave }))) {
      problem("The game had been closed; it was resumed from its autosave. Choose again.");
    }
    return;
  }
  if (status !== 200) {
    problem(body.message);
    setState(before);
    return;
  }
  if (line === "new") $("log").replaceChildren();
  show(body);
  if (!body.some((m) => m.type === "prompt" || m.type === "end")) setState(before);
}

async function load(event) {
  const file = event.target.files[0];
  event.target.value = "";
  if (!file || !page.id) return;
  setState("busy");
  const { status, body } = await request("POST", `/session/${page.id}/load`, await file.text());
  if (status !== 200) {
    problem(body.message);
  } else {
    $("log").replaceChildren();
    show(body);
  }
  if (document.body.dataset.state === "busy") setState(page.standing?.type === "end" ? "ended" : "asking");
}

async function showStats() {
  const { status, body } = await request("GET", "/stats");
  if (status !== 200) {
    problem(body.message);
    return;
  }
  const records = body.records || [];
  if (!records.length) {
    dialog("Statistics", "No game has ended yet.");
    return;
  }
  const table = document.createElement("table");
  table.className = "stats";
  const heads = ["ruleset", "options", "played", "won", "lost", "unfinished", "streak (best)", "best score", "mean score"];
  table.innerHTML = `<thead><tr>${heads.map((h) => `<th>${h}</th>`).join("")}</tr></thead>`;
  const rows = document.createElement("tbody");
  for (const r of records) {
    const tr = document.createElement("tr");
    const ruleset = rulesetNamed(r.game);
    const options = Object.entries(r.options || {}).map(([k, v]) => optionInWords(ruleset, k, v)).join("; ");
    const scored = (score) => (score === null || score === undefined ? "–" : String(Math.round(score * 10) / 10));
    const order = r.lower_is_better ? " (lower is better)" : "";
    const cells = [
      ruleset?.title || r.game,
      options,
      r.played,
      r.played ? `${r.won} (${Math.round(100 * r.win_rate)}%)` : "0",
      r.played - r.won,
      r.unfinished || 0,
      `${r.streak} (${r.best_streak})`,
      r.best_score === null || r.best_score === undefined ? "–" : `${scored(r.best_score)}${order}`,
      scored(r.mean_score),
    ];
    cells.forEach((text, i) => {
      const td = document.createElement("td");
      td.textContent = String(text);
      // On a phone each record is a block, each value under its name.
      td.dataset.label = heads[i];
      tr.append(td);
    });
    rows.append(tr);
  }
  table.append(rows);
  dialog("Statistics", table);
}

// An option as a player reads it: what it does, in the ruleset's words
// (`Wrap from king to ace: no`), else its name and value.
function optionInWords(ruleset, name, value) {
  const spec = (ruleset?.option_specs || []).find((o) => o.name === name);
  if (!spec || !spec.help) return `${name}: ${value}`;
  const help = spec.help.charAt(0).toUpperCase() + spec.help.slice(1);
  const told = value === "true" ? "yes" : value === "false" ? "no" : value;
  return `${help}: ${told}`;
}

// Why no move takes `card` to `pile`: the protocol's `why`, which moves
// nothing, shown where the refusal was.
async function why(card, pile) {
  const id = page.id;
  const { status, body } = await request("POST", `/session/${id}`, { line: `why ${card} ${pile}` });
  const answer = status === 200 ? body.find((m) => m.command === "why" && m.type === "ok") : null;
  if (answer && answer.known && page.id === id) note(`${card} can not go to ${pile}: ${answer.text}.`);
}

// ---- keys and start-up -----------------------------------------------------

function onKey(event) {
  const target = event.target;
  if (target.matches("input, select, textarea") || $("dialog").open) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === "Escape") letGo();
  if (/^[1-9]$/.test(event.key) && document.body.dataset.state === "asking") {
    const index = Number(event.key) - 1;
    if (index < (page.standing?.options || []).length) {
      event.preventDefault();
      send(String(index));
    }
  }
}

async function reopen() {
  const saved = kept();
  if (saved && saved.id) {
    page.autosave = saved.autosave;
    page.winnable = Boolean(saved.winnable);
    const again = await request("GET", `/session/${saved.id}`);
    if (again.status === 200) {
      await open(Promise.resolve(again));
      return;
    }
    if (saved.autosave && (await open(request("POST", "/session", { resume: saved.autosave })))) {
      return;
    }
    problem("");
    localStorage.removeItem(KEPT);
    page.id = null;
    page.winnable = false;
  }
  showStart();
}

async function main() {
  setUpStart(open, () => page.autosave);
  setUpCarrying($("table"), {
    choose: (index) => send(String(index)),
    offer,
    note,
    named: (name) => naming(name).length > 0,
    offerFor,
    why,
  });
  $("every-move").addEventListener("click", toggleEveryMove);
  let resizing = false;
  window.addEventListener("resize", () => {
    if (resizing || !page.standing) return;
    resizing = true;
    requestAnimationFrame(() => {
      resizing = false;
      if (!$("game").hidden) fitTable($("table"));
    });
  });
  $("to-start").addEventListener("click", showStart);
  $("show-rules").addEventListener("click", () => page.hello && dialog(page.hello.title, page.hello.rules));
  $("show-stats").addEventListener("click", showStats);
  $("dialog-close").addEventListener("click", () => $("dialog").close());
  $("load-file").addEventListener("change", load);
  $("load").addEventListener("click", () => $("load-file").click());
  for (const button of document.querySelectorAll("[data-line]")) {
    button.addEventListener("click", () => {
      // Which way a hint is shown: its verdict (Hint), or with the odds.
      if (button.dataset.shows) page.shows = button.dataset.shows;
      if (button.dataset.line === "new" && page.winnable && page.hello) {
        dealWinnable({ game: page.hello.game, options: page.hello.options, seed: page.hello.seed });
        return;
      }
      send(button.dataset.line);
    });
  }
  document.addEventListener("keydown", onKey);
  await loadRulesets();
  await reopen();
}

main();
