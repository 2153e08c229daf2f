//! The walk-throughs in docs/scripting.md ("Your first house rule", and
//! the sketch of a game of positions) are run as written, so the docs can
//! not rot: each ```` ```rhai file=NAME ```` block
//! is written to a scratch folder, and each `$ delve …` line of a
//! ```` ```console ```` block runs there, fed the `> ` lines below it (a
//! `$ mkdir NAME` line makes a folder there). Every
//! other line below a command must appear in what it printed; a command
//! marked `# exits N` must exit with N, any other with 0. The Slurm job
//! script docs/distributed.md shows is the file that was tried, and the
//! README's replays play to the end.

use std::path::Path;

const DOCS: &str = include_str!("../../docs/scripting.md");
const SECTION: &str = "## Your first house rule";
const POSITIONS: &str = "### Walk-through: Black Hole in a page";

/// One step of the walk-through.
#[derive(Debug)]
enum Step {
    File { name: String, text: String },
    Folder { name: String },
    Run { command: Command },
}

#[derive(Debug, Default)]
struct Command {
    args: Vec<String>,
    input: String,
    expected: Vec<String>,
    exit: i32,
}

fn steps(section: &str) -> Vec<Step> {
    let mut steps = Vec::new();
    let mut lines = section.lines();
    while let Some(line) = lines.next() {
        let Some(info) = line.strip_prefix("```") else {
            continue;
        };
        let body: Vec<&str> = lines.by_ref().take_while(|l| *l != "```").collect();
        if let Some(name) = info.strip_prefix("rhai file=") {
            steps.push(Step::File {
                name: name.to_string(),
                text: body.join("\n") + "\n",
            });
        } else if info == "console" {
            for line in body {
                if let Some(name) = line.strip_prefix("$ mkdir ") {
                    steps.push(Step::Folder {
                        name: name.trim().to_string(),
                    });
                } else if let Some(command) = line.strip_prefix("$ ") {
                    steps.push(Step::Run {
                        command: parse_command(command),
                    });
                } else if let Some(Step::Run { command }) = steps.last_mut() {
                    match line.strip_prefix("> ") {
                        Some(typed) => command.input += &format!("{typed}\n"),
                        None if !line.trim().is_empty() => {
                            command.expected.push(line.trim().to_string());
                        }
                        None => {}
                    }
                }
            }
        }
    }
    steps
}

fn parse_command(line: &str) -> Command {
    let (command, comment) = line.split_once('#').unwrap_or((line, ""));
    let exit = comment
        .trim()
        .strip_prefix("exits ")
        .and_then(|rest| rest.split(':').next())
        .map_or(0, |code| code.trim().parse().unwrap());
    let words: Vec<String> = command.split_whitespace().map(str::to_string).collect();
    assert_eq!(
        words[0], "delve",
        "the walk-through runs only delve: {line}"
    );
    Command {
        args: words[1..].to_vec(),
        exit,
        ..Command::default()
    }
}

fn run(command: &Command, dir: &Path) {
    let output = crate::delve()
        .current_dir(dir)
        .args(&command.args)
        .write_stdin(command.input.as_str())
        .output()
        .unwrap();
    let printed = String::from_utf8_lossy(&output.stdout).into_owned()
        + String::from_utf8_lossy(&output.stderr).as_ref();
    let shown = format!("delve {}", command.args.join(" "));
    assert_eq!(
        output.status.code(),
        Some(command.exit),
        "`{shown}` exit code; it printed:\n{printed}"
    );
    for expected in &command.expected {
        assert!(
            printed.contains(expected.as_str()),
            "`{shown}` should print `{expected}`; it printed:\n{printed}"
        );
    }
}

/// The section of the guide under `heading`, to the next of its level or above.
fn section(heading: &str) -> &'static str {
    let start = DOCS.find(heading).expect("the section is in the docs");
    let section = &DOCS[start..];
    let level = heading.split(' ').next().unwrap();
    let end = (1..=level.len())
        .filter_map(|n| section[heading.len()..].find(&format!("\n{} ", "#".repeat(n))))
        .min()
        .map_or(section.len(), |i| i + heading.len());
    &section[..end]
}

#[test]
fn the_first_house_rule_walk_through_runs_as_written() {
    walk_through(SECTION, 6);
}

