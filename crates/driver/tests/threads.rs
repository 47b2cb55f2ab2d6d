//! The phases that run on several threads (the parser's pre-scan, the
//! verifier, the printer's functions and metadata nodes) must give the
//! same output and the same diagnostics whatever the number of threads,
//! also when the unroll passes transform the module in between.
//!
//! A generated module large enough to take every parallel path (over
//! 1 MiB of text, 20,000 instructions and 20,000 metadata nodes) goes
//! through the built `loopwright --passes=none` (parse, verify, print)
//! with `LOOPWRIGHT_THREADS` set to 1, 2, 3 and 8; the outputs must be
//! byte-identical, and opt-19 must accept the module. A broken variant must give the same verifier
//! errors, in the same order, for every thread count.

mod common;

use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

/// Locations per function (each instruction of the chain has its own).
const CHAIN: usize = 12;

/// `n` functions, each with a loop of a chain of `CHAIN` adds (each with
/// its own debug location), a call with attributes and loop metadata, then
/// the debug metadata. The functions numbered in `broken` use a value
/// before its definition, in a block the definition does not dominate.
fn module(n: usize, broken: &[usize]) -> String {
    let mut s = String::new();
    s.push_str("source_filename = \"threads.c\"\n");
    s.push_str("target datalayout = \"e-m:e-i64:64-n32:64-S128\"\n\n");
    s.push_str("@msg = constant [11 x i8] c\"a\\0Ab\\0A\\22c\\22 x\\0A\\00\"\n");
    s.push_str("$cd = comdat any\n");
    s.push_str("@g = global i32 0, comdat($cd)\n\n");
    s.push_str("declare void @sink(i32 noundef) #1\n\n");
    let per = CHAIN + 2;
    for f in 0..n {
        let sp = 10 + per * f;
        let early = if broken.contains(&f) { "%x0" } else { "0" };
        let _ = write!(
            s,
            "define i32 @f{f}(ptr noundef %p, i32 noundef %n) #0 !dbg !{sp} {{\n\
             entry:\n  %early = add i32 {early}, 1\n  br label %loop\n\n\
             loop:\n  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]\n  \
             %a = getelementptr inbounds i32, ptr %p, i32 %i\n  \
             %x0 = load i32, ptr %a, align 4\n"
        );
        for k in 1..=CHAIN {
            let _ = writeln!(
                s,
                "  %x{k} = add nsw i32 %x{}, {k}, !dbg !{}",
                k - 1,
                sp + k
            );
        }
        let _ = write!(
            s,
            "  call void @sink(i32 noundef %x{CHAIN}) #2\n  \
             %i.next = add nuw nsw i32 %i, 1\n  \
             %c = icmp slt i32 %i.next, %n\n  \
             br i1 %c, label %loop, label %exit, !llvm.loop !{lp}\n\n\
             exit:\n  ret i32 %x{CHAIN}\n}}\n\n",
            lp = sp + CHAIN + 1,
        );
    }
    s.push_str("attributes #0 = { nounwind \"frame-pointer\"=\"none\" }\n");
    s.push_str("attributes #1 = { nounwind }\n");
    s.push_str("attributes #2 = { nounwind willreturn }\n\n");
    s.push_str("!llvm.dbg.cu = !{!0}\n!llvm.module.flags = !{!2, !3}\n\n");
    s.push_str(
        "!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: \"t\", \
         isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)\n",
    );
    s.push_str("!1 = !DIFile(filename: \"threads.c\", directory: \"/tmp\")\n");
    s.push_str("!2 = !{i32 7, !\"Dwarf Version\", i32 5}\n");
    s.push_str("!3 = !{i32 2, !\"Debug Info Version\", i32 3}\n");
    s.push_str("!4 = !DISubroutineType(types: !5)\n!5 = !{null}\n");
    for f in 0..n {
        let sp = 10 + per * f;
        let _ = writeln!(
            s,
            "!{sp} = distinct !DISubprogram(name: \"f{f}\", scope: !1, file: !1, line: {f}, \
             type: !4, scopeLine: {f}, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)"
        );
        for k in 1..=CHAIN {
            let _ = writeln!(
                s,
                "!{} = !DILocation(line: {f}, column: {k}, scope: !{sp})",
                sp + k
            );
        }
        let lp = sp + CHAIN + 1;
        let _ = writeln!(s, "!{lp} = distinct !{{!{lp}, !{}}}", sp + 1);
    }
    s
}

