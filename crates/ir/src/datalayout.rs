//! Target data layout: type sizes, alignments and struct layout, read from
//! a module's `target datalayout` string with LLVM's defaults for anything
//! the string does not specify.
//!
//! Only what address arithmetic needs is modelled: integer, float, pointer
//! and vector alignments, pointer and index widths per address space, and
//! the sizes and field offsets that follow (`getTypeStoreSize`,
//! `getTypeAllocSize`, `StructLayout`). Malformed entries are ignored.

use crate::{Module, Type, TypeData, TypeTable};
use std::rc::Rc;

/// A parsed data layout.
#[derive(Clone, Debug)]
pub struct DataLayout {
    /// (bit width, ABI alignment in bytes), sorted by width.
    ints: Vec<(u32, u64)>,
    /// (bit width, ABI alignment in bytes).
    floats: Vec<(u32, u64)>,
    /// (bit width, ABI alignment in bytes).
    vectors: Vec<(u32, u64)>,
    /// (address space, size bits, ABI alignment bytes, index bits).
    pointers: Vec<(u32, u32, u64, u32)>,
    /// ABI alignment of aggregates in bytes.
    aggregate_align: u64,
    pub big_endian: bool,
}

impl Default for DataLayout {
    fn default() -> Self {
        DataLayout::parse("")
    }
}

fn parse_num(s: &str) -> Option<u64> {
    s.parse().ok()
}

impl DataLayout {
    /// The data layout of `m`, parsed once per thread for the last layout
    /// string seen: analyses and transformations ask for it per function,
    /// loop or instruction, always of the same module.
    pub fn of_module(m: &Module) -> Rc<Self> {
        thread_local! {
            static LAST: std::cell::RefCell<Option<(String, Rc<DataLayout>)>> =
                const { std::cell::RefCell::new(None) };
        }
        let s = m.datalayout.as_deref().unwrap_or("");
        LAST.with(|last| {
            let mut last = last.borrow_mut();
            match &*last {
                Some((text, dl)) if text == s => dl.clone(),
                _ => {
                    let dl = Rc::new(DataLayout::parse(s));
                    *last = Some((s.to_owned(), dl.clone()));
                    dl
                }
            }
        })
    }

    /// Parses a datalayout string; an empty string gives LLVM's defaults.
    pub fn parse(s: &str) -> Self {
        let mut dl = DataLayout {
            ints: vec![(1, 1), (8, 1), (16, 2), (32, 4), (64, 4)],
            floats: vec![(16, 2), (32, 4), (64, 8), (128, 16)],
            vectors: vec![(64, 8), (128, 16)],
            pointers: vec![(0, 64, 8, 64)],
            aggregate_align: 1,
            big_endian: false,
        };
        for spec in s.split('-').filter(|x| !x.is_empty()) {
            let (head, rest) = spec.split_at(1);
            let parts: Vec<&str> = rest.split(':').collect();
            match head {
                "e" => dl.big_endian = false,
                "E" => dl.big_endian = true,
                "p" => {
                    let asp = if parts[0].is_empty() {
                        Some(0)
                    } else {
                        parse_num(parts[0])
                    };
                    let size = parts.get(1).and_then(|x| parse_num(x));
                    let abi = parts.get(2).and_then(|x| parse_num(x));
                    if let (Some(asp), Some(size @ 1..=128), Some(abi)) = (asp, size, abi) {
                        let idx = parts
                            .get(4)
                            .and_then(|x| parse_num(x))
                            .filter(|&i| (1..=size).contains(&i))
                            .unwrap_or(size);
                        let e = (asp as u32, size as u32, (abi / 8).max(1), idx as u32);
                        match dl.pointers.iter_mut().find(|p| p.0 == e.0) {
                            Some(p) => *p = e,
                            None => dl.pointers.push(e),
                        }
                    }
                }
                "i" | "f" | "v" => {
                    let (Some(w), Some(abi)) =
                        (parse_num(parts[0]), parts.get(1).and_then(|x| parse_num(x)))
                    else {
                        continue;
                    };
                    let list = match head {
                        "i" => &mut dl.ints,
                        "f" => &mut dl.floats,
                        _ => &mut dl.vectors,
                    };
                    let e = (w as u32, (abi / 8).max(1));
                    match list.iter_mut().find(|p| p.0 == e.0) {
                        Some(p) => *p = e,
                        None => list.push(e),
                    }
                    list.sort();
                }
                "a" => {
                    if let Some(abi) = parts.get(1).and_then(|x| parse_num(x)) {
                        dl.aggregate_align = (abi / 8).max(1);
                    }
                }
                _ => {}
            }
        }
        dl
    }

