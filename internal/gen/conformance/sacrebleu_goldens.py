#!/usr/bin/python3
"""Write the goldens of the portable conformance set: sacreBLEU 2.6.0's
results on the text in testdata/portable/data and edge (written by
`go run ./internal/gen/conformance`), in the schema of the WMT conformance
set (described in testdata/README.md).

Getting sacreBLEU 2.6.0 (its source is not part of this repository):

    git clone https://github.com/mjpost/sacrebleu /path/to/sacrebleu
    cd /path/to/sacrebleu && git checkout v2.6.0
    echo '__version__ = "2.6.0"' > sacrebleu/version.py

It runs in place under Debian 12's python3 (3.11) with the packages
python3-regex python3-numpy python3-tabulate python3-portalocker
python3-colorama python3-lxml. Then, from the module root:

    SACREBLEU_DIR=/path/to/sacrebleu /usr/bin/python3 \\
        internal/gen/conformance/sacrebleu_goldens.py [testdata/portable]

The output depends only on the text, sacreBLEU and the versions of Python,
numpy and regex (recorded in every file's "env"); bootstrap and paired tests
use fixed seeds.
"""

import hashlib
import json
import logging
import os
import platform
import statistics
import subprocess
import sys
import unicodedata

SRC = os.environ.get("SACREBLEU_DIR")
if not SRC:
    sys.exit("set SACREBLEU_DIR to a sacreBLEU 2.6.0 checkout (see this file's header)")
sys.path.insert(0, SRC)
os.environ.pop("SACREBLEU_SEED", None)
os.environ.pop("SACREBLEU_FORMAT", None)

import numpy as np  # noqa: E402
import regex  # noqa: E402
import sacrebleu  # noqa: E402
from sacrebleu.metrics import BLEU  # noqa: E402
from sacrebleu.significance import PairedTest  # noqa: E402

if sacrebleu.__version__ != "2.6.0":
    sys.exit(f"need sacreBLEU 2.6.0, have {sacrebleu.__version__}")

logging.getLogger("sacrebleu").setLevel(logging.ERROR)  # per-sentence advice
ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.join("testdata", "portable")


def git_describe():
    try:
        out = subprocess.run(["git", "-C", SRC, "rev-parse", "HEAD"], capture_output=True, text=True, check=True)
        return out.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


ENV = {
    "sacrebleu_version": sacrebleu.__version__,
    "sacrebleu_source": f"github.com/mjpost/sacrebleu commit {git_describe()} (tag v2.6.0); sacrebleu/version.py written by hand",
    "python": platform.python_version(),
    "python_unicodedata_version": unicodedata.unidata_version,
    "regex_module_version": regex.__version__,
    "numpy_version": np.__version__,
}

TOKENIZERS = ["13a", "intl", "zh", "char", "none"]


def read_segments(path):
    """The file's lines split on \\n, the final empty piece dropped, nothing stripped."""
    with open(os.path.join(ROOT, path), encoding="utf-8", newline="") as f:
        text = f.read()
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def config(tok="13a", lc=False, smooth="exp", value=None, eff=False, order=4, refs=None):
    c = {"tokenize": tok, "lowercase": lc, "smooth_method": smooth, "smooth_value": value,
         "effective_order": eff, "max_ngram_order": order}
    if refs is not None:
        c["refs"] = refs
    return c


def bleu_of(c):
    kw = {k: v for k, v in c.items() if k != "refs"}
    return BLEU(**kw)


def score_obj(s, signature=None):
    o = {"score": s.score, "precisions": list(s.precisions), "bp": s.bp, "sys_len": s.sys_len,
         "ref_len": s.ref_len, "counts": list(s.counts), "totals": list(s.totals), "ratio": s.ratio,
         "verbose": s._verbose}
    if signature is not None:
        o["formatted"] = s.format(width=2, signature=signature)
    return o


def sentence_id(c):
    """Like the WMT set's sentence ids: smoothing and effective order always shown."""
    sm = c["smooth_method"] + ("" if c["smooth_value"] is None else f"[{c['smooth_value']:g}]")
    parts = [f"tok={c['tokenize']}"] + (["lc"] if c["lowercase"] else []) + [
        f"smooth={sm}", "eff=yes" if c["effective_order"] else "eff=no"]
    if c["max_ngram_order"] != 4:
        parts.append(f"ngram={c['max_ngram_order']}")
    if c.get("refs") == ["ref.txt", "ref2.txt"]:
        parts.append("refs=2")
    return ",".join(parts)


