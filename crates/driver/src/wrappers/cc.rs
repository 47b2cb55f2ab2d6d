//! `loopwright-cc`: `loopwright cc`, for `CC=loopwright-cc`.

mod exec;

fn main() -> std::process::ExitCode {
    exec::exec("loopwright-cc", "cc")
}
