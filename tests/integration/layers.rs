//! The layers of `src/` stay layers: at every folder level, the modules'
//! imports form no cycle (no two sibling modules depend on each other,
//! directly or through others). Read from the `crate::` and `super::` paths
//! in the source, which is enough for a crate that names its paths.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// A module by its path below the crate: `["script", "api", "cards"]`.
type ModPath = Vec<String>;

#[test]
fn sibling_modules_import_each_other_in_one_direction_only() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = modules_in(&src, &src);
    let modules: BTreeSet<ModPath> = files.keys().cloned().collect();
    let edges = sibling_edges(&files, &modules);
    let cycles = cycles_among(&edges);
    assert!(
        cycles.is_empty(),
        "modules that depend on each other (move what they share down a layer, or turn one \
         direction into a trait the lower one defines):\n{}",
        cycles.join("\n")
    );
}

#[test]
fn the_cycle_finder_finds_a_cycle_through_a_third_module() {
    let edge = |a: &str, b: &str| (vec![a.to_string()], vec![b.to_string()]);
    let mut edges = BTreeMap::new();
    edges.insert(
        Vec::new(),
        BTreeSet::from([
            edge("a", "b"),
            edge("b", "c"),
            edge("c", "a"),
            edge("c", "d"),
        ]),
    );
    let cycles = cycles_among(&edges);
    assert_eq!(cycles, vec!["crate: a → b → c → a".to_string()]);
    let text = "use super::{x, y};\nmod tests {\n    use super::*;\n}\n";
    let refs = references(text, &["m".to_string(), "n".to_string()]);
    assert_eq!(
        refs,
        vec![
            vec!["m".to_string(), "x".to_string()],
            vec!["m".to_string(), "y".to_string()],
            vec!["m".to_string(), "n".to_string()]
        ]
    );
}

/// Every `.rs` file under `dir` by its module path, with its text.
fn modules_in(root: &Path, dir: &Path) -> BTreeMap<ModPath, String> {
    let mut found = BTreeMap::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(modules_in(root, &path));
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let relative = path.strip_prefix(root).unwrap().with_extension("");
        let mut module: ModPath = relative
            .iter()
            .map(|part| part.to_string_lossy().into_owned())
            .collect();
        if matches!(
            module.last().map(String::as_str),
            Some("mod" | "lib" | "main")
        ) {
            module.pop();
        }
        found.insert(module, fs::read_to_string(&path).unwrap());
    }
    found
}

/// The absolute paths a file's text names through `crate::` and `super::`
/// (a `{a, b}` group gives one path per name; `super` inside an inline
/// `mod x {` means the file's own module).
fn references(text: &str, module: &[String]) -> Vec<ModPath> {
    let inline = inline_module_start(text);
    let mut found = Vec::new();
    for (at, prefix) in text
        .match_indices("crate::")
        .chain(text.match_indices("super::"))
    {
        let preceded = text[..at].chars().next_back();
        if preceded.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let mut base: ModPath = if prefix == "crate::" {
            Vec::new()
        } else {
            let mut parent = module.to_vec();
            if inline.is_none_or(|start| at < start) {
                parent.pop();
            }
            parent
        };
        let mut rest = &text[at + prefix.len()..];
        while let Some(more) = rest.strip_prefix("super::") {
            base.pop();
            rest = more;
        }
        found.extend(paths_from(base, rest));
    }
    found
}

/// Where the first inline `mod name {` begins: `super` below it is the file.
fn inline_module_start(text: &str) -> Option<usize> {
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let code = line.trim();
        let code = code.strip_prefix("pub(crate) ").unwrap_or(code);
        if code.starts_with("mod ") && code.ends_with('{') {
            return Some(at);
        }
        at += line.len();
    }
    None
}