def config_id(c, prefix=""):
    parts = [f"tok={c['tokenize']}"]
    if c["lowercase"]:
        parts.append("lc")
    if c["smooth_method"] != "exp":
        sm = c["smooth_method"]
        if c["smooth_value"] is not None:
            sm += f"[{c['smooth_value']:g}]"
        parts.append("smooth=" + sm)
    if c["effective_order"]:
        parts.append("eff")
    if c["max_ngram_order"] != 4:
        parts.append(f"ngram={c['max_ngram_order']}")
    refs = c.get("refs")
    if refs == ["ref.txt", "ref2.txt"]:
        parts.append("refs=2")
    elif refs == ["ref2.txt"]:
        parts.append("ref2-only")
    return prefix + ",".join(parts)


SMOOTHINGS = [("exp", None), ("none", None), ("floor", None), ("add-k", None), ("floor", 0.5), ("add-k", 2)]

# ---------------------------------------------------------------- corpus sets

SETS = {
    # name: (references, systems, grid: the full configuration grid on the first system)
    "en": (["ref.txt", "ref2.txt"], ["A", "B", "C"], True),
    "zh": (["ref.txt", "ref2.txt"], ["A", "B", "C"], False),
    "ja": (["ref.txt"], ["A", "B"], False),
    "mul": (["ref.txt", "ref2.txt"], ["A", "B", "C"], False),
}
# The set's own tokenizer, used where one tokenizer stands for all.
NATIVE = {"en": "13a", "zh": "zh", "ja": "char", "mul": "intl"}
BOOTSTRAP_SEED = {"en": "12345", "zh": "7", "mul": "2024"}  # ja has none
SENTENCE_FIRST_N = 60  # segments of every sentence entry
SENTENCE_FULL_N = 30    # segments of the full-stats sentence entry


def corpus_configs(name, refs):
    one = ["ref.txt"]
    cs = []
    for tok in TOKENIZERS:
        cs.append(config(tok, refs=one))
    for tok in TOKENIZERS:
        cs.append(config(tok, lc=True, refs=one))
    for sm, v in SMOOTHINGS[1:]:
        cs.append(config(NATIVE[name], smooth=sm, value=v, refs=one))
    cs.append(config(NATIVE[name], smooth="floor", value=0.01, refs=one))
    cs.append(config(NATIVE[name], eff=True, refs=one))
    cs.append(config(NATIVE[name], smooth="none", eff=True, refs=one))
    for order in (1, 2, 3, 5, 6):
        cs.append(config(NATIVE[name], order=order, refs=one))
    if len(refs) == 2:
        for tok in TOKENIZERS:
            cs.append(config(tok, refs=refs))
        cs.append(config("13a", lc=True, refs=refs))
        cs.append(config(NATIVE[name], smooth="floor", value=0.5, eff=True, refs=refs))
        cs.append(config(NATIVE[name], refs=["ref2.txt"]))
    return cs


def grid_configs(refs):
    """13a: lowercasing x smoothing x effective order; the other tokenizers:
    lowercasing x two smoothings x effective order; n-gram orders x three
    smoothings x effective order."""
    cs = []
    for tok in TOKENIZERS:
        for lc in (False, True):
            for sm, v in (SMOOTHINGS if tok == "13a" else [SMOOTHINGS[0], SMOOTHINGS[4]]):
                for eff in (False, True):
                    cs.append(config(tok, lc=lc, smooth=sm, value=v, eff=eff, refs=["ref.txt"]))
    for order in (1, 2, 3, 5, 6):
        for sm, v in (SMOOTHINGS[0], SMOOTHINGS[1], SMOOTHINGS[5]):
            for eff in (False, True):
                cs.append(config("13a", smooth=sm, value=v, eff=eff, order=order, refs=refs))
    return cs


def sentence_configs(name, refs):
    one = ["ref.txt"]
    cs = [config(tok, eff=True, refs=one) for tok in TOKENIZERS]
    for sm, v in SMOOTHINGS:
        for eff in (True, False):
            if (sm, v, eff) != ("exp", None, True):
                cs.append(config(NATIVE[name], smooth=sm, value=v, eff=eff, refs=one))
    cs.append(config("13a", lc=True, eff=True, refs=one))
    cs.append(config(NATIVE[name], lc=True, eff=True, refs=one))
    cs.append(config(NATIVE[name], eff=True, order=2, refs=one))
    cs.append(config(NATIVE[name], smooth="floor", eff=True, order=6, refs=one))
    if len(refs) == 2:
        cs.append(config(NATIVE[name], eff=True, refs=refs))
        cs.append(config("13a", smooth="add-k", eff=True, refs=refs))
    return cs


