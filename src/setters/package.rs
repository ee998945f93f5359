//! The files of an ICPC/Kattis problem package besides its tests: `problem.yaml`, a
//! statement stub, the input validator and the output validator (or interactor), each a
//! directory with `build` and `run` scripts that call the binary which wrote the package,
//! and the submissions the setter gave.

use std::path::{Path, PathBuf};

/// What the package is made of.
#[derive(Clone, Debug)]
pub struct PackageSpec {
    /// The problem's name, as the registry knows it.
    pub name: String,
    /// The problem and its flags, as words of the command line (`euclid`, `wythoff
    /// --max 100`).
    pub problem_args: Vec<String>,
    /// The absolute path of the binary the validators run.
    pub binary: PathBuf,
    /// An interactive game: its judge is an interactor.
    pub interactive: bool,
    /// Programs every test accepts (source files), put in `submissions/accepted/`.
    pub right: Vec<PathBuf>,
    /// Programs some test rejects (source files), put in `submissions/wrong_answer/`.
    pub wrong: Vec<PathBuf>,
}

/// One file of the package.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackageFile {
    /// Its path inside the package.
    pub path: PathBuf,
    pub bytes: Vec<u8>,
    /// A script, written executable.
    pub executable: bool,
}

/// Returns `word` quoted for a POSIX shell: between single quotes, each quote in it
/// closed, escaped and reopened.
///
/// # Example
/// ```
/// use gamecheck::setters::package::shell_quoted;
/// assert_eq!(shell_quoted("it's"), r"'it'\''s'");
/// ```
pub fn shell_quoted(word: &str) -> String {
    format!("'{}'", word.replace('\'', r"'\''"))
}

/// Returns a UUID (version 4's layout) drawn from `text`: the same problem gets the same
/// one on every run, as every file written is reproducible.
fn uuid(text: &str) -> String {
    let a = crate::interactive::test_seed(text.as_bytes());
    let b = crate::interactive::test_seed(format!("{text}\n{a}").as_bytes());
    let hex = format!("{a:016x}{b:016x}");
    format!(
        "{}-{}-4{}-8{}-{}",
        &hex[0..8],
        &hex[8..12],
        &hex[13..16],
        &hex[17..20],
        &hex[20..32]
    )
}

/// Returns a validator's two scripts: `build` checks that the binary is there (the
/// package names it by its absolute path), `run` execs it as `words` with the judge's
/// arguments after them, or, with `exit_map` (a shell `case` body over `$?`), runs it
/// with no more arguments and maps its exit code.
fn scripts(dir: &str, binary: &Path, words: &[String], exit_map: Option<&str>) -> [PackageFile; 2] {
    let exe = shell_quoted(&binary.display().to_string());
    let args: Vec<String> = words.iter().map(|w| shell_quoted(w)).collect();
    let build = format!(
        "#!/bin/sh\n# Written by `{} tests --layout kattis`: the validator is the binary that wrote\n\
         # the package, by its absolute path; this checks that it is still there.\n\
         test -x {exe} || {{ echo \"missing: {}\" >&2; exit 1; }}\n",
        crate::program::name(),
        binary.display()
    );
    let run = match exit_map {
        None => format!("#!/bin/sh\nexec {exe} {} \"$@\"\n", args.join(" ")),
        Some(map) => format!("#!/bin/sh\n{exe} {}\ncase $? in\n{map}esac\n", args.join(" ")),
    };
    [("build", build), ("run", run)].map(|(name, text)| PackageFile {
        path: PathBuf::from(dir).join(name),
        bytes: text.into_bytes(),
        executable: true,
    })
}

/// Returns the package's files besides `data/`: `problem.yaml` (`validation: custom`,
/// or `custom interactive` for an interactive game: the output is judged by the rules,
/// any winning move right), `problem_statement/problem.en.tex`, the input validator
/// `input_validators/<name>/` (`validate`, its 0/1 mapped to the format's 42/43), the
/// output validator `output_validators/<name>/` (`judge --kattis`, or `interact
/// --kattis`), and `submissions/accepted/` and `submissions/wrong_answer/` from
/// `spec.right` and `spec.wrong`, each file read from disk.
///
/// # Errors
/// A submission that cannot be read.
pub fn kattis_package(spec: &PackageSpec) -> std::io::Result<Vec<PackageFile>> {
    let name = &spec.name;
    let plain = |path: &str, text: String| PackageFile {
        path: PathBuf::from(path),
        bytes: text.into_bytes(),
        executable: false,
    };
    let validation = match spec.interactive {
        true => "custom interactive",
        false => "custom",
    };
    let mut files = vec![
        plain(
            "problem.yaml",
            format!(
                "# Written by `{} tests {} --layout kattis`.\nsource: gamecheck\nlicense: cc by-sa\n\
                 rights_owner: the problem's setter\nuuid: {}\nvalidation: {validation}\n",
                crate::program::name(),
                spec.problem_args.join(" "),
                uuid(&spec.problem_args.join(" "))
            ),
        ),
        plain(
            "problem_statement/problem.en.tex",
            format!(
                "\\problemname{{{name}}}\n\nThe game {name}, as `{} solve {}` reads and answers it.\n",
                crate::program::name(),
                spec.problem_args.join(" ")
            ),
        ),
    ];
    let mut validate = vec!["validate".to_owned()];
    validate.extend(spec.problem_args.iter().cloned());
    if spec.interactive {
        validate.push("--interactive".to_owned());
    }
    let in_map = "  0) exit 42 ;;\n  1) exit 43 ;;\n  *) exit 1 ;;\n";
    // No "$@": the validator takes no flags of the package's.
    files.extend(scripts(
        &format!("input_validators/{name}"),
        &spec.binary,
        &validate,
        Some(in_map),
    ));
    let judge = match spec.interactive {
        true => "interact",
        false => "judge",
    };
    let mut words = vec![judge.to_owned()];
    words.extend(spec.problem_args.iter().cloned());
    words.push("--kattis".to_owned());
    files.extend(scripts(
        &format!("output_validators/{name}"),
        &spec.binary,
        &words,
        None,
    ));
    for (dir, programs) in [("accepted", &spec.right), ("wrong_answer", &spec.wrong)] {
        for program in programs {
            let file = program.file_name().unwrap_or_default();
            files.push(PackageFile {
                path: Path::new("submissions").join(dir).join(file),
                bytes: std::fs::read(program)?,
                executable: false,
            });
        }
    }
    Ok(files)
}
