package bleu

// The binary and JSON encodings of Stats, for scoring shards of a corpus
// on several machines and merging them.

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
	"strings"
	"unicode/utf8"
)

// The binary encoding, version 1. All integers are big-endian and every
// count is a non-negative int64 stored in 8 bytes:
//
//	offset  size  field
//	0       4     magic "BLEU"
//	4       1     version: 1
//	5       1     flags: bit 0 set when lowercased; the other bits are 0
//	6       2     t, the length of the tokenizer name
//	8       t     the tokenizer name, UTF-8 (its signature name, "13a", ...)
//	8+t     2     u, the length of the normalizer name
//	10+t    u     the normalizer name, UTF-8 ("" when there is none)
//	10+t+u  4     N, the maximum n-gram order, at least 1
//	then    8     segments
//	        8     hypothesis length (words)
//	        8     closest reference length (words)
//	        8     fewest references of a segment
//	        8     most references of a segment
//	        8·N   clipped matches, unigrams first
//	        8·N   hypothesis n-grams (totals), unigrams first
//	        4     CRC-32 (IEEE) of every byte before it
//
// The encoding of given statistics is unique: decoding succeeds only on
// exactly the bytes that encoding them produces.
const (
	encodingMagic   = "BLEU"
	encodingVersion = 1
	flagLowercase   = 1 << 0
	// maxEncodedName bounds the tokenizer and normalizer names.
	maxEncodedName = 1 << 10
	// jsonFormat identifies the JSON encoding.
	jsonFormat = "bleu-stats"
)

// encodedStats is the content of either encoding.
type encodedStats struct {
	fp               fingerprint
	segments         int64
	hypLen, refLen   int64
	minRefs, maxRefs int64
	matches, totals  []int64
}

// encoded returns the content of s's encoding. It does not modify s.
func (s *Stats) encoded() (encodedStats, error) {
	s.reading()
	if err := s.Config.validate(); err != nil {
		return encodedStats{}, err
	}
	if err := s.optionsChanged(); err != nil {
		return encodedStats{}, err
	}
	e := encodedStats{
		fp:       s.fp,
		segments: int64(s.segments),
		hypLen:   s.hypLen,
		refLen:   s.refLen,
		minRefs:  int64(s.minRefs),
		maxRefs:  int64(s.maxRefs),
		matches:  s.matches,
		totals:   s.totals,
	}
	if s.segments == 0 {
		e.fp = s.fingerprint()
		e.matches = make([]int64, e.fp.order)
		e.totals = e.matches
	}
	for _, n := range [...]struct{ what, name string }{{"tokenizer", e.fp.tok}, {"normalizer", e.fp.norm}} {
		if len(n.name) > maxEncodedName || !utf8.ValidString(n.name) {
			return encodedStats{}, fmt.Errorf("bleu: cannot encode statistics: the %s name %.40q is not valid UTF-8 of at most %d bytes", n.what, n.name, maxEncodedName)
		}
	}
	if uint64(e.fp.order) > math.MaxUint32 {
		return encodedStats{}, fmt.Errorf("bleu: cannot encode statistics of order %d", e.fp.order)
	}
	return e, nil
}

// MarshalBinary implements [encoding.BinaryMarshaler]: it returns the
// statistics of s and the options that shaped them (the tokenizer and
// normalizer, by name, lowercasing and the maximum order) in a compact,
// versioned binary format protected by a CRC-32 checksum. Decode it with
// [Stats.UnmarshalBinary]. The smoothing and effective-order options are
// not part of it: they belong to whoever scores the statistics.
//
// It fails when the Config is invalid ([Config.Validate]), when its
// options are no longer those of the statistics held (see [Stats]), and
// when a custom tokenizer or normalizer has a name that is not valid UTF-8
// or longer than 1024 bytes. It only reads s, so it may run concurrently
// with other readers such as [Stats.Score]. Its receiver is a pointer, as
// a Stats is not to be copied: encoding/json and encoding/gob find it for
// a Stats they can address (pass them a pointer).
func (s *Stats) MarshalBinary() ([]byte, error) {
	e, err := s.encoded()
	if err != nil {
		return nil, err
	}
	b := make([]byte, 0, 4+1+1+2+len(e.fp.tok)+2+len(e.fp.norm)+4+8*5+16*len(e.matches)+4)
	b = append(b, encodingMagic...)
	b = append(b, encodingVersion)
	var flags byte
	if e.fp.lowercase {
		flags |= flagLowercase
	}
	b = append(b, flags)
	b = binary.BigEndian.AppendUint16(b, uint16(len(e.fp.tok)))
	b = append(b, e.fp.tok...)
	b = binary.BigEndian.AppendUint16(b, uint16(len(e.fp.norm)))
	b = append(b, e.fp.norm...)
	b = binary.BigEndian.AppendUint32(b, uint32(e.fp.order))
	for _, v := range [...]int64{e.segments, e.hypLen, e.refLen, e.minRefs, e.maxRefs} {
		b = binary.BigEndian.AppendUint64(b, uint64(v))
	}
	for _, v := range e.matches {
		b = binary.BigEndian.AppendUint64(b, uint64(v))
	}
	for _, v := range e.totals {
		b = binary.BigEndian.AppendUint64(b, uint64(v))
	}
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b)), nil
}

