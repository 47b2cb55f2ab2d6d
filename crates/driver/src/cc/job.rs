//! A `clang -cc1` job, read: what it compiles, at which level, with which
//! remark, warning and diagnostic options; whether loopwright takes it
//! over; and the command lines of the steps made from it.
//!
//! The job's arguments are walked with the table of cc1 options that take
//! a separate value ([`SEPARATE`], checked against `clang-19 -cc1 --help`
//! by a test), so a value is never read as an option. The steps change as
//! little as possible:
//! - the front end ([`Cc1::frontend`]) is the job itself, writing bitcode
//!   before any LLVM pass (`-emit-llvm-bc -emit-llvm-uselists
//!   -disable-llvm-passes`), without `-fno-unroll-loops` (which would stamp
//!   `llvm.loop.unroll.disable` on every loop) and without the `-mllvm`
//!   options loopwright takes;
//! - the pipeline query ([`Cc1::pipeline_query`]) is the job on an empty
//!   input with `-mllvm -print-pipeline-passes`: clang prints the pass
//!   pipeline it would run for exactly these options;
//! - code generation ([`Cc1::backend`]) is the job reading the optimized
//!   bitcode (`-x ir`) with `-disable-llvm-passes`, without its dependency
//!   file options (the front end wrote the dependency file).

/// cc1 options whose value is the next argument (those `clang-19 -cc1
/// --help` shows, and `-resource-dir`, which it hides; `-plugin-arg-NAME`
/// is matched by prefix). The input file is found by position, not by this
/// table: clang's driver always ends a job with `-x LANG FILE`.
pub const SEPARATE: &[&str] = &[
    "-D",
    "-F",
    "-I",
    "-MQ",
    "-MT",
    "-U",
    "-add-plugin",
    "-analyze-function",
    "-analyzer-checker",
    "-analyzer-config",
    "-analyzer-config-compatibility-mode",
    "-analyzer-constraints",
    "-analyzer-disable-checker",
    "-analyzer-dump-egraph",
    "-analyzer-inline-max-stack-depth",
    "-analyzer-inlining-mode",
    "-analyzer-max-loop",
    "-analyzer-output",
    "-analyzer-purge",
    "-arcmt-migrate-report-output",
    "-as-secure-log-file",
    "-ast-dump-filter",
    "-ast-merge",
    "-aux-target-cpu",
    "-aux-target-feature",
    "-aux-triple",
    "-c-isystem",
    "-chain-include",
    "-code-completion-at",
    "-cxx-isystem",
    "-darwin-target-variant-triple",
    "-default-function-attr",
    "-dependency-dot",
    "-dependency-file",
    "-diagnostic-log-file",
    "-dumpdir",
    "-dwarf-debug-flags",
    "-error-on-deserialized-decl",
    "-exception-model",
    "-fbracket-depth",
    "-fconstant-string-class",
    "-fcuda-include-gpubinary",
    "-fdiagnostics-format",
    "-fdiagnostics-show-category",
    "-ferror-limit",
    "-fexperimental-openacc-macro-override",
    "-fmodule-feature",
    "-fmodules-user-build-path",
    "-fopenmp-host-ir-file-path",
    "-ftabstop",
    "-function-alignment",
    "-header-include-file",
    "-hlsl-entry",
    "-iapinotes-modules",
    "-idirafter",
    "-iframework",
    "-iframeworkwithsysroot",
    "-imacros",
    "-include",
    "-include-pch",
    "-internal-externc-isystem",
    "-internal-isystem",
    "-iprefix",
    "-iquote",
    "-isysroot",
    "-isystem",
    "-ivfsoverlay",
    "-iwithprefix",
    "-iwithprefixbefore",
    "-iwithsysroot",
    "-load",
    "-main-file-name",
    "-mdebug-pass",
    "-meabi",
    "-mfloat-abi",
    "-mfpmath",
    "-mlimit-float-precision",
    "-mlink-bitcode-file",
    "-mlink-builtin-bitcode",
    "-mllvm",
    "-module-dependency-dir",
    "-mregparm",
    "-mrelocation-model",
    "-msmall-data-limit",
    "-mt-migrate-directory",
    "-mthread-model",
    "-mtp",
    "-o",
    "-objc-isystem",
    "-objcxx-isystem",
    "-opt-record-file",
    "-opt-record-format",
    "-opt-record-passes",
    "-pic-level",
    "-plugin",
    "-record-command-line",
    "-remap-file",
    "-resource-dir",
    "-serialize-diagnostic-file",
    "-source-date-epoch",
    "-split-dwarf-file",
    "-split-dwarf-output",
    "-stack-protector",
    "-stack-protector-buffer-size",
    "-stack-usage-file",
    "-target-abi",
    "-target-cpu",
    "-target-feature",
    "-target-linker-version",
    "-triple",
    "-tune-cpu",
    "-vfsoverlay",
    "-working-directory",
    "-x",
];