    fn pointer(&self, asp: u32) -> (u32, u64, u32) {
        let p = self
            .pointers
            .iter()
            .find(|p| p.0 == asp)
            .or_else(|| self.pointers.iter().find(|p| p.0 == 0))
            .copied()
            .unwrap_or((0, 64, 8, 64));
        (p.1, p.2, p.3)
    }

    /// Pointer width in bits of an address space.
    pub fn pointer_bits(&self, asp: u32) -> u32 {
        self.pointer(asp).0
    }

    /// Index width in bits of an address space (the type of pointer
    /// offsets; LLVM's `getIndexTypeSizeInBits`).
    pub fn index_bits(&self, asp: u32) -> u32 {
        self.pointer(asp).2
    }

    /// The widest index of any address space (LLVM's
    /// `getMaxIndexSizeInBits`).
    pub fn max_index_bits(&self) -> u32 {
        self.pointers
            .iter()
            .map(|p| p.3)
            .max()
            .unwrap_or(64)
            .max(self.index_bits(0))
    }

    fn int_align(&self, bits: u32) -> u64 {
        match self.ints.iter().find(|&&(w, _)| w >= bits) {
            Some(&(_, a)) => a,
            None => self.ints.last().map_or(8, |x| x.1),
        }
    }

    /// ABI alignment in bytes.
    pub fn abi_align(&self, tt: &TypeTable, t: Type) -> u64 {
        match tt.data(t) {
            TypeData::Int(b) => self.int_align(*b),
            TypeData::Ptr(a) => self.pointer(*a).1,
            TypeData::Half | TypeData::BFloat => self.float_align(16),
            TypeData::Float => self.float_align(32),
            TypeData::Double => self.float_align(64),
            TypeData::X86Fp80 => self.float_align(80),
            TypeData::Fp128 | TypeData::PpcFp128 => self.float_align(128),
            TypeData::Array { elem, .. } => self.abi_align(tt, *elem),
            TypeData::Vector { len, elem, .. } => {
                let bits = u64::from(*len) * self.size_bits(tt, *elem);
                match self.vectors.iter().find(|&&(w, _)| u64::from(w) == bits) {
                    Some(&(_, a)) => a,
                    None => (bits.div_ceil(8)).next_power_of_two().max(1),
                }
            }
            TypeData::Struct { packed, elems } => self.struct_align(tt, *packed, elems),
            TypeData::Named(s) => match &tt.struct_data(*s).body {
                Some(b) => self.struct_align(tt, b.packed, &b.elems),
                None => 1,
            },
            _ => 1,
        }
    }

    fn float_align(&self, bits: u32) -> u64 {
        self.floats
            .iter()
            .find(|&&(w, _)| w == bits)
            .map_or_else(|| u64::from(bits.div_ceil(8)).next_power_of_two(), |x| x.1)
    }

    fn struct_align(&self, tt: &TypeTable, packed: bool, elems: &[Type]) -> u64 {
        if packed {
            return self.aggregate_align.max(1);
        }
        elems
            .iter()
            .map(|&e| self.abi_align(tt, e))
            .max()
            .unwrap_or(1)
            .max(self.aggregate_align)
    }

    /// Size in bits (LLVM's `getTypeSizeInBits`).
    pub fn size_bits(&self, tt: &TypeTable, t: Type) -> u64 {
        match tt.data(t) {
            TypeData::Int(b) => u64::from(*b),
            TypeData::Ptr(a) => u64::from(self.pointer(*a).0),
            TypeData::Half | TypeData::BFloat => 16,
            TypeData::Float => 32,
            TypeData::Double => 64,
            TypeData::X86Fp80 => 80,
            TypeData::Fp128 | TypeData::PpcFp128 => 128,
            TypeData::Vector { len, elem, .. } => u64::from(*len) * self.size_bits(tt, *elem),
            TypeData::Array { .. } | TypeData::Struct { .. } | TypeData::Named(_) => {
                self.alloc_size(tt, t) * 8
            }
            _ => 0,
        }
    }

