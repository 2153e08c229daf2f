//! The `delve` command line (being built).
fn main() {}
