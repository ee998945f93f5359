//! `prove <problem>` and `plot <problem>`, built from the registry: each problem's
//! [`Flag`]s become clap arguments, and what was parsed goes back to it as [`Flags`].

use clap::{Arg, ArgAction, ArgMatches, Command};

use crate::games::{Registered, Registry, Visit};
use crate::problem::{Flag, FlagKind, FlagValue, Flags};

/// A subcommand problems may add.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Which {
    Prove,
    Plot,
}

/// One problem's subcommand: its name, its help line and its flags.
pub(super) struct Spec {
    pub(super) name: &'static str,
    /// The problem's other names, which name its subcommand too.
    pub(super) aliases: &'static [&'static str],
    pub(super) about: &'static str,
    pub(super) flags: Vec<Flag>,
}

struct Describe(Which);

impl Visit for Describe {
    type Output = Option<(&'static str, Vec<Flag>)>;
    fn visit<P: Registered>(self, problem: &P) -> Self::Output {
        match self.0 {
            Which::Prove => problem.prove_command().map(|c| (c.about(), c.flags())),
            Which::Plot => problem.plot_command().map(|c| (c.about(), c.flags())),
        }
    }
}

/// Returns the subcommand `which` of every problem of `R` that has it, in registry order.
pub(super) fn specs<R: Registry>(which: Which) -> Vec<Spec> {
    R::problems()
        .into_iter()
        .filter_map(|(name, aliases)| {
            let (about, flags) = R::visit(name, &Flags::default(), Describe(which))
                .ok()
                .flatten()?;
            Some(Spec {
                name,
                aliases,
                about,
                flags,
            })
        })
        .collect()
}

/// Returns why the command line clap refused names a problem that lacks the subcommand
/// (`prove domineering`), rather than no problem: clap's "unrecognized subcommand" says
/// nothing of which problems have it.
pub(super) fn lacking<R: Registry>(e: &clap::Error, args: &[std::ffi::OsString]) -> Option<String> {
    if e.kind() != clap::error::ErrorKind::InvalidSubcommand {
        return None;
    }
    let args: Vec<String> = args
        .iter()
        .skip(1)
        .take(2)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let [command, problem] = &args[..] else {
        return None;
    };
    let which = match command.as_str() {
        "prove" => Which::Prove,
        "plot" => Which::Plot,
        _ => return None,
    };
    let name = R::problems()
        .into_iter()
        .find(|(name, aliases)| name == problem || aliases.contains(&problem.as_str()))?
        .0;
    let with: Vec<&str> = specs::<R>(which).iter().map(|s| s.name).collect();
    Some(format!(
        "{name} has no `{command}`: it is checked by `check`, `claim`, `repro`, `solve` and `stress`; `{command}` serves {}",
        with.join(", ")
    ))
}

/// Returns the clap argument that reads `flag`.
fn arg(flag: &Flag) -> Arg {
    let arg = Arg::new(flag.long)
        .long(flag.long)
        .help(flag.help.strip_suffix('.').unwrap_or(flag.help))
        .visible_aliases(flag.aliases.iter().copied())
        .conflicts_with_all(flag.conflicts.iter().copied());
    match flag.kind {
        FlagKind::Number { default, min, max } => arg
            .value_name(flag.value_name)
            .value_parser(clap::value_parser!(u64).range(min..=max))
            .default_value(default),
        FlagKind::Numbers { default } => {
            let arg = arg
                .value_name(flag.value_name)
                .value_parser(clap::value_parser!(u64))
                .value_delimiter(',')
                .action(ArgAction::Append);
            if default.is_empty() {
                arg
            } else {
                arg.default_values(default.iter().copied())
            }
        }
        FlagKind::Switch => arg.action(ArgAction::SetTrue),
        FlagKind::Text => arg.value_name(flag.value_name),
        FlagKind::Choice { values, default } => arg
            .value_name(flag.value_name)
            .value_parser(clap::builder::PossibleValuesParser::new(values.iter().copied()))
            .default_value(default),
    }
}

/// Returns `spec` as a clap subcommand, with `shared` added (shard flags, `--out`).
pub(super) fn command(spec: &Spec, shared: impl FnOnce(Command) -> Command) -> Command {
    let command = spec.flags.iter().fold(
        Command::new(spec.name).visible_aliases(spec.aliases.iter().copied()),
        |c, f| c.arg(arg(f)),
    );
    // After `shared`: a derived `Args` sets its own doc comment as the about.
    shared(command).about(spec.about.strip_suffix('.').unwrap_or(spec.about))
}

/// Returns the values of `flags` in `matches`.
pub(super) fn flags(flags: &[Flag], matches: &ArgMatches) -> Flags {
    flags
        .iter()
        .map(|f| {
            let value = match f.kind {
                FlagKind::Number { .. } => {
                    FlagValue::Number(matches.get_one::<u64>(f.long).copied().unwrap_or(0))
                }
                FlagKind::Numbers { .. } => FlagValue::Numbers(
                    matches
                        .get_many::<u64>(f.long)
                        .map(|v| v.copied().collect())
                        .unwrap_or_default(),
                ),
                FlagKind::Switch => FlagValue::Switch(matches.get_flag(f.long)),
                FlagKind::Text | FlagKind::Choice { .. } => {
                    FlagValue::Text(matches.get_one::<String>(f.long).cloned())
                }
            };
            (f.long, value)
        })
        .collect()
}
