//! A ruleset's layout hint: `fn layout()` may give, for some piles, the row
//! and column where a front end that draws the table should put them (a
//! maze's rooms as a grid), how many columns a pile spans (a monster with
//! its attack fanned beneath it), whether its cards fan downward (`fan:
//! "down"`: a patience column, each card partly covering the one before),
//! or `()` for a pile not drawn at all (one the rules only use while
//! setting up). It is a hint: a front end lays out
//! the piles it does not name in its own way, and a text front end ignores
//! it. It is bounded as the other hooks a page shows are: it names only
//! piles on the table when it is read (so no more than a table holds, each
//! name within a pile name's length); a pile made later may be named once
//! it is there.

use super::error::{ErrorKind, ScriptError};
use super::limits::{MAX_NAME, MAX_PILES};
use crate::game::table::Table;
use rhai::Dynamic;

/// The furthest row or column a hint may name: a table wider than this
/// would not fit any screen.
pub(crate) const MAX_CELL: i64 = 63;

/// The most columns one pile may span.
pub(crate) const MAX_SPAN: i64 = 16;

/// Where one pile goes: its row and column, from 0 at the top left, and how
/// many columns it spans (1: one card, its top one; more: its cards fanned);
/// whether its cards fan downward, each showing the top of the one under it
/// (`fan_down`); or nowhere, when `hidden`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spot {
    pub pile: String,
    pub row: u8,
    pub col: u8,
    pub span: u8,
    pub fan_down: bool,
    pub hidden: bool,
}

/// The piles the hint places, in the order of the script's map.
pub(crate) type Layout = Vec<Spot>;

