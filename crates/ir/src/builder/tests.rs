//! Unit tests of the builder: each constructor's text, names, debug
//! locations, flags, insertion points, the type checks, and one function
//! checked by `opt-19 -passes=verify`.

use super::*;
use crate::print::print_module;
use crate::Module;

/// A module with `define RET @f(PARAMS)` and an entry block; the
/// function is returned out of the module (as passes get it).
fn setup(ret: Type, params: Vec<Type>) -> (Module, Function, Block) {
    let mut m = Module::new();
    let fty = m.types.function(ret, params, false);
    let mut f = Function::new(Some("f".into()), fty, &m.types);
    let entry = f.make_block(Some("entry"));
    f.layout.append_block(entry);
    (m, f, entry)
}

fn print(mut m: Module, f: Function) -> String {
    m.functions.push(f);
    print_module(&m)
}

/// The body of `@f` as printed (between the braces).
fn body(m: Module, f: Function) -> String {
    let text = print(m, f);
    let start = text.find("define").expect("a definition");
    let open = start + text[start..].find('{').unwrap();
    let close = open + text[open..].find("\n}").unwrap();
    text[open + 2..close + 1].to_owned()
}

fn v(x: Value) -> Operand {
    Operand::Value(x)
}

#[test]
fn every_constructor_prints_as_llvm_writes_it() {
    let mut m = Module::new();
    let v4i32 = m.types.vector(4, TypeTable::I32);
    let (_, mut f, entry) = {
        let fty = m.types.function(
            TypeTable::I32,
            vec![
                TypeTable::I32,
                TypeTable::I64,
                TypeTable::PTR,
                TypeTable::DOUBLE,
            ],
            false,
        );
        let mut f = Function::new(Some("f".into()), fty, &m.types);
        let e = f.make_block(Some("entry"));
        f.layout.append_block(e);
        ((), f, e)
    };
    for (k, n) in ["a", "n", "p", "d"].iter().enumerate() {
        let pv = f.params[k];
        f.set_value_name(pv, Some(n));
    }
    let (a, n, p, d) = (f.params[0], f.params[1], f.params[2], f.params[3]);
    let exit = f.make_block(Some("exit"));
    f.layout.append_block(exit);
    let mut b = Builder::at_end(&mut f, entry);
    let one = Operand::Const(m.consts.int(TypeTable::I32, 32, 1));
    let s = b.binop(
        &mut m,
        Opcode::Add,
        v(a),
        one,
        Flags::NUW.union(Flags::NSW),
        "s",
    );
    let q = b.binop(&mut m, Opcode::UDiv, v(s), one, Flags::EXACT, "q");
    let o = b.binop(&mut m, Opcode::Or, v(q), one, Flags::DISJOINT, "o");
    let fa = b.binop(&mut m, Opcode::FAdd, v(d), v(d), Flags::FAST, "fa");
    let fn_ = b.fneg(&mut m, v(fa), Flags::NNAN, "fn");
    let c = b.icmp(&mut m, Predicate::Ult, v(o), v(s), "c");
    let fc = b.fcmp(&mut m, Predicate::Olt, v(fn_), v(d), Flags::NONE, "fc");
    let sel = b.select(&mut m, v(c), v(o), v(s), "sel");
    let z = b.cast(
        &mut m,
        Opcode::ZExt,
        v(sel),
        TypeTable::I64,
        Flags::NNEG,
        "z",
    );
    let t = b.cast(
        &mut m,
        Opcode::Trunc,
        v(n),
        TypeTable::I32,
        Flags::NONE,
        "t",
    );
    let fz = b.freeze(&mut m, v(t), "fz");
    let g = b.gep(&mut m, TypeTable::I32, v(p), &[v(z)], Flags::INBOUNDS, "g");
    let g8 = b.ptr_add(&mut m, v(g), v(n), Flags::NONE, "g8");
    let l = b.load(&mut m, TypeTable::I32, v(g8), Some(4), false, "l");
    b.store(&mut m, v(l), v(p), Some(4), true);
    let sp = b.splat(&mut m, 4, v(fz), "b");
    let zero = Operand::Const(m.consts.int(TypeTable::I64, 64, 0));
    let e0 = b.extract_element(&mut m, v(sp), zero, "e0");
    let ins = b.insert_element(&mut m, v(sp), v(e0), zero, "ins");
    let sh = b.shuffle(&mut m, v(ins), v(sp), &[3, 4, -1, 0], "sh");
    let umin = b
        .call_intrinsic(
            &mut m,
            "llvm.vector.reduce.add.v4i32",
            TypeTable::I32,
            &[v(sh)],
            &[
                "nocallback",
                "nofree",
                "nosync",
                "nounwind",
                "speculatable",
                "willreturn",
                "memory(none)",
            ],
            "r",
        )
        .unwrap();
    let _ = v4i32;
    let r2 = b
        .call_intrinsic(
            &mut m,
            "llvm.umin.i32",
            TypeTable::I32,
            &[v(umin), v(l)],
            &[
                "nocallback",
                "nofree",
                "nosync",
                "nounwind",
                "speculatable",
                "willreturn",
                "memory(none)",
            ],
            "m",
        )
        .unwrap();
    let _ = fc;
    b.cond_br(&m, v(c), exit, exit);
    let mut b = Builder::at_end(&mut f, exit);
    let ph = b.phi(TypeTable::I32, "ph");
    b.add_incoming(ph, v(r2), entry);
    b.add_incoming(ph, one, entry);
    b.ret(&m, Some(v(ph)));
    let text = body(m, f);
    let want = "\
entry:
  %s = add nuw nsw i32 %a, 1
  %q = udiv exact i32 %s, 1
  %o = or disjoint i32 %q, 1
  %fa = fadd fast double %d, %d
  %fn = fneg nnan double %fa
  %c = icmp ult i32 %o, %s
  %fc = fcmp olt double %fn, %d
  %sel = select i1 %c, i32 %o, i32 %s
  %z = zext nneg i32 %sel to i64
  %t = trunc i64 %n to i32
  %fz = freeze i32 %t
  %g = getelementptr inbounds i32, ptr %p, i64 %z
  %g8 = getelementptr i8, ptr %g, i64 %n
  %l = load i32, ptr %g8, align 4
  store volatile i32 %l, ptr %p, align 4
  %b.splatinsert = insertelement <4 x i32> poison, i32 %fz, i64 0
  %b.splat = shufflevector <4 x i32> %b.splatinsert, <4 x i32> poison, <4 x i32> zeroinitializer
  %e0 = extractelement <4 x i32> %b.splat, i64 0
  %ins = insertelement <4 x i32> %b.splat, i32 %e0, i64 0
  %sh = shufflevector <4 x i32> %ins, <4 x i32> %b.splat, <4 x i32> <i32 3, i32 4, i32 poison, i32 0>
  %r = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %sh)
  %m = call i32 @llvm.umin.i32(i32 %r, i32 %l)
  br i1 %c, label %exit, label %exit

