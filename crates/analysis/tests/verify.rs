//! Verifier tests: valid functions pass, and each check has a broken
//! function that must produce its message.
//!
//! LLVM is asked about the same modules live: every module printed
//! (`loopwright_ir::print`) goes through `llvm-as-19`, which parses and
//! verifies. A module our verifier rejects must be rejected by LLVM too,
//! and one it accepts must be accepted ([`llvm_problem`]). Where the
//! printed text cannot carry the error (the data model holds things `.ll`
//! cannot say, such as an `icmp` whose result is not `i1`) or LLVM decides
//! otherwise, the case is a named exemption with its reason
//! ([`LLVM_DIFFERS`]); an exemption whose case LLVM starts to agree with
//! fails its test, and one that names no case fails
//! `llvm_exemptions_name_real_cases`. Skipped with a notice when
//! `llvm-as-19` is not installed (an error under CI).

use cranelift_entity::EntityRef;
use loopwright_analysis::{verify_function, verify_module, VerifierError};
use loopwright_ir::{
    AllocaInfo, AttrSet, Block, CallInfo, ClauseKind, ConstData, Extra, Func, Function, GlobalRef,
    Inst, InstData, Md, MdKind, Module, Opcode, Operand, Predicate, TailKind, Type, TypeTable,
    Value,
};
use loopwright_testkit::tools::LLVM_AS;
use std::process::Command;

const VOID: Type = TypeTable::VOID;
const I1: Type = TypeTable::I1;
const I32: Type = TypeTable::I32;
const I64: Type = TypeTable::I64;
const PTR: Type = TypeTable::PTR;
const FLOAT: Type = TypeTable::FLOAT;
const DOUBLE: Type = TypeTable::DOUBLE;

fn v(x: Value) -> Operand {
    Operand::Value(x)
}
fn bk(b: Block) -> Operand {
    Operand::Block(b)
}

/// A function under construction.
struct B {
    m: Module,
    f: Function,
}

impl B {
    fn new(ret: Type, params: Vec<Type>) -> Self {
        let mut m = Module::new();
        let fty = m.types.function(ret, params, false);
        let f = Function::new(Some("f".into()), fty, &m.types);
        B { m, f }
    }
    fn p(&self, i: usize) -> Value {
        self.f.params[i]
    }
    fn block(&mut self, name: &str) -> Block {
        let b = self.f.make_block(Some(name));
        self.f.layout.append_block(b);
        b
    }
    fn inst(&mut self, b: Block, data: InstData, name: Option<&str>) -> (Inst, Option<Value>) {
        self.f.append(b, data, name)
    }
    /// Appends an instruction and returns its result.
    fn val(
        &mut self,
        b: Block,
        op: Opcode,
        ty: Type,
        ops: impl IntoIterator<Item = Operand>,
        name: &str,
    ) -> Value {
        self.f
            .append(b, InstData::new(op, ty, ops), Some(name))
            .1
            .unwrap()
    }
    /// Appends an instruction without result.
    fn void(&mut self, b: Block, op: Opcode, ops: impl IntoIterator<Item = Operand>) -> Inst {
        self.f.append(b, InstData::new(op, VOID, ops), None).0
    }
    fn int(&mut self, ty: Type, x: i64) -> Operand {
        let bits = self.m.types.int_width(ty).unwrap();
        Operand::Const(self.m.consts.int(ty, bits, x))
    }
    #[allow(clippy::too_many_arguments)]
    fn cmp(
        &mut self,
        b: Block,
        op: Opcode,
        pred: Predicate,
        ty: Type,
        l: Operand,
        r: Operand,
        name: &str,
    ) -> Value {
        let data = InstData::new(op, ty, [l, r]).with_extra(Extra::Cmp(pred));
        self.f.append(b, data, Some(name)).1.unwrap()
    }
    fn ret(&mut self, b: Block, x: Option<Operand>) -> Inst {
        self.void(b, Opcode::Ret, x)
    }
    fn br(&mut self, b: Block, to: Block) -> Inst {
        self.void(b, Opcode::Br, [bk(to)])
    }
    fn condbr(&mut self, b: Block, c: Operand, t: Block, e: Block) -> Inst {
        self.void(b, Opcode::Br, [c, bk(t), bk(e)])
    }
    /// Declares a function and returns (its id, its address constant).
    fn declare(
        &mut self,
        name: &str,
        ret: Type,
        params: Vec<Type>,
        vararg: bool,
    ) -> (Func, Operand, Type) {
        let fty = self.m.types.function(ret, params, vararg);
        let g = Function::new(Some(name.into()), fty, &self.m.types);
        let id = self.m.functions.push(g);
        let c = self.m.consts.intern(ConstData::Global {
            ty: PTR,
            global: GlobalRef::Func(id),
        });
        (id, Operand::Const(c), fty)
    }
    /// Gives the function a personality (`@__gxx_personality_v0`), which
    /// every function with EH pads or `resume` needs.
    fn personality(&mut self) {
        let (_, pers, _) = self.declare("__gxx_personality_v0", I32, vec![], true);
        let Operand::Const(c) = pers else {
            unreachable!()
        };
        self.f.personality = Some(c);
    }
    fn finish(self) -> (Module, Func) {
        let mut m = self.m;
        let fid = m.functions.push(self.f);
        (m, fid)
    }
    fn verify(self) -> Result<(), Vec<VerifierError>> {
        let (m, fid) = self.finish();
        let r = verify_function(&m, fid);
        // The module-level entry point agrees.
        assert_eq!(r.is_ok(), verify_module(&m).is_ok());
        r
    }

    /// [`B::verify`], and LLVM must agree ([`llvm_agrees`]) about the case
    /// `what` (the message expected, or `valid`).
    #[track_caller]
    fn verify_with_llvm(self, what: &str) -> Result<(), Vec<VerifierError>> {
        let m = {
            let mut m = self.m.clone();
            m.functions.push(self.f.clone());
            m
        };
        let r = self.verify();
        if let Some(problem) = llvm_agrees(&m, what, r.is_err()) {
            panic!("{problem}");
        }
        r
    }
}

// -------------------------------------------------------------------
// LLVM's verdict on the same modules.

