//! Imports point down: a module of the library names only modules of lower layers
//! (DEVELOPERS.md), read from the source as `crate::<module>`, code and doc links alike.
//! Inline test modules are left out: a test may build what it checks from above.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Each top-level module of `src/` with its layer; a module names only lower layers.
const LAYERS: &[(&str, u32)] = &[
    ("bench_report", 0),
    ("input", 0),
    ("json", 0),
    ("program", 0),
    ("progress", 0),
    ("runner", 0),
    ("shown", 0),
    ("tokens", 1),
    ("claim_lang", 1),
    ("problem", 2),
    ("game_trait", 3),
    ("budget", 3),
    ("check", 3),
    ("plot", 3),
    ("stress", 3),
    ("claims", 4),
    ("prove", 4),
    ("interactive", 4),
    ("game", 5),
    ("partizan", 5),
    ("games", 6),
    ("prelude", 6),
    ("cli", 7),
];

fn layer(module: &str) -> Option<u32> {
    LAYERS.iter().find(|(m, _)| *m == module).map(|&(_, l)| l)
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap_or_else(|e| panic!("{e}")).path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Returns the modules `text` names as `crate::<module>` or in `use crate::{…}`.
fn named(text: &str) -> BTreeSet<String> {
    let ident = |s: &str| {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect::<String>()
    };
    let mut out = BTreeSet::new();
    for (i, _) in text.match_indices("crate::") {
        let rest = &text[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // The group's own items, at depth 0: `{a::{b, c}, d}` names a and d.
            let (mut depth, mut start) = (0usize, 0);
            for (j, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        out.insert(ident(group[start..j].trim()));
                        break;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        out.insert(ident(group[start..j].trim()));
                        start = j + 1;
                    }
                    _ => {}
                }
            }
        } else {
            out.insert(ident(rest));
        }
    }
    out.remove("");
    out
}

/// Returns `text` without its inline test modules (`#[cfg(test)] mod … { … }`), by brace
/// depth: code after a test module is still read.
fn without_tests(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("#[cfg(test)]") {
        let after = rest[at + "#[cfg(test)]".len()..].trim_start();
        let first_line = after.split('\n').next().unwrap_or("").trim_end();
        if !after.starts_with("mod ") || first_line.ends_with(';') {
            out.push_str(&rest[..at + 1]);
            rest = &rest[at + 1..];
            continue;
        }
        out.push_str(&rest[..at]);
        let Some(open) = after.find('{') else {
            return out;
        };
        rest = &after[open + block_len(&after[open..])..];
    }
    out.push_str(rest);
    out
}

