//! The `loopwright` command.

use loopwright::cli::{self, Cli};
use loopwright::{diag, optimize, pipeline, remarks, Options};
use loopwright_transforms::unroll::UnrollOptions;
use std::io::{Read, Write};
use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    if std::env::args_os().nth(1).is_some_and(|a| a == "analyze") {
        return loopwright::analyze::main(std::env::args_os().skip(1));
    }
    let (cli, unroll) = match cli::parse_args(std::env::args_os()) {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            // opt exits with 1 for every error; `--help` and `--version`
            // succeed.
            return if e.use_stderr() {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    match run(&cli, unroll) {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprint!("{msg}");
            ExitCode::from(1)
        }
    }
}

fn run(cli: &Cli, unroll: UnrollOptions) -> Result<(), String> {
    let passes = match &cli.passes {
        Some(text) => Some(pipeline::parse(text).map_err(|e| format!("loopwright: {e}\n"))?),
        None => None,
    };
    if cli.print_pipeline_passes {
        let shown = match &passes {
            Some(p) => pipeline::expand_defaults(p, order(cli)),
            None => loopwright::default_pipeline(order(cli), cli.opt_level),
        };
        println!("{}", pipeline::to_text(&shown));
    }

    let (src, name) = read_input(cli.input.as_deref())?;
    let opts = Options {
        passes,
        verify: !cli.disable_verify,
        verify_each: cli.verify_each,
        opt_level: cli.opt_level,
        order: order(cli),
        unroll: UnrollOptions {
            opt_level: cli.opt_level,
            ..unroll
        },
        aa_eval: loopwright_analysis::aa::eval::EvalOptions {
            print_all: cli.print_all_alias_modref_info.unwrap_or(false),
            evaluate_metadata: cli.evaluate_aa_metadata.unwrap_or(false),
        },
        laa: {
            let d = loopwright_analysis::laa::LaaOptions::default();
            let n = |v: Option<u32>, d: usize| v.map_or(d, |v| v as usize);
            loopwright_analysis::laa::LaaOptions {
                max_dependences: n(cli.max_dependences, d.max_dependences),
                merge_threshold: n(cli.memory_check_merge_threshold, d.merge_threshold),
                max_forked_depth: cli.max_forked_scev_depth.unwrap_or(d.max_forked_depth),
                alias_set_saturation: n(cli.alias_set_saturation_threshold, d.alias_set_saturation),
                mem_access_versioning: cli
                    .enable_mem_access_versioning
                    .unwrap_or(d.mem_access_versioning),
                ..d
            }
        },
    };
    let remark_opts = remark_options(cli)?;
    let out = optimize(&src, &name, &opts).map_err(|f| f.0)?;
    // The input and the output text are large; the process is about to
    // exit, so they are not freed one allocation at a time.
    std::mem::forget(src);
    eprint!("{}", out.warnings);
    eprint!("{}", out.printed);
    eprint!("{}", remarks::text(&out.remarks, &remark_opts));
    if let Some(path) = &cli.pass_remarks_output {
        let yaml = remarks::yaml(&out.remarks, remark_opts.filter.as_ref());
        write_atomically(path, yaml.as_bytes())?;
    }
    // The process is about to exit: the module is not freed piece by
    // piece.
    std::mem::forget(out.module);
    let mut timings = out.timings;
    let text = out.text;
    let written = timings.time("write", || write_output(cli, &text));
    std::mem::forget(text);
    if cli.time_passes {
        eprint!("{}", timings.report());
    }
    written
}

/// Writes the output module where `-o` says (nowhere with
/// `-disable-output`).
fn write_output(cli: &Cli, text: &str) -> Result<(), String> {
    if cli.disable_output {
        return Ok(());
    }
    match cli.output.as_deref() {
        None => {
            let mut out = std::io::stdout().lock();
            out.write_all(text.as_bytes())
                .and_then(|_| out.flush())
                .map_err(|e| diag::plain("<stdout>", &e.to_string()))
        }
        Some(p) if p == Path::new("-") => {
            let mut out = std::io::stdout().lock();
            out.write_all(text.as_bytes())
                .and_then(|_| out.flush())
                .map_err(|e| diag::plain("<stdout>", &e.to_string()))
        }
        Some(path) => write_atomically(path, text.as_bytes()),
    }
}

/// The `--pipeline` order.
fn order(cli: &Cli) -> pipeline::Order {
    pipeline::Order::from_name(&cli.pipeline).unwrap_or_default()
}

/// Compiles the `-pass-remarks*` patterns.
fn remark_options(cli: &Cli) -> Result<remarks::RemarkOptions, String> {
    let re = |flag: &str, v: &Option<String>| -> Result<Option<regex::Regex>, String> {
        v.as_deref()
            .map(|p| {
                regex::Regex::new(p)
                    .map_err(|e| format!("loopwright: invalid regex for -{flag}: {e}\n"))
            })
            .transpose()
    };
    if cli.pass_remarks_format != "yaml" {
        return Err(format!(
            "loopwright: unsupported remark format '{}' (only yaml)\n",
            cli.pass_remarks_format
        ));
    }
    Ok(remarks::RemarkOptions {
        passed: re("pass-remarks", &cli.pass_remarks)?,
        missed: re("pass-remarks-missed", &cli.pass_remarks_missed)?,
        analysis: re("pass-remarks-analysis", &cli.pass_remarks_analysis)?,
        filter: re("pass-remarks-filter", &cli.pass_remarks_filter)?,
    })
}

fn read_input(input: Option<&Path>) -> Result<(Vec<u8>, String), String> {
    match input {
        None => read_stdin(),
        Some(p) if p == Path::new("-") => read_stdin(),
        Some(p) => {
            let name = p.display().to_string();
            let src = std::fs::read(p)
                .map_err(|e| diag::plain(&name, &format!("could not open input file: {e}")))?;
            Ok((src, name))
        }
    }
}

fn read_stdin() -> Result<(Vec<u8>, String), String> {
    let mut src = Vec::new();
    std::io::stdin()
        .read_to_end(&mut src)
        .map_err(|e| diag::plain("<stdin>", &e.to_string()))?;
    Ok((src, "<stdin>".to_string()))
}

/// Writes `data` to a temporary file beside `path` and renames it into
/// place, so that `path` is either untouched or complete.
fn write_atomically(path: &Path, data: &[u8]) -> Result<(), String> {
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
