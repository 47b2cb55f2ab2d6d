//! Demanded bits: which bits of each integer instruction's result can
//! reach something observable (LLVM's `DemandedBits`).
//!
//! The analysis runs backwards from the instructions that are always live
//! (terminators, exception-handling pads and instructions with side
//! effects): their integer operands demand all bits, and each instruction
//! passes what its result needs on to its operands through a transfer
//! function, until a fixed point. An integer instruction that nothing live
//! reaches is dead; as in LLVM, asking for it answers "all bits".
//!
//! Transfer functions, for result bits `out` demanded:
//! - `add`, `sub`, `mul`: the operands' bits up to the highest bit of
//!   `out` (carries only move upwards);
//! - `shl`/`lshr`/`ashr` by a constant: `out` shifted back, plus the bits
//!   the `nsw`/`nuw`/`exact` promises and `ashr`'s sign copies need;
//! - `and`/`or` with a constant: `out` without the bits the constant
//!   decides; `xor`, `and`, `or` otherwise: `out`;
//! - `trunc`, `zext`, `sext` (plus the sign bit when an extended bit is
//!   demanded), `phi`, the values of `select`: `out` resized;
//! - `smin`/`smax`/`umin`/`umax`: `out`'s bits from its lowest set bit up;
//! - everything else (compares, calls, loads' users, vectors): all bits.
//!
//! Differences from LLVM 19, all demanding more bits than LLVM does (so a
//! client narrowing types by this analysis never narrows where LLVM would
//! not): additions, `and` and `or` are not refined by the known bits of a
//! non-constant operand, variable shifts and the remaining intrinsics
//! (`bswap`, `ctlz`, funnel shifts, ...) demand all bits, and vector
//! instructions demand all bits of their operands. Widths above 128 bits
//! are not tracked (all bits).

use crate::effects::may_have_side_effects;
use cranelift_entity::{EntityRef, SecondaryMap};
use loopwright_ir::{Flags, Function, Inst, InstData, Module, Opcode, Operand, TypeData, ValueDef};

/// The demanded bits of every integer instruction of a function.
#[derive(Clone, Debug, Default)]
pub struct DemandedBits {
    /// Demanded bits per instruction reached from a live root; `None`
    /// when never reached (or not a tracked integer).
    alive: SecondaryMap<Inst, Option<u128>>,
}

fn mask(bits: u32) -> u128 {
    if bits >= 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    }
}

/// Bits `from..bits` set.
fn bits_from(bits: u32, from: u32) -> u128 {
    mask(bits) & !mask(from.min(bits))
}

fn active_bits(x: u128) -> u32 {
    128 - x.leading_zeros()
}

impl DemandedBits {
    /// Computes the analysis of `f` (a function of `m`).
    pub fn compute(m: &Module, f: &Function) -> Self {
        let mut a = DemandedBits {
            alive: SecondaryMap::with_capacity(f.num_inst_ids()),
        };
        let mut visited = SecondaryMap::<Inst, bool>::with_capacity(f.num_inst_ids());
        let mut work: Vec<Inst> = Vec::new();
        let mut queued = SecondaryMap::<Inst, bool>::with_capacity(f.num_inst_ids());
        let push = |work: &mut Vec<Inst>, queued: &mut SecondaryMap<Inst, bool>, i: Inst| {
            if !queued[i] {
                queued[i] = true;
                work.push(i);
            }
        };
        for b in f.layout.blocks() {
            for i in f.layout.block_insts(b) {
                let d = f.inst(i);
                if d.opcode.is_debug_record() || !always_live(m, d) {
                    continue;
                }
                if int_bits(m, d.ty).is_some() {
                    // An integer root demands what its operands compute
                    // for it: all of its own bits.
                    if a.alive[i].is_none() {
                        a.alive[i] = Some(mask(int_bits(m, d.ty).unwrap_or(0)));
                    }
                    push(&mut work, &mut queued, i);
                } else {
                    visited[i] = true;
                    push(&mut work, &mut queued, i);
                }
            }
        }
        while let Some(user) = work.pop() {
            queued[user] = false;
            let d = f.inst(user);
            let out = a.alive[user];
            let dead = out == Some(0) && !always_live(m, d);
            for (k, &op) in d.operands().iter().enumerate() {
                let Operand::Value(v) = op else {
                    continue;
                };
                let ValueDef::Result(def) = f.value_def(v) else {
                    continue;
                };
                if def.index() >= f.num_inst_ids() || f.layout.inst_block(def).is_none() {
                    continue;
                }
                let ty = f.value_type(v);
                match int_bits(m, ty) {
                    Some(bits) => {
                        let ab = if dead {
                            0
                        } else {
                            operand_demand(m, d, k, out, bits)
                        };
                        let old = a.alive[def];
                        let new = old.unwrap_or(0) | ab;
                        if old != Some(new) {
                            a.alive[def] = Some(new);
                            push(&mut work, &mut queued, def);
                        }
                    }
                    None => {
                        if !visited[def] {
                            visited[def] = true;
                            push(&mut work, &mut queued, def);
                        }
                    }
                }
            }
        }
        a
    }

