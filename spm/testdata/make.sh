#!/bin/sh
# Trains the test models with Debian's spm_train 0.1.97 on text from
# gen_text.py and writes models/, charsmaps/ and goldens.json (pack.py),
# and sacrebleu.json (sacre_goldens.py, with sacreBLEU 2.6.0 at $SACREBLEU_SRC).
# Run from this directory: SACREBLEU_SRC=/path/to/sacrebleu ./make.sh
set -eu
spm_train --version | grep -qx 'sentencepiece 0.1.97'
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
/usr/bin/python3 gen_text.py "$tmp"
cp rules.tsv "$tmp"
# Relative paths, run in $tmp: the model records them.
train() {
	name=$1
	shift
	(cd "$tmp" && spm_train --input=train.txt --model_prefix="$name" \
		--num_threads=1 --random_seed=1 --minloglevel=2 "$@" >/dev/null)
}
train unigram --model_type=unigram --vocab_size=400
train bpe --model_type=bpe --vocab_size=400
train char --model_type=char --vocab_size=400
train word --model_type=word --vocab_size=400
train unigram_identity --model_type=unigram --vocab_size=400 --normalization_rule_name=identity
train bpe_identity --model_type=bpe --vocab_size=300 --normalization_rule_name=identity
train unigram_nfkc_cf --model_type=unigram --vocab_size=300 --normalization_rule_name=nfkc_cf
train bpe_nfkc_cf --model_type=bpe --vocab_size=300 --normalization_rule_name=nfkc_cf
train unigram_rules --model_type=unigram --vocab_size=300 --normalization_rule_tsv=rules.tsv
train bpe_rules_raw --model_type=bpe --vocab_size=300 --normalization_rule_tsv=rules.tsv --remove_extra_whitespaces=false
train unigram_keep_spaces --model_type=unigram --vocab_size=300 --remove_extra_whitespaces=false
train bpe_keep_spaces --model_type=bpe --vocab_size=300 --remove_extra_whitespaces=false --normalization_rule_name=identity
train unigram_no_prefix --model_type=unigram --vocab_size=300 --add_dummy_prefix=false
train word_no_prefix --model_type=word --vocab_size=300 --add_dummy_prefix=false --normalization_rule_name=identity
train unigram_suffix --model_type=unigram --vocab_size=300 --treat_whitespace_as_suffix=true
train bpe_suffix --model_type=bpe --vocab_size=300 --treat_whitespace_as_suffix=true --normalization_rule_name=identity
train word_suffix --model_type=word --vocab_size=300 --treat_whitespace_as_suffix=true --normalization_rule_name=identity
train unigram_digits --model_type=unigram --vocab_size=300 --split_digits=true
train bpe_digits --model_type=bpe --vocab_size=300 --split_digits=true --normalization_rule_name=identity
train unigram_bytes --model_type=unigram --vocab_size=500 --byte_fallback=true --character_coverage=0.98
train bpe_bytes --model_type=bpe --vocab_size=500 --byte_fallback=true --character_coverage=0.98 --normalization_rule_name=identity
train unigram_symbols --model_type=unigram --vocab_size=300 \
	--user_defined_symbols='<sep>,<cls>,[MASK],ab,東京,123' --control_symbols='<ctl>,<2ja>'
train bpe_symbols --model_type=bpe --vocab_size=300 --normalization_rule_name=identity \
	--user_defined_symbols='<sep>,<cls>,[MASK],ab,東京,123' --control_symbols='<ctl>,<2ja>'
train char_symbols --model_type=char --vocab_size=300 --normalization_rule_name=identity \
	--user_defined_symbols='<sep>,[MASK],ka' --control_symbols='<ctl>'
train unigram_coverage --model_type=unigram --vocab_size=200 --character_coverage=0.98 --normalization_rule_name=identity
train unigram_unsplit --model_type=unigram --vocab_size=300 --normalization_rule_name=identity \
	--split_by_whitespace=false --split_by_unicode_script=false --split_by_number=false --max_sentencepiece_length=6
train bpe_unsplit --model_type=bpe --vocab_size=300 --normalization_rule_name=identity \
	--split_by_whitespace=false --split_by_unicode_script=false --split_by_number=false --max_sentencepiece_length=3
train unigram_selftest --model_type=unigram --vocab_size=200 --normalization_rule_name=identity --self_test_sample_size=5
train unigram_ids --model_type=unigram --vocab_size=200 --normalization_rule_name=identity \
	--unk_id=3 --bos_id=0 --eos_id=-1 --pad_id=1 --unk_piece='[UNK]' --pad_piece='[PAD]'
/usr/bin/python3 pack.py "$tmp"
PYTHONPATH=${SACREBLEU_SRC:?set SACREBLEU_SRC to a checkout of sacreBLEU 2.6.0} /usr/bin/python3 sacre_goldens.py
