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

/// The environment variable that sets the compile time limit in seconds (default
/// [`COMPILE_LIMIT_SECS`]).
pub const COMPILE_LIMIT_VAR: &str = "GAMECHECK_COMPILE_LIMIT";

/// The default compile time limit: each compiler process (the driver, `cc1plus`, the
/// assembler, the linker) gets this many seconds of CPU time, and the whole compile twice
/// as many of wall time, for a compiler that waits (`#include` of a FIFO).
pub const COMPILE_LIMIT_SECS: u64 = 30;

/// The most of the compiler's message kept; the rest is counted, not shown.
const MESSAGE_CAP: usize = 16 * 1024;

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
    /// The compiler ran past the compile time limit and was killed.
    #[error(
        "`{command}` ran past the compile time limit of {limit_secs} s ({which}; \
         set {COMPILE_LIMIT_VAR} to change it) and was killed{message}"
    )]
    TimedOut {
        command: String,
        limit_secs: u64,
        /// `CPU time` or `wall time`, whichever ran out.
        which: &'static str,
        /// What the compiler printed before, if anything, after a colon and a new line.
        message: String,
    },
    /// The source cannot run the way a judge runs it.
    #[error("`{source_file}` cannot run as a judge runs it: {why}")]
    Setup { source_file: PathBuf, why: String },
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
use std::time::Duration;

/// How a source file of one language is built and run.
struct Language {
    extensions: &'static [&'static str],
    /// The compiler and its flags; the source, then `-o` and the binary are appended.
    compile: Option<&'static [&'static str]>,
    /// The flag that prints the compiler's version.
    version_flag: &'static str,
}