/// Cases where `llvm-as-19`'s verdict on the printed module differs from
/// our verifier's, keyed `TEST: MESSAGE` (the test function and the message
/// it expects; `TEST: valid` for a module we accept), with the reason. An
/// entry whose case LLVM agrees with fails the test until it is removed.
const LLVM_DIFFERS: &[(&str, &str)] = &[
    (
        "err_phi_in_entry_block: PHI nodes are not allowed in the entry block!",
        "LLVM 19 accepts a phi without entries in the entry block (its parser \
         takes `phi i32` with no entries, its verifier only counts entries \
         against predecessors, and the entry has none); we reject any phi in \
         the entry block, as tests/malformed/verify_phi_in_entry_block.ll does",
    ),
    (
        "err_binary_result_type: Integer arithmetic operators must have same type for operands and result!",
        "the data model can hold it, `.ll` text cannot say it: an arithmetic instruction's result type is its operands' type",
    ),
    (
        "err_compare_result_type: Compare result must be i1",
        "the data model can hold it, `.ll` text cannot say it: a compare's result type follows from its operands",
    ),
    (
        "err_extract_insert_value_and_vector_ops: Invalid ExtractValueInst operands!",
        "the data model can hold it, `.ll` text cannot say it: extractvalue's result type follows from the aggregate and the indices",
    ),
    (
        "err_phi_incoming_type: PHI node operands are not the same type as the result!",
        "the data model can hold it, `.ll` text cannot say it: a constant incoming value is written without its type and read as \
         one of the phi's type (a value of another type is rejected by LLVM: \
         err_phi_incoming_value_type)",
    ),
    (
        "err_calls: Incorrect number of arguments passed to called function!",
        "the data model can hold it, `.ll` text cannot say it: a call of a non-variadic function is written without its function \
         type (as LLVM's writer does), and the reader derives the type from the \
         arguments",
    ),
    (
        "err_calls: Call parameter type does not match function signature!",
        "the data model can hold it, `.ll` text cannot say it: a call of a non-variadic function is written without its function \
         type (as LLVM's writer does), and the reader derives the type from the \
         arguments",
    ),
    (
        "err_calls: does not match the callee's return type",
        "the data model can hold it, `.ll` text cannot say it: a call's result type is written once, as the function type's return type",
    ),
    (
        "err_argument_not_in_params: argument 0 is not defined as parameter 0",
        "the data model can hold it, `.ll` text cannot say it: parameters are written once, in the signature, so the text shows a \
         valid function",
    ),
    (
        "err_result_value_mismatches: result value type i32 does not match instruction type i64",
        "the data model can hold it, `.ll` text cannot say it: an instruction and its result have one type in the text",
    ),
    (
        "err_result_value_mismatches: instruction of non-void type has no result value",
        "the data model can hold it, `.ll` text cannot say it: an instruction without a result value is printed as one with an unnamed result",
    ),
    (
        "err_terminator_in_the_middle: Terminator found in the middle of a basic block!",
        "the data model can hold it, `.ll` text cannot say it: an instruction after a terminator starts a new, unnamed block",
    ),
    (
        "err_user_outside_layout: that is not in the layout",
        "the data model can hold it, `.ll` text cannot say it: an instruction outside the layout is not printed",
    ),
    (
        "err_value_of_another_function: value id v1 out of range",
        "the data model can hold it, `.ll` text cannot say it: ids out of range cannot be printed",
    ),
    (
        "err_out_of_range_ids_do_not_panic: instruction type id ty9999 out of range",
        "the data model can hold it, `.ll` text cannot say it: ids out of range cannot be printed",
    ),
    (
        "err_out_of_range_ids_do_not_panic: block id bb40 in the layout is out of range",
        "the data model can hold it, `.ll` text cannot say it: ids out of range cannot be printed",
    ),
    (
        "err_out_of_range_ids_do_not_panic: function type is not a function type",
        "the data model can hold it, `.ll` text cannot say it: a function's type is written as its signature",
    ),
];

/// What `llvm-as-19` (parser and verifier) says about the module `m` as
/// loopwright prints it: `Ok(true)` when it accepts it, `Ok(false)` when it
/// rejects it (with what it said), `Err` when the printer cannot print it
/// (ids out of range: the data model holds what no text can say).
fn llvm_accepts(m: &Module) -> Result<(bool, String), String> {
    let text = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        loopwright_ir::print::print_module(m)
    }))
    .map_err(|_| "the printer cannot print it".to_owned())?;
    let out = loopwright_testkit::run_with_input(
        // Bitcode to a pipe: LLVM deletes a failed output file.
        Command::new(LLVM_AS).args(["-", "-o", "-"]),
        text.as_bytes(),
        loopwright_testkit::run::TIMEOUT,
    );
    Ok((out.success(), format!("{}\n{text}", out.stderr_text())))
}

/// The problem with LLVM's verdict on `m`, which our verifier `rejects`
/// or not, if any: LLVM must reject what we reject and accept what we
/// accept, unless the case (`TEST: WHAT`, the running test and the message
/// expected, or `valid`) is in [`LLVM_DIFFERS`]; an exempt case LLVM agrees
/// with is a problem too. `None` without `llvm-as-19` outside CI.
fn llvm_agrees(m: &Module, what: &str, rejects: bool) -> Option<String> {
    if !loopwright_testkit::require(&[LLVM_AS]) {
        return None;
    }
    let key = format!("{}: {what}", loopwright_testkit::test_name());
    llvm_problem(&key, m, rejects)
}

/// [`llvm_agrees`] for the case `key`, which our verifier `rejects` or
/// not.
fn llvm_problem(key: &str, m: &Module, rejects: bool) -> Option<String> {
    let exempt = LLVM_DIFFERS.iter().any(|(k, _)| *k == key);
    let (agrees, said) = match llvm_accepts(m) {
        Ok((accepts, said)) => (
            accepts != rejects,
            format!(
                "llvm-as-19 {} it:\n{said}",
                if accepts { "accepts" } else { "rejects" }
            ),
        ),
        // Nothing to ask LLVM about: the module cannot be written.
        Err(why) => (false, why),
    };
    let ours = if rejects { "rejects" } else { "accepts" };
    match (agrees, exempt) {
        (true, false) | (false, true) => None,
        (true, true) => Some(format!(
            "{key}: llvm-as-19 now agrees with our verifier: remove the exemption \
             from LLVM_DIFFERS"
        )),
        (false, false) => Some(format!("{key}: our verifier {ours} the module; {said}")),
    }
}

fn call_data(
    fn_ty: Type,
    ret: Type,
    callee: Operand,
    args: Vec<Operand>,
    opcode: Opcode,
) -> InstData {
    let num_args = args.len() as u32;
    let mut ops = vec![callee];
    ops.extend(args);
    InstData::new(opcode, ret, ops).with_extra(Extra::Call(Box::new(CallInfo {
        fn_ty,
        cconv: 0,
        tail: TailKind::None,
        fn_attrs: AttrSet::EMPTY,
        ret_attrs: AttrSet::EMPTY,
        param_attrs: Vec::new(),
        num_args,
        bundles: Vec::new(),
        explicit_fn_ty: false,
    })))
}

#[track_caller]
fn assert_ok(b: B) {
    if let Err(errs) = b.verify_with_llvm("valid") {
        let text: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
        panic!("expected a valid function, got:\n{}", text.join("\n"));
    }
}

/// Verifies and asserts that some error message contains `msg`; returns
/// that error. LLVM must reject the module too ([`llvm_agrees`]).
#[track_caller]
fn expect_err(b: B, msg: &str) -> VerifierError {
    match b.verify_with_llvm(msg) {
        Ok(()) => panic!("expected error {msg:?}, but the function verified"),
        Err(errs) => match errs.iter().find(|e| e.message.contains(msg)) {
            Some(e) => e.clone(),
            None => {
                let text: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
                panic!("expected error {msg:?}, got:\n{}", text.join("\n"));
            }
        },
    }
}

/// `define i32 @f(i32 %n)` with a counted loop; returns the builder and the
/// blocks (entry, loop, exit).
fn counted_loop() -> (B, [Block; 3], Value) {
    let mut b = B::new(I32, vec![I32]);
    let n = b.p(0);
    b.f.set_value_name(n, Some("n"));
    let entry = b.block("entry");
    let lp = b.block("loop");
    let exit = b.block("exit");
    b.br(entry, lp);
    let zero = b.int(I32, 0);
    let ph = b.f.make_placeholder(I32, Some("next"));
    let i = b.val(lp, Opcode::Phi, I32, [zero, bk(entry), v(ph), bk(lp)], "i");
    let one = b.int(I32, 1);
    let (next_inst, _) = {
        let data = InstData::new(Opcode::Add, I32, [v(i), one]);
        let inst = b.f.make_inst(data);
        b.f.bind_result(inst, ph);
        b.f.layout.append_inst(inst, lp);
        (inst, ph)
    };
    let _ = next_inst;
    let c = b.cmp(lp, Opcode::ICmp, Predicate::Slt, I1, v(ph), v(n), "c");
    b.condbr(lp, v(c), lp, exit);
    b.ret(exit, Some(v(ph)));
    (b, [entry, lp, exit], ph)
}

// -------------------------------------------------------------------
// Valid functions.

#[test]
fn valid_counted_loop() {
    let (b, _, _) = counted_loop();
    assert_ok(b);
}

