package main

// The SentencePiece tokenizers (-tok flores200, flores101, spm,
// spBLEU-1K): their models are read from sacreBLEU's cache directory,
// where sacreBLEU keeps them, and downloaded there from sacreBLEU's URLs
// when missing.

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"path/filepath"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/internal/cache"
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
// cache directory o.sacrebleuDir, downloading it first when it is
// missing, with the progress bar and the lock's message of the test
// sets' downloads. An interrupt stops the download (nothing is left in
// the cache) with exit status 130; a failed download is exit status 1
// with a message naming the URL and the file.
func (c *cli) spmTokenizer(o *options, name string) (bleu.Tokenizer, error) {
	mc := spm.Cache{}
	if c.models != nil {
		mc = *c.models
	}
	mc.Dir = o.sacrebleuDir
	mc.Waiting = func(lock string) {
		c.infof(o, "waiting for another process downloading the same file (lock file %s)", lock)
	}
	if bar := c.progressBar(o); bar != nil {
		mc.Progress = func(p spm.Progress) { bar(p.URL, p.Done, p.Total) }
	}
	ctx := c.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt)
	defer stop()
	tok, err := mc.Tokenizer(ctx, name)
	if err == nil && ctx.Err() != nil {
		// Interrupted while loading a model present: the interrupt was
		// diverted to ctx, so it is honoured here.
		err = context.Cause(ctx)
	}
	switch {
	case errors.Is(err, context.Canceled):
		return nil, &exitError{code: interruptedStatus, msg: "bleu: interrupted"}
	case err != nil:
		msg := "bleu: " + err.Error()
		if _, file, ferr := spm.ModelSource(mc.Dir, name); ferr == nil && cache.Exists(file) {
			msg += "\nbleu: delete " + file + " to download it again"
		}
		return nil, &exitError{code: 1, msg: msg}
	}
	return tok, nil
}
