package ter

// Config holds the options of a TER computation. Its zero value is
// sacreBLEU 2.6.0's TER() default: lowercased, not normalized,
// punctuation kept, no Asian support. Every option decides the words that
// [Stats.Add] compares, so once a [Stats] holds statistics its options
// are fixed (see [Stats]).
//
// A Config is a plain value, safe to copy and to use from several
// goroutines.
type Config struct {
	// Normalized applies tercom's normalization (sacreBLEU's
	// normalized=True, --ter-normalized): XML entities unescaped,
	// punctuation split off, and, with AsianSupport, CJK characters split
	// apart. See [Config.Tokenize].
	Normalized bool
	// NoPunct removes punctuation (no_punct=True, --ter-no-punct), and
	// with AsianSupport also CJK and full-width punctuation.
	NoPunct bool
	// AsianSupport extends Normalized and NoPunct to CJK text
	// (asian_support=True, --ter-asian-support). Alone it changes
	// nothing but the signature.
	AsianSupport bool
	// CaseSensitive keeps the case of the text (case_sensitive=True,
	// --ter-case-sensitive); by default every text is lowercased as
	// Python's str.lower does.
	CaseSensitive bool
}

// flags packs the options, one bit each, for comparisons and encodings.
func (c *Config) flags() byte {
	var f byte
	for i, b := range [...]bool{c.Normalized, c.NoPunct, c.AsianSupport, c.CaseSensitive} {
		if b {
			f |= 1 << i
		}
	}
	return f
}

// configOf is the inverse of flags.
func configOf(f byte) Config {
	return Config{Normalized: f&1 != 0, NoPunct: f&2 != 0, AsianSupport: f&4 != 0, CaseSensitive: f&8 != 0}
}

// flagsMask holds every bit flags can set.
const flagsMask = 1<<4 - 1