fn takes_value(a: &str) -> bool {
    SEPARATE.binary_search(&a).is_ok() || a.starts_with("-plugin-arg-")
}

/// The cc1 actions that run LLVM's pipeline and produce output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// `-emit-obj`
    Object,
    /// `-S`
    Assembly,
    /// `-emit-llvm` (textual IR)
    Ll,
    /// `-emit-llvm-bc`
    Bc,
}

/// Actions that do not generate code (`-E`, `-fsyntax-only`, ...).
const OTHER_ACTIONS: &[&str] = &[
    "-E",
    "-Eonly",
    "-fsyntax-only",
    "-emit-pch",
    "-emit-module",
    "-emit-module-interface",
    "-emit-reduced-module-interface",
    "-emit-header-unit",
    "-emit-llvm-only",
    "-emit-codegen-only",
    "-emit-html",
    "-emit-interface-stubs",
    "-analyze",
    "-dump-tokens",
    "-dump-raw-tokens",
    "-ast-print",
    "-ast-list",
    "-ast-view",
    "-print-preamble",
    "-rewrite-objc",
    "-rewrite-macros",
    "-rewrite-test",
    "-migrate",
    "-init-only",
    "-fixit",
    "-templight-dump",
    "-extract-api",
    "-module-file-info",
    "-print-decl-contexts",
    "-verify-pch",
    "-print-dependency-directives-minimized-source",
];

/// An optimization level as cc1 reads `-O`: the speed level and the size
/// level (`-Os` 1, `-Oz` 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    pub speed: u8,
    pub size: u8,
}

impl Level {
    fn parse(a: &str) -> Option<Level> {
        let v = a.strip_prefix("-O")?;
        Some(match v {
            "" => Level { speed: 1, size: 0 },
            "s" => Level { speed: 2, size: 1 },
            "z" => Level { speed: 2, size: 2 },
            "g" => Level { speed: 1, size: 0 },
            "fast" => Level { speed: 3, size: 0 },
            n => Level {
                speed: n.parse::<u32>().ok()?.min(3) as u8,
                size: 0,
            },
        })
    }
}

/// cc1's remark options (`-Rpass=RE` and friends; the last of each wins).
#[derive(Clone, Debug, Default)]
pub struct RemarkFlags {
    pub passed: Option<String>,
    pub missed: Option<String>,
    pub analysis: Option<String>,
}

impl RemarkFlags {
    pub fn any(&self) -> bool {
        self.passed.is_some() || self.missed.is_some() || self.analysis.is_some()
    }
}

/// `-fsave-optimization-record` as cc1 gets it.
#[derive(Clone, Debug)]
pub struct Record {
    pub file: String,
    pub format: String,
    pub passes: Option<String>,
}

/// How diagnostics are shown (cc1's diagnostic options the renderer
/// follows).
#[derive(Clone, Debug)]
pub struct DiagOptions {
    pub color: bool,
    pub show_column: bool,
    pub show_location: bool,
    pub show_carets: bool,
    pub line_numbers: bool,
    pub show_option: bool,
    pub tabstop: usize,
    pub snippet_lines: u32,
}

impl Default for DiagOptions {
    fn default() -> Self {
        DiagOptions {
            color: false,
            show_column: true,
            show_location: true,
            show_carets: true,
            line_numbers: true,
            show_option: true,
            tabstop: 8,
            snippet_lines: 16,
        }
    }
}

