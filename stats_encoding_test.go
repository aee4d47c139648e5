package bleu_test

import (
	"encoding"
	"encoding/hex"
	"encoding/json"
	"hash/crc32"
	"strings"
	"testing"

	"github.com/go-bleu/bleu"
	"github.com/google/go-cmp/cmp"
)

// *Stats has both encodings.
var (
	_ encoding.BinaryMarshaler   = &bleu.Stats{}
	_ encoding.BinaryUnmarshaler = (*bleu.Stats)(nil)
	_ json.Marshaler             = &bleu.Stats{}
	_ json.Unmarshaler           = (*bleu.Stats)(nil)
)

// statsView is everything a Stats holds but its scratch space, for cmp:
// its scoring signature, its segment count and its JSON encoding (its
// options and counts, which decode back to the same Stats).
type statsView struct {
	Signature string
	Segments  int
	JSON      string
}

func view(s *bleu.Stats) statsView {
	js, err := s.MarshalJSON()
	if err != nil {
		js = []byte(err.Error())
	}
	return statsView{Signature: s.Score().Signature.String(), Segments: s.Len(), JSON: string(js)}
}

// TestEncodingFormat pins the documented layout of both encodings.
func TestEncodingFormat(t *testing.T) {
	var s bleu.Stats
	_ = s.Add("The cat sat on the mat.", "The cat sat on the mat.")
	_ = s.Add("It is raining today.", "It rains today.")
	bin, err := s.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Join([]string{
		"424c4555",       // "BLEU"
		"01",             // version
		"00",             // flags: mixed case
		"0003", "313361", // tokenizer "13a"
		"0000",                                                                         // no normalizer
		"00000004",                                                                     // order
		"0000000000000002",                                                             // segments
		"000000000000000c",                                                             // hypothesis length 12
		"000000000000000b",                                                             // reference length 11
		"0000000000000001",                                                             // fewest references
		"0000000000000001",                                                             // most references
		"000000000000000a", "0000000000000007", "0000000000000005", "0000000000000004", // matches
		"000000000000000c", "000000000000000a", "0000000000000008", "0000000000000006", // totals
	}, "")
	body, _ := hex.DecodeString(want)
	want += hexUint32(crc32.ChecksumIEEE(body))
	if d := cmp.Diff(want, hex.EncodeToString(bin)); d != "" {
		t.Errorf("binary encoding (-want +got):\n%s", d)
	}

	js, err := json.Marshal(&s)
	if err != nil {
		t.Fatal(err)
	}
	wantJSON := `{"format":"bleu-stats","version":1,"tokenizer":"13a","normalizer":"","lowercase":false,"order":4,` +
		`"segments":2,"hyp_len":12,"ref_len":11,"min_refs":1,"max_refs":1,"matches":[10,7,5,4],"totals":[12,10,8,6]}`
	if d := cmp.Diff(wantJSON, string(js)); d != "" {
		t.Errorf("JSON encoding (-want +got):\n%s", d)
	}

	// A Stats held by pointer, in a map, encodes the same way.
	m, err := json.Marshal(map[string]*bleu.Stats{"shard": &s})
	if err != nil || string(m) != `{"shard":`+wantJSON+`}` {
		t.Errorf("map of Stats encodes as %s (%v)", m, err)
	}
}

func hexUint32(v uint32) string {
	return hex.EncodeToString([]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)})
}

// TestMarshalNames checks the names that cannot be encoded.
func TestMarshalNames(t *testing.T) {
	for _, tt := range []struct {
		cfg bleu.Config
		msg string
	}{
		{bleu.Config{Tokenizer: namedTokenizer("bad\xff")}, `bleu: cannot encode statistics: the tokenizer name "bad\xff" is not valid UTF-8 of at most 1024 bytes`},
		{bleu.Config{Normalizer: bleu.Chain(bleu.NFC, namedNormalizer(strings.Repeat("n", 1025)))}, `bleu: cannot encode statistics: the normalizer name "nfc+nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn" is not valid UTF-8 of at most 1024 bytes`},
	} {
		s := bleu.Stats{Config: tt.cfg}
		_ = s.Add("a", "a")
		if _, err := s.MarshalBinary(); err == nil || err.Error() != tt.msg {
			t.Errorf("MarshalBinary: err = %v, want %q", err, tt.msg)
		}
		if _, err := json.Marshal(&s); err == nil || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("MarshalJSON: err = %v, want %q", err, tt.msg)
		}
	}
	// The longest name allowed round-trips.
	s := bleu.Stats{Config: bleu.Config{Tokenizer: namedTokenizer(strings.Repeat("é", 512))}}
	_ = s.Add("a", "a")
	b, err := s.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	d := bleu.Stats{Config: s.Config}
	if err := d.UnmarshalBinary(b); err != nil || d.Len() != 1 {
		t.Errorf("1024-byte name: %v", err)
	}
}

type namedNormalizer string

func (n namedNormalizer) Normalize(text string) string { return text }
func (n namedNormalizer) String() string               { return string(n) }
