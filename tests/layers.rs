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
            let inner = group.split('}').next().unwrap_or("");
            out.extend(inner.split(',').map(|part| ident(part.trim())));
        } else {
            out.insert(ident(rest));
        }
    }
    out
}

/// Returns `text` up to its first inline test module.
fn without_tests(text: &str) -> &str {
    let mut from = 0;
    while let Some(i) = text[from..].find("#[cfg(test)]") {
        let at = from + i;
        let after = text[at + "#[cfg(test)]".len()..].trim_start();
        if after.starts_with("mod ") && !after.split('\n').next().unwrap_or("").trim_end().ends_with(';') {
            return &text[..at];
        }
        from = at + 1;
    }
    text
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
        for module in named(without_tests(&text)) {
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
    let text = "use crate::{games, shown::escaped};\n/// [`P`](crate::prove::P)\n#[cfg(test)]\nmod tests {\n    use crate::cli;\n}\n";
    let seen = named(without_tests(text));
    assert_eq!(
        seen,
        ["games", "prove", "shown"]
            .map(String::from)
            .into_iter()
            .collect()
    );
}
