//! Floating-point constants of every IEEE format LLVM 19 has, computed
//! exactly as LLVM's `APFloat` computes them (through `rustc_apfloat`, a
//! port of it): round to nearest even, NaN payloads and quieting, `frem` as
//! C's `fmod`, conversions with their status. No host float arithmetic.

use super::Fold;
use crate::ApInt;
use crate::TypeData;
use rustc_apfloat::ieee::{BFloat, Double, Half, Quad, Single, X87DoubleExtended};
use rustc_apfloat::{Float, FloatConvert, Round, Status};
use std::cmp::Ordering;

/// A floating-point format.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum FpFormat {
    Half,
    BFloat,
    Single,
    Double,
    X87,
    Quad,
    /// `ppc_fp128`: known, never folded (no x86 code has it; its
    /// conversions are not modelled).
    PpcDouble,
}

impl FpFormat {
    /// The format of a floating-point type.
    pub fn of(t: &TypeData) -> Option<FpFormat> {
        Some(match t {
            TypeData::Half => FpFormat::Half,
            TypeData::BFloat => FpFormat::BFloat,
            TypeData::Float => FpFormat::Single,
            TypeData::Double => FpFormat::Double,
            TypeData::X86Fp80 => FpFormat::X87,
            TypeData::Fp128 => FpFormat::Quad,
            TypeData::PpcFp128 => FpFormat::PpcDouble,
            _ => return None,
        })
    }

    /// The size of the format in bits.
    pub fn bits(self) -> u32 {
        match self {
            FpFormat::Half | FpFormat::BFloat => 16,
            FpFormat::Single => 32,
            FpFormat::Double => 64,
            FpFormat::X87 => 80,
            FpFormat::Quad | FpFormat::PpcDouble => 128,
        }
    }
}

/// A floating-point constant: its format and bit pattern (in the low
/// bits, as `ConstData::Float` stores it).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Fp {
    pub format: FpFormat,
    pub bits: u128,
}

/// Runs `$body` with `$F` bound to the `rustc_apfloat` type of `$fmt`;
/// `None` for `ppc_fp128`.
macro_rules! with_format {
    ($fmt:expr, $F:ident => $body:expr) => {
        match $fmt {
            FpFormat::Half => {
                type $F = Half;
                Some($body)
            }
            FpFormat::BFloat => {
                type $F = BFloat;
                Some($body)
            }
            FpFormat::Single => {
                type $F = Single;
                Some($body)
            }
            FpFormat::Double => {
                type $F = Double;
                Some($body)
            }
            FpFormat::X87 => {
                type $F = X87DoubleExtended;
                Some($body)
            }
            FpFormat::Quad => {
                type $F = Quad;
                Some($body)
            }
            FpFormat::PpcDouble => None,
        }
    };
}

/// How a function treats denormal inputs or outputs
/// (`"denormal-fp-math"`).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum DenormalKind {
    #[default]
    Ieee,
    PreserveSign,
    PositiveZero,
    /// Not known at compile time: nothing denormal folds.
    Dynamic,
}

impl DenormalKind {
    fn parse(s: &str) -> Option<DenormalKind> {
        Some(match s {
            "ieee" | "" => DenormalKind::Ieee,
            "preserve-sign" => DenormalKind::PreserveSign,
            "positive-zero" => DenormalKind::PositiveZero,
            "dynamic" => DenormalKind::Dynamic,
            _ => return None,
        })
    }
}

/// A function's denormal mode for one format: outputs and inputs.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct DenormalMode {
    pub output: DenormalKind,
    pub input: DenormalKind,
}

impl DenormalMode {
    /// Parses `"denormal-fp-math"`'s value, `OUTPUT[,INPUT]` (one kind
    /// names both). An unparsable value is LLVM's invalid mode, which
    /// folds nothing denormal (treated as dynamic).
    pub fn parse(s: &str) -> DenormalMode {
        let mut it = s.split(',');
        let out = it.next().and_then(DenormalKind::parse);
        let inp = match it.next() {
            Some(t) => DenormalKind::parse(t),
            None => out,
        };
        match (out, inp, it.next()) {
            (Some(output), Some(input), None) => DenormalMode { output, input },
            _ => DenormalMode {
                output: DenormalKind::Dynamic,
                input: DenormalKind::Dynamic,
            },
        }
    }
}

