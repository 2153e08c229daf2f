//! Text helpers every game writes: a count with its noun, a capital letter.
//! An irregular noun takes the three-word form: `plural(n, "mouse", "mice")`.

use rhai::Engine;

/// `3 cards`, `1 card`, `2 torches`, `4 parties`: English's regular plural.
pub(crate) fn plural(n: i64, noun: &str) -> String {
    if n == 1 {
        return format!("1 {noun}");
    }
    let vowel_before_y = noun
        .chars()
        .rev()
        .nth(1)
        .is_some_and(|c| "aeiou".contains(c));
    let many = if ["s", "x", "z", "ch", "sh"]
        .iter()
        .any(|end| noun.ends_with(end))
    {
        format!("{noun}es")
    } else if noun.ends_with('y') && !vowel_before_y {
        format!("{}ies", &noun[..noun.len() - 1])
    } else {
        format!("{noun}s")
    };
    format!("{n} {many}")
}

/// The text with its first letter a capital.
fn capital(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

pub(super) fn register(engine: &mut Engine) {
    engine
        .register_fn("plural", plural)
        // `plural(2, "mouse", "mice")` for a noun that does not take an `s`.
        .register_fn("plural", |n: i64, one: &str, many: &str| {
            format!("{n} {}", if n == 1 { one } else { many })
        })
        .register_fn("capital", capital);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_capitals_read_as_english() {
        assert_eq!(plural(1, "card"), "1 card");
        assert_eq!(plural(0, "card"), "0 cards");
        assert_eq!(plural(3, "torch"), "3 torches");
        assert_eq!(plural(2, "party"), "2 parties");
        assert_eq!(plural(2, "key"), "2 keys");
        assert_eq!(capital("go berserk"), "Go berserk");
        assert_eq!(capital("éclair"), "Éclair");
        assert_eq!(capital(""), "");
    }
}
