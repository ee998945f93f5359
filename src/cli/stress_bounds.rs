//! The `--max-*` flags of `stress`, generated from the problems' contest formats: one per
//! dimension some problem of the registry has (`--max-count`, `--max-cases`, …), its
//! help naming what it bounds in each problem, so a command line over other games names
//! only theirs.

use clap::{Arg, ArgMatches, Command};

use crate::games::{Registered, Registry, Visit};
use crate::problem::Flags;

/// A dimension's flag, with what it bounds: each label with the problems it names.
type Bounded = (&'static str, Vec<(&'static str, Vec<&'static str>)>);

/// Returns every dimension's flag with what it bounds, in registry order.
fn dimensions<R: Registry>() -> Vec<Bounded> {
    struct Labels;
    impl Visit for Labels {
        type Output = Vec<(&'static str, &'static str)>;
        fn visit<P: Registered>(self, problem: &P) -> Self::Output {
            problem
                .constraints()
                .map(|c| c.dimensions.iter().map(|d| (d.flag, d.label)).collect())
                .unwrap_or_default()
        }
    }
    let mut out: Vec<Bounded> = Vec::new();
    for name in R::problem_names() {
        for (flag, label) in R::visit(name, &Flags::default(), Labels).unwrap_or_default() {
            let at = match out.iter().position(|(f, _)| *f == flag) {
                Some(i) => i,
                None => {
                    out.push((flag, Vec::new()));
                    out.len() - 1
                }
            };
            let labels = &mut out[at].1;
            match labels.iter_mut().find(|(l, _)| *l == label) {
                Some((_, problems)) => problems.push(name),
                None => labels.push((label, vec![name])),
            }
        }
    }
    out
}

/// Returns the id of the argument of `--max-{flag}`.
fn id(flag: &str) -> String {
    format!("stress-max-{flag}")
}

/// Returns `command` with a `--max-{flag}` for every dimension of the registry's
/// problems.
pub(super) fn add<R: Registry>(command: Command) -> Command {
    let all = R::problem_names().len();
    dimensions::<R>()
        .into_iter()
        .fold(command, |command, (flag, labels)| {
            let what: Vec<String> = labels
                .iter()
                .map(|(label, problems)| {
                    if labels.len() == 1 && problems.len() == all {
                        (*label).to_owned()
                    } else {
                        format!("{label} ({})", problems.join(", "))
                    }
                })
                .collect();
            let id: &'static str = Box::leak(id(flag).into_boxed_str());
            let long: &'static str = Box::leak(format!("max-{flag}").into_boxed_str());
            let value_name: &'static str = Box::leak(format!("MAX_{}", flag.to_uppercase()).into_boxed_str());
            command.arg(
                Arg::new(id)
                    .long(long)
                    .value_name(value_name)
                    .value_parser(clap::value_parser!(u64))
                    .help(format!("Bound {}", what.join("; "))),
            )
        })
}

/// The order in which the reports have always named the bounds set; a dimension not
/// listed comes after, in registry order.
const REPORT_ORDER: [&str; 5] = ["n", "value", "k", "count", "cases"];

/// Returns the bounds given on the command line, as (flag, max), in report order.
pub(super) fn given<R: Registry>(matches: &ArgMatches) -> Vec<(&'static str, u64)> {
    let mut flags: Vec<&'static str> = dimensions::<R>().into_iter().map(|(flag, _)| flag).collect();
    flags.sort_by_key(|f| {
        REPORT_ORDER
            .iter()
            .position(|o| o == f)
            .unwrap_or(REPORT_ORDER.len())
    });
    flags
        .into_iter()
        .filter_map(|flag| {
            let id = id(flag);
            matches
                .ids()
                .any(|i| i.as_str() == id)
                .then(|| matches.get_one::<u64>(&id).copied())
                .flatten()
                .map(|v| (flag, v))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Builtin;

    #[test]
    fn the_built_in_games_keep_every_bound_flag_with_its_problems() {
        let help = add::<Builtin>(Command::new("stress"))
            .render_long_help()
            .to_string();
        for flag in ["--max-n", "--max-value", "--max-k", "--max-count", "--max-cases"] {
            assert!(help.contains(flag), "{flag} missing:\n{help}");
        }
        // Each bound names the problems it applies to.
        assert!(help.contains("moore-count"), "{help}");
        assert!(help.contains("wythoff"), "{help}");
    }
}
