//! Structure-aware generation of valid LLVM IR modules from fuzzer bytes,
//! for the `mutate_ir` and `pipeline` fuzz targets.
//!
//! [`generate`] reads every decision from an [`arbitrary::Unstructured`]
//! over the fuzzer's bytes, so libFuzzer's byte mutations become mutations
//! of a module's structure: loop nests with several exits and latches,
//! innermost loops of the shape the loop vectorizer takes
//! ([`FnGen::gen_vec_loop`]: accesses through `getelementptr` on the
//! induction variable, integer and floating-point reductions, vectorizer
//! hints with hostile and malformed values),
//! `if` and `switch` regions, phis, calls, loads and stores through GEPs,
//! integer, float and vector arithmetic of several widths, casts, selects,
//! intrinsics (`smax`, `umin`, `abs`, `ctpop`, `fmuladd`, overflow and
//! saturating arithmetic, ...), optional debug info (locations, loop
//! locations, `#dbg_value` records) and random `!llvm.loop` metadata,
//! hostile values and malformed properties included.
//!
//! # Contract
//!
//! The text is a valid module for every input: `opt-19 -passes=verify`
//! accepts it (checked on a large sample by
//! `crates/driver/tests/fuzz_pipeline_replay.rs`), so the targets exercise
//! the optimizer, not the parser's error paths. Validity holds by
//! construction:
//!
//! - Control flow is structured: sequences, `if`, `switch` and loops, whose
//!   regions may end in `break` (to any enclosing loop's exit), `continue`
//!   (to its latch, or straight to its header, which makes a second latch),
//!   `ret` or `unreachable`. A value is used only inside the region of its
//!   definition ([`FnGen::scopes`]), which its definition dominates. The
//!   values of a loop's header are also used after the loop: every
//!   predecessor of the exit block lies in the loop, so the header
//!   dominates the exit.
//! - A block's phis are fixed when the block is created; every branch into
//!   the block adds one entry per phi and per edge (a `switch` with two
//!   cases to one block adds two equal entries), picked from the values
//!   live at the branch. A block no branch reaches gets `freeze T poison`
//!   in place of its phis.
//! - Every block ends in exactly one terminator: a region's statements
//!   never terminate its block; only a region's end does.
//! - Intrinsics are declared with their exact signatures; every function
//!   with debug info has a `DISubprogram` and every instruction in it a
//!   location in that subprogram.
//!
//! # Bounds
//!
//! At most [`MAX_FUNCS`] functions of at most [`MAX_STMTS`] statements
//! each, loops nested at most [`MAX_LOOP_DEPTH`] deep and regions
//! [`MAX_NEST`] deep, so the output stays small (a few hundred lines) and
//! generation is linear in the input. At most one loop per function gets
//! a pragma that forces unrolling (`unroll.enable`, `unroll.full`,
//! `unroll.count` of 2 or more), so that forced unrolls do not multiply
//! through a nest. When the bytes run out, every choice
//! takes its first option and every optional feature is left out, so
//! generation always ends.

use arbitrary::Unstructured;
use std::collections::BTreeSet;

/// Most functions defined in one module.
pub const MAX_FUNCS: usize = 3;
/// Most statements generated in one function.
pub const MAX_STMTS: u32 = 40;
/// Deepest loop nest.
pub const MAX_LOOP_DEPTH: usize = 4;
/// Deepest nesting of regions (loops, `if`, `switch`).
pub const MAX_NEST: u32 = 7;

/// The module for `data`; see the module docs for the contract.
pub fn generate(data: &[u8]) -> String {
    ModGen::new(data).run()
}

/// The first-class types values are generated in.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Ty {
    I1,
    I8,
    I16,
    I32,
    I64,
    I128,
    Half,
    Float,
    Double,
    Ptr,
    V4I32,
}

use Ty::*;

impl Ty {
    fn ir(self) -> &'static str {
        match self {
            I1 => "i1",
            I8 => "i8",
            I16 => "i16",
            I32 => "i32",
            I64 => "i64",
            I128 => "i128",
            Half => "half",
            Float => "float",
            Double => "double",
            Ptr => "ptr",
            V4I32 => "<4 x i32>",
        }
    }

    /// The width of an integer type.
    fn bits(self) -> Option<u32> {
        Some(match self {
            I1 => 1,
            I8 => 8,
            I16 => 16,
            I32 => 32,
            I64 => 64,
            I128 => 128,
            _ => return None,
        })
    }

    fn is_fp(self) -> bool {
        matches!(self, Half | Float | Double)
    }

    /// The suffix of an overloaded intrinsic's name (`llvm.smax.i32`).
    fn suffix(self) -> &'static str {
        match self {
            Half => "f16",
            Float => "f32",
            Double => "f64",
            V4I32 => "v4i32",
            Ptr => "p0",
            other => other.ir(),
        }
    }

    /// The ABI alignment on x86-64.
    fn align(self) -> u32 {
        match self {
            I1 | I8 => 1,
            I16 | Half => 2,
            I32 | Float => 4,
            I64 | Double | Ptr => 8,
            I128 | V4I32 => 16,
        }
    }
}

/// Integer types of arithmetic, most common first.
const INT_TYS: &[Ty] = &[I32, I64, I32, I64, I8, I16, I128];
/// Floating-point types, most common first.
const FP_TYS: &[Ty] = &[Double, Float, Half];
/// Types of phis and loads, most common first.
const VALUE_TYS: &[Ty] = &[I32, I64, Double, Ptr, I1, I8, I16, Float, I128, Half, V4I32];
/// Types a load or store accesses.
const MEM_TYS: &[Ty] = &[I32, I64, Double, I8, I16, Float, Ptr, I128, Half, V4I32];

/// The element types of the global arrays `@g.<ty>` and their lengths.
const GLOBALS: &[(Ty, u32)] = &[(I32, 64), (Double, 32), (I8, 128), (I64, 16)];

/// The fields of `%struct.S`.
const STRUCT_FIELDS: &[&str] = &["i32", "double", "[4 x i16]", "ptr"];

/// Decisions from the fuzzer's bytes. Out of bytes, [`Src::below`] gives
/// 0 and [`Src::chance`] gives `false`.
struct Src<'a>(Unstructured<'a>);

impl Src<'_> {
    /// A number in `0..n` (0 when `n` is 0).
    fn below(&mut self, n: usize) -> usize {
        if n <= 1 {
            0
        } else {
            self.0.choose_index(n).unwrap_or(0)
        }
    }

    /// `true` with probability about `num/den` while bytes remain.
    fn chance(&mut self, num: u32, den: u32) -> bool {
        !self.0.is_empty() && self.0.ratio(num, den).unwrap_or(false)
    }

    fn range(&mut self, lo: u32, hi: u32) -> u32 {
        if hi <= lo {
            lo
        } else {
            self.0.int_in_range(lo..=hi).unwrap_or(lo)
        }
    }

    /// One of `items`, which is never empty at the call sites.
    fn of<T: Copy>(&mut self, items: &[T]) -> T {
        let i = self.below(items.len());
        items[i]
    }

    /// An index into `weights`, chosen with those weights (0 when they are
    /// all zero).
    fn weighted(&mut self, weights: &[u32]) -> usize {
        let total: u32 = weights.iter().sum();
        if total == 0 {
            return 0;
        }
        let mut r = self.range(0, total - 1);
        for (i, &w) in weights.iter().enumerate() {
            if r < w {
                return i;
            }
            r -= w;
        }
        0
    }
}

/// A function's signature.
struct Sig {
    name: String,
    ret: Option<Ty>,
    params: Vec<Ty>,
}

/// Module-level debug info: the compile unit's file, a subroutine type and
/// the basic type of local variables.
struct Dbg {
    file: usize,
    sub_ty: usize,
    int_ty: usize,
    cu: usize,
}

/// The module being generated.
struct ModGen<'a> {
    s: Src<'a>,
    /// Metadata nodes; node `i` is printed as `!i = <md[i]>`.
    md: Vec<String>,
    /// Declarations of external functions and intrinsics.
    decls: BTreeSet<String>,
    sigs: Vec<Sig>,
    dbg: Option<Dbg>,
    /// Whether the current function may still get a pragma that forces
    /// unrolling (`unroll.enable`, `unroll.full`, `unroll.count`).
    forcing_left: bool,
    /// Whether the loop whose properties are being generated got one.
    forced: bool,
}

impl<'a> ModGen<'a> {
    fn new(data: &'a [u8]) -> Self {
        ModGen {
            s: Src(Unstructured::new(data)),
            md: Vec::new(),
            decls: BTreeSet::new(),
            sigs: Vec::new(),
            dbg: None,
            forcing_left: true,
            forced: false,
        }
    }

    fn md_add(&mut self, body: String) -> usize {
        self.md.push(body);
        self.md.len() - 1
    }

