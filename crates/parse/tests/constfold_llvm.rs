//! The constant folder (`loopwright_ir::constfold`) against opt-19:
//! thousands of operations on random constants (integers of many widths,
//! every float format but `ppc_fp128`, vectors, NaNs, infinities,
//! denormals under each denormal mode), each the body of one function,
//! are folded by `opt-19 -passes=instsimplify` and by the folder. Every
//! value must be equal, bit for bit; where opt-19 does not fold, the folder
//! must not either. `CONSTFOLD_SEED`, `CONSTFOLD_CASES` for longer runs.

use loopwright_ir::constfold::{self, FpEnv, FpFormat, Lane, ScalarTy, Value};
use loopwright_ir::{ApInt, ConstData, Module, Opcode, Operand, Predicate};
use loopwright_testkit::rng::Rng;
use loopwright_testkit::tools::{self, OPT};
use loopwright_testkit::{floors, run};
use std::process::Command;
use std::time::Duration;

#[derive(Clone, Copy, Debug)]
enum Sc {
    I(u32),
    F(FpFormat),
}

impl Sc {
    fn text(self) -> String {
        match self {
            Sc::I(w) => format!("i{w}"),
            Sc::F(f) => match f {
                FpFormat::Half => "half",
                FpFormat::BFloat => "bfloat",
                FpFormat::Single => "float",
                FpFormat::Double => "double",
                FpFormat::X87 => "x86_fp80",
                FpFormat::Quad => "fp128",
                FpFormat::PpcDouble => "ppc_fp128",
            }
            .to_string(),
        }
    }
}

const FORMATS: [FpFormat; 6] = [
    FpFormat::Half,
    FpFormat::BFloat,
    FpFormat::Single,
    FpFormat::Double,
    FpFormat::X87,
    FpFormat::Quad,
];
const WIDTHS: [u32; 10] = [1, 8, 16, 32, 64, 7, 33, 128, 200, 65];

fn rand_u128(r: &mut Rng) -> u128 {
    u128::from(r.next_u64()) | (u128::from(r.next_u64()) << 64)
}

/// A random constant of `sc`: mostly special values.
fn lane(r: &mut Rng, sc: Sc) -> Lane {
    match sc {
        Sc::I(w) => {
            let all = ApInt::all_ones(w);
            let v = match r.below(8) {
                0 => ApInt::zero(w),
                1 => ApInt::from_u64(w, 1),
                2 => all,
                3 => ApInt::from_u64(w, 1).shl(w - 1),
                4 => ApInt::from_u64(w, r.below(70) as u64),
                5 => ApInt::from_i64(w, -(r.below(70) as i64)),
                _ => ApInt::from_words(w, &(0..4).map(|_| r.next_u64()).collect::<Vec<_>>()),
            };
            Lane::Int(v)
        }
        Sc::F(f) => {
            let nice = [
                0.0, -0.0, 1.0, -1.0, 0.5, 1.5, 2.0, 3.0, 0.1, 1e30, -7.25, 65504.0, 1e-40,
            ];
            let bits = f.bits();
            let m = if bits == 128 {
                u128::MAX
            } else {
                (1u128 << bits) - 1
            };
            let fp = match r.below(10) {
                0..=3 => constfold::Fp::from_f64(f, *r.pick(&nice))
                    .or_else(|| constfold::Fp::from_f64(f, 2.0)),
                4 => {
                    // Infinities and NaNs: the exponent all ones.
                    let one = constfold::Fp::from_f64(f, 1.0).unwrap();
                    let inf = constfold::Fp::binop(
                        constfold::FpBinOp::Div,
                        one,
                        constfold::Fp::zero(f, false).unwrap(),
                        &FpEnv::default(),
                    )
                    .unwrap();
                    let payload = rand_u128(r) & (m >> (bits - 8).min(bits - 2));
                    let v = if r.chance(0.5) {
                        inf.bits
                    } else {
                        inf.bits | (payload & (m >> 12)) | 1
                    };
                    Some(constfold::Fp::new(
                        f,
                        v | if r.chance(0.3) {
                            1u128 << (bits - 1)
                        } else {
                            0
                        },
                    ))
                }
                5 => {
                    // Denormals: a small significand only (x87: no explicit
                    // integer bit).
                    let v = (rand_u128(r) & 0xFFFF)
                        | if r.chance(0.5) {
                            1u128 << (bits - 1)
                        } else {
                            0
                        };
                    Some(constfold::Fp::new(f, v))
                }
                _ => {
                    let mut v = rand_u128(r) & m;
                    if f == FpFormat::X87 {
                        v |= 1u128 << 63; // the explicit integer bit: normal numbers
                    }
                    Some(constfold::Fp::new(f, v))
                }
            };
            Lane::Float(fp.unwrap())
        }
    }
}

