//! How often each function is named in the module: the module-level fact
//! behind LLVM's `Function::hasOneLiveUse`, which the unroller's size
//! model asks for every call of an internal function (such a call is
//! counted as an inline candidate when the callee has exactly one use).
//!
//! Counting by scanning the module for every call made the unroll passes
//! quadratic in the number of calls (a module of 4,000 internal functions
//! calling each other took 7.2 s, opt-19 0.56 s). [`FuncUses`] counts once
//! and is kept current while a pipeline runs function by function: before
//! a function is lent out of the module ([`crate::with_function`]) its
//! uses are taken out of the counts ([`FuncUses::remove`]), and when it
//! comes back its uses as they are then are added ([`FuncUses::add`]). A
//! question about the lent function itself counts its body afresh, so the
//! answer is always that of a scan of the module as it is.
//!
//! What counts as a use is what the scan counted: a function constant as
//! a direct operand of an instruction in a body, and any mention inside a
//! global variable's initializer (there, one mention is enough to make the
//! function's use count more than one).

use loopwright_ir::{Const, ConstData, Func, Function, GlobalRef, Module, Operand};
use rustc_hash::{FxHashMap, FxHashSet};

/// Deeper initializers are assumed to mention every function.
const MAX_INITIALIZER_DEPTH: u32 = 16;

/// Use counts of the module's functions (see the module docs).
#[derive(Clone, Debug, Default)]
pub struct FuncUses {
    /// Direct operand uses in the bodies counted in (every body except the
    /// lent ones).
    counts: FxHashMap<Func, u32>,
    /// Functions a global initializer mentions.
    in_initializers: FxHashSet<Func>,
    /// An initializer too deep to search: every function may be mentioned.
    deep_initializer: bool,
}

impl FuncUses {
    /// Counts the uses in every body and global initializer of `m`.
    pub fn compute(m: &Module) -> FuncUses {
        let mut u = FuncUses::default();
        for (_, f) in m.functions.iter() {
            u.add(m, f);
        }
        for (_, gv) in m.globals.iter() {
            if let Some(init) = gv.init {
                u.collect_initializer(m, init, 0);
            }
        }
        u
    }

    fn collect_initializer(&mut self, m: &Module, c: Const, depth: u32) {
        if depth > MAX_INITIALIZER_DEPTH {
            self.deep_initializer = true;
            return;
        }
        match m.consts.data(c) {
            ConstData::Global {
                global: GlobalRef::Func(x),
                ..
            } => {
                self.in_initializers.insert(*x);
            }
            ConstData::Array { elems, .. }
            | ConstData::Struct { elems, .. }
            | ConstData::Vector { elems, .. } => {
                for &e in elems.iter() {
                    self.collect_initializer(m, e, depth + 1);
                }
            }
            ConstData::Expr(e) => {
                for &e in e.ops.iter() {
                    self.collect_initializer(m, e, depth + 1);
                }
            }
            _ => {}
        }
    }

    /// Adds the uses in `f`'s body (a function coming back into the
    /// module).
    pub fn add(&mut self, m: &Module, f: &Function) {
        each_use(m, f, |g| *self.counts.entry(g).or_insert(0) += 1);
    }

    /// Takes the uses in `f`'s body out (a function about to be lent out;
    /// `f` must be as it was when added).
    pub fn remove(&mut self, m: &Module, f: &Function) {
        each_use(m, f, |g| {
            if let Some(n) = self.counts.get_mut(&g) {
                *n = n.saturating_sub(1);
            }
        });
    }

    /// Whether `g` is used exactly once: its uses in the bodies counted in,
    /// plus those in `lent` (the function being worked on, outside the
    /// module), and no mention in a global initializer.
    pub fn single_use(&self, m: &Module, lent: &Function, g: Func) -> bool {
        if self.deep_initializer || self.in_initializers.contains(&g) {
            return false;
        }
        let mut uses = self.counts.get(&g).copied().unwrap_or(0);
        if uses > 1 {
            return false;
        }
        each_use(m, lent, |x| {
            if x == g {
                uses += 1;
            }
        });
        uses == 1
    }
}

/// Calls `use_of` for every function constant that is a direct operand of
/// an instruction of `f`.
fn each_use(m: &Module, f: &Function, mut use_of: impl FnMut(Func)) {
    for b in f.layout.blocks() {
        for i in f.layout.block_insts(b) {
            for op in f.inst(i).operands() {
                if let Operand::Const(c) = op {
                    if let ConstData::Global {
                        global: GlobalRef::Func(x),
                        ..
                    } = m.consts.data(*c)
                    {
                        use_of(*x);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const M: &str = "
@table = global [1 x ptr] [ptr @in_table]
define internal i32 @once() {
  ret i32 1
}
define internal i32 @twice() {
  ret i32 2
}
define internal i32 @in_table() {
  ret i32 3
}
define i32 @a() {
  %x = call i32 @once()
  %y = call i32 @twice()
  %z = call i32 @in_table()
  %s = add i32 %x, %y
  ret i32 %s
}
define i32 @b() {
  %y = call i32 @twice()
  ret i32 %y
}
";

    fn func(m: &Module, name: &str) -> Func {
        m.functions
            .iter()
            .find(|(_, f)| f.name() == Some(name))
            .map(|(k, _)| k)
            .expect("function")
    }

    #[test]
    fn counts_as_a_scan_of_the_module_does() {
        let mut m = loopwright_parse::parse_module(M.as_bytes(), "m.ll").expect("parses");
        let uses = FuncUses::compute(&m);
        let (a, once, twice, table) = (
            func(&m, "a"),
            func(&m, "once"),
            func(&m, "twice"),
            func(&m, "in_table"),
        );
        // Nothing lent: a bodyless function stands for the lent one.
        let none = m.functions[once].declaration_copy(&m.types);
        assert!(uses.single_use(&m, &none, once));
        assert!(!uses.single_use(&m, &none, twice));
        assert!(!uses.single_use(&m, &none, table), "named in @table");
        // @a lent out: its uses come from its body, not the counts.
        let mut uses = uses;
        uses.remove(&m, &m.functions[a]);
        assert_eq!(uses.counts.get(&once), Some(&0));
        crate::with_function(&mut m, a, |m, f| {
            // The lent body's calls are counted from the body.
            assert!(uses.single_use(m, f, once));
            assert!(!uses.single_use(m, f, twice));
            assert!(!uses.single_use(m, &none, once), "without @a, no use");
        });
        uses.add(&m, &m.functions[a]);
        assert!(uses.single_use(&m, &none, once));
        assert_eq!(uses.counts.get(&twice), Some(&2));
    }
}