/// Reads what `fn layout()` returned: a map from pile name to
/// `#{row: R, col: C}`, of piles on `table`; `origin` names the file for
/// the messages.
pub(crate) fn read(value: &Dynamic, origin: &str, table: &Table) -> Result<Layout, ScriptError> {
    let wrong = |why: String| {
        ScriptError::new(
            ErrorKind::Runtime,
            format!("{origin}: layout() {why}; it returns a map of pile name to #{{row: R, col: C}} (from 0 to {MAX_CELL}, with `span: N` columns, 1 to {MAX_SPAN}, and `fan: \"down\"` for cards fanned downward), or to () for a pile not drawn"),
        )
    };
    let Some(map) = value.read_lock::<rhai::Map>() else {
        return Err(wrong(format!("returned {}", value.type_name())));
    };
    if map.len() > MAX_PILES {
        return Err(wrong(format!(
            "named {} piles, more than a table holds ({MAX_PILES})",
            map.len()
        )));
    }
    let piles: std::collections::HashSet<&str> =
        table.piles().iter().map(|p| p.name.as_str()).collect();
    let mut layout = Vec::with_capacity(map.len());
    for (pile, place) in map.iter() {
        if !piles.contains(pile.as_str()) {
            let shown: String = pile.chars().take(MAX_NAME).collect();
            let cut = if shown.len() < pile.len() { "…" } else { "" };
            return Err(wrong(format!(
                "named `{shown}{cut}`, which is no pile on the table now"
            )));
        }
        if place.is_unit() {
            layout.push(Spot {
                pile: pile.to_string(),
                row: 0,
                col: 0,
                span: 1,
                fan_down: false,
                hidden: true,
            });
            continue;
        }
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
        if let Some(key) = place
            .keys()
            .find(|k| !matches!(k.as_str(), "row" | "col" | "span" | "fan"))
        {
            return Err(wrong(format!("gave `{pile}` an unknown key `{key}`")));
        }
        let span = match place.get("span") {
            None => 1,
            Some(n) => n
                .as_int()
                .ok()
                .filter(|n| (1..=MAX_SPAN).contains(n))
                .and_then(|n| u8::try_from(n).ok())
                .ok_or_else(|| wrong(format!("gave `{pile}` the span {n}")))?,
        };
        let fan_down = match place.get("fan") {
            None => false,
            Some(fan) => match fan.read_lock::<rhai::ImmutableString>() {
                Some(way) if way.as_str() == "down" => true,
                _ => {
                    let shown: String = fan.to_string().chars().take(MAX_NAME).collect();
                    return Err(wrong(format!(
                        "gave `{pile}` the fan `{shown}`: the one way a pile fans is \"down\""
                    )));
                }
            },
        };
        layout.push(Spot {
            pile: pile.to_string(),
            row: cell("row")?,
            col: cell("col")?,
            span,
            fan_down,
            hidden: false,
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

    /// A table with the piles these tests name.
    fn table() -> Table {
        let mut table = Table::default();
        for name in ["A1", "B1", "setup"] {
            table.add_pile(name, true);
        }
        table
    }

    #[test]
    fn names_only_piles_on_the_table_and_no_more_than_it_holds() {
        let mut m = rhai::Map::new();
        m.insert("A1".into(), place(0, 0));
        m.insert("later".into(), place(0, 1));
        let error = read(&Dynamic::from_map(m.clone()), "x.rhai", &table()).unwrap_err();
        assert!(
            error
                .message
                .contains("named `later`, which is no pile on the table now"),
            "{}",
            error.message
        );
        let mut later = table();
        later.add_pile("later", false);
        assert_eq!(
            read(&Dynamic::from_map(m), "x.rhai", &later).unwrap().len(),
            2
        );

        let long = "x".repeat(10_000);
        let mut m = rhai::Map::new();
        m.insert(long.as_str().into(), place(0, 0));
        let error = read(&Dynamic::from_map(m), "x.rhai", &table()).unwrap_err();
        assert!(error.message.len() < 1_000, "{}", error.message);

        let mut m = rhai::Map::new();
        for n in 0..=MAX_PILES {
            m.insert(format!("p{n}").into(), place(0, 0));
        }
        let error = read(&Dynamic::from_map(m), "x.rhai", &table()).unwrap_err();
        assert!(
            error
                .message
                .contains("named 1001 piles, more than a table holds (1000)"),
            "{}",
            error.message
        );
    }

    #[test]
    fn reads_rows_and_columns_and_names_what_is_wrong() {
        let mut m = rhai::Map::new();
        m.insert("A1".into(), place(0, 0));
        m.insert("B1".into(), place(0, 1));
        let layout = read(&Dynamic::from_map(m), "x.rhai", &table()).unwrap();
        assert_eq!(layout.len(), 2);
        assert_eq!((layout[1].row, layout[1].col), (0, 1));

        let mut m = rhai::Map::new();
        m.insert("A1".into(), place(0, 64));
        let error = read(&Dynamic::from_map(m), "x.rhai", &table()).unwrap_err();
        assert!(
            error.message.contains("put `A1` at col 64"),
            "{}",
            error.message
        );

        let mut spanned = place(1, 0).cast::<rhai::Map>();
        spanned.insert("span".into(), Dynamic::from(3_i64));
        let mut m = rhai::Map::new();
        m.insert("A1".into(), Dynamic::from_map(spanned.clone()));
        m.insert("setup".into(), Dynamic::UNIT);
        let layout = read(&Dynamic::from_map(m), "x.rhai", &table()).unwrap();
        assert_eq!((layout[0].span, layout[0].hidden), (3, false));
        assert!(layout[1].hidden);

        spanned.insert("span".into(), Dynamic::from(0_i64));
        let mut m = rhai::Map::new();
        m.insert("A1".into(), Dynamic::from_map(spanned));
        let error = read(&Dynamic::from_map(m), "x.rhai", &table()).unwrap_err();
        assert!(
            error.message.contains("gave `A1` the span 0"),
            "{}",
            error.message
        );

        let mut column = place(1, 0).cast::<rhai::Map>();
        column.insert("fan".into(), "down".into());
        let mut m = rhai::Map::new();
        m.insert("A1".into(), Dynamic::from_map(column.clone()));
        let layout = read(&Dynamic::from_map(m), "x.rhai", &table()).unwrap();
        assert!(layout[0].fan_down);
        column.insert("fan".into(), "up".into());
        let mut m = rhai::Map::new();
        m.insert("A1".into(), Dynamic::from_map(column));
        let error = read(&Dynamic::from_map(m), "x.rhai", &table()).unwrap_err();
        assert!(
            error.message.contains("gave `A1` the fan `up`"),
            "{}",
            error.message
        );

        let error = read(&Dynamic::from(3_i64), "x.rhai", &table()).unwrap_err();
        assert!(
            error.message.contains("layout() returned i64"),
            "{}",
            error.message
        );
    }
}
