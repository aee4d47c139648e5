package chrf

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
)

// The binary encoding, version 1. Integers are big-endian:
//
//	offset  size  field
//	0       4     magic "chrF"
//	4       1     version: 1
//	5       1     flags: bit 0 lowercase, bit 1 whitespace, bit 2 eps
//	              smoothing; the other bits are 0
//	6       4     character order (int32, 0 to MaxOrder)
//	10      4     word order (int32, 0 to MaxOrder)
//	14      4     beta (int32, -MaxBeta to MaxBeta)
//	18      8     segments
//	26      8     fewest references of a segment
//	34      8     most references of a segment
//	42      8·W   the summed statistics, W = 3·(character + word order)
//	then    4     CRC-32 (IEEE) of every byte before it
//
// Decoding succeeds only on exactly the bytes that encoding gives: an
// empty Stats has 0 segments, references and sums; otherwise
// 1 <= fewest <= most references, and for each order the matches are at
// most the hypothesis and the reference n-grams, every count below 2^53.
const (
	encodingMagic   = "chrF"
	encodingVersion = 1
	headerSize      = 42
	flagLowercase   = 1 << 0
	flagWhitespace  = 1 << 1
	flagEps         = 1 << 2
	jsonFormat      = "chrf-stats"
)

// encoded is the content of either encoding.
type encoded struct {
	p                params
	segments         int64
	minRefs, maxRefs int64
	sums             []int64
}

// encoded returns the content of s's encoding.
func (s *Stats) encoded() (encoded, error) {
	s.readable()
	if err := s.Config.validate(); err != nil {
		return encoded{}, err
	}
	if err := s.optionsChanged(); err != nil {
		return encoded{}, err
	}
	e := encoded{p: s.Config.params(), segments: int64(s.segments),
		minRefs: int64(s.minRefs), maxRefs: int64(s.maxRefs), sums: s.sums}
	if s.held() {
		e.p = s.p
	}
	if e.sums == nil {
		e.sums = make([]int64, e.p.width())
	}
	return e, nil
}

// MarshalBinary implements [encoding.BinaryMarshaler]: it returns the
// statistics and their options in the binary encoding above. It fails
// when the Config is invalid or not that of the statistics held.
func (s *Stats) MarshalBinary() ([]byte, error) {
	e, err := s.encoded()
	if err != nil {
		return nil, err
	}
	b := make([]byte, 0, headerSize+8*len(e.sums)+4)
	b = append(b, encodingMagic...)
	b = append(b, encodingVersion, flags(e.p))
	b = binary.BigEndian.AppendUint32(b, uint32(int32(e.p.nc)))
	b = binary.BigEndian.AppendUint32(b, uint32(int32(e.p.nw)))
	b = binary.BigEndian.AppendUint32(b, uint32(int32(e.p.beta)))
	for _, v := range [...]int64{e.segments, e.minRefs, e.maxRefs} {
		b = binary.BigEndian.AppendUint64(b, uint64(v))
	}
	for _, v := range e.sums {
		b = binary.BigEndian.AppendUint64(b, uint64(v))
	}
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b)), nil
}

func flags(p params) byte {
	var f byte
	if p.lowercase {
		f |= flagLowercase
	}
	if p.whitespace {
		f |= flagWhitespace
	}
	if p.eps {
		f |= flagEps
	}
	return f
}

// UnmarshalBinary implements [encoding.BinaryUnmarshaler]: it replaces
// the statistics of s with those of data. Data that is truncated,
// corrupted (the checksum does not match), of another version, or not
// the encoding of any statistics, is an error. The options of the
// statistics become those of s's Config when it is zero; a Config that
// is not zero must equal them. On error s is unchanged.
func (s *Stats) UnmarshalBinary(data []byte) error {
	e, err := decodeBinary(data)
	if err != nil {
		return err
	}
	return s.install(&e)
}

