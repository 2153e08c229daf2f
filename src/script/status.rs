//! What a player reads beside the cards, declared once by the ruleset:
//! `fn status()` returns lines such as `#{name: "health", text: "12 of 20"}`
//! in the rulebook's words. The terminal prints them under the view, the
//! protocol carries them, and the page shows them and nothing else of the
//! game's named state (which is the rules' bookkeeping). A line may also
//! name a pile (`pile: "B2"`): a front end that draws piles marks that one
//! with the line's name (where the player stands).

use super::error::{ErrorKind, ScriptError};
use super::limits::{MAX_NAME, MAX_TEXT};
use rhai::Dynamic;

/// The most lines a status may have: more would not be read at a table.
pub(crate) const MAX_LINES: usize = 64;

/// One thing a player reads: its name, what it says (empty for a line that
/// only marks a pile) and the pile it marks, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub name: String,
    pub text: String,
    pub pile: Option<String>,
}

/// The lines, in the order the script gave them.
pub(crate) type Status = Vec<Line>;

/// Reads what `fn status()` returned: an array of maps with a `name`, and
/// a `text` or a `pile` or both; `origin` names the file for the messages.
pub(crate) fn read(value: &Dynamic, origin: &str) -> Result<Status, ScriptError> {
    let wrong = |why: String| {
        ScriptError::new(
            ErrorKind::Runtime,
            format!("{origin}: status() {why}; it returns an array of #{{name: \"health\", text: \"12 of 20\"}} (a `pile` name in place of or beside the text marks that pile)"),
        )
    };
    let Some(items) = value.read_lock::<rhai::Array>() else {
        return Err(wrong(format!("returned {}", value.type_name())));
    };
    if items.len() > MAX_LINES {
        return Err(wrong(format!(
            "returned {} lines, more than {MAX_LINES}",
            items.len()
        )));
    }
    let mut lines = Vec::with_capacity(items.len());
    for (n, item) in items.iter().enumerate() {
        let n = n + 1;
        let Some(map) = item.read_lock::<rhai::Map>() else {
            return Err(wrong(format!("gave line {n} as {}", item.type_name())));
        };
        if let Some(key) = map
            .keys()
            .find(|k| !matches!(k.as_str(), "name" | "text" | "pile"))
        {
            return Err(wrong(format!("gave line {n} an unknown key `{key}`")));
        }
        // A text may be a number or a card: it is shown as the script prints it.
        let text_of = |key: &str, longest: usize| -> Result<Option<String>, ScriptError> {
            match map.get(key) {
                None => Ok(None),
                Some(v) if v.is_unit() => Ok(None),
                Some(v) if v.is_map() || v.is_array() => Err(wrong(format!(
                    "gave line {n} a {} as `{key}`",
                    v.type_name()
                ))),
                Some(v) => {
                    let text = one_line(&v.to_string());
                    if text.chars().count() > longest {
                        return Err(wrong(format!(
                            "gave line {n} a `{key}` longer than {longest} characters"
                        )));
                    }
                    Ok(Some(text))
                }
            }
        };
        let name = text_of("name", MAX_NAME)?
            .filter(|s| !s.trim().is_empty())
            .ok_or_else(|| wrong(format!("gave line {n} no `name`")))?;
        let text = text_of("text", MAX_TEXT)?.unwrap_or_default();
        let pile = text_of("pile", MAX_NAME)?.filter(|s| !s.is_empty());
        lines.push(Line { name, text, pile });
    }
    Ok(lines)
}

/// A script's text as one line a screen shows: line ends as spaces, and no
/// control characters (which could overwrite or restyle what came before).
pub(crate) fn one_line(text: &str) -> String {
    text.replace('\n', " ")
        .chars()
        .filter(|&c| !c.is_control() && !turns_text(c))
        .collect()
}

/// The invisible marks that change the direction text is shown in
/// (Unicode's bidirectional controls): from a script, one would show a
/// line other than the one written (`\u{202E}` shows what follows it
/// backwards), so no script text keeps them.
pub(crate) fn turns_text(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(pairs: &[(&str, Dynamic)]) -> Dynamic {
        let mut m = rhai::Map::new();
        for (k, v) in pairs {
            m.insert((*k).into(), v.clone());
        }
        Dynamic::from_map(m)
    }

    #[test]
    fn reads_names_texts_and_marks_and_names_what_is_wrong() {
        let lines: rhai::Array = vec![
            line(&[("name", "health".into()), ("text", Dynamic::from(12_i64))]),
            line(&[("name", "you".into()), ("pile", "B2".into())]),
        ];
        let status = read(&Dynamic::from_array(lines), "x.rhai").unwrap();
        assert_eq!(status[0].text, "12");
        assert_eq!(status[1].pile.as_deref(), Some("B2"));
        assert_eq!(status[1].text, "");

        let wrong = |value: Dynamic| read(&value, "x.rhai").unwrap_err().message;
        assert!(wrong(Dynamic::from(3_i64)).contains("x.rhai: status() returned i64"));
        let unnamed = vec![line(&[("text", "12".into())])];
        assert!(wrong(Dynamic::from_array(unnamed)).contains("gave line 1 no `name`"));
        let misspelt = vec![line(&[("name", "hp".into()), ("txt", "1".into())])];
        assert!(wrong(Dynamic::from_array(misspelt)).contains("unknown key `txt`"));
        let many = vec![line(&[("name", "a".into())]); MAX_LINES + 1];
        assert!(wrong(Dynamic::from_array(many)).contains("more than 64"));
        let long = vec![line(&[("name", "a".repeat(MAX_NAME + 1).into())])];
        assert!(wrong(Dynamic::from_array(long)).contains("longer than"));
    }
}