#[test]
fn valid_declaration() {
    let mut b = B::new(I32, vec![I32]);
    b.declare("g", VOID, vec![PTR], true);
    let (m, _) = b.finish();
    // Both the declaration @g and @f (which has no body) verify.
    assert_eq!(verify_module(&m), Ok(()));
}

#[test]
fn valid_parallel_edges_and_duplicate_phi_entries() {
    let mut b = B::new(I32, vec![I32, I1]);
    let (x, c) = (b.p(0), b.p(1));
    let entry = b.block("entry");
    let a = b.block("a");
    let m1 = b.block("m1");
    let m2 = b.block("m2");
    let (one, two) = (b.int(I32, 1), b.int(I32, 2));
    b.void(
        entry,
        Opcode::Switch,
        [v(x), bk(a), one, bk(m1), two, bk(m1)],
    );
    b.br(a, m1);
    let seven = b.int(I32, 7);
    // One entry per edge: %entry twice (same value), %a once.
    let p = b.val(
        m1,
        Opcode::Phi,
        I32,
        [v(x), bk(entry), seven, bk(a), v(x), bk(entry)],
        "p",
    );
    b.condbr(m1, v(c), m2, m2);
    let q = b.val(m2, Opcode::Phi, I32, [v(p), bk(m1), v(p), bk(m1)], "q");
    b.ret(m2, Some(v(q)));
    assert_ok(b);
}

#[test]
fn valid_unreachable_code_is_exempt_from_dominance() {
    let mut b = B::new(I32, vec![I32]);
    let x = b.p(0);
    let entry = b.block("entry");
    let dead = b.block("dead");
    b.ret(entry, Some(v(x)));
    // In an unreachable block: a self reference and a use before the def,
    // both accepted by LLVM.
    let one = b.int(I32, 1);
    let ph = b.f.make_placeholder(I32, Some("y"));
    let inst = b.f.make_inst(InstData::new(Opcode::Add, I32, [v(ph), one]));
    b.f.bind_result(inst, ph);
    b.f.layout.append_inst(inst, dead);
    let w = b.f.make_placeholder(I32, Some("w"));
    let use_w = b.val(dead, Opcode::Add, I32, [v(w), one], "z");
    let winst =
        b.f.make_inst(InstData::new(Opcode::Mul, I32, [v(use_w), one]));
    b.f.bind_result(winst, w);
    b.f.layout.append_inst(winst, dead);
    b.ret(dead, Some(v(w)));
    assert_ok(b);
}

#[test]
fn valid_invoke_and_landingpad() {
    let mut b = B::new(I32, vec![]);
    let (_, g, gty) = b.declare("g", I32, vec![], false);
    b.personality();
    let entry = b.block("entry");
    let ok = b.block("ok");
    let lp = b.block("lp");
    let mut data = call_data(gty, I32, g, vec![], Opcode::Invoke);
    b.f.make_block(None); // an unused block id: harmless
    data = {
        let mut d = data;
        let ops: Vec<Operand> = d
            .operands()
            .iter()
            .copied()
            .chain([bk(ok), bk(lp)])
            .collect();
        let extra = std::mem::take(&mut d.extra);
        InstData::new(Opcode::Invoke, I32, ops).with_extra(extra)
    };
    let (_, r) = b.inst(entry, data, Some("r"));
    let r = r.unwrap();
    // A phi in the normal destination may use the result on the invoke edge.
    let p = b.val(ok, Opcode::Phi, I32, [v(r), bk(entry)], "p");
    let s = b.val(ok, Opcode::Add, I32, [v(r), v(p)], "s");
    b.ret(ok, Some(v(s)));
    let lpty = b.m.types.literal_struct(false, vec![PTR, I32]);
    let l = b.f.append(
        lp,
        InstData::new(Opcode::LandingPad, lpty, []).with_extra(Extra::LandingPad {
            cleanup: true,
            clauses: Box::new([]),
        }),
        Some("l"),
    );
    b.void(lp, Opcode::Resume, [v(l.1.unwrap())]);
    assert_ok(b);
}

#[test]
fn valid_calls_memory_casts_and_vectors() {
    let mut b = B::new(DOUBLE, vec![I32, PTR, FLOAT]);
    let (x, p, fl) = (b.p(0), b.p(1), b.p(2));
    let e = b.block("entry");
    let (_, printf, pty) = b.declare("printf", I32, vec![PTR], true);
    let one = b.int(I32, 1);
    let a =
        b.f.append(
            e,
            InstData::new(Opcode::Alloca, PTR, [one]).with_extra(Extra::Alloca(Box::new(
                AllocaInfo {
                    allocated_ty: I32,
                    align: Some(4),
                    addrspace: 0,
                    inalloca: false,
                    swifterror: false,
                },
            ))),
            Some("a"),
        )
        .1
        .unwrap();
    let mem = Extra::Mem {
        align: None,
        atomic: None,
    };
    b.inst(
        e,
        InstData::new(Opcode::Store, VOID, [v(x), v(a)]).with_extra(mem.clone()),
        None,
    );
    let ld =
        b.f.append(
            e,
            InstData::new(Opcode::Load, I32, [v(a)]).with_extra(mem),
            Some("ld"),
        )
        .1
        .unwrap();
    let arr = b.m.types.array(4, I32);
    let st = b.m.types.literal_struct(false, vec![I64, arr]);
    let i64_0 = b.int(I64, 0);
    let i32_1 = b.int(I32, 1);
    let gep =
        b.f.append(
            e,
            InstData::new(Opcode::GetElementPtr, PTR, [v(p), i64_0, i32_1, v(x)])
                .with_extra(Extra::Gep { source_ty: st }),
            Some("gep"),
        )
        .1
        .unwrap();
    b.inst(
        e,
        call_data(pty, I32, printf, vec![v(gep), v(ld), v(x)], Opcode::Call),
        Some("r"),
    );
    let z = b.val(e, Opcode::ZExt, I64, [v(x)], "z");
    let t = b.val(e, Opcode::Trunc, I1, [v(z)], "t");
    let sel = b.val(e, Opcode::Select, I32, [v(t), v(x), one], "sel");
    let f1 = b.val(e, Opcode::SIToFP, FLOAT, [v(sel)], "f1");
    let fa = b.val(e, Opcode::FAdd, FLOAT, [v(f1), v(fl)], "fa");
    let fn_ = b.val(e, Opcode::FNeg, FLOAT, [v(fa)], "fn");
    let _bits = b.val(e, Opcode::BitCast, I32, [v(fn_)], "bits");
    let pi = b.val(e, Opcode::PtrToInt, I64, [v(p)], "pi");
    let _ip = b.val(e, Opcode::IntToPtr, PTR, [v(pi)], "ip");
    let _fc = b.cmp(e, Opcode::FCmp, Predicate::Olt, I1, v(fa), v(fl), "fc");
    let v4 = b.m.types.vector(4, I32);
    let v4i1 = b.m.types.vector(4, I1);
    let undef = Operand::Const(b.m.consts.intern(ConstData::Poison(v4)));
    let ins = b.val(e, Opcode::InsertElement, v4, [undef, v(x), i64_0], "ins");
    let vc = b.cmp(e, Opcode::ICmp, Predicate::Eq, v4i1, v(ins), v(ins), "vc");
    let vs = b.val(e, Opcode::Select, v4, [v(vc), v(ins), v(ins)], "vs");
    let _ex = b.val(e, Opcode::ExtractElement, I32, [v(vs), i64_0], "ex");
    let sh =
        b.f.append(
            e,
            InstData::new(Opcode::ShuffleVector, v4, [v(vs), v(vs)])
                .with_extra(Extra::Shuffle(Box::new([0, 5, -1, 7]))),
            Some("sh"),
        )
        .1
        .unwrap();
    let agg_ty = b.m.types.literal_struct(false, vec![I32, v4]);
    let agg0 = Operand::Const(b.m.consts.intern(ConstData::Undef(agg_ty)));
    let agg =
        b.f.append(
            e,
            InstData::new(Opcode::InsertValue, agg_ty, [agg0, v(sh)])
                .with_extra(Extra::Indices(Box::new([1]))),
            Some("agg"),
        )
        .1
        .unwrap();
    b.f.append(
        e,
        InstData::new(Opcode::ExtractValue, v4, [v(agg)]).with_extra(Extra::Indices(Box::new([1]))),
        Some("back"),
    );
    let d = b.val(e, Opcode::FPExt, DOUBLE, [v(fa)], "d");
    b.ret(e, Some(v(d)));
    assert_ok(b);
}