/// Returns the length of the block `code` starts with (at its `{`), counting only braces
/// of code: those in strings, character literals and line comments are skipped.
fn block_len(code: &str) -> usize {
    let bytes = code.as_bytes();
    let (mut depth, mut i) = (0usize, 0);
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            // A character literal ('{', '\'', '\u{7d}'); a lifetime ('a) has no closing quote.
            b'\'' => {
                let lit = &code[i + 1..];
                match lit.chars().next() {
                    Some('\\') => {
                        if let Some(k) = lit.get(2..).and_then(|t| t.find('\'')) {
                            i += 2 + k + 1;
                        }
                    }
                    Some(c) if lit[c.len_utf8()..].starts_with('\'') => i += c.len_utf8() + 1,
                    _ => {}
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'{' => depth += 1,
            b'}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    code.len()
}

#[test]
fn every_module_names_only_lower_layers() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut unlisted = BTreeSet::new();
    let mut upward = Vec::new();
    for file in files {
        let rel = file.strip_prefix(&src).unwrap_or(&file);
        let top = rel
            .components()
            .next()
            .map(|c| c.as_os_str().to_string_lossy().into_owned());
        let top = top.as_deref().unwrap_or("").trim_end_matches(".rs").to_owned();
        if top == "lib" || top == "main" {
            continue;
        }
        let Some(own) = layer(&top) else {
            unlisted.insert(top);
            continue;
        };
        let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        for module in named(&without_tests(&text)) {
            if module == top {
                continue;
            }
            match layer(&module) {
                Some(l) if l >= own => upward.push(format!("{} names {module}", rel.display())),
                _ => {}
            }
        }
    }
    assert!(
        unlisted.is_empty(),
        "modules without a layer in LAYERS: {unlisted:?}"
    );
    assert!(
        upward.is_empty(),
        "imports that do not point down:\n{}",
        upward.join("\n")
    );
}

#[test]
fn the_scan_sees_an_upward_import_and_a_grouped_one() {
    let text = "use crate::{games, shown::{escaped, Shown}, claims};\n/// [`P`](crate::prove::P)\n#[cfg(test)]\nmod tests {\n    use crate::cli;\n    fn f<'a>(x: &'a str) { if '}' != '\\'' && '\\u{7b}' != '{' { crate::json::x(); } } // }\n    const S: &str = \"}\";\n}\nuse crate::stress::Run;\n";
    let seen = named(&without_tests(text));
    // The nested group does not hide `claims`; the test module's `cli` and `json` are
    // left out; the code after it is read.
    assert_eq!(
        seen,
        ["claims", "games", "prove", "shown", "stress"]
            .map(String::from)
            .into_iter()
            .collect()
    );
}

/// Returns the items `text` names through `prefix` (`super::`, `crate::stress::`): the
/// first word after it, or each word of a group `{a, b::c}` at its depth.
fn named_after(text: &str, prefix: &str) -> BTreeSet<String> {
    let ident = |s: &str| {
        s.trim()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect::<String>()
    };
    let mut out = BTreeSet::new();
    for (i, _) in text.match_indices(prefix) {
        let rest = &text[i + prefix.len()..];
        match rest.strip_prefix('{') {
            Some(group) => {
                let end = group.find('}').unwrap_or(group.len());
                out.extend(group[..end].split(',').map(ident));
            }
            None => {
                out.insert(ident(rest));
            }
        }
    }
    out.remove("");
    out
}

/// Returns the import edges between the files of `src/<folder>`: a file names another by
/// its module name, or by an item `mod.rs` re-exports from it (`pub use run::{Limits}`);
/// any other item of the folder's `mod.rs` is an edge to `mod`. `mod.rs` itself declares
/// every file, so a file that takes anything from it closes a circle.
fn folder_edges(folder: &str) -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(folder);
    let mut files = Vec::new();
    rust_files(&dir, &mut files);
    let name = |p: &Path| {
        p.file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    let modules: BTreeSet<String> = files.iter().map(|p| name(p)).collect();
    let root = std::fs::read_to_string(dir.join("mod.rs")).unwrap_or_default();
    // Items `mod.rs` re-exports, by the file they come from.
    let mut owner = std::collections::BTreeMap::new();
    for line in root.lines() {
        let line = line.trim();
        let Some(rest) = line
            .strip_prefix("pub use ")
            .or_else(|| line.strip_prefix("pub(crate) use "))
        else {
            continue;
        };
        let Some((module, items)) = rest.split_once("::") else {
            continue;
        };
        if !modules.contains(module) {
            continue;
        }
        let items = items
            .trim_end_matches(';')
            .trim_start_matches('{')
            .trim_end_matches('}');
        for item in items.split(',') {
            let item = item.split(" as ").last().unwrap_or("").trim();
            owner.insert(item.to_owned(), module.to_owned());
        }
    }
    let mut edges = Vec::new();
    for file in &files {
        let from = name(file);
        if from == "mod" {
            edges.extend(
                modules
                    .iter()
                    .filter(|m| *m != "mod")
                    .map(|m| ("mod".to_owned(), m.clone())),
            );
            continue;
        }
        let text = without_tests(&std::fs::read_to_string(file).unwrap_or_default());
        let mut names = named_after(&text, "super::");
        names.extend(named_after(&text, &format!("crate::{folder}::")));
        for item in names {
            let to = if modules.contains(&item) {
                item
            } else {
                owner.get(&item).cloned().unwrap_or_else(|| "mod".to_owned())
            };
            if to != from {
                edges.push((from.clone(), to));
            }
        }
    }
    edges
}

/// Returns a circle of `edges`, if there is one.
fn circle(edges: &[(String, String)]) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        edges: &[(String, String)],
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut found = path[at..].to_vec();
            found.push(node.to_owned());
            return Some(found);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_owned());
        for (_, to) in edges.iter().filter(|(from, _)| from == node) {
            if let Some(found) = visit(to, edges, path, done) {
                return Some(found);
            }
        }
        path.pop();
        done.insert(node.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    edges
        .iter()
        .find_map(|(from, _)| visit(from, edges, &mut Vec::new(), &mut done))
}

#[test]
fn the_files_of_the_stress_engine_import_in_no_circle() {
    let edges = folder_edges("stress");
    assert!(edges.len() > 10, "the scan found the engine's imports: {edges:?}");
    assert_eq!(circle(&edges), None);
}

#[test]
fn the_circle_scan_sees_a_file_that_takes_from_its_mod_rs() {
    let edges =
        [("mod", "run"), ("run", "mod"), ("run", "reaper")].map(|(a, b)| (a.to_owned(), b.to_owned()));
    assert_eq!(
        circle(&edges),
        Some(vec!["mod".to_owned(), "run".to_owned(), "mod".to_owned()])
    );
    let text = "use super::{run::Limits, StressError};\nuse crate::stress::judge::Verdict;";
    assert_eq!(
        named_after(text, "super::"),
        ["StressError", "run"].map(String::from).into_iter().collect()
    );
}
