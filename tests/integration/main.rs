//! The one integration-test binary: each module is one interface of delve.

mod cli;
mod comforts;
mod docs;
mod hostile;
mod imports;
mod json_protocol;
mod random_play;
mod rule_authors;
mod saves;
mod sessions;

/// The `delve` binary, without colour and without touching the user's
/// history, autosave or statistics: those go to cargo's scratch folder for
/// tests (a test that reads them gives a folder of its own to `delve_in`).
pub fn delve() -> assert_cmd::Command {
    delve_in(&std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("home"))
}

/// The `delve` binary keeping its state and statistics under `home`.
pub fn delve_in(home: &std::path::Path) -> assert_cmd::Command {
    let mut command = assert_cmd::Command::cargo_bin("delve").unwrap();
    command
        .env("NO_COLOR", "1")
        .env("DELVE_HISTORY", "/dev/null")
        .env("XDG_STATE_HOME", home.join("state"))
        .env("XDG_DATA_HOME", home.join("data"))
        .env_remove("DELVE_GAMES")
        .current_dir(env!("CARGO_MANIFEST_DIR"));
    command
}
