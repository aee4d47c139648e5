"""The headline tables of BENCHMARKS.md and README.md, side by side in rounds.

Each round times, on the en-de corpus (JDExploreAcademy against reference
A): sacreBLEU 2.6.0's library (corpus BLEU with every tokenizer and the
sentence scores, corpus and sentence chrF and chrF++, corpus TER; each task
in a process of its own, so that no task's leftovers slow the next, the
least CPU time of five runs, three for TER and the BLEU sentences, a new
metric object each run); both command lines (cli.py's, the least of five
processes); then our benchmarks (the least of three runs, 30 iterations,
-cpu 1). A ratio is taken within a round; the summary gives each task's
range over the rounds and the median of its ratios, which a host that
slows both sides alike changes least.

Run from the repository root; it builds the test binaries and the command
line in a temporary directory:

    /usr/bin/python3 internal/bench/headline.py ../shared/conformance/data $SACREBLEU 10

With 0 rounds and a task's name (a key of library, below) it prints
sacreBLEU's time for that task alone, in milliseconds, as each round
has it:

    /usr/bin/python3 internal/bench/headline.py ../shared/conformance/data $SACREBLEU 0 "corpus BLEU, 13a"
"""
import json, os, re, shutil, statistics, subprocess, sys, tempfile, time

data, sacrebleu, rounds = sys.argv[1], os.path.abspath(sys.argv[2]), int(sys.argv[3])
sys.path.insert(0, sacrebleu)
from sacrebleu.metrics import BLEU, CHRF, TER

def lines(p): return open(p, encoding="utf-8").read().split("\n")[:-1]
def best(f, n=5):
    ts = []
    for _ in range(n):
        t = time.process_time(); f(); ts.append(time.process_time() - t)
    return min(ts) * 1e3

hyp = lines(data + "/en-de/sys-JDExploreAcademy.txt")
ref = lines(data + "/en-de/ref.txt")

def sentences(metric):
    def run():
        m = metric()  # one object for the corpus, as a caller scoring sentences has
        return [m.sentence_score(h, [r]).score for h, r in zip(hyp, ref)]
    return run

# task: (sacreBLEU, package directory, benchmark)
library = {f"corpus BLEU, {tok}": (lambda tok=tok: BLEU(tokenize=tok).corpus_score(hyp, [ref]), ".", f"^BenchmarkCorpus$/^{tok}$")
           for tok in ("13a", "intl", "zh", "char", "none")}
library |= {
    "2,037 sentence BLEU scores": (sentences(lambda: BLEU(effective_order=True)), ".", "^BenchmarkSentences$/^Sentences$"),
    "corpus chrF": (lambda: CHRF().corpus_score(hyp, [ref]), "chrf", "^BenchmarkCorpus$/^chrF$"),
    "corpus chrF++": (lambda: CHRF(word_order=2).corpus_score(hyp, [ref]), "chrf", "^BenchmarkCorpus$/^chrF\\+\\+$"),
    "2,037 sentence chrF": (sentences(CHRF), "chrf", "^BenchmarkSentences$/^chrF$"),
    "2,037 sentence chrF++": (sentences(lambda: CHRF(word_order=2)), "chrf", "^BenchmarkSentences$/^chrF\\+\\+$"),
    "corpus TER": (lambda: TER().corpus_score(hyp, [ref]), "ter", "^BenchmarkCorpusWMT$/^en-de-JDExploreAcademy$"),
}
slow = {"2,037 sentence BLEU scores", "corpus TER"}

if rounds == 0:  # one sacreBLEU task, in this process
    f = library[sys.argv[4]][0]
    print(best(f, 3 if sys.argv[4] in slow else 5))
    sys.exit()

tmp = tempfile.mkdtemp()
binaries = {}
for pkg in sorted({p for _, p, _ in library.values()}):
    binaries[pkg] = os.path.join(tmp, pkg.replace(".", "bleu") + ".test")
    subprocess.run(["go", "test", "-c", "-o", binaries[pkg], "./" + pkg], check=True)
cli = os.path.join(tmp, "bleu")
subprocess.run(["go", "build", "-o", cli, "./cmd/bleu"], check=True)

def bench(pkg, pattern):
    out = subprocess.run([binaries[pkg], "-test.run", "^$", "-test.bench", pattern, "-test.benchtime", "30x", "-test.cpu", "1"],
                         capture_output=True, text=True, cwd=pkg, check=True).stdout
    return int(re.search(r"([0-9]+) cpu-ns/op", out).group(1)) / 1e6

results = []  # one {task: (sacreBLEU ms, ours ms)} a round
for r in range(rounds):
    got = {task: [float(subprocess.run(["/usr/bin/python3", __file__, data, sacrebleu, "0", task],
                                       capture_output=True, text=True, check=True).stdout)]
           for task in library}
    out = subprocess.run(["/usr/bin/python3", os.path.abspath("internal/bench/cli.py"), os.path.abspath(data + "/en-de"), cli],
                         capture_output=True, text=True, cwd=sacrebleu, check=True).stdout
    for l in out.splitlines():  # "ARGS OURS SACREBLEU"
        args, ours, theirs = l.rsplit(" ", 2)
        got["command line " + args.removeprefix("-i ")] = [float(theirs), float(ours)]
    for task, (_, pkg, pattern) in library.items():
        got[task].append(min(bench(pkg, pattern) for _ in range(3)))
    results.append(got)
    print(json.dumps({"round": r, **got}), flush=True)
shutil.rmtree(tmp)

print("\n| task | sacreBLEU 2.6.0 | bleu | faster (median) |\n|---|---:|---:|---:|")
for task in results[0]:
    s = [g[task][0] for g in results]
    o = [g[task][1] for g in results]
    x = [a / b for a, b in zip(s, o)]
    print(f"| {task} | {min(s):,.0f}–{max(s):,.0f} ms | {min(o):.2f}–{max(o):.2f} ms | "
          f"{min(x):.0f}–{max(x):.0f}× ({statistics.median(x):.0f}×) |")
