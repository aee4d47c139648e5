"""Writes ter/testdata/goldens.json: sacreBLEU 2.6.0's TER on text this
script generates (deterministically) and on hand-made cases.

Run from the module root with Debian's python and sacreBLEU 2.6.0:

    PYTHONPATH=/work/sacrebleu /usr/bin/python3 ter/testdata/goldens.py > ter/testdata/goldens.json

Sections:
  tokenize  TercomTokenizer output under every option set
  segments  per-segment statistics [edits, mean reference length], and the
            sentence score, under an option set
  corpora   corpus sums, score and signature
  sums      _compute_score_from_stats on numpy float32 sums (bootstrap)
            and _aggregate_and_compute on float64 rows (approximate
            randomization), as sacreBLEU's significance tests call them
"""
import itertools
import json
import random
import sys

import numpy as np

from sacrebleu.metrics import TER
from sacrebleu.tokenizers.tokenizer_ter import TercomTokenizer

OPTIONS = [dict(zip(("normalized", "no_punct", "asian_support", "case_sensitive"), bits))
           for bits in itertools.product((False, True), repeat=4)]

rng = random.Random(20261206)

WORDS = ["the", "cat", "sat", "on", "mat", "a", "dog", "ran", "to", "house", "big", "red",
         "and", "of", "in", "it", "was", "The", "Cat", "DOG"]
PUNCT_BITS = [".", ",", "!", "?", ";", ":", "\"", "(", ")", "'s", "-", "--", "...", "&amp;", "&quot;",
              "&lt;", "&gt;", "[", "]", "{", "}", "/", "@", "#", "$", "%", "*", "+", "=", "<", ">",
              "|", "~", "`", "^", "_", "\\", "'", "3.14", "1,000", "2-3", "-5", "a-b", "x.y", ",.", ".,"]
CJK_BITS = ["中文", "日本語", "ひらがな", "カタカナ", "ㇰㇱ", "한국어", "。", "、", "「", "」", "《", "》",
            "！", "？", "（", "）", "，", "．", "：", "；", "＂", "･", "・", "〜", "㈱", "㌔", "丽", "︰",
            "⺀", "㇀", "㐀", "䶵", "\u3f22", "\u3f23", "ｶﾀｶﾅ", "ﾟ", "Ａｂｃ", "１２３"]
CASE_BITS = ["İstanbul", "ΣΑΣ", "Straße", "ǅ", "ﬃ", "ΌΣΟΣ", "DŽ", "Ⅻ", "ᾼ", "K"]
SPACE_BITS = [" ", "  ", "\t", "\u00a0", "\u3000", "\u2028", "\x1c", "\x85", "\u200b", "\n", "\n-"]


def text(n, bits):
    out = []
    for _ in range(n):
        r = rng.random()
        if r < 0.55:
            out.append(rng.choice(WORDS))
        else:
            out.append(rng.choice(bits))
        out.append(rng.choice(SPACE_BITS) if rng.random() < 0.1 else " ")
    return "".join(out).strip(" ")


def words(n, vocab):
    return " ".join(rng.choice(vocab) for _ in range(n))


def permute(ws, moves):
    ws = list(ws)
    for _ in range(moves):
        if len(ws) < 2:
            break
        i = rng.randrange(len(ws))
        ln = rng.randint(1, min(12, len(ws) - i))
        block = ws[i:i + ln]
        del ws[i:i + ln]
        j = rng.randrange(len(ws) + 1)
        ws[j:j] = block
    return ws


def edit(ws, n, vocab):
    ws = list(ws)
    for _ in range(n):
        op = rng.random()
        if op < 0.33 and ws:
            ws[rng.randrange(len(ws))] = rng.choice(vocab)
        elif op < 0.66 and ws:
            del ws[rng.randrange(len(ws))]
        else:
            ws.insert(rng.randrange(len(ws) + 1), rng.choice(vocab))
    return ws


def pair(n, vocab, moves, edits):
    ref = [rng.choice(vocab) for _ in range(n)]
    hyp = edit(permute(ref, moves), edits, vocab)
    return " ".join(hyp), " ".join(ref)


