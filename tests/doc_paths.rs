//! The map is true: every path of the workspace that the README, DEVELOPERS.md or a page of
//! `docs/` names (`src/…`, `oracles/…`, `examples/…`, `tests/…`, `benches/…`) exists, at the
//! root or inside an example crate (whose pages name its own `src/bin/…`). A file moved
//! or deleted without its docs fails here.

use std::path::{Path, PathBuf};

const PREFIXES: &[&str] = &["src/", "oracles/", "examples/", "tests/", "benches/"];

/// Paths a documented command creates, so they exist only after it runs.
const CREATED_BY_A_COMMAND: &[&str] = &["src/bin/second.rs"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn pages() -> Vec<PathBuf> {
    let mut pages = vec![root().join("README.md"), root().join("DEVELOPERS.md")];
    let mut dirs = vec![root().join("docs")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("docs/ is readable") {
            let path = entry.expect("a docs/ entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                pages.push(path);
            }
        }
    }
    pages
}

/// The path-like words of `text` that start with a workspace folder: split at every
/// character that cannot be in a path, so `target/release/examples/cf` or
/// `old/src/x.cc` (another tree's path) is one word that starts elsewhere.
fn named_paths(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || "_./*-".contains(c)))
        .filter(|w| PREFIXES.iter().any(|p| w.starts_with(p)))
        .map(|w| w.trim_end_matches(['.', ',', ':', '-']).to_string())
        .collect()
}

/// Whether `path` names something below `base`; a `*` in a component matches any run of
/// characters there (`src/games/*/mod.rs`, `oracles/src/moore_*.rs`).
fn exists_below(base: &Path, path: &str) -> bool {
    let mut here = vec![base.to_path_buf()];
    for part in path.split('/').filter(|p| !p.is_empty()) {
        here = match part.split_once('*') {
            None => here.iter().map(|d| d.join(part)).filter(|p| p.exists()).collect(),
            Some((head, tail)) => here
                .iter()
                .filter_map(|d| std::fs::read_dir(d).ok())
                .flat_map(|entries| entries.flatten())
                .filter(|e| {
                    let name = e.file_name().to_string_lossy().into_owned();
                    name.len() >= head.len() + tail.len() && name.starts_with(head) && name.ends_with(tail)
                })
                .map(|e| e.path())
                .collect(),
        };
    }
    !here.is_empty()
}

fn exists(path: &str) -> bool {
    let root = root();
    exists_below(&root, path)
        || std::fs::read_dir(root.join("examples")).is_ok_and(|crates| {
            crates
                .flatten()
                .any(|c| c.path().is_dir() && exists_below(&c.path(), path))
        })
}

#[test]
fn every_path_the_docs_name_exists() {
    let mut missing = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(&page).expect("a page is UTF-8");
        for (number, line) in text.lines().enumerate() {
            for path in named_paths(line) {
                if !CREATED_BY_A_COMMAND.contains(&path.as_str()) && !exists(&path) {
                    let page = page.strip_prefix(root()).unwrap_or(&page).display();
                    missing.push(format!("{page}:{}: {path}", number + 1));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "the docs name paths that do not exist:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_scan_finds_a_stale_path_and_passes_over_other_trees() {
    let named = named_paths("see `src/chopsticks/rule.rs`, old/src/a.cc and target/release/examples/cf.");
    assert_eq!(named, ["src/chopsticks/rule.rs"]);
    assert!(!exists("src/chopsticks/rule.rs"));
    assert!(exists("src/games/chopsticks/rule.rs"));
    assert!(exists("oracles/src/moore_*.rs"));
    assert!(exists("src/games/*/mod.rs"));
    assert!(!exists("src/games/*/no_such_file.rs"));
    assert!(exists("src/bin/euclid-game.rs"), "an example crate's own path");
}
