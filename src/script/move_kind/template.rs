//! Words with `{field}` holes, read once when a ruleset declares them and
//! filled at each use: a move's label (`{card} on {onto}`), and what the
//! host says for a declared turn (`{card} is turned up.`, `{cards} home`).

use super::Read;

/// Words with `{field}` holes filled from the move (or the moment).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Template(pub Vec<Piece>);

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    Text(String),
    Field(String),
}

impl std::fmt::Display for Template {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for piece in &self.0 {
            match piece {
                Piece::Text(text) => f.write_str(text)?,
                Piece::Field(name) => write!(f, "{{{name}}}")?,
            }
        }
        Ok(())
    }
}

impl Template {
    pub(crate) fn read(text: &str) -> Read<Template> {
        let mut pieces = Vec::new();
        let mut rest = text;
        while let Some(open) = rest.find('{') {
            if open > 0 {
                pieces.push(Piece::Text(rest[..open].to_string()));
            }
            let Some(close) = rest[open..].find('}') else {
                return Err(format!("the label `{text}` opens a `{{` it never closes"));
            };
            pieces.push(Piece::Field(
                rest[open + 1..open + close].trim().to_string(),
            ));
            rest = &rest[open + close + 1..];
        }
        if !rest.is_empty() {
            pieces.push(Piece::Text(rest.to_string()));
        }
        Ok(Template(pieces))
    }

    /// The label of one move, each field as a person reads it.
    pub fn fill(&self, field: impl Fn(&str) -> String) -> String {
        let mut label = String::new();
        for piece in &self.0 {
            match piece {
                Piece::Text(text) => label.push_str(text),
                Piece::Field(name) => label.push_str(&field(name)),
            }
        }
        label
    }
}
