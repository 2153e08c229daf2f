//! Hostile scripts: each file in tests/scripts/hostile/ is a script that
//! tries something a script must not do (or that the sandbox must bound),
//! with its expectations in its header: `// run:` the delve command (the
//! script's path goes after the first word), `// input:` lines to type
//! (`\n` between them), `// exit:` the exit code, and one or more
//! `// expect:` lines that must appear in what delve printed.

use std::path::Path;
use std::time::Duration;

struct Expectation {
    args: Vec<String>,
    input: String,
    exit: i32,
    expected: Vec<String>,
}

fn read(script: &Path) -> Expectation {
    let text = std::fs::read_to_string(script).unwrap();
    let field = |name: &str| {
        text.lines()
            .filter_map(|l| l.strip_prefix(&format!("// {name}: ")))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    let run = field("run");
    let words: Vec<String> = run
        .first()
        .unwrap_or_else(|| panic!("{}: no `// run:` line", script.display()))
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let name = script.file_name().unwrap().to_string_lossy().into_owned();
    let mut args = vec![words[0].clone(), name];
    args.extend(words[1..].iter().cloned());
    Expectation {
        args,
        input: field("input").join("\n").replace("\\n", "\n") + "\n",
        exit: field("exit").first().map_or(0, |e| e.parse().unwrap()),
        expected: field("expect"),
    }
}

#[test]
fn every_hostile_script_is_refused_with_its_message() {
    let dir = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/scripts/hostile"
    ));
    let mut scripts: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rhai"))
        .collect();
    scripts.sort();
    assert!(scripts.len() >= 8, "the hostile suite lost its scripts");
    for script in &scripts {
        let expectation = read(script);
        let output = crate::delve()
            .current_dir(dir)
            .args(&expectation.args)
            .write_stdin(expectation.input.as_str())
            .timeout(Duration::from_mins(1))
            .output()
            .unwrap();
        let printed = String::from_utf8_lossy(&output.stdout).into_owned()
            + String::from_utf8_lossy(&output.stderr).as_ref();
        let name = script.file_name().unwrap().to_string_lossy();
        assert_eq!(
            output.status.code(),
            Some(expectation.exit),
            "{name}: exit code; it printed:\n{printed}"
        );
        for expected in &expectation.expected {
            assert!(
                printed.contains(expected.as_str()),
                "{name} should print `{expected}`; it printed:\n{printed}"
            );
        }
    }
}
