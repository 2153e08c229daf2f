//! A player's hands on the page (`browser`): a card dragged onto a pile, a
//! tap or a click on a card or a pile, by a mouse or a finger (`WebDriver`'s
//! pointer actions, which reach the page as the Pointer Events a person's
//! hand makes), each at a point of the element the player can see (a card
//! of a column fanned downward shows only its top), and a move the page
//! offers made the way a player makes it: the card carried to its place,
//! a cell clicked, or a button where the move carries no card. Each waits
//! on the page's state, never on time.

use crate::browser::{click, until_made};
use fantoccini::actions::{InputSource, MouseActions, PointerAction, TouchActions};
use fantoccini::{Client, Locator};
use serde::Deserialize;
use serde_json::json;
use std::time::Duration;

/// What moves the pointer.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Hand {
    Mouse,
    Finger,
}

/// How a move that carries a card is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Way {
    /// The card dragged onto its place.
    Drag,
    /// The card clicked, then its place (or the card alone where it has
    /// one move; a pile alone where the move carries no card).
    Click,
    /// Its place clicked, with no card taken up (a room's cell).
    Place,
    /// A double click on the card: home to a foundation.
    Home,
}

/// What an option carries where, as the page's button says it.
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct Carried {
    pub(crate) cards: Vec<String>,
    pub(crate) from: Option<String>,
    pub(crate) targets: Vec<String>,
}

/// A point of the element `css` that the player sees (the element itself
/// answers `elementFromPoint` there), scrolled into sight first, as a
/// player scrolls before touching: viewport coordinates.
const POINT: &str = r"
const element = document.querySelector(arguments[0]);
if (!element) return null;
element.scrollIntoView({block: 'center', inline: 'nearest'});
const r = element.getBoundingClientRect();
for (const fy of [0.5, 0.2, 0.1, 0.05, 0.8]) {
  for (const fx of [0.5, 0.3, 0.7]) {
    const x = r.left + r.width * fx, y = r.top + r.height * fy;
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit === element || element.contains(hit))) return [x, y];
  }
}
return null;
";

async fn point(client: &Client, css: &str) -> (f64, f64) {
    let found = client.execute(POINT, vec![json!(css)]).await.unwrap();
    let xy: Option<(f64, f64)> = serde_json::from_value(found).unwrap();
    xy.unwrap_or_else(|| panic!("{css} is nowhere a player can touch"))
}

async fn perform(client: &Client, hand: Hand, steps: Vec<PointerAction>) {
    match hand {
        Hand::Mouse => {
            let mut mouse = MouseActions::new("mouse".into());
            for step in steps {
                mouse = mouse.then(step);
            }
            client.perform_actions(mouse).await.unwrap();
        }
        Hand::Finger => {
            let mut finger = TouchActions::new("finger".into());
            for step in steps {
                finger = finger.then(step);
            }
            client.perform_actions(finger).await.unwrap();
        }
    }
    client.release_actions().await.unwrap();
}

fn to(x: f64, y: f64, ms: u64) -> PointerAction {
    PointerAction::MoveTo {
        duration: Some(Duration::from_millis(ms)),
        x,
        y,
    }
}

/// A tap (a click, with a mouse) on what the player sees of `css`.
pub(crate) async fn tap(client: &Client, hand: Hand, css: &str) {
    let (x, y) = point(client, css).await;
    perform(
        client,
        hand,
        vec![
            to(x, y, 0),
            PointerAction::Down { button: 0 },
            PointerAction::Up { button: 0 },
        ],
    )
    .await;
}

/// Two taps on `css`, one right after the other: a double click.
pub(crate) async fn double_tap(client: &Client, hand: Hand, css: &str) {
    let (x, y) = point(client, css).await;
    let press = [
        PointerAction::Down { button: 0 },
        PointerAction::Up { button: 0 },
    ];
    let mut steps = vec![to(x, y, 0)];
    steps.extend(press.clone());
    steps.extend(press);
    perform(client, hand, steps).await;
}

/// The card `css` pressed, carried (in a few steps, as a hand moves) and
/// let go over `onto`.
pub(crate) async fn drag(client: &Client, hand: Hand, css: &str, onto: &str) {
    let (x, y) = point(client, css).await;
    let (tx, ty) = point(client, onto).await;
    // The card may have scrolled away while the target was found.
    let (x, y) = if (x, y) == point(client, css).await {
        (x, y)
    } else {
        point(client, css).await
    };
    perform(
        client,
        hand,
        vec![
            to(x, y, 0),
            PointerAction::Down { button: 0 },
            to(x + 8.0, y + 8.0, 30),
            to(f64::midpoint(x, tx), f64::midpoint(y, ty), 60),
            to(tx, ty, 60),
            PointerAction::Up { button: 0 },
        ],
    )
    .await;
}

