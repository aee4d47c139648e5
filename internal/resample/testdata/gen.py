"""Goldens for float rows (internal/resample): NumPy's own bootstrap and
approximate randomization, as sacreBLEU 2.6.0's significance.py runs them,
on per-segment statistics shaped like TER's ([edits, average reference
length], floats), scored as TER scores them.

Run with Debian's python3 and NumPy 1.24:
    /usr/bin/python3 internal/resample/testdata/gen.py > internal/resample/testdata/float_rows.json
"""
import json

import numpy as np


def rows(n, seed):
    # A deterministic generator of our own (not NumPy's), so that Go can
    # make the same rows: a 64-bit linear congruential sequence.
    state = seed
    out = []
    for _ in range(n):
        state = (state * 6364136223846793005 + 1442695040888963407) % 2**64
        edits = (state >> 33) % 15
        state = (state * 6364136223846793005 + 1442695040888963407) % 2**64
        nrefs = 1 + (state >> 33) % 3
        total = 0
        for _ in range(nrefs):
            state = (state * 6364136223846793005 + 1442695040888963407) % 2**64
            total += 1 + (state >> 33) % 40
        out.append([float(edits), total / nrefs])
    return out


def ter(stats):
    # sacreBLEU's TER._compute_score_from_stats, in the stats' own dtype.
    edits, ref_len = stats[0], stats[1]
    if ref_len > 0:
        score = edits / ref_len
    elif edits > 0:
        score = 1.0
    else:
        score = 0.0
    return float(100 * score)


def main():
    N = 300
    bl, sy = rows(N, 1), rows(N, 2)
    # Bootstrap (_bootstrap_resample): float32 stats, sums along axis 0.
    rng = np.random.default_rng(12345)
    idxs = rng.choice(N, size=(200, N), replace=True)
    stats = np.array(sy, dtype='float32')
    boot = [ter(s.sum(0)) for s in stats[idxs]]
    # Approximate randomization (_paired_ar_test): float64 stats.
    rng = np.random.default_rng(12345)
    n_ar = 500
    pos_sel = rng.integers(2, size=(n_ar, N), dtype=bool)
    neg_sel = ~pos_sel
    bl_stats, sys_stats = np.array(bl), np.array(sy)
    diff = abs(ter(bl_stats.sum(0)) - ter(sys_stats.sum(0)))
    shuf_a = pos_sel @ bl_stats + neg_sel @ sys_stats
    shuf_b = neg_sel @ bl_stats + pos_sel @ sys_stats
    scores_a = np.array([ter(x) for x in shuf_a])
    scores_b = np.array([ter(x) for x in shuf_b])
    count = int(np.sum(np.abs(scores_a - scores_b) > diff))
    json.dump({"segments": N, "bootstrap": boot, "ar_trials": n_ar, "ar_count": count,
               "diff": diff}, __import__('sys').stdout, indent=1)


main()