exit:                                             ; preds = %entry, %entry
  %ph = phi i32 [ %m, %entry ], [ 1, %entry ]
  ret i32 %ph
";
    assert_eq!(text, want);
}

fn defining(f: &Function, v: Value) -> Inst {
    match f.value_def(v) {
        crate::ValueDef::Result(i) => i,
        _ => panic!("{v} is not an instruction's result"),
    }
}

/// A function built with the builder is one opt-19's verifier accepts
/// (and, as the check of the check, one with a wrong branch is refused).
#[test]
fn a_built_function_passes_opt_verify() {
    use loopwright_testkit::{run, tools};
    if !tools::require(&[tools::OPT]) {
        return;
    }
    let build = |wrong: bool| {
        let (mut m, mut f, entry) = setup(TypeTable::I64, vec![TypeTable::I64, TypeTable::PTR]);
        let (n, p) = (f.params[0], f.params[1]);
        let header = f.make_block(Some("loop"));
        let exit = f.make_block(Some("exit"));
        f.layout.append_block(header);
        f.layout.append_block(exit);
        Builder::at_end(&mut f, entry).br(header);
        let mut b = Builder::at_end(&mut f, header);
        let iv = b.phi(TypeTable::I64, "iv");
        let acc = b.phi(TypeTable::I64, "acc");
        let addr = b.gep(
            &mut m,
            TypeTable::I64,
            v(p),
            &[v(iv)],
            Flags::INBOUNDS,
            "addr",
        );
        let x = b.load(&mut m, TypeTable::I64, v(addr), Some(8), false, "x");
        let sum = b.binop(&mut m, Opcode::Add, v(acc), v(x), Flags::NONE, "sum");
        let one = Operand::Const(m.consts.int(TypeTable::I64, 64, 1));
        let next = b.binop(&mut m, Opcode::Add, v(iv), one, Flags::NUW, "iv.next");
        let done = b.icmp(&mut m, Predicate::Eq, v(next), v(n), "done");
        let zero = Operand::Const(m.consts.int(TypeTable::I64, 64, 0));
        b.cond_br(&m, v(done), exit, header);
        b.add_incoming(iv, zero, entry);
        b.add_incoming(iv, v(next), header);
        b.add_incoming(acc, zero, entry);
        b.add_incoming(acc, v(sum), header);
        Builder::at_end(&mut f, exit).ret(&m, Some(v(sum)));
        if wrong {
            // `iv.next` used by a new instruction at the top of the entry
            // block, before its definition.
            let mut b = Builder::new(&mut f, InsertPoint::Start(entry));
            b.binop(&mut m, Opcode::Add, v(next), one, Flags::NONE, "bad");
        }
        print(m, f)
    };
    for wrong in [false, true] {
        let text = build(wrong);
        let out = run::run_with_input(
            std::process::Command::new(tools::OPT).args(["-passes=verify", "-disable-output"]),
            text.as_bytes(),
            run::TIMEOUT,
        );
        assert_eq!(
            out.success(),
            !wrong,
            "wrong={wrong}\n{text}\n{}",
            out.stderr_text()
        );
    }
}

