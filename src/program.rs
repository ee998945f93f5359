//! The name of the running command, for the commands that reports print (`gamecheck
//! repro …`, the replay command of `stress`): `gamecheck`, or the name of a user's own
//! command line made by [`main!`](crate::main).

use std::sync::OnceLock;

static NAME: OnceLock<&'static str> = OnceLock::new();

/// Returns the command's name: the one [`set_name`] gave, else `gamecheck`.
pub fn name() -> &'static str {
    NAME.get().copied().unwrap_or("gamecheck")
}

/// Names the running command, once: later calls change nothing.
pub fn set_name(name: &'static str) {
    let _ = NAME.set(name);
}

/// The environment variable that names the directory where solutions given as source
/// files are built (tests point it at a temporary directory).
pub const CACHE_DIR_VAR: &str = "GAMECHECK_CACHE_DIR";

/// Why a solution given as a source file could not be built.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BuildError {
    /// The compiler rejected the source: its own message follows.
    #[error("`{command}` failed to compile `{source_file}`:\n{message}")]
    Compile {
        command: String,
        source_file: PathBuf,
        message: String,
    },
    /// The compiler is not installed.
    #[error("cannot run `{compiler}` to build `{source_file}`: {why}")]
    NoCompiler {
        compiler: String,
        source_file: PathBuf,
        why: String,
    },
    /// The source or the cache directory could not be read or written.
    #[error("{what} `{path}`: {why}")]
    Io {
        what: &'static str,
        path: PathBuf,
        why: String,
    },
}

use std::path::{Path, PathBuf};

/// How a source file of one language is built and run.
struct Language {
    extensions: &'static [&'static str],
    /// The compiler and its flags; the source, then `-o` and the binary are appended.
    compile: Option<&'static [&'static str]>,
}

const LANGUAGES: [Language; 4] = [
    Language {
        extensions: &["cpp", "cc", "cxx"],
        compile: Some(&["g++", "-O2", "-std=c++17"]),
    },
    Language {
        extensions: &["c"],
        compile: Some(&["gcc", "-O2"]),
    },
    Language {
        extensions: &["py"],
        compile: None,
    },
    Language {
        extensions: &["java"],
        compile: Some(&["javac"]),
    },
];

/// Returns the directory where built solutions are kept: `$GAMECHECK_CACHE_DIR`, else
/// `$XDG_CACHE_HOME/gamecheck/solutions`, else `~/.cache/gamecheck/solutions`, else one
/// under the temporary directory.
pub fn cache_dir() -> PathBuf {
    let var = |name| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if let Some(dir) = var(CACHE_DIR_VAR) {
        return dir;
    }
    var("XDG_CACHE_HOME")
        .or_else(|| var("HOME").map(|h| h.join(".cache")))
        .unwrap_or_else(std::env::temp_dir)
        .join("gamecheck")
        .join("solutions")
}

/// Returns a 128-bit key of `parts` (SipHash under two fixed keys): equal parts, equal
/// keys. A cache key, not a cryptographic hash.
fn content_key(parts: &[&[u8]]) -> String {
    use std::hash::{Hash, Hasher};
    let half = |salt: u8| {
        let mut h = std::hash::DefaultHasher::new();
        salt.hash(&mut h);
        for p in parts {
            p.hash(&mut h);
        }
        h.finish()
    };
    format!("{:016x}{:016x}", half(1), half(2))
}