/// The denormal modes of a function (`"denormal-fp-math"` for every
/// format, `"denormal-fp-math-f32"` overriding it for `float`).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct FpEnv {
    pub all: DenormalMode,
    pub f32: Option<DenormalMode>,
}

impl FpEnv {
    /// From the two attributes' values.
    pub fn from_attrs(all: Option<&str>, f32: Option<&str>) -> FpEnv {
        FpEnv {
            all: all.map(DenormalMode::parse).unwrap_or_default(),
            f32: f32.map(DenormalMode::parse),
        }
    }

    /// The modes of function `f` (its `"denormal-fp-math"` and
    /// `"denormal-fp-math-f32"` attributes).
    pub fn for_function(m: &crate::Module, f: &crate::Function) -> FpEnv {
        let attrs = m.attrs.get(f.fn_attrs);
        let get = |key: &str| {
            attrs.iter().find_map(|a| match a {
                crate::Attr::Str(k, Some(v)) if &**k == key => Some(&**v),
                _ => None,
            })
        };
        FpEnv::from_attrs(get("denormal-fp-math"), get("denormal-fp-math-f32"))
    }

    /// The mode for `format`.
    pub fn mode(&self, format: FpFormat) -> DenormalMode {
        match (format, self.f32) {
            (FpFormat::Single, Some(m)) => m,
            _ => self.all,
        }
    }
}

/// Binary floating-point operations.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum FpBinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

/// The result of comparing two floats (LLVM's `cmpResult`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum FpOrder {
    Less,
    Equal,
    Greater,
    Unordered,
}

impl Fp {
    pub fn new(format: FpFormat, bits: u128) -> Fp {
        Fp { format, bits }
    }

    fn map<F: Float>(self, f: impl FnOnce(F) -> F) -> Fp {
        Fp::new(self.format, f(F::from_bits(self.bits)).to_bits())
    }

    pub fn is_nan(self) -> Option<bool> {
        with_format!(self.format, F => F::from_bits(self.bits).is_nan())
    }

    pub fn is_zero(self) -> Option<bool> {
        with_format!(self.format, F => F::from_bits(self.bits).is_zero())
    }

    pub fn is_negative(self) -> Option<bool> {
        with_format!(self.format, F => F::from_bits(self.bits).is_negative())
    }

    pub fn is_denormal(self) -> Option<bool> {
        with_format!(self.format, F => F::from_bits(self.bits).is_denormal())
    }

    /// Exactly the value `v` (`None` when `v` is not representable).
    pub fn from_f64(format: FpFormat, v: f64) -> Option<Fp> {
        let d = Double::from_bits(u128::from(v.to_bits()));
        with_format!(format, F => {
            let mut loses = false;
            let r: F = d.convert(&mut loses).value;
            (!loses).then(|| Fp::new(format, r.to_bits()))
        })
        .flatten()
    }

    /// Whether this is exactly the value `v` (`+0.0` and `-0.0` differ).
    pub fn is_exactly(self, v: f64) -> bool {
        Fp::from_f64(self.format, v) == Some(self)
    }

    /// The value `±0.0`.
    pub fn zero(format: FpFormat, negative: bool) -> Option<Fp> {
        with_format!(format, F => {
            let z = F::ZERO;
            Fp::new(format, if negative { (-z).to_bits() } else { z.to_bits() })
        })
    }

    /// A denormal flushed as `kind` flushes it (`None`: not foldable).
    pub fn flush(self, kind: DenormalKind) -> Option<Fp> {
        if !self.is_denormal()? {
            return Some(self);
        }
        match kind {
            DenormalKind::Ieee => Some(self),
            DenormalKind::Dynamic => None,
            DenormalKind::PreserveSign => Fp::zero(self.format, self.is_negative()?),
            DenormalKind::PositiveZero => Fp::zero(self.format, false),
        }
    }

