#!/bin/sh
# Regenerates testdata/compat/*.json, the goldens of package compat, by
# running the reference implementations on this project's own text
# (testdata/sample.*.txt and testdata/compat/*.txt).
#
# What it needs (Debian 12; nothing of theirs is committed here):
#   apt-get install python3 python3-nltk perl libxml-twig-perl libsort-naturally-perl
#     python3-nltk must be NLTK 3.8 (Debian 12's 3.8-1); otherwise clone
#     github.com/nltk/nltk, check out tag 3.8 and put it first on PYTHONPATH.
#   EVALUATE_SRC: a clone of github.com/huggingface/evaluate (metrics/bleu/
#     bleu.py and tokenizer_13a.py; goldens.py runs Bleu._compute without
#     installing evaluate or datasets).
#   TF_NMT_SRC: a clone of github.com/tensorflow/nmt (nmt/scripts/bleu.py,
#     the compute_bleu that evaluate's bleu.py downloads as nmt_bleu.py).
#   MOSES_SRC: a clone of github.com/moses-smt/mosesdecoder
#     (scripts/generic/multi-bleu.perl, multi-bleu-detok.perl,
#     mteval-v13a.pl).
#
# Usage: EVALUATE_SRC=... TF_NMT_SRC=... MOSES_SRC=... internal/gen/compat/goldens.sh
# from the module root. The output is deterministic.
set -eu
: "${EVALUATE_SRC:?set EVALUATE_SRC to a huggingface/evaluate checkout}"
: "${TF_NMT_SRC:?set TF_NMT_SRC to a tensorflow/nmt checkout}"
: "${MOSES_SRC:?set MOSES_SRC to a moses-smt/mosesdecoder checkout}"
cd "$(dirname "$0")/../../.."
exec /usr/bin/python3 internal/gen/compat/goldens.py \
	--evaluate "$EVALUATE_SRC" --nmt "$TF_NMT_SRC" --moses "$MOSES_SRC" \
	--out testdata/compat
