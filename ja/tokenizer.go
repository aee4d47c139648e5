package ja

import (
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/go-bleu/bleu"
)

// Tokenizer is sacreBLEU 2.6.0's "ja-mecab" tokenizer: MeCab 0.996 with the
// IPA dictionary (mecab-ipadic 2.7.0-20070801), -Owakati, applied to the
// segment with Python whitespace stripped from both ends; the words MeCab
// outputs are split again at Python whitespace, as BLEU splits the
// tokenized line.
//
// The zero value is ready to use (and equal to [MeCab]). The dictionary is
// loaded on first use (see [Load]). Tokenizer values are safe for
// concurrent use.
type Tokenizer struct{}

// MeCab is the ja-mecab tokenizer, for [bleu.Config.Tokenizer].
var MeCab Tokenizer

// SignatureName is the tokenizer's name in sacreBLEU's signatures:
// "ja-mecab-" + MeCab's version + "-IPA".
const SignatureName = "ja-mecab-0.996-IPA"

// String returns [SignatureName], the name signatures give the tokenizer.
func (Tokenizer) String() string { return SignatureName }

var _ bleu.Tokenizer = Tokenizer{}

var lattices = sync.Pool{New: func() any { return new(lattice) }}

// maxPooledNodes bounds the lattices kept for reuse (32 bytes a node; an
// ordinary line needs a few hundred): the one of a huge line is dropped.
const maxPooledNodes = 1 << 16

// Tokenize appends the tokens of text to dst and returns the extended
// slice. The tokens are substrings of text. Joined together they give text
// without its leading and trailing Python whitespace, without the
// characters MeCab skips as spaces before a word (U+0020, tab, LF and VT,
// IPADIC's SPACE category) and without the Python whitespace inside the
// words MeCab outputs (U+3000, for example, is a word of its own
// for MeCab, and no token for BLEU).
//
// It panics if the dictionary cannot be loaded (see [Load]).
func (Tokenizer) Tokenize(dst []string, text string) []string {
	d, err := load()
	if err != nil {
		panic(err)
	}
	text = trimPySpace(text)
	l := lattices.Get().(*lattice)
	start := len(dst)
	dst = l.analyze(d, dst, text)
	if cap(l.nodes) <= maxPooledNodes {
		lattices.Put(l)
	}
	for i := start; i < len(dst); i++ {
		if hasPySpace(dst[i]) {
			// Rare: split the word and its successors again.
			words := append([]string(nil), dst[i:]...)
			dst = dst[:i]
			for _, w := range words {
				dst = bleu.TokenizerNone.Tokenize(dst, w)
			}
			break
		}
	}
	return dst
}

// Load loads the dictionary if it is not loaded yet, and reports whether
// the embedded data is the expected one. Tokenize loads it by itself; Load
// lets a program choose when to pay for it (about 0.3 s of CPU and 31 MB)
// and handle the error that can only come from a wrong version of
// github.com/ikawaha/kagome-dict/ipa.
func Load() error {
	_, err := load()
	return err
}

// isPySpace reports whether r is whitespace for Python's str.isspace().
func isPySpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', 0x1C, 0x1D, 0x1E, 0x1F, ' ',
		0x85, 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
		return true
	}
	return 0x2000 <= r && r <= 0x200A
}

// trimPySpace is Python's str.strip() without arguments.
func trimPySpace(s string) string {
	return strings.TrimFunc(s, isPySpace)
}

// hasPySpace reports whether s contains Python whitespace.
func hasPySpace(s string) bool {
	for i := 0; i < len(s); i++ {
		b := s[i]
		if b < utf8.RuneSelf {
			if b <= ' ' && isPySpace(rune(b)) {
				return true
			}
			continue
		}
		if b == 0xC2 || b == 0xE1 || b == 0xE2 || b == 0xE3 {
			r, _ := utf8.DecodeRuneInString(s[i:])
			if isPySpace(r) {
				return true
			}
		}
	}
	return false
}
