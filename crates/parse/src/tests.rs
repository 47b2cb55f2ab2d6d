//! Unit tests for the parser's tricky pieces.

use crate::consts::{int_from_decimal, int_from_hex};
use crate::parse_module;
use loopwright_ir::{
    Attr, ConstData, Extra, Flags, Module, Opcode, Operand, TypeData, TypeTable, ValueDef,
};

fn parse(src: &str) -> Module {
    match parse_module(src.as_bytes(), "t.ll") {
        Ok(m) => m,
        Err(e) => panic!("{}", e.render("t.ll", src.as_bytes())),
    }
}

#[test]
fn decimal_ints_truncate_like_llvm() {
    assert_eq!(int_from_decimal(b"256", 8).to_signed_string(), "0");
    assert_eq!(int_from_decimal(b"-129", 8).to_signed_string(), "127");
    assert_eq!(
        int_from_decimal(b"-1", 64).to_unsigned_string(),
        "18446744073709551615"
    );
    assert_eq!(
        int_from_decimal(b"18446744073709551616", 65).to_unsigned_string(),
        "18446744073709551616"
    );
    assert_eq!(int_from_decimal(b"-0", 1).to_signed_string(), "0");
}

#[test]
fn hex_ints_follow_llvm() {
    // u0x: zero-extended; s0x: sign-extended from the top set bit.
    assert_eq!(int_from_hex(b"u0xFF", false, 32).to_signed_string(), "255");
    assert_eq!(int_from_hex(b"s0xFF", true, 32).to_signed_string(), "-1");
    assert_eq!(int_from_hex(b"s0x7F", true, 32).to_signed_string(), "-1");
    assert_eq!(int_from_hex(b"s0x80", true, 32).to_signed_string(), "-128");
    assert_eq!(int_from_hex(b"u0x1FF", false, 8).to_signed_string(), "-1");
    assert_eq!(int_from_hex(b"s0x0", true, 8).to_signed_string(), "0");
    assert_eq!(
        int_from_hex(b"s0x8000000000000000", true, 128).to_signed_string(),
        "-9223372036854775808"
    );
}

#[test]
fn numbering_and_forward_references() {
    let m = parse(
        "define i32 @f(i32, i32 %n) {\n\
           br label %3\n\
         3:\n\
           %4 = phi i32 [ 0, %1 ], [ %7, %3 ]\n\
           %5 = add i32 %4, %0\n\
           %7 = add i32 %5, 1\n\
           %c = icmp slt i32 %7, %n\n\
           br i1 %c, label %3, label %9\n\
         9:\n\
           ret i32 %7\n\
         }\n",
    );
    let f = m.functions.values().next().unwrap();
    let blocks: Vec<_> = f.layout.blocks().collect();
    assert_eq!(blocks.len(), 3);
    // Numbered blocks and values have no name; named ones keep theirs.
    assert!(blocks.iter().all(|&b| f.block_name(b).is_none()));
    assert_eq!(f.value_name(f.params[1]), Some("n"));
    assert!(f.value_name(f.params[0]).is_none());
    let phi = f.layout.first_inst(blocks[1]).unwrap();
    let ops = f.inst(phi).operands();
    assert_eq!(ops[1], Operand::Block(blocks[0]));
    let Operand::Value(v7) = ops[2] else { panic!() };
    assert!(matches!(f.value_def(v7), ValueDef::Result(_)));
    assert_eq!(f.value_type(v7), TypeTable::I32);
    // The use list of %7 has the phi, the icmp and the ret.
    assert_eq!(f.uses(v7).len(), 3);
}

#[test]
fn implicit_numbering_of_unnamed_results() {
    let m = parse(
        "declare i32 @g()\n\
         define i32 @f() {\n\
           call i32 @g()\n\
           %2 = add i32 %1, 1\n\
           ret i32 %2\n\
         }\n",
    );
    let f = m.functions.values().nth(1).unwrap();
    let insts: Vec<_> = f
        .layout
        .blocks()
        .flat_map(|b| f.layout.block_insts(b))
        .collect();
    let call_result = f.inst_result(insts[0]).unwrap();
    assert_eq!(f.inst(insts[1]).operands()[0], Operand::Value(call_result));
}

