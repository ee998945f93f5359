//! Which shard a proof runs: the flags, else the job runner's environment (a Kubernetes
//! Indexed Job or a Slurm job array), so one command line serves every task of a job.

use super::{ProveError, Shard};

/// The shard flags of a command line: `--shard i/n` (1-based), or `--shard-index I`
/// with `--shard-count N` (0-based), or neither.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShardRequest {
    pub shard: Option<Shard>,
    pub index: Option<u64>,
    pub count: Option<u64>,
}

fn refuse<T>(message: String) -> Result<T, ProveError> {
    Err(ProveError::ShardSource(message))
}

/// Returns the number in the environment variable `var`, read by the one number rule of
/// contest input (docs/input.md): plain decimal digits, no sign, no leading zero, with
/// whitespace around it skipped.
fn number(var: &str, value: &str) -> Result<u64, ProveError> {
    let digits = value.trim_matches(|c: char| c.is_ascii() && crate::tokens::is_space(c as u8));
    match crate::tokens::plain_u64_prefix(digits.as_bytes()) {
        Some((n, used)) if used == digits.len() => Ok(n),
        _ => refuse(format!(
            "{var} is `{}`, not a plain non-negative integer (decimal digits, no sign, no leading zero, at most {})",
            crate::shown::escaped(value.as_bytes(), 40),
            u64::MAX
        )),
    }
}

impl ShardRequest {
    /// Returns the shard to run: the flags' shard when there is one, else the one the
    /// environment `env` names, else the whole proof.
    ///
    /// Without an index flag, `JOB_COMPLETION_INDEX` (Kubernetes, 0-based) gives the
    /// index and `--shard-count` the count, which Kubernetes does not export; or
    /// `SLURM_ARRAY_TASK_ID` minus `SLURM_ARRAY_TASK_MIN` gives the index and
    /// `SLURM_ARRAY_TASK_COUNT` the count, checked against `SLURM_ARRAY_TASK_MAX`.
    ///
    /// # Constraints
    /// Flags and environment must agree and name one shard: `--shard` alone, or
    /// `--shard-index` with `--shard-count`, or an environment above (never both
    /// runners'); a Slurm array must be contiguous (step 1). Otherwise
    /// [`ProveError::ShardSource`] says what is wrong.
    ///
    /// # Example
    /// ```
    /// use gamecheck::prove::{Shard, ShardRequest};
    /// let env = |var: &str| (var == "JOB_COMPLETION_INDEX").then(|| "2".to_owned());
    /// let flags = ShardRequest { count: Some(4), ..ShardRequest::default() };
    /// assert_eq!(flags.resolve(env), Ok(Shard { index: 3, count: 4 }));
    /// assert!(ShardRequest::default().resolve(env).is_err()); // no count
    /// assert_eq!(ShardRequest::default().resolve(|_| None), Ok(Shard::WHOLE));
    /// ```
    pub fn resolve(&self, env: impl Fn(&str) -> Option<String>) -> Result<Shard, ProveError> {
        if self.count == Some(0) {
            return refuse("--shard-count must be at least 1".into());
        }
        match (self.shard, self.index, self.count) {
            (Some(shard), None, None) => return Ok(shard),
            (Some(_), _, _) => {
                return refuse("--shard i/n cannot be combined with --shard-index or --shard-count".into());
            }
            (None, Some(index), Some(count)) => return Shard::from_zero_based(index, count),
            (None, Some(_), None) => return refuse("--shard-index needs --shard-count".into()),
            (None, None, _) => {}
        }
        let job = env("JOB_COMPLETION_INDEX");
        let task = env("SLURM_ARRAY_TASK_ID");
        match (job, task) {
            (Some(_), Some(_)) => refuse(
                "both JOB_COMPLETION_INDEX (Kubernetes) and SLURM_ARRAY_TASK_ID (Slurm) are set; \
                 pass --shard-index and --shard-count to choose the shard"
                    .into(),
            ),
            (Some(job), None) => {
                let index = number("JOB_COMPLETION_INDEX", &job)?;
                let Some(count) = self.count else {
                    return refuse(format!(
                        "JOB_COMPLETION_INDEX is {index}, but Kubernetes does not export the number of \
                         shards: pass --shard-count N (the Job's .spec.completions)"
                    ));
                };
                Shard::from_zero_based(index, count).map_err(|e| {
                    ProveError::ShardSource(format!("JOB_COMPLETION_INDEX with --shard-count {count}: {e}"))
                })
            }
            (None, Some(task)) => self.slurm(&task, &env),
            (None, None) => match self.count {
                Some(count) => refuse(format!(
                    "--shard-count {count} needs --shard-index, or JOB_COMPLETION_INDEX or \
                     SLURM_ARRAY_TASK_ID in the environment"
                )),
                None => Ok(Shard::WHOLE),
            },
        }
    }

