//! Every transcript in tests/sessions/ replayed by the same library function
//! that `delve replay` and `delve test` use; the output, which is what a
//! person would have seen, is snapshotted (insta keeps the snapshots, so
//! `cargo insta review` works for contributors).

use delve::replay;

#[test]
fn transcripts_replay_as_snapshotted() {
    insta::glob!(
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests"),
        "sessions/*.txt",
        |path| {
            let seen = match replay(path) {
                Ok(replayed) if replayed.script_errors > 0 => format!(
                    "{}\n[script errors: {}]\n",
                    replayed.output, replayed.script_errors
                ),
                Ok(replayed) => replayed.output,
                Err(error) => format!("[does not start: {error:#}]\n"),
            };
            insta::assert_snapshot!(seen);
        }
    );
}
