// The cards' size: as large as lets the table (its piles and the status
// under them) fit the room it has. On a wide screen that is the board's
// box beside the question, so the whole game shows without scrolling; on
// a narrow one the width alone, the table scrolling under the question.

// A card's width in px, at most and at least (a cell is a little wider).
const LARGEST = { wide: 104, narrow: 72 };
const SMALLEST = 20;

const narrow = () => window.matchMedia("(max-width: 40rem)").matches;

function setSize(root, size) {
  root.style.setProperty("--card", `${size}px`);
  root.style.setProperty("--cell", `${Math.round((size * 64) / 60)}px`);
}

// How much the table overflows its room: above 1, by that factor; below,
// the room it leaves.
function overflow(table) {
  const wide = table.scrollWidth / Math.max(1, table.clientWidth);
  if (narrow()) return wide;
  const board = table.parentElement;
  const room = board.getBoundingClientRect().bottom - table.getBoundingClientRect().top;
  return Math.max(wide, table.scrollHeight / Math.max(1, room));
}

// A new game's table is sized afresh: the size a game of another ruleset
// settled at says nothing of this one's, and a game must look the same
// whatever was played before it.
export function forgetCardSize() {
  document.documentElement.style.removeProperty("--card");
}

// Sizes the cards of `table` (the #table element) to its room, from the
// size they had: most moves change little, so a layout or two settles it.
export function fitTable(table) {
  const root = document.documentElement;
  const largest = narrow() ? LARGEST.narrow : LARGEST.wide;
  let size = Math.min(largest, parseInt(root.style.getPropertyValue("--card"), 10) || largest);
  setSize(root, size);
  // A table that fits with room to spare may have cards larger; names and
  // counts do not scale with the cards, so a step may fall a little short
  // or go a little over: a few more close the gap.
  let over = overflow(table);
  for (let step = 0; step < 6 && (over > 1 || (over < 0.97 && size < largest)); step++) {
    const next = Math.max(SMALLEST, Math.min(largest, Math.floor((size / over) * 0.99)));
    if (next === size) break;
    // Grown past its room: back to the last size that fitted.
    const grew = next > size;
    const last = size;
    size = next;
    setSize(root, size);
    over = overflow(table);
    if (grew && over > 1) {
      size = last;
      setSize(root, size);
      break;
    }
  }
  nameRunsWhereCut(table);
}

// A phone names each run of one family's piles once (`column 1–8`); a
// wide screen does where a pile's name would be cut short, its cards being
// narrow (two decks' long fans left "fou…" over each foundation).
function nameRunsWhereCut(table) {
  const grid = table.querySelector(".grid");
  if (!grid) return;
  grid.classList.remove("runs-named");
  const cut = [...grid.querySelectorAll(".pile-name")].some((n) => n.scrollWidth > n.clientWidth + 1);
  if (narrow() || cut) grid.classList.add("runs-named");
}