fn run_with_threads(input: &Path, threads: usize, out: &Path) -> std::process::Output {
    common::execute(
        Command::new(env!("CARGO_BIN_EXE_loopwright"))
            .env("LOOPWRIGHT_THREADS", threads.to_string())
            .arg("--passes=none")
            .arg(input)
            .arg("-o")
            .arg(out),
    )
}

#[test]
fn output_does_not_depend_on_the_number_of_threads() {
    let work = common::work_dir("threads");
    let input = work.join("big.ll");
    // 2,500 functions: about 3 MB, 45,000 instructions, 35,000 nodes.
    let text = module(2_500, &[]);
    assert!(
        text.len() > 1 << 20,
        "the module must take the parallel pre-scan"
    );
    std::fs::write(&input, &text).expect("write input");
    let mut first: Option<Vec<u8>> = None;
    for threads in [1, 2, 3, 8] {
        let out = work.join(format!("out{threads}.ll"));
        let r = run_with_threads(&input, threads, &out);
        assert!(
            r.status.success(),
            "threads={threads}: {}",
            String::from_utf8_lossy(&r.stderr)
        );
        let bytes = std::fs::read(&out).expect("output");
        match &first {
            None => first = Some(bytes),
            Some(f) => assert!(
                *f == bytes,
                "output with {threads} threads differs from the output with 1"
            ),
        }
    }
    let out = String::from_utf8(first.expect("an output")).expect("utf-8");
    assert!(out.contains("!llvm.loop !"), "the loop metadata is kept");
    if loopwright_testkit::require(&["opt-19"]) {
        if let Some(p) = common::verify_problem(&work.join("out1.ll")) {
            panic!("{p}");
        }
    }
    let _ = std::fs::remove_dir_all(&work);
}

#[test]
fn verifier_errors_do_not_depend_on_the_number_of_threads() {
    let work = common::work_dir("threads-broken");
    let input = work.join("broken.ll");
    std::fs::write(&input, module(2_500, &[17, 1_249, 2_498])).expect("write input");
    let mut first: Option<String> = None;
    for threads in [1, 2, 3, 8] {
        let out = work.join(format!("out{threads}.ll"));
        let r = run_with_threads(&input, threads, &out);
        assert!(
            !r.status.success(),
            "threads={threads}: a broken module is rejected"
        );
        assert!(!out.exists(), "no output is written for a broken module");
        let stderr = String::from_utf8_lossy(&r.stderr).into_owned();
        let n = stderr.matches("dominate all uses").count();
        assert_eq!(
            n, 3,
            "threads={threads}: every broken function is reported:\n{stderr}"
        );
        match &first {
            None => first = Some(stderr),
            Some(f) => assert_eq!(*f, stderr, "threads={threads}"),
        }
    }
    let _ = std::fs::remove_dir_all(&work);
}