#[test]
fn names_are_stored_as_asked_and_printed_unique() {
    let (mut m, mut f, entry) = setup(TypeTable::I32, vec![TypeTable::I32]);
    let a = f.params[0];
    let mut b = Builder::at_end(&mut f, entry);
    let x1 = b.binop(&mut m, Opcode::Add, v(a), v(a), Flags::NONE, "x");
    let x2 = b.binop(&mut m, Opcode::Add, v(x1), v(a), Flags::NONE, "x");
    let un = b.binop(&mut m, Opcode::Add, v(x2), v(a), Flags::NONE, "");
    let x3 = b.binop(&mut m, Opcode::Add, v(un), v(a), Flags::NONE, "x.1");
    b.ret(&m, Some(v(x3)));
    assert_eq!(f.value_name(x2), Some("x"));
    assert_eq!(f.value_name(un), None);
    // LLVM's makeUniqueName for local values: the first keeps `x`, the
    // second gets the counter appended without a dot (`x1`; only globals
    // get `.N`), and an asked-for `x.1` is a different name.
    assert_eq!(
        body(m, f),
        "entry:\n  %x = add i32 %0, %0\n  %x1 = add i32 %x, %0\n  %1 = add i32 %x1, %0\n  %x.1 = add i32 %1, %0\n  ret i32 %x.1\n"
    );
}

