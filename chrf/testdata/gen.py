#!/usr/bin/python3
"""Makes goldens.json: sacreBLEU 2.6.0's chrF on text generated here.

Run from the module root, with sacreBLEU 2.6.0 and NumPy 1.24 importable:

    PYTHONPATH=/work/sacrebleu /usr/bin/python3 chrf/testdata/gen.py > chrf/testdata/goldens.json

The text comes from a seeded random.Random, so the output is the same on
every run. Each case holds its texts, its options, the corpus score with
its statistics and signature, every segment's statistics row and sentence
score, and the cases of sacreBLEU's own test/test_chrf.py. The resampling
section holds random summed statistics scored by _compute_score_from_stats
on a float32 array (bootstrap) and by _aggregate_and_compute on int64 rows
(approximate randomization).
"""

import json
import random
import sys

import numpy as np
from sacrebleu.metrics.chrf import CHRF
from sacrebleu.utils import sum_of_lists

rng = random.Random(20261206)

WORDS = [
    "the", "The", "THE", "cat", "Cat", "sat", "on", "mat", "a", "b", "I", "é", "(hi)", "hi!", "!hi",
    "'quote'", "co-op", "U.S.", "...", "-", "—", "«guillemets»", "naïve", "Straße", "STRASSE",
    "İstanbul", "ıi", "ΟΔΟΣ", "ΣΑΣ", "Σ", "όσος", "Σa", "ﬁ", "Ǆ", "ǅ", "ǆ", "ǈ", "日本語", "中文",
    "テスト", "한국어", "🙂", "x🙂y", "a,", ",a", ".", "..", "?!", "word.", "(word", "a.b.c", "12", "3.5%",
    "$5", "[x]", "{y}", "@home", "#tag", "e-mail", "\\", "~", "ʼn", "ΐ", "Å", "K", "Ω", "ẞ",
]
SPACES = [" ", " ", " ", " ", "  ", "\t", "\u00a0", "\u3000", "\u2028", "\x1c", "\x85", "\u200b", "\ufeff"]


def sentence(lo=0, hi=14):
    n = rng.randint(lo, hi)
    out = []
    for i in range(n):
        if i:
            out.append(rng.choice(SPACES))
        out.append(rng.choice(WORDS))
    s = "".join(out)
    r = rng.random()
    if r < 0.05:
        s = " " + s
    elif r < 0.1:
        s = s + " "
    return s


def variant(s):
    """A reference near s: some words dropped, changed or swapped."""
    ws = s.split()
    out = []
    for w in ws:
        r = rng.random()
        if r < 0.15:
            continue
        if r < 0.3:
            w = rng.choice(WORDS)
        out.append(w)
        if rng.random() < 0.05:
            out.append(rng.choice(WORDS))
    if len(out) > 2 and rng.random() < 0.3:
        i = rng.randrange(len(out) - 1)
        out[i], out[i + 1] = out[i + 1], out[i]
    return " ".join(out)


def corpus(n, nrefs):
    hyps, refs = [], [[] for _ in range(nrefs)]
    for i in range(n):
        base = sentence()
        special = rng.random()
        if special < 0.04:
            h = ""
        elif special < 0.07:
            h = rng.choice([" ", "\t", "\u3000 ", "  \u2028"])
        else:
            h = variant(base) if rng.random() < 0.8 else sentence()
        hyps.append(h)
        for k in range(nrefs):
            special = rng.random()
            if special < 0.03:
                refs[k].append("")
            elif special < 0.05:
                refs[k].append(" \t")
            else:
                refs[k].append(variant(base) if rng.random() < 0.85 else base)
    # long lines
    long_words = [rng.choice(WORDS) for _ in range(1200)]
    hyps.append(" ".join(long_words))
    for k in range(nrefs):
        refs[k].append(" ".join(w for w in long_words if rng.random() < 0.9))
    return hyps, refs


