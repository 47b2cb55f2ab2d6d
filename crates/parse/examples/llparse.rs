//! Parses `.ll` files and reports the first error of each, with timing.
//!
//! `cargo run --release -p loopwright-parse --example llparse -- a.ll b.ll`

fn main() {
    let mut failed = 0;
    for path in std::env::args().skip(1) {
        let src = match std::fs::read(&path) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("{path}: {e}");
                failed += 1;
                continue;
            }
        };
        let t0 = std::time::Instant::now();
        match loopwright_parse::parse_module(&src, &path) {
            Ok(m) => println!(
                "{path}: ok in {:?} ({} functions, {} globals, {} md nodes)",
                t0.elapsed(),
                m.functions.len(),
                m.globals.len(),
                m.md.num_nodes()
            ),
            Err(e) => {
                failed += 1;
                println!("{}", e.render(&path, &src));
            }
        }
    }
    std::process::exit(i32::from(failed > 0));
}
