// The start page: the rulesets with their options and the deal to play,
// the search for a winnable deal (its progress polled until it is done,
// which also tells the server the page is still there), and the
// unfinished games, the browser's and the terminal's, each taken up again
// by a click. What starts or resumes a game goes to `opened`, which shows it.

import { $, problem, request, setState } from "./common.js";

const start = {
  rulesets: [],
  // Shows a game from the server's reply; given by the game's module.
  opened: null,
  // The autosave of the game this page plays, not offered again.
  current: () => null,
  // The search under way, if any.
  search: null,
};

// How often a search's progress is asked for: the server calls off a
// search whose page has not asked for ten seconds.
const POLL_MS = 500;

export function setUpStart(opened, current) {
  start.opened = opened;
  start.current = current;
  $("ruleset").addEventListener("change", showRuleset);
  $("start-form").addEventListener("submit", startGame);
  $("stop-search").addEventListener("click", stopSearch);
}

function optionField(spec) {
  const wrap = document.createElement("div");
  wrap.className = "option-field";
  const id = `opt-${spec.name}`;
  // A player reads what the option does, in the ruleset's words; its
  // name (what `--opt` takes) is only a tooltip.
  const label = document.createElement("label");
  label.htmlFor = id;
  label.textContent = spec.help ? spec.help.charAt(0).toUpperCase() + spec.help.slice(1) : spec.name;
  label.title = `option ${spec.name}`;
  let input;
  if (spec.allowed) {
    input = document.createElement("select");
    for (const value of spec.allowed) {
      const choice = document.createElement("option");
      choice.value = value;
      choice.textContent = value;
      input.append(choice);
    }
    input.value = String(spec.default);
  } else if (typeof spec.default === "boolean") {
    input = document.createElement("input");
    input.type = "checkbox";
    input.checked = spec.default;
    wrap.classList.add("check");
  } else if (typeof spec.default === "number") {
    input = document.createElement("input");
    input.type = "number";
    input.step = "1";
    if (spec.min !== undefined) input.min = String(spec.min);
    if (spec.max !== undefined) input.max = String(spec.max);
    input.value = String(spec.default);
  } else {
    input = document.createElement("input");
    input.type = "text";
    input.value = String(spec.default);
  }
  input.id = id;
  input.dataset.option = spec.name;
  if (input.type === "checkbox") wrap.append(input, label);
  else wrap.append(label, input);
  return wrap;
}

function showRuleset() {
  const chosen = start.rulesets.find((r) => r.name === $("ruleset").value);
  const fields = $("option-fields");
  fields.replaceChildren(fields.querySelector("legend"));
  if (!chosen) return;
  $("about").textContent = chosen.error ? `Does not load: ${chosen.error}` : chosen.about;
  $("start-game").disabled = Boolean(chosen.error);
  for (const spec of chosen.option_specs || []) {
    fields.append(optionField(spec));
  }
  fields.hidden = !(chosen.option_specs || []).length;
}

export function showStart() {
  $("game").hidden = true;
  $("start").hidden = false;
  $("title").textContent = "delve";
  setState("start");
  $("ruleset").focus();
  showUnfinished();
}

// The ruleset the page offers under `name`, with its title and options.
export function rulesetNamed(name) {
  return start.rulesets.find((r) => r.name === name) || null;
}

export async function loadRulesets() {
  const { status, body } = await request("GET", "/rulesets");
  if (status !== 200) {
    problem(body.message);
    return;
  }
  start.rulesets = body.rulesets;
  const select = $("ruleset");
  for (const ruleset of body.rulesets) {
    const choice = document.createElement("option");
    choice.value = ruleset.name;
    choice.textContent = ruleset.title ? `${ruleset.title} (${ruleset.name})` : ruleset.name;
    select.append(choice);
  }
  // The ruleset named on the command line, else the last one played here.
  const last = localStorage.getItem("delve.last");
  if (body.chosen) select.value = body.chosen;
  else if (last && body.rulesets.some((r) => r.name === last)) select.value = last;
  showRuleset();
}

