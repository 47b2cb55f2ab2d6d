//! Parses one file N times (for profiling): `llbench FILE [N]`.
fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("file");
    let n: usize = args.next().map_or(20, |s| s.parse().unwrap_or(20));
    let src = std::fs::read(&path).expect("read");
    let t0 = std::time::Instant::now();
    for _ in 0..n {
        let m = loopwright_parse::parse_module(&src, &path).expect("parse");
        std::hint::black_box(m);
    }
    println!("{:?} per parse", t0.elapsed() / n as u32);
}