#[test]
fn flags_and_extras() {
    let m = parse(
        "define void @f(ptr %p, i32 %a) {\n\
           %x = add nuw nsw i32 %a, 1\n\
           %y = getelementptr inbounds nuw { i32, [2 x i8] }, ptr %p, i64 0, i32 1, i64 1\n\
           %z = load atomic volatile i32, ptr %p syncscope(\"agent\") acquire, align 4\n\
           %w = cmpxchg weak ptr %p, i32 0, i32 %a seq_cst monotonic\n\
           %e = extractvalue { i32, i1 } %w, 1\n\
           ret void\n\
         }\n",
    );
    let f = m.functions.values().next().unwrap();
    let insts: Vec<_> = f
        .layout
        .blocks()
        .flat_map(|b| f.layout.block_insts(b))
        .collect();
    assert_eq!(f.inst(insts[0]).flags, Flags::NUW.union(Flags::NSW));
    assert!(f.inst(insts[1]).flags.contains(Flags::INBOUNDS));
    assert!(f.inst(insts[1]).flags.contains(Flags::NUW));
    assert_eq!(f.inst(insts[1]).ty, TypeTable::PTR);
    match &f.inst(insts[2]).extra {
        Extra::Mem {
            align: Some(4),
            atomic: Some(a),
        } => {
            assert_eq!(a.syncscope.as_deref(), Some("agent"));
        }
        other => panic!("{other:?}"),
    }
    assert!(f.inst(insts[2]).flags.contains(Flags::VOLATILE));
    assert!(matches!(
        m.types.data(f.inst(insts[3]).ty),
        TypeData::Struct { .. }
    ));
    assert_eq!(f.inst(insts[4]).ty, TypeTable::I1);
}

#[test]
fn calls_and_attributes() {
    let m = parse(
        "declare i32 @printf(ptr, ...)\n\
         define void @f(ptr %s) {\n\
           %r = tail call noundef i32 (ptr, ...) @printf(ptr noundef nonnull %s, i32 signext 7) #0 [ \"deopt\"(i32 1) ]\n\
           ret void\n\
         }\n\
         attributes #0 = { nounwind memory(argmem: read, inaccessiblemem: write) allocsize(0,1) \"a\"=\"b\" }\n",
    );
    let f = m.functions.values().nth(1).unwrap();
    let call = f
        .layout
        .first_inst(f.layout.entry_block().unwrap())
        .unwrap();
    let d = f.inst(call);
    let ci = d.call_info().unwrap();
    assert!(ci.explicit_fn_ty);
    assert_eq!(ci.num_args, 2);
    assert_eq!(ci.bundles.len(), 1);
    assert_eq!(d.operands().len(), 4);
    assert_eq!(ci.tail, loopwright_ir::TailKind::Tail);
    let fa = m.attrs.get(ci.fn_attrs);
    assert!(fa.contains(&Attr::Flag("nounwind".into())));
    assert!(fa.contains(&Attr::Raw(
        "memory".into(),
        "argmem: read, inaccessiblemem: write".into()
    )));
    assert!(fa.contains(&Attr::Raw("allocsize".into(), "0,1".into())));
    assert!(fa.contains(&Attr::Str("a".into(), Some("b".into()))));
    assert!(m.attrs.has(ci.param_attrs[1], "signext"));
    assert!(m.attrs.has(ci.ret_attrs, "noundef"));
}

