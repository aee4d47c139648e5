"""Writes the goldens of package compat (see goldens.sh for what it needs).

Every reference implementation runs on this project's own text; the
results go to testdata/compat/*.json with floats as Python repr strings
(the shortest string that reads back as the same float64), so that the Go
tests compare bit for bit, and the perl scripts' output as printed.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import warnings

TEXTS = {
    # name: (hypothesis file, reference files), relative to the module root
    "sample": ("testdata/sample.hyp.txt", ["testdata/sample.ref.txt"]),
    "edge": ("testdata/compat/edge.hyp.txt", ["testdata/compat/edge.ref.txt"]),
    "edge3": ("testdata/compat/edge.hyp.txt", ["testdata/compat/edge.ref.txt",
              "testdata/compat/edge.ref2.txt", "testdata/compat/edge.ref3.txt"]),
    # shorter hypotheses than references: a brevity penalty below 1
    "short": ("testdata/compat/edge.ref3.txt", ["testdata/compat/edge.ref.txt"]),
}


def lines(path):
    """The file's segments: split on "\\n", the final empty piece dropped."""
    with open(path, encoding="utf-8", newline="") as f:
        text = f.read()
    out = text.split("\n")
    if out and out[-1] == "":
        out.pop()
    return out


def err(e):
    return "%s: %s" % (type(e).__name__, e)


def nltk_goldens():
    import nltk
    from nltk.translate import bleu_score as B
    assert nltk.__version__ == "3.8", nltk.__version__
    weights_cases = [None, (0.5, 0.5), (1, 0, 0, 0), (0.2, 0.2, 0.2, 0.2, 0.2)]
    smoothings = [None] + ["method%d" % k for k in range(8)]
    params = [None, {"epsilon": 0.01, "alpha": 3, "k": 2}]
    cases = []
    for name, (hyp, refs) in TEXTS.items():
        hyps = [h.split() for h in lines(hyp)]
        ref_lines = [lines(r) for r in refs]
        list_of_refs = [[r[i].split() for r in ref_lines] for i in range(len(hyps))]
        for par in params:
            sf = B.SmoothingFunction(**(par or {}))
            for sm in smoothings:
                fn = getattr(sf, sm) if sm else None
                for w in weights_cases:
                    for auto in (False, True):
                        if auto and w is not None:
                            continue
                        kw = {"smoothing_function": fn, "auto_reweigh": auto}
                        if w is not None:
                            kw["weights"] = w
                        case = {"text": name, "function": "corpus_bleu", "weights": w,
                                "smoothing": sm, "params": par, "auto_reweigh": auto}
                        run_nltk(case, lambda: B.corpus_bleu(list_of_refs, hyps, **kw))
                        cases.append(case)
                        if w is not None or par is not None:
                            continue
                        seg = []
                        for i in range(len(hyps)):
                            c = {}
                            run_nltk(c, lambda: B.sentence_bleu(list_of_refs[i], hyps[i], **kw))
                            seg.append(c)
                        cases.append({"text": name, "function": "sentence_bleu", "weights": None,
                                      "smoothing": sm, "params": None, "auto_reweigh": auto,
                                      "segments": seg})
    return {"nltk_version": nltk.__version__, "tokens": "str.split() of each line", "cases": cases}


def run_nltk(case, call):
    with warnings.catch_warnings(record=True) as ws:
        warnings.simplefilter("always")
        try:
            case["result"] = repr(call())
        except Exception as e:  # recorded: the Go code returns the same error
            case["error"] = err(e)
        case["warnings"] = [int(str(w.message).split(" counts of ")[1].split("-gram")[0]) for w in ws]