const LANGUAGES: [Language; 4] = [
    Language {
        extensions: &["cpp", "cc", "cxx"],
        compile: Some(&["g++", "-O2", "-std=c++17"]),
        version_flag: "--version",
    },
    Language {
        extensions: &["c"],
        compile: Some(&["gcc", "-O2"]),
        version_flag: "--version",
    },
    Language {
        extensions: &["py"],
        compile: None,
        version_flag: "--version",
    },
    Language {
        extensions: &["java"],
        compile: Some(&["javac"]),
        version_flag: "-version",
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

/// Returns the compile time limit: `$GAMECHECK_COMPILE_LIMIT` seconds when it is a
/// positive number, else [`COMPILE_LIMIT_SECS`].
fn compile_limit_secs() -> u64 {
    std::env::var(COMPILE_LIMIT_VAR)
        .ok()
        .and_then(|v| v.trim().parse::<u64>().ok())
        .filter(|&s| s > 0)
        .map_or(COMPILE_LIMIT_SECS, |s| s.min(24 * 3600))
}

/// What a compiler run printed and how it ended.
struct Finished {
    success: bool,
    /// Its standard error then its standard output, cut to [`MESSAGE_CAP`] bytes with a
    /// line saying how much was cut.
    message: String,
}

/// Why a compiler run gave no [`Finished`].
enum RunFailure {
    Spawn(std::io::Error),
    TimedOut { which: &'static str, message: String },
}

/// Reads `pipe` to its end, keeping its first `cap` bytes; returns them and the number
/// of bytes read in all.
fn read_capped(mut pipe: impl std::io::Read, cap: usize) -> (Vec<u8>, u64) {
    let mut kept = Vec::new();
    let mut total = 0u64;
    let mut buf = [0u8; 8192];
    loop {
        match pipe.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                total += n as u64;
                let room = cap.saturating_sub(kept.len());
                kept.extend_from_slice(&buf[..n.min(room)]);
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    (kept, total)
}

/// Returns the compiler's message: the kept bytes of standard error then standard
/// output, cut at a line's end when cut at all, with the number of bytes cut.
fn capped_message(parts: &[(Vec<u8>, u64)]) -> String {
    let mut kept: Vec<u8> = Vec::new();
    let mut total = 0u64;
    for (bytes, n) in parts {
        total += n;
        kept.extend_from_slice(bytes);
    }
    let mut shown = kept.len().min(MESSAGE_CAP);
    if (shown as u64) < total
        && let Some(end) = kept[..shown].iter().rposition(|&b| b == b'\n')
    {
        shown = end + 1;
    }
    let mut message = String::from_utf8_lossy(&kept[..shown]).trim_end().to_owned();
    let cut = total - shown as u64;
    if cut > 0 {
        message.push_str(&format!(
            "\n[… {cut} more bytes of the compiler's message cut: it printed {total} bytes, \
             the first {shown} are shown]"
        ));
    }
    message
}

/// Runs `cmd` in a process group of its own, each process under `limit_secs` of CPU
/// time and the whole group under twice that of wall time (then killed).
fn run_limited(cmd: &mut std::process::Command, limit_secs: u64) -> Result<Finished, RunFailure> {
    limit_each_process(cmd, limit_secs);
    let mut child = cmd.spawn().map_err(RunFailure::Spawn)?;
    let pid = child.id() as libc::pid_t;
    let (receive, readers) = read_output(&mut child);
    let wall = Duration::from_secs(limit_secs.saturating_mul(2));
    let Waited {
        parts,
        status,
        cpu,
        out_of_time,
    } = wait_within(pid, &receive, readers, wall);
    let mut timed_out = None;
    if out_of_time {
        timed_out = Some("wall time");
        // SAFETY: signals the process group this function created (its leader is our
        // unreaped child or was just reaped, so the group id is not reused yet).
        unsafe { libc::kill(-pid, libc::SIGKILL) };
        if status.is_none() {
            // SAFETY: reaps our own killed child.
            unsafe { libc::waitpid(pid, &mut 0, 0) };
        }
    }
    let success = status.is_some_and(|s| libc::WIFEXITED(s) && libc::WEXITSTATUS(s) == 0);
    // A process of the compile killed by its CPU limit: SIGXCPU, or the compiler
    // reporting it, after about the limit of CPU time.
    if timed_out.is_none()
        && !success
        && (status.is_some_and(|s| {
            libc::WIFSIGNALED(s) && matches!(libc::WTERMSIG(s), libc::SIGXCPU | libc::SIGKILL)
        }) || cpu + Duration::from_millis(500) >= Duration::from_secs(limit_secs))
    {
        timed_out = Some("CPU time");
    }
    let message = capped_message(&parts);
    match timed_out {
        Some(which) => Err(RunFailure::TimedOut { which, message }),
        None => Ok(Finished { success, message }),
    }
}

/// Sets `cmd` to start in a process group of its own, with its pipes, each of its
/// processes under `limit_secs` of CPU time and no signal blocked.
fn limit_each_process(cmd: &mut std::process::Command, limit_secs: u64) {
    use std::os::unix::process::CommandExt;
    use std::process::Stdio;
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    // SAFETY: the closure calls only setrlimit, sigemptyset and sigprocmask, all
    // async-signal-safe, between fork and exec.
    unsafe {
        cmd.pre_exec(move || {
            let limit = libc::rlimit {
                rlim_cur: limit_secs as libc::rlim_t,
                rlim_max: limit_secs as libc::rlim_t + 1,
            };
            libc::setrlimit(libc::RLIMIT_CPU, &limit);
            // `stress` blocks its signals for its handler thread: the compiler starts
            // with none blocked, as from a shell.
            let mut none: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut none);
            libc::sigprocmask(libc::SIG_SETMASK, &none, std::ptr::null_mut());
            Ok(())
        });
    }
}

/// One captured pipe: 0 for standard error, 1 for standard output, with its kept bytes
/// and the number read in all.
type Part = (usize, (Vec<u8>, u64));

/// Returns the channel on which threads send the child's standard error and output
/// (each read to its end, capped), and how many threads were started.
fn read_output(child: &mut std::process::Child) -> (std::sync::mpsc::Receiver<Part>, usize) {
    let (send, receive) = std::sync::mpsc::channel();
    let mut readers = 0;
    if let Some(err) = child.stderr.take() {
        let send = send.clone();
        readers += 1;
        std::thread::spawn(move || send.send((0, read_capped(err, MESSAGE_CAP + 1))));
    }
    if let Some(out) = child.stdout.take() {
        readers += 1;
        std::thread::spawn(move || send.send((1, read_capped(out, MESSAGE_CAP + 1))));
    }
    (receive, readers)
}

/// What [`wait_within`] saw of a compiler run.
struct Waited {
    /// Standard error and standard output as read, each capped, with its byte count.
    parts: [(Vec<u8>, u64); 2],
    /// The wait status, once the child was reaped.
    status: Option<i32>,
    /// The child's CPU time, user and system, once reaped.
    cpu: Duration,
    /// The wall time ran out before the child ended and both pipes were read.
    out_of_time: bool,
}

/// Returns what the child `pid` printed on the pipes `readers` threads send through
/// `receive`, and how it ended: waits until it has ended and both pipes are read, or
/// `wall` has passed.
fn wait_within(
    pid: libc::pid_t,
    receive: &std::sync::mpsc::Receiver<Part>,
    mut readers: usize,
    wall: Duration,
) -> Waited {
    let start = std::time::Instant::now();
    let mut seen = Waited {
        parts: [(Vec::new(), 0u64), (Vec::new(), 0u64)],
        status: None,
        cpu: Duration::ZERO,
        out_of_time: false,
    };
    while seen.status.is_none() || readers > 0 {
        let left = wall.saturating_sub(start.elapsed());
        if left.is_zero() {
            seen.out_of_time = true;
            return seen;
        }
        if readers > 0 {
            match receive.recv_timeout(left.min(Duration::from_millis(20))) {
                Ok((i, part)) => {
                    seen.parts[i] = part;
                    readers -= 1;
                }
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => readers = 0,
            }
        } else {
            std::thread::sleep(left.min(Duration::from_millis(10)));
        }
        if seen.status.is_none()
            && let Some((raw, used)) = try_reap(pid)
        {
            seen.status = Some(raw);
            seen.cpu = used;
        }
    }
    seen
}

/// Returns the wait status and the CPU time (user and system) of the child `pid` if it
/// has ended, reaping it; `None` while it runs.
fn try_reap(pid: libc::pid_t) -> Option<(i32, Duration)> {
    let mut raw = 0;
    // SAFETY: wait4 writes only the status and the usage we own; `pid` is our child.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    if unsafe { libc::wait4(pid, &mut raw, libc::WNOHANG, &mut usage) } != pid {
        return None;
    }
    let time = |t: libc::timeval| {
        Duration::from_secs(t.tv_sec.max(0) as u64) + Duration::from_micros(t.tv_usec.max(0) as u64)
    };
    Some((raw, time(usage.ru_utime) + time(usage.ru_stime)))
}

/// Returns the first line the compiler prints for its version flag, memoized per
/// compiler for the process.
fn compiler_version(compiler: &str, flag: &str, limit_secs: u64) -> Result<String, RunFailure> {
    use std::collections::HashMap;
    use std::sync::Mutex;
    static VERSIONS: Mutex<Option<HashMap<String, String>>> = Mutex::new(None);
    if let Some(v) = VERSIONS
        .lock()
        .ok()
        .and_then(|m| m.as_ref().and_then(|m| m.get(compiler).cloned()))
    {
        return Ok(v);
    }
    let finished = run_limited(std::process::Command::new(compiler).arg(flag), limit_secs)?;
    let version = finished.message.lines().next().unwrap_or("").to_owned();
    if let Ok(mut m) = VERSIONS.lock() {
        m.get_or_insert_with(HashMap::new)
            .insert(compiler.to_owned(), version.clone());
    }
    Ok(version)
}

/// Returns the files a make-style dependency file (`gcc -MD -MF`) lists after its
/// first target, relative ones resolved against the working directory.
fn parse_dependencies(text: &str) -> Vec<PathBuf> {
    let joined = text.replace("\\\r\n", " ").replace("\\\n", " ");
    let mut files = Vec::new();
    for line in joined.lines() {
        // `target: dep dep …`; a target's colon is followed by a space or the end.
        let Some(colon) = line.find(": ").or_else(|| line.strip_suffix(':').map(str::len)) else {
            continue;
        };
        let mut word = String::new();
        let mut chars = line[colon + 1..].chars().peekable();
        let mut push = |word: &mut String| {
            if !word.is_empty() {
                files.push(PathBuf::from(std::mem::take(word)));
            }
        };
        while let Some(c) = chars.next() {
            match c {
                '\\' if matches!(chars.peek(), Some(' ' | '#' | '\\')) => {
                    word.extend(chars.next());
                }
                '$' if chars.peek() == Some(&'$') => {
                    chars.next();
                    word.push('$');
                }
                c if c.is_whitespace() => push(&mut word),
                c => word.push(c),
            }
        }
        push(&mut word);
        // The other lines are `-MP`-style phony targets, never with -MD alone.
        break;
    }
    let here = std::env::current_dir().unwrap_or_default();
    files.sort();
    files.dedup();
    files.into_iter().map(|f| here.join(f)).collect()
}

/// Returns the key of the files a build read, as they are now: their names and
/// contents (a missing file counts as its name alone, so it changes the key).
fn dependencies_key(files: &[PathBuf]) -> String {
    let mut parts: Vec<Vec<u8>> = Vec::with_capacity(2 * files.len());
    for f in files {
        parts.push(f.to_string_lossy().into_owned().into_bytes());
        parts.push(std::fs::read(f).unwrap_or_else(|_| b"\0missing".to_vec()));
    }
    content_key(&parts.iter().map(Vec::as_slice).collect::<Vec<_>>())
}

/// Returns the `.java` files javac may read besides the source: those next to it and in
/// the working directory (its default source path).
fn java_dependencies(path: &Path) -> Vec<PathBuf> {
    let here = std::env::current_dir().unwrap_or_default();
    let dirs = [
        here.join(path).parent().map(Path::to_path_buf),
        Some(here.clone()),
    ];
    let mut files: Vec<PathBuf> = dirs
        .into_iter()
        .flatten()
        .filter_map(|d| std::fs::read_dir(d).ok())
        .flatten()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "java"))
        .collect();
    files.sort();
    files.dedup();
    files
}

