//! Verifier properties on random functions:
//! - random CFGs with correct phis verify, also after splitting critical
//!   edges;
//! - a use inserted into a random block is accepted exactly when the naive
//!   dominator sets say the definition dominates it;
//! - random garbage built with the IR API never makes the verifier or the
//!   analyses panic.

mod common;

use common::*;
use cranelift_entity::EntityRef;
use loopwright_analysis::{
    verify_function, verify_module, ControlFlowGraph, DominatorTree, InstOrder, PostDominatorTree,
};
use loopwright_ir::{
    AllocaInfo, ArgList, AttrSet, Block, Bundle, CallInfo, ClauseKind, Const, ConstData, Extra,
    Func, Function, GlobalRef, InstData, Md, MdNode, MdStr, Module, Opcode, Operand, Predicate,
    TailKind, Type, TypeTable, Value,
};
use loopwright_transforms::utils::split_critical_edges;
use proptest::prelude::*;

/// A valid function for `spec`: a fresh entry block branches to the spec's
/// first block; every spec block `i` starts with a phi (if it has incoming
/// edges) whose entry from `p` is `%v<p>`, then defines `%v<i> = add`, then
/// its terminator.
struct Valid {
    m: Module,
    fid: Func,
    entry: Block,
    blocks: Vec<Block>,
    vals: Vec<Value>,
    phis: Vec<Option<loopwright_ir::Inst>>,
}

fn build_valid(spec: &CfgSpec) -> Valid {
    let n = spec.blocks.len();
    let mut m = Module::new();
    let fty = m
        .types
        .function(TypeTable::VOID, vec![TypeTable::I1, TypeTable::I32], false);
    let mut f = Function::new(Some("f".into()), fty, &m.types);
    let (c, x) = (f.params[0], f.params[1]);
    let entry = f.make_block(Some("entry"));
    f.layout.append_block(entry);
    let blocks: Vec<Block> = (0..n)
        .map(|i| f.make_block(Some(&format!("b{i}"))))
        .collect();
    for &i in &spec.layout {
        f.layout.append_block(blocks[i]);
    }
    f.append(
        entry,
        InstData::new(
            Opcode::Br,
            TypeTable::VOID,
            [Operand::Block(blocks[spec.layout[0]])],
        ),
        None,
    );
    // Incoming edges per block: (source block, value flowing in).
    let vals: Vec<Value> = (0..n)
        .map(|i| f.make_placeholder(TypeTable::I32, Some(&format!("v{i}"))))
        .collect();
    let mut incoming: Vec<Vec<(Block, Value)>> = vec![Vec::new(); n];
    incoming[spec.layout[0]].push((entry, x));
    for s in 0..n {
        for t in spec_succs(spec, s) {
            incoming[t].push((blocks[s], vals[s]));
        }
    }
    let mut phis = vec![None; n];
    for i in 0..n {
        let b = blocks[i];
        let base = if incoming[i].is_empty() {
            x
        } else {
            let ops: Vec<Operand> = incoming[i]
                .iter()
                .flat_map(|&(p, v)| [Operand::Value(v), Operand::Block(p)])
                .collect();
            let (inst, r) = f.append(
                b,
                InstData::new(Opcode::Phi, TypeTable::I32, ops),
                Some(&format!("p{i}")),
            );
            phis[i] = Some(inst);
            r.unwrap()
        };
        let k = Operand::Const(m.consts.int(TypeTable::I32, 32, i as i64));
        let add = f.make_inst(InstData::new(
            Opcode::Add,
            TypeTable::I32,
            [Operand::Value(base), k],
        ));
        f.bind_result(add, vals[i]);
        f.layout.append_inst(add, b);
        let succs = spec_succs(spec, i);
        let data = match (spec.blocks[i].kind, succs.len()) {
            (0, _) => InstData::new(Opcode::Ret, TypeTable::VOID, []),
            (_, 0) => InstData::new(Opcode::Unreachable, TypeTable::VOID, []),
            (2 | 5, _) => InstData::new(
                Opcode::Br,
                TypeTable::VOID,
                [Operand::Block(blocks[succs[0]])],
            ),
            (3, _) => InstData::new(
                Opcode::Br,
                TypeTable::VOID,
                [
                    Operand::Value(c),
                    Operand::Block(blocks[succs[0]]),
                    Operand::Block(blocks[succs[1]]),
                ],
            ),
            _ => {
                let mut ops = vec![Operand::Value(x), Operand::Block(blocks[succs[0]])];
                for (k, &s) in succs[1..].iter().enumerate() {
                    ops.push(Operand::Const(m.consts.int(TypeTable::I32, 32, k as i64)));
                    ops.push(Operand::Block(blocks[s]));
                }
                InstData::new(Opcode::Switch, TypeTable::VOID, ops)
            }
        };
        f.append(b, data, None);
    }
    let fid = m.functions.push(f);
    Valid {
        m,
        fid,
        entry,
        blocks,
        vals,
        phis,
    }
}

