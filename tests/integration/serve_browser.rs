//! `delve serve` in a real browser: headless Chromium driven over `WebDriver`
//! (chromedriver) plays a fixture game and a shipped one by clicking,
//! undoes, reloads the page and finds the game where it was, and takes a
//! screenshot of each shipped ruleset's table. Waits are on the page's own
//! state (`body[data-state]`, `body[data-choices]`), never on time.
//!
//! Where Chromium or chromedriver is missing the tests say so and pass,
//! except in CI (`CI` set), where `.ci/run` installs them and a missing
//! browser fails. `DELVE_SCREENSHOTS=DIR` also writes the screenshots into
//! DIR (the README's come from `DELVE_SCREENSHOTS=docs/screenshots cargo
//! test --test integration screenshots`).

use crate::serve::{pocket, Server};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::json;
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub(crate) const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
/// Long enough for a slow CI machine; a wait that passes it is a failure.
pub(crate) const PATIENCE: Duration = Duration::from_mins(1);

/// A chromedriver of this test's own, stopped when dropped.
pub(crate) struct Driver {
    child: Child,
    pub(crate) port: u16,
    /// Chromium's profile: fresh, and gone after.
    pub(crate) profile: tempfile::TempDir,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// chromedriver on a free port, once it listens; `None` (with a message)
/// where the browser is not installed and this is not CI.
pub(crate) fn driver() -> Option<Driver> {
    let missing: Vec<&str> = [CHROMIUM, CHROMEDRIVER]
        .into_iter()
        .filter(|p| !Path::new(p).exists())
        .collect();
    if !missing.is_empty() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must run the browser tests: {missing:?} missing (.ci/run installs chromium and chromium-driver)"
        );
        eprintln!("skipped: the browser tests of delve serve need {missing:?} (apt-get install chromium chromium-driver)");
        return None;
    }
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .unwrap()
        .port();
    let child = Command::new(CHROMEDRIVER)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let driver = Driver {
        child,
        port,
        profile: tempfile::tempdir().unwrap(),
    };
    let started = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(started.elapsed() < PATIENCE, "chromedriver did not listen");
        std::thread::sleep(Duration::from_millis(50));
    }
    Some(driver)
}

/// The screen a browser shows the page on.
#[derive(Clone, Copy)]
pub(crate) enum Screen {
    /// A desktop window.
    Desktop,
    /// A touch phone this many px wide.
    Phone(u32),
}

/// A headless Chromium session: no network but the loopback address, a
/// profile of its own, the screen asked for.
pub(crate) async fn browser(driver: &Driver, screen: Screen) -> Client {
    let profile = format!("--user-data-dir={}", driver.profile.path().display());
    let mut args = vec![
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        profile.as_str(),
    ];
    let mut options = json!({"binary": CHROMIUM});
    match screen {
        Screen::Desktop => args.push("--window-size=1100,1000"),
        Screen::Phone(width) => {
            options["mobileEmulation"] = json!({"deviceMetrics":
                {"width": width, "height": 844, "pixelRatio": 2.0, "touch": true}});
        }
    }
    options["args"] = json!(args);
    let capabilities = json!({"browserName": "chrome", "goog:chromeOptions": options});
    let serde_json::Value::Object(capabilities) = capabilities else {
        unreachable!()
    };
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(capabilities)
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
        .expect("a Chromium session")
}

/// Runs `test` on a fresh desktop browser, if there is one; closes it after.
pub(crate) fn with_browser(test: impl AsyncFnOnce(&Client)) {
    with_browser_on(Screen::Desktop, test);
}

/// Runs `test` on a fresh browser showing `screen`, if there is one.
pub(crate) fn with_browser_on(screen: Screen, test: impl AsyncFnOnce(&Client)) {
    let Some(driver) = driver() else { return };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let client = browser(&driver, screen).await;
        test(&client).await;
        let _ = client.close().await;
    });
}

/// Waits until `body` matches `selector` (e.g. `[data-state='asking']`).
pub(crate) async fn until(client: &Client, selector: &str) {
    let css = format!("body{selector}");
    let found = client
        .wait()
        .at_most(PATIENCE)
        .every(Duration::from_millis(20))
        .for_element(Locator::Css(&css))
        .await;
    if found.is_err() {
        let state = page_state(client).await;
        panic!("the page never reached {css}: it is {state}");
    }
}

