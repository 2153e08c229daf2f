//! A real browser for the page tests: headless Chromium driven over
//! `WebDriver` (chromedriver), started per test with a profile of its own,
//! and the moves a player makes on the page (start a game, click, take a
//! hint, pick the first option), each waiting on the page's own state
//! (`body[data-state]`, `body[data-choices]`), never on time.
//!
//! Where Chromium or chromedriver is missing `with_browser` says so and the
//! test passes, except in CI (`CI` set), where `.ci/run` installs them and
//! a missing browser fails.

use crate::serve::Server;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::json;
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const CHROMIUM: &str = "/usr/bin/chromium";
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
    /// A desktop window whose page is this wide and high, in px.
    Window(u32, u32),
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
        Screen::Window(..) => {}
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
    let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(capabilities)
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
        .expect("a Chromium session");
    if let Screen::Window(width, height) = screen {
        page_size(&client, width, height).await;
    }
    client
}

/// Sizes the window so that its page is `width` by `height`: the window's
/// own frame (which a headless window has too) made up for, measured
/// after the page has drawn at the new size. A resize can land after
/// `WebDriver` answers, so the size is set again until the page is right.
async fn page_size(client: &Client, width: u32, height: u32) {
    let mut window = (width, height);
    let mut inner = (0, 0);
    for _ in 0..10 {
        client.set_window_size(window.0, window.1).await.unwrap();
        inner = drawn_size(client).await;
        if inner == (width, height) {
            return;
        }
        window = (
            (window.0 + width).saturating_sub(inner.0),
            (window.1 + height).saturating_sub(inner.1),
        );
    }
    panic!("the page's size: {inner:?}, not {width}×{height}");
}

/// The page's size once it has drawn two frames.
async fn drawn_size(client: &Client) -> (u32, u32) {
    let script = "const done = arguments[arguments.length - 1];
        requestAnimationFrame(() => requestAnimationFrame(() => done([innerWidth, innerHeight])));";
    let size = client.execute_async(script, vec![]).await.unwrap();
    serde_json::from_value(size).unwrap()
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
    start_on(client, server, game, options, 1).await;
}

/// Starts `game` as `start` does, on `seed`. A deal that offers no move
/// at all (Forecell's deal 1) ends at once: the page then shows that game
/// ended, which is where it starts.
pub(crate) async fn start_on(
    client: &Client,
    server: &Server,
    game: &str,
    options: &[(&str, &str)],
    seed: u64,
) {
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
    let seed_text = seed.to_string();
    let seed = client.find(Locator::Css("#seed")).await.unwrap();
    seed.clear().await.unwrap();
    seed.send_keys(&seed_text).await.unwrap();
    click(client, "#start-game").await;
    until(
        client,
        &format!(
            "[data-state='asking'][data-game='{game}'], [data-state='ended'][data-game='{game}']"
        ),
    )
    .await;
}

/// The option the ruleset's bot would take now: the protocol's plain
/// `hint`, asked of the server for the page's game as the page asks it.
pub(crate) async fn bots_choice(client: &Client) -> u64 {
    let script = "const id = JSON.parse(localStorage.getItem('delve.game')).id; \
        const reply = await fetch(`/session/${id}`, { method: 'POST', \
            headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ line: 'hint' }) }); \
        const ok = (await reply.json()).find((m) => m.type === 'ok'); \
        return ok ? ok.index : 0;";
    let wrapped = format!("return (async () => {{ {script} }})();");
    let index = client.execute(&wrapped, vec![]).await.unwrap();
    index.as_u64().expect("the bot names an option")
}

/// Answers the page's question, if it asks one, by its first option; then
/// waits for the next.
pub(crate) async fn pick_first(client: &Client) {
    if !shows(client, "[data-state='asking']").await {
        return;
    }
    let made = choices(client).await;
    // A move carried on the table has its button folded away under "every
    // move as a button"; the button still takes the click it is sent.
    client
        .execute(
            "document.querySelector(\".option[data-index='0']\").click()",
            vec![],
        )
        .await
        .unwrap();
    until_made(client, made + 1).await;
}

/// Waits until the page has taken `made` choices and is not busy.
pub(crate) async fn until_made(client: &Client, made: u64) {
    until(
        client,
        &format!("[data-choices='{made}']:not([data-state='busy'])"),
    )
    .await;
}
