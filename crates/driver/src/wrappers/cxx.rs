//! `loopwright-cxx`: `loopwright c++`, for `CXX=loopwright-cxx` (Cargo
//! cannot name a binary `loopwright-c++`; a link of that name to
//! `loopwright` or to this program works too).

mod exec;

fn main() -> std::process::ExitCode {
    exec::exec("loopwright-cxx", "c++")
}
