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
    ("units", 0),
    ("tokens", 1),
    ("claim_lang", 1),
    ("problem", 2),
    ("game_trait", 4),
    ("budget", 3),
    ("check", 4),
    ("plot", 4),
    ("stress", 4),
    ("claims", 5),
    ("prove", 5),
    ("interactive", 5),
    ("game", 6),
    ("partizan", 6),
    ("games", 7),
    ("setters", 7),
    ("prelude", 7),
    ("cli", 8),
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
    named_after(text, "crate::")
}

/// Returns the names `text` puts right after `prefix` (`super::x`, `super::{x, y::z}`).
fn named_after(text: &str, prefix: &str) -> BTreeSet<String> {
    let ident = |s: &str| {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect::<String>()
    };
    let mut out = BTreeSet::new();
    for (i, _) in text.match_indices(prefix) {
        let rest = &text[i + prefix.len()..];
        // `super::super::x` is read by its own prefix, not as `super::super`.
        if prefix == "super::" && (text[..i].ends_with("super::") || rest.starts_with("super::")) {
            continue;
        }
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

/// Returns the circles among the files of the folder `src/<folder>`: each file (or
/// subfolder) is a module, and it names a sibling as `super::x` (from `x/…`,
/// `super::super::x`) or `crate::<folder>::x`. A name reached only through the folder's
/// re-exports is not seen.
fn circles_in(folder: &str) -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(folder);
    let mut files = Vec::new();
    rust_files(&dir, &mut files);
    let module_of = |file: &Path| {
        let rel = file.strip_prefix(&dir).unwrap_or(file);
        let first = rel
            .components()
            .next()
            .map(|c| c.as_os_str().to_string_lossy().into_owned());
        first.unwrap_or_default().trim_end_matches(".rs").to_owned()
    };
    let modules: BTreeSet<String> = files
        .iter()
        .map(|f| module_of(f))
        .filter(|m| m != "mod")
        .collect();
    let mut edges: BTreeSet<(String, String)> = BTreeSet::new();
    for file in &files {
        let own = module_of(file);
        if own == "mod" {
            continue;
        }
        let text = without_tests(
            &std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display())),
        );
        let depth = file.strip_prefix(&dir).map_or(1, |r| r.components().count());
        let up = if depth <= 1 || file.ends_with("mod.rs") && depth == 2 {
            "super::"
        } else {
            "super::super::"
        };
        let names = named_after(&text, up)
            .into_iter()
            .chain(named_after(&text, &format!("crate::{folder}::")));
        for name in names {
            if name != own && modules.contains(&name) {
                edges.insert((own.clone(), name));
            }
        }
    }
    // A circle is an edge a → b with a path back from b to a.
    let reaches = |from: &str, to: &str| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.to_owned()];
        while let Some(m) = stack.pop() {
            if m == to {
                return true;
            }
            if seen.insert(m.clone()) {
                stack.extend(edges.iter().filter(|(a, _)| *a == m).map(|(_, b)| b.clone()));
            }
        }
        false
    };
    edges
        .iter()
        .filter(|(a, b)| reaches(b, a))
        .map(|(a, b)| format!("src/{folder}: {a} names {b}, and {b} leads back to {a}"))
        .collect()
}

#[test]
fn the_files_of_the_engines_form_no_circle() {
    let circles: Vec<String> = ["game", "stress"].iter().flat_map(|f| circles_in(f)).collect();
    assert!(
        circles.is_empty(),
        "import circles between files:\n{}",
        circles.join("\n")
    );
}

#[test]
fn the_scan_reads_a_files_siblings() {
    let seen = named_after(
        "use super::{problem::GameProblem, Game};\nsuper::super::x::y();\n",
        "super::",
    );
    assert_eq!(seen, BTreeSet::from(["problem".to_owned(), "Game".to_owned()]));
    let deeper = named_after("super::super::x::y();", "super::super::");
    assert_eq!(deeper, BTreeSet::from(["x".to_owned()]));
}
