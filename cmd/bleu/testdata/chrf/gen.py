#!/usr/bin/python3
"""Regenerates the texts and golden.json of this directory: sacreBLEU's exact
output for command lines with -m chrf and -m bleu chrf, which TestCLIChrF
compares byte for byte.

Usage: gen.py SACREBLEU_DIR   (or SACREBLEU_DIR=... gen.py)

SACREBLEU_DIR is a checkout of sacreBLEU 2.6.0 (see ../exact/gen.py), run
with Debian's python3 and its regex, numpy, tabulate and lxml packages.

The texts are ours, from a fixed seed: words with punctuation attached,
capitals that lowercasing changes (İ, Σ), several kinds of whitespace,
empty and whitespace-only lines, two reference files, and the same
references tab-separated in one file for -nr 2; and bad input (a short
file, invalid UTF-8), where only the exit status and an empty standard
output are compared.
"""
import json
import os
import random
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
sacrebleu = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("SACREBLEU_DIR", "")
if not sacrebleu:
    sys.exit(__doc__)

words = ("the a The cat Cat dog sat on mat (rug) today, yesterday. quickly! slowly? red blue "
         "İstanbul ΟΔΟΣ Σ naïve Straße co-op U.S. 'quote' 日本語 テスト - — ... x").split()
spaces = [" ", " ", " ", "  ", "\u00a0", "\u3000", "\u2009"]
rng = random.Random(20261206)


def sentence(n):
    out = []
    for i in range(n):
        if i:
            out.append(rng.choice(spaces))
        out.append(rng.choice(words))
    return "".join(out)


def edit(s):
    t = s.split()
    for _ in range(rng.randint(0, max(1, len(t) // 2))):
        op = rng.randrange(3)
        i = rng.randrange(len(t)) if t else 0
        if op == 0 and t:
            t[i] = rng.choice(words)
        elif op == 1 and len(t) > 1:
            del t[i]
        else:
            t.insert(i, rng.choice(words))
    return " ".join(t)


refs, refs2, hyps, sys2 = [], [], [], []
for i in range(120):
    r = sentence(rng.randint(0 if i % 17 == 0 else 2, 25))
    refs.append(r)
    refs2.append(edit(r))
    if i % 13 == 5:
        hyps.append("")
    elif i % 13 == 7:
        hyps.append(" \t ")
    else:
        hyps.append(r if i % 10 == 0 else edit(r))
    sys2.append(edit(r))
files = {"ref.txt": refs, "ref2.txt": refs2, "hyp.txt": hyps, "sys2.txt": sys2,
         "refs.tsv": [a + "\t" + b for a, b in zip(refs, refs2)],
         "stdin.tsv": [a.replace("\t", " ") + "\t" + b for a, b in zip(hyps, sys2)]}
files["short.txt"] = hyps[:50]
for name, lines in files.items():
    with open(os.path.join(here, name), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
with open(os.path.join(here, "bad.txt"), "wb") as f:  # invalid UTF-8 on line 3
    f.write(("\n".join(hyps[:2]) + "\n").encode() + b"caf\xe9\n" + ("\n".join(hyps[3:]) + "\n").encode())

one = ["ref.txt", "-i", "hyp.txt"]
two = ["ref.txt", "-i", "hyp.txt", "sys2.txt"]
runs = []
for args, stdin in (
    (one + ["-m", "chrf"], None),
    (one + ["-m", "chrf", "-w", "16"], None),
    (one + ["-m", "chrf", "-w", "16", "-f", "text"], None),
    (one + ["-m", "chrf", "-w", "16", "-b"], None),
    (one + ["-m", "chrf", "-cw", "2", "-w", "16"], None),
    (one + ["-m", "chrf", "-cc", "0", "-cw", "3", "--chrf-beta", "0", "-w", "16"], None),
    (one + ["-m", "chrf", "-cc", "3", "-cw", "1", "--chrf-beta", "-1", "-w", "16", "-f", "text"], None),
    (one + ["-m", "chrf", "--chrf-whitespace", "-w", "16", "-f", "text", "-sh"], None),
    (one + ["-m", "chrf", "--chrf-lowercase", "-cw", "2", "-w", "16"], None),
    (one + ["-m", "chrf", "--chrf-eps-smoothing", "-w", "16", "-f", "text"], None),
    (["ref.txt", "ref2.txt", "-i", "hyp.txt", "-m", "chrf", "-cw", "2", "-w", "16"], None),
    (["ref.txt", "ref2.txt", "-i", "hyp.txt", "-m", "chrf", "--chrf-eps-smoothing", "--chrf-beta", "1", "-w", "16", "-f", "text"], None),
    (["refs.tsv", "-nr", "2", "-i", "hyp.txt", "-m", "chrf", "-w", "16"], None),
    (one + ["-m", "chrf", "-sl", "-w", "16"], None),
    (one + ["-m", "chrf", "-cw", "2", "-sl", "-w", "16", "-sh"], None),
    (one + ["-m", "chrf", "-sl", "-b", "-w", "3"], None),
    (["ref.txt", "ref2.txt", "-i", "hyp.txt", "-m", "chrf", "-sl", "-w", "16", "--chrf-eps-smoothing"], None),
    (one + ["-m", "bleu", "chrf"], None),
    (one + ["-m", "chrf", "bleu", "-w", "16", "-f", "text"], None),
    (one + ["-m", "bleu", "chrf", "-cw", "2", "-w", "3", "-f", "text", "-sh"], None),
    (one + ["-m", "bleu", "chrf", "-b", "-f", "text"], None),
    (one + ["-m", "bleu", "chrf", "-b"], None),
    (one + ["-m", "bleu", "chrf", "-lc", "--chrf-lowercase", "-tok", "intl", "-w", "16"], None),
    (one + ["-m", "chrf", "bleu", "-sl"], None),
    (two + ["-m", "chrf"], None),
    (two + ["-m", "chrf", "-f", "text", "-w", "4"], None),
    (two + ["-m", "bleu", "chrf", "-f", "text"], None),
    (two + ["-m", "chrf", "bleu", "-cw", "2", "-f", "latex", "-w", "2"], None),
    (two + ["-m", "bleu", "chrf", "-w", "16", "-sh", "-f", "text"], None),
    (two + ["-m", "bleu", "chrf", "-w", "16"], None),
    (["ref.txt", "-m", "chrf", "bleu", "-w", "16", "-f", "text"], "stdin.tsv"),
    (["ref.txt", "-m", "chrf", "-w", "16"], "stdin.tsv"),
    (one + ["-m", "chrf", "-d", "-w", "16"], None),
    (["ref.txt", "-i", "short.txt", "-m", "chrf"], None),
    (["ref.txt", "-i", "bad.txt", "-m", "chrf", "bleu"], None),
    (["ref.txt", "-i", "bad.txt", "-m", "chrf", "-sl"], None),
    (["ref.txt", "-i", "hyp.txt", "short.txt", "-m", "chrf", "-f", "text"], None),
):
    inp = open(os.path.join(here, stdin), encoding="utf-8").read() if stdin else ""
    p = subprocess.run([sys.executable, "-m", "sacrebleu"] + args, cwd=here, capture_output=True, text=True,
                       input=inp, env=dict(os.environ, PYTHONPATH=sacrebleu))
    runs.append({"args": args, "stdin": stdin or "", "rc": p.returncode, "stdout": p.stdout})
with open(os.path.join(here, "golden.json"), "w", encoding="utf-8") as f:
    json.dump({"sacrebleu_version": "2.6.0", "runs": runs}, f, indent=1, ensure_ascii=False)
    f.write("\n")
