//! Folding loads from constant memory: the part of LLVM's
//! `simplifyLoadInst` (`ConstantFoldLoadFromConstPtr`) that applies to a
//! load whose address is a constant: a global, or a constant
//! `getelementptr` of one with constant indices.
//!
//! The global must be a `constant` with a definitive initializer (not
//! `weak`/`linkonce`/`common`/`extern_weak`, not `externally_initialized`).
//! The loaded value is the element stored at that offset when its type is
//! the loaded type; otherwise an integer or `float`/`double` load
//! reassembles it from the initializer's bytes (little-endian, padding and
//! `undef` read as zero). A load past the end of the global is `poison`; a
//! load that straddles values the fold cannot represent (addresses,
//! unusual float formats) is left alone.

use loopwright_ir::DataLayout;
use loopwright_ir::{
    ApInt, Const, ConstData, Flags, GlobalRef, InstData, Linkage, Module, Opcode, Operand, Type,
    TypeData,
};

/// The constant a `load` with a constant address reads, if it can be
/// known.
pub fn fold_load(m: &mut Module, data: &InstData) -> Option<Operand> {
    if data.opcode != Opcode::Load || data.flags.contains(Flags::VOLATILE) {
        return None;
    }
    let Some(&Operand::Const(ptr)) = data.operands().first() else {
        return None;
    };
    let dl = DataLayout::of_module(m);
    let (g, offset) = resolve(m, &dl, ptr, 0)?;
    let init = definitive_initializer(m, g)?;
    let ty = data.ty;
    let size = i128::from(dl.alloc_size(&m.types, m.consts.ty(init)));
    if offset < 0 {
        return None;
    }
    if offset >= size {
        return Some(Operand::Const(m.consts.intern(ConstData::Poison(ty))));
    }
    let offset = u64::try_from(offset).ok()?;
    if let Some(c) = element_at(m, &dl, init, offset, ty) {
        return Some(Operand::Const(c));
    }
    // Reassembling bytes assumes little-endian memory.
    if dl.big_endian {
        return None;
    }
    let (bits, float) = match m.types.data(ty) {
        TypeData::Int(w) if w % 8 == 0 && *w <= 128 => (*w, false),
        TypeData::Float => (32, true),
        TypeData::Double => (64, true),
        _ => return None,
    };
    let mut bytes = vec![0u8; (bits / 8) as usize];
    read_bytes(m, &dl, init, offset, &mut bytes, 0)?;
    let v = bytes
        .iter()
        .rev()
        .fold(0u128, |acc, &b| (acc << 8) | u128::from(b));
    let c = if float {
        m.consts.intern(ConstData::Float { ty, bits: v })
    } else {
        let words = [v as u64, (v >> 64) as u64];
        m.consts.intern(ConstData::Int {
            ty,
            val: ApInt::from_words(bits, &words),
        })
    };
    Some(Operand::Const(c))
}

/// The initializer of global `g` when loads from it may be folded: `g` is
/// a `constant` with a definitive initializer (not `weak`, `linkonce`,
/// `common` or `extern_weak`, which the linker may replace, and not
/// `externally_initialized`).
pub fn definitive_initializer(m: &Module, g: loopwright_ir::GlobalVar) -> Option<Const> {
    let gv = &m.globals[g];
    let interposable = matches!(
        gv.common.linkage,
        Linkage::Weak | Linkage::LinkOnce | Linkage::Common | Linkage::ExternWeak
    );
    if !gv.is_constant || gv.externally_initialized || interposable {
        return None;
    }
    gv.init
}

/// The global variable and byte offset a constant address denotes.
fn resolve(
    m: &Module,
    dl: &DataLayout,
    c: Const,
    depth: u32,
) -> Option<(loopwright_ir::GlobalVar, i128)> {
    if depth > 8 {
        return None;
    }
    match m.consts.data(c) {
        ConstData::Global {
            global: GlobalRef::Var(g),
            ..
        } => Some((*g, 0)),
        ConstData::Expr(e) if e.opcode == Opcode::GetElementPtr => {
            let (&base, indices) = e.ops.split_first()?;
            let (g, mut off) = resolve(m, dl, base, depth + 1)?;
            let mut ty = e.source_ty?;
            for (k, &idx) in indices.iter().enumerate() {
                let i = i128::from(m.consts.as_i64(idx)?);
                let scaled = |t: Type| i.checked_mul(i128::from(dl.alloc_size(&m.types, t)));
                let step = if k == 0 {
                    scaled(ty)?
                } else {
                    match m.types.data(ty).clone() {
                        TypeData::Struct { .. } | TypeData::Named(_) => {
                            let field = usize::try_from(i).ok()?;
                            let o = dl.field_offset(&m.types, ty, field)?;
                            ty = m.types.aggregate_elem(ty, field as u64)?;
                            i128::from(o)
                        }
                        TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => {
                            ty = elem;
                            scaled(elem)?
                        }
                        _ => return None,
                    }
                };
                off = off.checked_add(step)?;
            }
            Some((g, off))
        }
        _ => None,
    }
}