def corpus_entry(cid, c, systems):
    out = {"id": cid, "config": c, "results": {}}
    for sys_name, (hyps, streams) in systems.items():
        bleu = bleu_of(c)
        s = bleu.corpus_score(hyps, [streams[r] for r in c["refs"]])
        sig = bleu.get_signature()
        out["results"][sys_name] = score_obj(s, sig.format())
        out["signature"] = sig.format()
        out["signature_short"] = sig.format(short=True)
    return out


def pair_golden(name):
    refs, systems, grid = SETS[name]
    data_dir = f"data/{name}"
    streams = {r: read_segments(f"{data_dir}/{r}") for r in refs}
    hyps = {s: read_segments(f"{data_dir}/sys-{s}.txt") for s in systems}
    n = len(streams["ref.txt"])
    for s, h in hyps.items():
        assert len(h) == n, (name, s, len(h), n)
    every = {s: (hyps[s], streams) for s in systems}
    first = {systems[0]: every[systems[0]]}
    # Every system for the tokenizers' plain configurations, the first one for the rest.
    corpus = [corpus_entry(config_id(c), c, every if k < len(TOKENIZERS) else first)
              for k, c in enumerate(corpus_configs(name, refs))]
    if grid:
        corpus += [corpus_entry(config_id(c, "grid:"), c, first) for c in grid_configs(refs)]

    sentence = []
    # sacrebleu.sentence_bleu's defaults, full statistics, on the first system.
    items = []
    for i in range(SENTENCE_FULL_N):
        items.append(score_obj(sacrebleu.sentence_bleu(hyps[systems[0]][i], [streams["ref.txt"][i]])))
    bleu = BLEU(effective_order=True)
    for i in range(SENTENCE_FULL_N):
        assert bleu.sentence_score(hyps[systems[0]][i], [streams["ref.txt"][i]]).score == items[i]["score"]
    sentence.append({"id": "sentence_bleu(tok=13a,smooth=exp,eff=yes)[default]", "config": config(eff=True, refs=["ref.txt"]),
                     "first_n_segments": SENTENCE_FULL_N, "full_stats": True, "results": {systems[0]: items},
                     "signature": bleu.get_signature().format(),
                     "note": "identical to sacrebleu.sentence_bleu(hyp, [ref]) (checked)"})
    for c in sentence_configs(name, refs):
        eid = sentence_id(c)
        # Every system for the tokenizers, the first one for the rest.
        which = systems if (c["smooth_method"] == "exp" and c["effective_order"] and not c["lowercase"]
                            and c["max_ngram_order"] == 4) else systems[:1]
        res = {}
        for s in which:
            bleu = bleu_of(c)
            res[s] = [bleu.sentence_score(hyps[s][i], [streams[r][i] for r in c["refs"]]).score
                      for i in range(SENTENCE_FIRST_N)]
            sig = bleu.get_signature().format()
        sentence.append({"id": eid, "config": c, "first_n_segments": SENTENCE_FIRST_N, "full_stats": False,
                         "results": res, "signature": sig})

    golden = {
        "env": ENV,
        "notes": [
            "Text made up by internal/gen/conformance (see testdata/README.md); schema of the WMT conformance set's goldens/<pair>.json.",
            "corpus: BLEU(**config).corpus_score(hyps, [ref streams]), a fresh BLEU object per (config, system). The first five entries (one per tokenizer) score every system, the others the first system only.",
            "add-k changes counts/totals in place (n >= 2), as the reported numbers show.",
            "sentence: BLEU(**config).sentence_score(hyps[i], [r[i] for r in ref streams]) for the first first_n_segments segments; entries other than the tokenizers' with exp smoothing score only the first system.",
        ],
        "pair": name, "data_dir": data_dir, "n_segments": n, "references": refs,
        "systems": {s: f"sys-{s}.txt" for s in systems},
        "corpus": corpus, "sentence": sentence,
    }
    if name not in BOOTSTRAP_SEED:
        return golden
    seed = BOOTSTRAP_SEED[name]
    golden["notes"].append(f"bootstrap: corpus_score(..., n_bootstrap=1000) on the first system with SACREBLEU_SEED={seed}.")
    os.environ["SACREBLEU_SEED"] = seed
    try:
        c = config(NATIVE[name], refs=["ref.txt"])
        bleu = bleu_of(c)
        h = hyps[systems[0]]
        s = bleu.corpus_score(h, [streams["ref.txt"]], n_bootstrap=1000)
        sig = bleu.get_signature()
        from sacrebleu.significance import _bootstrap_resample
        bl = BLEU(**{k: v for k, v in c.items() if k != "refs"}, references=[streams["ref.txt"]])
        st = bl._extract_corpus_statistics(h, None)
        _, scores = _bootstrap_resample(st, bl, 1000)
        xs = sorted(x.score for x in scores)
        rng = np.random.default_rng(int(seed))
        idx = rng.choice(n, size=(1000, n), replace=True)
        rng2 = np.random.default_rng(int(seed))
        idx2 = rng2.integers(0, n, size=(1000, n))
        assert s._mean == statistics.mean(xs) and s._ci == 0.5 * (xs[974] - xs[25]), name
        bootstrap = {
            "system": systems[0], "config": c, "n_bootstrap": 1000, "seed": seed,
            "signature": sig.format(), "signature_short": sig.format(short=True),
            "score": s.score, "mean": s._mean, "ci": s._ci,
            "formatted": s.format(width=2, signature=sig.format()),
            "formatted_width1": s.format(width=1, signature=sig.format()),
            "first_resample_indices": [int(x) for x in idx[0][:50]],
            "sample_scores_sorted": xs,
            "rng_choice_equals_integers": bool((idx == idx2).all()),
            "ci_definition": "sorted sample scores x; lo = x[n//40], hi = x[n-n//40-1]; ci = (hi-lo)/2; mean = statistics.mean(x)",
            "seed_semantics": "SACREBLEU_SEED was set to the seed above; rng = numpy.random.default_rng(int(seed)); idxs = rng.choice(N, size=(n_bootstrap, N), replace=True)",
        }
    finally:
        os.environ.pop("SACREBLEU_SEED", None)
    golden["bootstrap"] = bootstrap
    return golden


