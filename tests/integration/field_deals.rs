//! The field's own deal numbers (issue 53), checked against the field's own
//! tool: fixtures that deal as FreeCell (Microsoft's numbers), Klondike,
//! Golf and Black Hole (PySolFC's), and the shipped rulesets that deal
//! them (All in a Row, Forecell, Eight Off, Seahaven Towers, the
//! Beleaguered Castle games, Baker's Dozen, Fan, Yukon and Simple Simon
//! by PySolFC's numbers too, and Der Katzenschwanz and Die Schlange by its
//! numbers of two decks), lay each deal as pysol-cards prints it, card by
//! card and face by face, over a spread of numbers. CI installs pysol-cards (.ci/run);
//! elsewhere, without it, the comparison is skipped.

use crate::delve;
use rand::{Rng, SeedableRng};
use serde_json::Value;
use std::ops::RangeInclusive;
use std::path::Path;
use std::process::Command;

/// One game's scripts (its fixture, and the shipped rulesets that deal it),
/// its name in pysol-cards, its numbers, and how its table reads as
/// pysol-cards prints a layout.
struct Dealt {
    scripts: &'static [&'static str],
    pysol: &'static str,
    /// Where the random numbers are drawn, a share each.
    spread: &'static [RangeInclusive<u64>],
    printed: fn(&Table) -> Vec<String>,
}

const MICROSOFT_LAST: u64 = (1 << 31) - 1;

const GAMES: [Dealt; 17] = [
    Dealt {
        scripts: &[
            "tests/scripts/deals/freecell-deal.rhai",
            "games/freecell.rhai",
            "games/bakers-game.rhai",
            "games/relaxed-freecell.rhai",
            "games/kings-only-bakers-game.rhai",
        ],
        pysol: "freecell",
        spread: &[1..=32_000, 1..=MICROSOFT_LAST],
        printed: |t| t.columns("column", 8),
    },
    Dealt {
        scripts: &[
            "tests/scripts/deals/klondike-deal.rhai",
            "games/klondike.rhai",
            "games/klondike-three-passes.rhai",
        ],
        pysol: "klondike",
        spread: PYSOLFC,
        printed: |t| [vec![t.talon("stock")], t.columns("column", 7)].concat(),
    },
    Dealt {
        scripts: &["tests/scripts/deals/golf-deal.rhai", "games/golf.rhai"],
        pysol: "golf",
        spread: PYSOLFC,
        printed: |t| {
            let foundation = format!("Foundations: {}", t.line("foundation"));
            [vec![t.talon("stock"), foundation], t.columns("column", 7)].concat()
        },
    },
    Dealt {
        scripts: &[
            "tests/scripts/deals/black-hole-deal.rhai",
            "games/black-hole.rhai",
        ],
        pysol: "black_hole",
        spread: PYSOLFC,
        printed: |t| {
            let hole = format!("Foundations: {}", t.line("hole"));
            [vec![hole], t.columns("fan", 17)].concat()
        },
    },
    Dealt {
        // The hole starts empty: pysol-cards prints `-` for it.
        scripts: &["games/all-in-a-row.rhai"],
        pysol: "all_in_a_row",
        spread: PYSOLFC,
        printed: |t| {
            let hole = Some(t.line("hole")).filter(|h| !h.is_empty());
            let hole = format!("Foundations: {}", hole.as_deref().unwrap_or("-"));
            [vec![hole], t.columns("fan", 13)].concat()
        },
    },
    Dealt {
        scripts: &["games/forecell.rhai"],
        pysol: "forecell",
        spread: PYSOLFC,
        printed: |t| [vec![t.cells(4)], t.columns("column", 8)].concat(),
    },
    Dealt {
        scripts: &["games/eight-off.rhai"],
        pysol: "eight_off",
        spread: PYSOLFC,
        printed: |t| [vec![t.cells(8)], t.columns("column", 8)].concat(),
    },
    Dealt {
        // pysol-cards prints Seahaven's first three free cells (the last
        // is always empty at the deal).
        scripts: &[
            "games/seahaven-towers.rhai",
            "games/relaxed-seahaven-towers.rhai",
        ],
        pysol: "seahaven_towers",
        spread: PYSOLFC,
        printed: |t| [vec![t.cells(3)], t.columns("column", 10)].concat(),
    },
    Dealt {
        scripts: &["games/beleaguered-castle.rhai"],
        pysol: "beleaguered_castle",
        spread: PYSOLFC,
        printed: |t| [t.foundations(), t.columns("column", 8)].concat(),
    },
    Dealt {
        scripts: &["games/citadel.rhai"],
        pysol: "citadel",
        spread: PYSOLFC,
        printed: |t| [t.foundations(), t.columns("column", 8)].concat(),
    },
    Dealt {
        scripts: &["games/streets-and-alleys.rhai"],
        pysol: "streets_and_alleys",
        spread: PYSOLFC,
        printed: |t| [t.foundations(), t.columns("column", 8)].concat(),
    },
    Dealt {
        scripts: &["games/bakers-dozen.rhai"],
        pysol: "bakers_dozen",
        spread: PYSOLFC,
        printed: |t| t.columns("column", 13),
    },
    Dealt {
        // No stock: the deck is dealt out whole.
        scripts: &["games/yukon.rhai"],
        pysol: "yukon",
        spread: PYSOLFC,
        printed: |t| t.columns("column", 7),
    },
    Dealt {
        scripts: &["games/simple-simon.rhai"],
        pysol: "simple_simon",
        spread: PYSOLFC,
        printed: |t| t.columns("column", 10),
    },
    Dealt {
        scripts: &["games/fan-solitaire.rhai"],
        pysol: "fan",
        spread: PYSOLFC,
        printed: |t| t.columns("column", 18),
    },
    Dealt {
        // Two decks; column 1 is empty (an empty line) where the first card
        // is a king.
        scripts: &["games/der-katzenschwanz.rhai"],
        pysol: "der_katz",
        spread: PYSOLFC,
        printed: |t| t.columns("column", 9),
    },
    Dealt {
        scripts: &["games/die-schlange.rhai"],
        pysol: "die_schlange",
        spread: PYSOLFC,
        printed: |t| [vec![t.aces_home(8)], t.columns("column", 9)].concat(),
    },
];