func decodeBinary(data []byte) (encoded, error) {
	fail := func(what string) (encoded, error) {
		return encoded{}, fmt.Errorf("chrf: cannot decode statistics: %s", what)
	}
	if len(data) < headerSize+4 {
		return fail("truncated")
	}
	if string(data[:4]) != encodingMagic {
		return fail("not a chrF encoding")
	}
	body, sum := data[:len(data)-4], binary.BigEndian.Uint32(data[len(data)-4:])
	if crc32.ChecksumIEEE(body) != sum {
		return fail("checksum mismatch")
	}
	if data[4] != encodingVersion {
		return fail(fmt.Sprintf("version %d, want %d", data[4], encodingVersion))
	}
	f := data[5]
	if f&^(flagLowercase|flagWhitespace|flagEps) != 0 {
		return fail("unknown flags")
	}
	e := encoded{p: params{
		nc:         int(int32(binary.BigEndian.Uint32(data[6:]))),
		nw:         int(int32(binary.BigEndian.Uint32(data[10:]))),
		beta:       int(int32(binary.BigEndian.Uint32(data[14:]))),
		lowercase:  f&flagLowercase != 0,
		whitespace: f&flagWhitespace != 0,
		eps:        f&flagEps != 0,
	}}
	if !e.p.valid() {
		return fail("invalid options")
	}
	if len(body) != headerSize+8*e.p.width() {
		return fail("wrong length")
	}
	e.segments = int64(binary.BigEndian.Uint64(data[18:]))
	e.minRefs = int64(binary.BigEndian.Uint64(data[26:]))
	e.maxRefs = int64(binary.BigEndian.Uint64(data[34:]))
	e.sums = make([]int64, e.p.width())
	for k := range e.sums {
		e.sums[k] = int64(binary.BigEndian.Uint64(data[headerSize+8*k:]))
	}
	if err := e.validate(); err != nil {
		return encoded{}, err
	}
	return e, nil
}

// validate checks the invariants of encoded statistics (see the binary
// encoding's description).
func (e *encoded) validate() error {
	bad := func(what string) error { return fmt.Errorf("chrf: cannot decode statistics: %s", what) }
	if e.segments < 0 || e.segments > math.MaxInt {
		return bad("invalid number of segments")
	}
	if e.segments == 0 {
		if e.minRefs != 0 || e.maxRefs != 0 {
			return bad("references without segments")
		}
		for _, v := range e.sums {
			if v != 0 {
				return bad("statistics without segments")
			}
		}
		return nil
	}
	if e.minRefs < 1 || e.maxRefs < e.minRefs || e.maxRefs > math.MaxInt {
		return bad("invalid numbers of references")
	}
	for k := 0; k < len(e.sums); k += 3 {
		h, r, m := e.sums[k], e.sums[k+1], e.sums[k+2]
		if h < 0 || r < 0 || m < 0 || h >= maxCount || r >= maxCount || m > h || m > r {
			return bad("inconsistent statistics")
		}
	}
	return nil
}

// install replaces the statistics of s with e's (see UnmarshalBinary).
func (s *Stats) install(e *encoded) error {
	s.own()
	if err := s.Config.validate(); err != nil {
		return err
	}
	if s.Config != (Config{}) && s.Config.params() != e.p {
		return fmt.Errorf("chrf: the statistics decoded were collected with %s, but the Config says %s", e.p, s.Config.params())
	}
	cfg := s.Config
	if cfg == (Config{}) {
		cfg = e.p.config()
	}
	*s = Stats{Config: cfg, c: s.c}
	s.addr = s
	if e.segments > 0 {
		s.hold(e.p, int(e.minRefs))
		copy(s.sums, e.sums)
		s.segments = int(e.segments)
		s.maxRefs = int(e.maxRefs)
	}
	return nil
}

// jsonStats is the JSON encoding.
type jsonStats struct {
	Format       string  `json:"format"`
	Version      int     `json:"version"`
	CharOrder    int     `json:"char_order"`
	WordOrder    int     `json:"word_order"`
	Beta         int     `json:"beta"`
	Lowercase    bool    `json:"lowercase"`
	Whitespace   bool    `json:"whitespace"`
	EpsSmoothing bool    `json:"eps_smoothing"`
	Segments     int64   `json:"segments"`
	MinRefs      int64   `json:"min_refs"`
	MaxRefs      int64   `json:"max_refs"`
	Stats        []int64 `json:"stats"`
}

