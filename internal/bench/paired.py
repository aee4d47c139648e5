"""Before and after on a noisy host: two benchmark binaries, alternated.

On a shared virtual machine the same benchmark spreads by ±15–30% from
run to run, and benchstat's ten or twenty runs of each cannot tell a few
per cent. Alternating the two binaries many times, a few iterations
each, and taking the ratio within each pair cancels most of what the
neighbours do. Prints, for each benchmark, the median of after/before
(cpu-ns/op) over the pairs and the quartiles around it.

    go test -c -o /tmp/before.test ./chrf    # at the older commit
    go test -c -o /tmp/after.test ./chrf
    /usr/bin/python3 internal/bench/paired.py /tmp/before.test /tmp/after.test 'Corpus/chrF|Sentences' 100

Run it from the package's directory, where the benchmarks find their data.
"""
import collections, subprocess, sys

before, after, pattern, pairs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])

def run(binary):
    out = subprocess.run([binary, "-test.run", "^$", "-test.bench", pattern, "-test.cpu", "1",
                          "-test.benchtime", "10x"], capture_output=True, text=True, check=True).stdout
    got = {}
    for line in out.splitlines():
        f = line.split()
        if line.startswith("Benchmark") and "cpu-ns/op" in f:
            got[f[0]] = float(f[f.index("cpu-ns/op") - 1])
    return got

ratios = collections.defaultdict(list)
for _ in range(pairs):
    b, a = run(before), run(after)
    for name in b.keys() & a.keys():
        ratios[name].append(a[name] / b[name])
for name in sorted(ratios):
    r = sorted(ratios[name])
    n = len(r)
    print(f"{name:28} after/before median {r[n // 2]:.3f}  quartiles {r[n // 4]:.3f}–{r[3 * n // 4]:.3f}  pairs {n}")
