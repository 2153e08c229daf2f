//! One screen: for every shipped ruleset with its default options, at each
//! decision of a seeded game played by its own bot (the page's Hint; the
//! first 30 decisions at most), the page fits. At 1200×900 nothing scrolls:
//! not the page, not the table in its room, not the question's panel, and
//! the question and its buttons lie in the window; no numbered pile's name
//! is cut short (where its cards are narrow, its run is named once). On a 390×844 phone the
//! page is no wider than the screen, the question and its buttons lie in
//! the window at the top of the page and where the last move left it (the
//! table scrolls under them), no mark on a pile covers another's name and
//! none is cut, and ten moves in every card's rank reads (12 px of glyph
//! at least, nothing over it); then the Statistics dialog, with the games that ended in it,
//! fits the phone; at 1200×900 the odds leave the controls in the window,
//! and six moves in the page shows only the status lines and marks the
//! ruleset declares.
//! A touch screen is not told of number keys, a mouse is. Ten
//! moves in, each table's text has a contrast of 4.5:1 at least, and its
//! screenshot is taken: `DELVE_SCREENSHOTS=DIR` writes them into DIR too
//! (the README's come from `DELVE_SCREENSHOTS=docs/screenshots cargo test
//! --test integration screenshots`). Each screen's rulesets are played in
//! two tests of half of them each. A ruleset whose table is laid out as an
//! earlier one's (a variant of its rules: the same piles in the same places)
//! is measured at its first decision only, and played on only as far as its
//! ranks and status are read.

use crate::browser::{click, start, until, with_browser_on, Screen};
use crate::serve::Server;
use crate::serve_phone::unreadable_ranks;
use crate::serve_status::undeclared;
use fantoccini::Client;
use serde_json::json;
use std::path::{Path, PathBuf};

/// Decisions measured in each game, at most.
const DECISIONS: usize = 30;

/// What does not fit, as a list of sentences (empty: it fits).
/// `arguments[0]`: whether the screen is a phone's.
const MISFITS: &str = r"
const phone = arguments[0];
const problems = [];
const [W, H] = [innerWidth, innerHeight];
const page = document.scrollingElement;
const shown = (e) => e && e.getClientRects().length > 0;
const within = (e, what) => {
  const r = e.getBoundingClientRect();
  if (r.top < -0.5 || r.left < -0.5 || r.bottom > H + 0.5 || r.right > W + 0.5) {
    problems.push(`${what} lies at ${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)}, outside the ${W}×${H} window`);
  }
};
if (page.scrollWidth > W + 0.5) problems.push(`the page is ${page.scrollWidth} px wide in a ${W} px window`);
if (!phone) {
  if (page.scrollHeight > H + 0.5) problems.push(`the page scrolls: ${page.scrollHeight} px high in a ${H} px window`);
  const board = document.querySelector('.board');
  if (board.scrollHeight > board.clientHeight + 1 || board.scrollWidth > board.clientWidth + 1) {
    problems.push(`the table needs ${board.scrollWidth}×${board.scrollHeight} px in its ${board.clientWidth}×${board.clientHeight}`);
  }
  within(document.getElementById('table'), 'the table');
  const asking = document.getElementById('asking');
  if (shown(asking) && asking.scrollHeight > asking.clientHeight + 1) problems.push('the question\'s panel scrolls');
  // A numbered pile's name is never cut to a few letters: where its cards
  // are too narrow, its run of piles is named once (`foundation 1–8`).
  for (const name of document.querySelectorAll('.grid .pile-name')) {
    const own = name.querySelector('.own-name');
    if (shown(own) && /\d$/.test(own.textContent) && name.scrollWidth > name.clientWidth + 1) {
      problems.push(`the name ${own.textContent} is cut short`);
    }
  }
}
const asking = shown(document.getElementById('asking'));
within(document.getElementById(asking ? 'question' : 'ending'), asking ? 'the question' : 'the end');
for (const button of document.querySelectorAll('#options .option, #every-move')) {
  if (shown(button)) within(button, `the button ${button.textContent.trim()}`);
}
return problems;
";

