#!/usr/bin/python3
"""Regenerates the texts and golden.json of this directory: sacreBLEU's exact
output for command lines with -m ter and -m bleu chrf ter, which TestCLITER
compares byte for byte.

Usage: gen.py SACREBLEU_DIR   (or SACREBLEU_DIR=... gen.py)

SACREBLEU_DIR is a checkout of sacreBLEU 2.6.0 (see ../exact/gen.py), run
with Debian's python3 and its regex, numpy, tabulate and lxml packages.

The texts are ours, from a fixed seed, made for what the --ter-* options
change: capitals (İ, Σ), punctuation attached to words, possessives before
punctuation (which sacreBLEU's second normalization of the references
splits), numbers with periods, commas and dashes, XML entities, CJK text
with its punctuation,
and hypotheses whose blocks of words are moved (TER's shifts); empty
references and hypotheses, two reference files, the same references
tab-separated in one file for -nr 2; and bad input (a short file, invalid
UTF-8), where only the exit status and an empty standard output are
compared.
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
         "İstanbul ΟΔΟΣ Σ naïve co-op U.S. 'quote' 1,000 3.14 12-15 &amp; &quot;hi&quot; &lt;b&gt; "
         "日本語 テスト 中文，句子。 「引用」 （注） 한국어 x y z cat's, dog's. it's").split()
rng = random.Random(20261207)


def sentence(n):
    return " ".join(rng.choice(words) for _ in range(n))


def edit(s):
    t = s.split()
    for _ in range(rng.randint(0, max(1, len(t) // 3))):
        op = rng.randrange(4)
        i = rng.randrange(len(t)) if t else 0
        if op == 0 and t:
            t[i] = rng.choice(words)
        elif op == 1 and len(t) > 1:
            del t[i]
        elif op == 2 and len(t) > 3:  # move a block of words: a shift
            n = rng.randint(1, min(4, len(t) - 1))
            block, rest = t[i:i + n], t[:i] + t[i + n:]
            j = rng.randrange(len(rest) + 1)
            t = rest[:j] + block + rest[j:]
        else:
            t.insert(i, rng.choice(words))
    return " ".join(t)


refs, refs2, hyps, sys2 = [], [], [], []
for i in range(100):
    r = "" if i % 23 == 4 else sentence(rng.randint(1, 30))
    refs.append(r)
    refs2.append(edit(r) or "x")  # never empty: -nr 2 needs a second field
    if i % 13 == 5:
        hyps.append("")
    elif i % 13 == 7:
        hyps.append(" \t ")
    elif i % 10 == 0:
        hyps.append(r.upper() if i % 20 == 0 else r)
    else:
        hyps.append(edit(r))
    sys2.append(edit(r) or "x")  # never empty: standard input needs a second field
files = {"ref.txt": refs, "ref2.txt": refs2, "hyp.txt": hyps, "sys2.txt": sys2,
         "refs.tsv": [a + "\t" + b for a, b in zip(refs, refs2)],
         "stdin.tsv": [a.replace("\t", " ") + "\t" + b for a, b in zip(hyps, sys2)]}
files["short.txt"] = hyps[:40]
for name, lines in files.items():
    with open(os.path.join(here, name), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
with open(os.path.join(here, "bad.txt"), "wb") as f:  # invalid UTF-8 on line 3
    f.write(("\n".join(hyps[:2]) + "\n").encode() + b"caf\xe9\n" + ("\n".join(hyps[3:]) + "\n").encode())

one = ["ref.txt", "-i", "hyp.txt"]
two = ["ref.txt", "-i", "hyp.txt", "sys2.txt"]
every = ["--ter-case-sensitive", "--ter-asian-support", "--ter-no-punct", "--ter-normalized"]
runs = []
for args, stdin in (
    (one + ["-m", "ter"], None),
    (one + ["-m", "ter", "-w", "16"], None),
    (one + ["-m", "ter", "-w", "16", "-f", "text"], None),
    (one + ["-m", "ter", "-w", "16", "-b"], None),
    (one + ["-m", "ter", "-w", "0", "-f", "text", "-sh"], None),
    (one + ["-m", "ter", "--ter-case-sensitive", "-w", "16"], None),
    (one + ["-m", "ter", "--ter-asian-support", "-w", "16", "-f", "text"], None),
    (one + ["-m", "ter", "--ter-no-punct", "-w", "16", "-f", "text"], None),
    (one + ["-m", "ter", "--ter-normalized", "-w", "16", "-f", "text"], None),
    (one + ["-m", "ter", "--ter-normalized", "--ter-asian-support", "-w", "16", "-f", "text", "-sh"], None),
    (one + ["-m", "ter", "--ter-no-punct", "--ter-asian-support", "-w", "16", "-f", "text"], None),
    (one + ["-m", "ter"] + every + ["-w", "16"], None),
    (one + ["-m", "ter", "--ter-normalized", "--ter-no-punct", "--ter-case-sensitive", "-w", "16", "-f", "text", "-sh"], None),
    (["ref.txt", "ref2.txt", "-i", "hyp.txt", "-m", "ter", "-w", "16"], None),
    (["ref.txt", "ref2.txt", "-i", "hyp.txt", "-m", "ter", "--ter-normalized", "-w", "16", "-f", "text"], None),
    (["refs.tsv", "-nr", "2", "-i", "hyp.txt", "-m", "ter", "-w", "16"], None),
    (one + ["-m", "ter", "-sl", "-w", "16"], None),
    (one + ["-m", "ter", "-sl", "-w", "16", "-sh"] + every, None),
    (one + ["-m", "ter", "-sl", "-b", "-w", "3"], None),
    (["ref.txt", "ref2.txt", "-i", "hyp.txt", "-m", "ter", "-sl", "-w", "16", "--ter-no-punct"], None),
    (one + ["-m", "bleu", "chrf", "ter"], None),
    (one + ["-m", "ter", "bleu", "chrf", "-w", "16", "-f", "text"], None),
    (one + ["-m", "ter", "chrf", "-cw", "2", "-w", "3", "-f", "text", "-sh", "--ter-normalized"], None),
    (one + ["-m", "bleu", "ter", "-b", "-f", "text"], None),
    (one + ["-m", "chrf", "ter", "-b"], None),
    (one + ["-m", "bleu", "chrf", "ter", "-lc", "--ter-case-sensitive", "-w", "16"], None),
    (one + ["-m", "ter", "bleu", "-sl"], None),
    (two + ["-m", "ter"], None),
    (two + ["-m", "ter", "-f", "text", "-w", "4"], None),
    (two + ["-m", "bleu", "chrf", "ter", "-f", "text"], None),
    (two + ["-m", "ter", "bleu", "-f", "latex", "-w", "2", "--ter-asian-support", "--ter-normalized"], None),
    (two + ["-m", "bleu", "ter", "chrf", "-w", "16", "-sh", "-f", "text"], None),
    (two + ["-m", "bleu", "chrf", "ter", "-w", "16"], None),
    (two + ["-m", "ter", "-b"], None),
    (two + ["-m", "ter", "bleu", "-b", "-f", "text"], None),
    (two + ["-m", "ter", "chrf", "-f", "latex", "-sh", "-w", "3"], None),
    (two + ["-m", "ter", "-sl"], None),
    (one + ["-m", "ter", "-f", "latex"], None),
    (one + ["-m", "ter", "-sl", "-f", "json"], None),
    (one + ["-m", "chrf", "ter", "bleu", "-b", "-w", "0"], None),
    (["ref.txt", "-m", "ter", "bleu", "-w", "16", "-f", "text"], "stdin.tsv"),
    (["ref.txt", "-m", "ter", "-w", "16"], "stdin.tsv"),
    (["ref.txt", "-m", "ter", "-w", "16", "-f", "text"], "hyp.txt"),
    (one + ["-m", "ter", "-d", "-w", "16"], None),
    (one + ["-m", "ter", "chrf", "-d"], None),
    (["ref.txt", "-i", "short.txt", "-m", "ter"], None),
    (["ref.txt", "-i", "bad.txt", "-m", "ter", "bleu"], None),
    (["ref.txt", "-i", "bad.txt", "-m", "ter", "-sl"], None),
    (["bad.txt", "-i", "hyp.txt", "-m", "ter"], None),
    (["ref.txt", "-i", "hyp.txt", "short.txt", "-m", "ter", "-f", "text"], None),
):
    inp = open(os.path.join(here, stdin), encoding="utf-8").read() if stdin else ""
    p = subprocess.run([sys.executable, "-m", "sacrebleu"] + args, cwd=here, capture_output=True, text=True,
                       input=inp, env=dict(os.environ, PYTHONPATH=sacrebleu))
    runs.append({"args": args, "stdin": stdin or "", "rc": p.returncode, "stdout": p.stdout})
with open(os.path.join(here, "golden.json"), "w", encoding="utf-8") as f:
    json.dump({"sacrebleu_version": "2.6.0", "runs": runs}, f, indent=1, ensure_ascii=False)
    f.write("\n")
