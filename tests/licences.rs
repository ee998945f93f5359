//! Every package in the dependency graph (all targets, dev-dependencies included) can be
//! used under terms outside the GPL family, read from `cargo metadata`; the workspace's
//! own packages are `MIT OR Apache-2.0`.

use std::process::Command;

/// Whether an SPDX licence id belongs to the GPL family (GPL, LGPL, AGPL, any version).
fn gpl_family(id: &str) -> bool {
    let id = id.to_ascii_uppercase();
    ["GPL", "LGPL", "AGPL"].iter().any(|family| {
        id.strip_prefix(family)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(['-', '+']))
    })
}

/// The tokens of an SPDX expression; the legacy `/` separator counts as `OR`.
fn tokens(expression: &str) -> Vec<String> {
    expression
        .replace('(', " ( ")
        .replace(')', " ) ")
        .replace('/', " OR ")
        .split_whitespace()
        .map(str::to_owned)
        .collect()
}

/// Recursive descent over `or := and (OR and)*`, `and := with (AND with)*`,
/// `with := atom (WITH exception)?`, `atom := id | ( or )`. Each returns whether the
/// sub-expression can be satisfied without any GPL-family licence.
struct Expression {
    tokens: Vec<String>,
    at: usize,
}

impl Expression {
    fn peek(&self) -> Option<&str> {
        self.tokens.get(self.at).map(String::as_str)
    }

    fn or(&mut self) -> Result<bool, String> {
        let mut permissive = self.and()?;
        while self.peek().is_some_and(|t| t.eq_ignore_ascii_case("OR")) {
            self.at += 1;
            // Evaluate both sides: a malformed right side is an error either way.
            let right = self.and()?;
            permissive = permissive || right;
        }
        Ok(permissive)
    }

    fn and(&mut self) -> Result<bool, String> {
        let mut permissive = self.with()?;
        while self.peek().is_some_and(|t| t.eq_ignore_ascii_case("AND")) {
            self.at += 1;
            let right = self.with()?;
            permissive = permissive && right;
        }
        Ok(permissive)
    }

    fn with(&mut self) -> Result<bool, String> {
        let permissive = self.atom()?;
        if self.peek().is_some_and(|t| t.eq_ignore_ascii_case("WITH")) {
            // An exception relaxes its licence but leaves it in its family.
            self.at += 2;
        }
        Ok(permissive)
    }

    fn atom(&mut self) -> Result<bool, String> {
        let token = self.peek().map(str::to_owned).ok_or("expression ends early")?;
        self.at += 1;
        if token == "(" {
            let inner = self.or()?;
            if self.peek() != Some(")") {
                return Err("unclosed `(`".to_owned());
            }
            self.at += 1;
            return Ok(inner);
        }
        if [")", "AND", "OR", "WITH"]
            .iter()
            .any(|k| token.eq_ignore_ascii_case(k))
        {
            return Err(format!("unexpected `{token}`"));
        }
        Ok(!gpl_family(&token))
    }
}

/// Returns whether `expression` admits terms outside the GPL family, or why it cannot be
/// read.
fn admits_non_gpl(expression: &str) -> Result<bool, String> {
    let mut e = Expression {
        tokens: tokens(expression),
        at: 0,
    };
    let permissive = e.or()?;
    match e.peek() {
        None => Ok(permissive),
        Some(extra) => Err(format!("unexpected `{extra}`")),
    }
}

#[test]
fn licence_expressions_are_read_as_spdx() {
    for (expression, expected) in [
        ("MIT OR Apache-2.0", true),
        ("AGPL-3.0-only", false),
        ("GPL-2.0+", false),
        ("LGPL-2.1-or-later", false),
        ("GPL-3.0-or-later OR MIT", true),
        ("MIT OR Apache-2.0 OR LGPL-2.1-or-later", true),
        ("(MIT OR Apache-2.0) AND Unicode-3.0", true),
        ("(MIT OR Apache-2.0) AND GPL-3.0-only", false),
        ("MIT AND GPL-3.0-only OR Apache-2.0", true),
        ("MIT/Apache-2.0", true),
        ("Apache-2.0 / MIT", true),
        ("GPL-2.0/GPL-3.0", false),
        ("Apache-2.0 WITH LLVM-exception OR Apache-2.0 OR MIT", true),
        ("GPL-2.0-only WITH Classpath-exception-2.0", false),
        ("GPLv3-like-but-not", true),
    ] {
        assert_eq!(admits_non_gpl(expression), Ok(expected), "{expression}");
    }
    for malformed in ["", "MIT OR", "(MIT", "MIT)", "AND MIT"] {
        assert!(admits_non_gpl(malformed).is_err(), "{malformed:?}");
    }
}

/// `cargo metadata` for this workspace, offline when the package sources are all present,
/// else fetching the manifests it lacks.
fn metadata() -> serde_json::Value {
    let run = |offline: bool| {
        let mut cmd = Command::new(env!("CARGO"));
        cmd.current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(["metadata", "--format-version", "1"]);
        if offline {
            cmd.arg("--offline");
        }
        cmd.output()
    };
    let out = match run(true) {
        Ok(out) if out.status.success() => out,
        _ => run(false).unwrap_or_else(|e| panic!("cargo metadata does not run: {e}")),
    };
    assert!(
        out.status.success(),
        "cargo metadata failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("cargo metadata is not JSON: {e}"))
}

#[test]
fn no_package_is_gpl_only() {
    let metadata = metadata();
    let packages = metadata["packages"].as_array().expect("metadata lists packages");
    assert!(packages.len() > 10, "only {} packages", packages.len());
    let mut refused = Vec::new();
    for p in packages {
        let name = format!(
            "{} {}",
            p["name"].as_str().unwrap_or("?"),
            p["version"].as_str().unwrap_or("?")
        );
        match p["license"].as_str().map(admits_non_gpl) {
            Some(Ok(true)) => {}
            Some(Ok(false)) => refused.push(format!("{name}: {} (GPL family only)", p["license"])),
            Some(Err(why)) => refused.push(format!("{name}: {} cannot be read: {why}", p["license"])),
            None => refused.push(format!("{name}: no SPDX licence (check its licence file)")),
        }
    }
    assert!(refused.is_empty(), "packages refused:\n{}", refused.join("\n"));
}

#[test]
fn workspace_packages_are_mit_or_apache() {
    let metadata = metadata();
    let members: Vec<&str> = metadata["workspace_members"]
        .as_array()
        .expect("metadata lists workspace members")
        .iter()
        .filter_map(|m| m.as_str())
        .collect();
    let packages = metadata["packages"].as_array().expect("metadata lists packages");
    let own: Vec<_> = packages
        .iter()
        .filter(|p| p["id"].as_str().is_some_and(|id| members.contains(&id)))
        .collect();
    let mut names: Vec<&str> = own.iter().filter_map(|p| p["name"].as_str()).collect();
    names.sort_unstable();
    assert_eq!(
        names,
        [
            "clobber",
            "euclid-game",
            "gamecheck",
            "gamecheck-benches",
            "gamecheck-oracles",
            "gamecheck-python",
            "kayles",
            "nim-interactive",
            "nim-move",
            "subtraction-game",
            "subtraction-interactive",
            "win-or-freeze"
        ],
        "the library, the oracles, the benches, the Python package and the eight example crates"
    );
    for p in own {
        assert_eq!(p["license"], "MIT OR Apache-2.0", "{}", p["name"]);
    }
}
