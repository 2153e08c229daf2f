// Moving cards on the table, as every solitaire program does, by what each
// option says it carries where (`cards`, `from`, `to`, `targets`, from the
// protocol): drag a card (and the run on it) onto a pile; or click it, and
// then where it goes; a card with one move goes with a click; a double
// click sends a card to a foundation that takes it; a click on a pile or a
// grid cell makes the one move that goes there (a room placed, a step). A
// drop no option allows snaps back and says so. Pointer Events, so mouse,
// pen and touch share one path (HTML5 drag and drop does not fire on
// touch screens). The keyboard: Tab to a card, Enter to take it up, Tab
// to a pile it may go to, Enter to put it there, Escape to let go.
// Options that carry nothing stay buttons, which the game's module draws.

// How far (px) a pointer moves, pressed, before a press becomes a drag.
const DRAG_FROM = 6;
// Two taps on one card within this (ms) are a double tap.
const DOUBLE_MS = 450;

const carry = {
  root: null,
  // What the game's module does for us: choose(index), offer(indexes,
  // text) (show those options as the ones to pick from; none: all),
  // note(text) and, for cards only labels name, named(card) and
  // offerFor(card).
  hooks: null,
  options: [],
  // The card taken up by a click: {card, from}.
  taken: null,
  // A press not yet a tap or a drag, and a drag under way.
  press: null,
  drag: null,
  // The last tap on a card, for a double tap: {card, from, at}.
  tapped: null,
};

export function setUpCarrying(root, hooks) {
  carry.root = root;
  carry.hooks = hooks;
  root.addEventListener("pointerdown", pressed);
  root.addEventListener("pointermove", moved);
  root.addEventListener("pointerup", released);
  root.addEventListener("pointercancel", cancelled);
  root.addEventListener("keydown", keyed);
  // A click never reaches the page's own handlers: a press made it.
  root.addEventListener("click", (event) => event.preventDefault());
}

// The options of the decision now, after the table is drawn: marks the
// cards that may be carried (and those only a label names) and the piles a
// click moves to.
export function markTable(options) {
  carry.options = options;
  carry.taken = null;
  carry.press = null;
  endDrag();
  for (const holder of carry.root.querySelectorAll(".card-holder[data-card]")) {
    const moves = movesOf(holder.dataset.card, pileOf(holder));
    const named = moves.length === 0 && carry.hooks.named(holder.dataset.card);
    holder.classList.toggle("carriable", moves.length > 0);
    holder.classList.toggle("playable", moves.length > 0 || named);
    if (moves.length > 0 || named) {
      holder.tabIndex = 0;
      holder.setAttribute("role", "button");
      const what = moves.length === 1 ? moves[0].label : `${moves.length || "its"} moves`;
      holder.setAttribute("aria-label", `${holder.dataset.card}: ${what}`);
    }
  }
  for (const node of carry.root.querySelectorAll(".pile[data-pile]")) {
    const clickable = madeByClick(pileMoves(node.dataset.pile));
    node.classList.toggle("steppable", clickable);
    if (clickable) node.tabIndex = 0;
  }
}

// Lets go of a card taken up, and what it showed.
export function letGo() {
  carry.taken = null;
  for (const node of carry.root.querySelectorAll(".taken, .target, .over")) {
    node.classList.remove("taken", "target", "over");
  }
  for (const node of carry.root.querySelectorAll(".pile.target-key")) {
    node.classList.remove("target-key");
    if (!node.classList.contains("steppable")) node.removeAttribute("tabindex");
  }
  carry.hooks.offer([], "");
}

// ---- what the options carry -----------------------------------------------

function pileOf(node) {
  return node.closest(".pile")?.dataset.pile;
}

// The moves that carry this card (the first of their cards) from this pile.
function movesOf(card, from) {
  return carry.options.filter((o) => o.cards && o.cards[0] === card && (!o.from || o.from === from));
}

// The moves a click on a pile makes: those that go there, and those that
// take from there a card the player can not see.
function pileMoves(pile) {
  return carry.options.filter(
    (o) => (o.targets || []).includes(pile) || (o.from === pile && !(o.cards || []).length),
  );
}

