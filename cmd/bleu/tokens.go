package main

// --print-tokens: every line exactly as BLEU sees it. BLEU depends on
// tokenization, and this shows it: each input line becomes one output line
// of the words whose n-grams BLEU counts, joined by single spaces.

import (
	"strings"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/internal/py"
)

// printTokens writes the tokens of every line of the given files (REF
// arguments and -i files, in that order), or of standard input when there
// are none. A line is read as the scoring would read it (files split at
// "\n", standard input with universal newlines), stripped of trailing
// whitespace, lowercased with -lc, stripped again and tokenized, as
// sacreBLEU's BLEU._preprocess_segment does.
func (c *cli) printTokens(o *options, enc encoding) error {
	tok, warnings, err := c.tokenizerFor(o)
	for _, w := range warnings {
		c.warnf("%s", w)
	}
	if err != nil {
		return err
	}
	files := append(append([]string(nil), o.refs...), o.inputs...)
	var toks []string
	each := func(lr *lineReader) error {
		for {
			line, ok, err := lr.next()
			if err != nil || !ok {
				return err
			}
			line = py.RStrip(line)
			if o.lowercase {
				line = py.RStrip(bleu.Lowercase.Normalize(line))
			}
			toks = tok.Tokenize(toks[:0], line)
			c.out.WriteString(strings.Join(toks, " "))
			if err := c.out.WriteByte('\n'); err != nil {
				return writeError(err) // no use reading on
			}
		}
	}
	if len(files) == 0 {
		return each(newStdinLines(c.stdin, enc, o.replaceInvalid))
	}
	for _, name := range files {
		lr, err := openLines(nil, name, enc, o.replaceInvalid, nil)
		if err != nil {
			return err
		}
		err = each(lr)
		lr.Close()
		if err != nil {
			return err
		}
	}
	return nil
}
