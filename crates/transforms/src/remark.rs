//! Optimization remarks: what a pass did, what it did not do and why.
//!
//! A [`Remark`] carries what LLVM's `DiagnosticInfoOptimizationBase` does:
//! its kind (passed, missed, analysis, failure), the pass and remark names
//! (`loop-unroll`, `FullyUnrolled`), the source location, the function's
//! (mangled) name and the message as a list of arguments — plain strings and
//! named values such as `UnrollCount: 4` — so that it can be printed as
//! text and written as LLVM's YAML remark format with the same keys.
//!
//! Passes push remarks into a [`Remarks`] sink; the driver decides what to
//! print (`-pass-remarks*`) and what to record (`-pass-remarks-output`).

use loopwright_ir::{Md, MdFieldValue, MdNode, Metadata};

/// The kind of a remark, as LLVM's YAML tags name them.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum RemarkKind {
    Passed,
    Missed,
    Analysis,
    AnalysisFPCommute,
    AnalysisAliasing,
    /// A forced transformation that was not applied (a warning).
    Failure,
}

impl RemarkKind {
    /// The YAML tag, without `!`.
    pub fn tag(self) -> &'static str {
        match self {
            RemarkKind::Passed => "Passed",
            RemarkKind::Missed => "Missed",
            RemarkKind::Analysis => "Analysis",
            RemarkKind::AnalysisFPCommute => "AnalysisFPCommute",
            RemarkKind::AnalysisAliasing => "AnalysisAliasing",
            RemarkKind::Failure => "Failure",
        }
    }
}

/// A source location: the `DIFile` file name as written, line and column.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SourceLoc {
    pub file: String,
    pub line: u32,
    pub column: u32,
}

/// One argument of a remark's message.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RemarkArg {
    /// `String` for plain text, otherwise the argument's name
    /// (`UnrollCount`, `VectorizationFactor`).
    pub key: String,
    pub value: String,
    pub loc: Option<SourceLoc>,
}

/// One remark.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Remark {
    pub kind: RemarkKind,
    pub pass: String,
    pub name: String,
    pub loc: Option<SourceLoc>,
    pub function: String,
    pub args: Vec<RemarkArg>,
}

impl Remark {
    pub fn new(
        kind: RemarkKind,
        pass: &str,
        name: &str,
        loc: Option<SourceLoc>,
        function: &str,
    ) -> Self {
        Remark {
            kind,
            pass: pass.to_owned(),
            name: name.to_owned(),
            loc,
            function: function.to_owned(),
            args: Vec::new(),
        }
    }

    /// Appends plain text.
    pub fn text(mut self, s: impl Into<String>) -> Self {
        self.args.push(RemarkArg {
            key: "String".into(),
            value: s.into(),
            loc: None,
        });
        self
    }

    /// Appends a named value.
    pub fn arg(self, key: &str, value: impl ToString) -> Self {
        self.arg_at(key, value, None)
    }

    /// Appends a named value with the source location of what it names
    /// (LLVM's `ore::NV` of an instruction carries the instruction's
    /// `!dbg`, which the YAML output writes as the argument's `DebugLoc`).
    pub fn arg_at(mut self, key: &str, value: impl ToString, loc: Option<SourceLoc>) -> Self {
        self.args.push(RemarkArg {
            key: key.to_owned(),
            value: value.to_string(),
            loc,
        });
        self
    }

    /// The message: the arguments' values, concatenated.
    pub fn message(&self) -> String {
        self.args.iter().map(|a| a.value.as_str()).collect()
    }

    /// `file:line:col`, or `<unknown>:0:0`.
    pub fn location_text(&self) -> String {
        match &self.loc {
            Some(l) => format!("{}:{}:{}", l.file, l.line, l.column),
            None => "<unknown>:0:0".to_owned(),
        }
    }
}

/// The remarks emitted during a run, in emission order.
#[derive(Default, Debug)]
pub struct Remarks {
    list: Vec<Remark>,
}

impl Remarks {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn emit(&mut self, r: Remark) {
        self.list.push(r);
    }

    pub fn all(&self) -> &[Remark] {
        &self.list
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }
}

/// The source location of a `!DILocation` node: its line and column, and
/// the file of its scope (following `scope:` through lexical blocks to the
/// first node with a `file:`).
pub fn source_loc(md: &Metadata, loc: MdNode) -> Option<SourceLoc> {
    let (line, column, scope) = md.location(loc)?;
    let mut cur = scope;
    let mut file = None;
    // Scope chains are short; the bound guards against cycles.
    for _ in 0..64 {
        let Some(s) = cur else { break };
        if md.special_kind(s) == Some("DIFile") {
            file = Some(s);
            break;
        }
        if let Some(f) = md.node_field(s, "file") {
            file = Some(f);
            break;
        }
        cur = md.node_field(s, "scope");
    }
    let name = match file.and_then(|f| md.field(f, "filename")) {
        Some(MdFieldValue::Str(b)) => String::from_utf8_lossy(b).into_owned(),
        Some(MdFieldValue::Md(Md::Str(s))) => {
            String::from_utf8_lossy(md.str_bytes(*s)).into_owned()
        }
        _ => String::new(),
    };
    Some(SourceLoc {
        file: name,
        line,
        column,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn message_and_location() {
        let r = Remark::new(
            RemarkKind::Passed,
            "loop-unroll",
            "PartialUnrolled",
            None,
            "f",
        )
        .text("unrolled loop by a factor of ")
        .arg("UnrollCount", 4)
        .text(" with run-time trip count");
        assert_eq!(
            r.message(),
            "unrolled loop by a factor of 4 with run-time trip count"
        );
        assert_eq!(r.location_text(), "<unknown>:0:0");
    }
}
