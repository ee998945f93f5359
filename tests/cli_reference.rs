//! docs/cli.md's reference is what the argument parser says: the part after its marker line
//! is `gamecheck man --markdown`, so a flag added, renamed or described anew shows there.

#![cfg(feature = "cli")]

use crate::common::gamecheck;

/// The line after which docs/cli.md is generated.
const MARKER: &str = "<!-- generated: gamecheck man --markdown -->";

#[test]
fn cli_reference_in_docs_is_the_parsers() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/cli.md");
    let page = std::fs::read_to_string(&path).expect("docs/cli.md is readable");
    let out = gamecheck(&["man", "--markdown"], "");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let generated = String::from_utf8(out.stdout).expect("utf-8 reference");
    assert!(generated.contains("## `gamecheck stress`"), "{generated}");
    let Some((_, committed)) = page.split_once(&format!("{MARKER}\n")) else {
        panic!("docs/cli.md has no line `{MARKER}`");
    };
    if committed != generated {
        if std::env::var_os("GAMECHECK_BLESS").is_some() {
            let head = &page[..page.len() - committed.len()];
            std::fs::write(&path, format!("{head}{generated}")).expect("docs/cli.md is writable");
            return;
        }
        panic!(
            "docs/cli.md's reference differs from `gamecheck man --markdown`; regenerate it with \
             GAMECHECK_BLESS=1 cargo test --test integration cli_reference::"
        );
    }
}
