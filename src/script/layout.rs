//! A ruleset's layout hint: `fn layout()` may give, for some piles, the row
//! and column where a front end that draws the table should put them (a
//! maze's rooms as a grid). It is a hint: a front end lays out the piles it
//! does not name in its own way, and a text front end ignores it.

use super::error::{ErrorKind, ScriptError};
use rhai::Dynamic;

/// The furthest row or column a hint may name: a table wider than this
/// would not fit any screen.
pub(crate) const MAX_CELL: i64 = 63;

/// Where one pile goes: its row and column, from 0 at the top left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spot {
    pub pile: String,
    pub row: u8,
    pub col: u8,
}

/// The piles the hint places, in the order of the script's map.
pub(crate) type Layout = Vec<Spot>;

/// Reads what `fn layout()` returned: a map from pile name to
/// `#{row: R, col: C}`; `origin` names the file for the messages.
pub(crate) fn read(value: &Dynamic, origin: &str) -> Result<Layout, ScriptError> {
    let wrong = |why: String| {
        ScriptError::new(
            ErrorKind::Runtime,
            format!("{origin}: layout() {why}; it returns a map of pile name to #{{row: R, col: C}}, from 0 to {MAX_CELL}"),
        )
    };
    let Some(map) = value.read_lock::<rhai::Map>() else {
        return Err(wrong(format!("returned {}", value.type_name())));
    };
    let mut layout = Vec::with_capacity(map.len());
    for (pile, place) in map.iter() {
        let Some(place) = place.read_lock::<rhai::Map>() else {
            return Err(wrong(format!("gave `{pile}` a {}", place.type_name())));
        };
        let cell = |name: &str| {
            let n = place
                .get(name)
                .and_then(|v| v.as_int().ok())
                .ok_or_else(|| wrong(format!("gave `{pile}` no whole number `{name}`")))?;
            u8::try_from(n)
                .ok()
                .filter(|&n| i64::from(n) <= MAX_CELL)
                .ok_or_else(|| wrong(format!("put `{pile}` at {name} {n}")))
        };
        layout.push(Spot {
            pile: pile.to_string(),
            row: cell("row")?,
            col: cell("col")?,
        });
    }
    Ok(layout)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn place(row: i64, col: i64) -> Dynamic {
        let mut m = rhai::Map::new();
        m.insert("row".into(), Dynamic::from(row));
        m.insert("col".into(), Dynamic::from(col));
        Dynamic::from_map(m)
    }

    #[test]
    fn reads_rows_and_columns_and_names_what_is_wrong() {
        let mut m = rhai::Map::new();
        m.insert("A1".into(), place(0, 0));
        m.insert("B1".into(), place(0, 1));
        let layout = read(&Dynamic::from_map(m), "x.rhai").unwrap();
        assert_eq!(layout.len(), 2);
        assert_eq!((layout[1].row, layout[1].col), (0, 1));

        let mut m = rhai::Map::new();
        m.insert("A1".into(), place(0, 64));
        let error = read(&Dynamic::from_map(m), "x.rhai").unwrap_err();
        assert!(
            error.message.contains("put `A1` at col 64"),
            "{}",
            error.message
        );

        let error = read(&Dynamic::from(3_i64), "x.rhai").unwrap_err();
        assert!(
            error.message.contains("layout() returned i64"),
            "{}",
            error.message
        );
    }
}
