//! Playing on the page by carrying cards (`hands`), as every solitaire
//! program plays: Clear the Dungeon to the end by drags and clicks with a
//! mouse, and its first sixteen moves by a finger on a phone; Dungeon Solitaire's rooms placed by
//! clicking their cells and its steps taken by clicking the next room; a
//! FreeCell won by drags (runs among them), clicks and double clicks home,
//! its columns fanned downward; a drop or a click no move allows leaves
//! the game as it was and says so, and (from the declared moves) why.
//! Which move to make is the ruleset's bot's (the protocol's plain hint);
//! how it is made is the test's.

use crate::browser::{choices, shows, start, start_on, until, with_browser_on, Screen};
use crate::hands::{drag, hinted, make, pile, tap, Hand, Made, Way};
use crate::serve::Server;
use fantoccini::{Client, Locator};

/// Plays the game on the page to its end (at most `most` moves, or until
/// `enough` says so), each move the one the hint names, made by `ways` in
/// turn; what each was made by, with its label.
async fn play(
    client: &Client,
    hand: Hand,
    ways: &[Way],
    most: usize,
    enough: impl Fn(&[(Made, String)]) -> bool,
) -> Vec<(Made, String)> {
    let mut made = Vec::new();
    for turn in 0..most {
        if enough(&made) || shows(client, "[data-state='ended']").await {
            break;
        }
        let index = hinted(client).await;
        let css = format!(".option[data-index='{index}']");
        // Its button may be folded away (the move is made on the table):
        // its words are read all the same.
        let label = client
            .find(Locator::Css(&css))
            .await
            .unwrap()
            .prop("textContent")
            .await
            .unwrap()
            .unwrap_or_default();
        made.push((
            make(client, hand, index, ways[turn % ways.len()]).await,
            label,
        ));
    }
    made
}

fn count(made: &[(Made, String)], how: Made) -> usize {
    made.iter().filter(|(m, _)| *m == how).count()
}

#[test]
fn clear_the_dungeon_is_played_to_the_end_by_drags_and_clicks() {
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path(), &[]);
    with_browser_on(Screen::Window(1200, 900), async |client| {
        start(client, &server, "clear-the-dungeon", &[]).await;
        let made = play(client, Hand::Mouse, &[Way::Drag, Way::Click], 200, |_| {
            false
        })
        .await;
        assert!(shows(client, "[data-state='ended']").await, "{made:?}");
        // Every move carried a card: no option button was touched.
        assert_eq!(count(&made, Made::Button), 0, "{made:?}");
        assert!(count(&made, Made::Dragged) >= 5, "{made:?}");
        assert!(count(&made, Made::Clicked) >= 5, "{made:?}");
    });
}

#[test]
fn clear_the_dungeon_is_played_by_a_finger_on_a_phone_by_drags_and_taps() {
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path(), &[]);
    with_browser_on(Screen::Phone(390), async |client| {
        start(client, &server, "clear-the-dungeon", &[]).await;
        let made = play(client, Hand::Finger, &[Way::Drag, Way::Click], 16, |_| {
            false
        })
        .await;
        assert_eq!(made.len(), 16, "{made:?}");
        assert_eq!(count(&made, Made::Button), 0, "{made:?}");
        assert_eq!(count(&made, Made::Dragged), 8, "{made:?}");
        assert_eq!(count(&made, Made::Clicked), 8, "{made:?}");
    });
}

#[test]
fn dungeon_solitaire_places_rooms_by_clicking_their_cells() {
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path(), &[]);
    with_browser_on(Screen::Window(1200, 900), async |client| {
        start(client, &server, "dungeon-solitaire", &[]).await;
        let count = |made: &[(Made, String)], what: &str| {
            made.iter()
                .filter(|(how, label)| *how == Made::Placed && label.contains(what))
                .count()
        };
        let enough =
            |made: &[(Made, String)]| count(made, "place ") >= 3 && count(made, "move ") >= 3;
        let made = play(client, Hand::Mouse, &[Way::Place], 80, enough).await;
        let (placed, stepped) = (count(&made, "place "), count(&made, "move "));
        assert!(placed >= 3, "{made:?}");
        assert!(stepped >= 3, "{made:?}");
        // The draft's picks and the cards taken are clicked too: only a
        // draw, which carries nothing, is a button.
        for (how, label) in &made {
            if *how == Made::Button {
                assert!(label.contains("draw"), "{label} was a button");
            }
        }
    });
}

/// A carriable card of the decision on the page, its pile, and a pile it
/// has no move to (neither its own nor any of its moves' targets).
const REFUSED: &str = r"
const buttons = [...document.querySelectorAll('.option[data-carries]')].map((b) => JSON.parse(b.dataset.carries));
for (const holder of document.querySelectorAll('.card-holder.carriable')) {
  const card = holder.dataset.card, from = holder.closest('.pile').dataset.pile;
  const targets = buttons.filter((c) => c.cards[0] === card && c.from === from).flatMap((c) => c.targets);
  const other = [...document.querySelectorAll('#table .pile')].map((p) => p.dataset.pile)
    .find((p) => p !== from && !targets.includes(p));
  if (other) return [card, from, other];
}
return null;
";

