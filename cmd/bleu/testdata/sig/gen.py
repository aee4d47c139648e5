#!/usr/bin/python3
"""Regenerates golden.json of this directory: sacreBLEU's exact output and
exit status for --confidence and the paired tests (--paired-bs,
--paired-ar) with -m chrf, -m ter and several metrics at once, which
TestCLISignificance compares byte for byte.

Usage: gen.py SACREBLEU_DIR   (or SACREBLEU_DIR=... gen.py)

SACREBLEU_DIR is a checkout of sacreBLEU 2.6.0 (see ../exact/gen.py), run
with Debian's python3 and its regex, numpy, tabulate and lxml packages.

The texts are those of ../chrf and ../ter (made by their gen.py, which
must run first); the hypotheses, the second system and the second
references serve as three systems. Tiny files of this directory, written
here, hold the edge cases: empty files, empty segments (TER's 0 and 100
for empty references), a single word. The numbers of resamples and trials
are small to keep sacreBLEU fast; SACREBLEU_SEED is set per run ("env",
unset when absent). Seed 0 and none are left out: their comparisons are
unseeded.
"""
import json
import os
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
sacrebleu = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("SACREBLEU_DIR", "")
if not sacrebleu:
    sys.exit(__doc__)

C = "../chrf/"
T = "../ter/"
one_c = [C + "ref.txt", "-i", C + "hyp.txt"]
three_c = [C + "ref.txt", "-i", C + "hyp.txt", C + "sys2.txt", C + "ref2.txt"]
one_t = [T + "ref.txt", "-i", T + "hyp.txt"]
three_t = [T + "ref.txt", "-i", T + "hyp.txt", T + "sys2.txt", T + "ref2.txt"]
tiny = {"empty.txt": "", "blank.txt": "\n\n\n", "h.txt": "a b\n\nc\n", "h2.txt": "x\n\ny\n"}
for name, text in tiny.items():
    with open(os.path.join(here, name), "w", encoding="utf-8") as f:
        f.write(text)