fn lane_text(l: &Lane, sc: Sc) -> String {
    match l {
        Lane::Int(a) => a.to_signed_string(),
        Lane::Float(f) => loopwright_ir::print::fp_constant_text(f.format, f.bits),
        Lane::Poison => "poison".into(),
        Lane::Undef => {
            let _ = sc;
            "undef".into()
        }
    }
}

struct Case {
    text: String,
    /// The folder's answer, computed on the parsed input.
    op: Kind,
}

#[derive(Clone, Copy)]
enum Kind {
    Bin(Opcode),
    Cmp(Predicate),
    Cast(Opcode, ScalarTy),
    FNeg,
}

fn value_text(v: &[Lane], sc: Sc, vec: Option<u32>) -> (String, String) {
    match vec {
        None => (sc.text(), lane_text(&v[0], sc)),
        Some(n) => {
            let t = format!("<{n} x {}>", sc.text());
            let elems: Vec<String> = v
                .iter()
                .map(|l| format!("{} {}", sc.text(), lane_text(l, sc)))
                .collect();
            (t, format!("<{}>", elems.join(", ")))
        }
    }
}

fn gen_case(r: &mut Rng, idx: usize) -> Case {
    let float = r.chance(0.55);
    let sc = if float {
        Sc::F(*r.pick(&FORMATS))
    } else {
        Sc::I(*r.pick(&WIDTHS))
    };
    let vec = r.chance(0.15).then(|| *r.pick(&[2u32, 4]));
    let n = vec.unwrap_or(1) as usize;
    let mut vals = || -> Vec<Lane> {
        (0..n)
            .map(|_| {
                if r.chance(0.03) {
                    Lane::Poison
                } else {
                    lane(r, sc)
                }
            })
            .collect()
    };
    let a = vals();
    let b = vals();
    let (ty, at) = value_text(&a, sc, vec);
    let (_, bt) = value_text(&b, sc, vec);
    let attr = ["", " #0", " #1", " #2"][r.below(4)];
    let wrap = |rt: &str, body: String| {
        format!("define {rt} @f{idx}(){attr} {{\n  %r = {body}\n  ret {rt} %r\n}}\n")
    };
    let vt = |e: &str| match vec {
        Some(n) => format!("<{n} x {e}>"),
        None => e.to_string(),
    };
    let pick = r.below(10);
    let (text, op) = match (sc, pick) {
        (Sc::I(_), 0..=5) => {
            let ops = [
                ("add", Opcode::Add),
                ("sub", Opcode::Sub),
                ("mul", Opcode::Mul),
                ("and", Opcode::And),
                ("or", Opcode::Or),
                ("xor", Opcode::Xor),
                ("shl", Opcode::Shl),
                ("lshr", Opcode::LShr),
                ("ashr", Opcode::AShr),
                ("udiv", Opcode::UDiv),
                ("sdiv", Opcode::SDiv),
                ("urem", Opcode::URem),
                ("srem", Opcode::SRem),
            ];
            let (name, op) = *r.pick(&ops);
            (wrap(&ty, format!("{name} {ty} {at}, {bt}")), Kind::Bin(op))
        }
        (Sc::F(_), 0..=5) => {
            let ops = [
                ("fadd", Opcode::FAdd),
                ("fsub", Opcode::FSub),
                ("fmul", Opcode::FMul),
                ("fdiv", Opcode::FDiv),
                ("frem", Opcode::FRem),
            ];
            let (name, op) = *r.pick(&ops);
            (wrap(&ty, format!("{name} {ty} {at}, {bt}")), Kind::Bin(op))
        }
        (Sc::I(_), 6 | 7) => {
            let ps = [
                ("eq", Predicate::Eq),
                ("ne", Predicate::Ne),
                ("ult", Predicate::Ult),
                ("ule", Predicate::Ule),
                ("ugt", Predicate::Ugt),
                ("uge", Predicate::Uge),
                ("slt", Predicate::Slt),
                ("sle", Predicate::Sle),
                ("sgt", Predicate::Sgt),
                ("sge", Predicate::Sge),
            ];
            let (name, p) = *r.pick(&ps);
            (
                wrap(&vt("i1"), format!("icmp {name} {ty} {at}, {bt}")),
                Kind::Cmp(p),
            )
        }
        (Sc::F(_), 6) => (wrap(&ty, format!("fneg {ty} {at}")), Kind::FNeg),
        (Sc::F(_), 7) => {
            let ps = [
                ("oeq", Predicate::Oeq),
                ("ogt", Predicate::Ogt),
                ("oge", Predicate::Oge),
                ("olt", Predicate::Olt),
                ("ole", Predicate::Ole),
                ("one", Predicate::One),
                ("ord", Predicate::Ord),
                ("ueq", Predicate::Ueq),
                ("ugt", Predicate::FUgt),
                ("uge", Predicate::FUge),
                ("ult", Predicate::FUlt),
                ("ule", Predicate::FUle),
                ("une", Predicate::Une),
                ("uno", Predicate::Uno),
            ];
            let (name, p) = *r.pick(&ps);
            (
                wrap(&vt("i1"), format!("fcmp {name} {ty} {at}, {bt}")),
                Kind::Cmp(p),
            )
        }
        (Sc::I(w), _) => {
            // Casts of integers: to another width or to a float.
            let to_float = r.chance(0.5) && w <= 128;
            if to_float {
                let f = *r.pick(&FORMATS);
                let (name, op) = *r.pick(&[("sitofp", Opcode::SIToFP), ("uitofp", Opcode::UIToFP)]);
                let dt = vt(&Sc::F(f).text());
                (
                    wrap(&dt, format!("{name} {ty} {at} to {dt}")),
                    Kind::Cast(op, ScalarTy::Float(f)),
                )
            } else {
                let to = *r.pick(&WIDTHS);
                let (name, op) = if to < w {
                    ("trunc", Opcode::Trunc)
                } else if to > w {
                    *r.pick(&[("zext", Opcode::ZExt), ("sext", Opcode::SExt)])
                } else {
                    ("bitcast", Opcode::BitCast)
                };
                let dt = vt(&format!("i{to}"));
                (
                    wrap(&dt, format!("{name} {ty} {at} to {dt}")),
                    Kind::Cast(op, ScalarTy::Int(to)),
                )
            }
        }
        (Sc::F(f), _) => {
            let choice = r.below(3);
            if choice == 0 {
                let w = *r.pick(&[1u32, 8, 16, 32, 64, 128, 33]);
                let (name, op) = *r.pick(&[("fptosi", Opcode::FPToSI), ("fptoui", Opcode::FPToUI)]);
                let dt = vt(&format!("i{w}"));
                (
                    wrap(&dt, format!("{name} {ty} {at} to {dt}")),
                    Kind::Cast(op, ScalarTy::Int(w)),
                )
            } else if choice == 1 && f != FpFormat::X87 {
                let w = f.bits();
                let dt = vt(&format!("i{w}"));
                (
                    wrap(&dt, format!("bitcast {ty} {at} to {dt}")),
                    Kind::Cast(Opcode::BitCast, ScalarTy::Int(w)),
                )
            } else {
                let others: Vec<FpFormat> = FORMATS
                    .iter()
                    .copied()
                    .filter(|g| g.bits() != f.bits())
                    .collect();
                let g = *r.pick(&others);
                let (name, op) = if g.bits() < f.bits() {
                    ("fptrunc", Opcode::FPTrunc)
                } else {
                    ("fpext", Opcode::FPExt)
                };
                let dt = vt(&Sc::F(g).text());
                (
                    wrap(&dt, format!("{name} {ty} {at} to {dt}")),
                    Kind::Cast(op, ScalarTy::Float(g)),
                )
            }
        }
    };
    Case { text, op }
}

