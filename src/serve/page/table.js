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
  const label = make("div", "pile-name", data.name);
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
    const count = make("div", "count", how === "cell" ? String(data.cards.length) : `${data.cards.length} cards${down && up.length ? `, ${down} face down` : ""}`);
    count.title = `${data.cards.length} cards`;
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
      node.style.gridRow = String(spot.row + 1);
      node.style.gridColumn = `${spot.col + 1} / span ${span}`;
      if (span > 1) {
        node.classList.add("spanned");
        node.style.setProperty("--span", String(span));
        node.style.setProperty("--shown", String(node.querySelectorAll(".card-holder").length));
      }
      rows = Math.max(rows, spot.row + 1);
      cols = Math.max(cols, spot.col + span);
      grid.append(node);
    } else {
      loose.append(node);
    }
  }
  // Tiles lie edge to edge, so their corridors join.
  if (tiles) grid.classList.add("tiles");
  if (cols > 0) {
    grid.style.gridTemplateColumns = `repeat(${cols}, var(--cell))`;
    grid.style.gridTemplateRows = `repeat(${rows}, auto)`;
    root.append(grid);
  }
  if (loose.childElementCount > 0) root.append(loose);
  root.append(status(message));
}