fn show(errs: &[loopwright_analysis::VerifierError]) -> String {
    errs.iter()
        .map(|e| e.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    #[test]
    fn random_valid_functions_verify(spec in cfg_spec(30)) {
        let mut v = build_valid(&spec);
        if let Err(e) = verify_function(&v.m, v.fid) {
            prop_assert!(false, "{}", show(&e));
        }
        split_critical_edges(&mut v.m.functions[v.fid]);
        if let Err(e) = verify_module(&v.m) {
            prop_assert!(false, "after splitting critical edges:\n{}", show(&e));
        }
        let cfg = ControlFlowGraph::compute(&v.m.functions[v.fid]);
        prop_assert!(cfg.critical_edges().is_empty());
    }

    #[test]
    fn inserted_use_verifies_iff_dominated(spec in cfg_spec(25), a in 0usize..25, b in 0usize..25) {
        let n = spec.blocks.len();
        let (a, b) = (a % n, b % n);
        let mut v = build_valid(&spec);
        // Naive dominators on the graph with the extra entry as node n.
        let mut succs: Vec<Vec<usize>> = (0..n).map(|i| spec_succs(&spec, i)).collect();
        succs.push(vec![spec.layout[0]]);
        let (reach, dom) = naive_dom(n + 1, n, &succs);
        let expected_ok = !reach[b] || (reach[a] && a != b && dom[b] & bit(a) != 0);
        // Insert `%m = add i32 %v<a>, 1` at the top of block b (after its phi).
        let one = Operand::Const(v.m.consts.int(TypeTable::I32, 32, 1));
        let f = &mut v.m.functions[v.fid];
        let inst = f.make_inst(InstData::new(Opcode::Add, TypeTable::I32, [Operand::Value(v.vals[a]), one]));
        f.make_result(inst, Some("m"));
        match v.phis[b] {
            Some(phi) => f.layout.insert_inst_after(inst, phi),
            None => f.layout.prepend_inst(inst, v.blocks[b]),
        }
        let r = verify_function(&v.m, v.fid);
        match (&r, expected_ok) {
            (Ok(()), true) => {}
            (Err(e), false) => {
                prop_assert_eq!(e.len(), 1, "{}", show(e));
                prop_assert_eq!(&e[0].message, "Instruction does not dominate all uses!");
                let vname = format!("%v{a}");
                prop_assert_eq!(e[0].value.as_deref(), Some(vname.as_str()));
            }
            _ => prop_assert!(false, "a={} b={} expected ok={} got {:?}", a, b, expected_ok, r),
        }
        // The public query agrees.
        let cfg = ControlFlowGraph::compute(&v.m.functions[v.fid]);
        let dt = DominatorTree::compute(&cfg);
        let f = &v.m.functions[v.fid];
        prop_assert_eq!(dt.def_dominates_use(f, v.vals[a], inst, 0), expected_ok);
        let order = InstOrder::compute(f);
        prop_assert_eq!(dt.def_dominates_use_with(f, &order, v.vals[a], inst, 0), expected_ok);
        let _ = v.entry;
    }
}

// -------------------------------------------------------------------
// Garbage: anything the IR API lets one build.

const OPCODES: &[Opcode] = &[
    Opcode::Ret,
    Opcode::Br,
    Opcode::Switch,
    Opcode::IndirectBr,
    Opcode::Invoke,
    Opcode::Resume,
    Opcode::Unreachable,
    Opcode::CleanupRet,
    Opcode::CatchRet,
    Opcode::CatchSwitch,
    Opcode::CallBr,
    Opcode::FNeg,
    Opcode::Add,
    Opcode::FAdd,
    Opcode::Sub,
    Opcode::Mul,
    Opcode::UDiv,
    Opcode::FDiv,
    Opcode::Shl,
    Opcode::And,
    Opcode::Alloca,
    Opcode::Load,
    Opcode::Store,
    Opcode::GetElementPtr,
    Opcode::Fence,
    Opcode::AtomicCmpXchg,
    Opcode::AtomicRmw,
    Opcode::Trunc,
    Opcode::ZExt,
    Opcode::FPToUI,
    Opcode::SIToFP,
    Opcode::FPTrunc,
    Opcode::FPExt,
    Opcode::PtrToInt,
    Opcode::IntToPtr,
    Opcode::BitCast,
    Opcode::AddrSpaceCast,
    Opcode::CleanupPad,
    Opcode::CatchPad,
    Opcode::ICmp,
    Opcode::FCmp,
    Opcode::Phi,
    Opcode::Call,
    Opcode::Select,
    Opcode::VAArg,
    Opcode::ExtractElement,
    Opcode::InsertElement,
    Opcode::ShuffleVector,
    Opcode::ExtractValue,
    Opcode::InsertValue,
    Opcode::LandingPad,
    Opcode::Freeze,
    Opcode::DbgValue,
    Opcode::DbgDeclare,
    Opcode::DbgAssign,
    Opcode::DbgLabel,
];

#[derive(Clone, Debug)]
struct GInst {
    opcode: usize,
    ty: usize,
    ops: Vec<(u8, usize)>,
    extra: (u8, usize, usize),
    place: usize,
    result: bool,
}

#[derive(Clone, Debug)]
struct Garbage {
    nblocks: usize,
    layout: Vec<usize>,
    insts: Vec<GInst>,
    arglists: Vec<Vec<(u8, usize)>>,
    bad_fn_ty: bool,
}

fn garbage() -> impl Strategy<Value = Garbage> {
    let op = (0u8..8, 0usize..40);
    let inst = (
        0..OPCODES.len(),
        0usize..30,
        prop::collection::vec(op.clone(), 0..6),
        (0u8..10, 0usize..8, 0usize..8),
        0usize..8,
        any::<bool>(),
    )
        .prop_map(|(opcode, ty, ops, extra, place, result)| GInst {
            opcode,
            ty,
            ops,
            extra,
            place,
            result,
        });
    (
        1usize..6,
        prop::collection::vec(0usize..8, 1..7),
        prop::collection::vec(inst, 0..25),
        prop::collection::vec(prop::collection::vec(op, 0..3), 0..3),
        prop::bool::weighted(0.05),
    )
        .prop_map(|(nblocks, layout, insts, arglists, bad_fn_ty)| Garbage {
            nblocks,
            layout,
            insts,
            arglists,
            bad_fn_ty,
        })
}

fn build_garbage(g: &Garbage) -> (Module, Func) {
    let mut m = Module::new();
    let v4 = m.types.vector(4, TypeTable::I32);
    let st = m.types.literal_struct(false, vec![TypeTable::I32, v4]);
    let named = m.types.named_struct(Some("S"));
    let named_ty = m.types.named_struct_type(named);
    m.types.set_struct_body(
        named,
        Some(loopwright_ir::StructBody {
            packed: false,
            elems: vec![TypeTable::I64, st],
        }),
    );
    let arr = m.types.array(3, named_ty);
    // A type whose element id does not exist.
    m.types.intern(loopwright_ir::TypeData::Vector {
        scalable: false,
        len: 2,
        elem: Type::new(500),
    });
    let _ = arr;
    let fty = m
        .types
        .function(TypeTable::I32, vec![TypeTable::I32, TypeTable::PTR], false);
    let callee_ty = m
        .types
        .function(TypeTable::VOID, vec![TypeTable::I32], true);
    let callee = m
        .functions
        .push(Function::new(Some("g".into()), callee_ty, &m.types));
    let consts = [
        m.consts.int(TypeTable::I32, 32, 0),
        m.consts.int(TypeTable::I1, 1, 1),
        m.consts.int(TypeTable::I64, 64, -1),
        m.consts.intern(ConstData::Null(TypeTable::PTR)),
        m.consts.intern(ConstData::Global {
            ty: TypeTable::PTR,
            global: GlobalRef::Func(callee),
        }),
        m.consts.intern(ConstData::Float {
            ty: TypeTable::FLOAT,
            bits: 0,
        }),
        m.consts.intern(ConstData::Zero(st)),
        m.consts.intern(ConstData::NoneToken),
    ];
    let _ = consts;
    let node = m.md.tuple(vec![]);
    let _ = node;
    let s = m.md.string(b"x");
    let _ = s;
    let mut f = Function::new(Some("f".into()), fty, &m.types);
    let blocks: Vec<Block> = (0..g.nblocks).map(|_| f.make_block(None)).collect();
    let mut inserted = [false; 16];
    for &l in &g.layout {
        // Ids beyond the arena are allowed by the layout API.
        let l = if l < 7 { l % g.nblocks } else { g.nblocks + 1 };
        let b = Block::new(l);
        if !inserted[l] {
            inserted[l] = true;
            f.layout.append_block(b);
        }
    }
    let nt = m.types.len();
    let nc = m.consts.len();
    let operand = |f: &Function, (k, r): (u8, usize), nal: usize| -> Operand {
        let nv = f.num_value_ids();
        // Mostly ids in range, sometimes just past the end.
        let pick = |n: usize| if r < 37 { r % n.max(1) } else { n + r % 2 };
        match k {
            0 | 1 => Operand::Value(Value::new(pick(nv))),
            2 => Operand::Const(Const::new(pick(nc))),
            3 => Operand::Block(Block::new(pick(g.nblocks))),
            4 => Operand::Md(Md::Node(MdNode::new(pick(1)))),
            5 => Operand::MdLocal(Value::new(pick(nv))),
            6 if nal > 0 => Operand::MdArgList(ArgList::new(r % nal)),
            _ => Operand::Md(Md::Str(MdStr::new(pick(1)))),
        }
    };
    for al in &g.arglists {
        let ops: Vec<Operand> = al.iter().map(|&o| operand(&f, (o.0 % 3, o.1), 0)).collect();
        f.make_arg_list(ops);
    }
    let nal = f.num_arg_list_ids();
    for gi in &g.insts {
        let opcode = OPCODES[gi.opcode];
        let ty = Type::new(if gi.ty < 28 {
            gi.ty % nt
        } else {
            nt + gi.ty % 3
        });
        let ops: Vec<Operand> = gi.ops.iter().map(|&o| operand(&f, o, nal)).collect();
        let (ek, e1, e2) = gi.extra;
        let rand_ty = Type::new(e1 % (nt + 2));
        let extra = match ek {
            0 => Extra::None,
            1 => Extra::Cmp(if e1 % 2 == 0 {
                Predicate::Eq
            } else {
                Predicate::Olt
            }),
            2 | 3 => Extra::Call(Box::new(CallInfo {
                fn_ty: if ek == 2 { callee_ty } else { rand_ty },
                cconv: 0,
                tail: TailKind::None,
                fn_attrs: AttrSet::EMPTY,
                ret_attrs: AttrSet::EMPTY,
                param_attrs: Vec::new(),
                num_args: e2 as u32,
                bundles: if e2 % 3 == 0 {
                    vec![Bundle {
                        tag: "x".into(),
                        num_ops: e1 as u32,
                    }]
                } else {
                    Vec::new()
                },
                explicit_fn_ty: false,
            })),
            4 => Extra::Gep { source_ty: rand_ty },
            5 => Extra::Alloca(Box::new(AllocaInfo {
                allocated_ty: rand_ty,
                align: None,
                addrspace: e2 as u32 % 2,
                inalloca: false,
                swifterror: false,
            })),
            6 => Extra::Indices(vec![e1 as u32, e2 as u32].into_boxed_slice()),
            7 => Extra::Shuffle(vec![e1 as i32 - 2, e2 as i32].into_boxed_slice()),
            8 => Extra::LandingPad {
                cleanup: true,
                clauses: vec![ClauseKind::Catch; e1 % 3].into_boxed_slice(),
            },
            _ => Extra::Mem {
                align: None,
                atomic: None,
            },
        };
        let data = InstData::new(opcode, ty, ops).with_extra(extra);
        let inst = f.make_inst(data);
        if gi.result {
            f.make_result(inst, None);
        }
        if gi.place < g.nblocks {
            let b = blocks[gi.place];
            f.layout.append_inst(inst, b);
        }
        if gi.place == 7 {
            f.make_placeholder(TypeTable::I32, None);
        }
    }
    if g.bad_fn_ty {
        f.ty = Type::new(nt + 7);
    }
    let fid = m.functions.push(f);
    (m, fid)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]

    #[test]
    fn verifier_never_panics(g in garbage()) {
        let (m, fid) = build_garbage(&g);
        let r = verify_function(&m, fid);
        let _ = verify_module(&m);
        if let Err(errs) = &r {
            for e in errs {
                let _ = e.to_string();
            }
        }
        let f = &m.functions[fid];
        let cfg = ControlFlowGraph::compute(f);
        let dt = DominatorTree::compute(&cfg);
        let pdt = PostDominatorTree::compute(&cfg);
        let order = InstOrder::compute(f);
        for b in cfg.blocks() {
            let _ = dt.dominates(b, b);
            let _ = pdt.post_dominates(b, b);
            for &s in cfg.succs(b) {
                let _ = cfg.is_critical_edge(b, s);
                let _ = loopwright_analysis::can_split_edge(f, b, s);
            }
        }
        for i in 0..f.num_inst_ids() {
            let inst = loopwright_ir::Inst::new(i);
            for k in 0..4 {
                for vv in 0..f.num_value_ids() + 1 {
                    let _ = dt.def_dominates_use(f, Value::new(vv), inst, k);
                    let _ = dt.def_dominates_use_with(f, &order, Value::new(vv), inst, k);
                }
            }
        }
    }
}

