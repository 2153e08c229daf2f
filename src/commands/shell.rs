//! `delve completions SHELL` and `delve man`: what a shell's completion and
//! `man` read of delve's command line, made by clap's companion crates from
//! the one description of it in `cli.rs`, so they never fall behind. A
//! ruleset's place completes to the names `delve list` shows and a bot's to
//! the bots; the manual page is one page, its commands told in it.

use crate::cli::Cli;
use anyhow::Result;
use clap::CommandFactory;
use std::io::Write;

/// The completion script of `shell` on stdout.
pub(crate) fn completions(shell: clap_complete::Shell) -> Result<()> {
    // Made whole first: clap_complete panics on a failed write, and a
    // closed pipe (`| head`) is no error of delve's.
    let mut script = Vec::new();
    clap_complete::generate(
        shell,
        &mut with_candidates(Cli::command()),
        "delve",
        &mut script,
    );
    std::io::stdout().write_all(&script)?;
    Ok(())
}

/// The bots a `--bot` names.
const BOTS: [&str; 4] = ["random", "heuristic", "mc", "solver"];

/// The command line as completion reads it: a ruleset's place offers the
/// rulesets' names, a bot's the bots. Only completion sees these lists;
/// the command line itself still takes a script's path for a ruleset.
fn with_candidates(command: clap::Command) -> clap::Command {
    let games = crate::script::catalog::names();
    let command = command.mut_args(|arg| candidates(arg, &games));
    let names: Vec<String> = command
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    names.iter().fold(command, |command, name| {
        command.mut_subcommand(name, |sub| {
            let sub = sub.mut_args(|arg| candidates(arg, &games));
            let inner: Vec<String> = sub
                .get_subcommands()
                .map(|s| s.get_name().to_string())
                .collect();
            inner.iter().fold(sub, |sub, name| {
                sub.mut_subcommand(name, |s| s.mut_args(|arg| candidates(arg, &games)))
            })
        })
    })
}

fn candidates(arg: clap::Arg, games: &[String]) -> clap::Arg {
    let values: Vec<String> = match arg.get_id().as_str() {
        "game" if arg.is_positional() => games.to_vec(),
        "bot" | "vs_bot" | "sweep_bots" => BOTS.iter().map(ToString::to_string).collect(),
        _ => return arg,
    };
    // clap takes names that live as long as the program; this one prints
    // its script and ends.
    let values: Vec<&'static str> = values
        .into_iter()
        .map(|v| &*Box::leak(v.into_boxed_str()))
        .collect();
    arg.value_parser(clap::builder::PossibleValuesParser::new(values))
}

/// The manual page, as roff, on stdout: clap's sections, but its commands
/// told here by what each does and how to read its options, rather than
/// as `delve-play(1)` pages that no one installs.
pub(crate) fn manual_page() -> Result<()> {
    let command = Cli::command();
    let man = clap_mangen::Man::new(command.clone());
    let mut page = Vec::new();
    man.render_title(&mut page)?;
    man.render_name_section(&mut page)?;
    man.render_synopsis_section(&mut page)?;
    man.render_description_section(&mut page)?;
    man.render_options_section(&mut page)?;
    page.extend_from_slice(b".SH COMMANDS\n");
    for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        let about = sub.get_about().map(ToString::to_string).unwrap_or_default();
        let name = sub.get_name();
        let text = format!(
            ".TP\n\\fBdelve {name}\\fR\n{}\n(its options: \\fBdelve help {name}\\fR)\n",
            roff_text(&about)
        );
        page.extend_from_slice(text.as_bytes());
    }
    man.render_extra_section(&mut page)?;
    man.render_version_section(&mut page)?;
    std::io::stdout().write_all(&page)?;
    Ok(())
}

/// Plain text as a line of roff: a backslash escaped, a hyphen a minus (as
/// in an option's name), and a line that would
/// start as a request (a dot or a quote) kept as text.
fn roff_text(text: &str) -> String {
    text.lines()
        .map(|line| {
            let line = line.replace('\\', "\\e").replace('-', "\\-");
            if line.starts_with(['.', '\'']) {
                format!("\\&{line}")
            } else {
                line
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}
