//! The rule functions a script defines, as a person reads them: name,
//! parameters, the line they start on and the first line of the comment
//! above them. `delve source --functions` lists them; loading a variant
//! checks that each of its public functions replaces one of its base.

use rhai::{FnAccess, AST};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleFn {
    pub name: String,
    pub params: Vec<String>,
    /// `private fn`: a helper of its own file, replacing nothing.
    pub private: bool,
    /// 1-based line of the `fn`, 0 when not found in the text.
    pub line: usize,
    /// The first line of the `//` comment right above the function.
    pub summary: String,
    /// In a variant: the file whose function of this name it replaces.
    pub replaces: Option<String>,
    /// The functions it calls as `base::NAME` (the ones it replaced).
    pub calls_base: Vec<String>,
}

impl RuleFn {
    /// `name(a, b)`, as a person would call it.
    pub fn signature(&self) -> String {
        format!("{}({})", self.name, self.params.join(", "))
    }
}

/// The functions of one compiled file, in the order they appear in its text.
pub(crate) fn rule_functions(ast: &AST, text: &str) -> Vec<RuleFn> {
    let lines: Vec<&str> = text.lines().collect();
    let mut functions: Vec<RuleFn> = ast
        .iter_functions()
        // Closures are compiled to functions named `anon$…`: not rules.
        .filter(|f| !f.name.starts_with("anon$"))
        .map(|f| {
            let line = definition_line(&lines, f.name, f.params.len()).unwrap_or(0);
            RuleFn {
                name: f.name.to_string(),
                params: f
                    .params
                    .iter()
                    .map(std::string::ToString::to_string)
                    .collect(),
                private: f.access == FnAccess::Private,
                line,
                summary: comment_above(&lines, line),
                replaces: None,
                calls_base: Vec::new(),
            }
        })
        .collect();
    functions.sort_by_key(|f| f.line);
    functions
}

/// The line that defines `fn name` with `arity` parameters.
fn definition_line(lines: &[&str], name: &str, arity: usize) -> Option<usize> {
    lines
        .iter()
        .position(|line| {
            let rest = line.trim_start();
            let rest = rest.strip_prefix("private ").unwrap_or(rest).trim_start();
            let Some(rest) = rest.strip_prefix("fn ") else {
                return false;
            };
            let Some(rest) = rest.trim_start().strip_prefix(name) else {
                return false;
            };
            let Some(params) = rest.trim_start().strip_prefix('(') else {
                return false;
            };
            let params = params.split(')').next().unwrap_or("");
            let count = params.split(',').filter(|p| !p.trim().is_empty()).count();
            count == arity
        })
        .map(|i| i + 1)
}

/// The first sentence of the block of `//` lines that ends right above
/// `line`, cut to a line's length.
fn comment_above(lines: &[&str], line: usize) -> String {
    const LONGEST: usize = 90;
    if line < 2 {
        return String::new();
    }
    let above = &lines[..line - 1];
    let block = above
        .iter()
        .rev()
        .take_while(|l| l.trim_start().starts_with("//"))
        .count();
    let words: Vec<&str> = above[above.len() - block..]
        .iter()
        // A variant's `// extends: BASE` line says nothing of the function.
        .filter(|l| {
            !l.trim_start()
                .trim_start_matches('/')
                .trim_start()
                .starts_with("extends:")
        })
        .flat_map(|l| l.trim_start().trim_start_matches('/').split_whitespace())
        .collect();
    let mut text = String::new();
    for word in words {
        if !text.is_empty() {
            text.push(' ');
        }
        text += word;
        if word.ends_with('.') || word.ends_with(':') && text.len() > LONGEST / 2 {
            break;
        }
    }
    if text.chars().count() > LONGEST {
        text = text.chars().take(LONGEST - 1).collect::<String>() + "…";
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_function_has_its_line_and_the_first_line_of_its_comment() {
        let text = "title(\"x\");\n\n// Setup: deal the\n// cards. More detail.\nfn setup() {}\n\nfn turn(n) { n }\n// A helper.\nprivate fn helper(a, b) {}\n";
        let ast = rhai::Engine::new().compile(text).unwrap();
        let functions = rule_functions(&ast, text);
        let shown: Vec<(String, usize, &str, bool)> = functions
            .iter()
            .map(|f| (f.signature(), f.line, f.summary.as_str(), f.private))
            .collect();
        assert_eq!(
            shown,
            [
                ("setup()".to_string(), 5, "Setup: deal the cards.", false),
                ("turn(n)".to_string(), 7, "", false),
                ("helper(a, b)".to_string(), 9, "A helper.", true),
            ]
        );
    }
}