/// PySolFC deals up to 32,000 as Microsoft, above by Python's generator,
/// whose seed takes one 32-bit word up to 2^32 - 1 and two above.
const PYSOLFC: &[RangeInclusive<u64>] =
    &[1..=32_000, 32_001..=u32::MAX as u64, (1 << 32)..=u64::MAX];

/// The numbers every game is checked on: the known ones, both ends of each
/// share, and 100 drawn from a seeded stream (the same every run).
fn numbers(game: &Dealt) -> Vec<u64> {
    let mut numbers = vec![1, 2, 617, 11_982, 1_000_000];
    for range in game.spread {
        numbers.extend([*range.start(), *range.end(), range.end() - 1]);
    }
    let mut stream = rand_chacha::ChaCha8Rng::seed_from_u64(53);
    for i in 0..100 {
        numbers.push(stream.random_range(game.spread[i % game.spread.len()].clone()));
    }
    numbers
}

/// A table as the protocol gives it with `--reveal`.
struct Table(Value);

impl Table {
    fn pile(&self, name: &str) -> &[Value] {
        self.0["piles"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == name)
            .unwrap_or_else(|| panic!("no pile `{name}`"))["cards"]
            .as_array()
            .unwrap()
    }

    /// A pile bottom to top, each card as pysol-cards prints it.
    fn line(&self, name: &str) -> String {
        let cards: Vec<String> = self.pile(name).iter().map(printed).collect();
        cards.join(" ")
    }

    /// `NAME 1` to `NAME count`, a line each.
    fn columns(&self, name: &str, count: usize) -> Vec<String> {
        (1..=count)
            .map(|n| self.line(&format!("{name} {n}")))
            .collect()
    }

    /// Free cells 1 to `count` as pysol-cards prints them, `-` for an
    /// empty one.
    fn cells(&self, count: usize) -> String {
        let cells: Vec<String> = (1..=count)
            .map(|n| {
                self.pile(&format!("free cell {n}"))
                    .first()
                    .map_or("-".into(), printed)
            })
            .collect();
        format!("Freecells: {}", cells.join(" "))
    }

    /// The foundations as pysol-cards prints them: each suit's top card
    /// (`H-A`), hearts, clubs, diamonds, spades, no line while all are
    /// empty.
    fn foundations(&self) -> Vec<String> {
        let tops: Vec<String> = (1..=4)
            .filter_map(|n| self.pile(&format!("foundation {n}")).last())
            .map(pysol_name)
            .collect();
        let said: Vec<String> = ["H", "C", "D", "S"]
            .iter()
            .filter_map(|suit| tops.iter().find(|top| top.ends_with(suit)))
            .map(|top| format!("{}-{}", &top[top.len() - 1..], &top[..top.len() - 1]))
            .collect();
        if said.is_empty() {
            return Vec::new();
        }
        vec![format!("Foundations: {}", said.join(" "))]
    }