    fn run(mut self) -> String {
        if self.s.chance(1, 3) {
            let file = self.md_add("!DIFile(filename: \"fuzz.c\", directory: \"/fuzz\")".into());
            let cu = self.md_add(format!(
                "distinct !DICompileUnit(language: DW_LANG_C11, file: !{file}, producer: \
                 \"loopwright-fuzz\", isOptimized: true, runtimeVersion: 0, emissionKind: \
                 FullDebug)"
            ));
            let sub_ty = self.md_add("!DISubroutineType(types: !{null})".into());
            let int_ty = self
                .md_add("!DIBasicType(name: \"int\", size: 32, encoding: DW_ATE_signed)".into());
            self.dbg = Some(Dbg {
                file,
                sub_ty,
                int_ty,
                cu,
            });
        }
        let nfuncs = 1 + self.s.below(MAX_FUNCS);
        for i in 0..nfuncs {
            let ret = self
                .s
                .of(&[None, Some(I32), Some(I64), Some(Double), Some(Ptr)]);
            let mut params = vec![Ptr];
            for _ in 0..self.s.below(5) {
                params.push(self.s.of(&[I32, I64, Ptr, Double, I16, I8, Float]));
            }
            self.sigs.push(Sig {
                name: format!("f{i}"),
                ret,
                params,
            });
        }
        let mut out = String::from(
            "; generated by loopwright-fuzz's irgen\n\
             target datalayout = \"e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-\
             f80:128-n8:16:32:64-S128\"\n\
             target triple = \"x86_64-unknown-linux-gnu\"\n\n\
             %struct.S = type { i32, double, [4 x i16], ptr }\n\n",
        );
        for &(ty, n) in GLOBALS {
            let linkage = if ty == Double { "internal " } else { "" };
            out.push_str(&format!(
                "@g.{} = {linkage}global [{n} x {}] zeroinitializer, align 16\n",
                ty.suffix(),
                ty.ir()
            ));
        }
        out.push_str("@g.s = global [8 x %struct.S] zeroinitializer, align 16\n");
        out.push_str("@g.c = constant [4 x i16] [i16 1, i16 2, i16 3, i16 4], align 2\n\n");
        for i in 0..nfuncs {
            let text = FnGen::new(&mut self, i).run();
            out.push_str(&text);
            out.push('\n');
        }
        for d in &self.decls {
            out.push_str(d);
            out.push('\n');
        }
        if let Some(d) = &self.dbg {
            out.push_str(&format!(
                "\n!llvm.dbg.cu = !{{!{}}}\n!llvm.module.flags = !{{!{}, !{}}}\n",
                d.cu,
                self.md.len(),
                self.md.len() + 1
            ));
            self.md
                .push("!{i32 2, !\"Debug Info Version\", i32 3}".into());
            self.md.push("!{i32 7, !\"Dwarf Version\", i32 5}".into());
        }
        if !self.md.is_empty() {
            out.push('\n');
        }
        for (i, body) in self.md.iter().enumerate() {
            out.push_str(&format!("!{i} = {body}\n"));
        }
        out
    }

    /// A constant of `ty`.
    fn constant(&mut self, ty: Ty) -> String {
        if self.s.chance(1, 40) {
            return self.s.of(&["poison", "undef"]).to_string();
        }
        match ty {
            I1 => self.s.of(&["true", "false"]).to_string(),
            I8 | I16 | I32 | I64 | I128 => {
                let bits = ty.bits().unwrap_or(32);
                let all: &[i128] = &[
                    0,
                    1,
                    2,
                    -1,
                    3,
                    4,
                    7,
                    8,
                    16,
                    100,
                    127,
                    -128,
                    255,
                    1000,
                    32767,
                    65535,
                    i32::MAX as i128,
                    i32::MIN as i128,
                    u32::MAX as i128,
                    1 << 40,
                    i64::MIN as i128,
                    i64::MAX as i128,
                    1 << 100,
                ];
                let (lo, hi) = if bits >= 128 {
                    (i128::MIN, i128::MAX)
                } else {
                    (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
                };
                let fits: Vec<i128> = all
                    .iter()
                    .copied()
                    .filter(|v| (lo..=hi).contains(v))
                    .collect();
                self.s.of(&fits).to_string()
            }
            Half | Float | Double => {
                let special = match ty {
                    Half => ["0xH7C00", "0xH7E00"],
                    _ => ["0x7FF0000000000000", "0x7FF8000000000000"],
                };
                let all = [
                    "0.000000e+00",
                    "1.000000e+00",
                    "-1.000000e+00",
                    "5.000000e-01",
                    "2.500000e+00",
                    "1.000000e+02",
                    "-0.000000e+00",
                    special[0],
                    special[1],
                ];
                self.s.of(&all).to_string()
            }
            Ptr => match self.s.below(4) {
                0 => "null".to_string(),
                1 => "@g.i32".to_string(),
                2 => format!(
                    "getelementptr inbounds ([64 x i32], ptr @g.i32, i64 0, i64 {})",
                    self.s.range(0, 63)
                ),
                _ => "@g.s".to_string(),
            },
            V4I32 => match self.s.below(3) {
                0 => "zeroinitializer".to_string(),
                1 => format!("splat (i32 {})", self.s.range(0, 9)),
                _ => "<i32 0, i32 1, i32 2, i32 3>".to_string(),
            },
        }
    }

    /// A `!llvm.loop` property, as a metadata operand (a node number or an
    /// inline node). `depth` is the follow-up nesting.
    ///
    /// At most one loop of a function gets the properties that force
    /// unrolling ([`ModGen::forcing_left`]), and no follow-up does: LLVM
    /// 19 and loopwright follow each pragma up to its own size limit, so
    /// pragmas on every loop of a nest multiply the code (a 200-line
    /// module became 370,000 lines in opt-19, in 20 s), which only slows
    /// the fuzzer down.
    fn loop_prop(&mut self, depth: u32) -> String {
        // Not in a follow-up either: it would force unrolling again in
        // each later unroll pass of a pipeline (a count of 32 in
        // `followup_all` made two `loop-unroll`s copy a loop 1,024 times).
        let forcing = self.forcing_left && depth == 0;
        let s = &mut self.s;
        let followup = if depth == 0 { 3 } else { 0 };
        let body = match s.weighted(&[4, 3, 2, 8, 5, followup, 2, 3, 2, 2]) {
            0 => "!\"llvm.loop.mustprogress\"".to_string(),
            1 => {
                let p = s.of(&[
                    "!\"llvm.loop.unroll.disable\"",
                    "!\"llvm.loop.unroll.enable\"",
                    "!\"llvm.loop.unroll.full\"",
                    "!\"llvm.loop.unroll.runtime.disable\"",
                ]);
                let forces = p.contains("enable") || p.contains("full");
                if forces && !forcing {
                    "!\"llvm.loop.unroll.disable\"".to_string()
                } else {
                    self.forced |= forces;
                    p.to_string()
                }
            }
            2 => "!\"llvm.loop.disable_nonforced\"".to_string(),
            3 => {
                let n = Self::md_int(s);
                let forces = (2..=1_000_000).contains(&n);
                if forcing || !forces {
                    self.forced |= forces;
                    format!("!\"llvm.loop.unroll.count\", i32 {n}")
                } else {
                    "!\"llvm.loop.unroll.count\", i32 1".to_string()
                }
            }
            4 => format!("!\"llvm.loop.peeled.count\", i32 {}", Self::md_int(s)),
            5 => {
                let kind = s.of(&["all", "unrolled", "remainder"]);
                let mut ops = vec![format!("!\"llvm.loop.unroll.followup_{kind}\"")];
                for _ in 0..self.s.below(4) {
                    ops.push(self.loop_prop(depth + 1));
                }
                ops.join(", ")
            }
            6 => return self.vectorize_prop(depth),
            7 => s
                .of(&[
                    "!\"llvm.loop.unroll_and_jam.enable\"",
                    "!\"llvm.loop.distribute.enable\", i1 true",
                    "!\"llvm.loop.licm_versioning.disable\"",
                    "!\"llvm.loop.unroll.runtime.disable\"",
                ])
                .to_string(),
            8 => {
                let p = s.of(&[
                    "!\"llvm.loop.unroll.count\"",
                    "!\"llvm.loop.unroll.count\", !\"four\"",
                    "!\"llvm.loop.unroll.count\", i64 8589934592",
                    "!\"llvm.loop.unroll.count\", i1 true",
                    "!\"llvm.loop.peeled.count\"",
                    "!\"llvm.loop.peeled.count\", i64 -1",
                    "!\"llvm.loop.unroll.disable\", i32 0",
                    "!\"llvm.loop.unroll.full\", i1 false",
                ]);
                // LLVM reads `unroll.full` by its name alone: a full pragma.
                let forces = p.contains("unroll.full");
                if forces && !forcing {
                    "!\"llvm.loop.unroll.disable\", i32 0".to_string()
                } else {
                    self.forced |= forces;
                    p.to_string()
                }
            }
            _ => s
                .of(&[
                    "!\"llvm.loop.fuzz.unknown\"",
                    "!\"llvm.loop.fuzz.unknown\", i32 3",
                ])
                .to_string(),
        };
        if self.s.chance(1, 3) {
            format!("!{{{body}}}")
        } else {
            let n = self.md_add(format!("!{{{body}}}"));
            format!("!{n}")
        }
    }

    /// A vectorizer property of `!llvm.loop` (a node number or an inline
    /// node): `vectorize.width` and `interleave.count` with the values
    /// users ask for and hostile ones (2^20, 2^31 printed signed, -1, not
    /// a power of two), `vectorize.enable`, `isvectorized`,
    /// `vectorize.predicate.enable`, `vectorize.scalable.enable`, the
    /// vectorizer's follow-ups (at `depth` 0 only), and malformed ones
    /// (a misspelled name, a string or `i64` operand, no operand).
    fn vectorize_prop(&mut self, depth: u32) -> String {
        let s = &mut self.s;
        let followup = if depth == 0 { 2 } else { 0 };
        let body = match s.weighted(&[6, 3, 4, 2, 1, 1, followup, 2]) {
            0 => format!(
                "!\"llvm.loop.vectorize.width\", i32 {}",
                s.of(&[4, 2, 8, 16, 1, 32, 64, 3, 0, 128, 1 << 20, -1, -2147483648])
            ),
            1 => format!(
                "!\"llvm.loop.vectorize.enable\", i1 {}",
                s.of(&["true", "true", "false"])
            ),
            2 => format!(
                "!\"llvm.loop.interleave.count\", i32 {}",
                s.of(&[1, 2, 4, 8, 16, 0, 3, 32, 1 << 20, -2147483648, -1])
            ),
            3 => format!("!\"llvm.loop.isvectorized\", i32 {}", s.of(&[1, 0, 2])),
            4 => format!(
                "!\"llvm.loop.vectorize.predicate.enable\", i1 {}",
                s.of(&["true", "false"])
            ),
            5 => format!(
                "!\"llvm.loop.vectorize.scalable.enable\", i1 {}",
                s.of(&["true", "false"])
            ),
            6 => {
                let kind = s.of(&["vectorized", "epilogue", "all"]);
                let mut ops = vec![format!("!\"llvm.loop.vectorize.followup_{kind}\"")];
                for _ in 0..self.s.below(3) {
                    ops.push(self.loop_prop(depth + 1));
                }
                ops.join(", ")
            }
            _ => s
                .of(&[
                    "!\"llvm.loop.vectorize.widht\", i32 4",
                    "!\"llvm.loop.vectorize.width\", !\"eight\"",
                    "!\"llvm.loop.vectorize.width\", i64 4294967300",
                    "!\"llvm.loop.vectorize.width\"",
                    "!\"llvm.loop.interleave.count\", i1 true",
                    "!\"llvm.loop.vectorize.enable\", i32 7",
                    "!\"llvm.loop.vectorize.width\", i32 4, i32 8",
                ])
                .to_string(),
        };
        if self.s.chance(1, 3) {
            format!("!{{{body}}}")
        } else {
            let n = self.md_add(format!("!{{{body}}}"));
            format!("!{n}")
        }
    }

    /// An `i32` operand of a count property, hostile values included:
    /// 2^31 and 2^32 - 1 (printed signed) and 1,000,001, all above
    /// loopwright's sanity bound for counts. Large counts within the bound
    /// are left out: LLVM 19 and loopwright follow a pragma count without a
    /// size limit, so a count of 65536 legitimately makes 65536 copies.
    fn md_int(s: &mut Src<'_>) -> i64 {
        s.of(&[
            0,
            1,
            2,
            3,
            4,
            8,
            16,
            5,
            7,
            32,
            1_000_001,
            2147483647,
            -2147483648,
            -1,
        ])
    }

    /// Declares an intrinsic or external function (once).
    fn declare(&mut self, line: String) {
        self.decls.insert(line);
    }
}

/// A block under construction.
struct Blk {
    label: String,
    phis: Vec<Phi>,
    insts: Vec<String>,
    term: Option<String>,
    preds: u32,
    /// Never printed: a latch the loop's last block took the place of.
    dead: bool,
}

struct Phi {
    name: String,
    ty: Ty,
    /// (value, predecessor block) per incoming edge.
    incoming: Vec<(String, usize)>,
}

/// An enclosing loop, for `break` and `continue`.
struct LoopCtx {
    header: usize,
    latch: usize,
    exit: usize,
    iv: String,
    iv_ty: Ty,
    step: String,
    md: Option<usize>,
}

/// One function under construction.
struct FnGen<'g, 'a> {
    g: &'g mut ModGen<'a>,
    idx: usize,
    blocks: Vec<Blk>,
    cur: usize,
    /// The values usable at the current point, innermost region last.
    scopes: Vec<Vec<(Ty, String)>>,
    loops: Vec<LoopCtx>,
    next: u32,
    stmts_left: u32,
    /// The function's `DISubprogram`, the last source line given out, and
    /// the local variables of `#dbg_value` records.
    sp: Option<usize>,
    line: u32,
    vars: Vec<usize>,
}

impl<'g, 'a> FnGen<'g, 'a> {
    fn new(g: &'g mut ModGen<'a>, idx: usize) -> Self {
        g.forcing_left = true;
        FnGen {
            g,
            idx,
            blocks: Vec::new(),
            cur: 0,
            scopes: vec![Vec::new()],
            loops: Vec::new(),
            next: 0,
            stmts_left: MAX_STMTS,
            sp: None,
            line: 0,
            vars: Vec::new(),
        }
    }

