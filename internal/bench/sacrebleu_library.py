"""CPU time of sacreBLEU 2.6.0's library on the WMT22 en-de corpus.

sacreBLEU's side of the BLEU rows of BENCHMARKS.md's headline, alone
(headline.py times them with every other row, in rounds): corpus BLEU with
every tokenizer and the sentence scores, each the least CPU time of five
runs (three for the sentences), a new BLEU object each run so that its
tokenizers' lru_cache starts empty, as in a new process.

    PYTHONPATH=$SACREBLEU /usr/bin/python3 internal/bench/sacrebleu_library.py ../shared/conformance/data
"""
import sys, time
from sacrebleu.metrics import BLEU
def lines(p): return open(p, encoding="utf-8").read().split("\n")[:-1]
def best(f, n=5):
    ts = []
    for _ in range(n):
        t = time.process_time(); f(); ts.append(time.process_time() - t)
    return min(ts)
hyp = lines(sys.argv[1] + "/en-de/sys-JDExploreAcademy.txt")
ref = lines(sys.argv[1] + "/en-de/ref.txt")
for tok in ["13a", "intl", "zh", "char", "none"]:
    print(tok, best(lambda: BLEU(tokenize=tok).corpus_score(hyp, [ref])))
def sentences():
    b = BLEU(effective_order=True)
    return [b.sentence_score(h, [r]).score for h, r in zip(hyp, ref)]
print("sentences", best(sentences, 3))