/// `a::b::{c, d::e}` after a base: the paths it names.
fn paths_from(mut base: ModPath, rest: &str) -> Vec<ModPath> {
    let mut chars = rest.char_indices().peekable();
    while let Some(&(at, c)) = chars.peek() {
        if c == '{' {
            let inner = &rest[at + 1..];
            let end = inner.find('}').unwrap_or(inner.len());
            return inner[..end]
                .split(',')
                .map(|name| {
                    let first: String = name
                        .trim()
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    let mut path = base.clone();
                    if !first.is_empty() && first != "self" {
                        path.push(first);
                    }
                    path
                })
                .collect();
        }
        let word: String = rest[at..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if word.is_empty() {
            break;
        }
        base.push(word.clone());
        let after = at + word.len();
        if rest[after..].starts_with("::") {
            for _ in 0..word.len() + 2 {
                chars.next();
            }
        } else {
            break;
        }
    }
    vec![base]
}

/// For each folder level, the edges `a → b` between its child modules.
fn sibling_edges(
    files: &BTreeMap<ModPath, String>,
    modules: &BTreeSet<ModPath>,
) -> BTreeMap<ModPath, BTreeSet<(ModPath, ModPath)>> {
    let mut edges: BTreeMap<ModPath, BTreeSet<(ModPath, ModPath)>> = BTreeMap::new();
    for (module, text) in files {
        for target in references(text, module) {
            let shared = module
                .iter()
                .zip(&target)
                .take_while(|(a, b)| a == b)
                .count();
            if shared >= module.len() || shared >= target.len() {
                continue;
            }
            let from = module[..=shared].to_vec();
            let to = target[..=shared].to_vec();
            if modules.iter().any(|m| m.starts_with(&to)) {
                let level = module[..shared].to_vec();
                edges.entry(level).or_default().insert((from, to));
            }
        }
    }
    edges
}

/// Each cycle among siblings, once, as `level: a → b → a`.
fn cycles_among(edges: &BTreeMap<ModPath, BTreeSet<(ModPath, ModPath)>>) -> Vec<String> {
    let mut cycles = Vec::new();
    for (level, pairs) in edges {
        let mut next: BTreeMap<&ModPath, Vec<&ModPath>> = BTreeMap::new();
        for (from, to) in pairs {
            next.entry(from).or_default().push(to);
        }
        let mut seen_in_cycle: BTreeSet<&ModPath> = BTreeSet::new();
        for start in next.keys() {
            if seen_in_cycle.contains(start) {
                continue;
            }
            if let Some(path) = path_back(start, &next) {
                seen_in_cycle.extend(path.iter().copied());
                let names: Vec<String> = path
                    .iter()
                    .chain(std::iter::once(start))
                    .map(|m| m.last().cloned().unwrap_or_default())
                    .collect();
                let where_ = if level.is_empty() {
                    "crate".to_string()
                } else {
                    level.join("::")
                };
                cycles.push(format!("{where_}: {}", names.join(" → ")));
            }
        }
    }
    cycles
}

/// A path of modules from `start` that leads back to it, if there is one.
fn path_back<'a>(
    start: &'a ModPath,
    next: &BTreeMap<&'a ModPath, Vec<&'a ModPath>>,
) -> Option<Vec<&'a ModPath>> {
    let mut stack = vec![(start, vec![start])];
    let mut visited = BTreeSet::new();
    while let Some((at, path)) = stack.pop() {
        for &to in next.get(at).into_iter().flatten() {
            if to == start {
                return Some(path);
            }
            if visited.insert(to) {
                let mut longer = path.clone();
                longer.push(to);
                stack.push((to, longer));
            }
        }
    }
    None
}

#[test]
fn the_codemap_names_every_source_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let map = fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let files = modules_in(&root.join("src"), &root.join("src"));
    let mut missing = Vec::new();
    for module in files.keys() {
        let name = match module.last() {
            Some(last)
                if files
                    .keys()
                    .any(|m| m.len() > module.len() && m.starts_with(module)) =>
            {
                format!("{last}/")
            }
            Some(last) => format!("{last}.rs"),
            None => continue,
        };
        if !map.contains(&name) {
            missing.push(module.join("::"));
        }
    }
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md's codemap does not name: {missing:?}"
    );
}
