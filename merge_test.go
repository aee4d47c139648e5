package bleu_test
