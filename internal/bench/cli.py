"""CPU time of the bleu and sacreBLEU command lines, side by side.

The command-line rows of BENCHMARKS.md's headline (headline.py runs it
each round) and of its chrF section: for each command line, the least
CPU time (user + system, milliseconds) of five processes of each tool,
start-up included. Run from the sacreBLEU checkout, so that
`python3 -m sacrebleu` is 2.6.0:

    go build -o /tmp/bleu ./cmd/bleu
    cd $SACREBLEU && /usr/bin/python3 $OLDPWD/internal/bench/cli.py $OLDPWD/../shared/conformance/data/en-de /tmp/bleu
"""
import os, subprocess, sys
D, S = sys.argv[1], [f"{sys.argv[1]}/sys-{s}.txt" for s in ("JDExploreAcademy", "Online-B", "OpenNMT", "PROMT")]
def cpu(argv):
    ts = []
    for _ in range(5):
        p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, ru = os.wait4(p.pid, 0); assert status == 0
        ts.append((ru.ru_utime + ru.ru_stime) * 1e3)
    return min(ts)
for args in (["-i", S[0], "-b"], ["-i", S[0], "-sl"], ["-i", S[0], "--confidence"],
             ["-i", *S, "--paired-bs"], ["-i", *S, "--paired-ar"],
             ["-i", S[0], "-m", "chrf", "-b"], ["-i", S[0], "-m", "chrf", "-cw", "2", "-b"]):
    print(" ".join(a for a in args if a not in S), cpu([sys.argv[2], D + "/ref.txt", *args]),
          cpu(["/usr/bin/python3", "-m", "sacrebleu", D + "/ref.txt", *args]))