/// The element of `c` stored exactly at `offset` with type `ty`, descending
/// through arrays, vectors and structs (a `zeroinitializer` gives zero).
fn element_at(m: &mut Module, dl: &DataLayout, c: Const, offset: u64, ty: Type) -> Option<Const> {
    let cty = m.consts.ty(c);
    if offset == 0 && cty == ty {
        return Some(c);
    }
    match m.consts.data(c).clone() {
        ConstData::Array { ty: at, elems } | ConstData::Vector { ty: at, elems } => {
            let elem = m.types.aggregate_elem(at, 0)?;
            // Vectors of elements that are not whole bytes (`<16 x i1>`)
            // are bit-packed in memory: byte offsets do not index them.
            if matches!(m.consts.data(c), ConstData::Vector { .. })
                && !dl.size_bits(&m.types, elem).is_multiple_of(8)
            {
                return None;
            }
            let size = dl.alloc_size(&m.types, elem).max(1);
            let e = *elems.get(usize::try_from(offset / size).ok()?)?;
            element_at(m, dl, e, offset % size, ty)
        }
        ConstData::Struct { ty: st, elems } => {
            for (k, &e) in elems.iter().enumerate().rev() {
                let start = dl.field_offset(&m.types, st, k)?;
                if offset >= start {
                    return element_at(m, dl, e, offset - start, ty);
                }
            }
            None
        }
        ConstData::Zero(_) => {
            let zero = match m.types.data(ty) {
                TypeData::Int(w) if *w <= 128 => ConstData::Int {
                    ty,
                    val: ApInt::zero(*w),
                },
                TypeData::Ptr(_) => ConstData::Null(ty),
                d if m.types.float_bits(ty).is_some() && !matches!(d, TypeData::Vector { .. }) => {
                    ConstData::Float { ty, bits: 0 }
                }
                _ => return None,
            };
            // A load within the aggregate reads zeros.
            (offset.saturating_add(dl.store_size(&m.types, ty)) <= dl.alloc_size(&m.types, cty))
                .then(|| m.consts.intern(zero))
        }
        _ => None,
    }
}