/// Returns the `package` a Java source declares, if any.
fn java_package(source: &str) -> Option<String> {
    source.lines().find_map(|line| {
        let rest = line.trim_start().strip_prefix("package")?;
        rest.starts_with(char::is_whitespace)
            .then(|| rest.trim().trim_end_matches(';').trim().to_owned())
    })
}

/// Returns the command that runs `command` (`sol.cpp`, `Sol.java`, `sol.py`, or any
/// other command, returned as it is): a source file is compiled the usual way (`g++ -O2
/// -std=c++17`, `gcc -O2`, `javac`; `python3` runs a `.py`), into `dir` (`None`:
/// [`cache_dir`]), under the compile time limit ([`COMPILE_LIMIT_SECS`], or
/// `$GAMECHECK_COMPILE_LIMIT`), and cut to its first 16 KiB of message.
///
/// A build is reused while the compiler's version and flags, the source's path and every
/// file the compiler read (its `-MD` list: the headers a source includes) are unchanged.
///
/// A word is taken as a source file only when it is the whole command, ends in `.cpp`,
/// `.cc`, `.cxx`, `.c`, `.py` or `.java`, and names an existing file.
///
/// # Errors
/// [`BuildError::Compile`] with the compiler's message, [`BuildError::TimedOut`] past the
/// compile time limit, [`BuildError::Setup`] for a Java source with a `package` line (a
/// judge runs the class by its plain name), [`BuildError::NoCompiler`] when it cannot be
/// run, [`BuildError::Io`] when the source or the cache cannot be read or written.
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
    let source = std::fs::read(path).map_err(|e| io_error("cannot read the solution", path, e))?;
    let java = extension == "java";
    if java {
        reject_java_package(path, &source)?;
    }
    let build = Build {
        path,
        compile,
        java,
        limit_secs: compile_limit_secs(),
        shown: format!("{} {}", compile.join(" "), word),
    };
    let version = compiler_version(compile[0], language.version_flag, build.limit_secs)
        .map_err(|e| build.failure(e))?;
    let name = std::path::absolute(path).unwrap_or_else(|_| path.to_owned());
    let key = content_key(&[
        version.as_bytes(),
        compile.join(" ").as_bytes(),
        name.to_string_lossy().as_bytes(),
        &source,
    ]);
    // One directory per source, holding one build per set of what the compiler read.
    let builds = cache.join(&key);
    if let Some(dir) = fresh_build(&builds) {
        return Ok(build.run_command(&dir));
    }
    let dir = build.build_into(&builds)?;
    Ok(build.run_command(&dir))
}

