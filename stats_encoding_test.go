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

// corpusStats returns a Stats of cfg holding the sample corpus, with a
// second reference for every third segment (so that nrefs is "var"). (The
// white-box tests of stats_internal_test.go have their own copy.)
func corpusStats(t *testing.T, cfg bleu.Config) *bleu.Stats {
	t.Helper()
	hyps := []string{"The cat sat on the mat.", "It is raining today.", "Ünïcödé  Straße, 3.5% of $1,000!", "a", ""}
	refs := []string{"The cat sat on the mat.", "It rains today.", "unicode strasse, 3.5 % of $ 1,000 !", "a b c d e", "x"}
	s := &bleu.Stats{Config: cfg}
	for i := range hyps {
		rs := []string{refs[i]}
		if i%3 == 2 {
			rs = append(rs, strings.ToUpper(refs[i]))
		}
		if err := s.Add(hyps[i], rs...); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// TestUnmarshalJSONErrors feeds the JSON decoder malformed and
// inconsistent documents.
func TestUnmarshalJSONErrors(t *testing.T) {
	good := `{"format":"bleu-stats","version":1,"tokenizer":"13a","normalizer":"","lowercase":false,"order":4,` +
		`"segments":2,"hyp_len":12,"ref_len":11,"min_refs":1,"max_refs":1,"matches":[10,7,5,4],"totals":[12,10,8,6]}`
	edit := func(old, new string) string {
		if !strings.Contains(good, old) {
			t.Fatalf("%q not in the document", old)
		}
		return strings.Replace(good, old, new, 1)
	}
	tests := []struct {
		name, data, msg string
	}{
		{"empty", ``, "bleu: invalid JSON BLEU statistics: unexpected end of JSON input"},
		{"null", `null`, `bleu: not JSON BLEU statistics (no "format": "bleu-stats")`},
		{"array", `[1,2]`, "bleu: invalid JSON BLEU statistics: json: cannot unmarshal array into Go value of type bleu.jsonStats"},
		{"other object", `{"score": 33.7}`, `bleu: not JSON BLEU statistics (no "format": "bleu-stats")`},
		{"other format", edit(`"bleu-stats"`, `"chrf-stats"`), `bleu: not JSON BLEU statistics (no "format": "bleu-stats")`},
		{"version 2", edit(`"version":1`, `"version":2`), "bleu: JSON BLEU statistics of an unknown version; this library reads version 1"},
		{"trailing data", good + `{}`, "bleu: invalid JSON BLEU statistics: invalid character '{' after top-level value"},
		{"trailing bracket", good + `]`, "bleu: invalid JSON BLEU statistics: invalid character ']' after top-level value"},
		{"truncated", good[:len(good)-1], "bleu: invalid JSON BLEU statistics: unexpected end of JSON input"},
		{"unknown field", edit(`"order":4,`, `"order":4,"extra":0,`), `bleu: invalid JSON BLEU statistics: unknown field "extra"`},
		{"key in other case", edit(`"segments"`, `"Segments"`), `bleu: invalid JSON BLEU statistics: unknown field "Segments"`},
		{"repeated key", edit(`"order":4,`, `"order":4,"order":4,`), `bleu: invalid JSON BLEU statistics: repeated field "order"`},
		{"missing field", edit(`"ref_len":11,`, ``), "bleu: invalid JSON BLEU statistics: a field is missing"},
		{"null field", edit(`"matches":[10,7,5,4]`, `"matches":null`), "bleu: invalid JSON BLEU statistics: a field is missing"},
		{"fraction", edit(`"hyp_len":12`, `"hyp_len":12.5`), "bleu: invalid JSON BLEU statistics: json: cannot unmarshal number 12.5 into Go struct field jsonStats.hyp_len of type int64"},
		{"out of range", edit(`"hyp_len":12`, `"hyp_len":9223372036854775808`), "bleu: invalid JSON BLEU statistics: json: cannot unmarshal number 9223372036854775808 into Go struct field jsonStats.hyp_len of type int64"},
		{"string count", edit(`"hyp_len":12`, `"hyp_len":"12"`), "bleu: invalid JSON BLEU statistics: json: cannot unmarshal string into Go struct field jsonStats.hyp_len of type int64"},
		{"negative count", edit(`"ref_len":11`, `"ref_len":-11`), "bleu: invalid encoded BLEU statistics: negative count -11"},
		{"negative match", edit(`[10,7,5,4]`, `[10,7,5,-4]`), "bleu: invalid encoded BLEU statistics: negative count at order 4"},
		{"order mismatch", edit(`"order":4`, `"order":3`), "bleu: invalid encoded BLEU statistics: order 3 with 4 matches and 4 totals"},
		{"order 0", edit(`"order":4`, `"order":0`), "bleu: invalid encoded BLEU statistics: order 0 with 4 matches and 4 totals"},
		{"short totals", edit(`[12,10,8,6]`, `[12,10,8]`), "bleu: invalid encoded BLEU statistics: order 4 with 4 matches and 3 totals"},
		{"matches above totals", edit(`[10,7,5,4]`, `[10,7,5,7]`), "bleu: invalid encoded BLEU statistics: 7 matches of order 4 among 6 n-grams"},
		{"long name", edit(`"tokenizer":"13a"`, `"tokenizer":"`+strings.Repeat("x", 1025)+`"`), "bleu: invalid JSON BLEU statistics: name longer than 1024 bytes"},
		{"unknown tokenizer", edit(`"tokenizer":"13a"`, `"tokenizer":"ja-mecab"`), `bleu: cannot restore tokenizer "ja-mecab" of encoded statistics: set the receiver's Config.Tokenizer first`},
		{"lone surrogate in a name", edit(`"tokenizer":"13a"`, `"tokenizer":"\ud800"`), "bleu: cannot restore tokenizer \"\ufffd\" of encoded statistics: set the receiver's Config.Tokenizer first"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := corpusStats(t, bleu.Config{})
			before := view(s)
			s.Config = bleu.Config{}
			err := s.UnmarshalJSON([]byte(tt.data))
			if err == nil || err.Error() != tt.msg {
				t.Errorf("err = %v, want %q", err, tt.msg)
			}
			if d := cmp.Diff(before, view(s)); d != "" {
				t.Errorf("a failed UnmarshalJSON changed the Stats:\n%s", d)
			}
		})
	}
	var s bleu.Stats
	if err := json.Unmarshal([]byte(" \n"+good+"\n"), &s); err != nil || s.Len() != 2 {
		t.Errorf("surrounding whitespace: %v, %d segments", err, s.Len())
	}
}

// TestUnmarshalDoesNotKeepData checks that the decoded Stats does not
// share memory with the bytes it was decoded from.
func TestUnmarshalDoesNotKeepData(t *testing.T) {
	b, err := corpusStats(t, bleu.Config{Tokenizer: bleu.TokenizerIntl}).MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var s bleu.Stats
	if err := s.UnmarshalBinary(b); err != nil {
		t.Fatal(err)
	}
	want := view(&s)
	for i := range b {
		b[i] = 0xff
	}
	if d := cmp.Diff(want, view(&s)); d != "" {
		t.Errorf("changing the data changed the Stats:\n%s", d)
	}
}