    /// The bits of `i`'s result that can matter, as a mask of the result
    /// width; all bits for an instruction nothing live uses. `None` when
    /// the result is no integer of at most 128 bits.
    pub fn demanded(&self, m: &Module, f: &Function, i: Inst) -> Option<u128> {
        let bits = int_bits(m, f.inst(i).ty)?;
        Some(self.alive[i].unwrap_or(mask(bits)))
    }
}

/// The width of a scalar integer type of at most 128 bits.
fn int_bits(m: &Module, t: loopwright_ir::Type) -> Option<u32> {
    match m.types.data(t) {
        TypeData::Int(b) if *b >= 1 && *b <= 128 => Some(*b),
        _ => None,
    }
}

/// LLVM's `isAlwaysLive`.
fn always_live(m: &Module, d: &InstData) -> bool {
    d.opcode.is_terminator()
        || matches!(
            d.opcode,
            Opcode::LandingPad | Opcode::CatchPad | Opcode::CleanupPad | Opcode::CatchSwitch
        )
        || may_have_side_effects(m, d)
}

/// The constant integer value of an operand, if it is one of at most 128
/// bits.
fn const_u128(m: &Module, o: Operand) -> Option<u128> {
    let c = o.as_const()?;
    let v = m.consts.as_apint(c)?;
    if v.bits() > 128 {
        return None;
    }
    let w = v.words();
    let lo = u128::from(w.first().copied().unwrap_or(0));
    let hi = u128::from(w.get(1).copied().unwrap_or(0));
    Some(lo | (hi << 64))
}