// Whether a click on a pile, with no card taken up, makes these moves (the
// moves that go there): one move, or several of one card (which a click
// then asks between); not the moves of several cards, which need the card.
function madeByClick(moves) {
  return moves.length > 0 && new Set(moves.map((o) => (o.cards || [])[0])).size === 1;
}

// Makes the one move, or asks which of several.
function make(moves, what) {
  if (moves.length === 1) {
    carry.hooks.choose(moves[0].index);
  } else {
    carry.hooks.offer(
      moves.map((o) => o.index),
      `${what}: which one?`,
    );
  }
}

// Says that no move takes the card there, and (asked of the server, from
// the ruleset's declared moves) why.
function refuse(card, pile) {
  carry.hooks.note(`No move takes ${card} there.`);
  if (pile) carry.hooks.why(card, pile);
}

// ---- taps -----------------------------------------------------------------

// A tap (or Enter) on a card, or on a pile where no card is.
function tap(holder, pile) {
  const card = holder?.dataset.card;
  const now = performance.now();
  const again = carry.tapped && card && carry.tapped.card === card && carry.tapped.from === pile && now - carry.tapped.at < DOUBLE_MS;
  carry.tapped = card ? { card, from: pile, at: now } : null;
  if (carry.taken) {
    const taken = carry.taken;
    if (card === taken.card && pile === taken.from) {
      letGo();
      if (again) home(taken);
      return;
    }
    const moves = pile ? movesOf(taken.card, taken.from).filter((o) => (o.targets || []).includes(pile)) : [];
    if (moves.length > 0) {
      letGo();
      make(moves, `${taken.card} there`);
      return;
    }
    letGo();
    if (!(card && movesOf(card, pile).length > 0)) {
      refuse(taken.card, pile);
      return;
    }
  }
  if (card && movesOf(card, pile).length > 0) {
    const moves = movesOf(card, pile);
    if (moves.length === 1) {
      carry.hooks.choose(moves[0].index);
    } else {
      takeUp(holder, card, pile, moves);
    }
    return;
  }
  if (pile) {
    const moves = pileMoves(pile);
    if (madeByClick(moves)) {
      make(moves, pile);
      return;
    }
  }
  if (card && carry.hooks.named(card)) carry.hooks.offerFor(card);
}

// A double tap: the card to a foundation that takes it.
function home(taken) {
  const moves = movesOf(taken.card, taken.from).filter((o) => /foundation/i.test(o.to || ""));
  if (moves.length === 1) carry.hooks.choose(moves[0].index);
}

// A card with several moves taken up: it and the piles it may go to are
// marked, and the moves that go nowhere on the table are offered as
// buttons.
function takeUp(holder, card, from, moves) {
  carry.taken = { card, from };
  for (const node of run(holder)) node.classList.add("taken");
  for (const target of targetsOf(moves)) {
    target.classList.add("target", "target-key");
    target.tabIndex = 0;
  }
  const nowhere = moves.filter((o) => !(o.targets || []).length).map((o) => o.index);
  carry.hooks.offer(nowhere, nowhere.length ? `${card}: put it where it goes, or:` : `${card}: put it where it goes.`);
}

function targetsOf(moves) {
  const names = new Set(moves.flatMap((o) => o.targets || []));
  return [...carry.root.querySelectorAll(".pile[data-pile]")].filter((p) => names.has(p.dataset.pile));
}

// A card and the cards that lie on it in its pile: what a drag carries.
function run(holder) {
  const cards = [holder];
  for (let next = holder.nextElementSibling; next; next = next.nextElementSibling) {
    if (next.classList.contains("card-holder")) cards.push(next);
  }
  return cards;
}

function keyed(event) {
  if (event.key === "Escape") {
    if (carry.taken) letGo();
    return;
  }
  if (event.key !== "Enter" && event.key !== " ") return;
  const holder = event.target.closest?.(".card-holder.playable");
  const pile = event.target.closest?.(".pile");
  if (!holder && !(pile && event.target === pile)) return;
  event.preventDefault();
  tap(holder, pileOf(event.target));
}

// ---- pressing and dragging ------------------------------------------------