HAND = [
    # shifts
    ("a b c d e", ["c d e a b"]),
    ("the cat sat on the mat", ["on the mat the cat sat"]),
    ("a b a b a b", ["b a b a b a"]),
    ("x y z x y z", ["z y x z y x"]),
    ("a a a a b b b b", ["b b b b a a a a"]),
    ("one two three four five six seven eight nine ten eleven twelve", ["seven eight nine ten eleven twelve one two three four five six"]),
    ("a b c d e f g h i j k l m n o p", ["k l m n o p a b c d e f g h i j"]),
    # ties between shifts of equal gain
    ("a b c a b c", ["a b c"]),
    ("b a", ["a b"]),
    ("a b c", ["c b a"]),
    ("a x b x c x", ["x a x b x c"]),
    # empty texts
    ("", ["a b c"]),
    ("a b c", [""]),
    ("", [""]),
    ("   ", ["\t"]),
    ("a b", ["", "a b"]),
    ("a b", ["a b", ""]),
    ("", ["", "a"]),
    # several references
    ("the cat sat", ["the cat sat on the mat", "a cat sat", "cat"]),
    ("a b c d", ["d c b a", "a b c d e", "a c"]),
    ("x", ["y", "z", "x w", "v"]),
    # punctuation, numbers, hyphens
    ("Hello, world! It's 3.14 - or 1,000.5?", ["hello world it 's 3.14 or 1,000.5"]),
    ("well-known 2-3 x-5 5- -5 a--b", ["well - known 2 - 3"]),
    ("&quot;quoted&quot; &amp;amp; &lt;tag&gt;", ["\"quoted\" & <tag>"]),
    ("John's dog's 's 's's", ["john 's dog 's"]),
    ("a.b.c, d,e 1.2.3 .5 5. ,5 5,", ["a . b"]),
    # Asian scripts
    ("我爱北京天安门。", ["我 爱 北京 天安门 。"]),
    ("日本語のテキストです、はい！", ["日本語 の テキスト です"]),
    ("ひらがな", ["ひらがな"]),
    ("カタカナ", ["カタカナ"]),
    ("（括弧）「かぎ」", ["括弧 かぎ"]),
    ("한국어 텍스트", ["한국어"]),
    # case
    ("İSTANBUL ΣΑΣ Straße", ["istanbul σας strasse"]),
]