    fn run(mut self) -> String {
        let (name, ret, params) = match self.g.sigs.get(self.idx) {
            Some(sig) => (sig.name.clone(), sig.ret, sig.params.clone()),
            None => ("f".to_string(), None, Vec::new()),
        };
        if let Some(d) = &self.g.dbg {
            let body = format!(
                "distinct !DISubprogram(name: \"{name}\", scope: !{f}, file: !{f}, line: 1, \
                 type: !{t}, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, \
                 unit: !{cu})",
                f = d.file,
                t = d.sub_ty,
                cu = d.cu
            );
            self.sp = Some(self.g.md_add(body));
        }
        let mut param_text = Vec::new();
        for (i, &ty) in params.iter().enumerate() {
            let attr = match (ty, self.g.s.below(4)) {
                (Ptr, 0) => " noalias",
                (Ptr, 1) => " nocapture",
                (_, 2) => " noundef",
                _ => "",
            };
            param_text.push(format!("{}{attr} %arg{i}", ty.ir()));
            self.scope_add(ty, format!("%arg{i}"));
        }
        for &(ty, _) in GLOBALS {
            self.scope_add(Ptr, format!("@g.{}", ty.suffix()));
        }
        let mut attrs = String::new();
        for a in ["nounwind", "mustprogress", "optsize", "minsize", "noinline"] {
            if self.g.s.chance(1, 4) {
                attrs.push(' ');
                attrs.push_str(a);
            }
        }
        let linkage = if self.idx > 0 && self.g.s.chance(1, 3) {
            "internal "
        } else {
            ""
        };
        self.blocks.push(Blk {
            label: "entry".into(),
            phis: Vec::new(),
            insts: Vec::new(),
            term: None,
            preds: 0,
            dead: false,
        });
        for _ in 0..self.g.s.below(3) {
            let (ty, n) = self
                .g
                .s
                .of(&[("i32", 16), ("i64", 1), ("double", 8), ("i8", 64)]);
            let v = self.fresh("m");
            self.emit(format!("{v} = alloca [{n} x {ty}], align 16"));
            self.scope_add(Ptr, v);
        }
        // Loops are the point: a function starts with one most of the time,
        // half of them of the vectorizer's shape.
        if self.g.s.chance(7, 8) {
            self.stmts_left -= 1;
            if self.g.s.chance(1, 2) {
                self.gen_vec_loop();
            } else {
                self.gen_loop(0);
            }
        }
        while self.stmts_left > 0 && !self.g.s.0.is_empty() {
            self.stmts(0);
            if self.g.s.chance(1, 3) {
                break;
            }
        }
        let ret_text = match ret {
            None => "ret void".to_string(),
            Some(ty) => {
                let v = self.pick(ty);
                format!("ret {} {v}", ty.ir())
            }
        };
        self.terminate(ret_text);
        let ret_ty = ret.map_or("void", Ty::ir);
        let dbg = self.sp.map(|sp| format!(" !dbg !{sp}")).unwrap_or_default();
        let mut out = format!(
            "define {linkage}{ret_ty} @{name}({}){attrs}{dbg} {{\n",
            param_text.join(", ")
        );
        self.render(&mut out);
        out.push_str("}\n");
        out
    }

    fn render(&self, out: &mut String) {
        for b in self.blocks.iter().filter(|b| !b.dead) {
            out.push_str(&b.label);
            out.push_str(":\n");
            for p in &b.phis {
                if p.incoming.is_empty() {
                    out.push_str(&format!("  {} = freeze {} poison\n", p.name, p.ty.ir()));
                } else {
                    let inc: Vec<String> = p
                        .incoming
                        .iter()
                        .map(|(v, from)| format!("[ {v}, %{} ]", self.blocks[*from].label))
                        .collect();
                    out.push_str(&format!(
                        "  {} = phi {} {}\n",
                        p.name,
                        p.ty.ir(),
                        inc.join(", ")
                    ));
                }
            }
            for i in &b.insts {
                out.push_str(i);
                out.push('\n');
            }
            out.push_str(b.term.as_deref().unwrap_or("  unreachable"));
            out.push('\n');
        }
    }

    // ----- values, blocks and edges -----

    fn fresh(&mut self, hint: &str) -> String {
        let n = self.next;
        self.next += 1;
        format!("%{hint}{n}")
    }

    fn scope_add(&mut self, ty: Ty, v: String) {
        if let Some(s) = self.scopes.last_mut() {
            s.push((ty, v));
        }
    }

    /// A value of `ty` usable here, or a constant.
    fn pick(&mut self, ty: Ty) -> String {
        let n = self
            .scopes
            .iter()
            .flatten()
            .filter(|(t, _)| *t == ty)
            .count();
        if n == 0 || self.g.s.chance(1, 8) {
            return self.g.constant(ty);
        }
        // Recent values more often: they include the innermost induction
        // variables.
        let k = if self.g.s.chance(1, 2) {
            n - 1 - self.g.s.below(n.min(4))
        } else {
            self.g.s.below(n)
        };
        self.scopes
            .iter()
            .flatten()
            .filter(|(t, _)| *t == ty)
            .nth(k)
            .map(|(_, v)| v.clone())
            .unwrap_or_else(|| "poison".into())
    }

    /// A type that has values here, most of the time.
    fn live_type(&mut self, among: &[Ty]) -> Ty {
        let live: Vec<Ty> = self
            .scopes
            .iter()
            .flatten()
            .map(|(t, _)| *t)
            .filter(|t| among.contains(t))
            .collect();
        if !live.is_empty() && !self.g.s.chance(1, 5) {
            self.g.s.of(&live)
        } else {
            self.g.s.of(among)
        }
    }

