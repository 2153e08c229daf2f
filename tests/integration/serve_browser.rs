//! `delve serve` in a real browser (`browser`): plays a fixture game and a
//! shipped one by clicking, undoes, reloads the page and finds the game
//! where it was, and takes a screenshot of each shipped ruleset's table.
//! `DELVE_SCREENSHOTS=DIR` also writes the screenshots into DIR (the
//! README's come from `DELVE_SCREENSHOTS=docs/screenshots cargo test --test
//! integration screenshots`).

use crate::browser::{
    choices, click, pick_first, shows, start, step, until, until_made, with_browser,
};
use crate::serve::{pocket, Server};
use fantoccini::{Client, Locator};
use std::path::{Path, PathBuf};

/// Plays on by clicking the first option, or a card an option names and
/// then the first option it offers, until the game ends.
async fn play_to_the_end(client: &Client, by_cards: bool) {
    for _ in 0..200 {
        if shows(client, "[data-state='ended']").await {
            return;
        }
        if by_cards {
            let made = choices(client).await;
            click(client, ".playable").await;
            click(client, ".option.offered").await;
            until_made(client, made + 1).await;
        } else {
            pick_first(client).await;
        }
    }
    panic!("the game did not end in 200 choices");
}

#[test]
fn the_page_plays_by_clicking_undoes_and_finds_the_game_after_a_reload() {
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path(), &[&pocket()]);
    with_browser(async |client| {
        start(client, &server, &pocket(), &[("rounds", "3")]).await;
        until(client, "[data-choices='0']").await;
        // A number key chooses, as a click does.
        let body = client.find(Locator::Css("body")).await.unwrap();
        body.send_keys("1").await.unwrap();
        until(client, "[data-state='asking'][data-choices='1']").await;
        click(client, "#undo").await;
        until(client, "[data-state='asking'][data-choices='0']").await;
        click(client, "#redo").await;
        until(client, "[data-state='asking'][data-choices='1']").await;
        let table = client.find(Locator::Css("#table")).await.unwrap();
        let before = table.html(true).await.unwrap();

        // A reload finds the game where it was, table and all.
        client.refresh().await.unwrap();
        until(client, "[data-state='asking'][data-choices='1']").await;
        let table = client.find(Locator::Css("#table")).await.unwrap();
        assert_eq!(table.html(true).await.unwrap(), before);

        // The hint says what to take, the odds say the same with every
        // option's figures, from the same worlds, and both mark it among
        // the options.
        let text = async |css: &str| {
            let element = client.find(Locator::Css(css)).await.unwrap();
            element.text().await.unwrap()
        };
        click(client, "#hint-button").await;
        until(client, "[data-state='asking'] #hint:not([hidden]) .verdict").await;
        assert!(
            !shows(client, " #hint table").await,
            "the hint is its verdict alone"
        );
        let verdict = text("#hint .verdict").await;
        let hinted = text("#options .hinted").await;
        click(client, "#odds-button").await;
        until(client, "[data-state='asking'] #hint table").await;
        assert_eq!(text("#hint .verdict").await, verdict);
        assert_eq!(text("#options .hinted").await, hinted);
        let marked = text("#hint tr.suggested td").await;
        let label = marked
            .strip_suffix(" ← take this")
            .unwrap_or_else(|| panic!("the suggested row says so: {marked}"));
        assert!(hinted.contains(label), "{hinted} is not {label}");
        assert!(
            verdict.contains(label) || verdict.starts_with("Any option is as good"),
            "{verdict} does not name {label}"
        );

        play_to_the_end(client, false).await;
        let ending = client.find(Locator::Css("#ending")).await.unwrap();
        assert!(ending.text().await.unwrap().contains("Score:"));

        // A shipped ruleset, played by clicking its cards: the damage
        // limit of 1 makes it short.
        start(
            client,
            &server,
            "clear-the-dungeon",
            &[("damage_limit", "1")],
        )
        .await;
        play_to_the_end(client, true).await;
    });
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

#[test]
fn screenshots_of_every_shipped_rulesets_table() {
    let home = tempfile::tempdir().unwrap();
    let scratch = tempfile::tempdir().unwrap();
    let server = Server::start(home.path(), &[]);
    let names = server.ruleset_names();
    assert!(names.len() >= 4, "{names:?}");
    let folders = screenshot_folders(scratch.path());
    with_browser(async |client| {
        for name in &names {
            start(client, &server, name, &[]).await;
            // A few moves in, the table has more than its opening to show.
            for _ in 0..10 {
                step(client).await;
            }
            let low = low_contrast(client).await;
            assert!(low.is_empty(), "{name}: text below 4.5:1 contrast: {low:?}");
            client
                .execute("window.scrollTo(0, 0)", vec![])
                .await
                .unwrap();
            let png = client.screenshot().await.unwrap();
            assert!(png.starts_with(b"\x89PNG"), "{name}: not a PNG");
            for folder in &folders {
                std::fs::write(folder.join(format!("{name}.png")), &png).unwrap();
            }
        }
        // On a phone's width the page fits: nothing to scroll sideways.
        client.set_window_size(390, 844).await.unwrap();
        start(client, &server, "clear-the-dungeon", &[]).await;
        let overflow = client
            .execute(
                "return document.documentElement.scrollWidth - window.innerWidth",
                vec![],
            )
            .await
            .unwrap();
        assert!(
            overflow.as_i64().unwrap() <= 0,
            "wider than a phone by {overflow}px"
        );
        let png = client.screenshot().await.unwrap();
        for folder in &folders {
            std::fs::write(folder.join("phone.png"), &png).unwrap();
        }
    });
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