/// Returns [`BuildError::Io`]: `what` failed on `path`, for why `e` says.
fn io_error(what: &'static str, path: &Path, e: std::io::Error) -> BuildError {
    BuildError::Io {
        what,
        path: path.to_owned(),
        why: e.to_string(),
    }
}

/// Returns [`BuildError::Setup`] for a Java `source` with a `package` line (a judge runs
/// the class by its plain name), else nothing.
fn reject_java_package(path: &Path, source: &[u8]) -> Result<(), BuildError> {
    let Some(package) = java_package(&String::from_utf8_lossy(source)) else {
        return Ok(());
    };
    let class = path.file_stem().and_then(|s| s.to_str()).unwrap_or("Main");
    Err(BuildError::Setup {
        source_file: path.to_owned(),
        why: format!(
            "it declares `package {package};`, so its class is `{package}.{class}` and \
             `java {class}` finds no such class; remove the package line, as judges require",
        ),
    })
}

/// One source file to build, and how.
struct Build<'a> {
    path: &'a Path,
    /// The compiler and its flags.
    compile: &'static [&'static str],
    java: bool,
    limit_secs: u64,
    /// The compile command as reports show it.
    shown: String,
}

impl Build<'_> {
    /// Returns the error a compiler run that gave no result stands for.
    fn failure(&self, e: RunFailure) -> BuildError {
        match e {
            RunFailure::Spawn(e) => BuildError::NoCompiler {
                compiler: self.compile[0].to_owned(),
                source_file: self.path.to_owned(),
                why: e.to_string(),
            },
            RunFailure::TimedOut { which, message } => BuildError::TimedOut {
                command: self.shown.clone(),
                limit_secs: self.limit_secs,
                which,
                message: if message.is_empty() {
                    String::new()
                } else {
                    format!(":\n{message}")
                },
            },
        }
    }

    /// Returns the command that runs the build in `dir`.
    fn run_command(&self, dir: &Path) -> Vec<String> {
        if self.java {
            let class = self.path.file_stem().and_then(|s| s.to_str()).unwrap_or("Main");
            vec![
                "java".to_owned(),
                "-cp".to_owned(),
                dir.to_string_lossy().into_owned(),
                class.to_owned(),
            ]
        } else {
            vec![dir.join("solution").to_string_lossy().into_owned()]
        }
    }

    /// Returns the directory under `builds` holding a new build of the source, named for
    /// the files the compiler read; built in a fresh directory renamed into place, so two
    /// runs never see half a build.
    fn build_into(&self, builds: &Path) -> Result<PathBuf, BuildError> {
        create_cache_dir(builds).map_err(|why| BuildError::Io {
            what: "cannot create the cache directory",
            path: builds.to_owned(),
            why,
        })?;
        // One directory per build, also between threads of one process building the same
        // source.
        static BUILDS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let partial = builds.join(format!(
            "partial-{}-{}",
            std::process::id(),
            BUILDS.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&partial);
        std::fs::create_dir_all(&partial).map_err(|e| io_error("cannot create", &partial, e))?;
        let files = self.compile_in(&partial).inspect_err(|_| {
            let _ = std::fs::remove_dir_all(&partial);
        })?;
        let list: String = files.iter().map(|f| format!("{}\n", f.display())).collect();
        let write = |file: &str, text: &[u8]| {
            let at = partial.join(file);
            std::fs::write(&at, text).map_err(|e| io_error("cannot write into", &partial, e))
        };
        write("deps.list", list.as_bytes())?;
        write(".built", self.shown.as_bytes())?;
        let dir = builds.join(dependencies_key(&files));
        if std::fs::rename(&partial, &dir).is_err() {
            // Another run built the same content first: use its build.
            let _ = std::fs::remove_dir_all(&partial);
        }
        Ok(dir)
    }

    /// Compiles the source into `partial`; returns the files the compiler read.
    fn compile_in(&self, partial: &Path) -> Result<Vec<PathBuf>, BuildError> {
        let mut cmd = std::process::Command::new(self.compile[0]);
        cmd.args(&self.compile[1..]);
        let deps_file = partial.join("deps.d");
        if self.java {
            cmd.arg("-d").arg(partial).arg(self.path);
        } else {
            // Judges link libm (`sqrt`, `floor`) for C as for C++.
            cmd.arg(self.path)
                .arg("-o")
                .arg(partial.join("solution"))
                .arg("-lm");
            cmd.arg("-MD").arg("-MF").arg(&deps_file);
        }
        let finished = run_limited(&mut cmd, self.limit_secs).map_err(|e| self.failure(e))?;
        if !finished.success {
            return Err(BuildError::Compile {
                command: self.shown.clone(),
                source_file: self.path.to_owned(),
                message: finished.message,
            });
        }
        if self.java {
            return Ok(java_dependencies(self.path));
        }
        let text = std::fs::read_to_string(&deps_file).map_err(|e| io_error("cannot read", &deps_file, e))?;
        Ok(parse_dependencies(&text))
    }
}

