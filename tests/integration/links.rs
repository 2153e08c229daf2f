//! The README and the guides link to one another and to files of the
//! repository: every such link must lead somewhere, so that moving a section
//! out of the README into docs/ leaves no reader at a dead end.

use std::fs;
use std::path::{Path, PathBuf};

/// The Markdown files a reader starts from: the README, ARCHITECTURE.md and
/// every guide in docs/ (the raw figures' folder has its own README).
fn pages(root: &Path) -> Vec<PathBuf> {
    let mut pages = vec![root.join("README.md"), root.join("ARCHITECTURE.md")];
    for entry in fs::read_dir(root.join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            pages.push(path);
        }
    }
    pages
}

/// The targets of the page's inline links and images, `[text](target)`,
/// less those that leave the repository (a scheme) or stay on the page.
fn local_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        let Some(end) = rest.find(')') else { break };
        let target = rest[..end].split('#').next().unwrap_or("");
        if !target.is_empty() && !target.contains("://") && !target.starts_with("mailto:") {
            targets.push(target.to_string());
        }
        rest = &rest[end..];
    }
    targets
}

#[test]
fn every_link_of_the_readme_and_the_guides_leads_to_a_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut dead = Vec::new();
    let mut count = 0;
    for page in pages(root) {
        let text = fs::read_to_string(&page).unwrap();
        for target in local_targets(&text) {
            count += 1;
            if !page.parent().unwrap().join(&target).exists() {
                dead.push(format!("{}: {target}", page.display()));
            }
        }
    }
    assert!(
        count > 20,
        "only {count} links found: is the reader broken?"
    );
    assert!(dead.is_empty(), "links to nothing:\n{}", dead.join("\n"));
}

#[test]
fn the_readme_names_every_shipped_ruleset_in_its_figures() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = fs::read_to_string(root.join("README.md")).unwrap();
    let figures = readme
        .split("\n## ")
        .find(|section| section.starts_with("Rulesets"))
        .expect("the README has a Rulesets section");
    for entry in fs::read_dir(root.join("games")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rhai") {
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            let rows = figures.matches(&format!("| `{name}` |")).count();
            assert_eq!(
                rows, 2,
                "`{name}` should have a row in both of the README's ruleset tables"
            );
        }
    }
}