/// A cc1 job, read.
#[derive(Clone, Debug)]
pub struct Cc1 {
    pub argv: Vec<String>,
    /// The action flag's index and meaning (`None`: not a code-generating
    /// job).
    pub action: Option<(usize, Action)>,
    /// Index of the value of `-o`.
    pub output: Option<usize>,
    /// The input language (`-x`) and the input file's index.
    pub lang: Option<String>,
    pub input: Option<usize>,
    pub level: Level,
    pub triple: Option<String>,
    pub remarks: RemarkFlags,
    pub record: Option<Record>,
    /// `-w` and the `-W...` flags, in order.
    pub warnings: Vec<String>,
    pub diag: DiagOptions,
    /// `-fno-unroll-loops` (the last of it and `-funroll-loops`).
    pub no_unroll: bool,
    /// `-mrelocation-model MODEL` (cc1 gets `pic` for PIE and PIC code,
    /// Debian's default; without it cc1 generates `static` code). The
    /// target machine loopwright's costs assume.
    pub relocation_model: loopwright_ir::RelocModel,
    /// The `-mllvm` values, with the index of each `-mllvm`.
    pub mllvm: Vec<(usize, String)>,
    /// `-dumpdir PREFIX`: where clang puts auxiliary files of a
    /// compile-and-link.
    pub dumpdir: Option<String>,
    /// Why loopwright must leave this job to clang although it compiles
    /// C or C++ at -O2 and above (an option that adds passes clang builds
    /// and opt cannot reproduce, another target, LTO, ...).
    pub step_aside: Option<String>,
    /// Whether the job runs no LLVM pipeline (`-disable-llvm-passes`).
    pub no_pipeline: bool,
}

/// cc1 flags (or prefixes, ending in `=`) whose job loopwright leaves to
/// clang, with the reason.
const STEP_ASIDE: &[(&str, &str)] = &[
    ("-fsanitize=", "sanitizer instrumentation"),
    ("-fsanitize-coverage-type=", "sanitizer coverage"),
    ("-fexperimental-sanitize-metadata=", "sanitizer metadata"),
    ("-fprofile-instrument=", "profile instrumentation"),
    ("-fprofile-instrument-path=", "profile instrumentation"),
    (
        "-fprofile-instrument-use-path=",
        "profile-guided optimization",
    ),
    (
        "-fprofile-sample-use=",
        "sample-profile-guided optimization",
    ),
    ("-fprofile-remapping-file=", "profile-guided optimization"),
    ("-fdebug-info-for-profiling", "profiling debug information"),
    ("-fpseudo-probe-for-profiling", "pseudo-probe profiling"),
    ("-fmemory-profile", "memory profiling"),
    ("-fmemory-profile=", "memory profiling"),
    (
        "-fmemory-profile-use=",
        "memory-profile-guided optimization",
    ),
    ("-coverage-notes-file=", "gcov coverage"),
    ("-coverage-data-file=", "gcov coverage"),
    ("-coverage-notes-file", "gcov coverage"),
    ("-coverage-data-file", "gcov coverage"),
    ("-fpass-plugin=", "a pass plugin"),
    ("-load", "a plugin"),
    ("-fveclib=", "a vector library"),
    ("-flto", "LTO (the loop passes run at link time)"),
    ("-flto=", "LTO (the loop passes run at link time)"),
    ("-flto-unit", "LTO (the loop passes run at link time)"),
    ("-fthinlto-index=", "a ThinLTO back end"),
    ("-fembed-bitcode=", "embedded bitcode"),
    ("-fopenmp-targets=", "OpenMP offloading"),
    ("-fopenmp-is-target-device", "OpenMP offloading"),
    ("-fcuda-is-device", "CUDA"),
    ("-fsycl-is-device", "SYCL"),
];

/// The input languages loopwright compiles (C and C++, also preprocessed).
const LANGS: &[&str] = &["c", "c++", "cpp-output", "c++-cpp-output"];

