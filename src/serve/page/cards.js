// The cards, drawn as SVG from what the protocol's table says of each: a
// standard card (rank and suit, `10♥`), a joker (`RJ`, `BJ`), a custom card
// (its name and its properties) or a face-down card (a back, nothing else).
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
  const bottom = element("g", { transform: `rotate(180 ${WIDTH / 2} ${HEIGHT / 2})` });
  bottom.append(element("text", { x: 6, y: 16, class: "corner" }, rank));
  svg.append(bottom);
  return svg;
}

function joker(red) {
  const svg = frame(`up ${red ? "red" : "black"}`);
  svg.setAttribute("aria-label", red ? "red joker" : "black joker");
  svg.append(element("text", { x: WIDTH / 2, y: 36, class: "joker-star", "text-anchor": "middle" }, "★"));
  svg.append(element("text", { x: WIDTH / 2, y: 62, class: "joker-word", "text-anchor": "middle" }, "JOKER"));
  return svg;
}

// A custom card: its name large (a glyph reads as a picture), then its
// properties, one a line, as many as fit.
function custom(name, props) {
  const svg = frame("up custom");
  const entries = Object.entries(props || {}).filter(([, v]) => v !== "" && v !== false);
  svg.setAttribute(
    "aria-label",
    [name, ...entries.map(([k, v]) => `${k} ${v}`)].join(", "),
  );
  const size = name.length <= 2 ? 30 : name.length <= 4 ? 18 : name.length <= 7 ? 12 : 9;
  const title = element("text", { x: WIDTH / 2, y: 14 + size, class: "custom-name", "text-anchor": "middle" }, name);
  title.style.fontSize = `${size}px`;
  svg.append(title);
  let y = 20 + size + 8;
  for (const [key, value] of entries.slice(0, Math.max(0, Math.floor((HEIGHT - y) / 9)))) {
    const line = value === true ? key : `${key}: ${value}`;
    svg.append(element("text", { x: WIDTH / 2, y, class: "custom-prop", "text-anchor": "middle" }, line.slice(0, 14)));
    y += 9;
  }
  return svg;
}

// The SVG of one card of the protocol's table: `{face_up, name, props}`.
export function drawCard(card) {
  if (!card.face_up || card.name === undefined) {
    return back();
  }
  if (card.props) {
    return custom(card.name, card.props);
  }
  const standardCard = STANDARD.exec(card.name);
  if (standardCard) {
    return standard(standardCard[1], standardCard[2]);
  }
  if (card.name === "RJ" || card.name === "BJ") {
    return joker(card.name === "RJ");
  }
  return custom(card.name, {});
}
