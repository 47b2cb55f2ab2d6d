//! Hand-written `.ll` files for rare constructs (`tests/ll`). Each is
//! first checked with `llvm-as-19` to prove it is valid LLVM 19 IR, then
//! parsed. Without `llvm-as-19` the files are parsed unchecked, with a
//! notice (an error under CI). The number of files is a floor
//! (`parse.snippets.files` in `tests/floors.toml`).

use loopwright_ir::{ConstData, Extra, Module, Opcode, Operand, TypeData};
use loopwright_testkit::tools::LLVM_AS;
use loopwright_testkit::{floors, run};
use std::path::{Path, PathBuf};
use std::process::Command;

fn ll_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ll");
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("tests/ll")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().and_then(|e| e.to_str()) == Some("ll"))
        .collect();
    v.sort();
    v
}

/// Whether `llvm-as-19` accepts the module in `path` (its complaint is
/// printed when it does not).
fn llvm_as_accepts(path: &Path) -> bool {
    let out = run::run(
        Command::new(LLVM_AS)
            .arg("--disable-verify")
            .arg(path)
            // Bitcode to a pipe: LLVM deletes a failed output file, and as
            // root that would remove `/dev/null` itself.
            .arg("-o")
            .arg("-"),
        run::TIMEOUT,
    );
    if !out.success() {
        eprintln!("{}", out.stderr_text());
    }
    out.success()
}

fn parse_file(name: &str) -> Module {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/ll")
        .join(name);
    let src = std::fs::read(&path).expect("read");
    match loopwright_parse::parse_module(&src, name) {
        Ok(m) => m,
        Err(e) => panic!("{}", e.render(name, &src)),
    }
}

#[test]
fn all_snippets_are_valid_and_parse() {
    let files = ll_files();
    floors::check("parse.snippets.files", files.len());
    let validate = loopwright_testkit::require(&[LLVM_AS]);
    for f in &files {
        if validate {
            assert!(llvm_as_accepts(f), "llvm-as-19 rejects {}", f.display());
        }
        let name = f.file_name().and_then(|n| n.to_str()).unwrap_or("?");
        parse_file(name);
    }
}

fn func<'m>(m: &'m Module, name: &str) -> &'m loopwright_ir::Function {
    m.functions
        .values()
        .find(|f| f.name() == Some(name))
        .unwrap_or_else(|| panic!("no function {name}"))
}

