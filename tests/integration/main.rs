//! The one integration-test binary: each module is one interface of delve.

mod cli;
mod custom_cards;
mod docs;
mod hostile;
mod imports;
mod json_protocol;
mod protocol_doc;
mod random_play;
mod rule_authors;
mod saves;
mod sessions;

/// The `delve` binary, without colour and without touching the user's history.
pub fn delve() -> assert_cmd::Command {
    let mut command = assert_cmd::Command::cargo_bin("delve").unwrap();
    command
        .env("NO_COLOR", "1")
        .env("DELVE_HISTORY", "/dev/null")
        .env_remove("DELVE_GAMES")
        .current_dir(env!("CARGO_MANIFEST_DIR"));
    command
}
