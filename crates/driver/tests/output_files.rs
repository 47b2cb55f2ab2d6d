//! How `-o` treats what already exists at the output path: regular files
//! are replaced atomically, devices are written in place (never replaced),
//! symbolic links are followed, and a failed run leaves the file untouched.

use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};
use std::process::Command;

const MODULE: &str = "define i32 @f(i32 %x) {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n";

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "loopwright-output-files-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

fn run(input: &Path, output: &Path) -> std::process::Output {
    loopwright_testkit::run(
        Command::new(env!("CARGO_BIN_EXE_loopwright"))
            .arg("-S")
            .arg(input)
            .arg("-o")
            .arg(output),
        loopwright_testkit::run::TIMEOUT,
    )
    .into_output()
}

#[test]
fn dev_null_stays_a_device() {
    let dir = scratch("null");
    let input = dir.join("in.ll");
    std::fs::write(&input, MODULE).unwrap();
    let out = run(&input, Path::new("/dev/null"));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let md = std::fs::metadata("/dev/null").expect("/dev/null exists");
    assert!(
        md.file_type().is_char_device(),
        "writing to /dev/null replaced the device"
    );
}

#[test]
fn symlink_is_followed() {
    let dir = scratch("link");
    let input = dir.join("in.ll");
    std::fs::write(&input, MODULE).unwrap();
    let target = dir.join("target.ll");
    std::fs::write(&target, "old").unwrap();
    let link = dir.join("link.ll");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let out = run(&input, &link);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(link.is_symlink(), "the link was replaced by a file");
    let text = std::fs::read_to_string(&target).unwrap();
    assert!(text.contains("define i32 @f(i32 %x)"), "{text}");
}

#[test]
fn failed_run_leaves_output_untouched() {
    let dir = scratch("fail");
    let input = dir.join("bad.ll");
    std::fs::write(&input, "define i32 @f( {\n").unwrap();
    let output = dir.join("out.ll");
    std::fs::write(&output, "previous contents").unwrap();
    let out = run(&input, &output);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("bad.ll:2:1: error: expected type"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_to_string(&output).unwrap(),
        "previous contents"
    );
    // No temporary files are left behind.
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".tmp"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn directory_output_is_an_error() {
    let dir = scratch("dir");
    let input = dir.join("in.ll");
    std::fs::write(&input, MODULE).unwrap();
    let out = run(&input, &dir);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("could not write output"), "{stderr}");
    assert!(dir.is_dir());
}