/// The bits of operand `k` (of width `bits`) that `user` needs to compute
/// `out` of its result (`None`: the user is no tracked integer, so all).
fn operand_demand(m: &Module, user: &InstData, k: usize, out: Option<u128>, bits: u32) -> u128 {
    let all = mask(bits);
    let Some(out) = out else {
        return all;
    };
    let Some(ubits) = int_bits(m, user.ty) else {
        return all;
    };
    let ops = user.operands();
    let other = |k: usize| ops.get(1 - k.min(1)).copied();
    use Opcode::*;
    match user.opcode {
        Add | Sub | Mul if ubits == bits => mask(active_bits(out)),
        Shl | LShr | AShr if ubits == bits => {
            if k != 0 {
                return all;
            }
            let Some(amt) = ops.get(1).and_then(|&o| const_u128(m, o)) else {
                return all;
            };
            if amt >= u128::from(bits) {
                return all;
            }
            let s = amt as u32;
            let mut ab;
            match user.opcode {
                Shl => {
                    ab = (out >> s) & all;
                    if user.flags.contains(Flags::NSW) {
                        ab |= bits_from(bits, bits - s - 1);
                    } else if user.flags.contains(Flags::NUW) {
                        ab |= bits_from(bits, bits - s);
                    }
                }
                _ => {
                    ab = (out << s) & all;
                    if user.opcode == AShr && out & bits_from(bits, bits - s) != 0 {
                        ab |= 1u128 << (bits - 1);
                    }
                    if user.flags.contains(Flags::EXACT) {
                        ab |= mask(s);
                    }
                }
            }
            ab
        }
        And | Or | Xor if ubits == bits => {
            match (user.opcode, other(k).and_then(|o| const_u128(m, o))) {
                (And, Some(c)) => out & c,
                (Or, Some(c)) => out & !c & all,
                _ => out,
            }
        }
        Phi if ubits == bits => out,
        Select if k != 0 && ubits == bits => out,
        Trunc => out & all,
        ZExt => out & all,
        SExt => {
            let mut ab = out & all;
            if out & !all != 0 {
                ab |= 1u128 << (bits - 1);
            }
            ab
        }
        Call => {
            let name = crate::effects::intrinsic_name(m, user).unwrap_or("");
            let minmax = ["llvm.smin.", "llvm.smax.", "llvm.umin.", "llvm.umax."]
                .iter()
                .any(|p| name.starts_with(p));
            // Operand 0 is the callee.
            if minmax && k >= 1 && ubits == bits {
                bits_from(bits, out.trailing_zeros().min(bits))
            } else {
                all
            }
        }
        _ => all,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str) -> (Module, Vec<(String, u128)>) {
        let m = loopwright_parse::parse_module(text.as_bytes(), "t.ll").expect("parses");
        let (_, f) = m
            .functions
            .iter()
            .find(|(_, f)| !f.is_declaration())
            .expect("a definition");
        let db = DemandedBits::compute(&m, f);
        let mut out = Vec::new();
        for b in f.layout.blocks() {
            for i in f.layout.block_insts(b) {
                if let (Some(v), Some(d)) = (f.inst_result(i), db.demanded(&m, f, i)) {
                    if let Some(n) = f.value_name(v) {
                        out.push((n.to_string(), d));
                    }
                }
            }
        }
        (m, out)
    }

    fn get(v: &[(String, u128)], name: &str) -> u128 {
        v.iter().find(|(n, _)| n == name).expect("named").1
    }

    #[test]
    fn truncation_and_masks_limit_demand() {
        let (_, v) = run(r#"
define i8 @f(i32 %a, i32 %b, ptr %p) {
  %s = add i32 %a, %b
  %m = mul i32 %s, %b
  %x = and i32 %m, 4095
  %t = trunc i32 %x to i8
  %h = lshr i32 %a, 4
  %ht = trunc i32 %h to i8
  store i8 %ht, ptr %p
  %w = shl nsw i32 %b, 28
  %wt = trunc i32 %w to i16
  %u = zext i16 %wt to i32
  store i32 %u, ptr %p
  ret i8 %t
}
"#);
        assert_eq!(get(&v, "t"), 0xff);
        assert_eq!(get(&v, "x"), 0xff);
        assert_eq!(get(&v, "m"), 0xff);
        assert_eq!(get(&v, "s"), 0xff);
        // lshr by 4 then an i8: bits 4..12 of %a.
        assert_eq!(get(&v, "h"), 0xff);
        assert_eq!(get(&v, "ht"), 0xff);
        // shl nsw by 28 keeps the top 29 bits demanded besides the low 16
        // shifted back.
        assert_eq!(get(&v, "w"), 0xffff);
        assert_eq!(get(&v, "wt"), 0xffff);
    }

    #[test]
    fn cycles_reach_a_fixed_point_and_dead_values_demand_all() {
        let (_, v) = run(r#"
define i32 @f(i32 %n) {
entry:
  br label %loop
loop:
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %m = and i32 %s, 255
  %s.next = add i32 %m, %i
  %i.next = add i32 %i, 1
  %dead = mul i32 %i, 3
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  %r = and i32 %s.next, 65535
  %sh = ashr i32 %s.next, 8
  ret i32 %r
}
"#);
        assert_eq!(get(&v, "s.next"), 0xffff);
        assert_eq!(get(&v, "s"), 0xff);
        assert_eq!(get(&v, "m"), 0xffff);
        // %i feeds the compare (all bits) and the sum.
        assert_eq!(get(&v, "i"), u128::from(u32::MAX));
        // Unused values are dead: all bits, as LLVM answers.
        assert_eq!(get(&v, "dead"), u128::from(u32::MAX));
        assert_eq!(get(&v, "sh"), u128::from(u32::MAX));
    }
}