#[test]
fn valid_debug_records() {
    let mut b = B::new(VOID, vec![I32]);
    let x = b.p(0);
    let e = b.block("entry");
    let var = b.m.md.tuple(vec![]);
    let expr = b.m.md.tuple(vec![]);
    let loc = b.m.md.tuple(vec![]);
    let al = b.f.make_arg_list([v(x), b_int(&mut b.m, 3)]);
    let md = |n| Operand::Md(Md::Node(n));
    b.void(
        e,
        Opcode::DbgValue,
        [Operand::MdLocal(x), md(var), md(expr), md(loc)],
    );
    b.void(
        e,
        Opcode::DbgValue,
        [Operand::MdArgList(al), md(var), md(expr), md(loc)],
    );
    let r = b.ret(e, None);
    b.f.inst_mut(r).md().set(MdKind::DBG, loc);
    assert_ok(b);
}

fn b_int(m: &mut Module, x: i64) -> Operand {
    Operand::Const(m.consts.int(I32, 32, x))
}

// -------------------------------------------------------------------
// Error messages and names.

#[test]
fn error_names_follow_printer_numbering() {
    let mut b = B::new(I32, vec![I32, I32]);
    let (a, c) = (b.p(0), b.p(1));
    b.f.set_value_name(c, Some("c"));
    let e = b.f.make_block(None); // %1 (after the unnamed %0 argument)
    b.f.layout.append_block(e);
    let s =
        b.f.append(e, InstData::new(Opcode::Add, I32, [v(a), v(c)]), None)
            .1
            .unwrap(); // %2
    let bad =
        b.f.append(e, InstData::new(Opcode::FAdd, I32, [v(s), v(s)]), None)
            .1
            .unwrap(); // %3
    b.ret(e, Some(v(bad)));
    let err = expect_err(
        b,
        "Floating-point arithmetic operators only work with floating-point types!",
    );
    assert_eq!(err.function, "@f");
    assert_eq!(err.block.as_deref(), Some("%1"));
    assert_eq!(err.inst.as_deref(), Some("#1 (%3 = fadd)"));
    assert_eq!(
        err.to_string(),
        "in function @f, block %1, instruction #1 (%3 = fadd): \
         Floating-point arithmetic operators only work with floating-point types!"
    );
}

// -------------------------------------------------------------------
// One test per check.

#[test]
fn err_function_id_out_of_range() {
    let m = Module::new();
    let errs = verify_function(&m, Func::new(3)).unwrap_err();
    assert_eq!(errs[0].message, "function id out of range");
}

#[test]
fn err_block_without_terminator() {
    let mut b = B::new(VOID, vec![I32]);
    let x = b.p(0);
    let e = b.block("entry");
    b.val(e, Opcode::Add, I32, [v(x), v(x)], "s");
    let err = expect_err(b, "Basic Block does not have terminator!");
    assert_eq!(err.block.as_deref(), Some("%entry"));
    assert_eq!(err.inst, None);
}

#[test]
fn err_empty_block() {
    let mut b = B::new(VOID, vec![]);
    let e = b.block("entry");
    b.ret(e, None);
    b.block("empty");
    expect_err(b, "Basic Block does not have terminator!");
}

#[test]
fn err_terminator_in_the_middle() {
    let mut b = B::new(VOID, vec![]);
    let e = b.block("entry");
    b.ret(e, None);
    b.ret(e, None);
    let err = expect_err(b, "Terminator found in the middle of a basic block!");
    assert_eq!(err.inst.as_deref(), Some("#0 (ret)"));
}

#[test]
fn err_phis_not_grouped() {
    let (mut b, [entry, lp, _], _) = counted_loop();
    let zero = b.int(I32, 0);
    let i = b.f.layout.first_inst(lp).unwrap();
    let iv = b.f.inst_result(i).unwrap();
    let (late, _) = b.inst(
        lp,
        InstData::new(Opcode::Phi, I32, [zero, bk(entry), v(iv), bk(lp)]),
        Some("late"),
    );
    // Move it after the add.
    b.f.layout.remove_inst(late);
    let add = b.f.layout.next_inst(i).unwrap();
    b.f.layout.insert_inst_after(late, add);
    expect_err(b, "PHI nodes not grouped at top of basic block!");
}

#[test]
fn err_phi_entry_count() {
    let (mut b, [_, lp, _], _) = counted_loop();
    let phi = b.f.layout.first_inst(lp).unwrap();
    b.f.map_operands(phi, |ops| ops.truncate(2));
    expect_err(
        b,
        "PHINode should have one entry for each predecessor of its parent basic block!",
    );
}

#[test]
fn err_phi_entry_per_edge() {
    // Two edges from %entry: a phi listing %entry once is wrong.
    let mut b = B::new(I32, vec![I1, I32]);
    let (c, x) = (b.p(0), b.p(1));
    let e = b.block("entry");
    let m = b.block("m");
    b.condbr(e, v(c), m, m);
    let p = b.val(m, Opcode::Phi, I32, [v(x), bk(e)], "p");
    b.ret(m, Some(v(p)));
    expect_err(
        b,
        "PHINode should have one entry for each predecessor of its parent basic block!",
    );
}

#[test]
fn err_phi_entries_do_not_match_predecessors() {
    let (mut b, [_, lp, exit], _) = counted_loop();
    let phi = b.f.layout.first_inst(lp).unwrap();
    // Right count, but %exit is not a predecessor.
    b.f.set_operand(phi, 1, bk(exit));
    let err = expect_err(b, "PHI node entries do not match predecessors!");
    assert_eq!(err.inst.as_deref(), Some("#0 (%i = phi)"));
}

#[test]
fn err_phi_duplicate_entries_with_different_values() {
    let mut b = B::new(I32, vec![I1, I32]);
    let (c, x) = (b.p(0), b.p(1));
    let e = b.block("entry");
    let m = b.block("m");
    b.condbr(e, v(c), m, m);
    let one = b.int(I32, 1);
    let p = b.val(m, Opcode::Phi, I32, [v(x), bk(e), one, bk(e)], "p");
    b.ret(m, Some(v(p)));
    expect_err(
        b,
        "PHI node has multiple entries for the same basic block with different incoming values!",
    );
}

#[test]
fn err_entry_block_with_predecessors() {
    let mut b = B::new(VOID, vec![I1]);
    let c = b.p(0);
    let e = b.block("entry");
    let x = b.block("exit");
    b.condbr(e, v(c), e, x);
    b.ret(x, None);
    let err = expect_err(b, "Entry block to function must not have predecessors!");
    assert_eq!(err.block.as_deref(), Some("%entry"));
}

#[test]
fn err_phi_in_entry_block() {
    let mut b = B::new(I32, vec![I32]);
    let x = b.p(0);
    let e = b.block("entry");
    let p = b.val(e, Opcode::Phi, I32, [], "p");
    let s = b.val(e, Opcode::Add, I32, [v(p), v(x)], "s");
    b.ret(e, Some(v(s)));
    expect_err(b, "PHI nodes are not allowed in the entry block!");
}