var jsonKeys = [...]string{"format", "version", "char_order", "word_order", "beta", "lowercase",
	"whitespace", "eps_smoothing", "segments", "min_refs", "max_refs", "stats"}

// MarshalJSON implements [json.Marshaler]: the content of the binary
// encoding as an object, for example
//
//	{"format":"chrf-stats","version":1,"char_order":6,"word_order":0,"beta":2,
//	 "lowercase":false,"whitespace":false,"eps_smoothing":false,
//	 "segments":2,"min_refs":1,"max_refs":1,"stats":[...]}
//
// with sacreBLEU's resolved options (beta 0 is 0, not BetaZero).
func (s *Stats) MarshalJSON() ([]byte, error) {
	e, err := s.encoded()
	if err != nil {
		return nil, err
	}
	return json.Marshal(jsonStats{Format: jsonFormat, Version: encodingVersion,
		CharOrder: e.p.nc, WordOrder: e.p.nw, Beta: e.p.beta, Lowercase: e.p.lowercase,
		Whitespace: e.p.whitespace, EpsSmoothing: e.p.eps, Segments: e.segments,
		MinRefs: e.minRefs, MaxRefs: e.maxRefs, Stats: e.sums})
}

// UnmarshalJSON implements [json.Unmarshaler], as UnmarshalBinary does
// for the JSON encoding: every key must be there, once, and no other.
func (s *Stats) UnmarshalJSON(data []byte) error {
	e, err := decodeJSON(data)
	if err != nil {
		return err
	}
	return s.install(&e)
}

func decodeJSON(data []byte) (encoded, error) {
	fail := func(what string) (encoded, error) {
		return encoded{}, fmt.Errorf("chrf: cannot decode statistics: %s", what)
	}
	if err := checkJSONKeys(data); err != nil {
		return fail(err.Error())
	}
	var j jsonStats
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(&j); err != nil {
		return fail(err.Error())
	}
	if j.Format != jsonFormat || j.Version != encodingVersion {
		return fail("not a chrF encoding of version 1")
	}
	if j.CharOrder > MaxOrder || j.WordOrder > MaxOrder || j.Beta > MaxBeta || j.Beta < -MaxBeta {
		return fail("invalid options")
	}
	e := encoded{p: params{nc: j.CharOrder, nw: j.WordOrder, beta: j.Beta, lowercase: j.Lowercase,
		whitespace: j.Whitespace, eps: j.EpsSmoothing},
		segments: j.Segments, minRefs: j.MinRefs, maxRefs: j.MaxRefs, sums: j.Stats}
	if !e.p.valid() {
		return fail("invalid options")
	}
	if len(e.sums) != e.p.width() {
		return fail("wrong number of statistics")
	}
	if err := e.validate(); err != nil {
		return encoded{}, err
	}
	return e, nil
}

// checkJSONKeys checks that data is one object with each key of the
// encoding exactly once.
func checkJSONKeys(data []byte) error {
	d := json.NewDecoder(bytes.NewReader(data))
	if t, err := d.Token(); err != nil || t != json.Delim('{') {
		return errors.New("not a JSON object")
	}
	seen := map[string]bool{}
	for d.More() {
		t, err := d.Token()
		if err != nil {
			return err
		}
		key, _ := t.(string)
		if seen[key] {
			return fmt.Errorf("key %q repeated", key)
		}
		seen[key] = true
		var skip json.RawMessage
		if err := d.Decode(&skip); err != nil {
			return err
		}
	}
	if _, err := d.Token(); err != nil {
		return err
	}
	if _, err := d.Token(); err == nil {
		return errors.New("data after the object")
	}
	for _, k := range jsonKeys {
		if !seen[k] {
			return fmt.Errorf("key %q missing", k)
		}
	}
	return nil
}
