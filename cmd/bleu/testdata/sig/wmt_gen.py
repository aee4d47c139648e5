#!/usr/bin/python3
"""Regenerates wmt.json of this directory: sacreBLEU 2.6.0's standard
output for the paired tests with -m bleu chrf ter on the four de-en systems
of the WMT conformance set, at their default numbers of resamples and
trials, which TestCLISignificanceWMT compares byte for byte when the set is
present. Only sacreBLEU's output (system file names and numbers) is kept,
no text of the set.

Usage: wmt_gen.py SACREBLEU_DIR CONFORMANCE_DIR
"""
import json
import os
import subprocess
import sys

if len(sys.argv) != 3:
    sys.exit(__doc__)
sacrebleu, conformance = sys.argv[1], sys.argv[2]
here = os.path.dirname(os.path.abspath(__file__))
data = os.path.join(conformance, "data", "de-en")
systems = sorted(f for f in os.listdir(data) if f.startswith("sys-"))
runs = []
for test in ("-pbs", "-par"):
    args = ["ref.txt", "-i"] + systems + ["-m", "bleu", "chrf", "ter", test, "-q"]
    env = {k: v for k, v in os.environ.items() if k != "SACREBLEU_SEED"}
    env["PYTHONPATH"] = sacrebleu
    p = subprocess.run([sys.executable, "-m", "sacrebleu"] + args, cwd=data, capture_output=True, text=True, env=env)
    runs.append({"dir": "data/de-en", "args": args, "rc": p.returncode, "stdout": p.stdout})
with open(os.path.join(here, "wmt.json"), "w", encoding="utf-8") as f:
    json.dump({"sacrebleu_version": "2.6.0", "runs": runs}, f, indent=1, ensure_ascii=False)
    f.write("\n")
