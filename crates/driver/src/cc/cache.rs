//! The pipelines clang printed, kept on disk, so a build asks clang for
//! the pipeline of a set of flags once, not once per file (each query is a
//! process of its own: on a small file, about a tenth of the compile).
//!
//! An entry is `pipeline-HASH.txt` in `LOOPWRIGHT_CACHE_DIR`, else
//! `$XDG_CACHE_HOME/loopwright`, else `~/.cache/loopwright`: the key, a
//! line `---`, the pipeline text. The key is the query's arguments without
//! those that cannot change the pipeline (preprocessor, diagnostic and
//! directory options), and the clang binary's path, size and modification
//! time, so a new clang misses. A read checks the whole key (a hash
//! collision misses); a write goes to a temporary file renamed into place
//! (concurrent builds never see half an entry). Any I/O error means no
//! cache; `LOOPWRIGHT_CACHE_DIR=` (empty) turns it off.

use std::path::PathBuf;

/// cc1 options (with a separate value) that do not change the pipeline.
const IRRELEVANT_SEPARATE: &[&str] = &[
    "-D",
    "-U",
    "-I",
    "-F",
    "-isystem",
    "-internal-isystem",
    "-internal-externc-isystem",
    "-iquote",
    "-idirafter",
    "-include",
    "-imacros",
    "-main-file-name",
    "-ferror-limit",
    "-ftabstop",
    "-dumpdir",
    "-MT",
    "-MQ",
    "-dependency-file",
];

/// Prefixes of joined cc1 options that do not change the pipeline.
const IRRELEVANT_PREFIX: &[&str] = &[
    "-W",
    "-fdebug-compilation-dir=",
    "-fcoverage-compilation-dir=",
    "-fmessage-length=",
    "-fcolor-diagnostics",
    "-fno-color-diagnostics",
    "-fcaret-diagnostics-max-lines=",
    "-fdiagnostics-",
    "-fno-diagnostics-",
    "-fno-show-column",
    "-fno-caret-diagnostics",
    "-Rpass",
];

fn dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("LOOPWRIGHT_CACHE_DIR") {
        return (!d.is_empty()).then(|| PathBuf::from(d));
    }
    if let Some(d) = std::env::var_os("XDG_CACHE_HOME").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(d).join("loopwright"));
    }
    std::env::var_os("HOME")
        .filter(|h| !h.is_empty())
        .map(|h| PathBuf::from(h).join(".cache").join("loopwright"))
}

/// The key of a query (`argv[0]` the clang binary).
pub fn key(query: &[String]) -> Option<String> {
    let bin = std::fs::canonicalize(query.first()?).ok()?;
    let md = std::fs::metadata(&bin).ok()?;
    let mtime = md
        .modified()
        .ok()?
        .duration_since(std::time::UNIX_EPOCH)
        .ok()?
        .as_nanos();
    let mut key = format!("{} {} {mtime}", bin.display(), md.len());
    let mut i = 1;
    while i < query.len() {
        let a = query[i].as_str();
        if IRRELEVANT_SEPARATE.contains(&a) {
            i += 2;
            continue;
        }
        i += 1;
        if a == "-w" || IRRELEVANT_PREFIX.iter().any(|p| a.starts_with(p)) {
            continue;
        }
        key.push('\u{1}');
        key.push_str(a);
    }
    // One line: the separators and any line break in an argument escaped.
    Some(key.replace('\n', "\u{2}"))
}

/// FNV-1a, 64 bits: a file name for the key.
fn hash(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

fn path_in(dir: &std::path::Path, key: &str) -> PathBuf {
    dir.join(format!("pipeline-{:016x}.txt", hash(key)))
}

/// The cached pipeline of `key`, if any.
pub fn get(key: &str) -> Option<String> {
    get_in(&dir()?, key)
}

fn get_in(dir: &std::path::Path, key: &str) -> Option<String> {
    let text = std::fs::read_to_string(path_in(dir, key)).ok()?;
    let (k, pipeline) = text.split_once("\n---\n")?;
    (k == key && !pipeline.trim().is_empty()).then(|| pipeline.trim().to_owned())
}

/// Keeps `pipeline` for `key` (silently nothing on any error).
pub fn put(key: &str, pipeline: &str) {
    if let Some(d) = dir() {
        put_in(&d, key, pipeline);
    }
}

fn put_in(d: &std::path::Path, key: &str, pipeline: &str) {
    let p = path_in(d, key);
    if std::fs::create_dir_all(d).is_err() {
        return;
    }
    let tmp = d.join(format!(
        ".{}.{}.tmp",
        p.file_name()
            .map_or_else(String::new, |f| f.to_string_lossy().into_owned()),
        std::process::id()
    ));
    if std::fs::write(&tmp, format!("{key}\n---\n{pipeline}\n")).is_ok()
        && std::fs::rename(&tmp, &p).is_err()
    {
        let _ = std::fs::remove_file(&tmp);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn irrelevant_options_share_a_key() {
        let exe = std::env::current_exe().unwrap().display().to_string();
        let q = |extra: &[&str]| {
            let mut v = vec![exe.clone(), "-cc1".into(), "-O3".into()];
            v.extend(extra.iter().map(|s| s.to_string()));
            key(&v).unwrap()
        };
        assert_eq!(q(&["-D", "X=1", "-Wall"]), q(&["-I", "inc", "-w"]));
        assert_ne!(q(&["-fno-slp-vectorize"]), q(&[]));
        assert_ne!(q(&["-mllvm", "-x=1"]), q(&["-mllvm", "-x=2"]));
        assert!(!q(&["-DX\nY"]).contains('\n'));
    }

    #[test]
    fn round_trip_and_collisions_miss() {
        let d = std::env::temp_dir().join(format!("lw-cache-{}", std::process::id()));
        put_in(&d, "k1", "a,b");
        assert_eq!(get_in(&d, "k1").as_deref(), Some("a,b"));
        assert_eq!(get_in(&d, "k2"), None);
        // A file of another key under this key's name is a miss.
        std::fs::write(path_in(&d, "k3"), "other\n---\nx\n").unwrap();
        assert_eq!(get_in(&d, "k3"), None);
        let _ = std::fs::remove_dir_all(&d);
    }
}
