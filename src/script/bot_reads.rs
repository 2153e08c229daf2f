//! Which of a variant's replaced rules its base's bot reads. A ruleset's
//! bot (`fn bot`, else `fn rate`) is written for its own rules; a variant
//! that replaces a function the bot calls, itself or through the functions
//! it calls, is played by a bot whose judgement was made for the rule it
//! replaced. `sim` and `check` say so, and point to the mc bot, which plays
//! every rule as written. A function of the bot's own part (a file with
//! no rule in it, as `NAME/bot.rhai`) is its judgement, not a rule: a
//! variant that replaces one teaches the bot its rule, and is not told.
//! The calls are read from the compiled program:
//! each function's calls by name, its method calls, and the functions it
//! names as text or as a function pointer (`Fn("name")`, a closure).

use super::functions::RuleFn;
use rhai::{ASTNode, Dynamic, Expr, FnPtr, Stmt, AST};
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// A replaced rule the bot reads, and the calls that lead there from the
/// bot (`rate → rate_placement → value_of`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Reading {
    pub function: String,
    /// The file of the variant that replaces it.
    pub replaced_in: String,
    /// The file that defines the bot.
    pub bot_in: String,
    pub path: Vec<String>,
}

/// The replaced rules that the bot of `functions` (the rule functions in
/// force, with their files) reads in `ast`; none where the bot is the
/// variant's own or there is no bot.
pub(crate) fn replaced_rules_read(ast: &AST, functions: &[(String, RuleFn)]) -> Vec<Reading> {
    let find = |name: &str, arity: usize| {
        functions
            .iter()
            .find(|(_, f)| f.name == name && f.params.len() == arity)
    };
    let Some((bot_in, bot)) = find("bot", 2).or_else(|| find("rate", 1)) else {
        return Vec::new();
    };
    // A variant that replaces its bot has written one for its own rules.
    if bot.replaces.is_some() {
        return Vec::new();
    }
    let graph = calls(ast);
    let mut came_from: BTreeMap<&str, &str> = BTreeMap::new();
    let mut queue = VecDeque::from([bot.name.as_str()]);
    let mut seen = BTreeSet::from([bot.name.as_str()]);
    while let Some(name) = queue.pop_front() {
        for next in graph.get(name).into_iter().flatten() {
            if seen.insert(next) {
                came_from.insert(next, name);
                queue.push_back(next);
            }
        }
    }
    // The bot's file holds no rule: it is the bot's own part.
    let bot_part = !functions.iter().any(|(file, f)| {
        (file == bot_in || f.replaces.as_ref() == Some(bot_in))
            && ENTRIES.contains(&f.name.as_str())
    });
    let mut readings = Vec::new();
    for (file, f) in functions {
        if f.replaces.is_none() || !seen.contains(f.name.as_str()) || f.name == bot.name {
            continue;
        }
        if bot_part && f.replaces.as_ref() == Some(bot_in) {
            continue;
        }
        let mut path = vec![f.name.clone()];
        let mut at = f.name.as_str();
        while let Some(from) = came_from.get(at) {
            path.push((*from).to_string());
            at = from;
        }
        path.reverse();
        readings.push(Reading {
            function: f.name.clone(),
            replaced_in: file.clone(),
            bot_in: bot_in.clone(),
            path,
        });
    }
    readings.sort_by_key(|r| r.path.len());
    readings.dedup_by(|a, b| a.function == b.function);
    readings
}

/// The functions a ruleset's game starts from, in either shape: a file
/// that defines one holds rules.
const ENTRIES: [&str; 5] = ["play", "setup", "begin", "options", "apply"];

/// Each script function's name, with the names it calls or points to.
fn calls(ast: &AST) -> BTreeMap<String, BTreeSet<String>> {
    let names: BTreeSet<String> = ast.iter_functions().map(|f| f.name.to_string()).collect();
    let mut graph = BTreeMap::new();
    for name in &names {
        // The functions of that name alone, so a walk reads only their
        // bodies. (`clone_functions_only_filtered` would keep them all:
        // Rhai filters only when merging into a module that has some.)
        let mut own = ast.clone_functions_only();
        own.retain_functions(|_, _, n, _| n == name.as_str());
        let mut called = BTreeSet::new();
        own.walk(&mut |path: &[ASTNode]| {
            let found = match path.last() {
                Some(
                    ASTNode::Expr(Expr::FnCall(call, _) | Expr::MethodCall(call, _))
                    | ASTNode::Stmt(Stmt::FnCall(call, _)),
                ) => Some(call.name.to_string()),
                Some(ASTNode::Expr(Expr::StringConstant(text, _))) => Some(text.to_string()),
                Some(ASTNode::Expr(Expr::DynamicConstant(value, _))) => pointed_to(value),
                _ => None,
            };
            if let Some(callee) = found.filter(|c| names.contains(c) && c != name) {
                called.insert(callee);
            }
            true
        });
        graph.insert(name.clone(), called);
    }
    graph
}

