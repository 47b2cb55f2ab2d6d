//! The `loopwright` command.

use loopwright::cc::Lang;
use loopwright::cli::{self, Cli};
use loopwright::io::{read_input, write_atomically};
use loopwright::{diag, io, optimize, pipeline, remarks, Options};
use loopwright_transforms::unroll::UnrollOptions;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    // `loopwright-cc`/`loopwright-c++` as this binary's name (a link to
    // it), or the subcommands `cc` and `c++`: the compiler driver.
    let argv0 = std::env::args_os().next().unwrap_or_default();
    let prog = Path::new(&argv0)
        .file_name()
        .and_then(|f| f.to_str())
        .unwrap_or("");
    if let Some(lang) = Lang::from_name(prog).filter(|_| prog.starts_with("loopwright-")) {
        return loopwright::cc::main(lang, std::env::args_os().skip(1).collect());
    }
    let first = std::env::args_os().nth(1);
    let sub = first.as_ref().and_then(|a| a.to_str());
    if let Some(lang) = sub
        .filter(|s| matches!(*s, "cc" | "c++"))
        .and_then(Lang::from_name)
    {
        return loopwright::cc::main(lang, std::env::args_os().skip(2).collect());
    }
    if first.is_some_and(|a| a == "analyze") {
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
            Some(p) => pipeline::expand_defaults(p, order(cli), part(cli)),
            None => pipeline::default_pipeline_part(order(cli), cli.opt_level, part(cli)),
        };
        println!("{}", pipeline::to_text(&shown));
    }

    let (src, name) = read_input(cli.input.as_deref())?;
    let opts = Options {
        passes,
        verify: !cli.disable_verify,
        verify_each: cli.verify_each,
        relocation_model: cli.relocation_model,
        opt_level: cli.opt_level,
        order: order(cli),
        part: part(cli),
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
            cli.vectorize
                .laa_options(loopwright_analysis::laa::LaaOptions {
                    max_dependences: n(cli.max_dependences, d.max_dependences),
                    merge_threshold: n(cli.memory_check_merge_threshold, d.merge_threshold),
                    max_forked_depth: cli.max_forked_scev_depth.unwrap_or(d.max_forked_depth),
                    alias_set_saturation: n(
                        cli.alias_set_saturation_threshold,
                        d.alias_set_saturation,
                    ),
                    mem_access_versioning: cli
                        .enable_mem_access_versioning
                        .unwrap_or(d.mem_access_versioning),
                    ..d
                })
        },
        vectorize: cli.vectorize.options(Default::default()),
        print_vplan: cli.vectorize.print_vplan,
        debug_only: loopwright::DebugOnly::from_types(&cli.debug_only),
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
/// `-disable-output`): bitcode to a `.bc` file unless `-S`, else text.
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
        Some(path) if io::wants_bitcode(path, cli.text) => {
            let bc = io::assemble(text.as_bytes(), &path.display().to_string())?;
            write_atomically(path, &bc)
        }
        Some(path) => write_atomically(path, text.as_bytes()),
    }
}

/// The `--pipeline` order.
fn order(cli: &Cli) -> pipeline::Order {
    pipeline::Order::from_name(&cli.pipeline).unwrap_or_default()
}

fn part(cli: &Cli) -> pipeline::Part {
    pipeline::Part::from_name(&cli.pipeline_part).unwrap_or_default()
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