/// `n` functions with loops of several kinds, cycling: constant trip
/// counts (fully unrolled), a runtime trip count, a loop whose first
/// iteration differs (peeled), a forced full unroll of an unknown trip
/// count (a warning), an unroll count from metadata, and a nest. The loops
/// are in canonical form (LCSSA included), as clang's -O3 output is.
fn loops_module(n: usize) -> String {
    let mut s = String::new();
    s.push_str("target datalayout = \"e-m:e-i64:64-n32:64-S128\"\n");
    s.push_str("target triple = \"x86_64-pc-linux-gnu\"\n\n");
    s.push_str("declare void @use(i32)\n\n");
    for f in 0..n {
        let head = format!("define i32 @f{f}(ptr noundef %p, i64 noundef %n) #0 {{\nentry:\n  br label %loop\n\nloop:\n  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]\n  %s = phi i32 [ {f}, %entry ], [ %s.next, %latch ]\n  %a = getelementptr inbounds i32, ptr %p, i64 %i\n  %x = load i32, ptr %a, align 4\n");
        s.push_str(&head);
        let (body, bound, md) = match f % 6 {
            0 => ("  %y = mul i32 %x, 3\n".to_string(), format!("{}", 4 + f % 5), String::new()),
            1 => ("  %y = xor i32 %x, %s\n".to_string(), "%n".to_string(), String::new()),
            2 => (
                "  %first = icmp eq i64 %i, 0\n  %y = select i1 %first, i32 7, i32 %x\n".to_string(),
                "%n".to_string(),
                String::new(),
            ),
            3 => ("  %y = add i32 %x, 1\n".to_string(), "%n".to_string(), format!(", !llvm.loop !{}", 10 + 2 * f)),
            4 => ("  %y = sub i32 %x, %s\n".to_string(), "%n".to_string(), format!(", !llvm.loop !{}", 10 + 2 * f)),
            _ => (
                "  br label %inner\n\ninner:\n  %j = phi i64 [ 0, %loop ], [ %j.next, %inner ]\n  %j.next = add nuw nsw i64 %j, 1\n  %jc = icmp ult i64 %j.next, 3\n  br i1 %jc, label %inner, label %inner.exit\n\ninner.exit:\n  %y = add i32 %x, 2\n".to_string(),
                "%n".to_string(),
                String::new(),
            ),
        };
        s.push_str(&body);
        s.push_str("  call void @use(i32 %y)\n  %s.next = add i32 %s, %y\n  br label %latch\n\nlatch:\n  %i.next = add nuw nsw i64 %i, 1\n");
        let _ = write!(
            s,
            "  %c = icmp ult i64 %i.next, {bound}\n  br i1 %c, label %loop, label %exit{md}\n\nexit:\n  %r = phi i32 [ %s.next, %latch ]\n  ret i32 %r\n}}\n\n"
        );
    }
    s.push_str("attributes #0 = { nounwind }\n\n");
    for f in 0..n {
        let id = 10 + 2 * f;
        match f % 6 {
            3 => {
                let _ = writeln!(s, "!{id} = distinct !{{!{id}, !{}}}", id + 1);
                let _ = writeln!(s, "!{} = !{{!\"llvm.loop.unroll.full\"}}", id + 1);
            }
            4 => {
                let _ = writeln!(s, "!{id} = distinct !{{!{id}, !{}}}", id + 1);
                let _ = writeln!(s, "!{} = !{{!\"llvm.loop.unroll.count\", i32 4}}", id + 1);
            }
            _ => {}
        }
    }
    s
}

#[test]
fn unroll_results_do_not_depend_on_the_number_of_threads() {
    let work = common::work_dir("threads-unroll");
    let input = work.join("loops.ll");
    // 1,800 functions: about 30,000 instructions, enough to split.
    std::fs::write(&input, loops_module(1_800)).expect("write input");
    for passes in [
        None,
        Some("loop-unroll<O3;runtime;peeling;upperbound>,transform-warning"),
    ] {
        let mut first: Option<(Vec<u8>, String)> = None;
        for threads in [1, 2, 3, 8] {
            let out = work.join(format!("out{threads}.ll"));
            let mut cmd = Command::new(env!("CARGO_BIN_EXE_loopwright"));
            cmd.env("LOOPWRIGHT_THREADS", threads.to_string());
            if let Some(p) = passes {
                cmd.arg(format!("-passes={p}"));
            }
            cmd.args(["-pass-remarks=.*", "-pass-remarks-missed=.*"])
                .arg(&input)
                .arg("-o")
                .arg(&out);
            let r = common::execute(&mut cmd);
            assert!(
                r.status.success(),
                "threads={threads}: {}",
                String::from_utf8_lossy(&r.stderr)
            );
            let got = (
                std::fs::read(&out).expect("output"),
                String::from_utf8_lossy(&r.stderr).into_owned(),
            );
            match &first {
                None => first = Some(got),
                Some(f) => {
                    assert!(
                        f.0 == got.0,
                        "{passes:?}: output with {threads} threads differs"
                    );
                    assert_eq!(
                        f.1, got.1,
                        "{passes:?}: remarks with {threads} threads differ"
                    );
                }
            }
        }
        let (text, remarks) = first.expect("a run");
        let text = String::from_utf8(text).expect("utf-8");
        // Every kind of decision was taken somewhere.
        assert!(remarks.contains("completely unrolled"), "{passes:?}");
        assert!(remarks.contains("peeled loop by"), "{passes:?}");
        assert!(
            remarks.contains("unrolled loop by a factor of 4"),
            "{passes:?}"
        );
        // (With runtime unrolling the forced full unroll of an unknown trip
        // count becomes a runtime unroll instead of a warning.)
        if passes.is_none() {
            assert!(remarks.contains("loop not unrolled"));
        }
        assert!(text.contains("llvm.loop.unroll.disable"), "{passes:?}");
        if loopwright_testkit::require(&["opt-19"]) {
            if let Some(p) = common::verify_problem(&work.join("out1.ll")) {
                panic!("{p}");
            }
        }
    }
    let _ = std::fs::remove_dir_all(&work);
}