#[test]
fn a_move_no_option_allows_snaps_back_and_says_so() {
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path(), &[]);
    for (screen, hand) in [
        (Screen::Window(1200, 900), Hand::Mouse),
        (Screen::Phone(390), Hand::Finger),
    ] {
        with_browser_on(screen, async |client| {
            start(client, &server, "clear-the-dungeon", &[]).await;
            let found = client.execute(REFUSED, vec![]).await.unwrap();
            let (card, from, other): (String, String, String) =
                serde_json::from_value(found).unwrap();
            let lifted = crate::hands::card(&from, &card);
            let table = async || {
                client
                    .find(Locator::Css("#table"))
                    .await
                    .unwrap()
                    .html(true)
                    .await
                    .unwrap()
            };
            let before = table().await;

            drag(client, hand, &lifted, &pile(&other)).await;
            let said = format!("No move takes {card} there.");
            until(client, ":has(#carry-note:not([hidden]))").await;
            let note = client
                .find(Locator::Css("#carry-note"))
                .await
                .unwrap()
                .text()
                .await
                .unwrap();
            assert_eq!(note, said);
            // The card is back where it lay, and the game where it was.
            until(client, ":not(:has(.ghost, .lifted))").await;
            assert_eq!(choices(client).await, 0);
            assert_eq!(table().await, before);

            // A click on the card, then on a pile it can not go to: the
            // same word, and the card let go.
            tap(client, hand, &lifted).await;
            tap(client, hand, &pile(&other)).await;
            assert_eq!(
                client
                    .find(Locator::Css("#carry-note"))
                    .await
                    .unwrap()
                    .text()
                    .await
                    .unwrap(),
                said
            );
            assert!(!shows(client, ":has(.taken, .target)").await);
            assert_eq!(choices(client).await, 0);
            assert_eq!(table().await, before);
        });
    }
}

/// Plays a patience on the page to its end, each move the one the hint
/// names: a move to a foundation by a double click on its card, a run by
/// a drag, the others by a click and a drag in turn; how each was made,
/// and how many runs were dragged.
async fn play_patience(client: &Client, most: usize) -> (Vec<Made>, usize) {
    let mut made = Vec::new();
    let (mut runs, mut others) = (0, 0);
    for _ in 0..most {
        if shows(client, "[data-state='ended']").await {
            break;
        }
        let index = hinted(client).await;
        let carried = crate::hands::carried(client, index)
            .await
            .expect("a patience's every move carries its cards");
        let way = if carried.targets.iter().any(|t| t.starts_with("foundation")) {
            Way::Home
        } else if carried.cards.len() > 1 {
            runs += 1;
            Way::Drag
        } else {
            others += 1;
            if others % 2 == 1 {
                Way::Click
            } else {
                Way::Drag
            }
        };
        made.push(make(client, Hand::Mouse, index, way).await);
    }
    (made, runs)
}

#[test]
fn freecell_is_won_by_drags_clicks_and_double_clicks_home() {
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path(), &[]);
    with_browser_on(Screen::Window(1200, 900), async |client| {
        // Microsoft's deal 5, which FreeCell's bot wins in 53 moves, 23 of
        // them runs (nine cards at most; six to an empty column, dropped on
        // another empty column than the first, which any empty one is as
        // good as).
        start_on(client, &server, "freecell", &[], 5).await;
        let (made, runs) = play_patience(client, 80).await;
        assert!(shows(client, "[data-outcome='win']").await, "{made:?}");
        for how in [Made::Sent, Made::Dragged, Made::Clicked] {
            assert!(made.contains(&how), "no move {how:?}: {made:?}");
        }
        assert!(!made.contains(&Made::Button), "{made:?}");
        assert_eq!(runs, 23, "{made:?}");
    });
}

/// A drop no move allows says why, from the declared moves, on the page
/// as at the REPL: FreeCell's card dropped on a column whose top card it
/// does not follow, or a free cell that is full.
#[test]
fn a_refused_drop_says_why() {
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path(), &[]);
    with_browser_on(Screen::Window(1200, 900), async |client| {
        start(client, &server, "freecell", &[]).await;
        let found = client.execute(REFUSED, vec![]).await.unwrap();
        let (card, from, other): (String, String, String) = serde_json::from_value(found).unwrap();
        drag(
            client,
            Hand::Mouse,
            &crate::hands::card(&from, &card),
            &pile(&other),
        )
        .await;
        let said = format!("{card} can not go to {other}: ");
        until(client, ":has(#carry-note:not([hidden]))").await;
        let started = std::time::Instant::now();
        let note = loop {
            let note = client
                .find(Locator::Css("#carry-note"))
                .await
                .unwrap()
                .text()
                .await
                .unwrap();
            if note.starts_with(&said) || started.elapsed() > crate::browser::PATIENCE {
                break note;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        };
        assert!(note.starts_with(&said), "{note}");
        assert!(!note.contains("no move takes"), "{note}");
        assert_eq!(choices(client).await, 0);
    });
}
