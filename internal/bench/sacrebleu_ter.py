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
