package ter

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
	"slices"
)

// The binary encoding, version 1. Integers are big-endian:
//
//	offset  size  field
//	0       4     magic "TERS"
//	4       1     version: 1
//	5       1     options: bit 0 Normalized, 1 NoPunct, 2 AsianSupport,
//	              3 CaseSensitive; the other bits are 0
//	6       8     segments, an int64 >= 0
//	14      8     edits, an int64 >= 0
//	22      8     reference length, the bits of a float64 in [0, 2^63]
//	30      8     fewest references of a segment
//	38      8     most references of a segment
//	46      4     CRC-32 (IEEE) of every byte before it
//
// The encoding of given statistics is unique: decoding succeeds only on
// exactly the bytes that encoding them produces.
const (
	encodingMagic   = "TERS"
	encodingVersion = 1
	encodingSize    = 50
	jsonFormat      = "ter-stats"
)

// encodedStats is the content of either encoding.
type encodedStats struct {
	opts             Config
	segments, edits  int64
	refLen           float64
	minRefs, maxRefs int64
}

// encoded returns the content of s's encoding.
func (s *Stats) encoded() (encodedStats, error) {
	s.readable()
	if err := s.optionsChanged(); err != nil {
		return encodedStats{}, err
	}
	return encodedStats{
		opts: s.Config, segments: int64(s.segments), edits: s.edits, refLen: s.refLen,
		minRefs: int64(s.minRefs), maxRefs: int64(s.maxRefs),
	}, nil
}

// MarshalBinary implements [encoding.BinaryMarshaler]: it returns the
// statistics of s and the options that shaped them in a compact,
// versioned binary format of 50 bytes protected by a CRC-32 checksum.
// Decode it with [Stats.UnmarshalBinary]. It fails when the Config's
// options are no longer those of the statistics held (see [Stats]). It
// only reads s.
func (s *Stats) MarshalBinary() ([]byte, error) {
	e, err := s.encoded()
	if err != nil {
		return nil, err
	}
	b := make([]byte, 0, encodingSize)
	b = append(b, encodingMagic...)
	b = append(b, encodingVersion, e.opts.flags())
	b = binary.BigEndian.AppendUint64(b, uint64(e.segments))
	b = binary.BigEndian.AppendUint64(b, uint64(e.edits))
	b = binary.BigEndian.AppendUint64(b, math.Float64bits(e.refLen))
	b = binary.BigEndian.AppendUint64(b, uint64(e.minRefs))
	b = binary.BigEndian.AppendUint64(b, uint64(e.maxRefs))
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b)), nil
}

// UnmarshalBinary implements [encoding.BinaryUnmarshaler]: it replaces
// the statistics of s with those encoded by [Stats.MarshalBinary]. A
// receiver whose Config is the zero value takes the encoded options;
// otherwise its options must be those encoded. It returns an error for
// data that is not such an encoding (a wrong length, magic, version or
// checksum, or sums that no statistics could have); s is then unchanged.
func (s *Stats) UnmarshalBinary(data []byte) error {
	bad := func(what string) error { return fmt.Errorf("ter: invalid binary TER statistics: %s", what) }
	switch {
	case len(data) < 5 || string(data[:4]) != encodingMagic:
		return bad("no magic \"TERS\"")
	case data[4] != encodingVersion:
		return fmt.Errorf("ter: binary TER statistics of version %d; this library reads version %d", data[4], encodingVersion)
	case len(data) != encodingSize:
		return bad(fmt.Sprintf("%d bytes, not %d", len(data), encodingSize))
	case binary.BigEndian.Uint32(data[46:]) != crc32.ChecksumIEEE(data[:46]):
		return bad("checksum mismatch")
	case data[5]&^flagsMask != 0:
		return bad(fmt.Sprintf("unknown option bits 0x%02x", data[5]))
	}
	u := func(off int) int64 { return int64(binary.BigEndian.Uint64(data[off:])) }
	e := encodedStats{
		opts: configOf(data[5]), segments: u(6), edits: u(14),
		refLen:  math.Float64frombits(binary.BigEndian.Uint64(data[22:])),
		minRefs: u(30), maxRefs: u(38),
	}
	return s.install(&e)
}

// validate checks that e holds sums that Add and Merge could produce.
func (e *encodedStats) validate() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("ter: invalid encoded TER statistics: "+format, args...)
	}
	if e.segments < 0 || e.edits < 0 || e.minRefs < 0 || e.maxRefs < 0 {
		return bad("a negative count")
	}
	if math.IsNaN(e.refLen) || e.refLen < 0 || e.refLen > maxRefLength || math.Signbit(e.refLen) {
		return bad("reference length %v", e.refLen)
	}
	if e.segments > math.MaxInt || e.maxRefs > math.MaxInt {
		return bad("%d segments of up to %d references do not fit in an int here", e.segments, e.maxRefs)
	}
	if e.segments == 0 {
		if e.edits != 0 || e.refLen != 0 || e.minRefs != 0 || e.maxRefs != 0 {
			return bad("sums without segments")
		}
		return nil
	}
	if e.minRefs < 1 || e.minRefs > e.maxRefs {
		return bad("references per segment from %d to %d", e.minRefs, e.maxRefs)
	}
	return nil
}