pub(crate) fn card(pile: &str, card: &str) -> String {
    format!(".pile[data-pile=\"{pile}\"] .card-holder[data-card=\"{card}\"]")
}

pub(crate) fn pile(name: &str) -> String {
    format!(".pile[data-pile=\"{name}\"]")
}

/// What the option of index `index` carries where, if it carries.
pub(crate) async fn carried(client: &Client, index: u64) -> Option<Carried> {
    let css = format!(".option[data-index='{index}']");
    let button = client.find(Locator::Css(&css)).await.unwrap();
    let data = button.attr("data-carries").await.unwrap()?;
    Some(serde_json::from_str(&data).unwrap())
}

/// Every option's index and what it carries, of the decision on the page
/// (read in one request: a patience offers dozens).
async fn every_carried(client: &Client) -> Vec<(u64, Option<Carried>)> {
    let script = "return [...document.querySelectorAll('.option')]\
        .map((b) => [Number(b.dataset.index), b.dataset.carries ? JSON.parse(b.dataset.carries) : null])";
    let all = client.execute(script, vec![]).await.unwrap();
    serde_json::from_value(all).unwrap()
}

/// The index of the option the ruleset's bot takes: the protocol's plain
/// `hint`, asked of the server for the page's game (the page's Hint plays
/// worlds for up to seconds, and marks the verdict's option).
pub(crate) async fn hinted(client: &Client) -> u64 {
    crate::browser::bots_choice(client).await
}

/// How a move was made, for a test to count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Made {
    Dragged,
    /// The card clicked, and its place after where it had several moves.
    Clicked,
    /// A pile or a grid cell clicked, with no card taken up.
    Placed,
    /// A button: the option carries no card and goes nowhere.
    Button,
    /// The card double-clicked.
    Sent,
}

/// Makes option `index` as a player does: by `way` where it carries a card
/// to a place; by a click on its card where that is all it names (a
/// button then, if the card has other moves that go nowhere either); by a
/// click on its place where it carries no card; by its button where it
/// carries nothing. Waits for the page to take it.
pub(crate) async fn make(client: &Client, hand: Hand, index: u64, way: Way) -> Made {
    let made = crate::browser::choices(client).await;
    let all = every_carried(client).await;
    let this = all
        .iter()
        .find(|(i, _)| *i == index)
        .and_then(|(_, c)| c.clone());
    let how = match this {
        None => {
            click(client, &format!(".option[data-index='{index}']")).await;
            Made::Button
        }
        Some(carried) if carried.cards.is_empty() => {
            // A place to go to, or a card the player can not see taken.
            let place = carried.targets.first().or(carried.from.as_ref());
            tap(client, hand, &pile(place.expect("a place"))).await;
            if shows_offer(client).await {
                click(client, &format!(".option.offered[data-index='{index}']")).await;
            }
            Made::Placed
        }
        Some(carried) => {
            let from = carried.from.clone().unwrap_or_default();
            let lifted = card(&from, &carried.cards[0]);
            let same_card = all.iter().filter(|(_, c)| {
                c.as_ref().is_some_and(|c| {
                    c.cards.first() == carried.cards.first() && c.from == carried.from
                })
            });
            let moves = same_card.count();
            match (carried.targets.first(), way) {
                // A drag goes to the last place a player may put the card
                // (the monster, over the attack pile that takes it; the
                // last empty free cell), a click to the first.
                (Some(_), Way::Drag) => {
                    let target = carried.targets.last().expect("a target");
                    drag(client, hand, &lifted, &pile(target)).await;
                    choose_offered(client, index).await;
                    Made::Dragged
                }
                (Some(_), Way::Home) => {
                    double_tap(client, hand, &lifted).await;
                    Made::Sent
                }
                (Some(target), Way::Place) => {
                    tap(client, hand, &pile(target)).await;
                    choose_offered(client, index).await;
                    Made::Placed
                }
                (Some(target), Way::Click) => {
                    tap(client, hand, &lifted).await;
                    if moves > 1 {
                        tap(client, hand, &pile(target)).await;
                        choose_offered(client, index).await;
                    }
                    Made::Clicked
                }
                (None, _) => {
                    tap(client, hand, &lifted).await;
                    choose_offered(client, index).await;
                    Made::Clicked
                }
            }
        }
    };
    until_made(client, made + 1).await;
    how
}

/// Whether the page asks which of several options it offers.
async fn shows_offer(client: &Client) -> bool {
    client.find(Locator::Css("#options .offered")).await.is_ok()
        && crate::browser::shows(client, "[data-state='asking']").await
}

/// Where a drop or a click fits several options, the page offers them as
/// buttons: the one meant is chosen there.
async fn choose_offered(client: &Client, index: u64) {
    if shows_offer(client).await {
        let css = format!(".option.offered[data-index='{index}']");
        if client.find(Locator::Css(&css)).await.is_ok() {
            click(client, &css).await;
        }
    }
}