def paired_golden(name, tok):
    refs, systems, _ = SETS[name]
    data_dir = f"data/{name}"
    ref = read_segments(f"{data_dir}/ref.txt")
    c = config(tok, refs=["ref.txt"])
    named = [(s, read_segments(f"{data_dir}/sys-{s}.txt")) for s in systems]
    tests = {}
    for test, n_samples in (("bs", 1000), ("ar", 10000)):
        bleu = BLEU(**{k: v for k, v in c.items() if k != "refs"}, references=[ref])
        ps = PairedTest(named, {"BLEU": bleu}, references=None, test_type=test, n_samples=n_samples)
        sigs, scores = ps()
        (key,) = [k for k in scores if k != "System"]
        rows = []
        for sys_name, r in zip(scores["System"], scores[key]):
            rows.append({"system": sys_name, "score": r.score, "p_value": r.p_value, "mean": r.mean, "ci": r.ci})
        tests[test] = {"n_samples": n_samples, "signature": sigs[key].format(), "results": rows}
    return {
        "pair": name, "baseline": systems[0], "systems": systems[1:], "config": c, "tests": tests,
        "notes": ["sacrebleu REF -i BASELINE SYS... -m bleu [-tok T] --paired-bs | --paired-ar, through the API (PairedTest), default seed 12345."],
        "env": ENV,
    }


# ---------------------------------------------------------------- edge cases

EDGE_CORPUS = [config(t) for t in TOKENIZERS] + [
    config("13a", lc=True), config(smooth="none"), config(smooth="floor", value=0.5), config(smooth="add-k", value=2),
    config(eff=True)]
EDGE_SENTENCE = [config(t, eff=True) for t in ("13a", "intl", "zh", "char")] + [
    config(smooth="none", eff=True), config()]
# Cases about tokenizing, whose tokenizer outputs are the point: scored with
# fewer configurations.
TOKEN_CASES = {"python_whitespace", "crlf", "cr_inside", "lowercase_special", "entities_13a", "numbers", "ascii_printable",
               "dashes_apostrophes", "unicode_punct_symbols", "zh_ranges", "scripts", "tabs", "long_segment"}