#[test]
fn insertion_points_resolve_as_llvm_iterators() {
    let (mut m, mut f, entry) = setup(TypeTable::I32, vec![TypeTable::I32]);
    let a = f.params[0];
    let next = f.make_block(Some("next"));
    f.layout.append_block(next);
    Builder::at_end(&mut f, entry).br(next);
    let mut b = Builder::at_end(&mut f, next);
    b.phi_with(TypeTable::I32, &[v(a), Operand::Block(entry)], "p1");
    let r = b.ret(&m, Some(v(a)));
    // After the phis: two instructions land in order before `ret`.
    let mut b = Builder::new(&mut f, InsertPoint::AfterPhis(next));
    b.binop(&mut m, Opcode::Add, v(a), v(a), Flags::NONE, "after1");
    b.binop(&mut m, Opcode::Add, v(a), v(a), Flags::NONE, "after2");
    // At the start: before the first phi, in order.
    b.set_point(InsertPoint::Start(next));
    b.phi_with(TypeTable::I32, &[v(a), Operand::Block(entry)], "p0");
    b.phi_with(TypeTable::I32, &[v(a), Operand::Block(entry)], "p0b");
    // Before the terminator, and before a given instruction.
    b.set_point(InsertPoint::BeforeTerminator(next));
    b.binop(&mut m, Opcode::Mul, v(a), v(a), Flags::NONE, "bt");
    b.set_point(InsertPoint::Before(r));
    b.binop(&mut m, Opcode::Sub, v(a), v(a), Flags::NONE, "br");
    assert_eq!(b.block(), Some(next));
    // The end of a block without a terminator appends.
    let tail = b.func().make_block(Some("tail"));
    b.func().layout.append_block(tail);
    b.set_point(InsertPoint::BeforeTerminator(tail));
    b.unreachable();
    assert_eq!(
        body(m, f),
        "entry:\n  br label %next\n\nnext:                                             ; preds = %entry\n  %p0 = phi i32 [ %0, %entry ]\n  %p0b = phi i32 [ %0, %entry ]\n  %p1 = phi i32 [ %0, %entry ]\n  %after1 = add i32 %0, %0\n  %after2 = add i32 %0, %0\n  %bt = mul i32 %0, %0\n  %br = sub i32 %0, %0\n  ret i32 %0\n\ntail:                                             ; No predecessors!\n  unreachable\n"
    );
}

#[test]
fn debug_locations_follow_irbuilder() {
    let (mut m, mut f, entry) = setup(TypeTable::VOID, vec![TypeTable::I32]);
    let a = f.params[0];
    let (l1, l2) = (m.md.tuple(vec![]), m.md.tuple(vec![None]));
    let mut b = Builder::at_end(&mut f, entry);
    assert_eq!(
        b.dbg(),
        None,
        "a new builder at the end of a block has none"
    );
    let x = b.binop(&mut m, Opcode::Add, v(a), v(a), Flags::NONE, "x");
    let xi = b.last_inst().unwrap();
    b.func().inst_mut(xi).md().set(MdKind::DBG, l1);
    let r = b.ret(&m, None);
    // Before `x` (with !dbg l1): its location.
    b.set_point(InsertPoint::Before(xi));
    assert_eq!(b.dbg(), Some(l1));
    let y = b.binop(&mut m, Opcode::Add, v(a), v(a), Flags::NONE, "y");
    // Before `ret` (no !dbg): none, as `SetInsertPoint(I)` clears it.
    b.set_point(InsertPoint::Before(r));
    assert_eq!(b.dbg(), None);
    let z = b.binop(&mut m, Opcode::Add, v(x), v(y), Flags::NONE, "z");
    // Explicit, then the end of the block keeps it.
    b.set_dbg(Some(l2));
    b.set_point(InsertPoint::End(entry));
    assert_eq!(b.dbg(), Some(l2));
    b.set_point(InsertPoint::Before(r));
    b.set_dbg(Some(l2));
    let w = b.binop(&mut m, Opcode::Add, v(z), v(z), Flags::NONE, "w");
    let dbg = |f: &Function, x: Value| f.inst(defining(f, x)).md.get(MdKind::DBG);
    assert_eq!(dbg(&f, y), Some(l1));
    assert_eq!(dbg(&f, z), None);
    assert_eq!(dbg(&f, w), Some(l2));
}

#[test]
fn metadata_is_copied_on_request() {
    let (mut m, mut f, entry) = setup(TypeTable::VOID, vec![TypeTable::PTR]);
    let p = f.params[0];
    let tbaa = m.md.kind("tbaa");
    let lp = m.md.kind("llvm.loop");
    let (n1, n2, d) = (
        m.md.tuple(vec![]),
        m.md.tuple(vec![None]),
        m.md.tuple(vec![None, None]),
    );
    let mut b = Builder::at_end(&mut f, entry);
    b.load(&mut m, TypeTable::I32, v(p), None, false, "x");
    let orig = b.last_inst().unwrap();
    {
        let mut im = b.func().inst_mut(orig);
        im.md().set(tbaa, n1);
        im.md().set(lp, n2);
        im.md().set(MdKind::DBG, d);
    }
    b.load(&mut m, TypeTable::I32, v(p), None, false, "y");
    b.copy_metadata(orig, &[tbaa]);
    let only_tbaa = b.last_inst().unwrap();
    b.load(&mut m, TypeTable::I32, v(p), None, false, "z");
    b.copy_metadata(orig, &[]);
    let all = b.last_inst().unwrap();
    let kinds = |f: &Function, i: Inst| f.inst(i).md.iter().map(|(k, _)| k).collect::<Vec<_>>();
    assert_eq!(kinds(&f, only_tbaa), vec![tbaa]);
    assert_eq!(kinds(&f, all), vec![tbaa, lp], "all but !dbg");
}

