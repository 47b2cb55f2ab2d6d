//! The parser must never panic, loop forever or index out of bounds: it
//! is fed thousands of mutations of valid inputs (truncations, deletions,
//! duplications, token swaps, byte flips) and must return `Ok` or `Err`.

use loopwright_testkit::Rng;
use std::path::Path;

fn mutate(src: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut v = src.to_vec();
    let rounds = 1 + rng.below(3);
    for _ in 0..rounds {
        let len = v.len();
        match rng.below(7) {
            0 => v.truncate(rng.below(len + 1)),
            1 => {
                let a = rng.below(len + 1);
                let b = (a + rng.below(40)).min(len);
                v.drain(a..b);
            }
            2 => {
                let a = rng.below(len + 1);
                let b = (a + rng.below(80)).min(len);
                let chunk = v[a..b].to_vec();
                let at = rng.below(v.len() + 1);
                v.splice(at..at, chunk);
            }
            3 => {
                if len > 0 {
                    let i = rng.below(len);
                    v[i] = rng.next_u64() as u8;
                }
            }
            4 => {
                // Replace a byte with a syntactically interesting one.
                const PUNCT: &[u8] = b"%@!#$^\"\\{}[]()<>=,*:.-+0123456789x \n";
                if len > 0 {
                    let i = rng.below(len);
                    v[i] = PUNCT[rng.below(PUNCT.len())];
                }
            }
            5 => {
                // Swap two lines.
                let lines: Vec<&[u8]> = v.split(|&c| c == b'\n').collect();
                if lines.len() > 2 {
                    let (a, b) = (rng.below(lines.len()), rng.below(lines.len()));
                    let mut ls: Vec<Vec<u8>> = lines.iter().map(|l| l.to_vec()).collect();
                    ls.swap(a, b);
                    v = ls.join(&b'\n');
                }
            }
            _ => {
                // Insert a keyword.
                const KWS: &[&[u8]] = &[
                    b" define ",
                    b" i32 ",
                    b" ptr ",
                    b" label ",
                    b" !{",
                    b" distinct ",
                    b" blockaddress(@f, %x) ",
                    b" getelementptr (",
                    b" x ",
                    b" phi ",
                    b" }",
                    b" ...",
                    b" #0",
                    b" !DILocation(",
                    b" c\"",
                    b" zeroinitializer",
                    b" <vscale x 4 x i32> ",
                    b" %0 = ",
                    b" 4294967295",
                    b" -1",
                    b" 0x",
                    b" splat (i32 1)",
                    b" [1 x ",
                ];
                let at = rng.below(len + 1);
                let k = KWS[rng.below(KWS.len())];
                v.splice(at..at, k.iter().copied());
            }
        }
    }
    v
}

#[test]
fn mutated_inputs_never_panic() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ll");
    let mut seeds: Vec<Vec<u8>> = std::fs::read_dir(dir)
        .expect("tests/ll")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().and_then(|x| x.to_str()) == Some("ll"))
        .map(|e| std::fs::read(e.path()).expect("read"))
        .collect();
    // PARSE_FUZZ_DIR adds the `.ll` files of another directory as seeds.
    if let Ok(extra) = std::env::var("PARSE_FUZZ_DIR") {
        for e in std::fs::read_dir(extra)
            .expect("PARSE_FUZZ_DIR")
            .filter_map(|e| e.ok())
        {
            if e.path().extension().and_then(|x| x.to_str()) == Some("ll") {
                seeds.push(std::fs::read(e.path()).expect("read"));
            }
        }
    }
    seeds.sort();
    assert!(!seeds.is_empty());
    // PARSE_FUZZ_ITERS / PARSE_FUZZ_SEED run a longer campaign.
    let per_seed: usize = std::env::var("PARSE_FUZZ_ITERS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(400);
    let seed: u64 = std::env::var("PARSE_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x9E37_79B9_7F4A_7C15);
    let mut rng = Rng::new(seed | 1);
    let mut errors = 0;
    for seed in &seeds {
        for _ in 0..per_seed {
            let m = mutate(seed, &mut rng);
            match loopwright_parse::parse_on_this_thread(&m, "fuzz.ll") {
                Ok(_) => {}
                Err(e) => {
                    errors += 1;
                    assert!(e.offset <= m.len(), "offset past the end");
                    assert!(e.line >= 1 && e.col >= 1);
                }
            }
        }
    }
    println!("{} mutations, {errors} rejected", seeds.len() * per_seed);
}
