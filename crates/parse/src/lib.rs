//! Lexer and parser for LLVM's textual IR (`.ll`), producing a
//! [`loopwright_ir::Module`].
//!
//! The entry point is [`parse_module`]. It accepts the textual IR that
//! LLVM 19 (`clang-19 -S -emit-llvm`, `opt-19 -S`) prints, and reports the
//! first error with its byte offset and 1-based line and column, like
//! `llvm-as` does. It never panics, whatever the input bytes.

pub mod lexer;

mod attrs;
mod consts;
mod floats;
mod insts;
mod metadata;
mod parser;
mod srcmap;
#[cfg(test)]
mod tests;

pub use srcmap::SourceMap;

use std::fmt;

/// A parse error: where (byte offset, 1-based line and column counted in
/// bytes) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// Byte offset of the offending token in the input.
    pub offset: usize,
    /// 1-based line of `offset`.
    pub line: u32,
    /// 1-based column of `offset`, counted in bytes.
    pub col: u32,
    /// The message, in LLVM's wording where LLVM has one.
    pub message: String,
}

impl ParseError {
    /// Formats the error like LLVM's tools do, with the source line and a
    /// caret: `file.ll:2:8: error: expected instruction opcode`.
    pub fn render(&self, filename: &str, src: &[u8]) -> String {
        let line_start = src[..self.offset.min(src.len())]
            .iter()
            .rposition(|&c| c == b'\n')
            .map_or(0, |p| p + 1);
        let line_end = src[line_start..]
            .iter()
            .position(|&c| c == b'\n')
            .map_or(src.len(), |p| line_start + p);
        let text = String::from_utf8_lossy(&src[line_start..line_end]);
        let caret = " ".repeat(self.col.saturating_sub(1) as usize);
        format!(
            "{filename}:{}:{}: error: {}\n{text}\n{caret}^",
            self.line, self.col, self.message
        )
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: error: {}", self.line, self.col, self.message)
    }
}

impl std::error::Error for ParseError {}

/// Stack size of the parsing thread: nesting is capped at 256 levels, and
/// this leaves room for that even in unoptimised builds.
const PARSE_STACK: usize = 256 << 20;

/// Parses a whole `.ll` module.
///
/// `filename` is used as the module's `source_filename` when the input has
/// no `source_filename` directive (as LLVM does with the module identifier).
///
/// Parsing runs on a scoped helper thread with a large stack, so deeply
/// nested (but within the 256-level limit) input cannot overflow the
/// caller's stack.
pub fn parse_module(src: &[u8], filename: &str) -> Result<loopwright_ir::Module, ParseError> {
    on_parse_stack(|| parse_on_this_thread(src, filename))
}

/// [`parse_module`], also returning where each function, block,
/// instruction and metadata node was written (see [`SourceMap`]), so that
/// errors found after parsing can point into the input.
pub fn parse_module_with_source_map(
    src: &[u8],
    filename: &str,
) -> Result<(loopwright_ir::Module, SourceMap), ParseError> {
    on_parse_stack(|| {
        let mut p = parser::Parser::new(src);
        p.srcmap = Some(SourceMap::default());
        p.run_with_source_map(filename).map_err(|e| located(src, e))
    })
}

/// Runs `parse` on a scoped helper thread with a [`PARSE_STACK`] stack (on
/// this thread if no thread can be started).
fn on_parse_stack<T: Send>(
    parse: impl FnOnce() -> Result<T, ParseError> + Send,
) -> Result<T, ParseError> {
    let slot = std::sync::Mutex::new(Some(parse));
    let run = || {
        let parse = slot.lock().ok().and_then(|mut p| p.take());
        parse.map(|p| p())
    };
    let panicked = || ParseError {
        offset: 0,
        line: 1,
        col: 1,
        message: "internal error: the parser panicked".into(),
    };
    std::thread::scope(|s| {
        let spawned = std::thread::Builder::new()
            .name("ll-parse".into())
            .stack_size(PARSE_STACK)
            .spawn_scoped(s, run);
        match spawned {
            Ok(h) => h.join().ok().flatten(),
            Err(_) => run(),
        }
    })
    .unwrap_or_else(|| Err(panicked()))
}

/// Adds the line and column to a parser error.
fn located(src: &[u8], e: parser::PErr) -> ParseError {
    let li = lexer::LineIndex::new(src);
    let (line, col) = li.line_col(e.offset);
    ParseError {
        offset: e.offset,
        line,
        col,
        message: e.message,
    }
}

/// [`parse_module`] without the helper thread: the caller's stack must be
/// large enough for the input's nesting (about 8 MiB for 256 levels in
/// optimised builds is plenty).
pub fn parse_on_this_thread(
    src: &[u8],
    filename: &str,
) -> Result<loopwright_ir::Module, ParseError> {
    parser::Parser::new(src)
        .run(filename)
        .map_err(|e| located(src, e))
}
