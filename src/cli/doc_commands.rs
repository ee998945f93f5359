//! Every `gamecheck` command line the README and `docs/` show still parses: a flag renamed
//! or a subcommand moved without its docs fails here, before a reader meets it.

use std::path::{Path, PathBuf};

use super::Program;
use crate::games::Builtin;

/// Returns the `gamecheck` command lines in the fenced shell and text blocks of `text`,
/// each with its line number, cut at the first pipe, redirection or `&&`, with the
/// program name first. `cargo run --release -- ARGS` counts as `gamecheck ARGS`. In a
/// block that marks its commands with `$ `, only those count. Passed over: synopses
/// (`[--flag]`, `<PROBLEM>`, `…`), a report's own first line (`gamecheck stress
/// chopsticks: seed 1, …`), and a command whose next line is the `error:` it shows.
fn command_lines(text: &str) -> Vec<(usize, Vec<String>)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let Some(lang) = lines[i].trim_start().strip_prefix("```") else {
            i += 1;
            continue;
        };
        let end = (i + 1..lines.len())
            .find(|&j| lines[j].trim_start().starts_with("```"))
            .unwrap_or(lines.len());
        if matches!(lang.trim(), "" | "sh" | "bash" | "console" | "text") {
            found.extend(block_commands(&lines, i + 1, end));
        }
        i = end + 1;
    }
    found
}

/// Returns the command lines of the block `lines[start..end]`, as [`command_lines`].
fn block_commands(lines: &[&str], start: usize, end: usize) -> Vec<(usize, Vec<String>)> {
    let prompted = lines[start..end].iter().any(|l| l.trim_start().starts_with("$ "));
    let mut found = Vec::new();
    let mut j = start;
    while j < end {
        let at = j;
        let mut line = lines[j].trim().to_owned();
        j += 1;
        if prompted {
            match line.strip_prefix("$ ") {
                Some(rest) => line = rest.to_owned(),
                None => continue,
            }
        }
        let Some(rest) = line
            .strip_prefix("gamecheck ")
            .or_else(|| line.strip_prefix("cargo run --release -- "))
        else {
            continue;
        };
        let mut joined = rest.to_owned();
        // A command continued with `\` on the next lines.
        while joined.ends_with('\\') && j < end {
            joined.pop();
            joined.push_str(lines[j]);
            j += 1;
        }
        let unquoted = joined.split(['\'', '"']).next().unwrap_or("");
        let synopsis = joined.contains('…')
            || unquoted.contains(" [")
            || unquoted.contains(": ")
            || unquoted.ends_with(':')
            || unquoted
                .split('<')
                .skip(1)
                .any(|w| w.starts_with(|c: char| c.is_alphabetic()));
        let shows_error = lines.get(j).is_some_and(|l| l.trim_start().starts_with("error:"));
        let Ok(words) = shell_words::split(&joined) else {
            continue;
        };
        if synopsis || shows_error {
            continue;
        }
        let words: Vec<String> = std::iter::once("gamecheck".to_owned())
            .chain(
                words
                    .into_iter()
                    .take_while(|w| !matches!(w.as_str(), "|" | "&&" | ";" | "<" | ">" | "2>" | "2>&1"))
                    .filter(|w| !w.starts_with('>') && !w.starts_with("2>")),
            )
            .collect();
        found.push((at + 1, words));
    }
    found
}

/// Returns the README, DEVELOPERS.md and every page of `docs/`.
fn pages() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages = vec![root.join("README.md"), root.join("DEVELOPERS.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/ is read")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    pages.extend(docs);
    pages
}

#[test]
fn every_gamecheck_command_line_in_the_docs_parses() {
    let program = Program {
        name: "gamecheck",
        version: "0",
        about: "",
    };
    let mut wrong = Vec::new();
    let mut parsed = 0;
    for page in pages() {
        let text = std::fs::read_to_string(&page).expect("a page is read");
        for (line, words) in command_lines(&text) {
            let matches = super::args::command::<Builtin>(&program).try_get_matches_from(&words);
            let cli = matches.map_err(|e| e.kind().to_string()).and_then(|m| {
                <super::args::Cli as clap::FromArgMatches>::from_arg_matches(&m).map_err(|e| e.to_string())
            });
            match cli {
                Ok(_) => parsed += 1,
                Err(why) => wrong.push(format!("{}:{line}: {} ({why})", page.display(), words.join(" "))),
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} command lines do not parse:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    // The scan found the README's own `check` and the guide's commands.
    assert!(parsed > 50, "only {parsed} command lines found");
}

#[test]
fn the_scan_reads_fenced_commands_only_and_passes_over_synopses_reports_and_errors() {
    let text = "gamecheck not fenced\n```sh\ngamecheck solve wythoff < in.txt | head\ncargo run --release -- check --seed 2 \\\n  --cases 5\ngamecheck plot wythoff [--max 40]\ngamecheck check: seed 1\n```\n```console\n$ gamecheck check --cases 0\nerror: no\n$ gamecheck solve nim\ngamecheck solve games\n```\n";
    let found = command_lines(text);
    assert_eq!(
        found,
        [
            (3, vec!["gamecheck".into(), "solve".into(), "wythoff".into()]),
            (
                4,
                ["gamecheck", "check", "--seed", "2", "--cases", "5"]
                    .map(String::from)
                    .to_vec()
            ),
            // The `$` lines only, and not one shown with its error.
            (12, vec!["gamecheck".into(), "solve".into(), "nim".into()]),
        ]
    );
}
