//! `gamecheck solve`, `prove`, `claims` and `plot` on heap games as a user runs them:
//! answers checked against the plain mex of `gamecheck-oracles`, the Guy–Smith line, and
//! the refusal beyond the computed range.

// Runs the `gamecheck` binary, built only with the default feature `cli`.
#![cfg(feature = "cli")]

use std::process::Output;

use crate::common::gamecheck;

use gamecheck_oracles::octal_mex::TakeAndBreak;

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The plain mex's G(n) for Kayles, n < `heaps`.
fn kayles(heaps: usize) -> Vec<u32> {
    TakeAndBreak::parse("0.77")
        .map(|k| k.nim_values(heaps))
        .unwrap_or_default()
}

#[test]
fn prove_octal_names_the_least_preperiod_and_period() {
    let out = gamecheck(&["prove", "octal", "--code", "0.77"], "");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        stdout(&out).lines().last(),
        Some("0.77: periodic from n = 71 with period 12, proved (Guy–Smith, values for n < 168)")
    );
    // The least: G(70 + 12) differs from G(70) by the plain mex, and no divisor of 12 works.
    let g = kayles(200);
    assert_ne!(g[70], g[82]);
    assert!((71..188).all(|n| g[n] == g[n + 12]));
    assert!(
        [1, 2, 3, 4, 6]
            .iter()
            .all(|&d| (71..188).any(|n| g[n] != g[n + d]))
    );
}