# (char_order, word_order, beta, lowercase, whitespace, eps_smoothing, segments, references)
CONFIGS = [
    (6, 0, 2, False, False, False, 60, 1),
    (6, 2, 2, False, False, False, 60, 1),
    (6, 0, 2, False, False, False, 40, 3),
    (6, 2, 2, False, False, False, 40, 2),
    (6, 0, 2, True, False, False, 50, 1),
    (6, 2, 2, True, False, False, 50, 2),
    (6, 0, 2, False, True, False, 50, 1),
    (6, 2, 2, False, True, False, 50, 2),
    (6, 0, 2, False, False, True, 50, 1),
    (6, 2, 2, False, False, True, 50, 3),
    (6, 0, 3, False, False, True, 40, 1),
    (6, 1, 1, False, False, False, 40, 2),
    (0, 3, 2, False, False, False, 40, 1),
    (0, 2, 2, False, False, True, 40, 2),
    (1, 0, 2, False, False, False, 40, 2),
    (3, 4, 0, True, True, False, 40, 2),
    (10, 0, 2, False, False, False, 40, 1),
    (6, 0, -1, False, False, False, 30, 2),
    (6, 2, 5, True, True, True, 40, 2),
    (2, 1, 0, False, False, True, 30, 3),
]


def num(x):
    return float(x)


def case(cfg):
    nc, nw, beta, lc, ws, eps, n, nrefs = cfg
    hyps, refs = corpus(n, nrefs)
    m = CHRF(char_order=nc, word_order=nw, beta=beta, lowercase=lc, whitespace=ws, eps_smoothing=eps)
    rows = m._extract_corpus_statistics(hyps, refs)
    sc = m.corpus_score(hyps, refs)
    sents = [num(m.sentence_score(h, [r[i] for r in refs]).score) for i, h in enumerate(hyps)]
    return {
        "char_order": nc, "word_order": nw, "beta": beta, "lowercase": lc, "whitespace": ws,
        "eps_smoothing": eps, "hyps": hyps, "refs": refs,
        "name": sc.name, "score": num(sc.score), "signature": str(m.get_signature()),
        "short_signature": m.get_signature().format(short=True),
        "stats": [int(v) for v in sum_of_lists(rows)],
        "rows": [[int(v) for v in r] for r in rows],
        "sentences": sents,
    }


# The cases of sacreBLEU 2.6.0's test/test_chrf.py (Apache License 2.0,
# Copyright 2017 Amazon.com, Inc. or its affiliates), copied as they are.
test_sentence_level_chrf = [
    (
        'Co nás nejvíc trápí, protože lékaři si vybírají, kdo bude žít a kdo zemře.',
        ['Nejvíce smutní jsme z toho, že musíme rozhodovat o tom, kdo bude žít a kdo zemře.'],
        39.14078509,
    ),
    (
        'Nebo prostě nemají vybavení, které by jim pomohlo, uvedli lékaři.',
        ['A někdy nemáme ani potřebný materiál, abychom jim pomohli, popsali lékaři.'],
        31.22557079,
    ),
    (
        'Lapali po dechu, jejich životy skončily dřív, než skutečně začaly.',
        ['Lapali po dechu a pak jejich život skončil - dřív, než skutečně mohl začít, připomněli.'],
        57.15704367,
    ),
]


# hypothesis, reference, expected score
# >= 2.0.0: some orders are not fulfilled in epsilon smoothing (chrF++.py and NLTK)
test_cases = [
    (["abcdefg"], ["hijklmnop"], 0.0),
    (["a"], ["b"], 0.0),
    ([""], ["b"], 0.0),
    ([""], ["ref"], 0.0),
    ([""], ["reference"], 0.0),
    (["aa"], ["ab"], 8.3333),
    (["a", "b"], ["a", "c"], 8.3333),
    (["a"], ["a"], 16.6667),
    (["a b c"], ["a b c"], 50.0),
    (["a b c"], ["abc"], 50.0),
    ([" risk assessment must be made of those who are qualified and expertise in the sector - these are the scientists ."],
     ["risk assessment has to be undertaken by those who are qualified and expert in that area - that is the scientists ."], 63.361730),
    ([" Die    Beziehung zwischen  Obama und Netanjahu ist nicht gerade  freundlich. "],
     ["Das Verhältnis zwischen Obama und Netanyahu ist nicht gerade freundschaftlich."], 64.1302698),
    (["Niemand hat die Absicht, eine Mauer zu errichten"], ["Niemand hat die Absicht, eine Mauer zu errichten"], 100.0),
]

