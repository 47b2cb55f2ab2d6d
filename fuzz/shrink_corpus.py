#!/usr/bin/env python3
"""Shrinks a fuzz corpus to at most LIMIT files that cover the most edges.

libFuzzer's merge (and `cargo fuzz cmin`) keeps every file that adds a
feature, which after a long run is thousands of files. This script measures
each file's edge coverage on its own (one libFuzzer merge per file, so the
numbers are not incremental), then picks files greedily by new edges,
smaller files first on ties, skipping files of 64 KiB or more.

    python3 fuzz/shrink_corpus.py BINARY SRC_DIR DST_DIR [LIMIT]

BINARY is a built fuzz target (e.g. fuzz/target/x86_64-unknown-linux-gnu/
release/parse). Pre-merging SRC_DIR with `-merge=1 -use_counters=0` first
makes this much faster.
"""
import os
import shutil
import subprocess
import sys
import tempfile

MAX_SIZE = 64 * 1024


def edges(binary, path, tmp):
    """The edges (PC table indices) that running `path` alone covers."""
    ctl = os.path.join(tmp, "ctl")
    out = os.path.join(tmp, "out")
    one = os.path.join(tmp, "one")
    for d in (out, one):
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
    if os.path.exists(ctl):
        os.remove(ctl)
    shutil.copy(path, one)
    subprocess.run(
        [binary, "-merge=1", "-merge_control_file=" + ctl, "-rss_limit_mb=4096",
         "-timeout=10", out, one],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    cov = set()
    with open(ctl) as f:
        for line in f:
            if line.startswith("COV "):
                cov.update(int(x) for x in line.split()[2:])
    return cov


def main():
    binary, src, dst = sys.argv[1:4]
    limit = int(sys.argv[4]) if len(sys.argv) > 4 else 300
    names = sorted(n for n in os.listdir(src) if not n.startswith("."))
    size = {n: os.path.getsize(os.path.join(src, n)) for n in names}
    cov = {}
    with tempfile.TemporaryDirectory() as tmp:
        for i, n in enumerate(names):
            if size[n] < MAX_SIZE:
                cov[n] = edges(binary, os.path.join(src, n), tmp)
            if i % 100 == 99:
                print(f"measured {i + 1}/{len(names)}", file=sys.stderr)
    # Edge sets as bit sets (Python integers): the greedy choice counts new
    # edges for every file in every round, which on sets took minutes.
    bits = {n: sum(1 << e for e in c) for n, c in cov.items()}
    total = 0
    for b in bits.values():
        total |= b
    covered, chosen = 0, []
    while len(chosen) < limit and bits:
        best = max(bits, key=lambda n: (bin(bits[n] & ~covered).count("1"), -size[n]))
        if not bits[best] & ~covered:
            break
        chosen.append(best)
        covered |= bits.pop(best)
    os.makedirs(dst, exist_ok=True)
    for n in chosen:
        shutil.copy(os.path.join(src, n), dst)
    print(f"{len(chosen)} files cover {bin(covered).count('1')} of "
          f"{bin(total).count('1')} edges of {len(size)} files")


if __name__ == "__main__":
    main()