// install replaces the statistics of s with e, after checking the
// options. On error s is unchanged.
func (s *Stats) install(e *encodedStats) error {
	s.own()
	if err := e.validate(); err != nil {
		return err
	}
	cfg := s.Config
	if cfg == (Config{}) {
		cfg = e.opts
	}
	if cfg != e.opts {
		return fmt.Errorf("ter: encoded statistics were collected with %s; the receiver is configured for %s", e.opts.describe(), cfg.describe())
	}
	*s = Stats{Config: cfg, w: s.w}
	s.own()
	if e.segments == 0 {
		return nil
	}
	s.hold()
	s.segments, s.edits, s.refLen = int(e.segments), e.edits, e.refLen
	s.minRefs, s.maxRefs = int(e.minRefs), int(e.maxRefs)
	return nil
}

// jsonStats is the JSON encoding. Every field is required.
type jsonStats struct {
	Format        *string  `json:"format"`
	Version       *int     `json:"version"`
	Normalized    *bool    `json:"normalized"`
	NoPunct       *bool    `json:"no_punct"`
	AsianSupport  *bool    `json:"asian_support"`
	CaseSensitive *bool    `json:"case_sensitive"`
	Segments      *int64   `json:"segments"`
	Edits         *int64   `json:"edits"`
	RefLength     *float64 `json:"ref_length"`
	MinRefs       *int64   `json:"min_refs"`
	MaxRefs       *int64   `json:"max_refs"`
}

// jsonKeys are the fields of jsonStats, each required once.
var jsonKeys = []string{"format", "version", "normalized", "no_punct", "asian_support", "case_sensitive",
	"segments", "edits", "ref_length", "min_refs", "max_refs"}

// MarshalJSON implements [json.Marshaler]: it returns the same content as
// [Stats.MarshalBinary] as a JSON object, for example
//
//	{"format":"ter-stats","version":1,"normalized":false,"no_punct":false,"asian_support":false,
//	 "case_sensitive":false,"segments":2,"edits":3,"ref_length":11,"min_refs":1,"max_refs":1}
//
// The reference length is the shortest decimal that reads back as the
// same float64. It fails as MarshalBinary does.
func (s *Stats) MarshalJSON() ([]byte, error) {
	e, err := s.encoded()
	if err != nil {
		return nil, err
	}
	format, version := jsonFormat, encodingVersion
	return json.Marshal(jsonStats{
		Format: &format, Version: &version,
		Normalized: &e.opts.Normalized, NoPunct: &e.opts.NoPunct,
		AsianSupport: &e.opts.AsianSupport, CaseSensitive: &e.opts.CaseSensitive,
		Segments: &e.segments, Edits: &e.edits, RefLength: &e.refLen, MinRefs: &e.minRefs, MaxRefs: &e.maxRefs,
	})
}

// UnmarshalJSON implements [json.Unmarshaler]: it replaces the statistics
// of s with those encoded by [Stats.MarshalJSON], with the checks of
// [Stats.UnmarshalBinary]. Every field must be present, spelt exactly,
// once; unknown fields are an error. On error s is unchanged.
func (s *Stats) UnmarshalJSON(data []byte) error {
	if err := checkJSONKeys(data); err != nil {
		return err
	}
	var j jsonStats
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(&j); err != nil {
		return fmt.Errorf("ter: invalid JSON TER statistics: %v", err)
	}
	if j.Format == nil || *j.Format != jsonFormat {
		return errors.New(`ter: not JSON TER statistics (no "format": "ter-stats")`)
	}
	if *j.Version != encodingVersion {
		return fmt.Errorf("ter: JSON TER statistics of version %d; this library reads version %d", *j.Version, encodingVersion)
	}
	e := encodedStats{
		opts:     Config{Normalized: *j.Normalized, NoPunct: *j.NoPunct, AsianSupport: *j.AsianSupport, CaseSensitive: *j.CaseSensitive},
		segments: *j.Segments, edits: *j.Edits, refLen: *j.RefLength, minRefs: *j.MinRefs, maxRefs: *j.MaxRefs,
	}
	return s.install(&e)
}

// checkJSONKeys checks that data is one JSON object whose keys are
// exactly jsonKeys, each once, with no value null.
func checkJSONKeys(data []byte) error {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		return fmt.Errorf("ter: invalid JSON TER statistics: %v", err)
	}
	d := json.NewDecoder(bytes.NewReader(data))
	if _, err := d.Token(); err != nil { // {
		return fmt.Errorf("ter: invalid JSON TER statistics: %v", err)
	}
	seen := make(map[string]bool, len(jsonKeys))
	for d.More() {
		tok, err := d.Token()
		if err != nil {
			return fmt.Errorf("ter: invalid JSON TER statistics: %v", err)
		}
		key, _ := tok.(string)
		if !slices.Contains(jsonKeys, key) {
			return fmt.Errorf("ter: invalid JSON TER statistics: unknown field %q", key)
		}
		if seen[key] {
			return fmt.Errorf("ter: invalid JSON TER statistics: field %q repeated", key)
		}
		seen[key] = true
		var v json.RawMessage
		if err := d.Decode(&v); err != nil {
			return fmt.Errorf("ter: invalid JSON TER statistics: %v", err)
		}
		if string(v) == "null" {
			return fmt.Errorf("ter: invalid JSON TER statistics: field %q is null", key)
		}
	}
	for _, k := range jsonKeys {
		if !seen[k] {
			return fmt.Errorf("ter: invalid JSON TER statistics: field %q missing", k)
		}
	}
	return nil
}
