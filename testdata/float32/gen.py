#!/usr/bin/python3
"""Regenerates golden.json: sacreBLEU's bootstrap resample scores of a
synthetic corpus large enough that the float32 sums of a resample pass 2^24
(where float32 arithmetic stops being exact and its rounding depends on the
order of the additions). TestBootstrapFloat32Golden builds the same rows in
Go (syntheticGoldenRows) and checks every score bit for bit.

Usage:
    SACREBLEU=/path/to/sacrebleu /usr/bin/python3 testdata/float32/gen.py > testdata/float32/golden.json

SACREBLEU is a checkout of sacreBLEU 2.6.0, which is not part of this
repository: git clone https://github.com/mjpost/sacrebleu; git checkout
v2.6.0; write sacrebleu/version.py with __version__ = "2.6.0". It runs with
Debian's python3 and python3-regex python3-numpy (1.24) python3-tabulate
python3-portalocker python3-colorama python3-lxml.
"""
import json
import os
import sys

sys.path.insert(0, os.environ["SACREBLEU"])
os.environ["SACREBLEU_SEED"] = "12345"

import numpy as np  # noqa: E402
from sacrebleu.metrics import BLEU  # noqa: E402
from sacrebleu.significance import _bootstrap_resample  # noqa: E402

MASK = (1 << 64) - 1
SEGMENTS = 700_000
RESAMPLES = 3


def splitmix64(x):
    x = (x + 0x9E3779B97F4A7C15) & MASK
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return x, z ^ (z >> 31)


def rows(n):
    """[hyp len, ref len, matches 1-4, totals 1-4] of n segments; the Go
    twin is syntheticGoldenRows."""
    state, out = 1, []
    for _ in range(n):
        state, r = splitmix64(state)
        ref = 1 + r % 60
        hyp = max(1, ref + (r >> 8) % 9 - 4)
        q = 40 + (r >> 16) % 50
        matches, totals, prev = [], [], hyp
        for k in range(4):
            tot = max(0, hyp - k)
            m = min(tot, prev * q // 100)
            matches.append(m)
            totals.append(tot)
            prev = m
        out.append([hyp, ref] + matches + totals)
    return out


stats = rows(SEGMENTS)
_, scores = _bootstrap_resample(stats, BLEU(), RESAMPLES)
rng = np.random.default_rng(12345)
idxs = rng.choice(len(stats), size=(RESAMPLES, len(stats)), replace=True)
f32 = np.array(stats, dtype="float32")
i64 = np.array(stats, dtype="int64")
json.dump({
    "segments": SEGMENTS,
    "seed": 12345,
    "scores": [s.score for s in scores],
    "float32_sums": [[int(v) for v in f32[i].sum(0)] for i in idxs],
    "exact_sums": [[int(v) for v in i64[i].sum(0)] for i in idxs],
}, sys.stdout, indent=1)
print()