/// Whether `body` matches `selector` now.
pub(crate) async fn shows(client: &Client, selector: &str) -> bool {
    let css = format!("body{selector}");
    client.find(Locator::Css(&css)).await.is_ok()
}

/// What the page shows now, for a failure's message.
pub(crate) async fn page_state(client: &Client) -> String {
    let script = "return [document.body.dataset.state, document.body.dataset.choices, \
        document.getElementById('problem').textContent].join(' | ')";
    client
        .execute(script, vec![])
        .await
        .map(|v| v.to_string())
        .unwrap_or_default()
}

pub(crate) async fn click(client: &Client, css: &str) {
    client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|_| panic!("no {css}"))
        .click()
        .await
        .unwrap();
}

pub(crate) async fn choices(client: &Client) -> u64 {
    let value = client
        .execute("return Number(document.body.dataset.choices)", vec![])
        .await
        .unwrap();
    value.as_u64().unwrap()
}

/// Starts `game` from the start form with `options` typed into its fields,
/// on seed 1 (so a screenshot changes only when the page does).
pub(crate) async fn start(client: &Client, server: &Server, game: &str, options: &[(&str, &str)]) {
    client.goto(&server.url()).await.unwrap();
    until(
        client,
        "[data-state='start'], body[data-state='asking'], body[data-state='ended']",
    )
    .await;
    click(client, "#to-start").await;
    until(client, "[data-state='start']").await;
    let select = client.find(Locator::Css("#ruleset")).await.unwrap();
    select.select_by_value(game).await.unwrap();
    for (name, value) in options {
        let field = client
            .find(Locator::Css(&format!("[data-option='{name}']")))
            .await
            .unwrap();
        field.clear().await.unwrap();
        field.send_keys(value).await.unwrap();
    }
    if !shows(client, "#deal-choices[open]").await {
        click(client, "#deal-choices summary").await;
    }
    let seed = client.find(Locator::Css("#seed")).await.unwrap();
    seed.clear().await.unwrap();
    seed.send_keys("1").await.unwrap();
    click(client, "#start-game").await;
    until(
        client,
        &format!("[data-state='asking'][data-game='{game}']"),
    )
    .await;
}

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

/// Clicks the first option, if the page asks, and waits for its answer.
pub(crate) async fn pick_first(client: &Client) {
    if !shows(client, "[data-state='asking']").await {
        return;
    }
    let made = choices(client).await;
    click(client, ".option[data-index='0']").await;
    until_made(client, made + 1).await;
}

/// Waits until the page has taken `made` choices and is not busy.
async fn until_made(client: &Client, made: u64) {
    until(
        client,
        &format!("[data-choices='{made}']:not([data-state='busy'])"),
    )
    .await;
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

        // The odds say which option to take and why, and mark it in the
        // table and among the options alike.
        click(client, "#odds-button").await;
        until(client, " #hint .verdict").await;
        let text = async |css: &str| {
            let element = client.find(Locator::Css(css)).await.unwrap();
            element.text().await.unwrap()
        };
        let verdict = text("#hint .verdict").await;
        assert!(
            verdict.starts_with("Take ") || verdict.starts_with("Too close to call: "),
            "{verdict}"
        );
        let marked = text("#hint tr.suggested td").await;
        let label = marked
            .strip_suffix(" ← take this")
            .unwrap_or_else(|| panic!("the suggested row says so: {marked}"));
        assert!(text("#options .hinted").await.contains(label), "{label}");
        assert!(verdict.contains(label), "{verdict} does not name {label}");

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

/// Takes the option the hint names, if the game asks, and waits for the
/// page to show the next decision.
pub(crate) async fn step(client: &Client) {
    if !shows(client, "[data-state='asking']").await {
        return;
    }
    let made = choices(client).await;
    click(client, "#hint-button").await;
    client
        .wait()
        .at_most(PATIENCE)
        .every(Duration::from_millis(20))
        .for_element(Locator::Css("#options .hinted"))
        .await
        .expect("the hint marks an option");
    click(client, "#options .hinted").await;
    until_made(client, made + 1).await;
}
