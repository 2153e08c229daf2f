//! `base::NAME(args)` in a variant: a call of the function NAME that the
//! variant replaced (in a variant of a variant, the one in force below it).
//! Rhai has no such call, so before a variant compiles, each `base::NAME`
//! in its code (not in strings or comments) becomes `baseN_NAME`, a name of
//! the same length, so every place in the file stays where the author
//! wrote it; and before the variant merges over what lies below it, each
//! function NAME in force there is copied under that name.

use super::functions::RuleFn;
use anyhow::{bail, Result};
use rhai::{ASTNode, Expr, Module, ScriptFuncDef, Stmt, AST};
use std::collections::BTreeSet;

const PREFIX: &str = "base::";

/// One `base::NAME` in a script's code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct BaseCall {
    pub name: String,
    /// 1-based line and column of `base::`.
    pub line: usize,
    pub column: usize,
    /// How many arguments it is called with, once the file has compiled
    /// (`arguments`); `None` where it is no call.
    pub args: Option<usize>,
}

/// The name `base::NAME` stands for in the file at `level` (0 is the
/// ruleset at the bottom; it has no base, so levels start at 1).
pub(crate) fn mangled(level: usize, name: &str) -> String {
    format!("base{level}_{name}")
}

/// `base3_defeat` back into `base::defeat`, wherever it stands in `text`.
pub(crate) fn demangle(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        let starts_word = i == 0 || !is_ident(bytes[i - 1]);
        if starts_word
            && text[i..].starts_with("base")
            && bytes.get(i + 4).is_some_and(u8::is_ascii_digit)
            && bytes.get(i + 5) == Some(&b'_')
            && bytes.get(i + 6).is_some_and(|&b| is_ident(b))
        {
            out.push_str(PREFIX);
            i += 6;
            continue;
        }
        let c = text[i..].chars().next().expect("in bounds");
        out.push(c);
        i += c.len_utf8();
    }
    out
}

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The text with every `base::NAME` of its code renamed for `level`, and
/// the calls found. Strings, characters and comments are left alone, but
/// the code inside a backtick string's `${…}` is code.
pub(crate) fn rewrite(text: &str, level: usize) -> (String, Vec<BaseCall>) {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut calls = Vec::new();
    let (mut line, mut column) = (1, 1);
    // Where the scan is: code (with its open braces), or a backtick string;
    // code inside `${…}` sits on top of the string it interpolates.
    let mut modes = vec![Mode::Code(0)];
    let mut i = 0;
    while i < bytes.len() {
        let rest = &text[i..];
        let nested = modes.len() > 1;
        let mode = modes.last_mut().expect("the outermost code stays");
        let skip = match mode {
            Mode::Backtick => {
                if rest.starts_with('\\') {
                    rest.chars().take(2).map(char::len_utf8).sum()
                } else if rest.starts_with('`') {
                    modes.pop();
                    1
                } else if rest.starts_with("${") {
                    modes.push(Mode::Code(0));
                    2
                } else {
                    rest.chars().next().map_or(1, char::len_utf8)
                }
            }
            Mode::Code(depth) => {
                if rest.starts_with("//") {
                    rest.find('\n').unwrap_or(rest.len())
                } else if let Some(comment) = rest.strip_prefix("/*") {
                    comment.find("*/").map_or(rest.len(), |end| end + 4)
                } else if let Some(quote @ (b'"' | b'\'')) = rest.bytes().next() {
                    literal_length(rest, quote)
                } else if rest.starts_with('`') {
                    modes.push(Mode::Backtick);
                    1
                } else if rest.starts_with('{') {
                    *depth += 1;
                    1
                } else if rest.starts_with('}') {
                    if *depth == 0 && nested {
                        modes.pop();
                    } else {
                        *depth = depth.saturating_sub(1);
                    }
                    1
                } else {
                    0
                }
            }
        };
        if skip > 0 {
            for c in rest[..skip].chars() {
                (line, column) = advance(line, column, c);
            }
            out.push_str(&rest[..skip]);
            i += skip;
            continue;
        }
        let starts_word = i == 0 || !is_ident(bytes[i - 1]);
        if starts_word && rest.starts_with(PREFIX) {
            let name: String = rest[PREFIX.len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                calls.push(BaseCall {
                    name: name.clone(),
                    line,
                    column,
                    args: None,
                });
                let renamed = mangled(level, &name);
                // `base::` and `baseN_` are both six characters.
                debug_assert_eq!(renamed.len(), PREFIX.len() + name.len());
                out.push_str(&renamed);
                i += renamed.len();
                column += renamed.len();
                continue;
            }
        }
        let c = rest.chars().next().expect("in bounds");
        out.push(c);
        (line, column) = advance(line, column, c);
        i += c.len_utf8();
    }
    (out, calls)
}

