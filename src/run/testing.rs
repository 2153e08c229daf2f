//! For the run's own unit tests: a ruleset written inline, loaded from a
//! file of its own in a scratch folder (which lives as long as the test
//! keeps it).

use super::Program;

pub(crate) fn load(source: &str) -> (tempfile::TempDir, Program) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.rhai");
    std::fs::write(&path, source).unwrap();
    let program = Program::load_named(path.to_str().unwrap()).unwrap();
    (dir, program)
}
