//! `delve serve` on a phone: Chromium emulating a 390 px wide touch
//! screen. For every shipped ruleset the start form (with that ruleset's
//! options) fits the width, and a tap on Start starts the game; its table
//! is measured at every decision in `serve_fit.rs`, and played by a finger
//! in `serve_carrying.rs`; no pile is marked with its own name, no name is
//! cut short and a run of piles of one family is named once; every rank
//! reads (`unreadable_ranks`, asked in `serve_fit.rs`'s game on a phone),
//! Black Hole's comfortably; a draw of three's waste keeps to its place.

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

/// Every standard card's rank on the table as a player reads it: the
/// glyphs' height in px (measured in the font it is drawn in), whether a
/// mark or count lies over it, and whether the card on it in a fanned
/// column covers it. `[[what, height, covered_by]]`.
const RANKS: &str = r"
const canvas = document.createElement('canvas').getContext('2d');
const found = [];
const holders = [...document.querySelectorAll('#table .card-holder')];
const marks = [...document.querySelectorAll('#table .badge, #table .count')].filter((m) => m.getClientRects().length);
for (const holder of holders) {
  const text = holder.querySelector('svg.card.up text.head-rank');
  if (!text || !text.getClientRects().length) continue;
  const svg = text.ownerSVGElement;
  const scale = svg.getBoundingClientRect().width / 60;
  const style = getComputedStyle(text);
  const px = parseFloat(style.fontSize) * scale;
  canvas.font = `${style.fontWeight} ${px}px ${style.fontFamily}`;
  const m = canvas.measureText(text.textContent);
  const height = m.actualBoundingBoxAscent + m.actualBoundingBoxDescent;
  // The glyphs' own box, from the baseline the text is drawn on.
  const box = text.getBoundingClientRect();
  const base = svg.getBoundingClientRect().top + Number(text.getAttribute('y')) * scale;
  const r = { left: box.left, right: box.right, top: base - m.actualBoundingBoxAscent, bottom: base + m.actualBoundingBoxDescent };
  const over = (b) => r.left < b.right - 0.5 && b.left < r.right - 0.5 && r.top < b.bottom - 0.5 && b.top < r.bottom - 0.5;
  let covered = marks.filter((mark) => over(mark.getBoundingClientRect())).map((mark) => `the mark ${mark.textContent}`);
  const next = holder.nextElementSibling;
  if (next && holder.closest('.fan-down')) {
    const top = next.getBoundingClientRect().top;
    if (top < r.bottom - 0.5) covered.push(`the card on it`);
  }
  found.push([`${svg.getAttribute('aria-label')} in ${holder.closest('.pile').dataset.pile}`, height, covered.join(', ')]);
}
return found;
";

/// What is wrong with the ranks of the table shown, in a sentence each
/// (a rank under 12 px of glyph, or something over it), and how many ranks
/// were read: `serve_fit.rs` asks this on a phone, ten moves into every
/// shipped ruleset.
pub(crate) async fn unreadable_ranks(client: &Client, name: &str) -> (Vec<String>, usize) {
    let found = client.execute(RANKS, vec![]).await.unwrap();
    let found: Vec<(String, f64, String)> = serde_json::from_value(found).unwrap();
    let mut wrong = Vec::new();
    for (what, height, covered) in &found {
        if *height < 12.0 {
            wrong.push(format!("{name}: {what}'s rank is {height:.1} px tall"));
        }
        if !covered.is_empty() {
            wrong.push(format!("{name}: {what}'s rank lies under {covered}"));
        }
    }
    (wrong, found.len())
}

/// How far the waste's shown cards reach past foundation 1's left edge,
/// in px (at most 0: they keep to the waste's place).
const PAST_FOUNDATION_1: &str = r"
const waste = [...document.querySelectorAll(`#table .pile[data-pile='waste'] :is(.card-holder, .more)`)];
const right = Math.max(...waste.filter((e) => e.getClientRects().length).map((e) => e.getBoundingClientRect().right));
const next = document.querySelector(`#table .pile[data-pile='foundation 1']`).getBoundingClientRect().left;
return right - next;
";

/// The piles' names a player sees, each with whether it is cut short:
/// `[[name, cut]]`.
const NAMES_SHOWN: &str = r"
return [...document.querySelectorAll('#table .pile-name')]
  .filter((l) => l.getClientRects().length && l.textContent.trim() && getComputedStyle(l).visibility !== 'hidden')
  .map((l) => [
    [...l.children].filter((c) => c.getClientRects().length).map((c) => c.textContent).join(' ') || l.textContent,
    l.scrollWidth > l.clientWidth + 0.5,
  ]);
";

