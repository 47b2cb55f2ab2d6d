//! Pass pipelines in `opt`'s textual syntax.
//!
//! `--passes=` takes the new-pass-manager syntax: a comma-separated list of
//! passes, each with optional `<params>` and, for adaptors (`module`,
//! `function`, `loop`, `loop-mssa`, `cgscc`), a nested `(pipeline)`. Like
//! `opt`, a bare pass is wrapped in the adaptor its kind needs, so
//! `loop-unroll-full` alone means `function(loop(loop-unroll-full))`.
//!
//! Every pass is registered once in [`PASSES`] with LLVM's name and kind.
//! Passes that LLVM has but loopwright does not implement yet are listed with
//! [`Status::Planned`] and rejected with a clear message, so a pipeline never
//! silently does less than it says.

use std::fmt;

/// The IR unit a pass runs on.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Kind {
    Module,
    Function,
    Loop,
    LoopNest,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Module => "module",
            Kind::Function => "function",
            Kind::Loop | Kind::LoopNest => "loop",
        }
    }
}

/// Whether a registered pass can run.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Status {
    Implemented,
    /// Known LLVM pass that loopwright does not implement yet.
    Planned,
}

/// A registered pass.
pub struct PassInfo {
    pub name: &'static str,
    pub kind: Kind,
    pub status: Status,
}

/// Every pass loopwright knows, by LLVM name. Loop-transformation passes
/// are listed ahead of their implementation so that pipelines written for
/// `opt` get a precise "not implemented" error instead of "unknown".
pub const PASSES: &[PassInfo] = &[
    PassInfo {
        name: "verify",
        kind: Kind::Module,
        status: Status::Implemented,
    },
    PassInfo {
        name: "loop-simplify",
        kind: Kind::Function,
        status: Status::Implemented,
    },
    PassInfo {
        name: "lcssa",
        kind: Kind::Function,
        status: Status::Implemented,
    },
    PassInfo {
        name: "loop-rotate",
        kind: Kind::Loop,
        status: Status::Implemented,
    },
    PassInfo {
        name: "loop-unroll-full",
        kind: Kind::Loop,
        status: Status::Implemented,
    },
    PassInfo {
        name: "loop-unroll",
        kind: Kind::Function,
        status: Status::Implemented,
    },
    PassInfo {
        name: "loop-vectorize",
        kind: Kind::Function,
        status: Status::Planned,
    },
    PassInfo {
        name: "loop-distribute",
        kind: Kind::Function,
        status: Status::Planned,
    },
    PassInfo {
        name: "loop-unroll-and-jam",
        kind: Kind::LoopNest,
        status: Status::Planned,
    },
    PassInfo {
        name: "loop-interchange",
        kind: Kind::LoopNest,
        status: Status::Planned,
    },
    PassInfo {
        name: "loop-versioning-licm",
        kind: Kind::Loop,
        status: Status::Planned,
    },
    PassInfo {
        name: "transform-warning",
        kind: Kind::Function,
        status: Status::Implemented,
    },
];

/// The loop-transformation orders of LLVM's pipelines (the spec's
/// "Ambiguous Transformation Order"), and the dynamic order.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum Order {
    /// The new pass manager: full unroll, distribute, vectorize,
    /// unroll-and-jam, unroll.
    #[default]
    NewPm,
    /// The legacy pass manager: interchange, full unroll, versioning LICM,
    /// distribute, vectorize, unroll-and-jam, unroll.
    Legacy,
    /// The legacy pass manager with LTO: interchange, full unroll,
    /// vectorize, unroll.
    Lto,
}

impl Order {
    pub fn from_name(s: &str) -> Option<Self> {
        Some(match s {
            "newpm" => Order::NewPm,
            "legacy" => Order::Legacy,
            "lto" => Order::Lto,
            _ => return None,
        })
    }

    /// The loop-transformation passes in this order, by LLVM name.
    pub fn passes(self) -> &'static [&'static str] {
        match self {
            Order::NewPm => &[
                "loop-unroll-full",
                "loop-distribute",
                "loop-vectorize",
                "loop-unroll-and-jam",
                "loop-unroll",
            ],
            Order::Legacy => &[
                "loop-interchange",
                "loop-unroll-full",
                "loop-versioning-licm",
                "loop-distribute",
                "loop-vectorize",
                "loop-unroll-and-jam",
                "loop-unroll",
            ],
            Order::Lto => &[
                "loop-interchange",
                "loop-unroll-full",
                "loop-vectorize",
                "loop-unroll",
            ],
        }
    }
}