/// What the page tells a player of number keys, where it shows it.
const KEYS_TOLD: &str = r"
return [...document.querySelectorAll('#asking *')]
  .filter((e) => e.getClientRects().length > 0 && [...e.childNodes].some((n) => n.nodeType === 3 && /number key/i.test(n.textContent)))
  .map((e) => e.textContent.trim());
";

async fn misfits(client: &Client, phone: bool) -> Vec<String> {
    let found = client.execute(MISFITS, vec![json!(phone)]).await.unwrap();
    serde_json::from_value(found).unwrap()
}

/// Takes the option the ruleset's bot names (the protocol's plain `hint`,
/// asked of the server for the page's game: the page's Hint plays worlds
/// for up to seconds) and waits, inside the page, for the next decision (or
/// the end): one request to the browser a decision, as the test takes 240
/// of them on each screen.
const STEP: &str = r"
const done = arguments[arguments.length - 1];
const body = document.body;
const made = Number(body.dataset.choices);
const when = (ready, then) => {
  const check = () => (ready() ? then() : requestAnimationFrame(check));
  check();
};
const id = JSON.parse(localStorage.getItem('delve.game')).id;
fetch(`/session/${id}`, { method: 'POST', headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ line: 'hint' }) })
  .then((reply) => reply.json())
  .then((messages) => {
    const ok = messages.find((m) => m.type === 'ok');
    const option = ok && document.querySelector(`.option[data-index='${ok.index}']`);
    if (!option) return done(JSON.stringify(messages));
    option.click();
    when(() => body.dataset.state !== 'busy' && Number(body.dataset.choices) === made + 1, () => done(null));
  });
";

async fn take_the_hint(client: &Client, name: &str) {
    let failed = client.execute_async(STEP, vec![]).await.unwrap();
    assert_eq!(failed, json!(null), "{name}: the hint was not taken");
}

/// Each mark on a pile that covers another pile's label or mark, and each
/// mark whose text is cut.
const MARKS: &str = r"
const wrong = [];
const labels = [...document.querySelectorAll('.pile-name')];
for (const badge of document.querySelectorAll('.badge')) {
  if (badge.scrollWidth > badge.clientWidth + 0.5) wrong.push(`${badge.textContent} is cut`);
  const a = badge.getBoundingClientRect();
  for (const label of labels) {
    if (label.contains(badge)) continue;
    for (const b of label.getClientRects()) {
      if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) {
        wrong.push(`${badge.textContent} covers ${label.textContent}`);
      }
    }
  }
}
return wrong;
";

/// The decision at which the screenshot is taken: ten moves in, the table
/// has more than its opening to show (a game that ends sooner is taken at
/// its end).
const SHOT_AT: usize = 11;

/// The decision at which the status shown is held to the one declared
/// (in a window): six moves in.
const STATUS_AT: usize = 7;

/// Which shipped rulesets a test plays: every other one, from the first
/// or from the second, so that each screen's two halves (a minute or two
/// of browser work each) run beside the other tests, not after them.
#[derive(Clone, Copy, PartialEq)]
enum Half {
    First,
    Second,
}

