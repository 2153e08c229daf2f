// The cards' size: as large as lets the table (its piles and the status
// under them) fit the room it has. On a wide screen that is the board's
// box beside the question, so the whole game shows without scrolling; on
// a narrow one the width alone, the table scrolling under the question.

// A card's width in px, at most and at least (a cell is a little wider).
const LARGEST = { wide: 104, narrow: 72 };
const SMALLEST = 26;

const narrow = () => window.matchMedia("(max-width: 40rem)").matches;

function setSize(root, size) {
  root.style.setProperty("--card", `${size}px`);
  root.style.setProperty("--cell", `${Math.round((size * 64) / 60)}px`);
}

// How much the table overflows its room: above 1, by that factor.
function overflow(table) {
  const wide = table.scrollWidth / Math.max(1, table.clientWidth);
  if (narrow()) return wide;
  const board = table.parentElement;
  const room = board.getBoundingClientRect().bottom - table.getBoundingClientRect().top;
  return Math.max(wide, table.scrollHeight / Math.max(1, room));
}

// Sizes the cards of `table` (the #table element) to its room.
export function fitTable(table) {
  const root = document.documentElement;
  let size = narrow() ? LARGEST.narrow : LARGEST.wide;
  setSize(root, size);
  // Names and counts do not scale with the cards, so a step may fall a
  // little short: a few more close the gap.
  for (let step = 0; step < 8; step++) {
    const over = overflow(table);
    if (over <= 1 || size <= SMALLEST) break;
    size = Math.max(SMALLEST, Math.min(size - 1, Math.floor((size / over) * 0.99)));
    setSize(root, size);
  }
}
