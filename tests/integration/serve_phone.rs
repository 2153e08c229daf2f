//! `delve serve` on a phone: Chromium emulating a 390 px wide touch
//! screen. For every shipped ruleset the start form (with that ruleset's
//! options) fits the width, and a tap on Start starts the game; its table
//! is measured at every decision in `serve_fit.rs`, and played by a finger
//! in `serve_carrying.rs`; no pile is marked with its own name.

use crate::browser::{page_state, until, with_browser_on, Screen, PATIENCE};
use crate::serve::Server;
use fantoccini::actions::{InputSource, PointerAction, TouchActions};
use fantoccini::{Client, Locator};
use serde_json::json;

/// A phone's width, as the issue measured it.
const WIDTH: u32 = 390;

/// The page's width past a screen `arguments[0]` px wide (a phone's
/// browser widens its viewport to a page that does not fit), and the
/// elements that reach past that edge.
const OVERFLOW: &str = r"
const width = arguments[0];
const past = [...document.querySelectorAll('body *')]
  .filter((e) => e.getClientRects().length && e.getBoundingClientRect().right > width + 0.5)
  .map((e) => `${e.tagName.toLowerCase()}#${e.id}.${e.className.baseVal ?? e.className} ${(e.textContent || '').trim().slice(0, 30)}`);
return [Math.max(window.innerWidth, document.documentElement.scrollWidth) - width, past.slice(0, 6)];
";

async fn fits(client: &Client, what: &str) {
    let found = client.execute(OVERFLOW, vec![json!(WIDTH)]).await.unwrap();
    let over = found[0].as_f64().unwrap();
    assert!(
        over <= 0.0,
        "{what}: {over}px wider than a {WIDTH} px phone; past the edge: {}",
        found[1]
    );
}

/// Taps `css` with a finger, as a phone does: scrolled into sight first,
/// as a thumb does (a touch past the screen's edge touches nothing).
async fn tap(client: &Client, css: &str) {
    let element = client.find(Locator::Css(css)).await.unwrap();
    let in_sight = client
        .execute(
            "arguments[0].scrollIntoView({block: 'center'}); \
             const r = arguments[0].getBoundingClientRect(); \
             return r.top >= 0 && r.bottom <= window.innerHeight;",
            vec![serde_json::to_value(&element).unwrap()],
        )
        .await
        .unwrap();
    assert_eq!(
        in_sight,
        json!(true),
        "{css} can not be scrolled into sight"
    );
    let finger = TouchActions::new("finger".into())
        .then(PointerAction::MoveToElement {
            element,
            duration: None,
            x: 0.0,
            y: 0.0,
        })
        .then(PointerAction::Down { button: 0 })
        .then(PointerAction::Up { button: 0 });
    client.perform_actions(finger).await.unwrap();
}

#[test]
fn every_shipped_rulesets_start_form_fits_a_phone_and_starts_with_a_tap() {
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path(), &[]);
    let names = server.ruleset_names();
    with_browser_on(Screen::Phone(WIDTH), async |client| {
        for name in &names {
            client.goto(&server.url()).await.unwrap();
            until(
                client,
                ":is([data-state='start'], [data-state='asking'], [data-state='ended'])",
            )
            .await;
            if !crate::browser::shows(client, "[data-state='start']").await {
                tap(client, "#to-start").await;
                until(client, "[data-state='start']").await;
            }
            let select = client.find(Locator::Css("#ruleset")).await.unwrap();
            select.select_by_value(name).await.unwrap();
            fits(client, &format!("{name}'s start form")).await;
            tap(client, "#start-game").await;
            // A deal may end before its first decision (a Black Hole deal
            // with no card next to the ace in rank): started all the same.
            let started = client
                .wait()
                .at_most(PATIENCE)
                .for_element(Locator::Css(&format!(
                    "body[data-game='{name}']:is([data-state='asking'], [data-state='ended'])"
                )))
                .await;
            if started.is_err() {
                let state = page_state(client).await;
                panic!("{name}: a tap on Start started no game; the page is {state}");
            }
        }
    });
}

/// A pile's mark that only says its name again (`waste [waste]`) is left
/// off: Klondike's stock and waste, Golf's foundation, Black Hole's hole.
#[test]
fn no_pile_is_marked_with_its_own_name() {
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path(), &[]);
    with_browser_on(Screen::Window(1200, 900), async |client| {
        for name in ["klondike", "golf", "black-hole"] {
            crate::browser::start(client, &server, name, &[]).await;
            let doubled = client
                .execute(
                    "return [...document.querySelectorAll('#table .pile')]
                       .flatMap((p) => [...p.querySelectorAll('.badge')]
                         .filter((b) => b.textContent.trim().toLowerCase() === p.dataset.pile.toLowerCase())
                         .map((b) => p.dataset.pile));",
                    vec![],
                )
                .await
                .unwrap();
            assert_eq!(doubled, json!([]), "{name}");
        }
    });
}