    fn phi_types(&mut self, max: usize) -> Vec<Ty> {
        let n = self.g.s.below(max + 1);
        (0..n).map(|_| self.g.s.of(VALUE_TYS)).collect()
    }

    fn new_block(&mut self, phi_tys: &[Ty]) -> usize {
        let idx = self.blocks.len();
        let phis = phi_tys
            .iter()
            .map(|&ty| Phi {
                name: self.fresh("p"),
                ty,
                incoming: Vec::new(),
            })
            .collect();
        self.blocks.push(Blk {
            label: format!("bb{idx}"),
            phis,
            insts: Vec::new(),
            term: None,
            preds: 0,
            dead: false,
        });
        idx
    }

    fn label(&self, b: usize) -> &str {
        &self.blocks[b].label
    }

    /// Makes `b`'s phis usable from here on.
    fn enter_phis(&mut self, b: usize) {
        let phis: Vec<(Ty, String)> = self.blocks[b]
            .phis
            .iter()
            .map(|p| (p.ty, p.name.clone()))
            .collect();
        for (ty, name) in phis {
            self.scope_add(ty, name);
        }
    }

    /// `count` edges from the current block to `to`, with phi values
    /// picked from what is usable here.
    fn edge(&mut self, to: usize, count: u32) {
        let tys: Vec<Ty> = self.blocks[to].phis.iter().map(|p| p.ty).collect();
        let vals = tys.into_iter().map(|ty| self.pick(ty)).collect();
        self.edge_with(to, vals, count);
    }

    fn edge_with(&mut self, to: usize, vals: Vec<String>, count: u32) {
        let from = self.cur;
        let b = &mut self.blocks[to];
        for (p, v) in b.phis.iter_mut().zip(vals) {
            for _ in 0..count {
                p.incoming.push((v.clone(), from));
            }
        }
        b.preds += count;
    }

    fn dbg_suffix(&mut self) -> String {
        let Some(sp) = self.sp else {
            return String::new();
        };
        self.line += 1;
        let col = self.g.s.range(1, 12);
        let loc = self.g.md_add(format!(
            "!DILocation(line: {}, column: {col}, scope: !{sp})",
            self.line
        ));
        format!(", !dbg !{loc}")
    }

    fn emit(&mut self, text: String) {
        let d = self.dbg_suffix();
        self.blocks[self.cur].insts.push(format!("  {text}{d}"));
    }

    /// Emits `v = rhs` for a fresh `v` of type `ty`, usable from here on.
    fn def(&mut self, ty: Ty, rhs: String) -> String {
        let v = self.fresh("v");
        self.emit(format!("{v} = {rhs}"));
        self.scope_add(ty, v.clone());
        v
    }

    fn terminate(&mut self, text: String) {
        let d = self.dbg_suffix();
        self.blocks[self.cur].term = Some(format!("  {text}{d}"));
    }

    // ----- statements -----

    /// A sequence of statements in the current region.
    fn stmts(&mut self, nest: u32) {
        let n = self.g.s.range(1, 5);
        for _ in 0..n {
            if self.stmts_left == 0 {
                break;
            }
            self.stmts_left -= 1;
            self.stmt(nest);
        }
    }

    fn stmt(&mut self, nest: u32) {
        let can_nest = nest < MAX_NEST;
        let can_loop = can_nest && self.loops.len() < MAX_LOOP_DEPTH;
        let w = [
            10,
            5,
            2,
            if can_nest { 3 } else { 0 },
            if can_nest { 1 } else { 0 },
            if can_loop { 3 } else { 0 },
            if self.sp.is_some() { 1 } else { 0 },
            if can_loop { 2 } else { 0 },
        ];
        match self.g.s.weighted(&w) {
            0 => self.gen_op(),
            1 => self.gen_mem(),
            2 => self.gen_call(),
            3 => self.gen_if(nest),
            4 => self.gen_switch(nest),
            5 => self.gen_loop(nest),
            6 => self.gen_dbg_value(),
            _ => self.gen_vec_loop(),
        }
    }

    /// An `i1` condition.
    fn cond(&mut self) -> String {
        match self.g.s.below(5) {
            0 | 1 => {
                let ty = self.live_type(&[I32, I64, I8, I16, I128]);
                let a = self.pick(ty);
                let b = self.pick(ty);
                let p = self.g.s.of(&[
                    "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
                ]);
                self.def(I1, format!("icmp {p} {} {a}, {b}", ty.ir()))
            }
            2 => self.pick(I1),
            3 => {
                let ty = self.live_type(FP_TYS);
                let a = self.pick(ty);
                let b = self.pick(ty);
                let p = self.g.s.of(&[
                    "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult",
                    "ule", "une", "uno", "true", "false",
                ]);
                self.def(I1, format!("fcmp {p} {} {a}, {b}", ty.ir()))
            }
            _ => {
                let a = self.pick(Ptr);
                let b = self.pick(Ptr);
                let p = self.g.s.of(&["eq", "ne", "ult"]);
                self.def(I1, format!("icmp {p} ptr {a}, {b}"))
            }
        }
    }

    /// Ends a region: falls through to `join`, or leaves by `break`,
    /// `continue`, `ret` or `unreachable`.
    fn region_end(&mut self, join: usize) {
        let in_loop = !self.loops.is_empty();
        let w = [
            14,
            if in_loop { 3 } else { 0 },
            if in_loop { 2 } else { 0 },
            if in_loop { 1 } else { 0 },
            1,
            1,
        ];
        match self.g.s.weighted(&w) {
            1 => {
                let k = self.loop_target();
                let exit = self.loops[k].exit;
                let t = format!("br label %{}", self.label(exit));
                self.terminate(t);
                self.edge(exit, 1);
            }
            2 => {
                let k = self.loop_target();
                let latch = self.loops[k].latch;
                let t = format!("br label %{}", self.label(latch));
                self.terminate(t);
                self.edge(latch, 1);
            }
            3 => self.continue_to_header(),
            4 => self.gen_ret(),
            5 => self.terminate("unreachable".into()),
            _ => {
                let t = format!("br label %{}", self.label(join));
                self.terminate(t);
                self.edge(join, 1);
            }
        }
    }

    /// The enclosing loop a `break` or `continue` leaves: the innermost
    /// most of the time.
    fn loop_target(&mut self) -> usize {
        let n = self.loops.len();
        if n > 1 && self.g.s.chance(1, 3) {
            self.g.s.below(n)
        } else {
            n.saturating_sub(1)
        }
    }

    /// `continue` straight to the header: another latch of that loop.
    fn continue_to_header(&mut self) {
        let k = self.loop_target();
        let (header, iv, iv_ty, step, md) = {
            let l = &self.loops[k];
            (l.header, l.iv.clone(), l.iv_ty, l.step.clone(), l.md)
        };
        let next = self.def(iv_ty, format!("add {} {iv}, {step}", iv_ty.ir()));
        let mut vals = vec![next];
        let tys: Vec<Ty> = self.blocks[header]
            .phis
            .iter()
            .skip(1)
            .map(|p| p.ty)
            .collect();
        for ty in tys {
            vals.push(self.pick(ty));
        }
        let md = match md {
            Some(m) if self.g.s.chance(1, 2) => format!(", !llvm.loop !{m}"),
            _ => String::new(),
        };
        let t = format!("br label %{}{md}", self.label(header));
        self.terminate(t);
        self.edge_with(header, vals, 1);
    }

    fn gen_ret(&mut self) {
        let ret = self.g.sigs.get(self.idx).and_then(|s| s.ret);
        let t = match ret {
            None => "ret void".to_string(),
            Some(ty) => {
                let v = self.pick(ty);
                format!("ret {} {v}", ty.ir())
            }
        };
        self.terminate(t);
    }

    fn gen_if(&mut self, nest: u32) {
        let c = self.cond();
        let join_tys = self.phi_types(2);
        let then_b = self.new_block(&[]);
        let else_b = self.g.s.chance(1, 2).then(|| self.new_block(&[]));
        let join = self.new_block(&join_tys);
        let other = else_b.unwrap_or(join);
        let t = format!(
            "br i1 {c}, label %{}, label %{}",
            self.label(then_b),
            self.label(other)
        );
        self.terminate(t);
        if else_b.is_none() {
            self.edge(join, 1);
        }
        for arm in std::iter::once(then_b).chain(else_b) {
            self.cur = arm;
            self.scopes.push(Vec::new());
            self.stmts(nest + 1);
            self.region_end(join);
            self.scopes.pop();
        }
        self.cur = join;
        self.enter_phis(join);
    }

