//! Wrapping the REPL's text to the screen at spaces, never inside a word.
//! A continued line keeps its indentation, and under a list item (`12. `,
//! `- `, `→ `) it lines up with the item's text. Lines that fit are left
//! as they are, so laid-out text (tables, help) keeps its layout.

/// `text` with every line longer than `width` characters broken at spaces.
pub(crate) fn wrap(text: &str, width: usize) -> String {
    text.split('\n')
        .map(|line| wrap_line(line, width))
        .collect::<Vec<_>>()
        .join("\n")
}

fn wrap_line(line: &str, width: usize) -> String {
    if line.chars().count() <= width {
        return line.to_string();
    }
    let indent = hanging_indent(line);
    let room = width.saturating_sub(indent).max(10);
    let mut lines: Vec<String> = Vec::new();
    let lead = line.len() - line.trim_start().len();
    let mut current = line[..lead].to_string();
    let mut length = current.chars().count();
    let mut empty = true;
    for word in line[lead..].split(' ').filter(|w| !w.is_empty()) {
        let size = word.chars().count();
        let limit = if lines.is_empty() {
            width
        } else {
            indent + room
        };
        if !empty && length + 1 + size > limit {
            lines.push(std::mem::take(&mut current));
            current = " ".repeat(indent);
            length = indent;
            empty = true;
        }
        if !empty {
            current.push(' ');
            length += 1;
        }
        current.push_str(word);
        length += size;
        empty = false;
    }
    lines.push(current);
    lines.join("\n")
}

/// `text` laid out in columns (a table's rows, the list of rulesets): a
/// row too long for the screen keeps its first column as it is, and its
/// text goes on under the second column.
pub(crate) fn wrap_columns(text: &str, width: usize) -> String {
    text.split('\n')
        .map(|line| wrap_row(line, width))
        .collect::<Vec<_>>()
        .join("\n")
}

fn wrap_row(line: &str, width: usize) -> String {
    if line.chars().count() <= width {
        return line.to_string();
    }
    let Some(column) = second_column(line).filter(|c| *c <= width / 2) else {
        return wrap_line(line, width);
    };
    let head: String = line.chars().take(column).collect();
    let rest: String = line.chars().skip(column).collect();
    // The rest, wrapped as if it were indented to the column.
    let pad = " ".repeat(column);
    let wrapped = wrap_line(&format!("{pad}{rest}"), width);
    let body = wrapped.strip_prefix(pad.as_str()).unwrap_or(&wrapped);
    format!("{head}{body}")
}

/// Where a row's second column starts: after its first run of two or more
/// spaces, in characters.
fn second_column(line: &str) -> Option<usize> {
    let chars: Vec<char> = line.chars().collect();
    let lead = chars.iter().take_while(|c| **c == ' ').count();
    let mut i = lead;
    while i + 1 < chars.len() {
        if chars[i] == ' ' && chars[i + 1] == ' ' {
            let mut end = i;
            while end < chars.len() && chars[end] == ' ' {
                end += 1;
            }
            return (end < chars.len()).then_some(end);
        }
        i += 1;
    }
    None
}

/// Where a continued line starts: under the text of a list item, else at
/// the line's own indentation.
fn hanging_indent(line: &str) -> usize {
    let lead = line.chars().take_while(|c| *c == ' ').count();
    let rest = line.trim_start();
    let digits = rest.chars().take_while(char::is_ascii_digit).count();
    if digits > 0 && rest[digits..].starts_with(". ") {
        return lead + digits + 2;
    }
    for marker in ["- ", "→ ", "* "] {
        if rest.starts_with(marker) {
            return lead + marker.chars().count();
        }
    }
    lead
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_line_breaks_at_spaces() {
        let text = "The monster wakes and the torch gutters out in the dark";
        assert_eq!(
            wrap(text, 20),
            "The monster wakes\nand the torch\ngutters out in the\ndark"
        );
        assert!(wrap(text, 20).lines().all(|l| l.chars().count() <= 20));
    }

    #[test]
    fn a_list_item_continues_under_its_text() {
        let text = "  12. a label long enough to need a second line here";
        assert_eq!(
            wrap(text, 30),
            "  12. a label long enough to\n      need a second line here"
        );
    }

    #[test]
    fn a_long_row_goes_on_under_its_second_column() {
        let text = "hand       7♦ K♣ 10♦ 6♦ J♥  (2 kings, 48 points; J♥ Dodge Blow)\nshort   row";
        let wrapped = wrap_columns(text, 40);
        assert_eq!(
            wrapped,
            "hand       7♦ K♣ 10♦ 6♦ J♥ (2 kings, 48\n           points; J♥ Dodge Blow)\nshort   row"
        );
        assert!(wrapped.lines().all(|l| l.chars().count() <= 40));
    }

    #[test]
    fn short_lines_and_long_words_stay_whole() {
        assert_eq!(wrap("a  b\n  c", 10), "a  b\n  c");
        assert_eq!(
            wrap("unbreakablewordthatislong x", 10),
            "unbreakablewordthatislong\nx"
        );
    }
}