impl Cc1 {
    /// Reads a `-cc1` job (`argv[1] == "-cc1"`).
    pub fn read(argv: &[String]) -> Cc1 {
        let mut j = Cc1 {
            argv: argv.to_vec(),
            action: None,
            output: None,
            lang: None,
            input: None,
            level: Level { speed: 0, size: 0 },
            triple: None,
            remarks: RemarkFlags::default(),
            record: None,
            warnings: Vec::new(),
            diag: DiagOptions::default(),
            no_unroll: false,
            relocation_model: loopwright_ir::RelocModel::Static,
            mllvm: Vec::new(),
            dumpdir: None,
            step_aside: None,
            no_pipeline: false,
        };
        let mut inputs = Vec::new();
        let mut record_file = None;
        let mut record_format = None;
        let mut record_passes = None;
        let mut i = 2;
        while i < argv.len() {
            let a = argv[i].as_str();
            if takes_value(a) {
                let Some(v) = argv.get(i + 1) else { break };
                match a {
                    "-o" => j.output = Some(i + 1),
                    "-x" => j.lang = Some(v.clone()),
                    "-triple" => j.triple = Some(v.clone()),
                    "-mllvm" => j.mllvm.push((i, v.clone())),
                    "-opt-record-file" => record_file = Some(v.clone()),
                    "-opt-record-format" => record_format = Some(v.clone()),
                    "-opt-record-passes" => record_passes = Some(v.clone()),
                    "-dumpdir" => j.dumpdir = Some(v.clone()),
                    "-mrelocation-model" => {
                        if let Some(m) = loopwright_ir::RelocModel::parse(v) {
                            j.relocation_model = m;
                        }
                    }
                    "-ftabstop" => {
                        if let Ok(n) = v.parse::<usize>() {
                            if (1..=100).contains(&n) {
                                j.diag.tabstop = n;
                            }
                        }
                    }
                    _ => {}
                }
                if let Some((_, why)) = STEP_ASIDE.iter().find(|(f, _)| *f == a) {
                    j.step_aside.get_or_insert_with(|| format!("{a} ({why})"));
                }
                i += 2;
                continue;
            }
            j.flag(a, i);
            if a == "-" || !a.starts_with('-') {
                inputs.push(i);
            }
            i += 1;
        }
        // The driver ends every job with `-x LANG FILE`.
        let n = argv.len();
        if n >= 5 && argv[n - 3] == "-x" {
            j.lang = Some(argv[n - 2].clone());
            j.input = Some(n - 1);
        } else if inputs.len() == 1 {
            j.input = Some(inputs[0]);
        }
        if let Some(file) = record_file {
            j.record = Some(Record {
                file,
                format: record_format.unwrap_or_else(|| "yaml".into()),
                passes: record_passes,
            });
        }
        j
    }

    fn flag(&mut self, a: &str, i: usize) {
        match a {
            "-emit-obj" => self.action = Some((i, Action::Object)),
            "-S" => self.action = Some((i, Action::Assembly)),
            "-emit-llvm" => self.action = Some((i, Action::Ll)),
            "-emit-llvm-bc" => self.action = Some((i, Action::Bc)),
            "-disable-llvm-passes" | "-disable-llvm-optzns" => self.no_pipeline = true,
            "-funroll-loops" => self.no_unroll = false,
            "-fno-unroll-loops" => self.no_unroll = true,
            "-fcolor-diagnostics" => self.diag.color = true,
            "-fno-color-diagnostics" => self.diag.color = false,
            "-fno-show-column" => self.diag.show_column = false,
            "-fno-show-source-location" => self.diag.show_location = false,
            "-fno-caret-diagnostics" => self.diag.show_carets = false,
            "-fno-diagnostics-show-line-numbers" => self.diag.line_numbers = false,
            "-fdiagnostics-show-line-numbers" => self.diag.line_numbers = true,
            "-fno-diagnostics-show-option" => self.diag.show_option = false,
            "-fdiagnostics-show-option" => self.diag.show_option = true,
            _ => {
                if OTHER_ACTIONS.contains(&a) || a.starts_with("-ast-dump") {
                    self.action = None;
                } else if let Some(l) = Level::parse(a) {
                    self.level = l;
                } else if let Some(re) = a.strip_prefix("-Rpass=") {
                    self.remarks.passed = Some(re.to_owned());
                } else if let Some(re) = a.strip_prefix("-Rpass-missed=") {
                    self.remarks.missed = Some(re.to_owned());
                } else if let Some(re) = a.strip_prefix("-Rpass-analysis=") {
                    self.remarks.analysis = Some(re.to_owned());
                } else if a == "-w" || (a.starts_with("-W") && a.len() > 2) {
                    self.warnings.push(a.to_owned());
                } else if let Some(n) = a.strip_prefix("-fcaret-diagnostics-max-lines=") {
                    if let Ok(n) = n.parse() {
                        self.diag.snippet_lines = n;
                    }
                } else if let Some((_, why)) = STEP_ASIDE
                    .iter()
                    .find(|(f, _)| *f == a || (f.ends_with('=') && a.starts_with(f)))
                {
                    self.step_aside
                        .get_or_insert_with(|| format!("{a} ({why})"));
                }
            }
        }
    }

