package main

// The SentencePiece tokenizers (-tok flores200, flores101, spm,
// spBLEU-1K): their models are read from sacreBLEU's cache directory,
// where sacreBLEU keeps them.

import (
	"errors"
	"os"
	"path/filepath"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/spm"
)

// sacrebleuDir is sacreBLEU's SACREBLEU_DIR: $SACREBLEU, else .sacrebleu
// in the home directory ($HOME, as Python's expanduser reads it).
func (c *cli) sacrebleuDir() string {
	if d, ok := c.lookupEnv("SACREBLEU"); ok {
		return d
	}
	home, ok := c.lookupEnv("HOME")
	if !ok {
		home, _ = os.UserHomeDir()
	}
	return filepath.Join(home, ".sacrebleu")
}

// isSPMTokenizer reports whether name is one of sacreBLEU's SentencePiece
// tokenizers.
func isSPMTokenizer(name string) bool {
	switch name {
	case spm.Flores200, spm.Flores101, spm.SPM, spm.SpBLEU1K:
		return true
	}
	return false
}

// spmTokenizer loads the named SentencePiece tokenizer's model from the
// cache directory dir. A missing model is an error naming the file and
// the URL sacreBLEU downloads it from.
func spmTokenizer(dir, name string) (bleu.Tokenizer, error) {
	tok, err := spm.LoadTokenizer(dir, name)
	var missing *spm.MissingModelError
	if errors.As(err, &missing) {
		return nil, &exitError{code: 1, msg: "bleu: the " + name + " tokenizer needs its SentencePiece model, which is not at " +
			missing.File + " (this program does not download it: fetch " + missing.URL + " to that file, or run sacreBLEU once with -tok " + name + ")"}
	}
	if err != nil {
		return nil, &exitError{code: 1, msg: "bleu: " + err.Error()}
	}
	return tok, nil
}