async function startGame(event) {
  event.preventDefault();
  const options = {};
  for (const input of $("option-fields").querySelectorAll("[data-option]")) {
    options[input.dataset.option] = input.type === "checkbox" ? input.checked : input.value;
  }
  const wanted = { game: $("ruleset").value, options };
  const seed = $("seed").value.trim();
  if (seed !== "") wanted.seed = Number(seed);
  const deal = $("deal").files[0];
  if (deal) wanted.deal = await deal.text();
  if ($("winnable").checked) {
    wanted.winnable = true;
    await searchWinnable(wanted);
    return;
  }
  await start.opened(request("POST", "/session", wanted));
}

// ---- a winnable deal -------------------------------------------------------

// A new deal of a game dealt winnable is winnable too: the search again,
// from the seed after `wanted.seed`, shown on the start page as it goes.
export async function dealWinnable(wanted) {
  showStart();
  await searchWinnable({ ...wanted, seed: wanted.seed + 1, winnable: true });
}

// Starts the server's search and polls it, showing how it goes, until it
// deals the game, fails, or the player stops it.
async function searchWinnable(wanted) {
  setState("busy");
  const { status, body } = await request("POST", "/session", wanted);
  if (status !== 202) {
    problem(body.message);
    setState("start");
    return;
  }
  problem("");
  const search = { id: body.search };
  start.search = search;
  $("start-form").hidden = true;
  $("searching").hidden = false;
  setState("searching");
  showProgress(body);
  while (start.search === search) {
    await new Promise((done) => setTimeout(done, POLL_MS));
    if (start.search !== search) return;
    const polled = await request("GET", `/search/${search.id}`);
    if (polled.status === 200 && !polled.body.done) {
      showProgress(polled.body);
      continue;
    }
    endSearch();
    if (polled.status === 200) {
      await start.opened(Promise.resolve(polled));
    } else {
      problem(polled.body.message);
      setState("start");
    }
  }
}

function showProgress(progress) {
  const seeds = progress.seeds;
  $("search-progress").textContent =
    `Looking for a deal the solver proves winnable: ${seeds} ${seeds === 1 ? "seed" : "seeds"} passed over, ${progress.seconds.toFixed(1)} s (at most a minute)…`;
}

function endSearch() {
  start.search = null;
  $("searching").hidden = true;
  $("start-form").hidden = false;
}

async function stopSearch() {
  const search = start.search;
  if (!search) return;
  endSearch();
  setState("start");
  await request("DELETE", `/search/${search.id}`);
}

// ---- unfinished games ------------------------------------------------------

// Lists the unfinished games (those of this browser and of the terminal,
// as `delve resume` lists them), each with a button that takes it up.
async function showUnfinished() {
  const box = $("unfinished");
  const { status, body } = await request("GET", "/games");
  if (status !== 200) {
    box.hidden = true;
    return;
  }
  const games = body.games.filter((g) => g.name !== start.current());
  const list = $("unfinished-list");
  list.replaceChildren(...games.map(unfinishedItem));
  if (body.more > 0) {
    // The list stops at the newest: say so, and where the rest are.
    const more = document.createElement("li");
    more.className = "more";
    more.textContent = `${body.more} older saved ${body.more === 1 ? "game is" : "games are"} not listed: \`delve resume --all\` lists every one.`;
    list.append(more);
  }
  box.hidden = games.length === 0;
  document.body.dataset.unfinished = String(games.length);
}

function unfinishedItem(game) {
  const item = document.createElement("li");
  const what = document.createElement("span");
  if (game.unreadable) {
    what.textContent = `${game.name} does not load, ${game.saved}: ${game.unreadable}`;
    item.append(what);
    return item;
  }
  const made = `${game.choices} ${game.choices === 1 ? "choice" : "choices"} made`;
  const where = game.busy ? ", being played elsewhere" : game.browser ? "" : ", at the terminal";
  what.textContent = `${game.title}, seed ${game.seed}: ${made}, ${game.saved}${where}`;
  const resume = document.createElement("button");
  resume.type = "button";
  resume.textContent = "Resume";
  resume.dataset.resume = game.name;
  resume.disabled = game.busy;
  resume.addEventListener("click", () => start.opened(request("POST", "/session", { resume: game.name })));
  item.append(what, resume);
  return item;
}
