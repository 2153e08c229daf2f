// The cards, drawn as SVG from what the protocol's table says of each: a
// standard card (rank and suit, `10♥`), a joker (`RJ`, `BJ`), a custom card
// (the face its ruleset gives it, else its name) or a face-down card (a
// back, nothing else).
// Nothing is fetched: every card is made here.

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 60;
const HEIGHT = 84;
const RED = new Set(["♥", "♦"]);
const STANDARD = /^(10|[2-9AJQK])([♠♥♦♣])$/;

function element(name, attributes, text) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes || {})) {
    node.setAttribute(key, String(value));
  }
  if (text !== undefined) {
    node.textContent = text;
  }
  return node;
}

function frame(kind) {
  const svg = element("svg", {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    class: `card ${kind}`,
    role: "img",
  });
  svg.append(element("rect", { x: 1, y: 1, width: WIDTH - 2, height: HEIGHT - 2, rx: 5, class: "face" }));
  return svg;
}

// The back of a card: rows of diamonds inside a border, the same for
// every card, so a face-down card tells nothing.
function back() {
  const svg = frame("down");
  svg.setAttribute("aria-label", "a face-down card");
  svg.append(element("rect", { x: 6, y: 6, width: WIDTH - 12, height: HEIGHT - 12, rx: 3, class: "back-border" }));
  let diamonds = "";
  for (let y = 13; y <= HEIGHT - 13; y += 7) {
    const shift = ((y - 13) / 7) % 2 === 0 ? 0 : 4;
    for (let x = 13 + shift; x <= WIDTH - 13; x += 8) {
      diamonds += `M${x} ${y - 3} L${x + 3} ${y} L${x} ${y + 3} L${x - 3} ${y} Z `;
    }
  }
  svg.append(element("path", { d: diamonds, class: "back-lattice" }));
  return svg;
}

function standard(rank, suit) {
  const colour = RED.has(suit) ? "red" : "black";
  const svg = frame(`up ${colour}`);
  svg.setAttribute("aria-label", `${rank}${suit}`);
  svg.append(element("text", { x: 6, y: 16, class: "corner" }, rank));
  svg.append(element("text", { x: 6, y: 28, class: "corner-suit" }, suit));
  svg.append(element("text", { x: WIDTH / 2, y: HEIGHT / 2 + 12, class: "pip", "text-anchor": "middle" }, suit));
  const bottom = element("g", { transform: `rotate(180 ${WIDTH / 2} ${HEIGHT / 2})`, class: "corner-foot" });
  bottom.append(element("text", { x: 6, y: 16, class: "corner" }, rank));
  svg.append(bottom);
  // A small card (a phone's) reads by its head alone, large: rank and suit
  // across the top, where a fanned column still shows them (style.css
  // shows it, and hides the corners, on a narrow screen).
  // The suit twice: at the top's right, which a column fanned downward
  // shows, and under the rank, which a fan to the side shows. A two-digit
  // rank is drawn narrower, so a fan to the side shows it whole.
  const head = element("g", { class: "head" });
  const narrowed = rank.length > 1 ? { textLength: 27, lengthAdjust: "spacingAndGlyphs" } : {};
  head.append(element("text", { x: 3, y: 27, class: "head-rank", ...narrowed }, rank));
  head.append(element("text", { x: WIDTH - 3, y: 25, class: "head-suit", "text-anchor": "end" }, suit));
  head.append(element("text", { x: 4, y: 54, class: "head-suit" }, suit));
  svg.append(head);
  return svg;
}

function joker(red) {
  const svg = frame(`up ${red ? "red" : "black"}`);
  svg.setAttribute("aria-label", red ? "red joker" : "black joker");
  svg.append(element("text", { x: WIDTH / 2, y: 36, class: "joker-star", "text-anchor": "middle" }, "★"));
  svg.append(element("text", { x: WIDTH / 2, y: 62, class: "joker-word", "text-anchor": "middle" }, "JOKER"));
  return svg;
}

// A custom card the ruleset gives no face: its name, large where it is
// short (a glyph reads as a picture). Its properties are the rules'
// bookkeeping, not something a player reads.
function custom(name) {
  return faced(name, { glyph: name });
}