TOKEN_CORPUS = [config(t) for t in TOKENIZERS] + [config("13a", lc=True), config("intl", lc=True)]
TOKEN_SENTENCE = [config(eff=True), config()]


def sha(s):
    return hashlib.sha256(s.encode("utf-8")).hexdigest()


def edge_case(c):
    name, long = c["name"], c.get("long", False)
    out = {"name": name, "description": c["description"], "api_only": c["api_only"]}
    if c["api_only"]:
        hyps, refs = c["hyps"], c["refs"]
        out["files"] = None
    else:
        files = {"hyp": f"edge/{name}.hyp.txt", "ref": f"edge/{name}.ref.txt"}
        if os.path.exists(os.path.join(ROOT, f"edge/{name}.ref2.txt")):
            files["ref2"] = f"edge/{name}.ref2.txt"
        out["files"] = files
        hyps = read_segments(files["hyp"])
        refs = [read_segments(files[k]) for k in ("ref", "ref2") if k in files]
        if not long:
            cr = "\r" if c.get("eol") == "\r\n" else ""
            assert hyps == [h + cr for h in c["hyps"]] and refs == [[r + cr for r in st] for st in c["refs"]], name
    out["n_segments"], out["n_refs"] = len(hyps), len(refs)
    if long:
        out["hyps_sha256"] = [sha(h) for h in hyps]
        out["refs_sha256"] = [[sha(r) for r in st] for st in refs]
        out["hyps_whitespace_tokens"] = [len(h.split()) for h in hyps]
        out["refs_whitespace_tokens"] = [[len(r.split()) for r in st] for st in refs]
        out["hyps_note"] = "segments omitted: read the files"
    else:
        out["hyps"], out["refs"] = hyps, refs

    def shown(s):
        return {"n_tokens": len(s.split()), "sha256": sha(s)} if long else s

    tokenized = {}
    for tok in TOKENIZERS:
        b = BLEU(tokenize=tok)
        t = b.tokenizer
        tokenized[tok] = {
            "raw_hyps": [shown(t(h)) for h in hyps],
            "raw_refs": [[None if r is None else shown(t(r)) for r in st] for st in refs],
            "pre_hyps": [shown(b._preprocess_segment(h)) for h in hyps],
            "pre_refs": [[None if r is None else shown(b._preprocess_segment(r)) for r in st] for st in refs],
        }
    b = BLEU(tokenize="13a", lowercase=True)
    tokenized["13a+lc"] = {
        "pre_hyps": [shown(b._preprocess_segment(h)) for h in hyps],
        "pre_refs": [[None if r is None else shown(b._preprocess_segment(r)) for r in st] for st in refs],
    }
    out["tokenized"] = tokenized

    def seg_refs(i):
        return [st[i] for st in refs if st[i] is not None]

    corpus = []
    for cfg in (TOKEN_CORPUS if name in TOKEN_CASES else EDGE_CORPUS):
        bleu = bleu_of(cfg)
        entry = {"id": config_id(cfg), "config": cfg}
        try:
            # A None in a stream is "no reference" for that segment.
            s = bleu.corpus_score(hyps, refs)
            entry["signature"] = bleu.get_signature().format()
            entry["result"] = score_obj(s, entry["signature"])
        except Exception as e:  # recorded, as the schema allows
            entry["error"] = f"{type(e).__name__}: {e}"
        corpus.append(entry)
    out["corpus"] = corpus

    sentence = []
    for cfg in (TOKEN_SENTENCE if name in TOKEN_CASES else EDGE_SENTENCE):
        bleu = bleu_of(cfg)
        eid = sentence_id(cfg)
        results = []
        for i, h in enumerate(hyps):
            try:
                results.append(score_obj(bleu.sentence_score(h, seg_refs(i))))
            except Exception as e:
                results.append({"error": f"{type(e).__name__}: {e}"})
        sentence.append({"id": eid, "config": cfg, "signature": bleu.get_signature().format(), "results": results})
    out["sentence"] = sentence

    if not c["api_only"]:
        check = {}
        ref_files = [out["files"][k] for k in ("ref", "ref2") if k in out["files"]]
        for tok in ("13a", "intl", "zh", "char"):
            r = run_cli(ref_files + ["-i", out["files"]["hyp"], "-m", "bleu", "-b", "-w", "12", "-tok", tok])
            api = [e for e in corpus if e["config"]["tokenize"] == tok and e["id"] == f"tok={tok}"][0]
            check[tok] = {"cli_stdout": r["stdout"].rstrip("\n"), "rc": r["rc"],
                          "matches_api": r["stdout"].rstrip("\n") == f"{api['result']['score']:.12f}"}
        out["cli_check"] = check
    return out


