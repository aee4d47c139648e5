#!/usr/bin/python3
"""Writes sacrebleu.json: sacreBLEU 2.6.0's BLEU with its SentencePiece
tokenizers, run with test models in place of the real ones (which cannot
be fetched here): each test model is copied into a scratch $SACREBLEU/models
under the file name sacreBLEU looks for.

make.sh runs it after pack.py; run from this directory.
Usage: PYTHONPATH=/path/to/sacrebleu-2.6.0 sacre_goldens.py
"""
import json
import os
import random
import shutil
import sys
import tempfile

import gen_text
import pack

# tokenizer name -> test model standing in for its real one
STAND_INS = {
    "flores200": "unigram",
    "flores101": "bpe",
    "spm": "bpe",
    "spBLEU-1K": "unigram_bytes",
}


def edit(rng, s):
    t = s.split()
    if not t:
        return s
    for _ in range(rng.randint(0, max(1, len(t) // 2))):
        op = rng.randrange(3)
        i = rng.randrange(len(t))
        if op == 0:
            t[i] = gen_text.word(rng, "latin")
        elif op == 1 and len(t) > 1:
            del t[i]
        else:
            t.insert(i, t[rng.randrange(len(t))])
    return " ".join(t)


def main():
    scratch = tempfile.mkdtemp()
    os.environ["SACREBLEU"] = scratch
    os.makedirs(os.path.join(scratch, "models"))
    # Imported only now: sacreBLEU reads $SACREBLEU at import.
    from sacrebleu.metrics import BLEU
    from sacrebleu.tokenizers.tokenizer_spm import SPM_MODELS

    rng = random.Random(7)
    refs = [gen_text.sentence(rng) for _ in range(150)]
    refs += [l for l in gen_text.STRESS if l.strip()]
    hyps = [r if i % 9 == 0 else edit(rng, r) for i, r in enumerate(refs)]
    runs = []
    try:
        for tok, model in STAND_INS.items():
            file = os.path.join(scratch, "models", os.path.basename(SPM_MODELS[tok]["url"]))
            with open(file, "wb") as f:
                f.write(pack.unpack(model))
            bleu = BLEU(tokenize=tok)
            corpus = bleu.corpus_score(hyps, [refs])
            sent = BLEU(tokenize=tok, effective_order=True)
            runs.append({
                "tok": tok,
                "model": model,
                "file": os.path.basename(file),
                "signature": str(bleu.get_signature()),
                "corpus": str(corpus),
                "corpus_score": corpus.score.hex(),
                "sentences": [sent.sentence_score(h, [r]).score.hex() for h, r in zip(hyps, refs)],
            })
            os.remove(file)
    finally:
        shutil.rmtree(scratch)
    with open("sacrebleu.json", "w", encoding="utf-8") as f:
        json.dump({"sacrebleu_version": "2.6.0", "hyps": hyps, "refs": refs, "runs": runs},
                  f, ensure_ascii=False, indent=0)
        f.write("\n")


main()