/// The function a constant function pointer names (a closure's, or
/// `Fn("name")` folded by the optimiser).
fn pointed_to(value: &Dynamic) -> Option<String> {
    value
        .read_lock::<FnPtr>()
        .map(|pointer| pointer.fn_name().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::functions::rule_functions;

    /// A base and a variant's functions, merged as a ruleset is: the
    /// variant's replace the base's of the same name.
    fn readings(base: &str, variant: &str) -> Vec<Reading> {
        in_files(&[("base.rhai", base)], variant)
    }

    /// The base's files (each a name and its text: a rulebook and its
    /// parts), then the variant's, merged as a ruleset is: the variant's
    /// functions replace the base's of the same name.
    fn in_files(base: &[(&str, &str)], variant: &str) -> Vec<Reading> {
        let engine = rhai::Engine::new();
        let mut ast = AST::empty();
        let mut functions: Vec<(String, RuleFn)> = Vec::new();
        for (file, text) in base {
            let file_ast = engine.compile(text).unwrap();
            functions.extend(
                rule_functions(&file_ast, text)
                    .into_iter()
                    .map(|f| ((*file).to_string(), f)),
            );
            ast = ast.merge(&file_ast);
        }
        let variant_ast = engine.compile(variant).unwrap();
        for mut f in rule_functions(&variant_ast, variant) {
            let arity = f.params.len();
            if let Some(at) = functions
                .iter()
                .position(|(_, g)| g.name == f.name && g.params.len() == arity)
            {
                f.replaces = Some(functions.remove(at).0);
            }
            functions.push(("house.rhai".into(), f));
        }
        replaced_rules_read(&ast.merge(&variant_ast), &functions)
    }

    const BASE: &str = "
        fn play() {}
        fn value_of(c) { c }
        fn damage(c) { c }
        fn worth(c) { value_of(c) * 2 }
        fn rate(m) { rated(m) }
        private fn rated(m) { let f = |x| worth(x); f.call(m) }
    ";

    #[test]
    fn a_replaced_rule_that_the_bot_reads_through_a_closure_is_found_with_its_path() {
        let found = readings(BASE, "fn value_of(c) { 11 }");
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].function, "value_of");
        assert_eq!(found[0].replaced_in, "house.rhai");
        assert_eq!(found[0].bot_in, "base.rhai");
        assert_eq!(found[0].path.first().map(String::as_str), Some("rate"));
        assert_eq!(found[0].path.last().map(String::as_str), Some("value_of"));
        assert!(found[0].path.contains(&"worth".to_string()), "{found:?}");
    }

    #[test]
    fn a_rule_the_bot_never_reads_or_a_bot_of_the_variants_own_is_not_found() {
        assert_eq!(readings(BASE, "fn damage(c) { 0 }"), []);
        assert_eq!(
            readings(BASE, "fn value_of(c) { 11 }\nfn rate(m) { 0 }"),
            []
        );
        assert_eq!(
            readings("fn play() {}\nfn value_of(c) { c }", "fn value_of(c) { 1 }"),
            []
        );
    }

    #[test]
    fn a_function_named_as_text_counts_as_read() {
        let base = "fn play() {}\nfn bot(q, o) { Fn(\"pick\").call(o) }\nfn pick(o) { 0 }";
        let found = readings(base, "fn pick(o) { 1 }");
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].path, ["bot", "pick"]);
    }

    #[test]
    fn a_variant_that_replaces_a_function_of_the_bots_own_part_teaches_the_bot() {
        let rules = "fn setup() {}\nfn fits(c, u) { c + 1 == u }\nfn options() { [] }";
        let bot = "fn rate(m) { if lies_well(m) { 0 } else { 1 } }\nfn lies_well(m) { fits(m, m) }";
        let files = [("base.rhai", rules), ("base/bot.rhai", bot)];
        // The bot's own judgement, replaced: the variant taught it.
        assert_eq!(in_files(&files, "fn lies_well(m) { false }"), []);
        // A rule the bot reads, replaced: told, as before.
        let found = in_files(&files, "fn fits(c, u) { c == u }");
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].path, ["rate", "lies_well", "fits"]);
        assert_eq!(found[0].bot_in, "base/bot.rhai");
    }
}