    fn gen_switch(&mut self, nest: u32) {
        let ty = self.live_type(&[I32, I64, I8, I16]);
        let v = self.pick(ty);
        let join_tys = self.phi_types(2);
        let join = self.new_block(&join_tys);
        let in_loop = !self.loops.is_empty();
        let ncases = 1 + self.g.s.below(4);
        let mut values: Vec<i64> = Vec::new();
        // Targets: the default first, then the cases.
        let mut targets: Vec<usize> = Vec::new();
        let mut arms: Vec<usize> = Vec::new();
        for i in 0..=ncases {
            if i > 0 {
                let free: Vec<i64> = [0, 1, 2, 3, 4, 5, 7, 9, -1, 100]
                    .into_iter()
                    .filter(|c| !values.contains(c))
                    .collect();
                values.push(self.g.s.of(&free));
            }
            let kind = self.g.s.weighted(&[
                5,
                2,
                if arms.is_empty() { 0 } else { 1 },
                if in_loop { 1 } else { 0 },
                if in_loop { 1 } else { 0 },
            ]);
            let t = match kind {
                1 => join,
                2 => self.g.s.of(&arms),
                3 => {
                    let k = self.loop_target();
                    self.loops[k].exit
                }
                4 => {
                    let k = self.loop_target();
                    self.loops[k].latch
                }
                _ => {
                    let b = self.new_block(&[]);
                    arms.push(b);
                    b
                }
            };
            targets.push(t);
        }
        let tyn = ty.ir();
        let mut text = format!("switch {tyn} {v}, label %{} [", self.label(targets[0]));
        for (c, &t) in values.iter().zip(&targets[1..]) {
            text.push_str(&format!("\n    {tyn} {c}, label %{}", self.label(t)));
        }
        text.push_str("\n  ]");
        self.terminate(text);
        // One set of phi values per target block, one entry per edge.
        let mut distinct: Vec<usize> = Vec::new();
        for &t in &targets {
            if !distinct.contains(&t) {
                distinct.push(t);
            }
        }
        for t in distinct {
            let count = targets.iter().filter(|&&x| x == t).count() as u32;
            if !arms.contains(&t) {
                self.edge(t, count);
            } else {
                self.blocks[t].preds += count;
            }
        }
        for arm in arms {
            self.cur = arm;
            self.scopes.push(Vec::new());
            self.stmts(nest + 1);
            self.region_end(join);
            self.scopes.pop();
        }
        self.cur = join;
        self.enter_phis(join);
    }

    /// A loop: counted (up or down, constant or invariant bounds and
    /// steps), tested at the top or the bottom, with carried phis, exit
    /// phis, an optional dedicated preheader and latch, and metadata.
    fn gen_loop(&mut self, nest: u32) {
        let s = &mut self.g.s;
        let iv_ty = s.of(&[I32, I64, I32, I64, I16, I8]);
        let up = !s.chance(1, 4);
        let bottom = s.chance(1, 2);
        let pred = if up {
            s.of(&["slt", "ult", "ne", "sle", "ule"])
        } else {
            s.of(&["sgt", "ugt", "ne", "sge", "uge"])
        };
        let start = if s.chance(1, 4) {
            self.pick(iv_ty)
        } else if up {
            self.g.s.of(&["0", "0", "1"]).to_string()
        } else {
            self.g.s.of(&["10", "100", "7"]).to_string()
        };
        let step = if self.g.s.chance(1, 8) {
            self.pick(iv_ty)
        } else if up {
            self.g.s.of(&["1", "1", "1", "2", "3", "4"]).to_string()
        } else {
            self.g.s.of(&["-1", "-1", "-2"]).to_string()
        };
        let bound = if self.g.s.chance(1, 2) {
            self.pick(iv_ty)
        } else if up {
            let c = self
                .g
                .s
                .of(&[4i64, 7, 8, 10, 16, 17, 100, 63, 127, 2147483647]);
            Self::fit(iv_ty, c)
        } else {
            self.g.s.of(&["0", "-1", "1"]).to_string()
        };
        let carried = self.phi_types(3);
        let exit_tys = self.phi_types(2);
        let mut header_tys = vec![iv_ty];
        header_tys.extend(&carried);
        if self.g.s.chance(1, 4) {
            let ph = self.new_block(&[]);
            let t = format!("br label %{}", self.label(ph));
            self.terminate(t);
            self.blocks[ph].preds += 1;
            self.cur = ph;
        }
        let header = self.new_block(&header_tys);
        let latch = self.new_block(&carried);
        let exit = self.new_block(&exit_tys);
        let mut inits = vec![start];
        for &ty in &carried {
            inits.push(self.pick(ty));
        }
        let t = format!("br label %{}", self.label(header));
        self.terminate(t);
        self.edge_with(header, inits, 1);
        let md = self.loop_md();

        self.cur = header;
        self.scopes.push(Vec::new());
        self.enter_phis(header);
        let iv = self.blocks[header].phis[0].name.clone();
        for _ in 0..self.g.s.below(3) {
            self.gen_op();
        }
        if !bottom {
            let c = if self.g.s.chance(7, 8) {
                self.def(I1, format!("icmp {pred} {} {iv}, {bound}", iv_ty.ir()))
            } else {
                self.cond()
            };
            let body = self.new_block(&[]);
            let (t, f) = if self.g.s.chance(1, 2) {
                (exit, body)
            } else {
                (body, exit)
            };
            let t = format!(
                "br i1 {c}, label %{}, label %{}",
                self.label(t),
                self.label(f)
            );
            self.terminate(t);
            self.edge(exit, 1);
            self.blocks[body].preds += 1;
            self.cur = body;
        }
        self.loops.push(LoopCtx {
            header,
            latch,
            exit,
            iv: iv.clone(),
            iv_ty,
            step: step.clone(),
            md,
        });
        self.scopes.push(Vec::new());
        self.stmts(nest + 1);

        // The latch: the body's last block, or a block of its own that
        // `continue`s also reach.
        let mut next_vals = Vec::new();
        if self.blocks[latch].preds == 0 && !self.g.s.chance(1, 4) {
            self.blocks[latch].dead = true;
            for &ty in &carried {
                next_vals.push(self.pick(ty));
            }
        } else {
            let t = format!("br label %{}", self.label(latch));
            self.terminate(t);
            self.edge(latch, 1);
            if self.blocks[latch].preds > 1 {
                // The body's values do not dominate a latch that a
                // `continue` reaches.
                if let Some(s) = self.scopes.last_mut() {
                    s.clear();
                }
            }
            self.cur = latch;
            self.enter_phis(latch);
            next_vals = self.blocks[latch]
                .phis
                .iter()
                .map(|p| p.name.clone())
                .collect();
        }
        for (i, &ty) in carried.iter().enumerate() {
            if self.g.s.chance(1, 3) {
                if let Some(v) = self.binop(ty, Some(next_vals[i].clone())) {
                    next_vals[i] = v;
                }
            }
        }
        let flags = self.g.s.of(&["", " nsw", " nuw", " nuw nsw"]);
        let ivn = self.def(iv_ty, format!("add{flags} {} {iv}, {step}", iv_ty.ir()));
        let mds = md.map(|m| format!(", !llvm.loop !{m}")).unwrap_or_default();
        let mut back = vec![ivn.clone()];
        back.extend(next_vals);
        if bottom {
            let c = if self.g.s.chance(7, 8) {
                let lhs = if self.g.s.chance(3, 4) { &ivn } else { &iv };
                self.def(I1, format!("icmp {pred} {} {lhs}, {bound}", iv_ty.ir()))
            } else {
                self.cond()
            };
            let (t, f) = if self.g.s.chance(1, 2) {
                (exit, header)
            } else {
                (header, exit)
            };
            let t = format!(
                "br i1 {c}, label %{}, label %{}{mds}",
                self.label(t),
                self.label(f)
            );
            self.terminate(t);
            self.edge(exit, 1);
        } else {
            let t = format!("br label %{}{mds}", self.label(header));
            self.terminate(t);
        }
        self.edge_with(header, back, 1);
        self.loops.pop();
        self.scopes.pop();
        // The header dominates the exit: its values stay usable.
        let header_scope = self.scopes.pop().unwrap_or_default();
        self.cur = exit;
        for (ty, v) in header_scope {
            self.scope_add(ty, v);
        }
        self.enter_phis(exit);
    }

