#!/usr/bin/python3
"""Regenerates the texts and golden.json of this directory: sacreBLEU
2.6.0's output with -tok flores200, flores101, spm and spBLEU-1K, which
TestCLISPM compares byte for byte.

Usage: gen.py SACREBLEU_DIR   (a checkout of sacreBLEU 2.6.0, as for
../exact/gen.py; Debian's python3-sentencepiece 0.1.97 installed)

The real models cannot be fetched here: test models of spm/testdata/models
stand in for them, copied into a scratch $SACREBLEU/models under the file
names sacreBLEU looks for (the Go test copies them the same way). The
texts are ours, from spm/testdata/gen_text.py.
"""
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
models = os.path.join(here, "..", "..", "..", "..", "spm", "testdata", "models")
sys.path.insert(0, os.path.dirname(models))
import gen_text  # noqa: E402

sacrebleu = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("SACREBLEU_DIR", "")
if not sacrebleu:
    sys.exit(__doc__)

# sacreBLEU's model file name -> the test model standing in for it
STAND_INS = {
    "flores200sacrebleuspm": "unigram_identity",
    "sacrebleu_tokenizer_spm.model": "bpe_identity",
    "spbleu-1k_tokenizer_spm.model": "bpe_bytes",
}

rng = random.Random(36)
refs, hyps = [], []
for i in range(120):
    r = gen_text.sentence(rng)
    t = r.split()
    for _ in range(rng.randint(0, 4)):
        if len(t) > 1 and rng.random() < 0.5:
            del t[rng.randrange(len(t))]
        else:
            t[rng.randrange(len(t))] = gen_text.word(rng, rng.choice(list(gen_text.SYLLABLES)))
    refs.append(r)
    hyps.append(r if i % 8 == 0 else " ".join(t))
refs.append("tabs\tand  spaces, ＦＵＬＬ　ｗｉｄｔｈ")
hyps.append("tabs and spaces ＦＵＬＬ ｗｉｄｔｈ")
for name, lines in (("ref.txt", refs), ("hyp.txt", hyps)):
    with open(os.path.join(here, name), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")

scratch = tempfile.mkdtemp()
try:
    os.makedirs(os.path.join(scratch, "models"))
    for file, model in STAND_INS.items():
        shutil.copy(os.path.join(models, model + ".model"), os.path.join(scratch, "models", file))
    runs = []
    for args in (
        ["ref.txt", "-i", "hyp.txt", "-w", "16", "-tok", "flores200"],
        ["ref.txt", "-i", "hyp.txt", "-w", "16", "-tok", "flores101", "-f", "json"],
        ["ref.txt", "-i", "hyp.txt", "-w", "16", "-tok", "spm"],
        ["ref.txt", "-i", "hyp.txt", "-w", "16", "-tok", "spBLEU-1K", "-lc"],
        ["ref.txt", "-i", "hyp.txt", "-w", "16", "-tok", "flores200", "-sl"],
    ):
        p = subprocess.run([sys.executable, "-m", "sacrebleu"] + args, cwd=here, capture_output=True, text=True,
                           env=dict(os.environ, PYTHONPATH=sacrebleu, SACREBLEU=scratch))
        runs.append({"args": args, "rc": p.returncode, "stdout": p.stdout})
finally:
    shutil.rmtree(scratch)
with open(os.path.join(here, "golden.json"), "w", encoding="utf-8") as f:
    json.dump({"sacrebleu_version": "2.6.0", "models": STAND_INS, "runs": runs}, f, indent=1, ensure_ascii=False)
    f.write("\n")