def hf_goldens(evaluate_src, nmt_src, tmp):
    # evaluate's metrics/bleu/bleu.py itself, run without the evaluate and
    # datasets libraries: stand-ins for the few names it imports, and a
    # package around it with the modules its relative imports name
    # (nmt_bleu is what evaluate downloads from tensorflow/nmt).
    import types
    ev = types.ModuleType("evaluate")
    ev.Metric = object
    ev.MetricInfo = lambda **kw: kw
    ev.utils = types.SimpleNamespace(file_utils=types.SimpleNamespace(
        add_start_docstrings=lambda *a: (lambda f: f)))
    ds = types.ModuleType("datasets")
    ds.Features = ds.Value = ds.Sequence = lambda *a, **kw: None
    sys.modules["evaluate"], sys.modules["datasets"] = ev, ds
    pkg = os.path.join(tmp, "hfbleu")
    os.makedirs(pkg, exist_ok=True)
    for name, src in (("bleu.py", os.path.join(evaluate_src, "metrics", "bleu", "bleu.py")),
                      ("tokenizer_13a.py", os.path.join(evaluate_src, "metrics", "bleu", "tokenizer_13a.py")),
                      ("nmt_bleu.py", os.path.join(nmt_src, "nmt", "scripts", "bleu.py"))):
        link = os.path.join(pkg, name)
        if os.path.lexists(link):
            os.remove(link)
        os.symlink(os.path.abspath(src), link)
    write(os.path.join(pkg, "__init__.py"), "")
    sys.path.insert(0, tmp)
    from hfbleu.bleu import Bleu

    def compute(predictions, references, max_order=4, smooth=False):
        return Bleu()._compute(predictions=predictions, references=references,
                               max_order=max_order, smooth=smooth)

    def run(case, call):
        try:
            case["result"] = repr(call())
        except Exception as e:
            case["error"] = err(e)
        return case

    cases = []
    for name, (hyp, refs) in TEXTS.items():
        preds = lines(hyp)
        ref_lines = [lines(r) for r in refs]
        references = [[r[i] for r in ref_lines] for i in range(len(preds))]
        for order, smooth in [(4, False), (4, True), (2, False), (1, True), (6, False)]:
            cases.append(run({"text": name, "max_order": order, "smooth": smooth},
                             lambda: compute(preds, references, order, smooth)))
            if order != 4:
                continue
            seg = [run({}, lambda: compute([preds[i]], [references[i]], order, smooth))
                   for i in range(len(preds))]
            cases.append({"text": name, "max_order": order, "smooth": smooth, "segments": seg})
    return {"source": "huggingface/evaluate metrics/bleu/bleu.py (Bleu._compute) with tensorflow/nmt nmt/scripts/bleu.py as nmt_bleu", "cases": cases}