    /// The integer constant `c` if it fits `ty` (signed), else 100.
    /// A loop of the shape the loop vectorizer takes: innermost, with a
    /// straight-line body, an induction variable counting up by one from 0
    /// (or a value) to an invariant bound, loads and stores of elements
    /// through `getelementptr` on the induction variable (plus a small
    /// offset) from pointer arguments, globals and allocas, arithmetic on
    /// the loaded values, and reductions (integer, min/max, `fast`, other
    /// and no fast-math floating point) in header phis. Most of the time
    /// one block (as loop-rotate leaves a loop); otherwise tested at the
    /// top, for loop-rotate to turn. Its `!llvm.loop` node mostly holds
    /// vectorizer hints ([`ModGen::vectorize_prop`]).
    fn gen_vec_loop(&mut self) {
        let s = &mut self.g.s;
        let ety = s.of(&[I32, Float, I64, Double, I8, I16, I32, Float, Half]);
        let iv_ty = s.of(&[I64, I64, I32]);
        let one_block = !s.chance(1, 4);
        let pred = s.of(&["ult", "ult", "ne", "slt"]);
        let start = if self.g.s.chance(1, 5) {
            self.pick(iv_ty)
        } else {
            "0".to_string()
        };
        let bound = if self.g.s.chance(1, 2) {
            self.pick(iv_ty)
        } else {
            let c = self
                .g
                .s
                .of(&[1000i64, 1024, 100, 1023, 65536, 16, 17, 3, 8, 0]);
            Self::fit(iv_ty, c)
        };
        // Pointers to access: the first parameter (always a pointer), the
        // others in scope (more parameters, globals, allocas).
        let mut bases = vec!["%arg0".to_string()];
        for _ in 0..self.g.s.range(1, 3) {
            let p = self.pick(Ptr);
            bases.push(p);
        }
        // Reductions: (type, operation) per header phi after the IV.
        let nred = self.g.s.below(3);
        let mut reds = Vec::new();
        for _ in 0..nred {
            let rty = if self.g.s.chance(3, 4) { ety } else { iv_ty };
            let op = if rty.is_fp() {
                self.g.s.of(&[
                    "fadd fast",
                    "fadd fast",
                    "fmul fast",
                    "fadd reassoc",
                    "fadd",
                    "fsub fast",
                    "maxnum",
                    "minnum",
                ])
            } else {
                self.g.s.of(&[
                    "add", "add", "mul", "and", "or", "xor", "smax", "umin", "sub", "select",
                ])
            };
            reds.push((rty, op));
        }
        let mut header_tys = vec![iv_ty];
        header_tys.extend(reds.iter().map(|r| r.0));
        let header = self.new_block(&header_tys);
        let mut inits = vec![start];
        for &(rty, op) in &reds {
            let init = match op {
                "mul" | "fmul fast" => {
                    if rty.is_fp() {
                        "1.000000e+00".to_string()
                    } else {
                        "1".to_string()
                    }
                }
                "and" => "-1".to_string(),
                _ => self.pick(rty),
            };
            inits.push(init);
        }
        let t = format!("br label %{}", self.label(header));
        self.terminate(t);
        self.edge_with(header, inits, 1);
        let exit = self.new_block(&[]);
        let md = if self.g.s.chance(3, 4) {
            self.vec_loop_md()
        } else {
            self.loop_md()
        };
        let mds = md.map(|m| format!(", !llvm.loop !{m}")).unwrap_or_default();

        self.cur = header;
        self.scopes.push(Vec::new());
        self.enter_phis(header);
        let iv = self.blocks[header].phis[0].name.clone();
        let acc: Vec<String> = self.blocks[header].phis[1..]
            .iter()
            .map(|p| p.name.clone())
            .collect();
        let it = iv_ty.ir();
        if !one_block {
            let c = self.def(I1, format!("icmp {pred} {it} {iv}, {bound}"));
            let body = self.new_block(&[]);
            let t = format!(
                "br i1 {c}, label %{}, label %{}",
                self.label(body),
                self.label(exit)
            );
            self.terminate(t);
            self.edge(exit, 1);
            self.blocks[body].preds += 1;
            self.cur = body;
        }
        self.scopes.push(Vec::new());
        let t = ety.ir();
        let mut vals = Vec::new();
        for k in 0..1 + self.g.s.below(3) {
            let idx = self.vec_index(iv_ty, &iv);
            let base = bases[self.g.s.below(bases.len())].clone();
            let p = self.def(
                Ptr,
                format!("getelementptr inbounds {t}, ptr {base}, {it} {idx}"),
            );
            let v = self.def(ety, format!("load {t}, ptr {p}, align {}", ety.align()));
            vals.push(v);
            if k == 0 && self.g.s.chance(1, 4) {
                // A value of the induction variable itself.
                let v = if ety.is_fp() {
                    self.def(ety, format!("uitofp {it} {iv} to {t}"))
                } else if ety.bits() < iv_ty.bits() {
                    self.def(ety, format!("trunc {it} {iv} to {t}"))
                } else if ety.bits() > iv_ty.bits() {
                    self.def(ety, format!("zext {it} {iv} to {t}"))
                } else {
                    iv.clone()
                };
                vals.push(v);
            }
        }
        for _ in 0..self.g.s.below(4) {
            let lhs = vals[self.g.s.below(vals.len())].clone();
            if self.g.s.chance(1, 5) {
                self.gen_op();
            } else if let Some(v) = self.binop(ety, Some(lhs)) {
                vals.push(v);
            }
        }
        for _ in 0..self.g.s.below(3) {
            let idx = self.vec_index(iv_ty, &iv);
            let base = bases[self.g.s.below(bases.len())].clone();
            let v = if self.g.s.chance(3, 4) {
                let last = vals.len() - 1;
                vals[last - self.g.s.below(vals.len().min(2))].clone()
            } else {
                self.pick(ety)
            };
            let p = self.def(
                Ptr,
                format!("getelementptr inbounds {t}, ptr {base}, {it} {idx}"),
            );
            self.emit(format!("store {t} {v}, ptr {p}, align {}", ety.align()));
        }
        let mut back = Vec::new();
        for (k, &(rty, op)) in reds.iter().enumerate() {
            let a = &acc[k];
            let r = rty.ir();
            let x = if rty == ety {
                vals[self.g.s.below(vals.len())].clone()
            } else {
                iv.clone()
            };
            let next = match op {
                "smax" | "umin" | "maxnum" | "minnum" => {
                    let sfx = rty.suffix();
                    self.g
                        .declare(format!("declare {r} @llvm.{op}.{sfx}({r}, {r})"));
                    let fmf = if rty.is_fp() { " fast" } else { "" };
                    self.def(
                        rty,
                        format!("call{fmf} {r} @llvm.{op}.{sfx}({r} {a}, {r} {x})"),
                    )
                }
                "select" => {
                    let c = self.def(I1, format!("icmp sgt {r} {a}, {x}"));
                    self.def(rty, format!("select i1 {c}, {r} {a}, {r} {x}"))
                }
                _ => {
                    // `sub` keeps the accumulator first (a reduction); the
                    // others take either order.
                    if op == "sub" || op == "fsub fast" || self.g.s.chance(1, 2) {
                        self.def(rty, format!("{op} {r} {a}, {x}"))
                    } else {
                        self.def(rty, format!("{op} {r} {x}, {a}"))
                    }
                }
            };
            back.push(next);
        }
        let flags = self.g.s.of(&[" nuw nsw", " nuw nsw", " nsw", ""]);
        let ivn = self.def(iv_ty, format!("add{flags} {it} {iv}, 1"));
        let last_reds = back.clone();
        let mut incoming = vec![ivn.clone()];
        incoming.extend(back);
        if one_block {
            let c = self.def(I1, format!("icmp {pred} {it} {ivn}, {bound}"));
            let t = format!(
                "br i1 {c}, label %{}, label %{}{mds}",
                self.label(header),
                self.label(exit)
            );
            self.terminate(t);
            self.edge(exit, 1);
        } else {
            let t = format!("br label %{}{mds}", self.label(header));
            self.terminate(t);
        }
        self.edge_with(header, incoming, 1);
        // After the loop, only what the vectorizer can give a value there
        // stays usable: the induction variable and the reductions' last
        // values (in one block, the values of the latch; tested at the
        // top, the header's phis). Any other value used after the loop
        // makes LLVM refuse the loop ("value that could not be identified
        // as reduction is used outside the loop"); the other loops have
        // those.
        self.scopes.pop();
        self.scopes.pop();
        self.cur = exit;
        let mut live_out = vec![(iv_ty, iv.clone())];
        let reds_out: Vec<String> = if one_block {
            live_out.push((iv_ty, ivn));
            last_reds
        } else {
            acc.clone()
        };
        for (k, v) in reds_out.iter().enumerate() {
            live_out.push((reds[k].0, v.clone()));
        }
        for (ty, v) in live_out {
            self.scope_add(ty, v);
        }
        // Each reduction's result is used (LLVM recognizes a reduction
        // only by its use after the loop).
        for (k, v) in reds_out.iter().enumerate() {
            let rty = reds[k].0;
            let p = self.g.s.of(&["%arg0", "%arg0", "@g.i32"]);
            self.emit(format!(
                "store {} {v}, ptr {p}, align {}",
                rty.ir(),
                rty.align()
            ));
        }
    }

    /// The index of an access of [`FnGen::gen_vec_loop`]: the induction
    /// variable, most of the time, or it plus a small offset (which makes
    /// dependences between the accesses).
    fn vec_index(&mut self, iv_ty: Ty, iv: &str) -> String {
        if self.g.s.chance(2, 3) {
            return iv.to_string();
        }
        let off = self.g.s.of(&[1, 2, 3, -1, 4, 8, -4]);
        self.def(iv_ty, format!("add nsw {} {iv}, {off}", iv_ty.ir()))
    }

    /// A `!llvm.loop` node for [`FnGen::gen_vec_loop`]: vectorizer hints
    /// ([`ModGen::vectorize_prop`]) and sometimes other properties.
    fn vec_loop_md(&mut self) -> Option<usize> {
        let id = self.g.md_add(String::new());
        let mut ops = vec![format!("!{id}")];
        if let Some(sp) = self.sp {
            let line = self.line + 1;
            let loc = self.g.md_add(format!(
                "!DILocation(line: {line}, column: 3, scope: !{sp})"
            ));
            ops.push(format!("!{loc}"));
        }
        self.g.forced = false;
        for _ in 0..1 + self.g.s.below(3) {
            let p = self.g.vectorize_prop(0);
            ops.push(p);
        }
        if self.g.s.chance(1, 3) {
            ops.push(self.g.loop_prop(0));
        }
        if self.g.forced {
            self.g.forcing_left = false;
        }
        self.g.md[id] = format!("distinct !{{{}}}", ops.join(", "));
        Some(id)
    }

    fn fit(ty: Ty, c: i64) -> String {
        let bits = ty.bits().unwrap_or(64);
        if bits >= 64 || (c >> (bits - 1)) == 0 {
            c.to_string()
        } else {
            "100".into()
        }
    }

    /// A `!llvm.loop` node, most of the time.
    fn loop_md(&mut self) -> Option<usize> {
        if !self.g.s.chance(2, 3) {
            return None;
        }
        let id = self.g.md_add(String::new());
        let mut ops = vec![format!("!{id}")];
        if let Some(sp) = self.sp {
            if self.g.s.chance(3, 4) {
                let line = self.line + 1;
                for l in [line, line + 50] {
                    let loc = self
                        .g
                        .md_add(format!("!DILocation(line: {l}, column: 3, scope: !{sp})"));
                    ops.push(format!("!{loc}"));
                }
            }
        }
        self.g.forced = false;
        for _ in 0..self.g.s.below(6) {
            ops.push(self.g.loop_prop(0));
        }
        if self.g.forced {
            self.g.forcing_left = false;
        }
        self.g.md[id] = format!("distinct !{{{}}}", ops.join(", "));
        Some(id)
    }

    // ----- instructions -----

