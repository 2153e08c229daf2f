fn main() {
    // The shipped rulesets are built into the binary: rebuild when one changes.
    println!("cargo:rerun-if-changed=games");
}
