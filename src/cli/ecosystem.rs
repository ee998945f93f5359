//! `gamecheck completions SHELL` and `gamecheck man`: generated from the clap command, so
//! they never drift from the arguments.

use std::io::Write;
use std::path::Path;

use anyhow::{Context, Result};
use clap_complete::Shell;

/// Writes the completion script of `shell` for `command` to `out`.
pub(super) fn completions(shell: Shell, mut command: clap::Command, out: &mut dyn Write) -> Result<()> {
    let name = command.get_name().to_owned();
    // clap_complete panics when its writer fails (a closed pipe): render into memory, then
    // write with an error the caller can handle.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, name, &mut script);
    out.write_all(&script).context("writing the completion script")?;
    out.flush().context("writing the completion script")
}

/// Writes the man page of `command` (roff, section 1) to `out`; with `dir`, instead
/// writes one page per subcommand there as well (`gamecheck.1`, `gamecheck-check.1`, …),
/// as git does, and returns their count.
pub(super) fn man(command: clap::Command, dir: Option<&Path>, out: &mut dyn Write) -> Result<usize> {
    match dir {
        None => {
            clap_mangen::Man::new(command)
                .render(out)
                .context("writing the man page")?;
            out.flush().context("writing the man page")?;
            Ok(1)
        }
        Some(dir) => {
            std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
            let pages = 1 + count_subcommands(&command);
            clap_mangen::generate_to(command, dir)
                .with_context(|| format!("writing man pages into {}", dir.display()))?;
            Ok(pages)
        }
    }
}

/// Writes the reference of `command`, every subcommand and flag, in Markdown to `out`.
pub(super) fn markdown(command: clap::Command, out: &mut dyn Write) -> Result<()> {
    let text = clap_markdown::help_markdown_command_custom(
        &command,
        &clap_markdown::MarkdownOptions::new()
            .show_footer(false)
            .show_table_of_contents(true),
    );
    out.write_all(text.as_bytes()).context("writing the reference")?;
    out.flush().context("writing the reference")
}

fn count_subcommands(command: &clap::Command) -> usize {
    command
        .get_subcommands()
        .filter(|s| !s.is_hide_set() && s.get_name() != "help")
        .map(|s| 1 + count_subcommands(s))
        .sum()
}