#[test]
fn err_use_not_dominated_across_blocks() {
    let mut b = B::new(I32, vec![I1, I32]);
    let (c, x) = (b.p(0), b.p(1));
    let e = b.block("entry");
    let t = b.block("then");
    let j = b.block("join");
    b.condbr(e, v(c), t, j);
    let y = b.val(t, Opcode::Add, I32, [v(x), v(x)], "y");
    b.br(t, j);
    let z = b.val(j, Opcode::Mul, I32, [v(y), v(x)], "z");
    b.ret(j, Some(v(z)));
    let err = expect_err(b, "Instruction does not dominate all uses!");
    assert_eq!(err.block.as_deref(), Some("%join"));
    assert_eq!(err.inst.as_deref(), Some("#0 (%z = mul)"));
    assert_eq!(err.value.as_deref(), Some("%y"));
    assert_eq!(
        err.to_string(),
        "in function @f, block %join, instruction #0 (%z = mul): Instruction does not dominate all uses! (value %y)"
    );
}

#[test]
fn err_use_before_def_in_same_block() {
    let mut b = B::new(I32, vec![I32]);
    let x = b.p(0);
    let e = b.block("entry");
    let later = b.f.make_placeholder(I32, Some("later"));
    let s = b.val(e, Opcode::Add, I32, [v(later), v(x)], "s");
    let d = b.f.make_inst(InstData::new(Opcode::Add, I32, [v(x), v(x)]));
    b.f.bind_result(d, later);
    b.f.layout.append_inst(d, e);
    b.ret(e, Some(v(s)));
    let err = expect_err(b, "Instruction does not dominate all uses!");
    assert_eq!(err.value.as_deref(), Some("%later"));
}

#[test]
fn err_phi_use_not_dominating_incoming_block() {
    // %y is defined in %then but flows into %join's phi from %entry.
    let mut b = B::new(I32, vec![I1, I32]);
    let (c, x) = (b.p(0), b.p(1));
    let e = b.block("entry");
    let t = b.block("then");
    let j = b.block("join");
    b.condbr(e, v(c), t, j);
    let y = b.val(t, Opcode::Add, I32, [v(x), v(x)], "y");
    b.br(t, j);
    let p = b.val(j, Opcode::Phi, I32, [v(y), bk(e), v(y), bk(t)], "p");
    b.ret(j, Some(v(p)));
    expect_err(b, "Instruction does not dominate all uses!");
}

#[test]
fn err_invoke_result_used_in_unwind_destination() {
    let mut b = B::new(I32, vec![]);
    let (_, g, gty) = b.declare("g", I32, vec![], false);
    let entry = b.block("entry");
    let ok = b.block("ok");
    let lp = b.block("lp");
    let d = call_data(gty, I32, g, vec![], Opcode::Invoke);
    let ops: Vec<Operand> = d
        .operands()
        .iter()
        .copied()
        .chain([bk(ok), bk(lp)])
        .collect();
    let data = InstData::new(Opcode::Invoke, I32, ops).with_extra(d.extra);
    let r = b.inst(entry, data, Some("r")).1.unwrap();
    b.ret(ok, Some(v(r)));
    let lpty = b.m.types.literal_struct(false, vec![PTR, I32]);
    b.inst(
        lp,
        InstData::new(Opcode::LandingPad, lpty, []).with_extra(Extra::LandingPad {
            cleanup: true,
            clauses: Box::new([]),
        }),
        Some("l"),
    );
    b.ret(lp, Some(v(r)));
    let err = expect_err(b, "Instruction does not dominate all uses!");
    assert_eq!(err.block.as_deref(), Some("%lp"));
}

#[test]
fn err_self_reference() {
    let mut b = B::new(I32, vec![]);
    let e = b.block("entry");
    let one = b.int(I32, 1);
    let ph = b.f.make_placeholder(I32, Some("x"));
    let d = b.f.make_inst(InstData::new(Opcode::Add, I32, [v(ph), one]));
    b.f.bind_result(d, ph);
    b.f.layout.append_inst(d, e);
    b.ret(e, Some(v(ph)));
    let err = expect_err(b, "Only PHI nodes may reference their own value!");
    assert_eq!(err.value.as_deref(), Some("%x"));
}

#[test]
fn err_binary_operand_types_differ() {
    let mut b = B::new(VOID, vec![I32, I64]);
    let (x, y) = (b.p(0), b.p(1));
    let e = b.block("entry");
    b.val(e, Opcode::Add, I32, [v(x), v(y)], "s");
    b.ret(e, None);
    expect_err(
        b,
        "Both operands to a binary operator are not of the same type!",
    );
}

#[test]
fn err_integer_op_on_floats() {
    let mut b = B::new(VOID, vec![FLOAT]);
    let x = b.p(0);
    let e = b.block("entry");
    b.val(e, Opcode::Mul, FLOAT, [v(x), v(x)], "s");
    b.ret(e, None);
    expect_err(
        b,
        "Integer arithmetic operators only work with integral types!",
    );
}

#[test]
fn err_binary_result_type() {
    let mut b = B::new(VOID, vec![I32]);
    let x = b.p(0);
    let e = b.block("entry");
    b.val(e, Opcode::Sub, I64, [v(x), v(x)], "s");
    b.ret(e, None);
    expect_err(
        b,
        "Integer arithmetic operators must have same type for operands and result!",
    );
}

#[test]
fn err_logical_and_shift_on_floats() {
    let mut b = B::new(VOID, vec![DOUBLE]);
    let x = b.p(0);
    let e = b.block("entry");
    b.val(e, Opcode::Xor, DOUBLE, [v(x), v(x)], "a");
    b.ret(e, None);
    expect_err(b, "Logical operators only work with integral types!");

    let mut b = B::new(VOID, vec![DOUBLE]);
    let x = b.p(0);
    let e = b.block("entry");
    b.val(e, Opcode::Shl, DOUBLE, [v(x), v(x)], "a");
    b.ret(e, None);
    expect_err(b, "Shifts only work with integral types!");
}

#[test]
fn err_fneg_on_integer() {
    let mut b = B::new(VOID, vec![I32]);
    let x = b.p(0);
    let e = b.block("entry");
    b.val(e, Opcode::FNeg, I32, [v(x)], "a");
    b.ret(e, None);
    expect_err(b, "FNeg operator only works with float types!");
}

#[test]
fn err_icmp_operand_types() {
    let mut b = B::new(VOID, vec![I32, I64]);
    let (x, y) = (b.p(0), b.p(1));
    let e = b.block("entry");
    b.cmp(e, Opcode::ICmp, Predicate::Eq, I1, v(x), v(y), "c");
    b.ret(e, None);
    expect_err(
        b,
        "Both operands to ICmp instruction are not of the same type!",
    );

    let mut b = B::new(VOID, vec![FLOAT]);
    let x = b.p(0);
    let e = b.block("entry");
    b.cmp(e, Opcode::ICmp, Predicate::Eq, I1, v(x), v(x), "c");
    b.ret(e, None);
    expect_err(b, "Invalid operand types for ICmp instruction");
}

#[test]
fn err_fcmp_operand_types_and_predicate() {
    let mut b = B::new(VOID, vec![I32]);
    let x = b.p(0);
    let e = b.block("entry");
    b.cmp(e, Opcode::FCmp, Predicate::Olt, I1, v(x), v(x), "c");
    b.ret(e, None);
    expect_err(b, "Invalid operand types for FCmp instruction");

    let mut b = B::new(VOID, vec![FLOAT]);
    let x = b.p(0);
    let e = b.block("entry");
    b.cmp(e, Opcode::FCmp, Predicate::Slt, I1, v(x), v(x), "c");
    b.ret(e, None);
    expect_err(b, "Invalid predicate in FCmp instruction!");
}