#[test]
fn metadata_forward_refs_and_attachments() {
    let m = parse(
        "define void @f() !dbg !2 {\n\
           ret void, !dbg !3, !custom !4\n\
         }\n\
         !0 = !{!1, null, !\"s\", i32 5}\n\
         !1 = distinct !{!1}\n\
         !2 = distinct !{}\n\
         !3 = !DILocation(line: 7, column: 3, scope: !2)\n\
         !4 = !{}\n",
    );
    let f = m.functions.values().next().unwrap();
    let ret = f
        .layout
        .first_inst(f.layout.entry_block().unwrap())
        .unwrap();
    let loc = f.inst(ret).md.get(loopwright_ir::MdKind::DBG).unwrap();
    let (line, col, scope) = m.md.location(loc).unwrap();
    assert_eq!((line, col), (7, 3));
    assert_eq!(scope, f.common.md.get(loopwright_ir::MdKind::DBG));
    assert!(m.md.find_kind("custom").is_some());
}

#[test]
fn constants_and_exprs() {
    let m = parse(
        "@a = global [3 x i32] [i32 1, i32 2, i32 3]\n\
         @b = global ptr getelementptr inbounds ([3 x i32], ptr @a, i64 0, i64 1)\n\
         @c = global [2 x i8] [i8 1, i8 -1]\n\
         @d = global <2 x i32> splat (i32 9)\n\
         @e = global i64 sub (i64 ptrtoint (ptr @b to i64), i64 ptrtoint (ptr @a to i64))\n",
    );
    let init = |i: usize| {
        m.consts
            .data(m.globals.values().nth(i).unwrap().init.unwrap())
    };
    assert!(matches!(init(0), ConstData::Array { elems, .. } if elems.len() == 3));
    match init(1) {
        ConstData::Expr(e) => {
            assert_eq!(e.opcode, Opcode::GetElementPtr);
            assert!(e.flags.contains(Flags::INBOUNDS));
            assert_eq!(e.ops.len(), 3);
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(init(2), ConstData::Bytes { data, .. } if data == &[1, 255]));
    assert!(
        matches!(init(3), ConstData::Vector { elems, .. } if elems.len() == 2 && elems[0] == elems[1])
    );
    assert!(matches!(init(4), ConstData::Expr(e) if e.opcode == Opcode::Sub));
}

#[test]
fn datalayout_address_spaces() {
    let m = parse(
        "target datalayout = \"e-A5-P1-G3\"\n\
         @g = global i32 0\n\
         define void @f() addrspace(1) {\n\
           %x = alloca i32\n\
           ret void\n\
         }\n",
    );
    assert_eq!(m.globals.values().next().unwrap().common.addrspace, 3);
    let f = m.functions.values().next().unwrap();
    assert_eq!(f.common.addrspace, 1);
    let a = f
        .layout
        .first_inst(f.layout.entry_block().unwrap())
        .unwrap();
    assert!(matches!(m.types.data(f.inst(a).ty), TypeData::Ptr(5)));
}

#[test]
fn source_filename_defaults_to_the_file_name() {
    let m = parse("");
    assert_eq!(m.source_filename.as_deref(), Some("t.ll"));
    let m = parse("source_filename = \"x.c\"\n");
    assert_eq!(m.source_filename.as_deref(), Some("x.c"));
}

#[test]
fn typed_pointer_syntax_is_read_as_ptr() {
    let m = parse("@g = global i32* null\n@h = global i8 addrspace(2)* null\n");
    assert_eq!(m.globals.values().next().unwrap().value_ty, TypeTable::PTR);
    assert!(matches!(
        m.types.data(m.globals.values().nth(1).unwrap().value_ty),
        TypeData::Ptr(2)
    ));
}

#[test]
fn summary_entries_are_skipped() {
    let m = parse(
        "@g = global i32 0\n\
         ^0 = module: (path: \"a.o\", hash: (0, 0, 0, 0, 0))\n\
         ^1 = gv: (name: \"g\", summaries: (variable: (module: ^0, flags: (linkage: external))))\n\
         ^2 = blockcount: 0\n",
    );
    assert_eq!(m.globals.len(), 1);
}