    /// An integer, float or vector binary operation on `ty`, its first
    /// operand `lhs` when given.
    fn binop(&mut self, ty: Ty, lhs: Option<String>) -> Option<String> {
        let a = lhs.unwrap_or_else(|| self.pick(ty));
        let b = self.pick(ty);
        let t = ty.ir();
        let rhs = if ty.bits().is_some() && ty != I1 {
            let (op, flags): (&str, &[&str]) = self.g.s.of(&[
                ("add", &["", " nsw", " nuw", " nuw nsw"][..]),
                ("sub", &["", " nsw", " nuw"][..]),
                ("mul", &["", " nsw", " nuw"][..]),
                ("and", &[""][..]),
                ("or", &["", " disjoint"][..]),
                ("xor", &[""][..]),
                ("shl", &["", " nsw", " nuw"][..]),
                ("lshr", &["", " exact"][..]),
                ("ashr", &["", " exact"][..]),
                ("udiv", &["", " exact"][..]),
                ("sdiv", &["", " exact"][..]),
                ("urem", &[""][..]),
                ("srem", &[""][..]),
            ]);
            let f = self.g.s.of(flags);
            format!("{op}{f} {t} {a}, {b}")
        } else if ty.is_fp() {
            let op = self.g.s.of(&["fadd", "fsub", "fmul", "fdiv", "frem"]);
            let fmf = self
                .g
                .s
                .of(&["", "", " fast", " nnan", " ninf nsz", " reassoc contract"]);
            format!("{op}{fmf} {t} {a}, {b}")
        } else if ty == V4I32 {
            let op = self.g.s.of(&["add", "mul", "xor", "sub", "and"]);
            format!("{op} {t} {a}, {b}")
        } else if ty == I1 {
            let op = self.g.s.of(&["and", "or", "xor"]);
            format!("{op} {t} {a}, {b}")
        } else {
            return None;
        };
        Some(self.def(ty, rhs))
    }

    fn gen_op(&mut self) {
        match self.g.s.weighted(&[10, 4, 3, 3, 4, 4, 3, 2, 1, 2]) {
            0 => {
                let ty = self.live_type(INT_TYS);
                self.binop(ty, None);
            }
            1 => {
                let ty = self.live_type(FP_TYS);
                if self.g.s.chance(1, 6) {
                    let a = self.pick(ty);
                    self.def(ty, format!("fneg {} {a}", ty.ir()));
                } else {
                    self.binop(ty, None);
                }
            }
            2 => {
                self.cond();
            }
            3 => {
                let ty = self.live_type(VALUE_TYS);
                let c = self.cond();
                let a = self.pick(ty);
                let b = self.pick(ty);
                self.def(ty, format!("select i1 {c}, {t} {a}, {t} {b}", t = ty.ir()));
            }
            4 => self.gen_cast(),
            5 => self.gen_int_intrinsic(),
            6 => self.gen_fp_intrinsic(),
            7 => self.gen_vector(),
            8 => {
                let ty = self.live_type(VALUE_TYS);
                let a = self.pick(ty);
                self.def(ty, format!("freeze {} {a}", ty.ir()));
            }
            _ => {
                // A GEP for later loads, stores and calls.
                self.address();
            }
        }
    }

    fn gen_cast(&mut self) {
        let s = &mut self.g.s;
        match s.below(6) {
            0 => {
                let from = self.live_type(INT_TYS);
                let to = self.g.s.of(INT_TYS);
                let (fb, tb) = (from.bits().unwrap_or(32), to.bits().unwrap_or(32));
                let a = self.pick(from);
                let rhs = if fb > tb {
                    let f = self.g.s.of(&["", " nuw", " nsw", " nuw nsw"]);
                    format!("trunc{f} {} {a} to {}", from.ir(), to.ir())
                } else if fb < tb {
                    let op = self.g.s.of(&["zext", "sext", "zext nneg"]);
                    format!("{op} {} {a} to {}", from.ir(), to.ir())
                } else {
                    return;
                };
                self.def(to, rhs);
            }
            1 => {
                let from = self.live_type(INT_TYS);
                let to = self.g.s.of(FP_TYS);
                let a = self.pick(from);
                let op = self.g.s.of(&["sitofp", "uitofp"]);
                self.def(to, format!("{op} {} {a} to {}", from.ir(), to.ir()));
            }
            2 => {
                let from = self.live_type(FP_TYS);
                let to = self.g.s.of(INT_TYS);
                let a = self.pick(from);
                let op = self.g.s.of(&["fptosi", "fptoui"]);
                self.def(to, format!("{op} {} {a} to {}", from.ir(), to.ir()));
            }
            3 => {
                let from = self.live_type(FP_TYS);
                let to = self.g.s.of(FP_TYS);
                let rank = |t: Ty| match t {
                    Half => 0,
                    Float => 1,
                    _ => 2,
                };
                let op = match rank(from).cmp(&rank(to)) {
                    std::cmp::Ordering::Less => "fpext",
                    std::cmp::Ordering::Greater => "fptrunc",
                    std::cmp::Ordering::Equal => return,
                };
                let a = self.pick(from);
                self.def(to, format!("{op} {} {a} to {}", from.ir(), to.ir()));
            }
            4 => {
                if self.g.s.chance(1, 2) {
                    let a = self.pick(Ptr);
                    self.def(I64, format!("ptrtoint ptr {a} to i64"));
                } else {
                    let a = self.pick(I64);
                    self.def(Ptr, format!("inttoptr i64 {a} to ptr"));
                }
            }
            _ => {
                let (from, to) = self.g.s.of(&[
                    (I32, Float),
                    (Float, I32),
                    (I64, Double),
                    (Double, I64),
                    (I16, Half),
                    (I128, V4I32),
                    (V4I32, I128),
                ]);
                let a = self.pick(from);
                self.def(to, format!("bitcast {} {a} to {}", from.ir(), to.ir()));
            }
        }
    }

    fn gen_int_intrinsic(&mut self) {
        let ty = self.live_type(&[I32, I64, I16, I8, I128]);
        let t = ty.ir();
        let sfx = ty.suffix();
        let a = self.pick(ty);
        match self.g.s.below(8) {
            0 | 1 => {
                let name = self.g.s.of(&["smax", "smin", "umax", "umin"]);
                let b = self.pick(ty);
                self.g
                    .declare(format!("declare {t} @llvm.{name}.{sfx}({t}, {t})"));
                self.def(ty, format!("call {t} @llvm.{name}.{sfx}({t} {a}, {t} {b})"));
            }
            2 => {
                let poison = self.g.s.of(&["false", "true"]);
                self.g
                    .declare(format!("declare {t} @llvm.abs.{sfx}({t}, i1)"));
                self.def(
                    ty,
                    format!("call {t} @llvm.abs.{sfx}({t} {a}, i1 {poison})"),
                );
            }
            3 => {
                let name = self.g.s.of(&["ctpop", "bitreverse"]);
                self.g
                    .declare(format!("declare {t} @llvm.{name}.{sfx}({t})"));
                self.def(ty, format!("call {t} @llvm.{name}.{sfx}({t} {a})"));
            }
            4 => {
                let name = self.g.s.of(&["ctlz", "cttz"]);
                let z = self.g.s.of(&["false", "true"]);
                self.g
                    .declare(format!("declare {t} @llvm.{name}.{sfx}({t}, i1)"));
                self.def(ty, format!("call {t} @llvm.{name}.{sfx}({t} {a}, i1 {z})"));
            }
            5 => {
                let name = self.g.s.of(&[
                    "sadd.with.overflow",
                    "uadd.with.overflow",
                    "ssub.with.overflow",
                    "umul.with.overflow",
                ]);
                let b = self.pick(ty);
                self.g.declare(format!(
                    "declare {{ {t}, i1 }} @llvm.{name}.{sfx}({t}, {t})"
                ));
                let agg = self.fresh("o");
                self.emit(format!(
                    "{agg} = call {{ {t}, i1 }} @llvm.{name}.{sfx}({t} {a}, {t} {b})"
                ));
                self.def(ty, format!("extractvalue {{ {t}, i1 }} {agg}, 0"));
                self.def(I1, format!("extractvalue {{ {t}, i1 }} {agg}, 1"));
            }
            6 => {
                let name = self
                    .g
                    .s
                    .of(&["uadd.sat", "usub.sat", "sadd.sat", "ssub.sat"]);
                let b = self.pick(ty);
                self.g
                    .declare(format!("declare {t} @llvm.{name}.{sfx}({t}, {t})"));
                self.def(ty, format!("call {t} @llvm.{name}.{sfx}({t} {a}, {t} {b})"));
            }
            _ => {
                if ty.bits().is_some_and(|b| b % 16 == 0) {
                    self.g
                        .declare(format!("declare {t} @llvm.bswap.{sfx}({t})"));
                    self.def(ty, format!("call {t} @llvm.bswap.{sfx}({t} {a})"));
                } else {
                    let b = self.pick(ty);
                    let c = self.pick(ty);
                    self.g
                        .declare(format!("declare {t} @llvm.fshl.{sfx}({t}, {t}, {t})"));
                    self.def(
                        ty,
                        format!("call {t} @llvm.fshl.{sfx}({t} {a}, {t} {b}, {t} {c})"),
                    );
                }
            }
        }
    }