def moses_goldens(moses_src, tmp):
    generic = os.path.join(moses_src, "scripts", "generic")
    env = dict(os.environ, LC_ALL="C", PERL_HASH_SEED="0")
    texts = dict(TEXTS)
    # Quirks: more hypotheses than references, no words at all, no lines
    # at all, no final newline (multi-bleu-detok.perl chops the last
    # character of a line).
    texts["mismatch"] = ("testdata/compat/edge.hyp.txt", ["testdata/sample.ref.txt"])
    os.makedirs(tmp, exist_ok=True)
    empty = os.path.join(tmp, "empty.txt")
    with open(empty, "w") as f:
        f.write("\n\n\n")
    texts["emptyhyp"] = (empty, ["testdata/compat/edge.ref.txt"])
    nothing = os.path.join(tmp, "nothing.txt")
    with open(nothing, "w") as f:
        pass
    texts["nolines"] = (nothing, ["testdata/compat/edge.ref.txt"])
    nonl = os.path.join(tmp, "nonl.txt")
    with open("testdata/sample.hyp.txt", "rb") as f:
        data = f.read()
    with open(nonl, "wb") as f:
        f.write(data.rstrip(b"\n"))
    texts["nonl"] = (nonl, ["testdata/sample.ref.txt"])
    cases = []
    for name, (hyp, refs) in texts.items():
        for script in ("multi-bleu.perl", "multi-bleu-detok.perl"):
            for lc in (False, True):
                args = ["perl", os.path.join(generic, script)] + (["-lc"] if lc else []) + refs
                with open(hyp, "rb") as f:
                    p = subprocess.run(args, stdin=f, capture_output=True, env=env)
                cases.append({"text": name, "script": script, "lc": lc,
                              "stdout": p.stdout.decode("utf-8"), "exit": p.returncode})
    # mteval-v13a.pl runs in tmp on files named as compat.MTEval's report
    # names them, through a symbolic link to the script so that its
    # "command line:" shows "mteval-v13a.pl"; the timestamps of its first
    # and last lines are replaced by a fixed one.
    link = os.path.join(tmp, "mteval-v13a.pl")
    if os.path.lexists(link):
        os.remove(link)
    os.symlink(os.path.abspath(os.path.join(generic, "mteval-v13a.pl")), link)
    # A segment whose references are all empty: the script's NIST divides
    # by zero (with -b it carries on).
    emptyref = os.path.join(tmp, "emptyref.txt")
    ref_lines = lines("testdata/sample.ref.txt")
    ref_lines[1] = ""
    write(emptyref, "".join(l + "\n" for l in ref_lines))
    mteval_texts = dict(TEXTS)
    mteval_texts["emptyref"] = ("testdata/sample.hyp.txt", [emptyref])
    mteval = []
    for name, (hyp, refs) in mteval_texts.items():
        hyps = lines(hyp)
        ref_lines = [lines(r) for r in refs]
        write(os.path.join(tmp, "src.sgm"), sgml("srcset", [("", [""] * len(hyps))]))
        write(os.path.join(tmp, "ref.sgm"), sgml("refset", [("ref%d" % (k + 1), r) for k, r in enumerate(ref_lines)]))
        write(os.path.join(tmp, "tst.sgm"), sgml("tstset", [("hyp", hyps)]))
        for opts in ([], ["-c"], ["-b", "-c"], ["-n"], ["--no-smoothing", "-c"], ["--brevity-penalty", "shortest"]):
            args = ["perl", "mteval-v13a.pl", "-r", "ref.sgm", "-s", "src.sgm", "-t", "tst.sgm"] + opts
            p = subprocess.run(args, capture_output=True, env=env, cwd=tmp)
            out = re.sub(r"scorer (began|ended) on \d{4} \w{3} \d+ at \d\d:\d\d:\d\d",
                         r"scorer \1 on 2000 Jan 1 at 00:00:00", p.stdout.decode("utf-8"))
            mteval.append({"text": name, "options": opts, "stdout": out, "exit": p.returncode})
    return {"scripts": "moses-smt/mosesdecoder scripts/generic", "cases": cases, "mteval": mteval}


def escape(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def sgml(kind, systems):
    """What compat.MTEval documents for plain text: one document "doc1",
    segments numbered from 1, text escaped, one set per system."""
    tag = {"srcset": "srcset", "refset": "refset", "tstset": "tstset"}[kind]
    out = []
    for sysid, segs in systems:
        attrs = 'setid="bleu" srclang="any"'
        if kind != "srcset":
            attrs += ' trglang="any"'
        out.append("<%s %s>\n" % (tag, attrs))
        doc = '<doc docid="doc1"' + (' sysid="%s"' % sysid if sysid else "") + ">\n"
        out.append(doc)
        for i, s in enumerate(segs):
            out.append('<seg id="%d">%s</seg>\n' % (i + 1, escape(s)))
        out.append("</doc>\n</%s>\n" % tag)
    return "".join(out)


def write(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def dump(path, obj):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(obj, f, ensure_ascii=False, indent=1)
        f.write("\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--evaluate", required=True)
    ap.add_argument("--nmt", required=True)
    ap.add_argument("--moses", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--tmp", default="/tmp/bleu-compat-goldens")
    a = ap.parse_args()
    dump(os.path.join(a.out, "nltk.json"), nltk_goldens())
    os.makedirs(a.tmp, exist_ok=True)
    dump(os.path.join(a.out, "hf.json"), hf_goldens(a.evaluate, a.nmt, a.tmp))
    dump(os.path.join(a.out, "moses.json"), moses_goldens(a.moses, a.tmp))


if __name__ == "__main__":
    main()
