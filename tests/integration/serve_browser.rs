//! `delve serve` in a real browser (`browser`): plays a fixture game by
//! clicking and by number keys, undoes, reloads the page and finds the game
//! where it was, and takes the odds. The shipped rulesets are played by
//! carrying their cards in `serve_carrying.rs`, and their screenshots
//! taken in `serve_fit.rs`.

use crate::browser::{click, pick_first, shows, start, until, with_browser};
use crate::serve::{pocket, Server};
use fantoccini::{Client, Locator};

/// Plays on by clicking the first option until the game ends.
async fn play_to_the_end(client: &Client) {
    for _ in 0..200 {
        if shows(client, "[data-state='ended']").await {
            return;
        }
        pick_first(client).await;
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

        play_to_the_end(client).await;
        let ending = client.find(Locator::Css("#ending")).await.unwrap();
        assert!(ending.text().await.unwrap().contains("Score:"));
    });
}

#[test]
fn where_nothing_is_hidden_the_hint_and_the_odds_give_the_searchs_move() {
    let home = tempfile::tempdir().unwrap();
    let game = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scripts/positions/little-freecell.rhai")
        .display()
        .to_string();
    let server = Server::start(home.path(), &[&game]);
    with_browser(async |client| {
        start(client, &server, &game, &[]).await;
        until(client, "[data-state='asking'][data-choices='0']").await;
        let text = async |css: &str| {
            let element = client.find(Locator::Css(css)).await.unwrap();
            element.text().await.unwrap()
        };
        click(client, "#hint-button").await;
        until(client, "[data-state='asking'] #hint:not([hidden]) .verdict").await;
        let verdict = text("#hint .verdict").await;
        let hinted = text("#options .hinted").await;
        assert!(verdict.contains("leads to a win"), "{verdict}");
        // The Odds: the same sentence and move, and how it was found in
        // place of a table of worlds.
        click(client, "#odds-button").await;
        until(
            client,
            "[data-state='asking'] #hint:not([hidden]) .verdict + p",
        )
        .await;
        assert_eq!(text("#hint .verdict").await, verdict);
        assert_eq!(text("#options .hinted").await, hinted);
        assert!(!shows(client, "#hint table").await, "no worlds, no table");
        assert!(text("#hint .verdict + p").await.contains("a search tried"));
    });
}
