"""CPU time of sacreBLEU 2.6.0's chrF on the WMT22 en-de corpus.

The figures of BENCHMARKS.md's chrF section, sacreBLEU's side: corpus
chrF and chrF++ against reference A, and against A and B (as
BenchmarkCorpusTwoRefs), and the 2,037 sentence scores, each the least
CPU time of three runs, a new CHRF object each run; then the sentence
scores of the same text in paragraphs of 5 and 20 segments (as
BenchmarkSentencesParagraphs joins them), of the same text with its
ASCII letters written in Cyrillic ones (as BenchmarkSentencesCyrillic
writes them), and of the en-zh and en-ja systems of
BenchmarkSentencesCJK, in sentences and in paragraphs of 20.

    PYTHONPATH=$SACREBLEU /usr/bin/python3 internal/bench/sacrebleu_chrf.py ../shared/conformance/data
"""
import sys, time
from sacrebleu.metrics import CHRF
def lines(p): return [l.rstrip() for l in open(p, encoding="utf-8", newline="\n")]
def best(f, n=3):
    ts = []
    for _ in range(n):
        t = time.process_time(); f(); ts.append(time.process_time() - t)
    return min(ts)
hyp = lines(sys.argv[1] + "/en-de/sys-JDExploreAcademy.txt")
ref = lines(sys.argv[1] + "/en-de/ref.txt")
ref2 = lines(sys.argv[1] + "/en-de/ref2.txt")
for name, nw in [("chrF", 0), ("chrF++", 2)]:
    print("corpus", name, best(lambda: CHRF(word_order=nw).corpus_score(hyp, [ref])))
    print("corpus two references", name, best(lambda: CHRF(word_order=nw).corpus_score(hyp, [ref, ref2])))
    def sentences():
        m = CHRF(word_order=nw)
        return [m.sentence_score(h, [r]).score for h, r in zip(hyp, ref)]
    print("sentences", name, best(sentences))
for k in (5, 20):
    ph = [" ".join(hyp[i:i + k]) for i in range(0, len(hyp), k)]
    pr = [" ".join(ref[i:i + k]) for i in range(0, len(ref), k)]
    for name, nw in [("chrF", 0), ("chrF++", 2)]:
        def paragraphs():
            m = CHRF(word_order=nw)
            return [m.sentence_score(h, [r]).score for h, r in zip(ph, pr)]
        print("paragraphs", f"k={k}", name, best(paragraphs))
cyr = "абцдефгхийклмнопярстуввхыз"
def cyrillic(t):
    return "".join(cyr[ord(c) - 97] if "a" <= c <= "z" else cyr[ord(c) - 65].upper() if "A" <= c <= "Z" else c for c in t)
hyp, ref = [cyrillic(l) for l in hyp], [cyrillic(l) for l in ref]
for name, nw in [("chrF", 0), ("chrF++", 2)]:
    def sentences():
        m = CHRF(word_order=nw)
        return [m.sentence_score(h, [r]).score for h, r in zip(hyp, ref)]
    print("sentences", name, "cyrillic", best(sentences))
for pair in ["en-zh", "en-ja"]:
    hyp = lines(sys.argv[1] + "/" + pair + "/sys-JDExploreAcademy.txt")
    ref = lines(sys.argv[1] + "/" + pair + "/ref.txt")
    for name, nw in [("chrF", 0), ("chrF++", 2)]:
        def sentences():
            m = CHRF(word_order=nw)
            return [m.sentence_score(h, [r]).score for h, r in zip(hyp, ref)]
        print("sentences", name, pair, best(sentences))
    ph = [" ".join(hyp[i:i + 20]) for i in range(0, len(hyp), 20)]
    pr = [" ".join(ref[i:i + 20]) for i in range(0, len(ref), 20)]
    for name, nw in [("chrF", 0), ("chrF++", 2)]:
        def paragraphs():
            m = CHRF(word_order=nw)
            return [m.sentence_score(h, [r]).score for h, r in zip(ph, pr)]
        print("paragraphs", "k=20", name, pair, best(paragraphs))
