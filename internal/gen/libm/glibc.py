#!/usr/bin/python3
"""The C library's exp and log as CPython's math module gets them: the
oracle that internal/libm is checked against. Run it with Debian 12's
/usr/bin/python3 (CPython 3.11 on glibc 2.36) on an x86-64 CPU with FMA and
AVX2, where glibc runs __exp_fma and __log_fma.

    glibc.py eval            stdin: records (op, x) of two little-endian
                             uint64s (op 0 = exp, 1 = log, x's bits);
                             stdout: the results' bits, one uint64 each.
    glibc.py check FILE      FILE: lines "exp|log X Y [group]" (bits in hex); exit 1
                             unless glibc returns Y for X on every line.
    glibc.py formula DIR...  stdout: "exp|log X Y" for every argument that
                             sacreBLEU's BLEU passes to math.exp and
                             math.log while it recomputes the goldens of the
                             conformance sets in DIR (corpus, sentence,
                             bootstrap and paired scores); needs
                             SACREBLEU_DIR (see internal/gen/conformance).

internal/gen/libm/check drives eval and reads formula's output; .ci/run
runs check on internal/libm/testdata/glibc.txt.
"""

import json
import math
import os
import struct
import sys
from array import array

# Python raises where C returns inf, nan or 0 with errno set; those cases are
# checked in Go against glibc's documented values instead, and eval writes
# this sentinel for them.
RAISED = 0x7FF8DEADBEEFDEAD


def glibc_env_ok():
    libc = os.confstr("CS_GNU_LIBC_VERSION") or ""
    return libc == "glibc 2.36" and sys.version_info[:2] == (3, 11)


def eval_stream():
    inp, out = sys.stdin.buffer, sys.stdout.buffer
    exp, log = math.exp, math.log
    rest = b""
    while True:
        got = inp.read1(1 << 20)
        if not got:
            if rest:
                sys.exit("glibc.py: truncated record")
            break
        buf = rest + got
        cut = len(buf) - len(buf) % 16
        buf, rest = buf[:cut], buf[cut:]
        if not buf:
            continue
        rec = array("Q", buf)
        xs = array("d", rec[1::2].tobytes())
        res = array("Q", bytes(8 * len(xs)))
        for i, (op, x) in enumerate(zip(rec[0::2], xs)):
            try:
                y = exp(x) if op == 0 else log(x)
            except (OverflowError, ValueError):
                res[i] = RAISED
                continue
            res[i] = struct.unpack("<Q", struct.pack("<d", y))[0]
        out.write(res.tobytes())
        out.flush()


def bits(v):
    return struct.unpack("<Q", struct.pack("<d", v))[0]


def real(b):
    return struct.unpack("<d", struct.pack("<Q", b))[0]


def check(path):
    bad = n = 0
    with open(path) as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            op, x, y = line.split()[:3]
            got = bits((math.exp if op == "exp" else math.log)(real(int(x, 16))))
            n += 1
            if got != int(y, 16):
                bad += 1
                if bad <= 20:
                    print(f"{op}({x}) = {got:016x}, file says {y}")
    print(f"glibc.py check: {n} cases, {bad} differ")
    return bad == 0


class Recorder:
    """Stands in for the math module inside sacreBLEU, recording exp and log."""

    def __init__(self, seen):
        self.seen = seen

    def exp(self, x):
        y = math.exp(x)
        self.seen.add(("exp", bits(x), bits(y)))
        return y

    def log(self, x):
        y = math.log(x)
        self.seen.add(("log", bits(x), bits(y)))
        return y

    def __getattr__(self, name):
        return getattr(math, name)


def formula(dirs):
    src = os.environ.get("SACREBLEU_DIR")
    if not src:
        sys.exit("set SACREBLEU_DIR to a sacreBLEU 2.6.0 checkout")
    sys.path.insert(0, src)
    os.environ.pop("SACREBLEU_SEED", None)
    import logging

    import sacrebleu.metrics.bleu as bleu_mod
    import sacrebleu.utils as utils_mod
    from sacrebleu.metrics import BLEU
    from sacrebleu.significance import PairedTest

    logging.getLogger("sacrebleu").setLevel(logging.ERROR)
    seen = set()
    bleu_mod.math = Recorder(seen)
    utils_mod.math = Recorder(seen)

    def read(path):
        with open(path, encoding="utf-8", newline="\n") as f:
            return [line.rstrip("\n") for line in f]

    def bleu_of(c):
        return BLEU(**{k: v for k, v in c.items() if k != "refs"})

    for root in dirs:
        gdir = os.path.join(root, "goldens")
        for name in sorted(os.listdir(gdir)):
            g = json.load(open(os.path.join(gdir, name), encoding="utf-8"))
            if "corpus" not in g and "tests" not in g:
                continue
            if "data_dir" not in g and "pair" not in g:
                continue
            data = os.path.join(root, g.get("data_dir", f"data/{g.get('pair')}"))
            cache = {}

            def seg(f):
                if f not in cache:
                    cache[f] = read(os.path.join(data, f))
                return cache[f]

            if "tests" in g:  # paired
                c = g["config"]
                ref = seg(c["refs"][0])
                named = [(s, seg(f"sys-{s}.txt")) for s in [g["baseline"]] + g["systems"]]
                for t, test in g["tests"].items():
                    bleu = BLEU(**{k: v for k, v in c.items() if k != "refs"}, references=[ref])
                    PairedTest(named, {"BLEU": bleu}, references=None, test_type=t, n_samples=test["n_samples"])()
                print(f"{root} {name}: {len(seen)} arguments so far", file=sys.stderr)
                continue
            for e in g["corpus"]:
                c = e["config"]
                for s in e["results"]:
                    bleu_of(c).corpus_score(seg(f"sys-{s}.txt"), [seg(r) for r in c["refs"]])
            for e in g["sentence"]:
                c = e["config"]
                for s in e["results"]:
                    b = bleu_of(c)
                    hyp, refs = seg(f"sys-{s}.txt"), [seg(r) for r in c["refs"]]
                    for i in range(e["first_n_segments"]):
                        b.sentence_score(hyp[i], [r[i] for r in refs])
            if "bootstrap" in g:
                bs = g["bootstrap"]
                os.environ["SACREBLEU_SEED"] = bs["seed"]
                try:
                    c = bs["config"]
                    bleu_of(c).corpus_score(seg(f"sys-{bs['system']}.txt"), [seg(r) for r in c["refs"]],
                                            n_bootstrap=bs["n_bootstrap"])
                finally:
                    os.environ.pop("SACREBLEU_SEED", None)
            print(f"{root} {name}: {len(seen)} arguments so far", file=sys.stderr)
    for op, x, y in sorted(seen):
        print(f"{op} {x:016x} {y:016x}")


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    if not glibc_env_ok():
        sys.exit(f"glibc.py: need CPython 3.11 on glibc 2.36, have {sys.version.split()[0]} on "
                 f"{os.confstr('CS_GNU_LIBC_VERSION')}")
    cmd = sys.argv[1]
    if cmd == "eval":
        eval_stream()
    elif cmd == "check" and len(sys.argv) == 3:
        sys.exit(0 if check(sys.argv[2]) else 1)
    elif cmd == "formula" and len(sys.argv) >= 3:
        formula(sys.argv[2:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