function pressed(event) {
  if (event.button !== 0 || document.body.dataset.state !== "asking") return;
  const pile = event.target.closest(".pile");
  if (!pile) return;
  const holder = event.target.closest(".card-holder[data-card]");
  carry.press = { id: event.pointerId, x: event.clientX, y: event.clientY, holder, pile: pile.dataset.pile };
  // A card that may be carried is not scrolled nor selected as text.
  if (holder?.classList.contains("carriable")) event.preventDefault();
}

function moved(event) {
  const press = carry.press;
  if (carry.drag) {
    if (event.pointerId === carry.drag.id) follow(event);
    return;
  }
  if (!press || event.pointerId !== press.id || !press.holder?.classList.contains("carriable")) return;
  if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG_FROM) return;
  startDrag(event, press);
}

function released(event) {
  const press = carry.press;
  carry.press = null;
  if (carry.drag) {
    if (event.pointerId === carry.drag.id) drop(event);
    return;
  }
  if (press && event.pointerId === press.id) tap(press.holder, press.pile);
}

function cancelled() {
  carry.press = null;
  if (carry.drag) snapBack(carry.drag);
}

function startDrag(event, press) {
  const card = press.holder.dataset.card;
  const moves = movesOf(card, press.pile);
  if (carry.taken) letGo();
  const lifted = run(press.holder);
  const first = press.holder.getBoundingClientRect();
  const ghost = document.createElement("div");
  ghost.className = "ghost";
  ghost.setAttribute("aria-hidden", "true");
  for (const node of lifted) {
    const copy = node.cloneNode(true);
    const at = node.getBoundingClientRect();
    copy.style.position = "absolute";
    copy.style.left = `${at.left - first.left}px`;
    copy.style.top = `${at.top - first.top}px`;
    copy.style.width = `${at.width}px`;
    ghost.append(copy);
    node.classList.add("lifted");
  }
  ghost.style.left = `${first.left}px`;
  ghost.style.top = `${first.top}px`;
  document.body.append(ghost);
  carry.drag = { id: event.pointerId, card, from: press.pile, moves, ghost, lifted, dx: press.x - first.left, dy: press.y - first.top, x0: first.left, y0: first.top };
  for (const target of targetsOf(moves)) target.classList.add("target");
  try {
    carry.root.setPointerCapture(event.pointerId);
  } catch {
    // A pointer already gone: the drag ends at its next event.
  }
  follow(event);
}

function follow(event) {
  const drag = carry.drag;
  drag.ghost.style.transform = `translate(${event.clientX - drag.dx - drag.x0}px, ${event.clientY - drag.dy - drag.y0}px)`;
  const over = pileAt(event.clientX, event.clientY);
  for (const node of carry.root.querySelectorAll(".pile.over")) {
    if (node !== over) node.classList.remove("over");
  }
  if (over?.classList.contains("target")) over.classList.add("over");
}

function pileAt(x, y) {
  return document.elementFromPoint(x, y)?.closest("#table .pile") || null;
}

function drop(event) {
  const drag = carry.drag;
  const pile = pileAt(event.clientX, event.clientY)?.dataset.pile;
  if (pile === drag.from) {
    snapBack(drag);
    return;
  }
  const moves = pile ? drag.moves.filter((o) => (o.targets || []).includes(pile)) : [];
  if (moves.length === 0) {
    snapBack(drag);
    refuse(drag.card, pile);
    return;
  }
  endDrag();
  make(moves, `${drag.card} there`);
}

// The dragged cards fly back to where they lay.
function snapBack(drag) {
  carry.drag = null;
  const flight = drag.ghost.animate([{ transform: drag.ghost.style.transform }, { transform: "translate(0, 0)" }], { duration: 160, easing: "ease-out" });
  drag.ghost.style.transform = "translate(0, 0)";
  flight.finished.then(() => finish(drag), () => finish(drag));
}

function endDrag() {
  const drag = carry.drag;
  carry.drag = null;
  if (drag) finish(drag);
}

function finish(drag) {
  drag.ghost.remove();
  for (const node of drag.lifted) node.classList.remove("lifted");
  for (const node of carry.root.querySelectorAll(".pile.target, .pile.over")) {
    if (!carry.taken) node.classList.remove("target", "over");
  }
}
