//! Verifier tests: valid functions pass, and each check has a broken
//! function that must produce its message.

use cranelift_entity::EntityRef;
use loopwright_analysis::{verify_function, verify_module, VerifierError};
use loopwright_ir::{
    AllocaInfo, AttrSet, Block, CallInfo, ClauseKind, ConstData, Extra, Func, Function, GlobalRef,
    Inst, InstData, Md, MdKind, Module, Opcode, Operand, Predicate, TailKind, Type, TypeTable,
    Value,
};

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
    if let Err(errs) = b.verify() {
        let text: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
        panic!("expected a valid function, got:\n{}", text.join("\n"));
    }
}

/// Verifies and asserts that some error message contains `msg`; returns
/// that error.
#[track_caller]
fn expect_err(b: B, msg: &str) -> VerifierError {
    match b.verify() {
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
    b.f.personality = None;
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
    expect_err(
        b,
        "LandingPadInst not the first non-PHI instruction in the block.",
    );
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