/// Writes the bytes of `c` (placed at byte `base` of the global) that fall
/// in `[offset, offset + out.len())` into `out`.
fn read_bytes(
    m: &Module,
    dl: &DataLayout,
    c: Const,
    offset: u64,
    out: &mut [u8],
    base: u64,
) -> Option<()> {
    let ty = m.consts.ty(c);
    let end = base.saturating_add(dl.alloc_size(&m.types, ty));
    let want_end = offset.saturating_add(out.len() as u64);
    if end <= offset || base >= want_end {
        return Some(());
    }
    let mut put = |value: &[u8]| {
        for (k, &b) in value.iter().enumerate() {
            let at = base.saturating_add(k as u64);
            if at >= offset && at < want_end {
                out[(at - offset) as usize] = b;
            }
        }
    };
    match m.consts.data(c) {
        ConstData::Int { val, .. } => {
            if val.bits() % 8 != 0 || val.bits() > 128 {
                return None;
            }
            let n = (val.bits() / 8) as usize;
            let bytes: Vec<u8> = val
                .words()
                .iter()
                .flat_map(|w| w.to_le_bytes())
                .take(n)
                .collect();
            put(&bytes);
        }
        ConstData::Float { bits, .. } => {
            let n = match m.types.data(ty) {
                TypeData::Half | TypeData::BFloat => 2,
                TypeData::Float => 4,
                TypeData::Double => 8,
                _ => return None,
            };
            put(&bits.to_le_bytes()[..n]);
        }
        ConstData::Zero(_) | ConstData::Undef(_) | ConstData::Poison(_) => {}
        ConstData::Bytes { data, .. } => put(data),
        ConstData::Array { elems, .. } | ConstData::Vector { elems, .. } => {
            let elem = m.types.aggregate_elem(ty, 0)?;
            let size = dl.alloc_size(&m.types, elem).max(1);
            // Start at the element holding the first byte wanted.
            let first = usize::try_from(offset.saturating_sub(base) / size).unwrap_or(usize::MAX);
            for (k, &e) in elems.iter().enumerate().skip(first) {
                let at = base.saturating_add(size.saturating_mul(k as u64));
                if at >= want_end {
                    break;
                }
                read_bytes(m, dl, e, offset, out, at)?;
            }
        }
        ConstData::Struct { elems, .. } => {
            for (k, &e) in elems.iter().enumerate() {
                let start = dl.field_offset(&m.types, ty, k)?;
                read_bytes(m, dl, e, offset, out, base.saturating_add(start))?;
            }
        }
        _ => return None,
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fold(text: &str) -> Option<String> {
        let mut m = loopwright_parse::parse_module(text.as_bytes(), "t.ll").expect("parses");
        let (_, f) = m.functions.iter().find(|(_, f)| !f.is_declaration())?;
        let load = f
            .layout
            .blocks()
            .flat_map(|b| f.layout.block_insts(b))
            .map(|i| f.inst(i).clone())
            .find(|d| d.opcode == Opcode::Load)?;
        let Operand::Const(c) = fold_load(&mut m, &load)? else {
            return None;
        };
        Some(match m.consts.data(c) {
            ConstData::Int { .. } => format!("int {}", m.consts.as_i64(c)?),
            ConstData::Float { bits, .. } => format!("float {bits}"),
            ConstData::Poison(_) => "poison".to_owned(),
            other => format!("{other:?}"),
        })
    }

    fn module(global: &str, load: &str) -> String {
        format!(
            "target datalayout = \"e-m:e-i64:64-f80:128-n8:16:32:64-S128\"\n{global}\n\
             define i32 @f() {{\n  %v = {load}\n  ret i32 0\n}}\n"
        )
    }

    #[test]
    fn elements_bytes_and_bounds() {
        let g = "@t = internal constant [4 x i16] [i16 1, i16 2, i16 3, i16 -1]";
        let at = |load: &str| fold(&module(g, load));
        let v = at("load i16, ptr getelementptr inbounds (i8, ptr @t, i64 4)");
        assert_eq!(v.as_deref(), Some("int 3"));
        let v = at("load i16, ptr getelementptr inbounds ([4 x i16], ptr @t, i64 0, i64 3)");
        assert_eq!(v.as_deref(), Some("int -1"));
        // Two elements read as one little-endian i32: 0x0002_0001.
        assert_eq!(at("load i32, ptr @t").as_deref(), Some("int 131073"));
        let v = at("load i16, ptr getelementptr (i8, ptr @t, i64 8)");
        assert_eq!(v.as_deref(), Some("poison"));
        assert_eq!(at("load volatile i16, ptr @t"), None);
        let z = "@z = constant [8 x i32] zeroinitializer";
        let v = fold(&module(
            z,
            "load i32, ptr getelementptr (i8, ptr @z, i64 12)",
        ));
        assert_eq!(v.as_deref(), Some("int 0"));
        // Not constant, or replaceable at link time: no fold.
        let w = "@w = global [2 x i32] [i32 1, i32 2]";
        assert_eq!(fold(&module(w, "load i32, ptr @w")), None);
        let weak = "@w = weak constant [2 x i32] [i32 1, i32 2]";
        assert_eq!(fold(&module(weak, "load i32, ptr @w")), None);
        // Bit-packed vectors are not indexed by bytes.
        let bits = "@b = constant <16 x i1> <i1 0, i1 0, i1 0, i1 0, i1 0, i1 0, i1 0, i1 0, \
                    i1 1, i1 0, i1 0, i1 0, i1 0, i1 0, i1 0, i1 0>";
        let v = fold(&module(
            bits,
            "load i1, ptr getelementptr (i8, ptr @b, i64 1)",
        ));
        assert_eq!(v, None);
        // Big-endian memory: no byte reassembly.
        let be = module(g, "load i32, ptr @t").replace("\"e-m", "\"E-m");
        assert_eq!(fold(&be), None);
    }

    #[test]
    fn struct_fields_and_floats() {
        let g = "@s = constant { i8, i32, double } { i8 7, i32 9, double 2.5 }";
        let field =
            "load i32, ptr getelementptr inbounds ({ i8, i32, double }, ptr @s, i64 0, i32 1)";
        assert_eq!(fold(&module(g, field)).as_deref(), Some("int 9"));
        let v = fold(&module(
            g,
            "load double, ptr getelementptr (i8, ptr @s, i64 8)",
        ));
        assert_eq!(v, Some(format!("float {}", 2.5f64.to_bits())));
        // The i8 field, three padding bytes (zero), then the low byte of 9.
        let v = fold(&module(
            g,
            "load i32, ptr getelementptr (i8, ptr @s, i64 1)",
        ));
        assert_eq!(v.as_deref(), Some("int 150994944"));
    }
}
