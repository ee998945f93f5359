//! Both crates can be packaged for crates.io: `cargo package` accepts them (versions on
//! the path dependencies), the metadata crates.io shows is there, and the package holds
//! the licences and the README but none of the internal files.

use std::process::{Command, Output};

const MANIFEST: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml");

/// Runs cargo offline; `None` when it cannot resolve without the network.
fn cargo(args: &[&str]) -> Option<Output> {
    let out = Command::new(env!("CARGO"))
        .args(args)
        .args(["--offline", "--manifest-path", MANIFEST])
        .output()
        .expect("cargo runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success()
        && ["offline", "network", "download", "failed to get"]
            .iter()
            .any(|word| stderr.contains(word))
    {
        eprintln!("skipped: cargo {args:?} cannot run offline here: {stderr}");
        return None;
    }
    assert!(out.status.success(), "cargo {args:?}: {stderr}");
    Some(out)
}

#[test]
fn both_crates_package_with_their_licences_and_without_internal_files() {
    let target = std::env::temp_dir().join(format!("gamecheck-package-{}", std::process::id()));
    let target = target.to_str().expect("utf-8 temp dir");
    let package = [
        "package",
        "-p",
        "gamecheck",
        "-p",
        "gamecheck-oracles",
        "--no-verify",
        "--allow-dirty",
        "--target-dir",
        target,
    ];
    if cargo(&package).is_none() {
        return;
    }
    for name in ["gamecheck", "gamecheck-oracles"] {
        let crate_file = format!("{target}/package/{name}-0.1.0.crate");
        assert!(std::path::Path::new(&crate_file).is_file(), "{crate_file}");
        let Some(out) = cargo(&["package", "--list", "--allow-dirty", "-p", name]) else {
            return;
        };
        let list = String::from_utf8_lossy(&out.stdout).into_owned();
        let files: Vec<&str> = list.lines().collect();
        for needed in [
            "Cargo.toml",
            "README.md",
            "LICENSE-MIT",
            "LICENSE-APACHE",
            "src/lib.rs",
        ] {
            assert!(files.contains(&needed), "{name} lacks {needed}: {files:?}");
        }
        for internal in [
            ".ci/",
            "proptest-regressions/",
            "DEVELOPERS.md",
            "docs/img/",
            "target/",
        ] {
            assert!(
                !files.iter().any(|f| f.starts_with(internal)),
                "{name} ships {internal}: {files:?}"
            );
        }
        if name == "gamecheck" {
            assert!(files.contains(&"docs/json.md") && files.contains(&"src/main.rs"));
            assert!(
                !files
                    .iter()
                    .any(|f| f.starts_with("tests/") || f.starts_with("oracles/"))
            );
        }
    }
    std::fs::remove_dir_all(target).ok();
}

#[test]
fn metadata_is_what_crates_io_shows() {
    let Some(out) = cargo(&["metadata", "--no-deps", "--format-version", "1"]) else {
        return;
    };
    let metadata: serde_json::Value = serde_json::from_slice(&out.stdout).expect("cargo metadata is JSON");
    let packages = metadata["packages"].as_array().expect("packages");
    for name in ["gamecheck", "gamecheck-oracles"] {
        let p = packages
            .iter()
            .find(|p| p["name"] == name)
            .unwrap_or_else(|| panic!("no package {name}"));
        for field in [
            "description",
            "repository",
            "documentation",
            "readme",
            "rust_version",
        ] {
            assert!(
                p[field].as_str().is_some_and(|v| !v.is_empty()),
                "{name}.{field}: {p}"
            );
        }
        assert_eq!(p["license"], "MIT OR Apache-2.0");
        assert_eq!(p["documentation"], format!("https://docs.rs/{name}"));
        // crates.io's limits: at most 5 keywords of at most 20 ASCII characters.
        let keywords = p["keywords"].as_array().expect("keywords");
        assert!(!keywords.is_empty() && keywords.len() <= 5, "{keywords:?}");
        for k in keywords.iter().filter_map(|k| k.as_str()) {
            assert!(k.len() <= 20 && k.chars().all(|c| c.is_ascii_alphanumeric() || "_-+".contains(c)));
        }
        // Every path dependency also names a version, so it survives packaging.
        for dep in p["dependencies"].as_array().expect("dependencies") {
            if dep["path"].is_string() && dep["kind"].is_null() {
                assert_ne!(dep["req"], "*", "{name} -> {}", dep["name"]);
            }
        }
    }
    let root = packages
        .iter()
        .find(|p| p["name"] == "gamecheck")
        .expect("gamecheck");
    let categories: Vec<&str> = root["categories"]
        .as_array()
        .expect("categories")
        .iter()
        .filter_map(|c| c.as_str())
        .collect();
    assert_eq!(
        categories,
        [
            "development-tools::testing",
            "command-line-utilities",
            "mathematics"
        ]
    );
    assert_eq!(root["features"]["default"], serde_json::json!(["cli"]));
    let bin = root["targets"]
        .as_array()
        .expect("targets")
        .iter()
        .find(|t| t["kind"] == serde_json::json!(["bin"]))
        .expect("the gamecheck binary");
    assert_eq!(bin["required-features"], serde_json::json!(["cli"]));
}