// UnmarshalBinary implements [encoding.BinaryUnmarshaler]: it replaces the
// statistics of s with those encoded in data by [Stats.MarshalBinary].
//
// Data that is truncated, corrupted (the checksum does not match), of
// another format or version, or whose counts are inconsistent with one
// another (negative, more matches than n-grams, n-gram totals that no
// corpus could have) is rejected with an error; UnmarshalBinary never
// panics on any input. The options that shaped the statistics are checked
// against the receiver's [Config], so that decoded statistics never mix
// with others collected differently:
//
//   - If the receiver's Tokenizer, Normalizer, Lowercase and MaxOrder are
//     all zero (as in a new Stats or one that json.Unmarshal creates), they
//     are set to the encoded ones: a standard tokenizer by name ("13a",
//     "intl", ...) and a standard normalizer or a [Chain] of them ("nfkc",
//     "nfc+lc", ...). Statistics of a custom tokenizer or normalizer cannot
//     be restored so and are an error: configure the receiver first.
//   - Otherwise the receiver's options must give the encoded ones, and
//     anything else is an error. Custom tokenizers and normalizers are
//     told apart only by name, as in [Stats.Merge].
//
// The smoothing and effective-order options of the receiver are kept; an
// invalid receiver Config ([Config.Validate]) is an error. On error s is
// unchanged. UnmarshalBinary does not keep data.
func (s *Stats) UnmarshalBinary(data []byte) error {
	e, err := decodeBinary(data)
	if err != nil {
		return err
	}
	return s.install(&e)
}

// decodeBinary parses and validates the binary encoding.
func decodeBinary(data []byte) (encodedStats, error) {
	var e encodedStats
	if len(data) < len(encodingMagic)+1 || string(data[:len(encodingMagic)]) != encodingMagic {
		return e, errors.New("bleu: not encoded BLEU statistics (no BLEU header)")
	}
	if v := data[len(encodingMagic)]; v != encodingVersion {
		return e, fmt.Errorf("bleu: encoded BLEU statistics of version %d; this library reads version %d", v, encodingVersion)
	}
	if len(data) < len(encodingMagic)+1+4 {
		return e, errors.New("bleu: encoded BLEU statistics truncated")
	}
	body, sum := data[:len(data)-4], binary.BigEndian.Uint32(data[len(data)-4:])
	if crc32.ChecksumIEEE(body) != sum {
		return e, errors.New("bleu: encoded BLEU statistics corrupted or truncated (checksum mismatch)")
	}
	r := reader{b: body[len(encodingMagic)+1:]}
	flags := r.byte()
	e.fp.lowercase = flags&flagLowercase != 0
	e.fp.tok = r.name()
	e.fp.norm = r.name()
	order := r.uint32()
	if r.err == nil && (order == 0 || uint64(order) > math.MaxInt || int(order) > len(r.b)/16) {
		// Each order takes 16 bytes: a larger order cannot be in data.
		r.fail(fmt.Sprintf("order %d", order))
	}
	for _, p := range [...]*int64{&e.segments, &e.hypLen, &e.refLen, &e.minRefs, &e.maxRefs} {
		*p = r.int64()
	}
	if r.err == nil {
		e.fp.order = int(order)
		e.matches = make([]int64, e.fp.order)
		e.totals = make([]int64, e.fp.order)
		for i := range e.matches {
			e.matches[i] = r.int64()
		}
		for i := range e.totals {
			e.totals[i] = r.int64()
		}
	}
	switch {
	case r.err != nil:
		return encodedStats{}, r.err
	case len(r.b) != 0:
		return encodedStats{}, fmt.Errorf("bleu: invalid encoded BLEU statistics: %d bytes after the counts", len(r.b))
	case flags&^flagLowercase != 0:
		return encodedStats{}, fmt.Errorf("bleu: invalid encoded BLEU statistics: unknown flags %#x", flags)
	}
	if err := e.validate(); err != nil {
		return encodedStats{}, err
	}
	return e, nil
}