def ranges(pred):
    out, start = [], None
    for c in range(0x110000 + 1):
        ok = c < 0x110000 and pred(c)
        if ok and start is None:
            start = c
        elif not ok and start is not None:
            out.append([start, c - 1])
            start = None
    return out


def unicode_tables():
    P, S, N = regex.compile(r"\p{P}"), regex.compile(r"\p{S}"), regex.compile(r"\p{N}")
    lower = {}
    for c in range(0x110000):
        if 0xD800 <= c <= 0xDFFF:
            continue
        lo = chr(c).lower()
        if lo != chr(c):
            lower["%04X" % c] = lo
    return {
        "notes": "Inclusive code point ranges [start, end] (decimal). python_isspace: chr(c).isspace(); regex_P/S/N: "
                 "matches of \\p{P}, \\p{S}, \\p{N} in the regex module (intl tokenizer); python_lower: chr(c).lower() "
                 "where it differs from chr(c).",
        "python_isspace": ranges(lambda c: chr(c).isspace()),
        "regex_P": ranges(lambda c: not 0xD800 <= c <= 0xDFFF and P.match(chr(c)) is not None),
        "regex_S": ranges(lambda c: not 0xD800 <= c <= 0xDFFF and S.match(chr(c)) is not None),
        "regex_N": ranges(lambda c: not 0xD800 <= c <= 0xDFFF and N.match(chr(c)) is not None),
        "python_lower": lower,
    }


def edge_golden():
    with open(os.path.join(ROOT, "edge", "cases.json"), encoding="utf-8") as f:
        cases = json.load(f)
    return {
        "env": ENV,
        "notes": [
            "Cases written by internal/gen/conformance; segments of file cases are the files' lines split on '\\n'.",
            "tokenized.<tok>.raw_* = tokenizer(segment); pre_* = BLEU(tokenize=tok)._preprocess_segment(segment); 13a+lc: lowercase=True.",
            "refs is a list of reference streams; None = missing reference (API only).",
            "cli_check: `sacrebleu REF [REF2] -i HYP -m bleu -b -w 12 -tok T` stdout.",
            "Long cases give SHA-256 and token counts instead of segments and tokenizer outputs.",
        ],
        "cases": [edge_case(c) for c in cases],
        "unicode_tables": unicode_tables(),
    }


# ---------------------------------------------------------------- CLI

def run_cli(args, stdin=None):
    env = {k: v for k, v in os.environ.items() if not k.startswith("SACREBLEU_")}
    env["PYTHONPATH"] = SRC
    inp = None
    if stdin is not None:
        with open(os.path.join(ROOT, stdin), "rb") as f:
            inp = f.read()
    p = subprocess.run([sys.executable, "-m", "sacrebleu"] + args, cwd=ROOT, env=env, input=inp,
                       capture_output=True)
    return {"stdout": p.stdout.decode("utf-8"), "rc": p.returncode, "stderr": p.stderr.decode("utf-8")}