#[test]
fn err_compare_result_type() {
    let mut b = B::new(VOID, vec![I32]);
    let x = b.p(0);
    let e = b.block("entry");
    b.cmp(e, Opcode::ICmp, Predicate::Eq, I32, v(x), v(x), "c");
    b.ret(e, None);
    expect_err(b, "Compare result must be i1");
}

#[test]
fn err_load_store_pointer_operands() {
    let mut b = B::new(VOID, vec![I32]);
    let x = b.p(0);
    let e = b.block("entry");
    b.val(e, Opcode::Load, I32, [v(x)], "l");
    b.ret(e, None);
    expect_err(b, "Load operand must be a pointer.");

    let mut b = B::new(VOID, vec![I32]);
    let x = b.p(0);
    let e = b.block("entry");
    b.void(e, Opcode::Store, [v(x), v(x)]);
    b.ret(e, None);
    expect_err(b, "Store operand must be a pointer.");
}

#[test]
fn err_branch_condition_not_i1() {
    let mut b = B::new(VOID, vec![I32]);
    let x = b.p(0);
    let e = b.block("entry");
    let t = b.block("t");
    b.condbr(e, v(x), t, t);
    b.ret(t, None);
    expect_err(b, "Branch condition is not 'i1' type!");
}

#[test]
fn err_select_operands() {
    let mut b = B::new(VOID, vec![I32, I64]);
    let (x, y) = (b.p(0), b.p(1));
    let e = b.block("entry");
    b.val(e, Opcode::Select, I32, [v(x), v(x), v(x)], "s");
    b.ret(e, None);
    expect_err(b, "Invalid operands for select instruction!");

    let mut b = B::new(VOID, vec![I1, I32, I64]);
    let (c, x, y2) = (b.p(0), b.p(1), b.p(2));
    let e = b.block("entry");
    b.val(e, Opcode::Select, I32, [v(c), v(x), v(y2)], "s");
    b.ret(e, None);
    let _ = y;
    expect_err(b, "Invalid operands for select instruction!");
}

#[test]
fn err_casts() {
    let cases: Vec<(Opcode, Type, Type, &str)> = vec![
        (Opcode::Trunc, I32, I64, "DestTy too big for Trunc"),
        (Opcode::Trunc, FLOAT, I32, "Trunc only operates on integer"),
        (Opcode::ZExt, I64, I32, "Type too small for ZExt"),
        (Opcode::SExt, I32, FLOAT, "SExt only produces an integer"),
        (Opcode::FPTrunc, FLOAT, DOUBLE, "DestTy too big for FPTrunc"),
        (Opcode::FPExt, DOUBLE, FLOAT, "DestTy too small for FPExt"),
        (
            Opcode::SIToFP,
            FLOAT,
            FLOAT,
            "SIToFP source must be integer or integer vector",
        ),
        (
            Opcode::UIToFP,
            I32,
            I32,
            "UIToFP result must be FP or FP vector",
        ),
        (
            Opcode::FPToSI,
            I32,
            I32,
            "FPToSI source must be FP or FP vector",
        ),
        (
            Opcode::FPToUI,
            FLOAT,
            FLOAT,
            "FPToUI result must be integer or integer vector",
        ),
        (
            Opcode::PtrToInt,
            I32,
            I64,
            "PtrToInt source must be pointer",
        ),
        (
            Opcode::IntToPtr,
            I64,
            I64,
            "IntToPtr result must be a pointer",
        ),
        (Opcode::BitCast, I32, I64, "Invalid bitcast"),
        (Opcode::BitCast, PTR, I64, "Invalid bitcast"),
        (
            Opcode::AddrSpaceCast,
            PTR,
            PTR,
            "AddrSpaceCast must be between different address spaces",
        ),
    ];
    for (op, src, dst, msg) in cases {
        let mut b = B::new(VOID, vec![src]);
        let x = b.p(0);
        let e = b.block("entry");
        b.val(e, op, dst, [v(x)], "c");
        b.ret(e, None);
        expect_err(b, msg);
    }
    // Vector shape.
    let mut b = B::new(VOID, vec![I32]);
    let v4 = b.m.types.vector(4, I64);
    let x = b.p(0);
    let e = b.block("entry");
    b.val(e, Opcode::ZExt, v4, [v(x)], "c");
    b.ret(e, None);
    expect_err(
        b,
        "zext source and destination must both be a vector or neither",
    );
}

#[test]
fn err_gep() {
    let mut b = B::new(VOID, vec![I32]);
    let x = b.p(0);
    let e = b.block("entry");
    b.f.append(
        e,
        InstData::new(Opcode::GetElementPtr, PTR, [v(x), v(x)])
            .with_extra(Extra::Gep { source_ty: I32 }),
        Some("g"),
    );
    b.ret(e, None);
    expect_err(
        b,
        "GEP base pointer is not a vector or a vector of pointers",
    );

    let mut b = B::new(VOID, vec![PTR, FLOAT]);
    let (p, fl) = (b.p(0), b.p(1));
    let e = b.block("entry");
    b.f.append(
        e,
        InstData::new(Opcode::GetElementPtr, PTR, [v(p), v(fl)])
            .with_extra(Extra::Gep { source_ty: I32 }),
        Some("g"),
    );
    b.ret(e, None);
    expect_err(b, "GEP indexes must be integers");

    // A struct index that is not a constant, and one out of range.
    for idx in [None, Some(5)] {
        let mut b = B::new(VOID, vec![PTR, I32]);
        let (p, x) = (b.p(0), b.p(1));
        let st = b.m.types.literal_struct(false, vec![I32, I64]);
        let zero = b.int(I64, 0);
        let ix = match idx {
            Some(k) => b.int(I32, k),
            None => v(x),
        };
        let e = b.block("entry");
        b.f.append(
            e,
            InstData::new(Opcode::GetElementPtr, PTR, [v(p), zero, ix])
                .with_extra(Extra::Gep { source_ty: st }),
            Some("g"),
        );
        b.ret(e, None);
        expect_err(b, "Invalid indices for GEP pointer type!");
    }
}

#[test]
fn err_calls() {
    // Argument count.
    let mut b = B::new(VOID, vec![I32]);
    let x = b.p(0);
    let (_, g, gty) = b.declare("g", VOID, vec![I32, I32], false);
    let e = b.block("entry");
    b.inst(e, call_data(gty, VOID, g, vec![v(x)], Opcode::Call), None);
    b.ret(e, None);
    expect_err(
        b,
        "Incorrect number of arguments passed to called function!",
    );

    // Argument type.
    let mut b = B::new(VOID, vec![I64]);
    let x = b.p(0);
    let (_, g, gty) = b.declare("g", VOID, vec![I32], false);
    let e = b.block("entry");
    b.inst(e, call_data(gty, VOID, g, vec![v(x)], Opcode::Call), None);
    b.ret(e, None);
    let err = expect_err(b, "Call parameter type does not match function signature!");
    assert!(err
        .message
        .contains("argument of type i64, parameter of type i32"));

    // Varargs: fixed parameters must be present.
    let mut b = B::new(VOID, vec![]);
    let (_, g, gty) = b.declare("printf", I32, vec![PTR], true);
    let e = b.block("entry");
    b.inst(e, call_data(gty, I32, g, vec![], Opcode::Call), Some("r"));
    b.ret(e, None);
    expect_err(
        b,
        "Called function requires more parameters than were provided!",
    );

    // Callee must be a pointer.
    let mut b = B::new(VOID, vec![I32]);
    let x = b.p(0);
    let gty = b.m.types.function(VOID, vec![], false);
    let e = b.block("entry");
    b.inst(e, call_data(gty, VOID, v(x), vec![], Opcode::Call), None);
    b.ret(e, None);
    expect_err(b, "Called function must be a pointer!");

    // Result type.
    let mut b = B::new(VOID, vec![]);
    let (_, g, gty) = b.declare("g", I32, vec![], false);
    let e = b.block("entry");
    b.inst(e, call_data(gty, I64, g, vec![], Opcode::Call), Some("r"));
    b.ret(e, None);
    expect_err(b, "does not match the callee's return type");
}