    pub fn input_path(&self) -> Option<&str> {
        self.input.map(|i| self.argv[i].as_str())
    }

    pub fn output_path(&self) -> Option<&str> {
        self.output.map(|i| self.argv[i].as_str())
    }

    /// Whether this job compiles C or C++ to code (or optimized IR) at
    /// `-O2`, `-O3`, `-Os` or `-Oz`: the jobs loopwright is for.
    pub fn is_candidate(&self) -> bool {
        self.action.is_some()
            && self.output.is_some()
            && self.input.is_some()
            && !self.no_pipeline
            && self.level.speed >= 2
            && self.lang.as_deref().is_some_and(|l| LANGS.contains(&l))
    }

    /// Why a candidate job must still go to clang alone, if it must.
    pub fn reason_to_step_aside(&self) -> Option<String> {
        if let Some(why) = &self.step_aside {
            return Some(why.clone());
        }
        match self.triple.as_deref() {
            Some(t) if t.starts_with("x86_64-") => {}
            Some(t) => {
                return Some(format!(
                    "target {t} (loopwright's target model is x86-64's)"
                ))
            }
            None => return Some("no target triple".into()),
        }
        if let Some(r) = &self.record {
            if r.format != "yaml" {
                return Some(format!(
                    "-fsave-optimization-record={} (loopwright writes YAML remarks)",
                    r.format
                ));
            }
        }
        None
    }

    /// The `-mllvm` values loopwright takes (its `-unroll-*` options and
    /// the loop vectorizer's, `cli::VECTORIZE_OPTIONS`; a number's value
    /// in the next `-mllvm` when not after `=`), as indices into
    /// [`Cc1::mllvm`].
    pub fn loopwright_mllvm(&self) -> Vec<usize> {
        let mut mine = Vec::new();
        let mut k = 0;
        while k < self.mllvm.len() {
            let v = &self.mllvm[k].1;
            let name = v.trim_start_matches('-');
            let (name, has_value) = match name.split_once('=') {
                Some((n, _)) => (n, true),
                None => (name, false),
            };
            if v.starts_with('-') {
                let separate_value =
                    match crate::cli::UNROLL_OPTIONS.iter().find(|o| o.name == name) {
                        Some(o) => Some(!o.is_bool()),
                        None => crate::cli::vectorize_option_kind(name)
                            .map(|kind| kind == crate::cli::ValueKind::Uint),
                    };
                if let Some(separate_value) = separate_value {
                    mine.push(k);
                    if !has_value && separate_value && k + 1 < self.mllvm.len() {
                        mine.push(k + 1);
                        k += 1;
                    }
                }
            }
            k += 1;
        }
        mine
    }

    /// The `-mllvm` values that go to LLVM (opt-19), in order.
    pub fn llvm_mllvm(&self) -> Vec<String> {
        let mine = self.loopwright_mllvm();
        self.mllvm
            .iter()
            .enumerate()
            .filter(|(k, _)| !mine.contains(k))
            .map(|(_, (_, v))| v.clone())
            .collect()
    }