/// Returns the command that runs `command` (`sol.cpp`, `Sol.java`, `sol.py`, or any
/// other command, returned as it is): a source file is compiled the usual way (`g++ -O2
/// -std=c++17`, `gcc -O2`, `javac`; `python3` runs a `.py`), once per content, into
/// `dir` (`None`: [`cache_dir`]).
///
/// A word is taken as a source file only when it is the whole command, ends in `.cpp`,
/// `.cc`, `.cxx`, `.c`, `.py` or `.java`, and names an existing file.
///
/// # Errors
/// [`BuildError::Compile`] with the compiler's message, [`BuildError::NoCompiler`] when
/// it cannot be run, [`BuildError::Io`] when the source or the cache cannot be read or
/// written.
pub fn built_in(command: &str, dir: Option<&Path>) -> Result<Vec<String>, BuildError> {
    let cache = dir.map_or_else(cache_dir, Path::to_path_buf);
    let words = shell_words::split(command).unwrap_or_else(|_| vec![command.to_owned()]);
    let [word] = &words[..] else {
        return Ok(words);
    };
    let path = Path::new(word);
    let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let Some(language) = LANGUAGES.iter().find(|l| l.extensions.contains(&extension)) else {
        return Ok(words);
    };
    if !path.is_file() {
        return Ok(words);
    }
    let Some(compile) = language.compile else {
        return Ok(vec!["python3".to_owned(), word.clone()]);
    };
    let io = |what, path: &Path, e: std::io::Error| BuildError::Io {
        what,
        path: path.to_owned(),
        why: e.to_string(),
    };
    let source = std::fs::read(path).map_err(|e| io("cannot read the solution", path, e))?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("solution");
    let key = content_key(&[compile.join(" ").as_bytes(), name.as_bytes(), &source]);
    let dir = cache.join(&key);
    let java_class = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("Main")
        .to_owned();
    let run = |dir: &Path| -> Vec<String> {
        if extension == "java" {
            vec![
                "java".to_owned(),
                "-cp".to_owned(),
                dir.to_string_lossy().into_owned(),
                java_class.clone(),
            ]
        } else {
            vec![dir.join("solution").to_string_lossy().into_owned()]
        }
    };
    if dir.join(".built").is_file() {
        return Ok(run(&dir));
    }
    // Built in a fresh directory renamed into place, so two runs never see half a build.
    let parent = cache.clone();
    std::fs::create_dir_all(&parent).map_err(|e| io("cannot create the cache directory", &parent, e))?;
    // One directory per build, also between threads of one process building the same source.
    static BUILDS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let partial = parent.join(format!(
        "{key}.partial-{}-{}",
        std::process::id(),
        BUILDS.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&partial);
    std::fs::create_dir_all(&partial).map_err(|e| io("cannot create", &partial, e))?;
    let mut cmd = std::process::Command::new(compile[0]);
    cmd.args(&compile[1..]);
    if extension == "java" {
        cmd.arg("-d").arg(&partial).arg(path);
    } else {
        // Judges link libm (`sqrt`, `floor`) for C as for C++.
        cmd.arg(path).arg("-o").arg(partial.join("solution")).arg("-lm");
    }
    let shown = format!("{} {}", compile.join(" "), word);
    let output = cmd.output().map_err(|e| BuildError::NoCompiler {
        compiler: compile[0].to_owned(),
        source_file: path.to_owned(),
        why: e.to_string(),
    });
    let output = match output {
        Ok(o) => o,
        Err(e) => {
            let _ = std::fs::remove_dir_all(&partial);
            return Err(e);
        }
    };
    if !output.status.success() {
        let _ = std::fs::remove_dir_all(&partial);
        let mut message = String::from_utf8_lossy(&output.stderr).into_owned();
        message.push_str(&String::from_utf8_lossy(&output.stdout));
        return Err(BuildError::Compile {
            command: shown,
            source_file: path.to_owned(),
            message: message.trim_end().to_owned(),
        });
    }
    std::fs::write(partial.join(".built"), shown.as_bytes())
        .map_err(|e| io("cannot write into", &partial, e))?;
    if std::fs::rename(&partial, &dir).is_err() {
        // Another run built the same content first: use its build.
        let _ = std::fs::remove_dir_all(&partial);
    }
    Ok(run(&dir))
}

#[cfg(test)]
mod tests {
    use super::{BuildError, built_in, name};

    #[test]
    fn the_program_is_named_gamecheck_until_a_binary_says_otherwise() {
        assert_eq!(name(), "gamecheck");
    }

    #[test]
    fn a_command_that_is_not_a_source_file_is_run_as_it_is() {
        assert_eq!(
            built_in("./sol --fast", None).ok(),
            Some(vec!["./sol".to_owned(), "--fast".to_owned()])
        );
    }

    #[test]
    fn a_source_file_is_built_once_and_a_compile_error_is_shown() {
        let dir = std::env::temp_dir().join(format!("gamecheck-program-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        let builds = dir.join("cache");
        let source = |name: &str, text: &str| {
            let path = dir.join(name);
            std::fs::write(&path, text).expect("the source is written");
            path.to_string_lossy().into_owned()
        };
        let ok = source(
            "sol.cpp",
            "#include <cstdio>\nint main() { std::puts(\"hi\"); }\n",
        );
        let first = built_in(&ok, Some(&builds)).expect("g++ builds it");
        let again = built_in(&ok, Some(&builds)).expect("cached");
        assert_eq!(first, again);
        assert_eq!(std::fs::read_dir(&builds).map(Iterator::count).ok(), Some(1));
        let out = std::process::Command::new(&first[0]).output().expect("it runs");
        assert_eq!(out.stdout, b"hi\n");
        let py = source("sol.py", "print(1)\n");
        assert_eq!(
            built_in(&py, Some(&builds)).ok(),
            Some(vec!["python3".to_owned(), py.clone()])
        );
        let bad = source("bad.c", "int main(void) { return missing; }\n");
        match built_in(&bad, Some(&builds)) {
            Err(BuildError::Compile { message, .. }) => assert!(message.contains("missing"), "{message}"),
            other => panic!("a compile error expected, got {other:?}"),
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