#[test]
fn err_return_types() {
    let mut b = B::new(I32, vec![I64]);
    let x = b.p(0);
    let e = b.block("entry");
    b.ret(e, Some(v(x)));
    expect_err(
        b,
        "Function return type does not match operand type of return inst!",
    );

    let mut b = B::new(I32, vec![]);
    let e = b.block("entry");
    b.ret(e, None);
    expect_err(
        b,
        "Function return type does not match operand type of return inst!",
    );

    let mut b = B::new(VOID, vec![I32]);
    let x = b.p(0);
    let e = b.block("entry");
    b.ret(e, Some(v(x)));
    expect_err(
        b,
        "Found return instr that returns non-void in Function of void return type!",
    );
}

#[test]
fn err_phi_incoming_type() {
    let (mut b, [_, lp, _], _) = counted_loop();
    let phi = b.f.layout.first_inst(lp).unwrap();
    let wide = b.int(I64, 0);
    b.f.set_operand(phi, 0, wide);
    expect_err(b, "PHI node operands are not the same type as the result!");
}

#[test]
fn err_phi_incoming_value_type() {
    // An i64 argument as the incoming value of an i32 phi.
    let mut b = B::new(I32, vec![I64]);
    let w = b.p(0);
    let entry = b.block("entry");
    let next = b.block("next");
    b.br(entry, next);
    let p = b.val(next, Opcode::Phi, I32, [v(w), bk(entry)], "p");
    b.ret(next, Some(v(p)));
    expect_err(b, "PHI node operands are not the same type as the result!");
}

/// Every [`LLVM_DIFFERS`] key names a test of this file and a message it
/// expects (or `valid`), so no exemption outlives its case.
#[test]
fn llvm_exemptions_name_real_cases() {
    let source = include_str!("verify.rs");
    for (key, _) in LLVM_DIFFERS {
        let (test, what) = key.split_once(": ").expect("TEST: WHAT");
        assert!(
            source.contains(&format!("fn {test}()")),
            "{key}: no test {test}"
        );
        assert!(
            what == "valid" || source.contains(&format!("\"{what}\"")),
            "{key}: no case expects {what:?}"
        );
    }
}

/// The comparison with LLVM fails on deliberately wrong answers: a valid
/// module claimed to be rejected, a broken one claimed to be accepted, and
/// an exemption for a case LLVM agrees with.
#[test]
fn llvm_comparison_fails_on_wrong_answers() {
    if !loopwright_testkit::require(&[LLVM_AS]) {
        return;
    }
    let (b, _, _) = counted_loop();
    let (valid, _) = b.finish();
    assert_eq!(llvm_problem("t: valid", &valid, false), None);
    let p = llvm_problem("t: claimed broken", &valid, true).expect("a valid module claimed broken");
    assert!(p.contains("llvm-as-19 accepts it"), "{p}");
    let mut b = B::new(I32, vec![I32]);
    let x = b.p(0);
    let e = b.block("entry");
    let s = b.val(e, Opcode::Add, I32, [v(x), v(x)], "s");
    let _ = s;
    // No terminator: LLVM rejects it.
    let (broken, _) = b.finish();
    assert_eq!(llvm_problem("t: broken", &broken, true), None);
    let p =
        llvm_problem("t: claimed valid", &broken, false).expect("a broken module claimed valid");
    assert!(p.contains("llvm-as-19 rejects it"), "{p}");
    // An exemption whose case LLVM agrees with.
    let (key, _) = LLVM_DIFFERS[0];
    let p = llvm_problem(key, &valid, false).expect("a needless exemption");
    assert!(p.contains("remove the exemption"), "{p}");
}

#[test]
fn err_switch_cases() {
    let mk = |case: fn(&mut B, Value) -> Operand, second: Option<fn(&mut B) -> Operand>| {
        let mut b = B::new(VOID, vec![I32]);
        let x = b.p(0);
        let e = b.block("entry");
        let d = b.block("d");
        let c = case(&mut b, x);
        let mut ops = vec![v(x), bk(d), c, bk(d)];
        if let Some(s) = second {
            let c2 = s(&mut b);
            ops.extend([c2, bk(d)]);
        }
        b.void(e, Opcode::Switch, ops);
        b.ret(d, None);
        b
    };
    expect_err(
        mk(|_, x| v(x), None),
        "Case value is not a constant integer.",
    );
    expect_err(
        mk(|b, _| b.int(I64, 1), None),
        "Switch constants must all be same type as switch value!",
    );
    expect_err(
        mk(|b, _| b.int(I32, 4), Some(|b: &mut B| b.int(I32, 4))),
        "Duplicate integer as switch case",
    );
    let mut b = B::new(VOID, vec![FLOAT]);
    let x = b.p(0);
    let e = b.block("entry");
    let d = b.block("d");
    b.void(e, Opcode::Switch, [v(x), bk(d)]);
    b.ret(d, None);
    expect_err(b, "Switch condition must have integer type!");
}

#[test]
fn err_successor_not_in_layout() {
    let mut b = B::new(VOID, vec![]);
    let e = b.block("entry");
    let gone = b.f.make_block(Some("gone"));
    b.br(e, gone);
    expect_err(
        b,
        "Referring to a basic block that is not in this function's layout!",
    );
}

#[test]
fn err_placeholder_use() {
    let mut b = B::new(I32, vec![]);
    let e = b.block("entry");
    let ph = b.f.make_placeholder(I32, Some("fwd"));
    b.ret(e, Some(v(ph)));
    let err = expect_err(b, "use of undefined value");
    assert_eq!(err.value.as_deref(), Some("%fwd"));
}

#[test]
fn err_use_of_instruction_outside_layout() {
    let mut b = B::new(I32, vec![I32]);
    let x = b.p(0);
    let e = b.block("entry");
    let s = b.val(e, Opcode::Add, I32, [v(x), v(x)], "s");
    b.ret(e, Some(v(s)));
    let add = b.f.layout.first_inst(e).unwrap();
    b.f.layout.remove_inst(add);
    expect_err(
        b,
        "Instruction referencing instruction not embedded in a basic block!",
    );
}

#[test]
fn err_user_outside_layout() {
    let mut b = B::new(I32, vec![I32]);
    let x = b.p(0);
    let e = b.block("entry");
    b.ret(e, Some(v(x)));
    // Created but never inserted: a dangling use of %0.
    let d = b.f.make_inst(InstData::new(Opcode::Add, I32, [v(x), v(x)]));
    b.f.make_result(d, None);
    let err = expect_err(b, "that is not in the layout");
    assert_eq!(err.value.as_deref(), Some("%0"));
}

#[test]
fn err_value_of_another_function() {
    let mut b = B::new(I32, vec![I32]);
    let e = b.block("entry");
    // A value of another function: its id does not exist here.
    let other_ty = b.m.types.function(I32, vec![I32, I32], false);
    let other = Function::new(None, other_ty, &b.m.types);
    b.ret(e, Some(v(other.params[1])));
    expect_err(b, "value id v1 out of range");
}

#[test]
fn err_argument_not_in_params() {
    let mut b = B::new(I32, vec![I32, I32]);
    let e = b.block("entry");
    let second = b.p(1);
    b.ret(e, Some(v(second)));
    // The parameter list no longer holds the value: the signature check
    // reports the count, and uses of the dropped argument are foreign.
    b.f.params.pop();
    expect_err(
        b,
        "function has 1 argument values but its type has 2 parameters",
    );

    let mut b = B::new(I32, vec![I32, I32]);
    let e = b.block("entry");
    let second = b.p(1);
    b.ret(e, Some(v(second)));
    b.f.params.swap(0, 1);
    expect_err(b, "argument 0 is not defined as parameter 0");
}