    /// The `-mllvm` values loopwright takes, as its own command line reads
    /// them.
    pub fn loopwright_args(&self) -> Vec<String> {
        self.loopwright_mllvm()
            .into_iter()
            .map(|k| self.mllvm[k].1.clone())
            .collect()
    }

    /// The job's arguments with the argument indices in `drop` removed and
    /// the replacements in `set` applied.
    fn edited(&self, drop: &[usize], set: &[(usize, String)]) -> Vec<String> {
        let mut out = Vec::with_capacity(self.argv.len() + 4);
        for (i, a) in self.argv.iter().enumerate() {
            if drop.contains(&i) {
                continue;
            }
            match set.iter().find(|(k, _)| *k == i) {
                Some((_, v)) => out.push(v.clone()),
                None => out.push(a.clone()),
            }
        }
        out
    }

    /// Indices of the arguments of every occurrence of the options in
    /// `names` (with their values for separate ones, or as prefixes for
    /// names ending in `=`).
    fn indices_of(&self, names: &[&str]) -> Vec<usize> {
        let mut out = Vec::new();
        let mut i = 2;
        while i < self.argv.len() {
            let a = self.argv[i].as_str();
            let hit = names
                .iter()
                .any(|n| *n == a || (n.ends_with('=') && a.starts_with(n)));
            if takes_value(a) {
                if hit {
                    out.extend([i, i + 1]);
                }
                i += 2;
            } else {
                if hit {
                    out.push(i);
                }
                i += 1;
            }
        }
        out
    }

    /// Indices of the `-mllvm` pairs loopwright takes.
    fn loopwright_mllvm_indices(&self) -> Vec<usize> {
        self.loopwright_mllvm()
            .into_iter()
            .flat_map(|k| {
                let i = self.mllvm[k].0;
                [i, i + 1]
            })
            .collect()
    }

    /// The front end: this job writing unoptimized bitcode to `pre`. With
    /// `locs`, also the remark file that turns on clang's location
    /// tracking (debug locations on every instruction, no debug
    /// information emitted), so loopwright's remarks and warnings name
    /// the loop's line and column. Without `stamp`, `-fno-unroll-loops`
    /// is left out (clang stamps `llvm.loop.unroll.disable` on every loop
    /// for it; loopwright is told instead); the anchor, which runs LLVM's
    /// own unroll passes, keeps it, as clang does.
    pub fn frontend(&self, pre: &str, locs: Option<&str>, stamp: bool) -> Vec<String> {
        let (action, _) = self.action.expect("a candidate job");
        let out = self.output.expect("a candidate job");
        let dropped: &[&str] = if stamp {
            &["-opt-record-file"]
        } else {
            &["-fno-unroll-loops", "-opt-record-file"]
        };
        let mut drop = self.indices_of(dropped);
        drop.extend(self.loopwright_mllvm_indices());
        let mut argv = self.edited(
            &drop,
            &[(action, "-emit-llvm-bc".into()), (out, pre.into())],
        );
        argv.insert(2, "-disable-llvm-passes".into());
        argv.insert(2, "-emit-llvm-uselists".into());
        if let Some(f) = locs {
            argv.insert(2, f.into());
            argv.insert(2, "-opt-record-file".into());
        }
        argv
    }

    /// The query of the pipeline clang runs for this job: the job on an
    /// empty input of its language, printing the pipeline
    /// (`-mllvm -print-pipeline-passes`) instead of running it.
    pub fn pipeline_query(&self) -> Vec<String> {
        let (action, _) = self.action.expect("a candidate job");
        let out = self.output.expect("a candidate job");
        let input = self.input.expect("a candidate job");
        let mut drop = self.indices_of(&[
            "-dependency-file",
            "-MT",
            "-MQ",
            "-sys-header-deps",
            "-module-file-deps",
            "-MP",
            "-MV",
            "-opt-record-file",
            "-opt-record-format",
            "-opt-record-passes",
            "-split-dwarf-file",
            "-split-dwarf-output",
            "-ftime-trace=",
            "-stack-usage-file",
        ]);
        drop.extend(self.loopwright_mllvm_indices());
        let mut argv = self.edited(
            &drop,
            &[
                (action, "-emit-obj".into()),
                (out, "/dev/null".into()),
                (input, "/dev/null".into()),
            ],
        );
        argv.insert(2, "-print-pipeline-passes".into());
        argv.insert(2, "-mllvm".into());
        argv
    }