/// The default pipeline at `opt_level`: the loop transformations of
/// `order` that loopwright implements (the others are left out until they
/// exist), each with the level's parameters, then `transform-warning`.
/// `-O0` transforms nothing.
pub fn default_pipeline(order: Order, opt_level: u8) -> Vec<Element> {
    if opt_level == 0 {
        return Vec::new();
    }
    let mut out = Vec::new();
    for &name in order.passes() {
        let Some(info) = lookup(name) else { continue };
        if info.status != Status::Implemented {
            continue;
        }
        let params = match name {
            "loop-unroll" | "loop-unroll-full" => format!("O{opt_level}"),
            _ => String::new(),
        };
        out.push(Element::Pass {
            name: info.name,
            params,
        });
    }
    if let Some(info) = lookup("transform-warning") {
        out.push(Element::Pass {
            name: info.name,
            params: String::new(),
        });
    }
    out
}

fn lookup(name: &str) -> Option<&'static PassInfo> {
    PASSES.iter().find(|p| p.name == name)
}

/// A parsed pipeline element.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Element {
    /// An adaptor such as `function(...)` with its nested pipeline.
    Adaptor {
        kind: Kind,
        name: String,
        inner: Vec<Element>,
    },
    /// A pass with its `<params>` text (empty when none).
    Pass { name: &'static str, params: String },
}

/// Whether `pipeline` runs a pass that reads loop-transformation metadata
/// (a loop transformation, or `transform-warning`).
pub fn mentions_loop_transformations(pipeline: &[Element]) -> bool {
    pipeline.iter().any(|e| match e {
        Element::Adaptor { inner, .. } => mentions_loop_transformations(inner),
        Element::Pass { name, .. } => matches!(
            *name,
            "loop-unroll"
                | "loop-unroll-full"
                | "loop-unroll-and-jam"
                | "loop-vectorize"
                | "loop-distribute"
                | "loop-interchange"
                | "loop-versioning-licm"
                | "transform-warning"
        ),
    })
}

/// A pipeline error, worded as `opt` words it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PipelineError(pub String);

impl fmt::Display for PipelineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A raw element before kinds are resolved.
struct Raw {
    name: String,
    params: String,
    inner: Option<Vec<Raw>>,
}

struct RawParser<'a> {
    s: &'a [u8],
    pos: usize,
    depth: usize,
}

impl RawParser<'_> {
    fn err(&self, what: &str) -> PipelineError {
        PipelineError(format!("invalid pipeline: {what} at offset {}", self.pos))
    }

    fn list(&mut self) -> Result<Vec<Raw>, PipelineError> {
        let mut out = Vec::new();
        loop {
            out.push(self.elem()?);
            if self.s.get(self.pos) == Some(&b',') {
                self.pos += 1;
            } else {
                return Ok(out);
            }
        }
    }

    fn elem(&mut self) -> Result<Raw, PipelineError> {
        self.depth += 1;
        if self.depth > 64 {
            return Err(self.err("nesting too deep"));
        }
        let start = self.pos;
        while let Some(&c) = self.s.get(self.pos) {
            if matches!(c, b',' | b'(' | b')' | b'<' | b'>') {
                break;
            }
            self.pos += 1;
        }
        let name = String::from_utf8_lossy(&self.s[start..self.pos])
            .trim()
            .to_string();
        if name.is_empty() {
            return Err(self.err("expected a pass name"));
        }
        let mut params = String::new();
        if self.s.get(self.pos) == Some(&b'<') {
            let pstart = self.pos + 1;
            let mut level = 0usize;
            loop {
                match self.s.get(self.pos) {
                    Some(b'<') => level += 1,
                    Some(b'>') => {
                        level -= 1;
                        if level == 0 {
                            break;
                        }
                    }
                    Some(_) => {}
                    None => return Err(self.err("unterminated '<'")),
                }
                self.pos += 1;
            }
            params = String::from_utf8_lossy(&self.s[pstart..self.pos]).to_string();
            self.pos += 1;
        }
        let mut inner = None;
        if self.s.get(self.pos) == Some(&b'(') {
            self.pos += 1;
            inner = Some(if self.s.get(self.pos) == Some(&b')') {
                Vec::new()
            } else {
                self.list()?
            });
            if self.s.get(self.pos) != Some(&b')') {
                return Err(self.err("expected ')'"));
            }
            self.pos += 1;
        }
        self.depth -= 1;
        Ok(Raw {
            name,
            params,
            inner,
        })
    }
}