// reader reads the fields of the binary encoding, remembering the first
// error.
type reader struct {
	b   []byte
	err error
}

func (r *reader) fail(what string) {
	if r.err == nil {
		r.err = fmt.Errorf("bleu: invalid encoded BLEU statistics: %s", what)
	}
	r.b = nil
}

func (r *reader) take(n int) []byte {
	if r.err != nil || len(r.b) < n {
		r.fail("truncated")
		return nil
	}
	p := r.b[:n]
	r.b = r.b[n:]
	return p
}

func (r *reader) byte() byte {
	if p := r.take(1); p != nil {
		return p[0]
	}
	return 0
}

func (r *reader) uint32() uint32 {
	if p := r.take(4); p != nil {
		return binary.BigEndian.Uint32(p)
	}
	return 0
}

func (r *reader) int64() int64 {
	p := r.take(8)
	if p == nil {
		return 0
	}
	v := binary.BigEndian.Uint64(p)
	if v > math.MaxInt64 {
		r.fail("count out of range")
		return 0
	}
	return int64(v)
}

func (r *reader) name() string {
	var n int
	if p := r.take(2); p != nil {
		n = int(binary.BigEndian.Uint16(p))
	}
	p := r.take(n)
	if r.err != nil {
		return ""
	}
	if n > maxEncodedName || !utf8.Valid(p) {
		r.fail("name is not valid UTF-8 of at most 1024 bytes")
		return ""
	}
	return string(p)
}

// validate checks that e holds statistics that Add and Merge could have
// produced: every count non-negative, a segment count and reference
// counts that fit in an int, matches at most totals, and n-gram totals
// consistent with the hypothesis length and the number of segments.
func (e *encodedStats) validate() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("bleu: invalid encoded BLEU statistics: "+format, args...)
	}
	if e.fp.order < 1 || len(e.matches) != e.fp.order || len(e.totals) != e.fp.order {
		return bad("order %d with %d matches and %d totals", e.fp.order, len(e.matches), len(e.totals))
	}
	for _, v := range [...]int64{e.segments, e.hypLen, e.refLen, e.minRefs, e.maxRefs} {
		if v < 0 {
			return bad("negative count %d", v)
		}
	}
	for k := range e.matches {
		if e.matches[k] < 0 || e.totals[k] < 0 {
			return bad("negative count at order %d", k+1)
		}
	}
	if e.segments > math.MaxInt || e.maxRefs > math.MaxInt {
		return bad("%d segments of up to %d references do not fit in an int here", e.segments, e.maxRefs)
	}
	if e.segments == 0 {
		if e.hypLen != 0 || e.refLen != 0 || e.minRefs != 0 || e.maxRefs != 0 || e.totals[0] != 0 {
			return bad("counts without segments")
		}
		return nil
	}
	if e.minRefs < 1 || e.minRefs > e.maxRefs {
		return bad("references per segment from %d to %d", e.minRefs, e.maxRefs)
	}
	if e.totals[0] != e.hypLen {
		return bad("%d unigrams in hypotheses of %d words", e.totals[0], e.hypLen)
	}
	// totals[k] - totals[k+1] is the number of segments with more than k
	// words: at most the number of segments, never growing with k, and
	// once it is 0 no segment has longer n-grams.
	room := e.segments
	for k := range e.totals {
		if e.matches[k] > e.totals[k] {
			return bad("%d matches of order %d among %d n-grams", e.matches[k], k+1, e.totals[k])
		}
		if k > 0 && e.matches[k] > 0 && e.matches[k-1] == 0 {
			// A matching n-gram starts with a matching (n-1)-gram.
			return bad("matches of order %d without matches of order %d", k+1, k)
		}
		if k+1 < len(e.totals) {
			d := e.totals[k] - e.totals[k+1]
			if d < 0 || d > room || (d == 0 && e.totals[k+1] != 0) {
				return bad("%d n-grams of order %d and %d of order %d in %d segments", e.totals[k], k+1, e.totals[k+1], k+2, e.segments)
			}
			room = d
		}
	}
	return nil
}