    fn gen_fp_intrinsic(&mut self) {
        let ty = self.live_type(FP_TYS);
        let t = ty.ir();
        let sfx = ty.suffix();
        let a = self.pick(ty);
        match self.g.s.below(3) {
            0 => {
                let b = self.pick(ty);
                let c = self.pick(ty);
                let name = self.g.s.of(&["fmuladd", "fma"]);
                self.g
                    .declare(format!("declare {t} @llvm.{name}.{sfx}({t}, {t}, {t})"));
                self.def(
                    ty,
                    format!("call {t} @llvm.{name}.{sfx}({t} {a}, {t} {b}, {t} {c})"),
                );
            }
            1 => {
                let name = self.g.s.of(&["fabs", "sqrt", "floor", "trunc"]);
                self.g
                    .declare(format!("declare {t} @llvm.{name}.{sfx}({t})"));
                self.def(ty, format!("call {t} @llvm.{name}.{sfx}({t} {a})"));
            }
            _ => {
                let name = self.g.s.of(&["minnum", "maxnum", "copysign"]);
                let b = self.pick(ty);
                self.g
                    .declare(format!("declare {t} @llvm.{name}.{sfx}({t}, {t})"));
                self.def(ty, format!("call {t} @llvm.{name}.{sfx}({t} {a}, {t} {b})"));
            }
        }
    }

    fn gen_vector(&mut self) {
        let v = self.pick(V4I32);
        match self.g.s.below(4) {
            0 => {
                let x = self.pick(I32);
                let k = self.g.s.range(0, 3);
                self.def(
                    V4I32,
                    format!("insertelement <4 x i32> {v}, i32 {x}, i64 {k}"),
                );
            }
            1 => {
                let k = self.g.s.range(0, 3);
                self.def(I32, format!("extractelement <4 x i32> {v}, i64 {k}"));
            }
            2 => {
                let w = self.pick(V4I32);
                let m: Vec<String> = (0..4)
                    .map(|_| format!("i32 {}", self.g.s.range(0, 7)))
                    .collect();
                self.def(
                    V4I32,
                    format!(
                        "shufflevector <4 x i32> {v}, <4 x i32> {w}, <4 x i32> <{}>",
                        m.join(", ")
                    ),
                );
            }
            _ => {
                self.g
                    .declare("declare i32 @llvm.vector.reduce.add.v4i32(<4 x i32>)".to_string());
                self.def(
                    I32,
                    format!("call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> {v})"),
                );
            }
        }
    }

    /// An `i64` index, often an induction variable extended.
    fn index(&mut self) -> String {
        let ty = self.live_type(&[I64, I32, I16, I8, I128]);
        let v = self.pick(ty);
        let masked = if self.g.s.chance(1, 3) {
            self.def(ty, format!("and {} {v}, 15", ty.ir()))
        } else {
            v
        };
        match ty {
            I64 => masked,
            I128 => self.def(I64, format!("trunc i128 {masked} to i64")),
            _ => {
                let op = self.g.s.of(&["sext", "zext"]);
                self.def(I64, format!("{op} {} {masked} to i64", ty.ir()))
            }
        }
    }

    /// A pointer to access and the type to access it as.
    fn address(&mut self) -> (String, Ty) {
        let inb = if self.g.s.chance(3, 4) {
            " inbounds"
        } else {
            ""
        };
        match self.g.s.below(6) {
            0 | 1 => {
                let (ty, n) = self.g.s.of(GLOBALS);
                let idx = self.index();
                let g = format!("@g.{}", ty.suffix());
                let p = self.def(
                    Ptr,
                    format!(
                        "getelementptr{inb} [{n} x {}], ptr {g}, i64 0, i64 {idx}",
                        ty.ir()
                    ),
                );
                (p, ty)
            }
            2 => {
                let base = self.pick(Ptr);
                let ty = self.g.s.of(MEM_TYS);
                let idx = self.index();
                let p = self.def(
                    Ptr,
                    format!("getelementptr{inb} {}, ptr {base}, i64 {idx}", ty.ir()),
                );
                (p, ty)
            }
            3 => {
                let base = if self.g.s.chance(1, 2) {
                    "@g.s".to_string()
                } else {
                    self.pick(Ptr)
                };
                let idx = self.index();
                let field = self.g.s.below(STRUCT_FIELDS.len());
                let (extra, ty) = match field {
                    0 => (String::new(), I32),
                    1 => (String::new(), Double),
                    2 => (format!(", i64 {}", self.g.s.range(0, 3)), I16),
                    _ => (String::new(), Ptr),
                };
                let p = self.def(
                    Ptr,
                    format!(
                        "getelementptr{inb} %struct.S, ptr {base}, i64 {idx}, i32 {field}{extra}"
                    ),
                );
                (p, ty)
            }
            4 => {
                let base = self.pick(Ptr);
                let off = self.index();
                let p = self.def(Ptr, format!("getelementptr{inb} i8, ptr {base}, i64 {off}"));
                let ty = self.g.s.of(MEM_TYS);
                (p, ty)
            }
            _ => {
                let p = self.pick(Ptr);
                let ty = self.g.s.of(MEM_TYS);
                (p, ty)
            }
        }
    }

    fn gen_mem(&mut self) {
        let (p, ty) = self.address();
        let t = ty.ir();
        let align = if self.g.s.chance(1, 5) { 1 } else { ty.align() };
        let atomic = matches!(ty, I32 | I64) && self.g.s.chance(1, 10);
        let volatile = if self.g.s.chance(1, 12) {
            " volatile"
        } else {
            ""
        };
        if self.g.s.chance(1, 2) {
            if atomic {
                let o = self
                    .g
                    .s
                    .of(&["unordered", "monotonic", "acquire", "seq_cst"]);
                self.def(
                    ty,
                    format!("load atomic {t}, ptr {p} {o}, align {}", ty.align()),
                );
            } else {
                self.def(ty, format!("load{volatile} {t}, ptr {p}, align {align}"));
            }
        } else {
            let v = self.pick(ty);
            if atomic {
                let o = self
                    .g
                    .s
                    .of(&["unordered", "monotonic", "release", "seq_cst"]);
                self.emit(format!(
                    "store atomic {t} {v}, ptr {p} {o}, align {}",
                    ty.align()
                ));
            } else {
                self.emit(format!("store{volatile} {t} {v}, ptr {p}, align {align}"));
            }
        }
    }

    fn gen_call(&mut self) {
        match self.g.s.below(8) {
            0 | 1 => {
                let ty = self.live_type(&[I32, I64, Double, Ptr]);
                let t = ty.ir();
                let v = self.pick(ty);
                self.g
                    .declare(format!("declare void @sink.{}({t})", ty.suffix()));
                self.emit(format!("call void @sink.{}({t} {v})", ty.suffix()));
            }
            2 => {
                let v = self.pick(I32);
                self.g
                    .declare("declare i32 @pure(i32) nounwind willreturn memory(none)".to_string());
                self.def(I32, format!("call i32 @pure(i32 {v})"));
            }
            3 => {
                let n = self.g.sigs.len();
                let k = self.g.s.below(n);
                let Some(sig) = self.g.sigs.get(k) else {
                    return;
                };
                let (name, ret, params) = (sig.name.clone(), sig.ret, sig.params.clone());
                let args: Vec<String> = params
                    .iter()
                    .map(|&ty| {
                        let v = self.pick(ty);
                        format!("{} {v}", ty.ir())
                    })
                    .collect();
                let call = format!(
                    "call {} @{name}({})",
                    ret.map_or("void", Ty::ir),
                    args.join(", ")
                );
                match ret {
                    Some(ty) => {
                        self.def(ty, call);
                    }
                    None => self.emit(call),
                }
            }
            4 => {
                let (name, attr) = self.g.s.of(&[
                    ("barrier", "convergent nounwind"),
                    ("nodup", "noduplicate nounwind"),
                    ("opaque", "nounwind"),
                ]);
                self.g.declare(format!("declare void @{name}() {attr}"));
                self.emit(format!("call void @{name}()"));
            }
            5 => {
                let p = self.pick(Ptr);
                let v = self.pick(I8);
                let n = self.g.s.of(&[1, 4, 16, 64]);
                self.g.declare(
                    "declare void @llvm.memset.p0.i64(ptr, i8, i64, i1 immarg)".to_string(),
                );
                self.emit(format!(
                    "call void @llvm.memset.p0.i64(ptr {p}, i8 {v}, i64 {n}, i1 false)"
                ));
            }
            6 => {
                let c = self.cond();
                self.g
                    .declare("declare void @llvm.assume(i1 noundef)".to_string());
                self.emit(format!("call void @llvm.assume(i1 {c})"));
            }
            _ => {
                self.g.declare("declare i1 @more()".to_string());
                self.def(I1, "call i1 @more()".to_string());
            }
        }
    }

    fn gen_dbg_value(&mut self) {
        let Some(sp) = self.sp else {
            return;
        };
        let Some(int_ty) = self.g.dbg.as_ref().map(|d| d.int_ty) else {
            return;
        };
        let Some(file) = self.g.dbg.as_ref().map(|d| d.file) else {
            return;
        };
        let var = if self.vars.is_empty() || self.g.s.chance(1, 3) {
            let n = self.vars.len();
            let v = self.g.md_add(format!(
                "!DILocalVariable(name: \"x{n}\", scope: !{sp}, file: !{file}, line: {}, \
                 type: !{int_ty})",
                self.line + 1
            ));
            self.vars.push(v);
            v
        } else {
            let i = self.g.s.below(self.vars.len());
            self.vars[i]
        };
        let ty = self.live_type(&[I32, I64, Ptr, Double, I8]);
        let v = self.pick(ty);
        self.line += 1;
        let loc = self.g.md_add(format!(
            "!DILocation(line: {}, column: 1, scope: !{sp})",
            self.line
        ));
        self.blocks[self.cur].insts.push(format!(
            "    #dbg_value({} {v}, !{var}, !DIExpression(), !{loc})",
            ty.ir()
        ));
    }
}