const ATTRS: &str = "attributes #0 = { \"denormal-fp-math\"=\"preserve-sign,preserve-sign\" }\n\
attributes #1 = { \"denormal-fp-math\"=\"ieee,ieee\" \"denormal-fp-math-f32\"=\"positive-zero,preserve-sign\" }\n\
attributes #2 = { \"denormal-fp-math\"=\"dynamic,dynamic\" }\n";

fn parse(src: &str, name: &str) -> Module {
    loopwright_parse::parse_module(src.as_bytes(), name)
        .unwrap_or_else(|e| panic!("{}", e.render(name, src.as_bytes())))
}

/// The folder's answer for the function's one instruction, as a constant
/// of `m` (`None`: not folded), and whether a scalar float operand is a denormal under a
/// dynamic denormal mode: LLVM's folding gives up there too, and what
/// opt-19 prints then comes from instsimplify's own rules (`x * 1.0`,
/// NaN and poison propagation, signs of zero), which are not the folder's.
fn fold_in_excused(m: &mut Module, fi: usize, kind: Kind) -> (Option<loopwright_ir::Const>, bool) {
    let mut excused = false;
    let c = fold_in_inner(m, fi, kind, &mut excused);
    (c, excused)
}

fn fold_in_inner(
    m: &mut Module,
    fi: usize,
    kind: Kind,
    excused: &mut bool,
) -> Option<loopwright_ir::Const> {
    let (func, _) = m.functions.iter().nth(fi)?;
    let f = &m.functions[func];
    let attrs = m.attrs.get(f.fn_attrs);
    let get = |k: &str| {
        attrs.iter().find_map(|a| match a {
            loopwright_ir::Attr::Str(key, Some(v)) if &**key == k => Some(v.to_string()),
            _ => None,
        })
    };
    let env = FpEnv::from_attrs(
        get("denormal-fp-math").as_deref(),
        get("denormal-fp-math-f32").as_deref(),
    );
    let entry = f.layout.entry_block()?;
    let inst = f.layout.block_insts(entry).next()?;
    let d = f.inst(inst).clone();
    let ops: Vec<Value> = d
        .operands()
        .iter()
        .map(|op| match op {
            Operand::Const(c) => constfold::value_of(&m.consts, &m.types, *c),
            _ => None,
        })
        .collect::<Option<_>>()?;
    for v in &ops {
        if let Value::Scalar(Lane::Float(f)) = v {
            if f.is_denormal() == Some(true)
                && env.mode(f.format).input == constfold::DenormalKind::Dynamic
            {
                *excused = true;
            }
        }
    }
    let v = match kind {
        Kind::Bin(op) => constfold::binop(op, &ops[0], &ops[1], &env)?,
        Kind::Cmp(p) => constfold::cmp(p, &ops[0], &ops[1], &env)?,
        Kind::Cast(op, to) => constfold::cast(op, &ops[0], to)?,
        Kind::FNeg => constfold::map_lanes(&ops[0], constfold::fneg_lane)?,
    };
    constfold::const_of(&mut m.consts, &mut m.types, d.ty, &v)
}