fn adaptor_kind(name: &str) -> Option<Kind> {
    Some(match name {
        "module" => Kind::Module,
        "function" | "cgscc" => Kind::Function,
        "loop" | "loop-mssa" => Kind::Loop,
        _ => return None,
    })
}

fn resolve(raw: Vec<Raw>, ctx: Kind) -> Result<Vec<Element>, PipelineError> {
    let mut out = Vec::new();
    for r in raw {
        if let Some(kind) = adaptor_kind(&r.name) {
            let inner = resolve(r.inner.unwrap_or_default(), kind)?;
            out.push(Element::Adaptor {
                kind,
                name: r.name,
                inner,
            });
            continue;
        }
        let Some(info) = lookup(&r.name) else {
            return Err(PipelineError(match ctx {
                Kind::Module => format!("unknown pass name '{}'", r.name),
                k => format!("unknown {} pass '{}'", k.name(), r.name),
            }));
        };
        if r.inner.is_some() {
            return Err(PipelineError(format!(
                "pass '{}' does not take a nested pipeline",
                r.name
            )));
        }
        if info.status == Status::Planned {
            return Err(PipelineError(format!(
                "pass '{}' is an LLVM pass that loopwright does not implement yet",
                r.name
            )));
        }
        out.push(Element::Pass {
            name: info.name,
            params: r.params,
        });
    }
    Ok(out)
}

/// Parses a `--passes=` pipeline. `none` (or the empty string) is the empty
/// pipeline.
pub fn parse(text: &str) -> Result<Vec<Element>, PipelineError> {
    let text = text.trim();
    if text.is_empty() || text == "none" {
        return Ok(Vec::new());
    }
    let mut p = RawParser {
        s: text.as_bytes(),
        pos: 0,
        depth: 0,
    };
    let raw = p.list()?;
    if p.pos != text.len() {
        return Err(p.err("unexpected character"));
    }
    resolve(raw, Kind::Module)
}

/// Prints a pipeline in canonical form (`-print-pipeline-passes`).
pub fn to_text(pipeline: &[Element]) -> String {
    let mut s = String::new();
    for (i, e) in pipeline.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        match e {
            Element::Adaptor { name, inner, .. } => {
                s.push_str(name);
                s.push('(');
                s.push_str(&to_text(inner));
                s.push(')');
            }
            Element::Pass { name, params } => {
                s.push_str(name);
                if !params.is_empty() {
                    s.push('<');
                    s.push_str(params);
                    s.push('>');
                }
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_pipelines_follow_the_orders() {
        let text = |o, l| to_text(&default_pipeline(o, l));
        assert_eq!(
            text(Order::NewPm, 3),
            "loop-unroll-full<O3>,loop-unroll<O3>,transform-warning"
        );
        assert_eq!(
            text(Order::Lto, 2),
            "loop-unroll-full<O2>,loop-unroll<O2>,transform-warning"
        );
        assert_eq!(text(Order::NewPm, 0), "");
        let legacy = Order::Legacy.passes();
        let pos = |n| legacy.iter().position(|p| *p == n).unwrap();
        assert!(pos("loop-interchange") < pos("loop-unroll-full"));
        assert!(pos("loop-vectorize") < pos("loop-unroll"));
    }

    #[test]
    fn parses_nested_syntax() {
        let p = parse("module(verify),verify").unwrap();
        assert_eq!(to_text(&p), "module(verify),verify");
        assert!(parse("none").unwrap().is_empty());
    }

    #[test]
    fn unknown_passes_are_named_like_opt() {
        assert_eq!(parse("bogus").unwrap_err().0, "unknown pass name 'bogus'");
        assert_eq!(
            parse("function(bogus)").unwrap_err().0,
            "unknown function pass 'bogus'"
        );
        assert!(parse("loop-vectorize")
            .unwrap_err()
            .0
            .contains("does not implement yet"));
        assert!(parse("loop-unroll").is_ok());
    }

    #[test]
    fn malformed_pipelines_error() {
        for bad in [
            "function(verify",
            "verify<",
            ",",
            "function(verify))",
            "verify(verify)",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        let deep = "function(".repeat(100) + &")".repeat(100);
        assert!(parse(&deep).is_err());
    }
}