// install replaces the statistics of s with e, after checking or restoring
// the options (see UnmarshalBinary). On error s is unchanged.
func (s *Stats) install(e *encodedStats) error {
	s.mutating()
	if err := s.Config.validate(); err != nil {
		return err
	}
	cfg := s.Config
	if cfg.statsOptionsZero() {
		if err := cfg.restore(e.fp); err != nil {
			return err
		}
	}
	if fp := cfg.fingerprint(); fp != e.fp {
		return fmt.Errorf("bleu: encoded statistics were collected with %s; the receiver is configured for %s", e.fp, fp)
	}
	if e.fp.order > MaxMaxOrder {
		return fmt.Errorf("bleu: encoded statistics of order %d; at most %d is accepted", e.fp.order, MaxMaxOrder)
	}
	*s = Stats{Config: cfg, scratch: s.scratch}
	s.mutating()
	if e.segments == 0 {
		return nil
	}
	s.segments = int(e.segments)
	s.hypLen, s.refLen = e.hypLen, e.refLen
	s.minRefs, s.maxRefs = int(e.minRefs), int(e.maxRefs)
	s.matches = append([]int64(nil), e.matches...)
	s.totals = append([]int64(nil), e.totals...)
	s.fixOptions(e.fp)
	return nil
}

// restore sets the options of c that shape the statistics to those of
// fingerprint fp, for standard tokenizers and normalizers.
func (c *Config) restore(fp fingerprint) error {
	var cfg Config
	if fp.tok != Tokenizer13a.String() {
		tok, err := TokenizerByName(fp.tok)
		if err != nil {
			return fmt.Errorf("bleu: cannot restore tokenizer %q of encoded statistics: set the receiver's Config.Tokenizer first", fp.tok)
		}
		cfg.Tokenizer = tok
	}
	if fp.norm != "" {
		var ns []Normalizer
		for name := range strings.SplitSeq(fp.norm, "+") {
			n := standardNormalizerByName(name)
			if n == 0 {
				return fmt.Errorf("bleu: cannot restore normalizer %q of encoded statistics: set the receiver's Config.Normalizer first", fp.norm)
			}
			ns = append(ns, n)
		}
		cfg.Normalizer = ns[0]
		if len(ns) > 1 {
			cfg.Normalizer = Chain(ns...)
		}
	}
	cfg.Lowercase = fp.lowercase
	if fp.order != 4 {
		cfg.MaxOrder = fp.order
	}
	c.Tokenizer, c.Normalizer, c.Lowercase, c.MaxOrder = cfg.Tokenizer, cfg.Normalizer, cfg.Lowercase, cfg.MaxOrder
	return nil
}

// standardNormalizerByName returns the standard normalizer named name, or
// 0.
func standardNormalizerByName(name string) StandardNormalizer {
	for _, n := range [...]StandardNormalizer{NFC, NFKC, Lowercase} {
		if n.String() == name {
			return n
		}
	}
	return 0
}

// jsonStats is the JSON encoding. Every field is required.
type jsonStats struct {
	Format     *string `json:"format"`
	Version    *int    `json:"version"`
	Tokenizer  *string `json:"tokenizer"`
	Normalizer *string `json:"normalizer"`
	Lowercase  *bool   `json:"lowercase"`
	Order      *int    `json:"order"`
	Segments   *int64  `json:"segments"`
	HypLen     *int64  `json:"hyp_len"`
	RefLen     *int64  `json:"ref_len"`
	MinRefs    *int64  `json:"min_refs"`
	MaxRefs    *int64  `json:"max_refs"`
	Matches    []int64 `json:"matches"`
	Totals     []int64 `json:"totals"`
}

// MarshalJSON implements [json.Marshaler]: it returns the same content as
// [Stats.MarshalBinary] as a JSON object with the fields format
// ("bleu-stats"), version (1), tokenizer, normalizer ("" for none),
// lowercase, order, segments, hyp_len, ref_len, min_refs, max_refs,
// matches and totals (arrays of order numbers, unigrams first), for
// example
//
//	{"format":"bleu-stats","version":1,"tokenizer":"13a","normalizer":"","lowercase":false,"order":4,
//	 "segments":2,"hyp_len":12,"ref_len":11,"min_refs":1,"max_refs":1,"matches":[10,7,5,4],"totals":[12,10,8,6]}
//
// Counts are integers up to 2^63-1; a reader outside Go must not round
// them to floating point. It does not modify s, and fails as MarshalBinary
// does.
func (s *Stats) MarshalJSON() ([]byte, error) {
	e, err := s.encoded()
	if err != nil {
		return nil, err
	}
	format, version, order := jsonFormat, encodingVersion, e.fp.order
	segments, minRefs, maxRefs := e.segments, e.minRefs, e.maxRefs
	return json.Marshal(jsonStats{
		Format: &format, Version: &version,
		Tokenizer: &e.fp.tok, Normalizer: &e.fp.norm, Lowercase: &e.fp.lowercase, Order: &order,
		Segments: &segments, HypLen: &e.hypLen, RefLen: &e.refLen, MinRefs: &minRefs, MaxRefs: &maxRefs,
		Matches: e.matches, Totals: e.totals,
	})
}

