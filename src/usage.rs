//! A mistake in how delve was called (a name, an option, an argument):
//! `main` turns it into exit code 2.

#[derive(Debug)]
pub struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// The last of `games` seeds from `first` (seeds `first` to `first + games - 1`),
/// or a usage error when it would pass the largest seed, 2^64 - 1, which
/// `play`, `sim` and `check` all accept.
pub(crate) fn last_seed(first: u64, games: u64) -> Result<u64, UsageError> {
    first
        .checked_add(games.saturating_sub(1))
        .ok_or_else(|| UsageError("--seed plus --games passes the largest seed (2^64 - 1)".into()))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_largest_seed_is_one_game_away() {
        assert_eq!(super::last_seed(u64::MAX, 1).unwrap(), u64::MAX);
        assert_eq!(super::last_seed(u64::MAX - 1, 2).unwrap(), u64::MAX);
        assert!(super::last_seed(u64::MAX, 2).is_err());
    }
}