/// What `rewrite` is reading.
enum Mode {
    /// Code, with how many of its own braces are open.
    Code(usize),
    /// The text of a backtick string.
    Backtick,
}

fn advance(line: usize, column: usize, c: char) -> (usize, usize) {
    if c == '\n' {
        (line + 1, 1)
    } else {
        (line, column + 1)
    }
}

/// The length of the string or character literal `rest` starts with,
/// escapes included (all of `rest` when it is never closed).
fn literal_length(rest: &str, quote: u8) -> usize {
    let bytes = rest.as_bytes();
    let mut i = 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b if b == quote => return i + 1,
            _ => i += 1,
        }
    }
    rest.len()
}

/// Fills in each call's number of arguments from the compiled file, whose
/// `baseN_NAME` calls stand where the author wrote `base::NAME`.
pub(crate) fn count_arguments(ast: &AST, level: usize, calls: &mut [BaseCall]) {
    let prefix = mangled(level, "");
    let mut found: Vec<(usize, usize, usize)> = Vec::new();
    ast.walk(&mut |path: &[ASTNode]| {
        let call = match path.last() {
            Some(
                ASTNode::Expr(Expr::FnCall(call, position))
                | ASTNode::Stmt(Stmt::FnCall(call, position)),
            ) => Some((call, position)),
            _ => None,
        };
        if let Some((call, position)) = call {
            if let (true, Some(line), Some(column)) = (
                call.name.starts_with(&prefix),
                position.line(),
                position.position(),
            ) {
                found.push((line, column, call.args.len()));
            }
        }
        true
    });
    for call in calls.iter_mut() {
        call.args = found
            .iter()
            .find(|(line, column, _)| (*line, *column) == (call.line, call.column))
            .map(|(_, _, args)| *args);
    }
}

/// Makes what the file at `level` calls through `base::` exist: each
/// function NAME of `below` (every arity) copied as `baseN_NAME`; with the
/// copies, each copy's name and the name it copies (for placing errors in
/// the file that defines it). A file with no base, a NAME that nothing
/// below defines (`own`, the file's functions, tells a helper of its own),
/// or a call with a number of arguments no NAME below takes is a load error.
pub(crate) fn provide(
    below: &AST,
    calls: &[BaseCall],
    level: usize,
    origin: &str,
    own: &[RuleFn],
) -> Result<(AST, Vec<(String, String)>)> {
    let mut copied = Vec::new();
    let mut module = Module::new();
    let mut done: BTreeSet<&str> = BTreeSet::new();
    for call in calls {
        let place = format!("{origin}:{}:{}", call.line, call.column);
        if level == 0 {
            bail!(
                "{place}: `base::{}` calls the rule a variant replaced, but this ruleset \
                 extends none (a variant names its base on a first line `// extends: NAME`)",
                call.name
            );
        }
        let found: Vec<&rhai::Shared<ScriptFuncDef>> = below
            .iter_fn_def()
            .filter(|f| f.name == call.name.as_str())
            .collect();
        if found.is_empty() {
            bail!(
                "{place}: `base::{}`: {}",
                call.name,
                missing(below, &call.name, own)
            );
        }
        if let Some(given) = call.args {
            if !found.iter().any(|f| f.params.len() == given) {
                bail!(
                    "{place}: `base::{}` takes {}; {given} given",
                    call.name,
                    parameters(&found)
                );
            }
        }
        if !done.insert(&call.name) {
            continue;
        }
        let name = mangled(level, &call.name);
        for f in found {
            let mut copy = ScriptFuncDef::clone(f);
            copy.name = name.as_str().into();
            module.set_script_fn(copy);
        }
        copied.push((name, call.name.clone()));
    }
    Ok((AST::new_from_module(module), copied))
}