// UnmarshalJSON implements [json.Unmarshaler]: it replaces the statistics
// of s with those encoded by [Stats.MarshalJSON], exactly as
// [Stats.UnmarshalBinary] does, with the same checks of the options and
// counts. Every field must be present, with its name spelt exactly, once;
// unknown fields are an error. On error s is unchanged.
func (s *Stats) UnmarshalJSON(data []byte) error {
	e, err := decodeJSON(data)
	if err != nil {
		return err
	}
	return s.install(&e)
}

// decodeJSON parses and validates the JSON encoding.
func decodeJSON(data []byte) (encodedStats, error) {
	var e encodedStats
	var j jsonStats
	if err := json.Unmarshal(data, &j); err != nil {
		return e, fmt.Errorf("bleu: invalid JSON BLEU statistics: %v", err)
	}
	if j.Format == nil || *j.Format != jsonFormat {
		return e, errors.New(`bleu: not JSON BLEU statistics (no "format": "bleu-stats")`)
	}
	if j.Version == nil || *j.Version != encodingVersion {
		return e, fmt.Errorf("bleu: JSON BLEU statistics of an unknown version; this library reads version %d", encodingVersion)
	}
	// Now that data is known to be one valid JSON value.
	if err := checkJSONKeys(data); err != nil {
		return e, err
	}
	if j.Tokenizer == nil || j.Normalizer == nil || j.Lowercase == nil || j.Order == nil || j.Segments == nil ||
		j.HypLen == nil || j.RefLen == nil || j.MinRefs == nil || j.MaxRefs == nil || j.Matches == nil || j.Totals == nil {
		return e, errors.New("bleu: invalid JSON BLEU statistics: a field is missing")
	}
	for _, name := range [...]string{*j.Tokenizer, *j.Normalizer} {
		// encoding/json has already replaced invalid UTF-8 with U+FFFD.
		if len(name) > maxEncodedName {
			return e, fmt.Errorf("bleu: invalid JSON BLEU statistics: name longer than %d bytes", maxEncodedName)
		}
	}
	e = encodedStats{
		fp:       fingerprint{tok: *j.Tokenizer, norm: *j.Normalizer, lowercase: *j.Lowercase, order: *j.Order},
		segments: *j.Segments, hypLen: *j.HypLen, refLen: *j.RefLen, minRefs: *j.MinRefs, maxRefs: *j.MaxRefs,
		matches: j.Matches, totals: j.Totals,
	}
	if err := e.validate(); err != nil {
		return encodedStats{}, err
	}
	return e, nil
}

// checkJSONKeys checks that data is a JSON object whose keys are spelt
// exactly as jsonStats's tags and not repeated: encoding/json matches keys
// case-insensitively and lets a repeated key overwrite the first, so that
// two different readings of one document could both be accepted.
func checkJSONKeys(data []byte) error {
	d := json.NewDecoder(bytes.NewReader(data))
	tok, err := d.Token()
	if err != nil {
		return fmt.Errorf("bleu: invalid JSON BLEU statistics: %v", err)
	}
	if tok != json.Delim('{') {
		return errors.New("bleu: invalid JSON BLEU statistics: not an object")
	}
	seen := make(map[string]bool)
	for d.More() {
		tok, err := d.Token()
		if err != nil {
			return fmt.Errorf("bleu: invalid JSON BLEU statistics: %v", err)
		}
		key, _ := tok.(string)
		if !isJSONKey(key) {
			return fmt.Errorf("bleu: invalid JSON BLEU statistics: unknown field %q", key)
		}
		if seen[key] {
			return fmt.Errorf("bleu: invalid JSON BLEU statistics: repeated field %q", key)
		}
		seen[key] = true
		var v json.RawMessage
		if err := d.Decode(&v); err != nil {
			return fmt.Errorf("bleu: invalid JSON BLEU statistics: %v", err)
		}
	}
	return nil
}

// isJSONKey reports whether key is a field name of the JSON encoding.
func isJSONKey(key string) bool {
	switch key {
	case "format", "version", "tokenizer", "normalizer", "lowercase", "order",
		"segments", "hyp_len", "ref_len", "min_refs", "max_refs", "matches", "totals":
		return true
	}
	return false
}