    /// Two decks' foundations as pysol-cards prints them after a deal that
    /// sends the aces home: each top, hearts, spades, diamonds, clubs, then
    /// the same again for the second deck's.
    fn aces_home(&self, count: usize) -> String {
        let mut tops: Vec<String> = (1..=count)
            .filter_map(|n| self.pile(&format!("foundation {n}")).last())
            .map(pysol_name)
            .collect();
        let mut said = Vec::new();
        while !tops.is_empty() {
            for suit in ["H", "S", "D", "C"] {
                if let Some(at) = tops.iter().position(|top| top.ends_with(suit)) {
                    let top = tops.remove(at);
                    said.push(format!("{suit}-{}", &top[..top.len() - 1]));
                }
            }
        }
        format!("Foundations: {}", said.join(" "))
    }

    /// The stock as pysol-cards prints its talon: the next card dealt (the
    /// top) first. Every card of it lies face down.
    fn talon(&self, name: &str) -> String {
        let cards = self.pile(name);
        assert!(cards.iter().all(|c| c["face_up"] == false), "{cards:?}");
        let names: Vec<String> = cards.iter().rev().map(pysol_name).collect();
        format!("Talon: {}", names.join(" "))
    }
}

/// `10♥` as `TH`.
fn pysol_name(card: &Value) -> String {
    let name = card["name"].as_str().expect("a card revealed");
    let (rank, suit) = name.split_at(name.len() - '♠'.len_utf8());
    let suit = match suit {
        "♠" => "S",
        "♥" => "H",
        "♦" => "D",
        "♣" => "C",
        _ => panic!("{name} is no standard card"),
    };
    format!("{}{suit}", if rank == "10" { "T" } else { rank })
}

/// A card as pysol-cards prints it: in `<>` when face down.
fn printed(card: &Value) -> String {
    let name = pysol_name(card);
    if card["face_up"] == true {
        name
    } else {
        format!("<{name}>")
    }
}

/// pysol-cards' layouts of `numbers`, or `None` (said) where it is not
/// installed; CI must have it.
fn pysol_layouts(game: &str, numbers: &[u64]) -> Option<Vec<String>> {
    let oracle = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/crosscheck/pysol_deals.py");
    let output = Command::new("python3")
        .arg(oracle)
        .arg(game)
        .args(numbers.iter().map(ToString::to_string))
        .output();
    let output = crate::oracle_output(
        output,
        "the numbered deals with pysol-cards",
        ".ci/run installs it",
    )?;
    let layouts = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| {
            let deal: Value = serde_json::from_str(line).unwrap();
            deal["layout"].as_str().unwrap().to_string()
        })
        .collect();
    Some(layouts)
}

/// Delve's first table of each of `numbers` in one game of `script`: the
/// first number's deal, then `new N` for each of the others at its first
/// decision, or at its end where a deal has no move (`--keep-open`).
fn delve_tables(script: &str, numbers: &[u64]) -> Vec<Table> {
    let lines: Vec<String> = numbers[1..].iter().map(|n| format!("new {n}")).collect();
    let input = lines.join("\n") + "\n";
    let output = delve()
        .args(["play", script, "--seed", &numbers[0].to_string()])
        .args([
            "--json",
            "--reveal",
            "--keep-open",
            "--opt",
            "lone_option=ask",
        ])
        .write_stdin(input)
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    let messages: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let errors: Vec<&Value> = messages.iter().filter(|m| m["type"] == "error").collect();
    assert!(errors.is_empty(), "{errors:?}");
    messages
        .into_iter()
        .filter(|m| m["type"] == "prompt" || m["type"] == "end")
        .map(|m| Table(m["table"].clone()))
        .collect()
}

#[test]
fn numbered_deals_are_laid_as_pysol_cards_deals_them() {
    for game in &GAMES {
        let numbers = numbers(game);
        let Some(layouts) = pysol_layouts(game.pysol, &numbers) else {
            return;
        };
        assert_eq!(layouts.len(), numbers.len(), "{}", game.pysol);
        for script in game.scripts {
            let tables = delve_tables(script, &numbers);
            assert_eq!(tables.len(), numbers.len(), "{script}");
            for ((number, table), layout) in numbers.iter().zip(&tables).zip(&layouts) {
                let expected: Vec<&str> = layout.lines().collect();
                assert_eq!(
                    (game.printed)(table),
                    expected,
                    "{script} deal {number}: delve (left) and pysol-cards (right) differ"
                );
            }
        }
    }
}
