package spm

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/internal/py"
)

// A Tokenizer is a [bleu.Tokenizer] whose tokens are the pieces of a
// SentencePiece model, as sacreBLEU's spm tokenizers make them. Make one
// with [NewTokenizer] or [LoadTokenizer]; the zero value is not usable.
// A Tokenizer is immutable and safe for concurrent use.
type Tokenizer struct {
	model *Model
	name  string
}

var _ bleu.Tokenizer = (*Tokenizer)(nil)

// NewTokenizer returns the tokenizer of model m, named name in score
// signatures ("tok:" + name). NewTokenizer panics if m is nil.
func NewTokenizer(m *Model, name string) *Tokenizer {
	if m == nil {
		panic("spm: NewTokenizer of a nil Model")
	}
	return &Tokenizer{model: m, name: name}
}

// String returns the tokenizer's name for signatures.
func (t *Tokenizer) String() string { return t.name }

// Model returns the tokenizer's model.
func (t *Tokenizer) Model() *Model { return t.model }

// Tokenize appends the tokens of text to dst and returns the extended
// slice: the pieces [Model.Encode] gives, each split again at Python
// whitespace (a piece holds whitespace only when the model does not
// escape it, as with identity normalization and a tab), which is
// sacreBLEU's " ".join(EncodeAsPieces(line)) followed by str.split. Where
// sentencepiece fails (see [Model.Encode]) its Python binding returns no
// pieces, and so text has no tokens.
func (t *Tokenizer) Tokenize(dst []string, text string) []string {
	start := len(dst)
	dst, err := t.model.AppendPieces(dst, text)
	if err != nil {
		return dst
	}
	for i := start; i < len(dst); i++ {
		if hasPySpace(dst[i]) {
			// Rare: split this piece and the rest again.
			rest := append([]string(nil), dst[i:]...)
			clear(dst[i:])
			dst = dst[:i]
			for _, p := range rest {
				dst = py.AppendFields(dst, p)
			}
			break
		}
	}
	return dst
}

// hasPySpace reports whether s contains Python whitespace.
func hasPySpace(s string) bool {
	for i := 0; i < len(s); i++ {
		if py.SpaceAt(s, i) > 0 {
			return true
		}
	}
	return false
}

// The names of sacreBLEU 2.6.0's SentencePiece tokenizers, as -tok takes
// them.
const (
	Flores200 = "flores200" // the FLORES-200 model (NLLB), signature "flores200"
	Flores101 = "flores101" // the FLORES-101 model, signature "flores101"
	SPM       = "spm"       // the old name of flores101, signature "flores101"
	SpBLEU1K  = "spBLEU-1K" // the spBLEU-1K model, signature "spBLEU-1K"
)

// named is sacreBLEU's SPM_MODELS (tokenizers/tokenizer_spm.py).
func named(name string) (url, signature string, ok bool) {
	switch name {
	case SPM, Flores101:
		return "https://dl.fbaipublicfiles.com/fairseq/models/flores/sacrebleu_tokenizer_spm.model", Flores101, true
	case Flores200:
		return "https://tinyurl.com/flores200sacrebleuspm", Flores200, true
	case SpBLEU1K:
		return "https://www.dlnlp.ai/spBLEU-1K/spbleu-1k_tokenizer_spm.model", SpBLEU1K, true
	}
	return "", "", false
}

// ModelSource returns where sacreBLEU gets the model of the named
// tokenizer: the URL it downloads it from and the file it keeps it in
// under its cache directory dir ($SACREBLEU, by default ~/.sacrebleu):
// dir/models/ followed by the URL's last element.
func ModelSource(dir, name string) (url, file string, err error) {
	url, _, ok := named(name)
	if !ok {
		return "", "", fmt.Errorf("spm: no SentencePiece tokenizer is named %q", name)
	}
	return url, filepath.Join(dir, "models", path.Base(url)), nil
}

// A MissingModelError reports that a named tokenizer's model is not in
// sacreBLEU's cache directory: File should be downloaded from URL, which
// [Cache.Tokenizer] does.
type MissingModelError struct {
	Name, File, URL string
}

func (e *MissingModelError) Error() string {
	return fmt.Sprintf("spm: the %s tokenizer's model is missing: download %s to %s", e.Name, e.URL, e.File)
}

// LoadTokenizer loads the model of sacreBLEU's tokenizer name (Flores200,
// Flores101, SPM or SpBLEU1K) from sacreBLEU's cache directory dir, the
// file [ModelSource] names, and returns its tokenizer, named as
// sacreBLEU's signatures name it. LoadTokenizer never uses the network:
// a missing file is a [*MissingModelError] ([Cache.Tokenizer] downloads
// it instead). A file that is not a model is an error naming it.
func LoadTokenizer(dir, name string) (*Tokenizer, error) {
	url, file, err := ModelSource(dir, name)
	if err != nil {
		return nil, err
	}
	b, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, &MissingModelError{Name: name, File: file, URL: url}
	}
	if err != nil {
		return nil, fmt.Errorf("spm: %w", err)
	}
	m, err := Parse(b)
	if err != nil {
		return nil, fmt.Errorf("spm: the %s tokenizer's model %s: %s", name, file, strings.TrimPrefix(err.Error(), "spm: "))
	}
	_, sig, _ := named(name)
	return NewTokenizer(m, sig), nil
}