/// Klondike's draw of three lays the waste's top three fanned, the rest
/// counted, not the whole waste across the foundations.
#[test]
fn a_draw_of_three_fans_the_wastes_top_three() {
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path(), &[]);
    with_browser_on(Screen::Phone(WIDTH), async |client| {
        client.goto(&server.url()).await.unwrap();
        until(client, "[data-state='start']").await;
        let select = client.find(Locator::Css("#ruleset")).await.unwrap();
        select.select_by_value("klondike").await.unwrap();
        // A seed of its own, so the deal is the same on every run.
        crate::browser::click(client, "#deal-choices summary").await;
        let seed = client.find(Locator::Css("#seed")).await.unwrap();
        seed.send_keys("1").await.unwrap();
        let draw = client
            .find(Locator::Css("[data-option='draw']"))
            .await
            .unwrap();
        draw.select_by_value("3").await.unwrap();
        // Without autoplay no card leaves the waste by itself: whatever the
        // deal, three draws of three leave nine there.
        client
            .execute(
                "document.querySelector(\"[data-option='autoplay']\").checked = false;",
                vec![],
            )
            .await
            .unwrap();
        tap(client, "#start-game").await;
        until(client, "[data-state='asking'][data-game='klondike']").await;
        // Three draws: nine cards turned.
        for _ in 0..3 {
            let made = crate::browser::choices(client).await;
            client
                .execute(
                    "const draw = [...document.querySelectorAll('.option')].find((b) => /draw/.test(b.textContent)); draw.click();",
                    vec![],
                )
                .await
                .unwrap();
            crate::browser::until_made(client, made + 1).await;
        }
        let waste = client
            .execute(
                "const p = document.querySelector(\"#table .pile[data-pile='waste']\"); \
                 return [p.querySelectorAll('.card-holder').length, (p.querySelector('.more') || {}).textContent || ''];",
                vec![],
            )
            .await
            .unwrap();
        let (shown, more): (u64, String) = serde_json::from_value(waste).unwrap();
        assert_eq!(shown, 3, "{more}");
        assert_eq!(more, "+6");
        // The fan keeps to the waste's own place, off foundation 1.
        let past = client.execute(PAST_FOUNDATION_1, vec![]).await.unwrap();
        let past = past.as_f64().unwrap();
        assert!(
            past <= 0.5,
            "the waste's fan runs {past:.1} px over foundation 1"
        );
    });
}

/// Where piles of one family lie side by side (free cell 1 to 4, column 1
/// to 8), a phone names the run once rather than cutting each name to a
/// few letters: the layout says which is which. No shipped ruleset's
/// pile name is cut short on a phone (a variant laid out as its base is
/// read once, in its base).
#[test]
fn a_phone_names_a_run_of_piles_once_and_cuts_none_of_them() {
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path(), &[]);
    let names = server.ruleset_names();
    // A table laid out as an earlier ruleset's shows the same names.
    let twins = crate::serve::laid_out_as_an_earlier(&names);
    with_browser_on(Screen::Phone(WIDTH), async |client| {
        for name in names.iter().filter(|name| !twins.contains(*name)) {
            let runs: &[&str] = match name.as_str() {
                "freecell" => &["free cell 1–4", "foundation 1–4", "column 1–8"],
                "black-hole" => &["fan 1–3", "fan 4–6", "fan 16–17"],
                _ => &[],
            };
            crate::browser::start(client, &server, name, &[]).await;
            let names = client.execute(NAMES_SHOWN, vec![]).await.unwrap();
            let names: Vec<(String, bool)> = serde_json::from_value(names).unwrap();
            let cut: Vec<&String> = names
                .iter()
                .filter(|(_, cut)| *cut)
                .map(|(n, _)| n)
                .collect();
            assert!(
                cut.is_empty(),
                "{name}: names cut short on a phone: {cut:?}"
            );
            for run in runs {
                assert!(
                    names.iter().any(|(n, _)| n == run),
                    "{name}: no run named {run}: {names:?}"
                );
            }
        }
    });
}

/// Black Hole's seventeen fans, twelve columns wide on a desktop, fold
/// on a phone into rows of three, so their ranks read comfortably: 16 px
/// of glyph at least, not the bare 12.
#[test]
fn black_holes_fans_fold_on_a_phone_and_read_comfortably() {
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path(), &[]);
    with_browser_on(Screen::Phone(WIDTH), async |client| {
        crate::browser::start(client, &server, "black-hole", &[]).await;
        fits(client, "Black Hole's table").await;
        let found = client.execute(RANKS, vec![]).await.unwrap();
        let found: Vec<(String, f64, String)> = serde_json::from_value(found).unwrap();
        assert!(found.len() > 30, "{found:?}");
        let smallest = found.iter().min_by(|a, b| a.1.total_cmp(&b.1)).unwrap();
        assert!(
            smallest.1 >= 16.0,
            "{}'s rank is {:.1} px tall",
            smallest.0,
            smallest.1
        );
    });
}