/// What the functions of one name take: `1 argument (card)`, or each
/// arity in turn, `1 argument (a) or 2 arguments (a, b)`.
fn parameters(found: &[&rhai::Shared<ScriptFuncDef>]) -> String {
    let mut arities: Vec<&rhai::Shared<ScriptFuncDef>> = found.to_vec();
    arities.sort_by_key(|f| f.params.len());
    let each: Vec<String> = arities
        .iter()
        .map(|f| {
            let n = f.params.len();
            let names: Vec<&str> = f.params.iter().map(rhai::ImmutableString::as_str).collect();
            format!(
                "{n} argument{} ({})",
                if n == 1 { "" } else { "s" },
                names.join(", ")
            )
        })
        .collect();
    each.join(" or ")
}

/// What to say when the base has no function of that name: the file's
/// own function of that name is called without `base::`; else the
/// nearest name below.
fn missing(below: &AST, name: &str, own: &[RuleFn]) -> String {
    match own.iter().find(|f| f.name == name) {
        Some(f) if f.private => format!(
            "`{name}` is this variant's own `private fn {}`, not a rule of the base: \
             call it as `{name}(…)`, without `base::`",
            f.signature()
        ),
        Some(f) => format!(
            "the base has no function `{name}`: it is this variant's own `fn {}`, \
             called as `{name}(…)`, without `base::`",
            f.signature()
        ),
        None => nearest(below, name),
    }
}

/// What to say when the base has no function of that name.
fn nearest(below: &AST, name: &str) -> String {
    let names: Vec<String> = below
        .iter_functions()
        .map(|f| f.name.to_string())
        .filter(|n| !n.starts_with("anon$") && !n.starts_with("base"))
        .collect();
    let best = names.iter().max_by(|a, b| {
        crate::script::suggest::likeness(name, a)
            .total_cmp(&crate::script::suggest::likeness(name, b))
    });
    match best {
        Some(best) if crate::script::suggest::likeness(name, best) > 0.7 => {
            format!("the base has no function `{name}`: did you mean `base::{best}`?")
        }
        _ => format!("the base has no function `{name}`"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_calls_keep_their_places_and_strings_and_comments_are_left_alone() {
        let text =
            "fn f(c) {\n  let s = \"base::no\"; // base::no\n  base::defeat(c) + mybase::x()\n}";
        let (out, calls) = rewrite(text, 2);
        assert_eq!(
            out,
            "fn f(c) {\n  let s = \"base::no\"; // base::no\n  base2_defeat(c) + mybase::x()\n}"
        );
        assert_eq!(
            calls,
            [BaseCall {
                name: "defeat".into(),
                line: 3,
                column: 3,
                args: None,
            }]
        );
        assert_eq!(demangle("in base2_defeat() at x"), "in base::defeat() at x");
        assert_eq!(demangle("database1_x"), "database1_x");
        let text =
            "fn label(m) { `(${ if true { base::label(m) } else { \"base::x\" } }) base::no` }";
        let (out, calls) = rewrite(text, 1);
        assert_eq!(
            out,
            "fn label(m) { `(${ if true { base1_label(m) } else { \"base::x\" } }) base::no` }"
        );
        assert_eq!(calls.len(), 1);
    }
}
