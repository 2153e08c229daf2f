//! A result printed whole but of part of what was asked: `delve pool` of
//! shards that miss some of their run's seeds. `main` turns it into exit
//! code 3, so a job script tells it from a complete pool (0) and from a
//! failure (1, 2) without reading the output.

/// What is missing, as the message a person reads.
#[derive(Debug)]
pub struct Incomplete(pub String);

impl Incomplete {
    /// The exit code of an incomplete result.
    pub const EXIT_CODE: u8 = 3;
}

impl std::fmt::Display for Incomplete {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Incomplete {}