/// Plays half the shipped rulesets on `screen`, the page measured at each
/// decision; on a phone at the top of the page and where the last move
/// left it. Screenshots go to `folders`: each ruleset's on a desktop, Clear
/// the Dungeon's on a phone as `phone.png`.
fn every_ruleset_fits(screen: Screen, half: Half) {
    let phone = matches!(screen, Screen::Phone(_));
    let home = tempfile::tempdir().unwrap();
    let scratch = tempfile::tempdir().unwrap();
    let folders = screenshot_folders(scratch.path());
    let server = Server::start(home.path(), &[]);
    let all = server.ruleset_names();
    assert!(all.len() >= 4, "{all:?}");
    let twins = crate::serve::laid_out_as_an_earlier(&all);
    let names: Vec<String> = all
        .into_iter()
        .enumerate()
        .filter(|(i, _)| (i % 2 == 0) == (half == Half::First))
        .map(|(_, name)| name)
        .collect();
    with_browser_on(screen, async |client| {
        let mut wrong = Vec::new();
        let mut ranks_read = 0;
        for name in &names {
            start(client, &server, name, &[]).await;
            // A deal with no move at all (Forecell's deal 1) starts ended,
            // with no option to give a key.
            if !crate::browser::shows(client, "[data-state='ended']").await {
                let keys = client.execute(KEYS_TOLD, vec![]).await.unwrap();
                assert_eq!(keys == json!([]), phone, "{name}: number keys told: {keys}");
            }
            // A table laid out as an earlier ruleset's is drawn as that
            // one is: its start is measured, not its whole game again; it
            // is played as far as the ranks and the status are read.
            let twin = twins.contains(name);
            let decisions = match (twin, phone) {
                (false, _) => DECISIONS,
                (true, true) => SHOT_AT,
                (true, false) => STATUS_AT,
            };
            for decision in 1..=decisions {
                if !twin || decision == 1 {
                    let mut seen = misfits(client, phone).await;
                    if phone {
                        client
                            .execute("window.scrollTo(0, 0)", vec![])
                            .await
                            .unwrap();
                        seen.extend(misfits(client, phone).await);
                        let marks = client.execute(MARKS, vec![]).await.unwrap();
                        seen.extend(serde_json::from_value::<Vec<String>>(marks).unwrap());
                    }
                    seen.dedup();
                    wrong.extend(
                        seen.into_iter()
                            .map(|p| format!("{name}, decision {decision}: {p}")),
                    );
                }
                let ended = crate::browser::shows(client, "[data-state='ended']").await;
                // Ten moves in, or at the end of a game that ends sooner.
                let shot = decision == SHOT_AT || (ended && decision < SHOT_AT);
                if shot && (!twin || decision == 1) && (!phone || name == "clear-the-dungeon") {
                    screenshot(client, name, phone, &folders).await;
                }
                // Six moves in (a short game's at its end), the page shows
                // only the status the ruleset declares.
                if !phone && (decision == STATUS_AT || (ended && decision < STATUS_AT)) {
                    wrong.extend(undeclared(client, &server, name).await);
                }
                // Ten moves in, every rank reads.
                if phone && shot {
                    let (unreadable, read) = unreadable_ranks(client, name).await;
                    wrong.extend(unreadable);
                    ranks_read += read;
                }
                if ended {
                    break;
                }
                take_the_hint(client, name).await;
            }
        }
        assert!(wrong.is_empty(), "what does not fit:\n{}", wrong.join("\n"));
        assert!(!phone || ranks_read > 50, "only {ranks_read} ranks read");
        if phone && half == Half::First {
            statistics_fit(client).await;
        }
    });
}

/// The Statistics dialog, with the games that ended above in it, as wide
/// as the phone at most, its table too.
async fn statistics_fit(client: &Client) {
    click(client, "#show-stats").await;
    until(client, ":has(#dialog[open] #dialog-body table)").await;
    let found = client
        .execute(
            "const d = document.getElementById('dialog').getBoundingClientRect(); \
             const b = document.getElementById('dialog-body'); \
             return [d.left, d.right, innerWidth, b.scrollWidth - b.clientWidth, \
                     document.scrollingElement.scrollWidth - innerWidth];",
            vec![],
        )
        .await
        .unwrap();
    let [left, right, width, table_over, page_over]: [f64; 5] =
        serde_json::from_value(found).unwrap();
    assert!(
        left >= 0.0 && right <= width,
        "the dialog lies at {left} to {right} on a {width} px phone"
    );
    assert!(
        table_over <= 0.0,
        "the statistics are {table_over} px wider than the dialog"
    );
    assert!(
        page_over <= 0.0,
        "the page is {page_over} px wider than the phone"
    );
    click(client, "#dialog-close").await;
}