// A card with the face its ruleset gives: a title at the top, a glyph
// large in the middle, a short caption at the foot (wrapped to two lines).
function faced(name, face) {
  if (face.paths) return tile(name, face);
  const svg = frame("up custom");
  svg.setAttribute("aria-label", [face.title, face.glyph, face.caption].filter(Boolean).join(", ") || name);
  if (face.title) {
    const size = face.title.length <= 6 ? 11 : face.title.length <= 10 ? 8 : 6;
    const title = element("text", { x: WIDTH / 2, y: 8 + size, class: "custom-title", "text-anchor": "middle" }, face.title);
    title.style.fontSize = `${size}px`;
    svg.append(title);
  }
  const glyph = face.glyph || "";
  if (glyph) {
    const size = glyph.length <= 2 ? 30 : glyph.length <= 4 ? 18 : 11;
    const y = HEIGHT / 2 + size / 3 + (face.title ? 4 : 0);
    const mark = element("text", { x: WIDTH / 2, y, class: "custom-name", "text-anchor": "middle" }, glyph.slice(0, 12));
    mark.style.fontSize = `${size}px`;
    svg.append(mark);
  }
  captionLines(face.caption).forEach((line, i, lines) => {
    const y = HEIGHT - 8 - (lines.length - 1 - i) * 9;
    svg.append(element("text", { x: WIDTH / 2, y, class: "custom-caption", "text-anchor": "middle" }, line));
  });
  return svg;
}

// A caption in at most two lines of about 13 characters, broken at spaces.
function captionLines(caption) {
  if (!caption) return [];
  const lines = [""];
  for (const word of caption.split(" ")) {
    const last = lines.length - 1;
    if (lines[last] && (lines[last] + " " + word).length > 13) lines.push(word);
    else lines[last] = lines[last] ? `${lines[last]} ${word}` : word;
  }
  return lines.slice(0, 2).map((l) => (l.length > 14 ? `${l.slice(0, 13)}…` : l));
}

// Where each exit's corridor meets the card's edge.
const EDGES = { N: [WIDTH / 2, 0], E: [WIDTH, HEIGHT / 2], S: [WIDTH / 2, HEIGHT], W: [0, HEIGHT / 2] };

// A tile: floor from edge to edge, a corridor from the middle to each exit,
// so tiles side by side on a grid join into passages; its glyph (what the
// room holds) on a disc in the middle, its caption at the foot.
function tile(name, face) {
  const svg = element("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "card up tile", role: "img" });
  const exits = [...face.paths].map((p) => ({ N: "north", E: "east", S: "south", W: "west" })[p]);
  svg.setAttribute("aria-label", [face.title || name, face.caption, `exits ${exits.join(", ")}`].filter(Boolean).join(", "));
  svg.append(element("rect", { x: 0, y: 0, width: WIDTH, height: HEIGHT, class: "tile-floor" }));
  let d = "";
  for (const p of face.paths) {
    const [x, y] = EDGES[p];
    d += `M${WIDTH / 2} ${HEIGHT / 2} L${x} ${y} `;
  }
  svg.append(element("path", { d, class: "tile-path" }));
  svg.append(element("circle", { cx: WIDTH / 2, cy: HEIGHT / 2, r: 8, class: "tile-hub" }));
  if (face.glyph) {
    svg.append(element("circle", { cx: WIDTH / 2, cy: HEIGHT / 2, r: 12, class: "tile-disc" }));
    svg.append(element("text", { x: WIDTH / 2, y: HEIGHT / 2 + 6, class: "tile-glyph", "text-anchor": "middle" }, face.glyph));
  }
  return svg;
}

// The SVG of one card of the protocol's table: `{face_up, name, props}`.
export function drawCard(card) {
  if (!card.face_up || card.name === undefined) {
    return back();
  }
  if (card.face) {
    return faced(card.name, card.face);
  }
  if (card.props) {
    return custom(card.name);
  }
  const standardCard = STANDARD.exec(card.name);
  if (standardCard) {
    return standard(standardCard[1], standardCard[2]);
  }
  if (card.name === "RJ" || card.name === "BJ") {
    return joker(card.name === "RJ");
  }
  return custom(card.name);
}