    /// `fadd`/`fsub`/`fmul`/`fdiv`/`frem` as LLVM folds them in a function
    /// with denormal modes `env` (`ConstantFoldFPInstOperands`: denormal
    /// inputs and the output flushed as the mode says; a dynamic mode does
    /// not fold them). `None`: not folded (different formats, `ppc_fp128`).
    pub fn binop(op: FpBinOp, a: Fp, b: Fp, env: &FpEnv) -> Option<Fp> {
        if a.format != b.format {
            return None;
        }
        let mode = env.mode(a.format);
        let (a, b) = (a.flush(mode.input)?, b.flush(mode.input)?);
        let r = with_format!(a.format, F => {
            let (x, y) = (F::from_bits(a.bits), F::from_bits(b.bits));
            let r = match op {
                FpBinOp::Add => x + y,
                FpBinOp::Sub => x - y,
                FpBinOp::Mul => x * y,
                FpBinOp::Div => x / y,
                FpBinOp::Rem => x % y,
            };
            Fp::new(a.format, r.value.to_bits())
        })?;
        r.flush(mode.output)
    }

    /// `fneg`: the sign bit flipped (NaNs included).
    pub fn negated(self) -> Option<Fp> {
        with_format!(self.format, F => self.map::<F>(|x| -x))
    }

    /// The IEEE comparison of two values of one format.
    pub fn compare(a: Fp, b: Fp) -> Option<FpOrder> {
        if a.format != b.format {
            return None;
        }
        with_format!(a.format, F => {
            match F::from_bits(a.bits).partial_cmp(&F::from_bits(b.bits)) {
                Some(Ordering::Less) => FpOrder::Less,
                Some(Ordering::Equal) => FpOrder::Equal,
                Some(Ordering::Greater) => FpOrder::Greater,
                None => FpOrder::Unordered,
            }
        })
    }

    /// `fptrunc`/`fpext` to `to` (round to nearest even).
    pub fn convert(self, to: FpFormat) -> Option<Fp> {
        fn go<S: Float + FloatConvert<T>, T: Float>(bits: u128) -> u128 {
            let mut loses = false;
            let r: T = S::from_bits(bits).convert(&mut loses).value;
            r.to_bits()
        }
        macro_rules! to {
            ($S:ty) => {
                match to {
                    FpFormat::Half => go::<$S, Half>(self.bits),
                    FpFormat::BFloat => go::<$S, BFloat>(self.bits),
                    FpFormat::Single => go::<$S, Single>(self.bits),
                    FpFormat::Double => go::<$S, Double>(self.bits),
                    FpFormat::X87 => go::<$S, X87DoubleExtended>(self.bits),
                    FpFormat::Quad => go::<$S, Quad>(self.bits),
                    FpFormat::PpcDouble => return None,
                }
            };
        }
        let bits = match self.format {
            FpFormat::Half => to!(Half),
            FpFormat::BFloat => to!(BFloat),
            FpFormat::Single => to!(Single),
            FpFormat::Double => to!(Double),
            FpFormat::X87 => to!(X87DoubleExtended),
            FpFormat::Quad => to!(Quad),
            FpFormat::PpcDouble => return None,
        };
        Some(Fp::new(to, bits))
    }

    /// `fptosi`/`fptoui` to `width` bits, rounding toward zero: poison when
    /// the value does not fit (or is NaN or infinite). `None` beyond 128
    /// bits.
    pub fn to_int(self, width: u32, signed: bool) -> Option<Fold<ApInt>> {
        if width == 0 || width > 128 {
            return None;
        }
        with_format!(self.format, F => {
            let x = F::from_bits(self.bits);
            let mut exact = false;
            let w = width as usize;
            let (status, v) = if signed {
                let r = x.to_i128_r(w, Round::TowardZero, &mut exact);
                (r.status, r.value as u128)
            } else {
                let r = x.to_u128_r(w, Round::TowardZero, &mut exact);
                (r.status, r.value)
            };
            if status.contains(Status::INVALID_OP) {
                Fold::Poison
            } else {
                Fold::Value(ApInt::from_u128(width, v))
            }
        })
    }

    /// `sitofp`/`uitofp` of `v` to `format` (round to nearest even).
    /// `None` beyond 128 bits.
    pub fn from_int(v: &ApInt, signed: bool, format: FpFormat) -> Option<Fp> {
        if v.bits() > 128 {
            return None;
        }
        let r = with_format!(format, F => {
            let x: F = if signed {
                F::from_i128(v.as_i128()?).value
            } else {
                F::from_u128(v.as_u128()?).value
            };
            Some(Fp::new(format, x.to_bits()))
        });
        r.flatten()
    }
}
