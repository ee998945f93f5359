//! `gamecheck = { version = "…", default-features = false }` is the library alone: its
//! normal dependency graph holds nothing only the binary uses, read from `cargo tree`.

use std::collections::BTreeSet;
use std::process::Command;

/// Packages only the `gamecheck` binary uses (feature `cli`).
const CLI_ONLY: [&str; 8] = [
    "anyhow",
    "clap",
    "clap-markdown",
    "clap_builder",
    "clap_complete",
    "clap_derive",
    "clap_mangen",
    "indicatif",
];

/// The names of the packages in gamecheck's normal dependency graph with `features`, or
/// `None` when cargo cannot resolve the graph offline.
fn normal_dependencies(features: &[&str]) -> Option<BTreeSet<String>> {
    let manifest = concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml");
    let out = Command::new(env!("CARGO"))
        .args([
            "tree",
            "--offline",
            "--manifest-path",
            manifest,
            "-p",
            "gamecheck",
        ])
        .args(["-e", "normal", "--prefix", "none", "--format", "{p}"])
        .args(features)
        .output()
        .expect("cargo runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        // Without a cached index (a fresh machine with no network) cargo cannot resolve;
        // any other failure is a broken manifest.
        assert!(
            ["offline", "network", "download", "failed to get"]
                .iter()
                .any(|word| stderr.contains(word)),
            "cargo tree failed: {stderr}"
        );
        eprintln!("skipped: cargo tree cannot run offline here: {stderr}");
        return None;
    }
    Some(
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter_map(|line| line.split_whitespace().next())
            .map(str::to_owned)
            .collect(),
    )
}

#[test]
fn library_alone_has_no_cli_dependency() {
    let (Some(library), Some(with_cli)) = (
        normal_dependencies(&["--no-default-features"]),
        normal_dependencies(&[]),
    ) else {
        return;
    };
    assert!(
        library.contains("gamecheck") && library.contains("gamecheck-oracles"),
        "{library:?}"
    );
    let leaked: Vec<&str> = CLI_ONLY.into_iter().filter(|p| library.contains(*p)).collect();
    assert!(leaked.is_empty(), "the library alone pulls in {leaked:?}");
    // The same reading finds them when the binary is built: the check above can fail.
    for package in ["clap", "clap_complete", "clap_mangen", "indicatif", "anyhow"] {
        assert!(with_cli.contains(package), "{package} missing from {with_cli:?}");
    }
    assert!(library.is_subset(&with_cli));
    eprintln!(
        "normal dependencies: {} with the default features, {} without",
        with_cli.len() - 1,
        library.len() - 1
    );
}
