//! Every transcript in tests/sessions/ replayed through `delve replay`; the
//! output, which is what a person would have seen, is snapshotted.

use crate::delve;

#[test]
fn transcripts_replay_as_snapshotted() {
    insta::glob!(
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests"),
        "sessions/*.txt",
        |path| {
            let output = delve().arg("replay").arg(path).output().unwrap();
            let mut seen = String::from_utf8_lossy(&output.stdout).into_owned();
            if !output.status.success() {
                let stderr = String::from_utf8_lossy(&output.stderr);
                seen += &format!("\n[exit {:?}]\n{stderr}", output.status.code());
            }
            insta::assert_snapshot!(seen);
        }
    );
}
