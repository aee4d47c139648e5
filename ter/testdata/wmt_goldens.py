"""Computes sacreBLEU 2.6.0's TER on the WMT22 conformance set and writes
only numbers (no text) to ter/testdata/wmt.json.

Run from the module root with Debian's python and sacreBLEU 2.6.0:

    PYTHONPATH=/work/sacrebleu /usr/bin/python3 ter/testdata/wmt_goldens.py \
        ../shared/conformance > ter/testdata/wmt.json

For each language pair, system and option set it records the corpus sums
(edits, reference length), the score, the signature and the SHA-256 of
the per-segment statistics, one "edits avg_ref_len" line a segment with
the average reference length as repr() prints it, with one reference and,
where the pair has two, with both. It takes about 20 minutes.
"""
import hashlib
import json
import os
import sys
import time

from sacrebleu.metrics import TER

CONFIGS = [
    ("default", {}),
    ("normalized", {"normalized": True}),
    ("nopunct_case", {"no_punct": True, "case_sensitive": True}),
    ("asian", {"normalized": True, "no_punct": True, "asian_support": True}),
]


def lines(path):
    with open(path, encoding="utf-8", newline="\n") as f:
        return [l.rstrip("\n") for l in f]


def main():
    root = sys.argv[1]
    data = os.path.join(root, "data")
    out = []
    for pair in sorted(os.listdir(data)):
        d = os.path.join(data, pair)
        if not os.path.isdir(d):
            continue
        refs = [lines(os.path.join(d, "ref.txt"))]
        if os.path.exists(os.path.join(d, "ref2.txt")):
            refs.append(lines(os.path.join(d, "ref2.txt")))
        systems = sorted(f for f in os.listdir(d) if f.startswith("sys-"))
        for name, kw in CONFIGS:
            if name == "asian" and pair not in ("en-zh", "en-ja"):
                continue
            for nrefs in sorted({1, len(refs)}):
                for sysf in systems:
                    hyps = lines(os.path.join(d, sysf))
                    ter = TER(**kw)
                    t0 = time.process_time()
                    stats = ter._extract_corpus_statistics(hyps, refs[:nrefs])
                    score = ter._aggregate_and_compute(stats)
                    cpu = time.process_time() - t0
                    rows = "".join(f"{e} {r!r}\n" for e, r in stats)
                    out.append({
                        "pair": pair,
                        "system": sysf[4:-4],
                        "config": name,
                        "options": kw,
                        "refs": ["ref.txt", "ref2.txt"][:nrefs],
                        "edits": score.num_edits,
                        "ref_length": score.ref_length,
                        "score": score.score,
                        "signature": str(ter.get_signature()),
                        "segments_sha256": hashlib.sha256(rows.encode()).hexdigest(),
                        "cpu_seconds": round(cpu, 2),
                    })
                    print(pair, sysf, name, nrefs, score, f"{cpu:.2f}s", file=sys.stderr)
    json.dump({"generator": "ter/testdata/wmt_goldens.py", "sacrebleu": "2.6.0", "results": out},
              sys.stdout, indent=1)
    print()


main()