    fn slurm(&self, task: &str, env: &impl Fn(&str) -> Option<String>) -> Result<Shard, ProveError> {
        let id = number("SLURM_ARRAY_TASK_ID", task)?;
        let var = |name: &str| match env(name) {
            Some(value) => number(name, &value),
            None => refuse(format!(
                "SLURM_ARRAY_TASK_ID is set but {name} is not; run as a Slurm job array \
                 (sbatch --array=0-N), or pass --shard-index and --shard-count"
            )),
        };
        let (min, max, count) = (
            var("SLURM_ARRAY_TASK_MIN")?,
            var("SLURM_ARRAY_TASK_MAX")?,
            var("SLURM_ARRAY_TASK_COUNT")?,
        );
        if !(min..=max).contains(&id) {
            return refuse(format!(
                "SLURM_ARRAY_TASK_ID {id} is outside SLURM_ARRAY_TASK_MIN..=SLURM_ARRAY_TASK_MAX ({min}..={max})"
            ));
        }
        // min <= id <= max here; the number of ids may be 2^64, so it is counted wide.
        let ids = u128::from(max - min) + 1;
        if ids != u128::from(count) {
            return refuse(format!(
                "SLURM_ARRAY_TASK_COUNT is {count}, but the array {min}..={max} has {ids} ids: \
                 shards need a contiguous array with step 1, such as --array=0-{}",
                count.saturating_sub(1)
            ));
        }
        if let Some(flag) = self.count
            && flag != count
        {
            return refuse(format!(
                "--shard-count {flag} contradicts SLURM_ARRAY_TASK_COUNT {count}"
            ));
        }
        Shard::from_zero_based(id - min, count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(vars: &'a [(&str, &str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| {
            vars.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (*v).to_owned())
        }
    }

    const NONE: ShardRequest = ShardRequest {
        shard: None,
        index: None,
        count: None,
    };

    fn slurm(id: &str, min: &str, max: &str, count: &str) -> Vec<(&'static str, String)> {
        vec![
            ("SLURM_ARRAY_TASK_ID", id.to_owned()),
            ("SLURM_ARRAY_TASK_MIN", min.to_owned()),
            ("SLURM_ARRAY_TASK_MAX", max.to_owned()),
            ("SLURM_ARRAY_TASK_COUNT", count.to_owned()),
        ]
    }

