"""CPU time of sacreBLEU 2.6.0's TER on WMT22 systems.

The figures of BENCHMARKS.md's "TER" section, sacreBLEU's side: corpus TER
of one system against reference A, the least CPU time of three runs, a new
TER object each run so that its tokenizer's lru_cache starts empty, as in
a new process.

    PYTHONPATH=$SACREBLEU /usr/bin/python3 internal/bench/sacrebleu_ter.py ../shared/conformance/data
"""
import sys, time
from sacrebleu.metrics import TER
def lines(p): return open(p, encoding="utf-8").read().split("\n")[:-1]
def best(f, n=3):
    ts = []
    for _ in range(n):
        t = time.process_time(); f(); ts.append(time.process_time() - t)
    return min(ts)
d = sys.argv[1]
for name, pair, system, kw in [
    ("en-de", "en-de", "PROMT", {}),
    ("en-de-JDExploreAcademy", "en-de", "JDExploreAcademy", {}),
    ("en-zh-asian", "en-zh", "HuaweiTSC", {"normalized": True, "no_punct": True, "asian_support": True}),
]:
    hyp = lines(f"{d}/{pair}/sys-{system}.txt")
    ref = lines(f"{d}/{pair}/ref.txt")
    print(name, best(lambda: TER(**kw).corpus_score(hyp, [ref])), flush=True)

# The long segments of ter/testdata/goldens.json (section "segments",
# name "long"), each scored alone: BenchmarkGoldenLong's cases.
import json
g = json.load(open("ter/testdata/goldens.json", encoding="utf-8"))
for seg in g["segments"]:
    if seg["name"] == "long":
        for i, (hyp, refs, *_rest) in enumerate(seg["cases"]):
            if len(hyp.split()) >= 1000 or len(refs[0].split()) >= 1000:
                print(f"long-{i} ({len(hyp.split())}x{len(refs[0].split())} words)",
                      best(lambda: TER().sentence_score(hyp, refs), 1), flush=True)