#[test]
fn prove_octal_refutes_a_claimed_pair_at_the_least_counterexample() {
    let out = gamecheck(
        &[
            "prove",
            "octal",
            "--code",
            "0.77",
            "--preperiod",
            "60",
            "--period",
            "12",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    let g = kayles(100);
    let least = (60..).find(|&n| g[n] != g[n + 12]).unwrap_or(0);
    assert_eq!(least, 70);
    let line = format!(
        "G({least}) = {} but G({}) = {}",
        g[least],
        least + 12,
        g[least + 12]
    );
    assert!(stdout(&out).contains(&line), "{}", stdout(&out));
}

#[test]
fn prove_octal_without_a_period_within_n_heaps_says_how_far_it_got() {
    let out = gamecheck(&["prove", "octal", "--code", "0.6", "--max-heap", "500"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("no period proved within 500 heaps"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn solve_octal_answers_every_heap_when_the_period_is_proved() {
    let out = gamecheck(
        &["solve", "octal", "--code", "0.77", "--grundy"],
        "3\n70\n14\n18446744073709551615\n",
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let g = kayles(200);
    // 2^64 − 1 ≡ 71 + (2^64 − 1 − 71) mod 12 in the periodic part.
    let far = 71 + ((u64::MAX - 71) % 12) as usize;
    let want = format!("{}\n{}\n{}\n", g[70], g[14], g[far]);
    assert_eq!(stdout(&out), want);
    // With --sum a case is a sum of heaps, `k n1 … nk`: the XOR of their values.
    let sums = gamecheck(
        &["solve", "octal", "--code", "0.77", "--grundy", "--sum"],
        "3\n2 5 9\n3 1 2 3\n1 18446744073709551615\n",
    );
    let want = format!("{}\n{}\n{}\n", g[5] ^ g[9], g[1] ^ g[2] ^ g[3], g[far]);
    assert_eq!((sums.status.code(), stdout(&sums)), (Some(0), want));
    // A one-heap input is not a sum, and the reverse: the line names the extra token.
    let one = gamecheck(&["solve", "octal", "--code", "0.77"], "1\n2 5 9\n");
    assert_eq!(one.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&one.stderr).contains("line 2: unexpected token `5`"));
}

#[test]
fn solve_octal_refuses_heaps_beyond_the_computed_range() {
    // Officers, 0.6, has no known period: G is known only as far as computed.
    let out = gamecheck(
        &["solve", "octal", "--code", "0.6", "--max-heap", "300"],
        "1\n300\n",
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    // Beyond the computed range is the budget's limit, named, not the input's fault.
    assert!(
        err.contains("heap 300 is beyond reach") && err.contains("--max-heap"),
        "{err}"
    );
    let ok = gamecheck(
        &["solve", "octal", "--code", "0.6", "--max-heap", "300"],
        "1\n299\n",
    );
    assert_eq!(ok.status.code(), Some(0));
}

#[test]
fn claims_refute_the_published_errors_at_their_least_counterexamples() {
    let out = gamecheck(
        &[
            "claims",
            "--json",
            "--id",
            "octal-161-is-36",
            "--id",
            "tutorial-s134-g6",
            "--id",
            "octal-kayles-period",
        ],
        "",
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap_or_default();
    let claims = json["claims"].as_array().cloned().unwrap_or_default();
    let by_id = |id: &str| claims.iter().find(|c| c["id"] == id).cloned().unwrap_or_default();
    // 0.161 and 0.36 by the plain mex: equal below 519, different there.
    let (a, b) = (TakeAndBreak::parse("0.161"), TakeAndBreak::parse("0.36"));
    let (Ok(a), Ok(b)) = (a, b) else { panic!("codes") };
    let (a, b) = (a.nim_values(600), b.nim_values(600));
    let first = a.iter().zip(&b).position(|(x, y)| x != y);
    assert_eq!(first, Some(519));
    assert_eq!(by_id("octal-161-is-36")["counterexample"]["n"], 519);
    assert_eq!(
        by_id("tutorial-s134-g6")["counterexample"],
        serde_json::json!([6])
    );
    assert_eq!(by_id("octal-kayles-period")["verdict"], "holds");
}

/// The stderr of `out`.
fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn solve_octal_answers_a_small_heap_of_a_three_heap_code_at_once() {
    // Issue 31, item 4: every heap up to --max-heap was computed first (cubic for 8.0,
    // whose moves split a heap in three), so heap 5 never came. The values are the plain
    // mex's; a CPU budget of 5 s would stop the old whole-table computation.
    for code in ["8.0", "0.3fe", "0.007", "grundy", "0.6"] {
        let plain = TakeAndBreak::parse(code)
            .map(|g| g.nim_values(6))
            .unwrap_or_default();
        let out = gamecheck(
            &["solve", "octal", "--code", code, "--grundy", "--time-budget", "5"],
            "2\n5\n0\n",
        );
        assert_eq!(out.status.code(), Some(0), "{code}: {}", stderr(&out));
        assert_eq!(stdout(&out), format!("{}\n{}\n", plain[5], plain[0]), "{code}");
    }
    // A claim's syntax error comes before any value is computed.
    let out = gamecheck(&["claim", "octal", "--code", "8.0", "len > > 1"], "");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("column"), "{}", stderr(&out));
}

#[test]
fn a_search_stopped_by_its_budget_names_the_budget() {
    // 0.6's period is unknown: the search runs until a budget stops it, and says which.
    let out = gamecheck(&["prove", "octal", "--code", "0.6", "--memory-budget", "1"], "");
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("stopped: the memory budget of 1 MiB"),
        "{}",
        stdout(&out)
    );
    let out = gamecheck(&["prove", "octal", "--code", "0.6", "--time-budget", "1"], "");
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("stopped: the time budget of 1 CPU second ")
            && !stdout(&out).contains("1 CPU seconds"),
        "{}",
        stdout(&out)
    );
    // solve beyond the values computed: the period is searched, and the budget named.
    let out = gamecheck(
        &[
            "solve",
            "octal",
            "--code",
            "0.6",
            "--grundy",
            "--memory-budget",
            "1",
        ],
        "1\n18446744073709551615\n",
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("memory budget of 1 MiB"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn prove_octal_refuses_what_it_cannot_compare_and_says_why() {
    // Item 12: an overflow, not "unequal split".
    let out = gamecheck(
        &[
            "prove",
            "octal",
            "--code",
            "0.77",
            "--preperiod",
            "18446744073709551615",
            "--period",
            "1",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("overflows") && !stderr(&out).contains("unequal"),
        "{}",
        stderr(&out)
    );
    // Item 13: nothing from E on can be compared within the heaps allowed.
    let out = gamecheck(
        &[
            "prove",
            "octal",
            "--code",
            "0.77",
            "--preperiod",
            "1099511627775",
            "--period",
            "1",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("nothing to compare"), "{}", stderr(&out));
    // An undecided claim says from where it holds, and what stopped it.
    let out = gamecheck(
        &[
            "prove",
            "octal",
            "--code",
            "0.77",
            "--preperiod",
            "100",
            "--period",
            "12",
            "--max-heap",
            "150",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("holds for 100 ≤ n < 138") && stdout(&out).contains("150 heaps were computed"),
        "{}",
        stdout(&out)
    );
    // --max-heap beyond 2^40 heaps is refused, not capped.
    let out = gamecheck(
        &["prove", "octal", "--code", "0.77", "--max-heap", "1099511627777"],
        "",
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("1099511627776"), "{}", stderr(&out));
}

#[test]
fn a_run_past_2_32_heaps_says_its_memory_and_one_that_cannot_fit_is_refused_at_once() {
    // Issue 32, item 3: heaps past 2^32, the memory said before the run starts. The
    // questions are small: the run computes only what they need.
    let out = gamecheck(
        &[
            "solve",
            "octal",
            "--code",
            "grundy",
            "--grundy",
            "--max-heap",
            "5000000000",
        ],
        "2\n5\n9\n",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // The answers by the plain mex of the oracles crate.
    let plain = TakeAndBreak::parse("grundy")
        .map(|t| t.nim_values(10))
        .unwrap_or_default();
    assert_eq!(stdout(&out), format!("{}\n{}\n", plain[5], plain[9]));
    // 5·10^9 bytes at one byte a value, 2·5·10^9 at two.
    assert!(
        stderr(&out)
            .contains("5000000000 heaps hold 4.66 GiB of values at one byte a value (9.31 GiB at two"),
        "{}",
        stderr(&out)
    );
    // 2·10^10 bytes are over the default budget of 8 GiB: refused before any value.
    let out = gamecheck(
        &[
            "solve",
            "octal",
            "--code",
            "grundy",
            "--grundy",
            "--max-heap",
            "20000000000",
        ],
        "1\n5\n",
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("18.63 GiB") && stderr(&out).contains("--memory-budget"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn proofs_without_shards_refuse_a_shard() {
    // Item 14: the shard was accepted and ignored, each shard doing the whole proof.
    for args in [
        &["prove", "octal", "--code", "0.77", "--shard", "1/2"][..],
        &[
            "prove",
            "octal",
            "--code",
            "0.77",
            "--shard-index",
            "1",
            "--shard-count",
            "2",
        ],
        &["prove", "chopsticks-classic", "--shard", "2/2"],
    ] {
        let out = gamecheck(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains("no shards"), "{args:?}: {}", stderr(&out));
        assert!(stdout(&out).is_empty(), "{args:?}: {}", stdout(&out));
    }
    // The whole proof, one shard of one, still runs.
    let out = gamecheck(&["prove", "octal", "--code", "0.77", "--shard", "1/1"], "");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn misere_octal_refuses_beyond_its_reach_at_once_and_answers_within_it() {
    // Item 8: heap 200 was searched for 94 s and 785 MB before "out of reach".
    let out = gamecheck(&["solve", "octal", "--code", "0.77", "--misere"], "1\n200\n");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("misère") && stderr(&out).contains("at most"),
        "{}",
        stderr(&out)
    );
    // The reach is set by the budgets, and the refusal names the heap, the reach and the
    // budget: with 64 MiB, heap 45 (within the old fixed reach of 48) is refused at once.
    let small = [
        "solve",
        "octal",
        "--code",
        "0.77",
        "--misere",
        "--memory-budget",
        "64",
    ];
    let out = gamecheck(&small, "1\n45\n");
    let why = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{why}");
    assert!(
        why.contains("`45`") && why.contains("--memory-budget") && why.contains("is at most 4"),
        "{why}"
    );
    // A sum is judged as a whole, and the refusal names the budget and its flag.
    let sum = [
        "solve",
        "octal",
        "--code",
        "0.77",
        "--misere",
        "--sum",
        "--time-budget",
        "1",
    ];
    let out = gamecheck(&sum, "1\n2 25 25\n");
    let why = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{why}");
    assert!(
        why.contains("heaps [25, 25]")
            && why.contains("time budget of 1 CPU second ")
            && !why.contains("1 CPU seconds")
            && why.contains("--time-budget"),
        "{why}"
    );
    // Within reach: misère Kayles by a search written here, over the rows.
    fn wins(n: u64, memo: &mut std::collections::HashMap<Vec<u64>, bool>, rows: Vec<u64>) -> bool {
        let _ = n;
        if let Some(&w) = memo.get(&rows) {
            return w;
        }
        let mut any = false;
        let mut win = false;
        for (i, &r) in rows.iter().enumerate() {
            for take in 1..=2.min(r) {
                for left in 0..=r - take {
                    any = true;
                    let mut next: Vec<u64> = rows[..i].iter().chain(&rows[i + 1..]).copied().collect();
                    next.extend([left, r - take - left].into_iter().filter(|&x| x > 0));
                    next.sort_unstable();
                    win |= !wins(0, memo, next);
                }
            }
        }
        let w = win || !any;
        memo.insert(rows, w);
        w
    }
    let mut memo = std::collections::HashMap::new();
    let want: String = (10..=14)
        .map(|n| {
            if wins(0, &mut memo, vec![n]) {
                "First\n"
            } else {
                "Second\n"
            }
        })
        .collect();
    let out = gamecheck(
        &["solve", "octal", "--code", "0.77", "--misere"],
        "5\n10\n11\n12\n13\n14\n",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), want);
}

#[test]
fn repro_of_a_huge_heap_counts_its_moves_rather_than_listing_them() {
    // Item 5: 10^12 moves were listed, 4.7 GB, then an abort. The answer is Kayles' value
    // through the period.
    let out = gamecheck(
        &["repro", "octal", "--code", "0.77", "--grundy", "1000000000000"],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}{}", stdout(&out), stderr(&out));
    let g = kayles(200);
    let far = 71 + ((1_000_000_000_000u64 - 71) % 12) as usize;
    assert!(stdout(&out).contains(&format!("{}", g[far])), "{}", stdout(&out));
}

#[test]
fn a_proved_period_is_kept_in_the_cache_directory_and_read_back() {
    let dir = std::env::temp_dir().join(format!("gamecheck-cache-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let run = |args: &[&str], stdin: &str| gamecheck_with_cache(&dir, args, stdin);
    // 0.165's proof computes about 13,500 heaps: worth keeping.
    let out = run(&["prove", "octal", "--code", "0.165"], "");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let files: Vec<_> = std::fs::read_dir(&dir)
        .expect("the cache directory is made")
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    // The next solve reads the period: with --max-heap 1000, far too few heaps to prove
    // it, it answers every heap, as the plain mex does below 2000.
    let plain = TakeAndBreak::parse("0.165")
        .map(|g| g.nim_values(2000))
        .unwrap_or_default();
    let capped = [
        "solve",
        "octal",
        "--code",
        "0.165",
        "--grundy",
        "--max-heap",
        "1000",
    ];
    let out = run(&capped, "2\n1999\n18446744073709551615\n");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).starts_with(&format!("{}\n", plain[1999])),
        "{}",
        stdout(&out)
    );
    // A damaged file is not believed: the values are computed again, to --max-heap.
    for f in std::fs::read_dir(&dir).expect("read the cache").flatten() {
        let mut bytes = std::fs::read(f.path()).expect("read");
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        std::fs::write(f.path(), bytes).expect("write");
    }
    let out = run(&capped, "1\n1999\n");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("G(n) is known for n < 1000"),
        "{}",
        stderr(&out)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
#[ignore = "release: 0.376 about 30 CPU seconds, 0.354 about 60; `cargo test --release --test integration cli_octal:: -- --ignored`"]
fn prove_octal_with_the_default_budgets_reaches_the_published_long_preperiods() {
    // Issue 31: prove ran to a fixed 10^6 heaps; by default it now runs to the proof or
    // its budget. Gangolli and Plambeck (1989), Flammenkamp (2002), Czajka's table.
    let dir = std::env::temp_dir().join(format!("gamecheck-cache-long-{}", std::process::id()));
    for (code, e, p) in [("0.376", "2,268,248", "4"), ("0.354", "10,061,916", "1,180")] {
        let out = gamecheck_with_cache(&dir, &["prove", "octal", "--code", code], "");
        assert_eq!(out.status.code(), Some(0), "{code}: {}", stderr(&out));
        assert!(
            stdout(&out).contains(&format!("periodic from n = {e} with period {p}, proved")),
            "{code}: {}",
            stdout(&out)
        );
    }
    // The proof is kept: solve answers 2^64 − 1 through it, under a budget far too small
    // to compute it again. 2^64 − 1 ≥ 2,268,248 is odd and its class mod 4 is 3.
    let out = gamecheck_with_cache(
        &dir,
        &[
            "solve",
            "octal",
            "--code",
            "0.376",
            "--grundy",
            "--memory-budget",
            "1",
        ],
        "1\n18446744073709551615\n",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let at = |n: u64| {
        gamecheck_with_cache(
            &dir,
            &["solve", "octal", "--code", "0.376", "--grundy"],
            &format!("1\n{n}\n"),
        )
    };
    // The value at 2^64 − 1 is the one at the same class mod 4 just past the preperiod.
    let near = 2_268_248 + (u64::MAX - 2_268_248) % 4;
    assert_eq!(stdout(&out), stdout(&at(near)));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `gamecheck ARGS` with the period cache in `dir`, `stdin` written to it.
fn gamecheck_with_cache(dir: &std::path::Path, args: &[&str], stdin: &str) -> Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamecheck"))
        .args(args)
        .env("GAMECHECK_CACHE_DIR", dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the gamecheck binary starts");
    let _ = child
        .stdin
        .take()
        .expect("a piped stdin")
        .write_all(stdin.as_bytes());
    child.wait_with_output().expect("gamecheck exits")
}

#[test]
fn solve_octal_sum_names_its_limit_of_four_heaps() {
    // Item 23: at most 4 heaps, undocumented, and called "counts".
    let help = gamecheck(&["solve", "--help"], "");
    assert!(
        stdout(&help).contains("a sum of at most 4 heaps"),
        "{}",
        stdout(&help)
    );
    let out = gamecheck(&["solve", "octal", "--sum"], "1\n5 1 2 3 4 5\n");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("k, the number of heaps is at most 4"),
        "{}",
        stderr(&out)
    );
}