    fn resolve(flags: ShardRequest, vars: &[(&'static str, String)]) -> Result<Shard, ProveError> {
        let vars: Vec<(&str, &str)> = vars.iter().map(|(n, v)| (*n, v.as_str())).collect();
        flags.resolve(env(&vars))
    }

    #[test]
    fn slurm_index_is_the_task_id_less_the_array_minimum() {
        assert_eq!(
            resolve(NONE, &slurm("7", "5", "8", "4")),
            Ok(Shard { index: 3, count: 4 })
        );
        let counted = ShardRequest {
            count: Some(4),
            ..NONE
        };
        assert_eq!(
            resolve(counted, &slurm("5", "5", "8", "4")),
            Ok(Shard { index: 1, count: 4 })
        );
    }

    #[test]
    fn contradictory_or_incomplete_environments_are_refused() {
        let message = |r: Result<Shard, ProveError>| match r {
            Err(ProveError::ShardSource(m)) => m,
            other => panic!("expected a refusal, got {other:?}"),
        };
        // A stepped array (--array=0-6:2) is not a set of shards.
        assert!(message(resolve(NONE, &slurm("2", "0", "6", "4"))).contains("contiguous"));
        assert!(message(resolve(NONE, &slurm("9", "0", "3", "4"))).contains("outside"));
        let counted = ShardRequest {
            count: Some(8),
            ..NONE
        };
        assert!(message(resolve(counted, &slurm("1", "0", "3", "4"))).contains("contradicts"));
        let partial = vec![("SLURM_ARRAY_TASK_ID", "1".to_owned())];
        assert!(message(resolve(NONE, &partial)).contains("SLURM_ARRAY_TASK_MIN"));
        let mut both = slurm("1", "0", "3", "4");
        both.push(("JOB_COMPLETION_INDEX", "1".to_owned()));
        assert!(message(resolve(NONE, &both)).contains("both"));
        let job = vec![("JOB_COMPLETION_INDEX", "x".to_owned())];
        assert!(message(resolve(NONE, &job)).contains("`x`"));
        let job = vec![("JOB_COMPLETION_INDEX", "4".to_owned())];
        let counted = ShardRequest {
            count: Some(4),
            ..NONE
        };
        assert!(message(resolve(counted, &job)).contains("out of range"));
        assert!(message(resolve(NONE, &job)).contains("--shard-count"));
    }

    #[test]
    fn variables_follow_the_number_rule_of_contest_input() {
        let counted = ShardRequest {
            count: Some(4),
            ..NONE
        };
        for value in ["1", " 1", "1\n", "\t1 "] {
            let job = vec![("JOB_COMPLETION_INDEX", value.to_owned())];
            assert_eq!(
                resolve(counted, &job),
                Ok(Shard { index: 2, count: 4 }),
                "{value:?}"
            );
        }
        for value in ["+1", "01", "-0", "1 2", "", "1x", "18446744073709551616"] {
            let job = vec![("JOB_COMPLETION_INDEX", value.to_owned())];
            let refused =
                matches!(resolve(counted, &job), Err(ProveError::ShardSource(m)) if m.contains("plain"));
            assert!(refused, "{value:?}");
        }
        assert!(resolve(NONE, &slurm("01", "0", "3", "4")).is_err());
    }

    #[test]
    fn a_slurm_array_of_every_u64_id_is_not_zero_shards() {
        let max = u64::MAX.to_string();
        for (id, count) in [("0", "0"), ("5", "0"), (max.as_str(), "0")] {
            let r = resolve(NONE, &slurm(id, "0", &max, count));
            assert!(
                matches!(&r, Err(ProveError::ShardSource(m)) if m.contains("18446744073709551616 ids")),
                "{id}: {r:?}"
            );
        }
    }

    #[test]
    fn flags_win_over_the_environment_and_must_not_conflict() {
        let job = vec![("JOB_COMPLETION_INDEX", "1".to_owned())];
        let flags = ShardRequest {
            index: Some(0),
            count: Some(2),
            ..NONE
        };
        assert_eq!(resolve(flags, &job), Ok(Shard { index: 1, count: 2 }));
        let old = ShardRequest {
            shard: Some(Shard { index: 2, count: 3 }),
            ..NONE
        };
        assert_eq!(resolve(old, &job), Ok(Shard { index: 2, count: 3 }));
        let both = ShardRequest {
            count: Some(3),
            ..old
        };
        assert!(resolve(both, &[]).is_err());
        let index_only = ShardRequest {
            index: Some(1),
            ..NONE
        };
        assert!(resolve(index_only, &[]).is_err());
        let count_only = ShardRequest {
            count: Some(2),
            ..NONE
        };
        assert!(resolve(count_only, &[]).is_err());
        assert_eq!(resolve(NONE, &[]), Ok(Shard::WHOLE));
    }
}
