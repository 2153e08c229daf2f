//! A terminal of 80 columns by 24 lines: a patience game's screen fits it,
//! the moves that carry a card counted rather than listed where listing
//! them would push the table off, and `moves` lists them on request. A
//! pipe or a transcript has no height and gets every option, as before.

use delve::{on_screen, GameSpec};

fn opened(game: &str, seed: u64) -> delve::Session {
    GameSpec {
        game: game.into(),
        seed: Some(seed),
        ..GameSpec::default()
    }
    .open()
    .unwrap()
}

/// The lines up to and with the first input prompt.
fn first_screen(seen: &str) -> Vec<&str> {
    let lines: Vec<&str> = seen.lines().collect();
    let prompt = lines.iter().position(|l| l.starts_with("> ")).unwrap();
    lines[..=prompt].to_vec()
}

#[test]
fn freecells_opening_fits_80_by_24() {
    for seed in [617, 1, 28] {
        let seen = on_screen(opened("freecell", seed), &["moves"], 80, 24);
        let screen = first_screen(&seen);
        assert!(
            screen.len() <= 24,
            "{} lines:\n{}",
            screen.len(),
            screen.join("\n")
        );
        let wide = screen.iter().find(|l| l.chars().count() > 80);
        assert!(wide.is_none(), "{wide:?}");
        assert!(
            seen.contains("moves of cards: type one as its card"),
            "{seen}"
        );
        // `moves` lists every move, numbered as typed.
        let listed = seen.split("> moves").nth(1).unwrap();
        assert!(listed.contains("   1. "), "{listed}");
    }
}

#[test]
fn a_tall_screen_lists_every_move() {
    let seen = on_screen(opened("freecell", 617), &[], 80, 60);
    assert!(!seen.contains("moves of cards"), "{seen}");
    assert!(seen.contains("   1. "), "{seen}");
}
