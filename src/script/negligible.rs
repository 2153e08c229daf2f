//! How small a difference between two options is not worth a player's
//! thought, as a ruleset's top level declares it: `negligible(#{ wins: 2,
//! score: 1 })`, in points of win rate and in points of score. A hint may
//! then name an option that no other beats by that much or more (at its
//! 95%), where options are close but not alike: a verdict a player can act
//! on, where without it the worlds could only say "no option is surely
//! best". Without the declaration a hint claims no such thing.

use rhai::{Dynamic, EvalAltResult, Map, INT};

/// The differences that count for nothing, in each measure a hint compares
/// options by; none where the ruleset says nothing of that measure.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Negligible {
    /// In wins per world (a share: 0.02 is two points of win rate).
    pub wins: Option<f64>,
    /// In points of score.
    pub score: Option<f64>,
}

impl Negligible {
    /// The declaration's map, or why it is none.
    pub(crate) fn from_map(map: &Map) -> Result<Negligible, Box<EvalAltResult>> {
        let mut negligible = Negligible::default();
        for (key, value) in map {
            let number = whole(key, value)?;
            match key.as_str() {
                "wins" if number <= 100 => negligible.wins = Some(number as f64 / 100.0),
                "wins" => {
                    return Err(format!(
                        "negligible: `wins` is in points of win rate, 0 to 100; {number} is none"
                    )
                    .into())
                }
                "score" => negligible.score = Some(number as f64),
                other => {
                    return Err(format!(
                        "negligible: `{other}` is no measure: `wins` (points of win rate) or `score` (points of score)"
                    )
                    .into())
                }
            }
        }
        Ok(negligible)
    }

    /// Whether the ruleset declared anything.
    pub(crate) fn declared(self) -> bool {
        self.wins.is_some() || self.score.is_some()
    }
}

/// A margin as a whole number, not below zero.
fn whole(key: &str, value: &Dynamic) -> Result<INT, Box<EvalAltResult>> {
    match value.as_int() {
        Ok(n) if n >= 0 => Ok(n),
        _ => Err(
            format!("negligible: `{key}` takes a whole number, 0 or more; {value} is none").into(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The declaration of a script's map literal.
    fn declared(map: &str) -> Result<Negligible, String> {
        let map: Map = rhai::Engine::new().eval(map).unwrap();
        Negligible::from_map(&map).map_err(|e| e.to_string())
    }

    #[test]
    fn a_declaration_gives_each_measure_its_margin_and_a_wrong_one_says_why() {
        let both = declared("#{ wins: 2, score: 1 }").unwrap();
        assert_eq!((both.wins, both.score), (Some(0.02), Some(1.0)));
        assert!(both.declared() && !Negligible::default().declared());
        let wrong = |map: &str| declared(map).unwrap_err();
        assert!(wrong("#{ points: 1 }").contains("`points` is no measure"));
        assert!(wrong("#{ wins: 101 }").contains("0 to 100"));
        assert!(wrong("#{ score: -1 }").contains("a whole number, 0 or more"));
        assert!(wrong("#{ score: \"one\" }").contains("a whole number"));
    }
}