/// Where the screenshots go: a temporary folder, and `DELVE_SCREENSHOTS`.
fn screenshot_folders(scratch: &Path) -> Vec<PathBuf> {
    let mut folders = vec![scratch.to_path_buf()];
    if let Some(dir) = std::env::var_os("DELVE_SCREENSHOTS") {
        let dir = PathBuf::from(dir);
        std::fs::create_dir_all(&dir).unwrap();
        folders.push(dir);
    }
    folders
}

/// The page as it is, its text's contrast checked first.
async fn screenshot(client: &Client, name: &str, phone: bool, folders: &[PathBuf]) {
    let low = low_contrast(client).await;
    assert!(low.is_empty(), "{name}: text below 4.5:1 contrast: {low:?}");
    client
        .execute("window.scrollTo(0, 0)", vec![])
        .await
        .unwrap();
    let png = client.screenshot().await.unwrap();
    assert!(png.starts_with(b"\x89PNG"), "{name}: not a PNG");
    let file = if phone {
        "phone.png".to_string()
    } else {
        format!("{name}.png")
    };
    for folder in folders {
        std::fs::write(folder.join(&file), &png).unwrap();
    }
}

#[test]
fn screenshots_and_fit_of_every_other_shipped_ruleset_in_a_1200_by_900_window() {
    every_ruleset_fits(Screen::Window(1200, 900), Half::First);
}

#[test]
fn screenshots_and_fit_of_the_other_shipped_rulesets_in_a_1200_by_900_window() {
    every_ruleset_fits(Screen::Window(1200, 900), Half::Second);
}

#[test]
fn screenshots_and_fit_of_every_other_shipped_ruleset_on_a_phone_the_question_in_view() {
    every_ruleset_fits(Screen::Phone(390), Half::First);
}

#[test]
fn screenshots_and_fit_of_the_other_shipped_rulesets_on_a_phone_the_question_in_view() {
    every_ruleset_fits(Screen::Phone(390), Half::Second);
}

/// WCAG's contrast ratio of each visible text against the background it
/// lies on; the texts under 4.5:1 (disabled controls are exempt).
const CONTRAST: &str = r#"
const rgb = (s) => s.match(/[\d.]+/g).map(Number);
const channel = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
const under = (element) => {
  for (let e = element; e; e = e.parentElement) {
    const c = rgb(getComputedStyle(e).backgroundColor);
    if (c.length < 4 || c[3] > 0) return c;
  }
  return [255, 255, 255];
};
const low = [];
for (const element of document.querySelectorAll("body *")) {
  if (element.closest("svg") || element.closest("[disabled]")) continue;
  const text = [...element.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
  if (!text || element.getClientRects().length === 0) continue;
  const [a, b] = [luminance(rgb(getComputedStyle(element).color)), luminance(under(element))];
  const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  if (ratio < 4.5) low.push(`${element.tagName} ${element.textContent.trim().slice(0, 24)}: ${ratio.toFixed(2)}`);
}
return low;
"#;

async fn low_contrast(client: &Client) -> Vec<String> {
    let low = client.execute(CONTRAST, vec![]).await.unwrap();
    serde_json::from_value(low).unwrap()
}

/// At 1200×900 the odds of a game with hidden cards (Clear the Dungeon's
/// many options, each with its figures) leave Undo, Hint and Odds in the
/// window.
#[test]
fn the_odds_leave_the_controls_in_the_window() {
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path(), &[]);
    with_browser_on(Screen::Window(1200, 900), async |client| {
        start(client, &server, "clear-the-dungeon", &[]).await;
        click(client, "#odds-button").await;
        until(client, "[data-state='asking'] #hint:not([hidden]) table").await;
        let found = client
            .execute(
                "return ['undo', 'hint-button', 'odds-button'].map((id) => { \
                   const r = document.getElementById(id).getBoundingClientRect(); \
                   return [id, r.top >= 0 && r.bottom <= innerHeight]; });",
                vec![],
            )
            .await
            .unwrap();
        let found: Vec<(String, bool)> = serde_json::from_value(found).unwrap();
        for (id, inside) in found {
            assert!(inside, "#{id} lies outside the window with the odds shown");
        }
    });
}