#[test]
fn the_sketch_of_a_game_of_positions_runs_as_written() {
    walk_through(POSITIONS, 2);
}

fn walk_through(heading: &str, least: usize) {
    let steps = steps(section(heading));
    let runs = steps
        .iter()
        .filter(|s| matches!(s, Step::Run { .. }))
        .count();
    assert!(
        runs >= least,
        "the walk-through lost its commands: {steps:?}"
    );
    let dir = tempfile::tempdir().unwrap();
    for step in &steps {
        match step {
            Step::File { name, text } => std::fs::write(dir.path().join(name), text).unwrap(),
            Step::Folder { name } => std::fs::create_dir(dir.path().join(name)).unwrap(),
            Step::Run { command } => run(command, dir.path()),
        }
    }
}

/// The house rules the walk-through shows are also files in
/// docs/examples, word for word, and each plays by every invariant.
#[test]
fn the_walk_through_house_rules_are_the_example_files_and_hold_every_invariant() {
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/examples");
    let mut shown = 0;
    for step in steps(DOCS) {
        let Step::File { name, text } = step else {
            continue;
        };
        let path = examples.join(&name);
        if !path.exists() {
            continue;
        }
        shown += 1;
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            text,
            "docs/examples/{name} differs from the walk-through"
        );
    }
    assert!(shown >= 2, "the walk-through lost its example files");
    for name in ["aces-high.rhai", "burials.rhai", "pyramid-dungeon.rhai"] {
        crate::delve()
            .args(["check", &format!("docs/examples/{name}"), "--games", "3"])
            .assert()
            .success();
    }
}

#[test]
fn every_library_script_the_guide_imports_is_shipped() {
    let guide = include_str!("../../docs/scripting.md");
    let lib = Path::new(env!("CARGO_MANIFEST_DIR")).join("games/lib");
    let mut named = 0;
    for line in guide.lines() {
        let Some(rest) = line.trim_start().strip_prefix("import \"") else {
            continue;
        };
        let name = rest.split('"').next().unwrap();
        named += 1;
        assert!(
            lib.join(format!("{name}.rhai")).is_file(),
            "docs/scripting.md imports `{name}`, which games/lib lacks"
        );
    }
    assert!(named > 0, "the guide shows an import");
}

/// The Slurm job script docs/distributed.md shows is the file that was
/// run on a cluster (benches/slurm/mc-vs-heuristic.sh), word for word, and
/// it makes its log's folder before Slurm opens it.
#[test]
fn the_slurm_job_script_shown_is_the_one_tried() {
    let docs = include_str!("../../docs/distributed.md");
    let script = include_str!("../../benches/slurm/mc-vs-heuristic.sh");
    let shown = docs
        .split("```sh\n")
        .skip(1)
        .map(|block| block.split("\n```").next().unwrap_or(""))
        .find(|block| block.contains("#SBATCH"))
        .expect("a job script in docs/distributed.md");
    assert_eq!(format!("{shown}\n"), script);
    for wanted in [
        "#SBATCH --time=",
        "#SBATCH --mem=",
        "mkdir -p runs/mc-vs-heuristic",
    ] {
        assert!(script.contains(wanted), "{wanted}");
    }
    assert!(docs.contains("mkdir -p runs/mc-vs-heuristic && sbatch mc-vs-heuristic.sh"));
}

/// Every `delve replay FILE` the README shows plays its game to the end:
/// a reader who tries one sees a game finished, not a part of one.
#[test]
fn the_readmes_replays_play_to_the_end() {
    let readme = include_str!("../../README.md");
    let files: Vec<&str> = readme
        .lines()
        .filter_map(|line| line.strip_prefix("delve replay "))
        .filter_map(|rest| rest.split_whitespace().next())
        .collect();
    assert!(!files.is_empty(), "the README shows no replay");
    for file in files {
        let output = crate::delve().args(["replay", file]).output().unwrap();
        let seen = String::from_utf8_lossy(&output.stdout);
        assert!(output.status.success(), "{file}: {output:?}");
        assert!(seen.contains("Game over:"), "{file} does not reach its end");
        assert!(!seen.contains("input ended before the game did"), "{file}");
    }
}
