//! `gamecheck value EXPR`: a partizan value's canonical form, or what the flags ask of it.

use std::process::ExitCode;

use anyhow::{Context, Result};

use super::args::ValueArgs;
use crate::partizan::{Dyadic, MAX_PRINTED, Value};

/// Returns `value`'s answer in print, capped as `solve`'s values are.
fn shown(value: Value) -> Result<String> {
    Ok(value.to_string_capped(MAX_PRINTED)?)
}

fn list(values: &[Value]) -> Result<String> {
    Ok(values
        .iter()
        .map(|&v| shown(v))
        .collect::<Result<Vec<_>>>()?
        .join(","))
}

/// Returns `S` and `T` of `--overheat S,T`, split at the comma outside braces.
fn overheat_bounds(text: &str) -> Result<(Value, Value)> {
    let mut depth = 0i32;
    let comma = text.char_indices().find_map(|(i, c)| {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => return Some(i),
            _ => {}
        }
        None
    });
    let Some(i) = comma else {
        anyhow::bail!("--overheat: expected `S,T` (two values and a comma), got `{text}`");
    };
    let s = text[..i].parse().context("--overheat: S")?;
    let t = text[i + 1..].parse().context("--overheat: T")?;
    Ok((s, t))
}

/// Prints what `args` asks of its expression, one answer a line in the order of the
/// flags' help.
pub(super) fn value(args: &ValueArgs) -> Result<ExitCode> {
    let g: Value = args.expr.parse().context("the expression")?;
    let mut lines = Vec::new();
    if args.temperature {
        lines.push(g.temperature().to_string());
    }
    if args.mean {
        lines.push(g.mean().to_string());
    }
    if args.outcome {
        lines.push(g.outcome().to_string());
    }
    if args.stops {
        let (l, r) = g.stops();
        lines.push(format!("{l} {r}"));
    }
    if args.birthday {
        lines.push(g.birthday().to_string());
    }
    if args.reduced {
        lines.push(shown(g.reduced())?);
    }
    if args.incentives {
        let (left, right) = g.incentives();
        lines.push(format!("left {}", list(&left)?));
        lines.push(format!("right {}", list(&right)?));
    }
    if let Some(t) = &args.cool {
        let t: Dyadic = t.parse().map_err(anyhow::Error::msg).context("--cool")?;
        lines.push(shown(g.cool(t).map_err(anyhow::Error::msg)?)?);
    }
    if let Some(t) = &args.heat {
        let t: Value = t.parse().context("--heat")?;
        lines.push(shown(g.heat(t))?);
    }
    if let Some(h) = &args.compare {
        let h: Value = h.parse().context("--compare")?;
        lines.push(
            match g.partial_cmp(&h) {
                Some(std::cmp::Ordering::Less) => "<",
                Some(std::cmp::Ordering::Equal) => "=",
                Some(std::cmp::Ordering::Greater) => ">",
                None => "||",
            }
            .to_owned(),
        );
    }
    if args.atomic_weight {
        lines.push(shown(g.atomic_weight()?)?);
    }
    if let Some(st) = &args.overheat {
        let (s, t) = overheat_bounds(st)?;
        lines.push(shown(g.overheat(s, t))?);
    }
    if lines.is_empty() {
        lines.push(shown(g)?);
    }
    let mut text = lines.join("\n");
    text.push('\n');
    super::output::write_stdout(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