/// A chain of blocks with back edges and a phi, an add and a terminator
/// per block: `blocks * 3` instructions.
fn big_spec(blocks: usize) -> CfgSpec {
    CfgSpec {
        blocks: (0..blocks)
            .map(|i| {
                if i + 1 == blocks {
                    BlockSpec {
                        kind: 0,
                        targets: vec![],
                    }
                } else if i % 5 == 4 {
                    BlockSpec {
                        kind: 3,
                        targets: vec![i + 1, i - 3],
                    }
                } else if i % 11 == 7 {
                    BlockSpec {
                        kind: 4,
                        targets: vec![i + 1, i + 1, i / 2, i],
                    }
                } else {
                    BlockSpec {
                        kind: 2,
                        targets: vec![i + 1],
                    }
                }
            })
            .collect(),
        layout: (0..blocks).collect(),
    }
}

/// Verification is linear: 100k and 400k instructions. A quadratic step
/// would take minutes here.
#[test]
fn large_function_verifies() {
    for blocks in [34_000, 136_000] {
        let mut v = build_valid(&big_spec(blocks));
        // Add a long straight-line tail in the last block: many uses of one
        // value (a long use list) and long same-block dominance chains.
        let f = &mut v.m.functions[v.fid];
        let last = *v.blocks.last().unwrap();
        let term = f.layout.last_inst(last).unwrap();
        let mut prev = *v.vals.last().unwrap();
        for _ in 0..blocks / 4 {
            let i = f.make_inst(InstData::new(
                Opcode::Mul,
                TypeTable::I32,
                [Operand::Value(prev), Operand::Value(v.vals[0])],
            ));
            prev = f.make_result(i, None);
            f.layout.insert_inst_before(i, term);
        }
        let n = f.num_inst_ids();
        let r = verify_function(&v.m, v.fid);
        assert!(r.is_ok(), "{n} instructions: {}", show(&r.unwrap_err()));
    }
}
