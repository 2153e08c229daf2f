//! The faces a ruleset gives its custom cards: `fn faces()` returns a map
//! of card name to `#{glyph, title, caption, paths}`, each part optional. A
//! front end that draws cards draws that face (a glyph large, a title, a
//! short caption) in place of the card's properties; a card with `paths`
//! (exit letters, `"NES"`) is a tile whose corridors run to those edges, so
//! neighbouring tiles on a grid join into one maze.

use super::error::{ErrorKind, ScriptError};
use super::limits::MAX_NAME;
use rhai::Dynamic;

/// The most faces one table may carry: more cards than that are drawn
/// plainly, by name.
pub(crate) const MAX_FACES: usize = 1_000;

/// The longest glyph, title and caption, in characters: a card is small.
const LONGEST: [(&str, usize); 3] = [("glyph", 4), ("title", 24), ("caption", 60)];

/// What one card shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Face {
    pub glyph: String,
    pub title: String,
    pub caption: String,
    /// Exit letters among N, E, S, W, in that order.
    pub paths: String,
}

/// The faces by card name, in the order of the script's map.
pub(crate) type Faces = Vec<(String, Face)>;

/// Reads what `fn faces()` returned; `origin` names the file.
pub(crate) fn read(value: &Dynamic, origin: &str) -> Result<Faces, ScriptError> {
    let wrong = |why: String| {
        ScriptError::new(
            ErrorKind::Runtime,
            format!("{origin}: faces() {why}; it returns a map of card name to #{{glyph, title, caption, paths}} (texts; paths the exit letters N, E, S, W)"),
        )
    };
    let Some(map) = value.read_lock::<rhai::Map>() else {
        return Err(wrong(format!("returned {}", value.type_name())));
    };
    if map.len() > MAX_FACES {
        return Err(wrong(format!(
            "gave {} faces, more than {MAX_FACES}",
            map.len()
        )));
    }
    let mut faces = Vec::with_capacity(map.len());
    for (card, face) in map.iter() {
        // No card has a longer name: such a face could never be shown.
        if card.chars().count() > MAX_NAME {
            return Err(wrong(format!(
                "named a card longer than {MAX_NAME} characters"
            )));
        }
        let Some(parts) = face.read_lock::<rhai::Map>() else {
            return Err(wrong(format!("gave `{card}` a {}", face.type_name())));
        };
        let text = |key: &str| -> Result<String, ScriptError> {
            let Some(value) = parts.get(key).filter(|v| !v.is_unit()) else {
                return Ok(String::new());
            };
            let Ok(text) = value.clone().into_string() else {
                return Err(wrong(format!(
                    "gave `{card}` a {} as `{key}`",
                    value.type_name()
                )));
            };
            Ok(super::status::one_line(&text))
        };
        if let Some(key) = parts
            .keys()
            .find(|k| !matches!(k.as_str(), "glyph" | "title" | "caption" | "paths"))
        {
            return Err(wrong(format!("gave `{card}` an unknown key `{key}`")));
        }
        let mut face = Face {
            glyph: text("glyph")?,
            title: text("title")?,
            caption: text("caption")?,
            paths: text("paths")?,
        };
        for (key, longest) in LONGEST {
            let part = match key {
                "glyph" => &face.glyph,
                "title" => &face.title,
                _ => &face.caption,
            };
            if part.chars().count() > longest {
                return Err(wrong(format!(
                    "gave `{card}` a `{key}` longer than {longest} characters"
                )));
            }
        }
        if let Some(bad) = face.paths.chars().find(|c| !"NESW".contains(*c)) {
            return Err(wrong(format!("gave `{card}` the path `{bad}`")));
        }
        face.paths = "NESW".chars().filter(|c| face.paths.contains(*c)).collect();
        faces.push((card.to_string(), face));
    }
    Ok(faces)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn faces(card: &str, parts: &[(&str, &str)]) -> Dynamic {
        let mut face = rhai::Map::new();
        for (k, v) in parts {
            face.insert((*k).into(), Dynamic::from(v.to_string()));
        }
        let mut map = rhai::Map::new();
        map.insert(card.into(), Dynamic::from_map(face));
        Dynamic::from_map(map)
    }

    #[test]
    fn reads_faces_and_names_what_is_wrong() {
        let read_one = |value: Dynamic| read(&value, "x.rhai");
        let got = read_one(faces("┣", &[("paths", "SEN"), ("caption", "chest")])).unwrap();
        assert_eq!(got[0].1.paths, "NES");
        assert_eq!(got[0].1.caption, "chest");

        let message = |value: Dynamic| read_one(value).unwrap_err().message;
        assert!(message(faces("┣", &[("paths", "NX")])).contains("gave `┣` the path `X`"));
        assert!(message(faces("┣", &[("glyf", "x")])).contains("unknown key `glyf`"));
        assert!(message(faces("┣", &[("glyph", "too long")])).contains("longer than 4"));
        assert!(message(Dynamic::from(1_i64)).contains("x.rhai: faces() returned i64"));
    }
}