#[test]
fn intrinsics_are_declared_once_with_their_attributes() {
    let (mut m, mut f, entry) = setup(TypeTable::I64, vec![TypeTable::I64, TypeTable::I64]);
    let (x, y) = (f.params[0], f.params[1]);
    let mut b = Builder::at_end(&mut f, entry);
    let attrs = ["nounwind", "memory(none)"];
    let a = b.call_intrinsic(
        &mut m,
        "llvm.umin.i64",
        TypeTable::I64,
        &[v(x), v(y)],
        &attrs,
        "a",
    );
    let c = b.call_intrinsic(
        &mut m,
        "llvm.umin.i64",
        TypeTable::I64,
        &[v(a.unwrap()), v(y)],
        &attrs,
        "c",
    );
    b.ret(&m, Some(v(c.unwrap())));
    assert_eq!(m.functions.len(), 1, "one declaration");
    let text = print(m, f);
    assert!(
        text.contains("declare i64 @llvm.umin.i64(i64, i64) #0"),
        "{text}"
    );
    assert!(
        text.contains("attributes #0 = { nounwind memory(none) }"),
        "{text}"
    );
}

#[test]
fn folding_is_opt_in() {
    let (mut m, mut f, entry) = setup(TypeTable::I8, vec![]);
    let c = |m: &mut Module, x: i64| Operand::Const(m.consts.int(TypeTable::I8, 8, x));
    let (a, b2) = (c(&mut m, 200), c(&mut m, 100));
    let mut b = Builder::at_end(&mut f, entry);
    let folded = b.binop_folded(&mut m, Opcode::Add, a, b2, Flags::NUW, "s");
    // Wrapped, whatever the flags (ConstantFolder).
    assert_eq!(folded, c(&mut m, 44));
    assert_eq!(b.last_inst(), None, "nothing built");
    let built = b.binop(&mut m, Opcode::Add, a, b2, Flags::NONE, "s");
    b.ret(&m, Some(v(built)));
    assert_eq!(body(m, f), "entry:\n  %s = add i8 -56, 100\n  ret i8 %s\n");
}

