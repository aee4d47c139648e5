package bleubeam

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/ja"
)

// jaMeCab is sacreBLEU's name of the Japanese tokenizer.
const jaMeCab = "ja-mecab"

// Options are the options of a BLEU computation by name, so that they travel
// with a pipeline: Beam serializes a transform's functions as JSON, which
// cannot hold a [bleu.Tokenizer] or [bleu.Normalizer] value. Every field's
// zero value is sacreBLEU's default, as in [bleu.Config].
type Options struct {
	// Tokenizer names the tokenizer: a sacreBLEU name ("13a", "intl", "zh",
	// "char", "none", "ja-mecab"; "" is "13a"), "zh-fixed", or a name given
	// to [RegisterTokenizer]. "ja-mecab" is [ja.MeCab], whose dictionary
	// loads on the workers that use it.
	Tokenizer string `json:"tokenizer,omitempty"`
	// Normalizer names the normalizer applied before lowercasing and
	// tokenizing: "" for none, "nfc", "nfkc", "lc", a name given to
	// [RegisterNormalizer], or several of these joined by "+" (applied in
	// that order, as [bleu.Chain]).
	Normalizer string `json:"normalizer,omitempty"`
	// Lowercase lowercases as sacreBLEU's -lc does.
	Lowercase bool `json:"lowercase,omitempty"`
	// MaxOrder is the largest n-gram order; 0 means 4.
	MaxOrder int `json:"max_order,omitempty"`
	// Smooth is sacreBLEU's name of the smoothing method: "exp" (or ""),
	// "none", "floor" or "add-k".
	Smooth string `json:"smooth,omitempty"`
	// SmoothValue is the value of floor and add-k smoothing; 0 means the
	// method's default.
	SmoothValue float64 `json:"smooth_value,omitempty"`
	// EffectiveOrder averages only over the orders the hypotheses reach,
	// as sacreBLEU's sentence_bleu does.
	EffectiveOrder bool `json:"effective_order,omitempty"`
}

// Config returns the [bleu.Config] that o names, or an error naming the
// option that does not resolve.
func (o Options) Config() (bleu.Config, error) {
	var c bleu.Config
	if o.Tokenizer != "" {
		t, err := lookupTokenizer(o.Tokenizer)
		if err != nil {
			return bleu.Config{}, err
		}
		c.Tokenizer = t
	}
	if o.Normalizer != "" {
		var ns []bleu.Normalizer
		for _, name := range strings.Split(o.Normalizer, "+") {
			n, err := lookupNormalizer(name)
			if err != nil {
				return bleu.Config{}, err
			}
			ns = append(ns, n)
		}
		c.Normalizer = ns[0]
		if len(ns) > 1 {
			c.Normalizer = bleu.Chain(ns...)
		}
	}
	if o.Smooth != "" {
		m, err := bleu.SmoothMethodByName(o.Smooth)
		if err != nil {
			return bleu.Config{}, fmt.Errorf("bleubeam: %w", err)
		}
		c.Smooth = m
	}
	if o.MaxOrder < 0 {
		return bleu.Config{}, fmt.Errorf("bleubeam: MaxOrder %d is negative", o.MaxOrder)
	}
	c.Lowercase = o.Lowercase
	c.MaxOrder = o.MaxOrder
	c.SmoothValue = o.SmoothValue
	c.EffectiveOrder = o.EffectiveOrder
	if err := c.Validate(); err != nil {
		return bleu.Config{}, fmt.Errorf("bleubeam: invalid options: %w", err)
	}
	return c, nil
}

// The registry of custom tokenizers and normalizers. Like Beam's own
// registrations (beam.RegisterType, register.DoFn2x1, …) it is meant to be
// written in init functions, before beam.Init, in every binary that runs
// the pipeline: launcher and workers alike.
var registry struct {
	sync.RWMutex
	tokenizers  map[string]bleu.Tokenizer
	normalizers map[string]bleu.Normalizer
}

// RegisterTokenizer makes t available under name to [Options.Tokenizer].
// Call it from an init function of every binary of the pipeline, as Beam's
// registrations are called, so that workers that decode statistics find
// the same tokenizer by the same name. t must be safe for concurrent use.
//
// The scores' signatures name t by its String method when it has one (see
// [bleu.Tokenizer]), not by name; give t a String method to tell it apart
// in signatures and when merging statistics.
//
// It panics if name is empty, is a standard tokenizer's name or is taken,
// or if t is nil.
func RegisterTokenizer(name string, t bleu.Tokenizer) {
	if name == "" || t == nil {
		panic("bleubeam: RegisterTokenizer with an empty name or a nil tokenizer")
	}
	if _, err := bleu.TokenizerByName(name); err == nil || name == jaMeCab {
		panic(fmt.Sprintf("bleubeam: RegisterTokenizer(%q): a standard tokenizer has that name", name))
	}
	registry.Lock()
	defer registry.Unlock()
	if _, ok := registry.tokenizers[name]; ok {
		panic(fmt.Sprintf("bleubeam: RegisterTokenizer(%q) called twice", name))
	}
	if registry.tokenizers == nil {
		registry.tokenizers = make(map[string]bleu.Tokenizer)
	}
	registry.tokenizers[name] = t
}

// RegisterNormalizer makes n available under name to
// [Options.Normalizer], as [RegisterTokenizer] does for tokenizers. name
// must not contain "+". n must be safe for concurrent use.
//
// It panics if name is empty, contains "+", is a standard normalizer's
// name or is taken, or if n is nil.
func RegisterNormalizer(name string, n bleu.Normalizer) {
	if name == "" || strings.Contains(name, "+") || n == nil {
		panic(fmt.Sprintf("bleubeam: RegisterNormalizer(%q): the name must be non-empty without \"+\", and the normalizer not nil", name))
	}
	if standardNormalizer(name) != nil {
		panic(fmt.Sprintf("bleubeam: RegisterNormalizer(%q): a standard normalizer has that name", name))
	}
	registry.Lock()
	defer registry.Unlock()
	if _, ok := registry.normalizers[name]; ok {
		panic(fmt.Sprintf("bleubeam: RegisterNormalizer(%q) called twice", name))
	}
	if registry.normalizers == nil {
		registry.normalizers = make(map[string]bleu.Normalizer)
	}
	registry.normalizers[name] = n
}

var errUnknown = errors.New("not registered (see RegisterTokenizer and RegisterNormalizer)")

func lookupTokenizer(name string) (bleu.Tokenizer, error) {
	if t, err := bleu.TokenizerByName(name); err == nil {
		return t, nil
	}
	if name == jaMeCab {
		return ja.MeCab, nil
	}
	registry.RLock()
	t, ok := registry.tokenizers[name]
	registry.RUnlock()
	if !ok {
		return nil, fmt.Errorf("bleubeam: tokenizer %q: %w", name, errUnknown)
	}
	return t, nil
}

func lookupNormalizer(name string) (bleu.Normalizer, error) {
	if n := standardNormalizer(name); n != nil {
		return n, nil
	}
	registry.RLock()
	n, ok := registry.normalizers[name]
	registry.RUnlock()
	if !ok {
		return nil, fmt.Errorf("bleubeam: normalizer %q: %w", name, errUnknown)
	}
	return n, nil
}

// standardNormalizer returns the standard normalizer called name, or nil.
func standardNormalizer(name string) bleu.Normalizer {
	for _, n := range [...]bleu.StandardNormalizer{bleu.NFC, bleu.NFKC, bleu.Lowercase} {
		if n.String() == name {
			return n
		}
	}
	return nil
}
