#!/usr/bin/python3
"""Makes wmt.json: sacreBLEU 2.6.0's chrF and chrF++ on the WMT22
conformance set (/work/shared/conformance, see internal/conftest), numbers
only: no text of the set is written.

    PYTHONPATH=/work/sacrebleu /usr/bin/python3 chrf/testdata/gen_wmt.py DIR > chrf/testdata/wmt.json

Lines are read as sacreBLEU's command line reads files: only "\\n" ends a
line, and each is rstrip()ped. For every system: the corpus score and
statistics against ref.txt, and against ref.txt and ref2.txt where there
is a ref2.txt; and the SHA-256 of its sentence scores against ref.txt
(each score's IEEE 754 bits, little-endian, one after the other).
"""

import hashlib
import json
import os
import struct
import sys

from sacrebleu.metrics.chrf import CHRF
from sacrebleu.utils import sum_of_lists


def read(path):
    with open(path, encoding="utf-8", newline="\n") as f:
        return [line.rstrip() for line in f]


def main(root):
    data = os.path.join(root, "data")
    out = []
    for pair in sorted(os.listdir(data)):
        d = os.path.join(data, pair)
        if not os.path.isdir(d):
            continue
        refs = [read(os.path.join(d, "ref.txt"))]
        if os.path.exists(os.path.join(d, "ref2.txt")):
            refs.append(read(os.path.join(d, "ref2.txt")))
        for sysfile in sorted(f for f in os.listdir(d) if f.startswith("sys-")):
            hyps = read(os.path.join(d, sysfile))
            for nw in (0, 2):
                m = CHRF(word_order=nw)
                entry = {"pair": pair, "system": sysfile, "word_order": nw}
                for k in range(1, len(refs) + 1):
                    stats = m._extract_corpus_statistics(hyps, refs[:k])
                    entry["refs%d" % k] = {
                        "score": float(m._aggregate_and_compute(stats).score),
                        "stats": [int(v) for v in sum_of_lists(stats)],
                    }
                h = hashlib.sha256()
                for i, hyp in enumerate(hyps):
                    h.update(struct.pack("<d", m.sentence_score(hyp, [refs[0][i]]).score))
                entry["sentences_sha256"] = h.hexdigest()
                out.append(entry)
                print(pair, sysfile, nw, file=sys.stderr)
    json.dump({"generator": "chrf/testdata/gen_wmt.py", "systems": out}, sys.stdout, indent=1)
    sys.stdout.write("\n")


main(sys.argv[1])