/// Compares one module: the mismatches, as text.
fn compare(cases: &[Case], src: &str, out: &str) -> (usize, Vec<String>) {
    let mut left = 0;
    let mut input = parse(src, "in.ll");
    let output = parse(out, "out.ll");
    let mut folded = 0;
    let mut bad = Vec::new();
    for (i, case) in cases.iter().enumerate() {
        let (func, _) = output.functions.iter().nth(i).expect("function");
        let f = &output.functions[func];
        let entry = f.layout.entry_block().expect("entry");
        let ret = f.layout.block_insts(entry).last().expect("ret");
        let theirs = match f.inst(ret).operands().first() {
            Some(Operand::Const(c)) => Some(output.consts.data(*c).clone()),
            _ => None,
        };
        let (ours_c, excused) = fold_in_excused(&mut input, i, case.op);
        if ours_c.is_none() && theirs.is_some() && excused {
            left += 1;
            continue;
        }
        let ours = ours_c.map(|c| input.consts.data(c).clone());
        // Constants of the two modules are compared by their printed form
        // (types are module-local handles).
        let same = match (&ours, &theirs) {
            (None, None) => true,
            (Some(_), Some(_)) => {
                let t = |m: &Module, d: &ConstData| print_const(m, d);
                t(&input, ours.as_ref().unwrap()) == t(&output, theirs.as_ref().unwrap())
            }
            _ => false,
        };
        if theirs.is_some() {
            folded += 1;
        }
        if !same {
            bad.push(format!(
                "{} {}\n  ours: {}\n  opt-19: {}",
                case.text.lines().nth(1).unwrap_or(""),
                case.text
                    .lines()
                    .next()
                    .unwrap_or("")
                    .rsplit(')')
                    .next()
                    .unwrap_or(""),
                ours.as_ref()
                    .map_or("not folded".into(), |d| print_const(&input, d)),
                theirs.map_or("not folded".into(), |d| print_const(&output, &d))
            ));
        }
    }
    if left > 0 {
        eprintln!("constfold: {left} operations on denormals under a dynamic mode left to instsimplify's rules");
    }
    (folded, bad)
}