#[test]
fn err_malformed_operands() {
    let mut b = B::new(VOID, vec![I32]);
    let x = b.p(0);
    let e = b.block("entry");
    b.val(e, Opcode::Add, I32, [v(x)], "s");
    b.ret(e, None);
    expect_err(
        b,
        "malformed 'add' instruction: expected 2 operands, found 1",
    );

    let mut b = B::new(VOID, vec![I32]);
    let x = b.p(0);
    let e = b.block("entry");
    b.val(e, Opcode::Add, I32, [v(x), bk(e)], "s");
    b.ret(e, None);
    expect_err(
        b,
        "malformed 'add' instruction: a value operand is a block or metadata",
    );

    let mut b = B::new(VOID, vec![I32]);
    let x = b.p(0);
    let e = b.block("entry");
    b.cmp(e, Opcode::ICmp, Predicate::Eq, I1, v(x), v(x), "c");
    let c = b.f.layout.first_inst(e).unwrap();
    *b.f.inst_mut(c).extra() = Extra::None;
    b.ret(e, None);
    expect_err(b, "malformed 'icmp' instruction: missing predicate");
}

#[test]
fn err_result_value_mismatches() {
    let mut b = B::new(VOID, vec![I32]);
    let x = b.p(0);
    let e = b.block("entry");
    let s = b.val(e, Opcode::Add, I32, [v(x), v(x)], "s");
    let add = b.f.layout.first_inst(e).unwrap();
    b.f.inst_mut(add).set_ty(I64);
    b.f.append(e, InstData::new(Opcode::Ret, VOID, []), None);
    let _ = s;
    expect_err(
        b,
        "result value type i32 does not match instruction type i64",
    );

    let mut b = B::new(VOID, vec![PTR, I32]);
    let (p, x) = (b.p(0), b.p(1));
    let e = b.block("entry");
    let st =
        b.f.make_inst(InstData::new(Opcode::Store, I32, [v(x), v(p)]));
    b.f.layout.append_inst(st, e);
    b.ret(e, None);
    expect_err(b, "'store' must have void type");

    let mut b = B::new(VOID, vec![I32]);
    let x = b.p(0);
    let e = b.block("entry");
    let add = b.f.make_inst(InstData::new(Opcode::Add, I32, [v(x), v(x)]));
    b.f.layout.append_inst(add, e);
    b.ret(e, None);
    expect_err(b, "instruction of non-void type has no result value");
}

#[test]
fn err_eh_pad_not_first() {
    let mut b = B::new(VOID, vec![I32]);
    let x = b.p(0);
    let e = b.block("entry");
    let lpty = b.m.types.literal_struct(false, vec![PTR, I32]);
    b.val(e, Opcode::Add, I32, [v(x), v(x)], "s");
    let nul = Operand::Const(b.m.consts.intern(ConstData::Null(PTR)));
    b.inst(
        e,
        InstData::new(Opcode::LandingPad, lpty, [nul]).with_extra(Extra::LandingPad {
            cleanup: false,
            clauses: Box::new([ClauseKind::Catch]),
        }),
        Some("l"),
    );
    b.ret(e, None);
    b.personality();
    expect_err(
        b,
        "LandingPadInst not the first non-PHI instruction in the block.",
    );
}

#[test]
fn err_eh_without_personality() {
    // A landingpad and a resume in a function without a personality.
    let mut b = B::new(VOID, vec![]);
    let (_, g, gty) = b.declare("g", VOID, vec![], false);
    let entry = b.block("entry");
    let ok = b.block("ok");
    let lp = b.block("lp");
    let mut ops = call_data(gty, VOID, g, vec![], Opcode::Invoke);
    let extra = std::mem::take(&mut ops.extra);
    let callee: Vec<Operand> = ops.operands().to_vec();
    b.inst(
        entry,
        InstData::new(
            Opcode::Invoke,
            VOID,
            callee.into_iter().chain([bk(ok), bk(lp)]),
        )
        .with_extra(extra),
        None,
    );
    b.ret(ok, None);
    let lpty = b.m.types.literal_struct(false, vec![PTR, I32]);
    let l = b.f.append(
        lp,
        InstData::new(Opcode::LandingPad, lpty, []).with_extra(Extra::LandingPad {
            cleanup: true,
            clauses: Box::new([]),
        }),
        Some("l"),
    );
    b.void(lp, Opcode::Resume, [v(l.1.unwrap())]);
    let (m, fid) = b.finish();
    let errs = verify_function(&m, fid).unwrap_err();
    let msgs: Vec<&str> = errs.iter().map(|e| e.message.as_str()).collect();
    assert_eq!(
        msgs,
        [
            "LandingPadInst needs to be in a function with a personality.",
            "ResumeInst needs to be in a function with a personality."
        ]
    );
    if let Some(problem) = llvm_agrees(&m, "personality", true) {
        panic!("{problem}");
    }
}

#[test]
fn err_extract_insert_value_and_vector_ops() {
    let mut b = B::new(VOID, vec![I32]);
    let x = b.p(0);
    let st = b.m.types.literal_struct(false, vec![I32, I64]);
    let u = Operand::Const(b.m.consts.intern(ConstData::Undef(st)));
    let e = b.block("entry");
    b.f.append(
        e,
        InstData::new(Opcode::ExtractValue, I32, [u]).with_extra(Extra::Indices(Box::new([1]))),
        Some("a"),
    );
    b.ret(e, None);
    expect_err(b, "Invalid ExtractValueInst operands!");

    let mut b = B::new(VOID, vec![I32]);
    let x2 = b.p(0);
    let st = b.m.types.literal_struct(false, vec![I32, I64]);
    let u = Operand::Const(b.m.consts.intern(ConstData::Undef(st)));
    let e = b.block("entry");
    b.f.append(
        e,
        InstData::new(Opcode::InsertValue, st, [u, v(x2)])
            .with_extra(Extra::Indices(Box::new([2]))),
        Some("a"),
    );
    b.ret(e, None);
    expect_err(b, "Invalid InsertValueInst operands!");

    let mut b = B::new(VOID, vec![I32]);
    let x3 = b.p(0);
    let e = b.block("entry");
    b.val(e, Opcode::ExtractElement, I32, [v(x3), v(x3)], "a");
    b.ret(e, None);
    expect_err(b, "Invalid extractelement operands!");
    let _ = x;
}

#[test]
fn err_out_of_range_ids_do_not_panic() {
    // A type id that does not exist.
    let mut b = B::new(VOID, vec![I32]);
    let x = b.p(0);
    let e = b.block("entry");
    b.f.append(
        e,
        InstData::new(Opcode::Add, Type::new(9999), [v(x), v(x)]),
        Some("s"),
    );
    b.ret(e, None);
    expect_err(b, "instruction type id ty9999 out of range");

    // A constant and a block from elsewhere.
    let mut b = B::new(VOID, vec![I32]);
    let e = b.block("entry");
    b.void(
        e,
        Opcode::Br,
        [
            Operand::Const(loopwright_ir::Const::new(777)),
            bk(Block::new(55)),
            bk(e),
        ],
    );
    let errs = b.verify().unwrap_err();
    assert!(errs
        .iter()
        .any(|e| e.message == "constant id c777 out of range"));
    assert!(errs
        .iter()
        .any(|e| e.message == "block id bb55 out of range"));

    // A block in the layout that was never created.
    let mut b = B::new(VOID, vec![]);
    let e = b.block("entry");
    b.ret(e, None);
    b.f.layout.append_block(Block::new(40));
    expect_err(b, "block id bb40 in the layout is out of range");

    // A function type that is not a function type.
    let mut b = B::new(VOID, vec![]);
    b.f.ty = I32;
    expect_err(b, "function type is not a function type");
}