EN = "data/en/"
ZH = "data/zh/"
CLI_RUNS = [
    ([EN + "ref.txt", "-i", EN + "sys-A.txt", "-m", "bleu", "-b"], None),
    ([EN + "ref.txt", "-i", EN + "sys-A.txt", "-m", "bleu", "-b", "-w", "4"], None),
    ([EN + "ref.txt", "-i", EN + "sys-A.txt", "-m", "bleu"], None),
    ([EN + "ref.txt", "-i", EN + "sys-A.txt", "-m", "bleu", "-f", "text"], None),
    ([EN + "ref.txt", "-i", EN + "sys-A.txt", "-m", "bleu", "-f", "text", "-sh", "-w", "3"], None),
    ([EN + "ref.txt", EN + "ref2.txt", "-i", EN + "sys-B.txt", "-m", "bleu", "-f", "text"], None),
    ([EN + "ref.txt", "-i", EN + "sys-C.txt", "-m", "bleu", "-f", "text", "-lc"], None),
    ([EN + "ref.txt", "-i", EN + "sys-A.txt", "-m", "bleu", "-tok", "intl", "-s", "floor", "-sv", "0.5"], None),
    ([EN + "ref.txt", "-i", EN + "sys-A.txt", "-m", "bleu", "-f", "text", "-tok", "char", "-s", "add-k", "-sv", "2"], None),
    ([EN + "ref.txt", "-i", EN + "sys-B.txt", "-m", "bleu", "-f", "text", "-tok", "none", "-s", "none"], None),
    ([EN + "ref.txt", "-i", EN + "sys-A.txt", "-m", "bleu", "--confidence"], None),
    ([EN + "ref.txt", "-i", EN + "sys-A.txt", "-m", "bleu", "-ci", "-f", "text", "-w", "3"], None),
    ([EN + "ref.txt", "-i", EN + "sys-A.txt", EN + "sys-B.txt", EN + "sys-C.txt", "-m", "bleu", "--paired-bs"], None),
    ([EN + "ref.txt", "-i", EN + "sys-A.txt", EN + "sys-B.txt", EN + "sys-C.txt", "-m", "bleu", "-pbs", "-f", "text"], None),
    ([EN + "ref.txt", "-i", EN + "sys-A.txt", EN + "sys-B.txt", "-m", "bleu", "--paired-ar"], None),
    ([EN + "ref.txt", "-i", EN + "sys-A.txt", EN + "sys-C.txt", "-m", "bleu", "-par", "-f", "text", "-lc"], None),
    ([EN + "ref.txt", "-i", EN + "sys-A.txt", EN + "sys-B.txt", "-m", "bleu"], None),
    ([EN + "ref.txt", "-i", EN + "sys-A.txt", EN + "sys-B.txt", "-m", "bleu", "-f", "text", "-w", "2"], None),
    ([EN + "ref.txt", "-m", "bleu", "-f", "text"], EN + "sys-B.txt"),
    ([EN + "ref.txt", EN + "ref2.txt", "-m", "bleu", "-b", "-w", "6"], EN + "sys-C.txt"),
    (["edge/two_refs_tsv.ref.txt", "-m", "bleu", "-f", "text"], "edge/two_refs_tsv.refs.tsv"),
    (["edge/two_refs_tsv.ref.txt", "-m", "bleu", "-b", "-w", "4", "-sl"], "edge/two_refs_tsv.refs.tsv"),
    (["edge/two_refs_tsv.ref.txt", "-m", "bleu", "-f", "text"], "edge/multi_ref_empty.refs.tsv"),
    (["edge/cr_inside.ref.txt", "-m", "bleu", "-f", "text"], "edge/cr_inside.hyp.txt"),
    (["edge/crlf.ref.txt", "-m", "bleu", "-sl", "-f", "text"], "edge/crlf.hyp.txt"),
    (["edge/multi_ref_empty.refs.tsv", "-nr", "2", "-i", "edge/multi_ref_empty.hyp.txt", "-m", "bleu", "-f", "text"], None),
    (["edge/multi_ref_empty.refs.tsv", "-nr", "2", "-m", "bleu", "-b", "-w", "8"], "edge/multi_ref_empty.hyp.txt"),
    (["edge/two_refs_tsv.refs.tsv", "-nr", "2", "-i", "edge/two_refs_tsv.hyp.txt", "-m", "bleu", "-f", "text"], None),
    (["edge/two_refs_tsv.refs.tsv", "--num-refs", "2", "-m", "bleu", "-sl", "-b", "-w", "8"], "edge/two_refs_tsv.hyp.txt"),
    ([EN + "ref.txt", "-i", EN + "sys-B.txt", "-m", "bleu", "-sl", "-b", "-w", "4"], None),
    (["edge/numbers.ref.txt", "-i", "edge/numbers.hyp.txt", "-m", "bleu", "-sl", "-f", "text"], None),
    (["edge/short_segments.ref.txt", "-i", "edge/short_segments.hyp.txt", "-m", "bleu", "-sl"], None),
    (["edge/multi_ref_empty.ref.txt", "edge/multi_ref_empty.ref2.txt", "-i", "edge/multi_ref_empty.hyp.txt", "-m", "bleu", "-sl", "-f", "text", "-lc", "-s", "floor"], None),
    ([ZH + "ref.txt", "-i", ZH + "sys-A.txt", "-m", "bleu", "-f", "text", "-tok", "zh"], None),
    ([ZH + "ref.txt", "-i", ZH + "sys-B.txt", "-m", "bleu", "-f", "text", "-l", "en-zh"], None),
    ([ZH + "ref.txt", "-i", ZH + "sys-B.txt", "-m", "bleu", "-f", "text"], None),
    ([ZH + "ref.txt", ZH + "ref2.txt", "-i", ZH + "sys-A.txt", ZH + "sys-B.txt", "-m", "bleu", "-pbs", "-tok", "zh", "-f", "text"], None),
    (["data/ja/ref.txt", "-i", "data/ja/sys-A.txt", "-m", "bleu", "-f", "text", "-tok", "char", "-lc"], None),
    (["data/ja/ref.txt", "-i", "data/ja/sys-B.txt", "-m", "bleu", "-b", "-tok", "intl", "-w", "5"], None),
    (["data/mul/ref.txt", "data/mul/ref2.txt", "-i", "data/mul/sys-A.txt", "-m", "bleu", "-f", "text", "-tok", "intl", "-lc"], None),
    (["data/mul/ref.txt", "-i", "data/mul/sys-C.txt", "-m", "bleu", "-tok", "intl", "-ci", "-w", "2"], None),
    (["edge/crlf.ref.txt", "-i", "edge/crlf.hyp.txt", "-m", "bleu", "-f", "text"], None),
    (["edge/cr_inside.ref.txt", "-i", "edge/cr_inside.hyp.txt", "-m", "bleu", "-sl", "-f", "text"], None),
    (["edge/python_whitespace.ref.txt", "-i", "edge/python_whitespace.hyp.txt", "-m", "bleu", "-sl", "-b", "-w", "6"], None),
    (["edge/lowercase_special.ref.txt", "-i", "edge/lowercase_special.hyp.txt", "-m", "bleu", "-lc", "-f", "text"], None),
    (["edge/empty_and_blank.ref.txt", "-i", "edge/empty_and_blank.hyp.txt", "-m", "bleu", "-sl", "-f", "text", "-tok", "char"], None),
    (["edge/identical.ref.txt", "-i", "edge/identical.hyp.txt", "-m", "bleu", "-w", "14"], None),
    (["edge/all_empty.ref.txt", "-i", "edge/all_empty.hyp.txt", "-m", "bleu", "-f", "text"], None),
    ([EN + "ref.txt", "-i", "data/ja/sys-A.txt", "-m", "bleu"], None),
]