#[test]
fn floats_have_exact_bits() {
    let m = parse_file("floats.ll");
    let bits = |name: &str| -> u128 {
        let g = m
            .globals
            .values()
            .find(|g| g.common.name.as_deref() == Some(name))
            .expect("global");
        match m.consts.data(g.init.expect("init")) {
            ConstData::Float { bits, .. } => *bits,
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(bits("h"), 0x3C00);
    assert_eq!(bits("h2"), 0x3E00);
    assert_eq!(bits("h3"), 0x7C01);
    assert_eq!(bits("bf"), 0x3F80);
    assert_eq!(bits("bf2"), 0xC000);
    assert_eq!(bits("f"), 0x3F80_0000);
    assert_eq!(bits("f2"), 0x3DCC_CCCD);
    assert_eq!(bits("f3"), 0x7FC0_0000);
    assert_eq!(bits("f4"), 0x8000_0000);
    assert_eq!(bits("d"), (-1.0e10f64).to_bits() as u128);
    assert_eq!(bits("d2"), 0x7FF0_0000_0000_0000);
    assert_eq!(bits("d3"), 1);
    assert_eq!(bits("x"), 0x3FFF_8000_0000_0000_0000);
    assert_eq!(bits("q"), 0x3FFF_0000_0000_0000_u128 << 64);
    assert_eq!(bits("p"), 0x3FF0_0000_0000_0000);
    assert_eq!(bits("pos"), 2.5f64.to_bits() as u128);
}

#[test]
fn globals_structure() {
    let m = parse_file("globals.ll");
    assert_eq!(m.comdats.len(), 6);
    assert_eq!(m.aliases.len(), 3);
    assert_eq!(m.ifuncs.len(), 2);
    assert_eq!(m.module_asm.len(), 2);
    let g = |name: &str| {
        m.globals
            .values()
            .find(|g| g.common.name.as_deref() == Some(name))
            .expect(name)
    };
    let i = g("i");
    assert_eq!(i.common.addrspace, 1);
    assert!(i.externally_initialized);
    assert_eq!(i.common.partition.as_deref(), Some("part"));
    assert_eq!(i.code_model.as_deref(), Some("large"));
    assert_eq!(i.sanitizer.len(), 4);
    assert!(!i.common.md.is_empty());
    assert!(g("e").init.is_none());
    assert!(g("j").init.is_none());
    assert!(g("b").is_constant);
    let wide = g("wide");
    match m.consts.data(wide.init.expect("init")) {
        ConstData::Int { val, .. } => {
            assert_eq!(val.to_signed_string(), "123456789012345678901234567890")
        }
        other => panic!("{other:?}"),
    }
    let z = g("z");
    match m.consts.data(z.init.expect("init")) {
        ConstData::Int { val, .. } => assert_eq!(val.to_signed_string(), "-1"),
        other => panic!("{other:?}"),
    }
    // Unnamed globals.
    assert!(m.globals.values().any(|g| g.common.name.is_none()));
    // Attribute groups are expanded.
    assert!(m.attrs.has(g("attrs").attrs, "key"));
    // `[N x i8]` arrays of integers are byte strings.
    assert!(matches!(
        m.consts.data(g("b").init.expect("init")),
        ConstData::Bytes { .. }
    ));
}

#[test]
fn instructions_structure() {
    let m = parse_file("insts.ll");
    let f = func(&m, "insts");
    let mut ops = std::collections::BTreeSet::new();
    for b in f.layout.blocks() {
        for i in f.layout.block_insts(b) {
            ops.insert(f.inst(i).opcode.name());
        }
    }
    for want in [
        "add",
        "sub",
        "mul",
        "shl",
        "udiv",
        "sdiv",
        "lshr",
        "ashr",
        "urem",
        "srem",
        "and",
        "or",
        "xor",
        "icmp",
        "fcmp",
        "trunc",
        "zext",
        "sext",
        "uitofp",
        "sitofp",
        "fptoui",
        "fptosi",
        "ptrtoint",
        "inttoptr",
        "bitcast",
        "addrspacecast",
        "select",
        "freeze",
        "extractelement",
        "insertelement",
        "shufflevector",
        "insertvalue",
        "extractvalue",
        "alloca",
        "load",
        "store",
        "fence",
        "cmpxchg",
        "atomicrmw",
        "getelementptr",
        "va_arg",
        "fneg",
        "fadd",
        "fsub",
        "fdiv",
        "call",
        "br",
        "phi",
        "switch",
        "indirectbr",
        "callbr",
        "unreachable",
    ] {
        assert!(ops.contains(want), "missing {want}");
    }
    // The forward reference `%later_def` resolved to the instruction.
    for b in f.layout.blocks() {
        for i in f.layout.block_insts(b) {
            for op in f.inst(i).operands() {
                if let Operand::Value(v) = op {
                    assert!(!f.is_placeholder(*v));
                }
            }
        }
    }
    // Named blocks, and the numbered one.
    let names: Vec<Option<&str>> = f.layout.blocks().map(|b| f.block_name(b)).collect();
    assert_eq!(names[0], Some("entry"));
    assert!(names.contains(&None));
    // The blockaddress of a later function reserved the right block.
    let later = func(&m, "later");
    let tbl = m
        .globals
        .values()
        .find(|g| g.common.name.as_deref() == Some("tbl"))
        .expect("tbl");
    let ConstData::Array { elems, .. } = m.consts.data(tbl.init.expect("init")) else {
        panic!()
    };
    let ConstData::BlockAddress { block, .. } = m.consts.data(elems[1]) else {
        panic!()
    };
    assert_eq!(later.block_name(*block), Some("target"));
    assert!(later.layout.is_block_inserted(*block));
    // Debug records.
    let d = func(&m, "debug_records");
    let recs = d
        .layout
        .blocks()
        .flat_map(|b| d.layout.block_insts(b))
        .filter(|&i| d.inst(i).opcode.is_debug_record())
        .count();
    assert_eq!(recs, 7);
    // Shuffle masks.
    let shuf = f
        .layout
        .blocks()
        .flat_map(|b| f.layout.block_insts(b))
        .find(|&i| f.inst(i).opcode == Opcode::ShuffleVector)
        .expect("shuffle");
    assert_eq!(
        f.inst(shuf).extra,
        Extra::Shuffle(vec![0, 1, -1, 3, 4, -1, 6, 7].into())
    );
    assert!(matches!(
        m.types.data(f.inst(shuf).ty),
        TypeData::Vector { len: 8, .. }
    ));
}

#[test]
fn eh_structure() {
    let m = parse_file("eh.ll");
    let f = func(&m, "funclets");
    let n = f
        .layout
        .blocks()
        .flat_map(|b| f.layout.block_insts(b))
        .filter(|&i| {
            matches!(
                f.inst(i).opcode,
                Opcode::CatchSwitch
                    | Opcode::CatchPad
                    | Opcode::CatchRet
                    | Opcode::CleanupPad
                    | Opcode::CleanupRet
            )
        })
        .count();
    assert_eq!(n, 7);
    assert!(func(&m, "itanium").personality.is_some());
}

#[test]
fn metadata_structure() {
    let m = parse_file("md.ll");
    assert!(m.named_md("llvm.dbg.cu").is_some());
    assert!(m.named_md("llvm.named.empty").is_some());
    let f = func(&m, "f");
    assert!(!f.common.md.is_empty());
    // The self-referential loop node.
    let br = f
        .layout
        .block_insts(f.layout.entry_block().expect("entry"))
        .last()
        .expect("br");
    let lp = f
        .inst(br)
        .md
        .get(loopwright_ir::MdKind::LOOP)
        .expect("llvm.loop");
    let ops = m.md.tuple_ops(lp).expect("tuple");
    assert_eq!(ops[0], Some(loopwright_ir::Md::Node(lp)));
    assert!(m.md.node(lp).distinct);
}
