//! Lines from a person or a client (the REPL on a pipe, the JSON protocol),
//! each at most 64 KiB (docs/protocol.md). A longer line is refused as a
//! whole: it is read through to its end but never held, only a short start
//! of it is kept to say which line it was, and the next line reads as usual.

use std::fmt;
use std::io::{BufRead, ErrorKind};

/// The longest line delve takes from a person or a client, in bytes
/// (without its line end).
pub(crate) const MAX_LINE: usize = 64 * 1024;

/// A line that was read but is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum BadLine {
    /// Not UTF-8 text.
    NotText,
    /// Longer than `MAX_LINE`; `start` is a short excerpt of it.
    TooLong { start: String },
}

impl fmt::Display for BadLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadLine::NotText => f.write_str("that line is not text (UTF-8)"),
            BadLine::TooLong { start } => write!(
                f,
                "that line is longer than {} KiB, the most delve reads (it began `{start}`)",
                MAX_LINE / 1024
            ),
        }
    }
}

/// The next line without its line end: `None` at the end of the input,
/// `Err` for a line that is refused. A read error ends the input.
pub(crate) fn read_line(reader: &mut impl BufRead) -> Option<Result<String, BadLine>> {
    // Room for the line and its `\r\n`; bytes past it are read and dropped.
    let room = MAX_LINE + 2;
    let mut bytes = Vec::new();
    let mut over = false;
    let mut any = false;
    loop {
        let buffer = match reader.fill_buf() {
            Ok(buffer) => buffer,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(_) => return None,
        };
        if buffer.is_empty() {
            break;
        }
        any = true;
        let end = buffer.iter().position(|b| *b == b'\n');
        let taken = end.map_or(buffer.len(), |i| i + 1);
        let kept = taken.min(room - bytes.len());
        bytes.extend_from_slice(&buffer[..kept]);
        over |= kept < taken;
        reader.consume(taken);
        if end.is_some() {
            break;
        }
    }
    if !any {
        return None;
    }
    while bytes.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
        bytes.pop();
    }
    if over || bytes.len() > MAX_LINE {
        let head = String::from_utf8_lossy(&bytes[..bytes.len().min(256)]).into_owned();
        return Some(Err(BadLine::TooLong {
            start: crate::read::excerpt(&head),
        }));
    }
    Some(String::from_utf8(bytes).map_err(|_| BadLine::NotText))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufReader, Cursor};

    #[test]
    fn lines_end_at_line_ends_and_the_input_at_its_end() {
        let mut input = Cursor::new(&b"one\r\ntwo\n\nlast"[..]);
        assert_eq!(read_line(&mut input), Some(Ok("one".into())));
        assert_eq!(read_line(&mut input), Some(Ok("two".into())));
        assert_eq!(read_line(&mut input), Some(Ok(String::new())));
        assert_eq!(read_line(&mut input), Some(Ok("last".into())));
        assert_eq!(read_line(&mut input), None);
        let mut bad = Cursor::new(&b"\xff\xfe\nok\n"[..]);
        assert_eq!(read_line(&mut bad), Some(Err(BadLine::NotText)));
        assert_eq!(read_line(&mut bad), Some(Ok("ok".into())));
    }

    #[test]
    fn a_line_past_the_cap_is_refused_with_its_start_and_the_next_one_reads() {
        let mut text = "x".repeat(MAX_LINE);
        text += "\n";
        text += &"y".repeat(MAX_LINE + 1);
        text += "\nnext\n";
        // A small buffer: the long line comes in many pieces.
        let mut input = BufReader::with_capacity(100, Cursor::new(text.into_bytes()));
        assert_eq!(read_line(&mut input), Some(Ok("x".repeat(MAX_LINE))));
        let Some(Err(BadLine::TooLong { start })) = read_line(&mut input) else {
            panic!("the long line is refused");
        };
        assert_eq!(start, format!("{}…", "y".repeat(60)));
        assert_eq!(read_line(&mut input), Some(Ok("next".into())));
        assert_eq!(read_line(&mut input), None);
    }
}
