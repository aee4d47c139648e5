#!/usr/bin/python3
"""Times sentencepiece 0.1.97 on the large benchmark model, in CPU time,
for comparison with BenchmarkEncodeLarge and BenchmarkLoadLarge (which
make the model and the lines in $TMPDIR/bleu-spm-bench first):

  - the Python binding's EncodeAsPieces, line by line, as sacreBLEU's
    TokenizerSPM calls it;
  - spm_encode --output_format=piece on the whole file, less its run on
    an empty input (the model load), which is reported apart.

Usage: bench.py [DIR [MODEL]]   (default $TMPDIR/bleu-spm-bench large;
MODEL large-bpe for the BPE model)
"""
import os
import resource
import subprocess
import sys
import tempfile
import time

import sentencepiece as spm

d = sys.argv[1] if len(sys.argv) > 1 else os.path.join(tempfile.gettempdir(), "bleu-spm-bench")
name = sys.argv[2] if len(sys.argv) > 2 else "large"
model = os.path.join(d, name + ".model")
with open(os.path.join(d, "lines.txt"), encoding="utf-8") as f:
    lines = f.read().split("\n")[:-1]

t = time.process_time()
sp = spm.SentencePieceProcessor()
sp.Load(model)
load = time.process_time() - t
print(f"pieces {sp.GetPieceSize()}, lines {len(lines)}")
print(f"python load: {load * 1e3:.1f} ms")

best = None
for _ in range(5):
    t = time.process_time()
    for line in lines:
        sp.EncodeAsPieces(line)
    e = time.process_time() - t
    best = e if best is None else min(best, e)
print(f"python EncodeAsPieces: {best / len(lines) * 1e9:.0f} ns/line")


def child_cpu(args, stdin):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(stdin, "rb") as f:
        subprocess.run(args, stdin=f, stdout=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


args = ["spm_encode", "--model=" + model, "--output_format=piece"]
empty = os.path.join(d, "empty.txt")
open(empty, "w").close()
e0 = min(child_cpu(args, empty) for _ in range(3))
e1 = min(child_cpu(args, os.path.join(d, "lines.txt")) for _ in range(3))
print(f"spm_encode load: {e0 * 1e3:.1f} ms")
print(f"spm_encode: {(e1 - e0) / len(lines) * 1e9:.0f} ns/line")
