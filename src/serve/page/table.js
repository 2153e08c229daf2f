// The table, drawn from a `prompt` or `end` message: every pile with its
// cards, laid out by the ruleset's `layout` hint where it gives one (a
// grid of rows and columns: a pile one column wide shows its top card, a
// wider one its cards fanned sideways, a pile that fans down every card,
// each partly covering the one before; a hidden pile is not drawn) and
// otherwise in the order the script made them, wrapping to the table's
// width. Under it, what the ruleset declares a player reads (its
// `status`), and nothing else of the game's state; a status line that
// names a pile (where the player stands, say) puts its name on that pile.
// It only draws: every pile carries `data-pile`, every face-up card
// `data-card`, and `carry.js` makes the moves.

import { drawCard } from "./cards.js";

// A grid wider than this many columns folds on a phone (each row in two,
// side by side halves one above the other), so its cards are not too
// small to read: a layout of twelve columns becomes two rows of six.
const FOLD_PAST = 8;

// Face-up cards shown fanned sideways in one pile (a waste's top three, as
// a draw of three lays them); the rest are counted.
const FANNED = 3;
// At most this many face-up cards lie apart rather than fanned.
const SIDE_BY_SIDE = 5;

function make(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// The names of the status lines that mark a pile, by pile.
function marks(message) {
  const byPile = new Map();
  for (const line of message.status || []) {
    if (line.pile) byPile.set(line.pile, [...(byPile.get(line.pile) || []), line.name]);
  }
  return byPile;
}

function card(data) {
  const holder = make("span", "card-holder");
  holder.append(drawCard(data));
  if (data.face_up && data.name !== undefined) holder.dataset.card = data.name;
  return holder;
}

// How a pile lies: `cell` (one card wide, its top card), `down` (every
// card, fanned downward) or `side` (fanned sideways).
function pile(data, how, badges) {
  const node = make("div", `pile ${how === "cell" ? "cell" : how === "down" ? "fan-down" : ""}`.trim());
  node.dataset.pile = data.name;
  const label = make("div", "pile-name");
  label.append(make("span", "own-name", data.name));
  label.title = data.name;
  // A cell's marks lie on its card (a cell is one card wide), a pile's
  // beside its name.
  // A mark that only says the pile's own name again is left off.
  const told = badges.filter((b) => b.toLowerCase() !== String(data.name).toLowerCase());
  for (const badge of told) {
    (how === "cell" ? node : label).append(make("span", "badge", badge));
  }
  if (told.length > 0) node.classList.add("marked");
  node.append(label);
  const cards = make("div", "cards");
  const down = data.cards.filter((c) => !c.face_up || c.name === undefined).length;
  const up = data.cards.filter((c) => c.face_up && c.name !== undefined);
  // A few cards all face up (a hand, an offer) lie side by side, each
  // whole; more, or some under face-down ones, overlap as a fan.
  if (how === "side" && down === 0 && up.length <= SIDE_BY_SIDE) cards.classList.add("apart");
  if (data.cards.length === 0) {
    cards.append(make("span", "empty", how === "cell" ? "" : "empty"));
  } else if (how === "cell") {
    cards.append(card(data.cards[data.cards.length - 1]));
  } else if (how === "down") {
    for (const c of data.cards) cards.append(card(c));
  } else {
    if (down > 0) cards.append(card({ face_up: false }));
    const shown = up.slice(-FANNED);
    for (const c of shown) cards.append(card(c));
    if (up.length > shown.length) {
      cards.prepend(make("span", "more", `+${up.length - shown.length}`));
    }
  }
  if (data.cards.length > 1 && how !== "down") {
    const count = make("div", "count");
    count.append(make("span", "count-all", how === "cell" ? String(data.cards.length) : `${data.cards.length} cards${down && up.length ? `, ${down} face down` : ""}`));
    // Where every face-up card shows, the face-down ones are all a phone
    // needs told, in a line that fits a narrow pile.
    if (how !== "cell" && down && up.length && up.length <= FANNED) {
      count.append(make("span", "count-hidden", `${down} face down`));
    }
    count.title = `${data.cards.length} cards`;
    // A fan that shows every card it holds counts what a player sees:
    // a phone, short of room, leaves that count off.
    if (how !== "cell" && down === 0 && up.length <= FANNED) count.classList.add("seen");
    node.append(count);
  }
  node.append(cards);
  return node;
}

// What the ruleset declares a player reads, as a list under the table:
// each line's name and what it says, in the ruleset's words.
function status(message) {
  const list = make("dl", "status-lines");
  for (const line of message.status || []) {
    if (!line.text) continue;
    const row = make("div", "status-line");
    row.dataset.name = line.name;
    row.append(make("dt", "", line.name), make("dd", "", line.text));
    list.append(row);
  }
  return list;
}

// Where each pile of the grid lies on a phone: a grid wider than
// FOLD_PAST columns folds each row into its halves, one above the other,
// unless a pile would lie across the fold or the grid is of tiles (whose
// corridors join edge to edge). `spots` by pile name; the columns on a
// phone, and the phone's spots.
function folded(spots, cols, tiles) {
  const half = Math.ceil(cols / 2);
  const across = Object.values(spots).some((s) => s.col < half && s.col + (s.span || 1) > half);
  if (cols <= FOLD_PAST || tiles || across) return { cols, spots };
  const placed = {};
  for (const [name, s] of Object.entries(spots)) {
    const part = s.col < half ? 0 : 1;
    placed[name] = { ...s, row: s.row * 2 + part, col: s.col - part * half };
  }
  return { cols: half, spots: placed };
}

// A pile's family and number: `column 3` is the third of `column`.
function numbered(name) {
  const found = /^(.*\S) (\d+)$/.exec(name);
  return found ? { family: found[1], number: Number(found[2]) } : null;
}

// Piles of one family side by side in a row, numbered on from the left,
// are named by where they lie: on a phone, where each name would be cut
// to a few letters, the first names the run (`column 1–8`) and the rest
// show only their marks. `piles`: [node, spot, name] on the phone's grid;
// a pile with marks ends a run, so no run's name lies over a mark.
function nameRuns(piles) {
  const sorted = [...piles].sort((a, b) => a.spot.row - b.spot.row || a.spot.col - b.spot.col);
  const runs = [];
  let run = null;
  for (const pile of sorted) {
    const n = pile.node.classList.contains("marked") ? null : numbered(pile.name);
    const last = run?.piles[run.piles.length - 1];
    const follows = n && last && last.spot.row === pile.spot.row &&
      last.spot.col + (last.spot.span || 1) === pile.spot.col &&
      run.family === n.family && run.to + 1 === n.number;
    if (follows) {
      run.piles.push(pile);
      run.to = n.number;
      run.cells += pile.spot.span || 1;
    } else {
      run = n ? { family: n.family, from: n.number, to: n.number, piles: [pile], cells: pile.spot.span || 1 } : null;
      if (run) runs.push(run);
    }
  }
  for (const r of runs.filter((r) => r.piles.length > 1)) {
    const [head, ...rest] = r.piles;
    head.node.classList.add("run-head");
    head.node.style.setProperty("--run", String(r.cells));
    head.node.querySelector(".pile-name").append(make("span", "run-name", `${r.family} ${r.from}–${r.to}`));
    for (const pile of rest) pile.node.classList.add("run-next");
  }
}

// Draws `message`'s table into `root`.
export function drawTable(root, message) {
  const table = message.table;
  const layout = message.layout || {};
  const badges = marks(message);
  const faces = message.faces || {};
  const tiles = Object.values(faces).some((face) => face.paths);
  root.replaceChildren();
  const grid = make("div", "grid");
  const loose = make("div", "loose");
  let rows = 0;
  let cols = 0;
  const spots = {};
  for (const data of table.piles) {
    const spot = layout[data.name];
    if (spot && !spot.hidden) cols = Math.max(cols, spot.col + (spot.span || 1));
    if (spot && !spot.hidden) spots[data.name] = spot;
  }
  const phone = folded(spots, cols, tiles);
  const onPhone = [];
  for (const data of table.piles) {
    for (const c of data.cards) {
      if (c.face_up && faces[c.name]) c.face = faces[c.name];
    }
    const spot = layout[data.name];
    if (spot?.hidden) continue;
    const span = spot?.span || 1;
    const how = spot?.fan === "down" ? "down" : spot && span === 1 ? "cell" : "side";
    const node = pile(data, how, badges.get(data.name) || []);
    if (spot) {
      const small = phone.spots[data.name];
      node.style.setProperty("--row", String(spot.row + 1));
      node.style.setProperty("--col", String(spot.col + 1));
      node.style.setProperty("--row-phone", String(small.row + 1));
      node.style.setProperty("--col-phone", String(small.col + 1));
      node.style.setProperty("--span", String(span));
      onPhone.push({ node, spot: small, name: data.name });
      if (span > 1) {
        node.classList.add("spanned");
        node.style.setProperty("--shown", String(node.querySelectorAll(".card-holder").length));
      }
      rows = Math.max(rows, spot.row + 1);
      grid.append(node);
    } else {
      loose.append(node);
    }
  }
  // Tiles lie edge to edge, so their corridors join.
  if (tiles) grid.classList.add("tiles");
  if (cols > 0) {
    nameRuns(onPhone);
    grid.style.setProperty("--cols", String(cols));
    grid.style.setProperty("--cols-phone", String(phone.cols));
    root.append(grid);
  }
  if (loose.childElementCount > 0) root.append(loose);
  root.append(status(message));
}
