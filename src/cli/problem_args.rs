//! The flags that build a problem (`--k`, `--set 1,3,4`, `--misere`), on `claim`,
//! `repro`, `solve` and `stress`: every flag some problem of the registry declares,
//! once, each applying only to the problems that declare it (a flag given to another
//! problem is a usage error).

use anyhow::Result;
use clap::{Arg, ArgAction, ArgMatches, Command};

use crate::games::Registry;
use crate::problem::{Flag, FlagKind, FlagValue, Flags};

/// Returns every flag the problems of `R` declare, once by long name (the first
/// declaration's), with the problems that declare it, in registry order.
fn declared<R: Registry>() -> Vec<(Flag, Vec<&'static str>)> {
    let mut out: Vec<(Flag, Vec<&'static str>)> = Vec::new();
    for name in R::problem_names() {
        for flag in R::problem_flags(name).unwrap_or_default() {
            match out.iter_mut().find(|(f, _)| f.long == flag.long) {
                Some((_, problems)) => problems.push(name),
                None => out.push((flag, vec![name])),
            }
        }
    }
    out
}

/// Returns the id of the argument that reads the problem flag `long`, apart from the
/// subcommand's own arguments' ids.
fn id(long: &str) -> String {
    format!("problem-flag-{long}")
}

/// Returns `command` with every declared flag whose name it does not already take.
pub(super) fn add<R: Registry>(command: Command) -> Command {
    let all = R::problem_names().len();
    declared::<R>()
        .into_iter()
        .fold(command, |command, (flag, problems)| {
            if command.get_arguments().any(|a| a.get_long() == Some(flag.long)) {
                return command;
            }
            let mut help = flag.help.strip_suffix('.').unwrap_or(flag.help).to_owned();
            if problems.len() < all {
                help.push_str(&format!(" ({})", problems.join(", ")));
            }
            let default = match flag.kind {
                FlagKind::Number { default, .. } => Some(default.to_owned()),
                FlagKind::Numbers { default } if !default.is_empty() => Some(default.join(",")),
                FlagKind::Choice { default, .. } => Some(default.to_owned()),
                _ => None,
            };
            if let Some(default) = default {
                help.push_str(&format!(" [default: {default}]"));
            }
            // No clap default: a flag left out is not given, and takes the problem's own.
            let id: &'static str = Box::leak(id(flag.long).into_boxed_str());
            let arg = Arg::new(id).long(flag.long).help(help);
            // A number's value is named after the flag, unless it has a name of its own.
            let value_name: &'static str = match flag.value_name {
                "N" => Box::leak(flag.long.to_uppercase().into_boxed_str()),
                name => name,
            };
            let arg = match flag.kind {
                FlagKind::Number { .. } => arg.value_name(value_name).value_parser(clap::value_parser!(u64)),
                FlagKind::Numbers { .. } => arg
                    .value_name(value_name)
                    .value_parser(clap::value_parser!(u64))
                    .value_delimiter(',')
                    .action(ArgAction::Append),
                FlagKind::Switch => arg.action(ArgAction::SetTrue),
                FlagKind::Text => arg.value_name(value_name),
                FlagKind::Choice { values, .. } => arg
                    .value_name(value_name)
                    .value_parser(clap::builder::PossibleValuesParser::new(values.iter().copied())),
            };
            command.arg(arg)
        })
}

/// Returns the flags given in `matches`, checked against those `problem` declares, and
/// the problem's name with them as the command line would repeat it.
///
/// # Errors
/// An unknown problem, a flag the problem does not take, a number out of its range, two
/// flags the problem declares in conflict.
pub(super) fn resolve<R: Registry>(problem: &str, matches: &ArgMatches) -> Result<(Flags, String)> {
    let declared_here = R::problem_flags(problem)?;
    let mut flags = Flags::default();
    let mut args = problem.to_owned();
    for (flag, _) in declared::<R>() {
        let long = flag.long;
        let id = id(long);
        // A flag named as one of the subcommand's own was not added.
        if !matches.ids().any(|i| i.as_str() == id)
            || matches.value_source(&id) != Some(clap::parser::ValueSource::CommandLine)
        {
            continue;
        }
        let (value, text) = match flag.kind {
            FlagKind::Number { .. } => {
                let n = matches.get_one::<u64>(&id).copied().unwrap_or(0);
                (FlagValue::Number(n), n.to_string())
            }
            FlagKind::Numbers { .. } => {
                let v: Vec<u64> = matches
                    .get_many::<u64>(&id)
                    .map(|v| v.copied().collect())
                    .unwrap_or_default();
                let text = v.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
                (FlagValue::Numbers(v), text)
            }
            FlagKind::Switch => {
                if !matches.get_flag(&id) {
                    continue;
                }
                (FlagValue::Switch(true), String::new())
            }
            FlagKind::Text | FlagKind::Choice { .. } => {
                let t = matches.get_one::<String>(&id).cloned();
                let text = t
                    .as_deref()
                    .map(shell_words::quote)
                    .unwrap_or_default()
                    .into_owned();
                (FlagValue::Text(t), text)
            }
        };
        let Some(own) = declared_here.iter().find(|f| f.long == long) else {
            let known: Vec<String> = declared_here.iter().map(|f| format!("--{}", f.long)).collect();
            anyhow::bail!(
                "--{long} does not apply to {problem}; {}",
                if known.is_empty() {
                    "it takes no such flag".to_owned()
                } else {
                    format!("it takes {}", known.join(", "))
                }
            );
        };
        if let (FlagKind::Number { min, max, .. }, FlagValue::Number(n)) = (own.kind, &value)
            && !(min..=max).contains(n)
        {
            anyhow::bail!("--{long} {n} is out of range: {min} to {max}");
        }
        args.push_str(&format!(" --{long}"));
        if !text.is_empty() {
            args.push_str(&format!(" {text}"));
        }
        flags.insert(long, value);
    }
    // As clap refuses them where the problem's flags are its own (`prove`).
    for flag in &declared_here {
        if let Some(other) = flag
            .conflicts
            .iter()
            .find(|c| flags.contains(flag.long) && flags.contains(c))
        {
            anyhow::bail!("the argument '--{}' cannot be used with '--{other}'", flag.long);
        }
    }
    Ok((flags, args))
}
