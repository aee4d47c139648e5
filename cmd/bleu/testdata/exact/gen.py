#!/usr/bin/python3
"""Regenerates the texts and golden.json of this directory: sacreBLEU's exact
output at -w 16, which TestCLIExact compares byte for byte.

Usage: gen.py SACREBLEU_DIR   (or SACREBLEU_DIR=... gen.py)

SACREBLEU_DIR is a checkout of sacreBLEU 2.6.0:
    git clone https://github.com/mjpost/sacrebleu && git -C sacrebleu checkout v2.6.0
    echo '__version__ = "2.6.0"' > sacrebleu/sacrebleu/version.py
run with Debian's python3 and python3-regex python3-numpy python3-tabulate
python3-portalocker python3-colorama python3-lxml installed.

The texts are ours: sentences drawn from a small vocabulary with a fixed
seed, every tenth hypothesis equal to its reference (sacreBLEU scores those
100.00000000000004), so that the scores take many values whose last digits
at -w 16 tell exact arithmetic from nearly exact.
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

words = ("the a cat dog sat on mat rug today yesterday quickly slowly red blue big small "
         "house garden tree river walked ran saw heard , . ! ?").split()
rng = random.Random(20261204)


def sentence(n):
    return " ".join(rng.choice(words) for _ in range(n))


def edit(s):
    t = s.split()
    for _ in range(rng.randint(0, max(1, len(t) // 2))):
        op = rng.randrange(3)
        i = rng.randrange(len(t))
        if op == 0:
            t[i] = rng.choice(words)
        elif op == 1 and len(t) > 1:
            del t[i]
        else:
            t.insert(i, rng.choice(words))
    return " ".join(t)


refs, hyps, sys2 = [], [], []
for i in range(300):
    r = sentence(rng.randint(3, 30))
    refs.append(r)
    hyps.append(r if i % 10 == 0 else edit(r))
    sys2.append(edit(r))

# Floor smoothing with a value above 1 lifts sacreBLEU's BLEU past 100
# where an order has no matches, scored with -s floor -sv 50: the
# hypotheses are their references' distinct words reversed (no bigram
# matches at all, so the corpus scores far above 100), the second system
# the same words shuffled (some bigrams match).
frefs, fhyps, fsys2 = [], [], []
for i in range(8):
    r = rng.sample(words[:24], rng.randint(4, 7))
    h2 = r[:]
    rng.shuffle(h2)
    frefs.append(" ".join(r))
    fhyps.append(" ".join(reversed(r)))
    fsys2.append(" ".join(h2))
for name, lines in (("ref.txt", refs), ("hyp.txt", hyps), ("sys2.txt", sys2),
                    ("floor.ref.txt", frefs), ("floor.hyp.txt", fhyps), ("floor.sys2.txt", fsys2)):
    with open(os.path.join(here, name), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")

runs = []
for args in (
    ["ref.txt", "-i", "hyp.txt", "-w", "16"],
    ["ref.txt", "-i", "hyp.txt", "-w", "16", "-b"],
    ["ref.txt", "-i", "hyp.txt", "-w", "16", "-f", "json"],
    ["ref.txt", "-i", "hyp.txt", "-w", "16", "-sl"],
    ["ref.txt", "-i", "hyp.txt", "-w", "16", "-sl", "-b"],
    ["ref.txt", "-i", "hyp.txt", "-w", "16", "-sl", "-tok", "char", "-s", "floor"],
    ["ref.txt", "-i", "hyp.txt", "sys2.txt", "-w", "16", "-f", "json"],
    ["ref.txt", "-i", "hyp.txt", "sys2.txt", "-w", "16", "--paired-bs", "-f", "json"],
    ["floor.ref.txt", "-i", "floor.hyp.txt", "-w", "16", "-s", "floor", "-sv", "50"],
    ["floor.ref.txt", "-i", "floor.hyp.txt", "-w", "16", "-s", "floor", "-sv", "50", "-f", "json"],
    ["floor.ref.txt", "-i", "floor.hyp.txt", "-w", "16", "-s", "floor", "-sv", "50", "-sl"],
    ["floor.ref.txt", "-i", "floor.hyp.txt", "-w", "16", "-s", "floor", "-sv", "50", "-ci", "-f", "json"],
    ["floor.ref.txt", "-i", "floor.hyp.txt", "floor.sys2.txt", "-w", "16", "-s", "floor", "-sv", "50", "--paired-bs", "-f", "json"],
    ["floor.ref.txt", "-i", "floor.hyp.txt", "floor.sys2.txt", "-w", "16", "-s", "floor", "-sv", "50", "--paired-ar", "-parn", "500", "-f", "json"],
):
    p = subprocess.run([sys.executable, "-m", "sacrebleu"] + args, cwd=here, capture_output=True, text=True,
                       env=dict(os.environ, PYTHONPATH=sacrebleu))
    runs.append({"args": args, "rc": p.returncode, "stdout": p.stdout})
with open(os.path.join(here, "golden.json"), "w", encoding="utf-8") as f:
    json.dump({"sacrebleu_version": "2.6.0", "runs": runs}, f, indent=1, ensure_ascii=False)
    f.write("\n")