/// `check` on wrong instructions, in any build: each names the problem.
#[test]
fn type_checks_name_the_problem() {
    let (mut m, mut f, entry) = setup(
        TypeTable::VOID,
        vec![
            TypeTable::I32,
            TypeTable::I64,
            TypeTable::PTR,
            TypeTable::FLOAT,
        ],
    );
    let (a, n, p, x) = (f.params[0], f.params[1], f.params[2], f.params[3]);
    let v4i32 = m.types.vector(4, TypeTable::I32);
    let v2i1 = m.types.vector(2, TypeTable::I1);
    let vec4 = Operand::Const(m.consts.intern(ConstData::Poison(v4i32)));
    let mask2 = Operand::Const(m.consts.intern(ConstData::Poison(v2i1)));
    let st = m
        .types
        .literal_struct(false, vec![TypeTable::I32, TypeTable::I64]);
    let fb = Builder::at_end(&mut f, entry);
    let f = &*fb.f;
    let err = |d: InstData| check(Some(&m), f, &d).expect_err("must be refused");
    let ok = |d: InstData| check(Some(&m), f, &d).expect("must pass");
    let bin = |op, ty, a: Value, b: Value| InstData::new(op, ty, [v(a), v(b)]);
    ok(bin(Opcode::Add, TypeTable::I32, a, a));
    assert_eq!(
        err(bin(Opcode::Add, TypeTable::I32, a, n)),
        "add operands have different types (i32, i64)"
    );
    assert_eq!(
        err(bin(Opcode::FAdd, TypeTable::I32, a, a)),
        "fadd needs floating-point operands, not i32"
    );
    assert_eq!(
        err(bin(Opcode::Mul, TypeTable::FLOAT, x, x)),
        "mul needs integer operands, not float"
    );
    let cmp = |op, p_: Predicate, a: Value, b: Value| {
        InstData::new(op, TypeTable::I1, [v(a), v(b)]).with_extra(Extra::Cmp(p_))
    };
    ok(cmp(Opcode::ICmp, Predicate::Eq, p, p));
    assert_eq!(
        err(cmp(Opcode::ICmp, Predicate::Eq, x, x)),
        "icmp compares integers, pointers or vectors of them, not float"
    );
    assert_eq!(
        err(cmp(Opcode::ICmp, Predicate::Eq, a, n)),
        "icmp operands have different types (i32, i64)"
    );
    assert_eq!(
        err(cmp(Opcode::FCmp, Predicate::Olt, a, a)),
        "fcmp compares floating-point values, not i32"
    );
    assert_eq!(
        err(cmp(Opcode::ICmp, Predicate::Olt, a, a)),
        "icmp with an fcmp predicate"
    );
    let sel = |c: Operand, x: Operand, y: Operand, ty| InstData::new(Opcode::Select, ty, [c, x, y]);
    assert_eq!(
        err(sel(v(a), v(a), v(a), TypeTable::I32)),
        "select condition must be i1 or a vector of i1, not i32"
    );
    assert_eq!(
        err(sel(mask2, vec4, vec4, v4i32)),
        "select condition <2 x i1> and operands <4 x i32> have different lane counts"
    );
    let cast = |op, x: Value, to| InstData::new(op, to, [v(x)]);
    ok(cast(Opcode::Trunc, n, TypeTable::I32));
    assert_eq!(
        err(cast(Opcode::Trunc, a, TypeTable::I64)),
        "invalid cast: trunc i32 to i64"
    );
    assert_eq!(
        err(cast(Opcode::ZExt, n, TypeTable::I32)),
        "invalid cast: zext i64 to i32"
    );
    assert_eq!(
        err(cast(Opcode::PtrToInt, a, TypeTable::I64)),
        "invalid cast: ptrtoint i32 to i64"
    );
    assert_eq!(
        err(cast(Opcode::BitCast, n, TypeTable::PTR)),
        "invalid cast: bitcast i64 to ptr"
    );
    ok(cast(Opcode::BitCast, a, TypeTable::FLOAT));
    let gep = |src, ops: Vec<Operand>, ty| {
        InstData::new(Opcode::GetElementPtr, ty, ops).with_extra(Extra::Gep { source_ty: src })
    };
    assert_eq!(
        err(gep(TypeTable::I8, vec![v(a), v(n)], TypeTable::PTR)),
        "getelementptr base must be a pointer or vector of pointers, not i32"
    );
    assert_eq!(
        err(gep(TypeTable::VOID, vec![v(p), v(n)], TypeTable::PTR)),
        "getelementptr source type void is not sized"
    );
    assert_eq!(
        err(gep(TypeTable::I8, vec![v(p), v(x)], TypeTable::PTR)),
        "getelementptr index 1 must be an integer, not float"
    );
    assert_eq!(
        err(gep(st, vec![v(p), v(n), v(a)], TypeTable::PTR)),
        "getelementptr struct index 2 must be an i32 constant in range"
    );
    assert_eq!(
        err(InstData::new(
            Opcode::Phi,
            TypeTable::I32,
            [v(n), Operand::Block(entry)]
        )),
        "phi of type i32 has an entry of type i64"
    );
    assert_eq!(
        err(InstData::new(
            Opcode::Br,
            TypeTable::VOID,
            [v(a), Operand::Block(entry), Operand::Block(entry)]
        )),
        "br condition must be i1, not i32"
    );
    assert_eq!(
        err(InstData::new(Opcode::Ret, TypeTable::VOID, [v(a)])),
        "ret of i32 in a function returning void"
    );
    assert_eq!(
        err(InstData::new(Opcode::ShuffleVector, v4i32, [vec4, vec4])
            .with_extra(Extra::Shuffle(vec![0, 8].into()))),
        "shufflevector mask element out of range"
    );
    assert_eq!(
        err(
            InstData::new(Opcode::Load, TypeTable::I32, [v(a)]).with_extra(Extra::Mem {
                align: None,
                atomic: None
            })
        ),
        "load from a non-pointer i32"
    );
    assert_eq!(
        err(
            InstData::new(Opcode::Load, TypeTable::I32, [v(p)]).with_extra(Extra::Mem {
                align: Some(3),
                atomic: None
            })
        ),
        "alignment 3 is not a power of two up to 2^32"
    );
    assert_eq!(
        err(bin(Opcode::Add, TypeTable::I32, a, a).with_flags(Flags::EXACT)),
        "add cannot carry flags 0x4"
    );
    assert_eq!(
        err(cmp(Opcode::ICmp, Predicate::Eq, a, a).with_flags(Flags::SAMESIGN)),
        "icmp cannot carry flags 0x80 (samesign is LLVM 20's; opt-19 rejects it)"
    );
    // Without the module: the value entries of a phi are still checked.
    assert_eq!(
        check(
            None,
            f,
            &InstData::new(Opcode::Phi, TypeTable::I32, [v(n), Operand::Block(entry)])
        ),
        Err(format!(
            "phi of type {} has an entry of type {}",
            TypeTable::I32,
            TypeTable::I64
        ))
    );
}