/// Creates `dir` and its parents; a dangling symbolic link on the way is named as such,
/// not reported as "File exists".
///
/// # Errors
/// Why the directory could not be created, naming the link and its target when one
/// dangles.
pub(crate) fn create_cache_dir(dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| {
        let dangling = dir.ancestors().find_map(|a| {
            let target = std::fs::read_link(a).ok()?;
            (!a.exists()).then(|| (a.to_owned(), target))
        });
        match dangling {
            Some((link, target)) => format!(
                "`{}` is a symbolic link to `{}`, which does not exist (create it, or point \
                 {CACHE_DIR_VAR} elsewhere)",
                link.display(),
                target.display()
            ),
            None => e.to_string(),
        }
    })
}

/// Returns a hint for a solution command of several words whose program is not found:
/// how it was split (`my sol.c` runs `my` with the argument `sol.c`), and how to quote a
/// file name with a space; `None` when the program exists or the command is one word.
pub fn split_hint(command: &str) -> Option<String> {
    let words = shell_words::split(command).ok()?;
    let (program, rest) = words.split_first()?;
    if rest.is_empty() {
        return None;
    }
    let found = if program.contains('/') {
        Path::new(program).is_file()
    } else {
        std::env::var_os("PATH")
            .is_some_and(|path| std::env::split_paths(&path).any(|d| d.join(program).is_file()))
    };
    if found {
        return None;
    }
    let whole = words.join(" ");
    Some(format!(
        "hint: the solution command `{command}` is the program `{program}` with the argument{} {}; \
         if `{whole}` is one file name, quote it inside the argument: --solution \"{}\"",
        if rest.len() == 1 { "" } else { "s" },
        rest.iter()
            .map(|w| format!("`{w}`"))
            .collect::<Vec<_>>()
            .join(" "),
        shell_words::quote(&whole)
    ))
}