def cli_golden():
    runs = []
    for args, stdin in CLI_RUNS:
        r = run_cli(args, stdin)
        run = {"args": args, "command": "sacrebleu " + " ".join(args) + (f" < {stdin}" if stdin else ""),
               "cwd": ".", "rc": r["rc"], "stdout": r["stdout"], "stderr_tail": r["stderr"][-600:]}
        if stdin:
            run["stdin"] = stdin
        runs.append(run)
    return {"env": ENV, "notes": [
        "stdout captured verbatim (not a tty); SACREBLEU_SEED and SACREBLEU_FORMAT unset.",
        "stdin, when present, is the file (relative to cwd) given to the command as standard input.",
    ], "runs": runs}


# ---------------------------------------------------------------- main

def compact(v):
    return json.dumps(v, ensure_ascii=False, separators=(",", ":"))


def write(name, obj):
    path = os.path.join(ROOT, "goldens", name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        # One line per top-level key, then one per corpus/sentence entry or case.
        f.write("{\n")
        items = list(obj.items())
        for k, (key, val) in enumerate(items):
            sep = "," if k < len(items) - 1 else ""
            if isinstance(val, list) and val and isinstance(val[0], dict):
                f.write(f" {json.dumps(key)}: [\n")
                for j, item in enumerate(val):
                    f.write("  " + compact(item) + ("," if j < len(val) - 1 else "") + "\n")
                f.write(f" ]{sep}\n")
            else:
                f.write(f" {json.dumps(key)}: {compact(val)}{sep}\n")
        f.write("}\n")
    print(f"wrote {path} ({os.path.getsize(path)} bytes)", file=sys.stderr)


def main():
    for name in SETS:
        write(f"{name}.json", pair_golden(name))
    write("paired-en.json", paired_golden("en", "13a"))
    write("paired-zh.json", paired_golden("zh", "zh"))
    write("edge.json", edge_golden())
    write("cli.json", cli_golden())


if __name__ == "__main__":
    main()