    /// The preprocessor on this job's input, writing `out` (whose line
    /// markers give the include stack of a diagnostic in a header).
    pub fn preprocess(&self, out: &str) -> Vec<String> {
        let (action, _) = self.action.expect("a candidate job");
        let o = self.output.expect("a candidate job");
        let mut drop = self.indices_of(&[
            "-dependency-file",
            "-MT",
            "-MQ",
            "-sys-header-deps",
            "-module-file-deps",
            "-MP",
            "-MV",
            "-opt-record-file",
            "-ftime-trace=",
        ]);
        drop.extend(self.loopwright_mllvm_indices());
        self.edited(&drop, &[(action, "-E".into()), (o, out.into())])
    }

    /// Code generation: this job reading the optimized bitcode `post`,
    /// running no LLVM pass, recording its remarks in `record` (when the
    /// job records remarks).
    pub fn backend(&self, post: &str, record: Option<&str>) -> Vec<String> {
        let input = self.input.expect("a candidate job");
        let mut drop = self.indices_of(&[
            "-dependency-file",
            "-MT",
            "-MQ",
            "-sys-header-deps",
            "-module-file-deps",
            "-MP",
            "-MV",
            "-header-include-file",
            "-show-includes",
            "-H",
            "-fno-unroll-loops",
            "-opt-record-file",
        ]);
        drop.extend(self.loopwright_mllvm_indices());
        // `-x LANG FILE` becomes `-x ir POST`: the language is the value
        // after the last `-x`.
        let lang_idx = self
            .argv
            .iter()
            .rposition(|a| a == "-x")
            .map(|i| i + 1)
            .filter(|&i| i < input);
        let mut set = vec![(input, post.to_owned())];
        if let Some(l) = lang_idx {
            set.push((l, "ir".to_owned()));
        }
        let mut argv = self.edited(&drop, &set);
        argv.insert(2, "-disable-llvm-passes".into());
        if let Some(r) = record {
            argv.insert(2, r.into());
            argv.insert(2, "-opt-record-file".into());
        }
        argv
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(args: &str) -> Cc1 {
        let mut argv = vec!["/usr/lib/llvm-19/bin/clang".to_owned(), "-cc1".to_owned()];
        argv.extend(args.split(' ').map(str::to_owned));
        Cc1::read(&argv)
    }

    const BASE: &str = "-triple x86_64-pc-linux-gnu -emit-obj -main-file-name a.c \
        -target-feature -xop -dependency-file a.d -MT a.o -O3 -Rpass=loop-unroll \
        -fno-unroll-loops -mllvm -unroll-count -mllvm 4 -mllvm -licm-n2-threshold=0 \
        -mllvm -unroll-runtime -mllvm -force-vector-width -mllvm 4 \
        -mllvm -vectorizer-maximize-bandwidth -mllvm -enable-interleaved-mem-accesses \
        -mllvm -force-vector-interleave=2 -opt-record-file a.opt.yaml -Werror -o a.o -x c a.c";

    #[test]
    fn reads_a_job() {
        let j = job(BASE);
        assert!(j.is_candidate());
        assert_eq!(j.reason_to_step_aside(), None);
        assert_eq!(j.input_path(), Some("a.c"));
        assert_eq!(j.output_path(), Some("a.o"));
        assert_eq!(j.level, Level { speed: 3, size: 0 });
        assert_eq!(j.remarks.passed.as_deref(), Some("loop-unroll"));
        assert!(j.no_unroll);
        assert_eq!(j.warnings, ["-Werror"]);
        assert_eq!(j.record.as_ref().unwrap().file, "a.opt.yaml");
        assert_eq!(
            j.loopwright_args(),
            [
                "-unroll-count",
                "4",
                "-unroll-runtime",
                "-force-vector-width",
                "4",
                "-vectorizer-maximize-bandwidth",
                "-force-vector-interleave=2"
            ]
        );
        assert_eq!(
            j.llvm_mllvm(),
            ["-licm-n2-threshold=0", "-enable-interleaved-mem-accesses"]
        );
        // A feature value that looks like a flag is a value.
        assert!(job(
            "-triple x86_64-pc-linux-gnu -target-feature -S -O3 -emit-obj -o a.o -x c a.c"
        )
        .action
        .is_some_and(|(_, a)| a == Action::Object));
    }

    #[test]
    fn step_command_lines() {
        let j = job(BASE);
        let fe = j.frontend("t/a.pre.bc", Some("t/fe.yaml"), false).join(" ");
        assert!(
            fe.contains("-emit-llvm-bc") && !fe.contains("-emit-obj"),
            "{fe}"
        );
        assert!(fe.contains("-disable-llvm-passes") && fe.contains("-emit-llvm-uselists"));
        assert!(fe.contains("-dependency-file a.d -MT a.o"));
        assert!(!fe.contains("-fno-unroll-loops") && !fe.contains("unroll-count"));
        assert!(fe.contains("-mllvm -licm-n2-threshold=0"));
        assert!(fe.contains("-opt-record-file t/fe.yaml") && !fe.contains("a.opt.yaml"));
        assert!(fe.ends_with("-o t/a.pre.bc -x c a.c"), "{fe}");
        // The anchor's front end stamps as clang's does.
        let anchor = j.frontend("t/a.pre.bc", None, true).join(" ");
        assert!(anchor.contains("-fno-unroll-loops") && !anchor.contains("-opt-record-file"));

        let q = j.pipeline_query().join(" ");
        assert!(q.contains("-mllvm -print-pipeline-passes"));
        assert!(q.ends_with("-o /dev/null -x c /dev/null"), "{q}");
        assert!(!q.contains("-dependency-file") && !q.contains("opt-record"));

        let be = j.backend("t/a.post.bc", Some("t/cg.yaml")).join(" ");
        assert!(be.ends_with("-o a.o -x ir t/a.post.bc"), "{be}");
        assert!(be.contains("-emit-obj") && be.contains("-disable-llvm-passes"));
        assert!(!be.contains("-dependency-file") && !be.contains("-MT"));
        assert!(be.contains("-opt-record-file t/cg.yaml") && !be.contains("a.opt.yaml"));
        assert!(be.contains("-Rpass=loop-unroll"));
    }

    #[test]
    fn levels_and_languages() {
        let at = |o: &str, x: &str| {
            job(&format!(
                "-triple x86_64-linux-gnu -emit-obj {o} -o a.o -x {x} a.c"
            ))
        };
        assert!(!at("-O1", "c").is_candidate());
        assert!(!at("-O0", "c").is_candidate());
        assert!(!at("-Og", "c").is_candidate());
        assert!(at("-O2", "c").is_candidate());
        assert!(at("-Os", "c++").is_candidate());
        assert!(at("-Oz", "cpp-output").is_candidate());
        assert!(at("-Ofast", "c").is_candidate());
        assert!(!at("-O3", "ir").is_candidate());
        assert!(!at("-O3", "objective-c").is_candidate());
        assert!(!at("-O3 -fsyntax-only", "c").is_candidate());
        assert!(!at("-O3 -disable-llvm-passes", "c").is_candidate());
        assert_eq!(at("-Os", "c").level, Level { speed: 2, size: 1 });
        assert!(at("-O3 -fsanitize=address", "c")
            .reason_to_step_aside()
            .unwrap()
            .contains("sanitizer"));
        assert!(at("-O3 -flto=thin", "c").reason_to_step_aside().is_some());
        assert!(
            job("-triple aarch64-linux-gnu -emit-obj -O3 -o a.o -x c a.c")
                .reason_to_step_aside()
                .is_some()
        );
    }

    #[test]
    fn separate_options_are_sorted() {
        let mut sorted = SEPARATE.to_vec();
        sorted.sort_unstable();
        assert_eq!(sorted, SEPARATE, "binary_search needs sorted order");
    }
}
