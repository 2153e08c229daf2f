//! The values of `delve sim`'s `--shard K/N` and `--sweep NAME=A..B`,
//! read from the command line: a bad one is a usage error that says what
//! was expected.

/// Shard `index` of `count` (`--shard K/N`, counted from 0 as Slurm's
/// `SLURM_ARRAY_TASK_ID` and Kubernetes' `JOB_COMPLETION_INDEX` are).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardOf {
    pub index: u64,
    pub count: u64,
}

impl std::str::FromStr for ShardOf {
    type Err = String;

    fn from_str(text: &str) -> Result<ShardOf, String> {
        let (k, n) = text
            .split_once('/')
            .ok_or_else(|| format!("`{text}` is not K/N, e.g. 0/8 for the first of 8 shards"))?;
        let number = |part: &str| {
            part.trim()
                .parse::<u64>()
                .map_err(|_| format!("`{text}`: `{part}` is not a whole number"))
        };
        let (index, count) = (number(k)?, number(n)?);
        if count == 0 {
            return Err(format!("`{text}`: a run has at least one shard (N from 1)"));
        }
        if index >= count {
            return Err(format!(
                "`{text}`: the shards of {count} are numbered 0 to {}",
                count - 1
            ));
        }
        Ok(ShardOf { index, count })
    }
}

/// `--sweep NAME=A..B` or `NAME=V1,V2,...`: an option and the values it takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sweep {
    pub name: String,
    pub values: Vec<String>,
}

/// The most values one sweep plays.
const MOST_SWEPT: usize = 100;

impl std::str::FromStr for Sweep {
    type Err = String;

    fn from_str(text: &str) -> Result<Sweep, String> {
        let (name, values) = text
            .split_once('=')
            .filter(|(name, _)| !name.trim().is_empty())
            .ok_or_else(|| format!("`{text}` is not NAME=A..B or NAME=V1,V2,..."))?;
        if let Some(range) = range_misspelt(values) {
            return Err(format!(
                "`{text}`: a range is written A..B: `{}={range}`",
                name.trim()
            ));
        }
        let values: Vec<String> = if let Some((low, high)) = values.split_once("..") {
            let number = |part: &str| {
                part.trim()
                    .parse::<i64>()
                    .map_err(|_| format!("`{text}`: `{part}` is not a whole number"))
            };
            let (low, high) = (number(low)?, number(high)?);
            if high < low || high.abs_diff(low) >= MOST_SWEPT as u64 {
                return Err(format!(
                    "`{text}`: A..B goes up, through at most {MOST_SWEPT} values"
                ));
            }
            (low..=high).map(|v| v.to_string()).collect()
        } else {
            values.split(',').map(|v| v.trim().to_string()).collect()
        };
        if values.iter().any(String::is_empty) || values.len() > MOST_SWEPT {
            return Err(format!(
                "`{text}`: the values are 1 to {MOST_SWEPT}, none empty"
            ));
        }
        Ok(Sweep {
            name: name.trim().to_string(),
            values,
        })
    }
}

/// `3..10`, where a range of whole numbers is written as in other tools
/// (`3-10`, `3–10`, `3:10`, `3...10`), which would otherwise be taken for
/// one value of that text.
fn range_misspelt(values: &str) -> Option<String> {
    let values = values.trim();
    let whole = |part: &str| part.trim().parse::<i64>().ok();
    ["...", "-", "–", ":"].iter().find_map(|mark| {
        // `-3-5`: the first minus may be the sign of A.
        let from = usize::from(values.starts_with('-') && *mark == "-");
        let at = values[from..].find(mark)? + from;
        let (low, high) = (whole(&values[..at])?, whole(&values[at + mark.len()..])?);
        Some(format!("{low}..{high}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shard_is_k_of_n_counted_from_zero() {
        assert_eq!("3/8".parse::<ShardOf>(), Ok(ShardOf { index: 3, count: 8 }));
        for bad in ["4/4", "0/0", "8", "a/2", "-1/2"] {
            assert!(bad.parse::<ShardOf>().is_err(), "{bad}");
        }
        let error = "4/4".parse::<ShardOf>().unwrap_err();
        assert!(error.contains("numbered 0 to 3"), "{error}");
    }

    #[test]
    fn a_sweep_is_a_range_or_a_list_of_values() {
        let sweep = "damage_limit=3..6".parse::<Sweep>().unwrap();
        assert_eq!(sweep.name, "damage_limit");
        assert_eq!(sweep.values, ["3", "4", "5", "6"]);
        let sweep = "rule = a, b".parse::<Sweep>().unwrap();
        assert_eq!(
            (sweep.name.as_str(), sweep.values),
            ("rule", vec!["a".into(), "b".into()])
        );
        for bad in ["x=5..3", "x=1..1000", "=1..2", "x", "x=a..b", "x=1,,2"] {
            assert!(bad.parse::<Sweep>().is_err(), "{bad}");
        }
        assert_eq!("x=-2".parse::<Sweep>().unwrap().values, ["-2"]);
        assert_eq!("x=a-b".parse::<Sweep>().unwrap().values, ["a-b"]);
    }

    #[test]
    fn a_range_written_as_other_tools_write_it_is_answered_with_a_dots() {
        for (written, meant) in [
            ("damage_limit=3-10", "damage_limit=3..10"),
            ("x=3–10", "x=3..10"),
            ("x = 3:10", "x=3..10"),
            ("x=3...10", "x=3..10"),
            ("x=-3-5", "x=-3..5"),
        ] {
            let error = written.parse::<Sweep>().unwrap_err();
            assert!(
                error.ends_with(&format!("a range is written A..B: `{meant}`")),
                "{written}: {error}"
            );
        }
    }
}