# sacreBLEU < 2.0.0 mode
# hypothesis, reference, expected score
test_cases_effective_order = [
    (["a"], ["a"], 100.0),
    ([""], ["reference"], 0.0),
    (["a b c"], ["a b c"], 100.0),
    (["a b c"], ["abc"], 100.0),
    ([""], ["c"], 0.0),
    (["a", "b"], ["a", "c"], 50.0),
    (["aa"], ["ab"], 25.0),
]

test_cases_keep_whitespace = [
    (
        ["Die Beziehung zwischen Obama und Netanjahu ist nicht gerade freundlich."],
        ["Das Verhältnis zwischen Obama und Netanyahu ist nicht gerade freundschaftlich."],
        67.3481606,
    ),
    (
        ["risk assessment must be made of those who are qualified and expertise in the sector - these are the scientists ."],
        ["risk assessment has to be undertaken by those who are qualified and expert in that area - that is the scientists ."],
        65.2414427,
    ),
]


def test_chrf_cases():
    out = []
    for h, r, e in test_cases:
        out.append(("test_cases", h, [r], dict(char_order=6, word_order=0, beta=3, eps_smoothing=True), e))
    for h, r, e in test_cases_effective_order:
        out.append(("test_cases_effective_order", h, [r], dict(char_order=6, word_order=0, beta=3, eps_smoothing=False), e))
    for h, r, e in test_cases_keep_whitespace:
        out.append(("test_cases_keep_whitespace", h, [r], dict(char_order=6, word_order=0, beta=3, whitespace=True), e))
    for h, r, e in test_sentence_level_chrf:
        out.append(("test_sentence_level_chrf", [h], [[x] for x in r], dict(eps_smoothing=True), e))
    res = []
    for name, h, refs, kw, e in out:
        m = CHRF(**kw)
        res.append({"from": name, "hyps": h, "refs": refs, "options": kw, "expected": e,
                    "score": num(m.corpus_score(h, refs).score)})
    return res


def resampling():
    out = []
    for cfg in [(6, 0, 2, False), (6, 2, 2, False), (6, 0, 2, True), (6, 2, 3, True), (0, 2, 1, False),
                (3, 1, 0, False), (2, 0, -2, True)]:
        nc, nw, beta, eps = cfg
        m = CHRF(char_order=nc, word_order=nw, beta=beta, eps_smoothing=eps)
        w = 3 * (nc + nw)
        f32, i64 = [], []
        for t in range(60):
            big = rng.choice([10, 1000, 1 << 20, 1 << 30])
            sums = []
            for i in range(nc + nw):
                h = rng.randint(0, big) if rng.random() > 0.1 else 0
                r = rng.randint(0, big) if rng.random() > 0.1 else 0
                mt = rng.randint(0, min(h, r)) if rng.random() > 0.1 else 0
                sums += [h, r, mt]
            a32 = np.array(sums, dtype='float32')
            f32.append({"sums": [float(x) for x in a32],
                        "score": num(m._compute_score_from_stats(a32).score)})
            a64 = np.array([sums], dtype=np.int64)
            i64.append({"sums": sums, "score": num(m._aggregate_and_compute(a64).score)})
        out.append({"char_order": nc, "word_order": nw, "beta": beta, "eps_smoothing": eps,
                    "float32": f32, "int64": i64})
    return out


def main():
    doc = {
        "generator": "chrf/testdata/gen.py",
        "sacrebleu": __import__("sacrebleu").__version__,
        "numpy": np.__version__,
        "cases": [case(c) for c in CONFIGS],
        "test_chrf": test_chrf_cases(),
        "resampling": resampling(),
    }
    json.dump(doc, sys.stdout, ensure_ascii=False, indent=0)
    sys.stdout.write("\n")


main()
