//! Reading the input module and writing the output module: textual IR
//! directly, LLVM bitcode through LLVM's own tools.
//!
//! loopwright parses and prints textual IR only. A bitcode input (raw or
//! wrapped magic) is disassembled by `llvm-dis-19`; an output file named
//! `*.bc`, unless `-S` is given, is assembled by `llvm-as-19` (as opt writes
//! bitcode unless `-S`; standard output stays text). Without the tool the
//! run fails with one line naming the Debian package to install.
//!
//! Every file is written through [`write_atomically`]: a temporary file
//! beside the target, renamed into place, so a failed run never leaves a
//! partial or truncated output.

use crate::diag;
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};

/// LLVM's disassembler (bitcode to text).
pub const LLVM_DIS: &str = "llvm-dis-19";
/// LLVM's assembler (text to bitcode).
pub const LLVM_AS: &str = "llvm-as-19";

/// Reads the input named on the command line (`None` or `-`: standard
/// input) and returns its text and the name diagnostics use. Bitcode is
/// disassembled by [`LLVM_DIS`]; anything else is returned as read (the
/// parser rejects what is not text, with a hint of what it is).
pub fn read_input(input: Option<&Path>) -> Result<(Vec<u8>, String), String> {
    let (src, name) = match input {
        Some(p) if p != Path::new("-") => {
            let name = p.display().to_string();
            let src = std::fs::read(p)
                .map_err(|e| diag::plain(&name, &format!("could not open input file: {e}")))?;
            (src, name)
        }
        _ => {
            let mut src = Vec::new();
            std::io::stdin()
                .read_to_end(&mut src)
                .map_err(|e| diag::plain("<stdin>", &e.to_string()))?;
            (src, "<stdin>".to_string())
        }
    };
    if diag::bitcode_hint(&src).is_some() {
        let text = disassemble(&src, &name)?;
        return Ok((text, name));
    }
    Ok((src, name))
}

/// The textual IR of the bitcode `bc` (named `name` in diagnostics).
pub fn disassemble(bc: &[u8], name: &str) -> Result<Vec<u8>, String> {
    let out = run_tool(LLVM_DIS, &["-", "-o", "-"], bc).map_err(|e| match e {
        ToolError::Missing => diag::located(
            name,
            bc,
            1,
            1,
            &format!(
                "input is LLVM bitcode; loopwright reads bitcode through {LLVM_DIS}, which \
                 was not found (install the Debian package llvm-19)"
            ),
        ),
        ToolError::Failed(msg) => diag::located(name, bc, 1, 1, &format!("invalid bitcode: {msg}")),
    })?;
    Ok(out)
}

/// The bitcode of the textual module `text`, for the output file `name`.
pub fn assemble(text: &[u8], name: &str) -> Result<Vec<u8>, String> {
    run_tool(LLVM_AS, &["-", "-o", "-"], text).map_err(|e| match e {
        ToolError::Missing => diag::plain(
            name,
            &format!(
                "writing bitcode needs {LLVM_AS}, which was not found (install the Debian \
                 package llvm-19, or write textual IR with -S)"
            ),
        ),
        ToolError::Failed(msg) => diag::plain(name, &format!("could not write bitcode: {msg}")),
    })
}

/// Whether the output file `path` gets bitcode: its name ends in `.bc`
/// and `-S` was not given.
pub fn wants_bitcode(path: &Path, text_flag: bool) -> bool {
    !text_flag && path.extension().is_some_and(|e| e == "bc")
}

enum ToolError {
    Missing,
    Failed(String),
}

/// Runs `tool ARGS` with `input` on its standard input and returns its
/// standard output.
fn run_tool(tool: &str, args: &[&str], input: &[u8]) -> Result<Vec<u8>, ToolError> {
    let mut child = match Command::new(tool)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    {
        Ok(c) => c,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(ToolError::Missing),
        Err(e) => return Err(ToolError::Failed(format!("cannot run {tool}: {e}"))),
    };
    // Feed standard input from a thread: the tool writes as it reads, and
    // a full output pipe would otherwise block both sides.
    let mut stdin = child.stdin.take();
    let out = std::thread::scope(|s| {
        s.spawn(move || {
            if let Some(w) = stdin.as_mut() {
                // A tool that exits early closes the pipe; its status says why.
                let _ = w.write_all(input);
            }
            drop(stdin);
        });
        child.wait_with_output()
    });
    let out = out.map_err(|e| ToolError::Failed(format!("cannot run {tool}: {e}")))?;
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        let msg = stderr
            .lines()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("")
            .trim();
        let msg = if msg.is_empty() {
            format!("{tool} failed ({})", out.status)
        } else {
            let msg = msg
                .strip_prefix(tool)
                .and_then(|m| m.strip_prefix(": "))
                .unwrap_or(msg);
            let msg = msg.strip_prefix("error: ").unwrap_or(msg);
            format!("{msg} ({tool})")
        };
        return Err(ToolError::Failed(msg));
    }
    Ok(out.stdout)
}

/// Writes `data` to a temporary file beside `path` and renames it into
/// place, so that `path` is either untouched or complete.
pub fn write_atomically(path: &Path, data: &[u8]) -> Result<(), String> {
    let name = path.display().to_string();
    // Devices and pipes (`/dev/null`, `/dev/stdout`, a FIFO) are written in
    // place: renaming a temporary file over them would replace the device.
    // A symbolic link is followed, so the file it names is replaced.
    let resolved;
    let path = match std::fs::metadata(path) {
        Ok(md) if !md.is_file() => {
            return std::fs::OpenOptions::new()
                .write(true)
                .truncate(true)
                .open(path)
                .and_then(|mut f| f.write_all(data))
                .map_err(|e| diag::plain(&name, &format!("could not write output: {e}")));
        }
        Ok(_) if path.is_symlink() => match std::fs::canonicalize(path) {
            Ok(p) => {
                resolved = p;
                resolved.as_path()
            }
            Err(_) => path,
        },
        _ => path,
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let file_name = path
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".into());
    let tmp = dir.join(format!(
        ".{file_name}.loopwright-{}.tmp",
        std::process::id()
    ));
    let result = (|| -> std::io::Result<()> {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(data)?;
        // No `fsync`: the rename is atomic for every other process, which
        // is the guarantee promised (as LLVM's `ToolOutputFile` gives);
        // forcing the data to disk would double the wall time of a run.
        std::fs::rename(&tmp, path)
    })();
    result.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        diag::plain(&name, &format!("could not write output: {e}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bitcode_only_for_bc_files_without_s() {
        assert!(wants_bitcode(Path::new("x.bc"), false));
        assert!(!wants_bitcode(Path::new("x.bc"), true));
        assert!(!wants_bitcode(Path::new("x.ll"), false));
        assert!(!wants_bitcode(Path::new("bc"), false));
    }
}