def long_cases():
    out = []
    vocab = [f"w{i}" for i in range(40)]
    # beam: length ratios far from 1, and long segments
    for n, m in [(200, 200), (300, 260), (40, 400), (400, 40), (3, 200), (200, 3), (1000, 1000), (120, 1300)]:
        ref = [rng.choice(vocab) for _ in range(m)]
        hyp = edit(permute(ref[:n] if n <= m else ref + [rng.choice(vocab) for _ in range(n - m)], n // 8), n // 10, vocab)
        out.append((" ".join(hyp), [" ".join(ref)]))
    # shift distance limit: a block moved by about 50 words
    base = [f"u{i}" for i in range(120)]
    for d in (48, 49, 50, 51, 52, 60):
        hyp = list(base)
        block = hyp[10:14]
        del hyp[10:14]
        hyp[10 + d:10 + d] = block
        out.append((" ".join(hyp), [" ".join(base)]))
    # shift size limit: blocks of 9 to 12 words
    for ln in (9, 10, 11, 12):
        hyp = base[:40]
        hyp = hyp[ln:20] + hyp[:ln] + hyp[20:]
        out.append((" ".join(hyp), [" ".join(base[:40])]))
    # shift size limit: two blocks of more than 10 words swapped, which
    # no single shift of at most 10 words can undo
    for a, b in ((11, 11), (12, 15), (10, 14)):
        hyp = base[a:a + b] + base[:a] + base[a + b:40]
        out.append((" ".join(hyp), [" ".join(base[:40])]))
    # many candidates: a small vocabulary, long texts (the 1,000 limit)
    small = ["a", "b", "c"]
    for n in (60, 150, 400):
        h, r = pair(n, small, n // 5, n // 5)
        out.append((h, [r]))
    return out


def main():
    tok_texts = [text(rng.randint(0, 25), PUNCT_BITS + CJK_BITS + CASE_BITS) for _ in range(60)]
    tok_texts += [h for h, _ in HAND] + [r for _, rs in HAND for r in rs]
    tokenize = []
    for o in OPTIONS:
        t = TercomTokenizer(**o)
        tokenize.append({"options": o, "cases": [[s, t(s)] for s in tok_texts]})

    segments = []

    def add_segments(name, cases, options):
        for o in options:
            ter = TER(**o)
            rows = []
            for hyp, refs in cases:
                stats = ter._extract_corpus_statistics([hyp], [[r] for r in refs])[0]
                sc = ter.sentence_score(hyp, refs)
                rows.append([hyp, refs, stats[0], stats[1], sc.score])
            segments.append({"name": name, "options": o, "cases": rows})

    add_segments("hand", HAND, OPTIONS)
    mixed = [(text(rng.randint(0, 30), PUNCT_BITS + CJK_BITS + CASE_BITS),
              [text(rng.randint(0, 30), PUNCT_BITS + CJK_BITS + CASE_BITS) for _ in range(rng.randint(1, 3))])
             for _ in range(80)]
    add_segments("mixed", mixed, OPTIONS)
    random_pairs = []
    for _ in range(300):
        n = rng.randint(1, 40)
        h, r = pair(n, WORDS[:rng.randint(3, 20)], rng.randint(0, 4), rng.randint(0, 6))
        refs = [r]
        for _ in range(rng.randint(0, 2)):
            refs.append(" ".join(edit(r.split(), rng.randint(0, 5), WORDS)))
        random_pairs.append((h, refs))
    add_segments("random", random_pairs, [OPTIONS[0]])
    add_segments("long", long_cases(), [OPTIONS[0]])

    corpora = []
    for o in OPTIONS:
        ter = TER(**o)
        cases = mixed[:40]
        nref = 2
        hyps = [h for h, _ in cases]
        refs = [[rs[k] if k < len(rs) else "" for _, rs in cases] for k in range(nref)]
        sc = ter.corpus_score(hyps, refs)
        corpora.append({"options": o, "hyps": hyps, "refs": refs, "edits": sc.num_edits,
                        "ref_length": sc.ref_length, "score": sc.score,
                        "signature": str(ter.get_signature()),
                        "short_signature": ter.get_signature().format(short=True),
                        "text": sc.format(width=2, signature=str(ter.get_signature()))})
    # three references: lengths that are not sums of halves
    ter = TER()
    hyps = [h for h, _ in random_pairs[:100]]
    refs = [[" ".join(edit(h.split(), k + 1, WORDS)) for h in hyps] for k in range(3)]
    sc = ter.corpus_score(hyps, refs)
    corpora.append({"options": OPTIONS[0], "hyps": hyps, "refs": refs, "edits": sc.num_edits,
                    "ref_length": sc.ref_length, "score": sc.score, "signature": str(ter.get_signature()),
                    "short_signature": ter.get_signature().format(short=True),
                    "text": sc.format(width=4, signature=str(ter.get_signature()))})

    sums = []
    ter = TER()
    cases32 = [[3, 7], [0, 0], [5, 0], [0, 4], [1, 3], [2, 3.3333333], [10, 3], [12345, 67890.5],
               [16777217, 3], [7, 16777219], [1e-45, 1]]
    for _ in range(40):
        cases32.append([rng.randint(0, 5000), rng.uniform(0, 5000)])
    for e, r in cases32:
        a = np.array([[e, r]], dtype="float32")
        s = a.sum(0)
        sc = ter._compute_score_from_stats(s)
        sums.append({"kind": "float32", "edits": float(s[0]), "ref_length": float(s[1]),
                     "score": float(sc.score), "num_edits": sc.num_edits})
    for e, r in cases32:
        x = np.array([[e, r]], dtype="float64")
        sc = ter._aggregate_and_compute(x)
        sums.append({"kind": "float64", "edits": float(x[0][0]), "ref_length": float(x[0][1]),
                     "score": float(sc.score), "num_edits": sc.num_edits})

    json.dump({"generator": "ter/testdata/goldens.py", "sacrebleu": "2.6.0",
               "tokenize": tokenize, "segments": segments, "corpora": corpora, "sums": sums},
              sys.stdout, ensure_ascii=False, indent=0)
    print()


main()