    /// Bytes written by a store (LLVM's `getTypeStoreSize`).
    pub fn store_size(&self, tt: &TypeTable, t: Type) -> u64 {
        self.size_bits(tt, t).div_ceil(8)
    }

    /// Bytes between consecutive array elements (LLVM's
    /// `getTypeAllocSize`).
    pub fn alloc_size(&self, tt: &TypeTable, t: Type) -> u64 {
        match tt.data(t) {
            TypeData::Array { len, elem } => len.saturating_mul(self.alloc_size(tt, *elem)),
            TypeData::Struct { packed, elems } => self.struct_layout_of(tt, *packed, elems).0,
            TypeData::Named(s) => match &tt.struct_data(*s).body {
                Some(b) => self.struct_layout_of(tt, b.packed, &b.elems).0,
                None => 0,
            },
            _ => {
                let store = self.store_size(tt, t);
                let a = self.abi_align(tt, t).max(1);
                store.div_ceil(a) * a
            }
        }
    }

    /// (size, field offsets) of a struct.
    fn struct_layout_of(&self, tt: &TypeTable, packed: bool, elems: &[Type]) -> (u64, Vec<u64>) {
        let mut off: u64 = 0;
        let mut offs = Vec::with_capacity(elems.len());
        for &e in elems {
            let a = if packed {
                1
            } else {
                self.abi_align(tt, e).max(1)
            };
            off = off.div_ceil(a) * a;
            offs.push(off);
            off = off.saturating_add(self.alloc_size(tt, e));
        }
        let a = self.struct_align(tt, packed, elems).max(1);
        (off.div_ceil(a) * a, offs)
    }

    /// Byte offset of field `i` of struct type `t`.
    pub fn field_offset(&self, tt: &TypeTable, t: Type, i: usize) -> Option<u64> {
        let (packed, elems) = match tt.data(t) {
            TypeData::Struct { packed, elems } => (*packed, elems.as_slice()),
            TypeData::Named(s) => {
                let b = tt.struct_data(*s).body.as_ref()?;
                (b.packed, b.elems.as_slice())
            }
            _ => return None,
        };
        self.struct_layout_of(tt, packed, elems).1.get(i).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn x86_64_layout() {
        let dl = DataLayout::parse(
            "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128",
        );
        let mut tt = TypeTable::new();
        assert_eq!(dl.alloc_size(&tt, TypeTable::I64), 8);
        assert_eq!(dl.abi_align(&tt, TypeTable::I64), 8);
        let i128t = tt.int(128);
        assert_eq!(dl.alloc_size(&tt, i128t), 16);
        let f80 = tt.intern(TypeData::X86Fp80);
        assert_eq!(dl.store_size(&tt, f80), 10);
        assert_eq!(dl.alloc_size(&tt, f80), 16);
        let s = tt.literal_struct(false, vec![TypeTable::I8, TypeTable::I32, TypeTable::I8]);
        assert_eq!(dl.alloc_size(&tt, s), 12);
        assert_eq!(dl.field_offset(&tt, s, 1), Some(4));
        let p = tt.literal_struct(true, vec![TypeTable::I8, TypeTable::I32]);
        assert_eq!(dl.alloc_size(&tt, p), 5);
        let a = tt.array(10, s);
        assert_eq!(dl.alloc_size(&tt, a), 120);
        assert_eq!(dl.index_bits(0), 64);
        assert_eq!(dl.index_bits(270), 32);
        let i24 = tt.int(24);
        assert_eq!(dl.alloc_size(&tt, i24), 4);
        // Defaults: i64 is 4-byte aligned without the "i64:64" entry.
        let d = DataLayout::parse("");
        assert_eq!(d.abi_align(&tt, TypeTable::I64), 4);
    }
}
