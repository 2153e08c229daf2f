//! What fits a terminal's screen: where the whole list of options would
//! push the table off a short terminal (a patience game's opening on 80×24), the
//! moves that carry a card are counted, not listed, and `moves` lists them.
//! A pipe or a transcript has no height, so it always gets the whole list
//! and snapshots stay as they were.

use crate::game::decision::Prompt;
use crate::render;
use std::fmt::Write;

/// The question and its options for a screen with `room` lines left for
/// them (none: no limit), unpainted and unwrapped: every option, or, where
/// they do not fit, those that carry no card and the count of those that do.
pub(crate) fn prompt_text(prompt: &Prompt, room: Option<usize>) -> String {
    let whole = render::prompt_text(prompt);
    let carried = prompt
        .options
        .iter()
        .filter(|o| o.carries.is_some())
        .count();
    let fits = room.is_none_or(|room| whole.lines().count() <= room);
    if fits || carried == 0 {
        return whole;
    }
    let mut lines = whole.lines();
    let mut out = format!("{}\n", lines.next().unwrap_or_default());
    for (i, option) in prompt.options.iter().enumerate() {
        if option.carries.is_none() {
            let _ = writeln!(out, "{:>4}. {}", i + 1, render::printable(&option.label));
        }
    }
    let _ = writeln!(
        out,
        "   {carried} {} of cards: type one as its card and where it goes (`8c 9h`), or `moves` to list them",
        if carried == 1 { "move" } else { "moves" }
    );
    out
}

/// The lines left for the question under a table of `table` lines on a
/// screen `height` lines high: a blank line before it and the input line
/// after it are kept, and one line for what is typed last.
pub(crate) fn room(height: Option<usize>, table: usize) -> Option<usize> {
    height.map(|h| h.saturating_sub(table + 3))
}

/// Lines typed on a screen of a fixed size: what a person at a terminal
/// that size sees, for the tests of short screens.
struct Sized<S> {
    lines: S,
    width: usize,
    height: usize,
}

impl<S: super::input::LineSource> super::input::LineSource for Sized<S> {
    fn read(
        &mut self,
        prompt: &str,
        words: &super::input::Words,
        out: &mut dyn std::io::Write,
    ) -> super::input::Line {
        self.lines.read(prompt, words, out)
    }

    fn width(&mut self) -> usize {
        self.width
    }

    fn height(&mut self) -> Option<usize> {
        Some(self.height)
    }
}

/// What `session` shows on a screen `width` columns by `height` lines as
/// `lines` are typed, unpainted.
pub fn on_screen(
    session: crate::session::Session,
    lines: &[&str],
    width: usize,
    height: usize,
) -> String {
    let typed: Vec<String> = lines.iter().map(ToString::to_string).collect();
    let input = Sized {
        lines: super::input::Echoed::new(typed.into_iter()),
        width,
        height,
    };
    let mut out = Vec::new();
    let mut repl = super::Repl::new(Some(session), Box::new(input), &mut out);
    let _ = repl.run();
    drop(repl);
    anstream::adapter::strip_str(&String::from_utf8_lossy(&out)).to_string()
}