/// Returns a finished build under `builds` whose listed files still have the contents
/// it was built from.
fn fresh_build(builds: &Path) -> Option<PathBuf> {
    std::fs::read_dir(builds).ok()?.flatten().find_map(|entry| {
        let dir = entry.path();
        let name = entry.file_name().into_string().ok()?;
        if name.starts_with("partial-") || !dir.join(".built").is_file() {
            return None;
        }
        let list = std::fs::read_to_string(dir.join("deps.list")).ok()?;
        let files: Vec<PathBuf> = list.lines().map(PathBuf::from).collect();
        (dependencies_key(&files) == name).then_some(dir)
    })
}

#[cfg(test)]
mod tests {
    use super::{BuildError, built_in, capped_message, name, parse_dependencies};
    use std::path::PathBuf;

    #[test]
    fn dependency_lists_are_read_with_continuations_and_escaped_spaces() {
        let here = std::env::current_dir().expect("a working directory");
        let files =
            parse_dependencies("out/solution: sol.c /usr/include/stdio.h \\\n my\\ dir/rule.h a$$b.h\n");
        let expected: Vec<PathBuf> = ["/usr/include/stdio.h", "a$b.h", "my dir/rule.h", "sol.c"]
            .iter()
            .map(|f| here.join(f))
            .collect();
        assert_eq!(files, expected);
    }

    #[test]
    fn a_long_compiler_message_is_cut_at_a_line_with_the_bytes_cut_counted() {
        let line = b"error: undefined\n";
        let text: Vec<u8> = line.iter().copied().cycle().take(line.len() * 5000).collect();
        let total = text.len() as u64;
        let message = capped_message(&[(text[..super::MESSAGE_CAP + 1].to_vec(), total), (Vec::new(), 0)]);
        let shown = message.lines().filter(|l| *l == "error: undefined").count();
        assert!(shown * line.len() <= super::MESSAGE_CAP, "{shown} lines");
        let cut = total - (shown * line.len()) as u64;
        assert!(message.ends_with(&format!("[… {cut} more bytes of the compiler's message cut: it printed {total} bytes, the first {} are shown]", shown * line.len())), "{}", &message[message.len() - 200..]);
    }

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