/// A constant's printed text, through a one-function module's printer.
fn print_const(m: &Module, d: &ConstData) -> String {
    // The printer prints operands of instructions; the debug form of
    // scalars and vectors is enough here once types are resolved.
    fn go(m: &Module, d: &ConstData) -> String {
        match d {
            ConstData::Int { val, .. } => format!("i{} {}", val.bits(), val.to_signed_string()),
            ConstData::Float { ty, bits } => {
                let f = FpFormat::of(m.types.data(*ty)).expect("float");
                format!("{f:?} {}", loopwright_ir::print::fp_constant_text(f, *bits))
            }
            ConstData::Poison(_) => "poison".into(),
            ConstData::Undef(_) => "undef".into(),
            ConstData::Zero(_) => "zeroinitializer".into(),
            ConstData::Vector { elems, .. } => {
                let e: Vec<String> = elems.iter().map(|&c| go(m, m.consts.data(c))).collect();
                format!("<{}>", e.join(", "))
            }
            other => format!("{other:?}"),
        }
    }
    go(m, d)
}

fn run_cases(seed: u64, n: usize) -> (usize, usize, Vec<String>) {
    let mut r = Rng::new(seed);
    let cases: Vec<Case> = (0..n).map(|i| gen_case(&mut r, i)).collect();
    let mut src = String::new();
    for c in &cases {
        src.push_str(&c.text);
    }
    src.push_str(ATTRS);
    let dir = std::env::temp_dir().join(format!("lw-constfold-{}-{seed}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("in.ll");
    std::fs::write(&path, &src).unwrap();
    let out = run::run_ok(
        Command::new(OPT)
            .args(["-S", "-passes=instsimplify"])
            .arg(&path),
        Duration::from_secs(300),
    );
    let _ = std::fs::remove_dir_all(&dir);
    let (folded, bad) = compare(&cases, &src, &out.stdout_text());
    (cases.len(), folded, bad)
}

#[test]
fn the_folder_folds_as_opt19() {
    if !tools::require(&[OPT]) {
        return;
    }
    let seed: u64 = std::env::var("CONSTFOLD_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20261128);
    let n: usize = std::env::var("CONSTFOLD_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(6000);
    let (total, folded, bad) = run_cases(seed, n);
    eprintln!(
        "constfold: {total} operations, {folded} folded by opt-19, {} differences",
        bad.len()
    );
    for b in bad.iter().take(40) {
        eprintln!("{b}");
    }
    assert!(
        bad.is_empty(),
        "{} of {total} operations fold differently from opt-19",
        bad.len()
    );
    floors::check("constfold.llvm.folded", folded);
}

/// The comparison sees a wrong answer: a folded value with one bit
/// flipped in every float lane makes the same cases differ.
#[test]
fn a_wrong_answer_is_seen() {
    if !tools::require(&[OPT]) {
        return;
    }
    let src =
        "define float @f0() {\n  %r = fadd float 1.000000e+00, 2.000000e+00\n  ret float %r\n}\n";
    let wrong = "define float @f0() {\n  ret float 0x4008000020000000\n}\n";
    let right = "define float @f0() {\n  ret float 3.000000e+00\n}\n";
    let cases = [Case {
        text: src.into(),
        op: Kind::Bin(Opcode::FAdd),
    }];
    assert!(compare(&cases, src, right).1.is_empty());
    assert_eq!(compare(&cases, src, wrong).1.len(), 1);
    let unfolded = src;
    assert_eq!(
        compare(&cases, src, unfolded).1.len(),
        1,
        "a fold where opt-19 does not is a difference"
    );
}