runs = []
for args, env, stdin in (
    # --confidence of one system.
    (one_c + ["-m", "chrf", "-ci", "-cin", "50", "-w", "16"], {}, None),
    (one_c + ["-m", "chrf", "-cw", "2", "-ci", "-cin", "40", "-f", "text"], {"SACREBLEU_SEED": "7"}, None),
    (one_c + ["-m", "chrf", "-ci", "-cin", "30", "-b"], {}, None),
    (one_c + ["-m", "chrf", "-ci", "-cin", "1", "-w", "16"], {}, None),
    (one_t + ["-m", "ter", "-ci", "-cin", "50", "-w", "16"], {}, None),
    (one_t + ["-m", "ter", "--ter-normalized", "-ci", "-cin", "40", "-f", "text", "-sh"], {"SACREBLEU_SEED": " 0042"}, None),
    ([T + "ref.txt", T + "ref2.txt", "-i", T + "hyp.txt", "-m", "ter", "-ci", "-cin", "40", "-w", "16"], {}, None),
    (one_t + ["-m", "bleu", "chrf", "ter", "-ci", "-cin", "30", "-w", "16"], {}, None),
    (one_t + ["-m", "ter", "chrf", "bleu", "-ci", "-cin", "30", "-f", "text"], {"SACREBLEU_SEED": "99"}, None),
    ([T + "ref.txt", "-m", "ter", "chrf", "-ci", "-cin", "30", "-w", "16"], {}, T + "hyp.txt"),
    # The paired bootstrap.
    (three_c + ["-m", "chrf", "-pbs", "-pbsn", "50", "-w", "16"], {}, None),
    (three_c + ["-m", "chrf", "-cw", "2", "-pbs", "-pbsn", "40", "-f", "text"], {"SACREBLEU_SEED": "3"}, None),
    (three_t + ["-m", "ter", "-pbs", "-pbsn", "50", "-w", "16"], {}, None),
    (three_t + ["-m", "ter", "-pbs", "-pbsn", "40", "-f", "latex", "-sh"], {}, None),
    (three_t + ["-m", "bleu", "chrf", "ter", "-pbs", "-pbsn", "40", "-w", "16"], {}, None),
    (three_t + ["-m", "ter", "bleu", "chrf", "-pbs", "-pbsn", "30", "-f", "text"], {"SACREBLEU_SEED": "12"}, None),
    (three_t + ["-m", "chrf", "ter", "-pbs", "-pbsn", "30", "-f", "latex"], {}, None),
    ([T + "ref.txt", T + "ref2.txt", "-i", T + "hyp.txt", T + "sys2.txt", "-m", "ter", "chrf", "--ter-case-sensitive",
      "-pbs", "-pbsn", "30", "-w", "16"], {}, None),
    ([T + "ref.txt", "-m", "ter", "chrf", "-pbs", "-pbsn", "30", "-w", "16"], {}, T + "stdin.tsv"),
    # Approximate randomization.
    (three_c + ["-m", "chrf", "-par", "-parn", "60", "-w", "16"], {}, None),
    (three_t + ["-m", "ter", "-par", "-parn", "60", "-w", "16"], {"SACREBLEU_SEED": "5"}, None),
    (three_t + ["-m", "ter", "chrf", "bleu", "-par", "-parn", "50", "-f", "text"], {}, None),
    (three_t + ["-m", "bleu", "chrf", "ter", "-par", "-parn", "50", "-w", "16"], {}, None),
    (three_t + ["-m", "bleu", "ter", "-par", "-parn", "40", "-f", "latex"], {}, None),
    # Edge cases.
    (["blank.txt", "-i", "h.txt", "h2.txt", "blank.txt", "-m", "ter", "chrf", "-pbs", "-pbsn", "20", "-w", "16"], {}, None),
    (["blank.txt", "-i", "h.txt", "h2.txt", "blank.txt", "-m", "ter", "chrf", "-par", "-parn", "20", "-w", "16"], {}, None),
    (["blank.txt", "-i", "h.txt", "-m", "ter", "chrf", "-ci", "-cin", "20", "-w", "16"], {}, None),
    (["h.txt", "-i", "blank.txt", "h2.txt", "-m", "ter", "chrf", "bleu", "-pbs", "-pbsn", "20", "-w", "16"], {}, None),
    (["h.txt", "-i", "blank.txt", "-m", "ter", "chrf", "bleu", "-ci", "-cin", "20", "-w", "16", "-f", "text"], {}, None),
    (["empty.txt", "-i", "empty.txt", "-m", "chrf", "-ci", "-cin", "10"], {}, None),
    (["empty.txt", "-i", "empty.txt", "empty.txt", "-m", "ter", "-pbs", "-pbsn", "10"], {}, None),
    # What sacreBLEU refuses.
    (one_t + ["-m", "ter", "-sl", "-ci"], {}, None),
    (one_t + ["-m", "chrf", "-pbs"], {}, None),
    (three_t + ["-m", "chrf", "ter", "-ci"], {}, None),
    (three_t + ["-m", "ter", "-pbs", "-pbsn", "10"], {"SACREBLEU_SEED": "x"}, None),
    (one_t + ["-m", "ter", "-ci", "-cin", "10"], {"SACREBLEU_SEED": "-1"}, None),
    ([T + "ref.txt", "-m", "ter", "-sl", "-ci"], {}, T + "stdin.tsv"),
    ([T + "ref.txt", "-i", T + "hyp.txt", T + "short.txt", "-m", "ter", "-pbs", "-pbsn", "10"], {}, None),
):
    inp = open(os.path.join(here, stdin), encoding="utf-8").read() if stdin else ""
    e = {k: v for k, v in os.environ.items() if k != "SACREBLEU_SEED"}
    e.update(env, PYTHONPATH=sacrebleu)
    p = subprocess.run([sys.executable, "-m", "sacrebleu"] + args, cwd=here, capture_output=True, text=True,
                       input=inp, env=e)
    runs.append({"args": args, "env": env, "stdin": stdin or "", "rc": p.returncode, "stdout": p.stdout})
with open(os.path.join(here, "golden.json"), "w", encoding="utf-8") as f:
    json.dump({"sacrebleu_version": "2.6.0", "runs": runs}, f, indent=1, ensure_ascii=False)
    f.write("\n")