/// Debug builds panic when a constructor is given a wrong operand.
#[cfg(debug_assertions)]
mod debug_panics {
    use super::*;

    #[test]
    #[should_panic(expected = "builder: add operands have different types (i32, i64)")]
    fn binop_of_two_types() {
        let (mut m, mut f, entry) = setup(TypeTable::VOID, vec![TypeTable::I32, TypeTable::I64]);
        let (a, n) = (f.params[0], f.params[1]);
        Builder::at_end(&mut f, entry).binop(&mut m, Opcode::Add, v(a), v(n), Flags::NONE, "");
    }

    #[test]
    #[should_panic(expected = "builder: select condition must be i1 or a vector of i1, not i32")]
    fn select_on_an_integer() {
        let (mut m, mut f, entry) = setup(TypeTable::VOID, vec![TypeTable::I32]);
        let a = f.params[0];
        Builder::at_end(&mut f, entry).select(&mut m, v(a), v(a), v(a), "");
    }

    #[test]
    #[should_panic(expected = "builder: invalid cast: trunc i32 to i64")]
    fn widening_trunc() {
        let (mut m, mut f, entry) = setup(TypeTable::VOID, vec![TypeTable::I32]);
        let a = f.params[0];
        Builder::at_end(&mut f, entry).cast(
            &mut m,
            Opcode::Trunc,
            v(a),
            TypeTable::I64,
            Flags::NONE,
            "",
        );
    }

    #[test]
    #[should_panic(
        expected = "builder: icmp compares integers, pointers or vectors of them, not float"
    )]
    fn icmp_of_floats() {
        let (mut m, mut f, entry) = setup(TypeTable::VOID, vec![TypeTable::FLOAT]);
        let x = f.params[0];
        Builder::at_end(&mut f, entry).icmp(&mut m, Predicate::Eq, v(x), v(x), "");
    }

    #[test]
    #[should_panic(expected = "builder: phi of type")]
    fn phi_entry_of_another_type() {
        let (_m, mut f, entry) = setup(TypeTable::VOID, vec![TypeTable::I64]);
        let n = f.params[0];
        Builder::at_end(&mut f, entry).phi_with(TypeTable::I32, &[v(n), Operand::Block(entry)], "");
    }

    #[test]
    #[should_panic(expected = "builder: getelementptr base must be a pointer")]
    fn gep_off_an_integer() {
        let (mut m, mut f, entry) = setup(TypeTable::VOID, vec![TypeTable::I64]);
        let n = f.params[0];
        Builder::at_end(&mut f, entry).ptr_add(&mut m, v(n), v(n), Flags::NONE, "");
    }
}
