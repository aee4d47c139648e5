package spm

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// goldens is testdata/goldens.json, made by testdata/make.sh: the lines
// of testdata/stress.txt and, for every test model, their pieces as
// sentencepiece 0.1.97's Python binding gives them.
type goldens struct {
	Lines  []string `json:"lines"`
	Models []struct {
		Name     string     `json:"name"`
		SHA256   string     `json:"sha256"`
		Charsmap string     `json:"charsmap"`
		Pieces   [][]string `json:"pieces"`
	} `json:"models"`
}

var loadGoldens = sync.OnceValues(func() (*goldens, error) {
	b, err := os.ReadFile("testdata/goldens.json")
	if err != nil {
		return nil, err
	}
	g := new(goldens)
	return g, json.Unmarshal(b, g)
})

func testGoldens(t testing.TB) *goldens {
	t.Helper()
	g, err := loadGoldens()
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// modelBytes returns the test model as spm_train wrote it: the committed
// file with its charsmap, if it was taken out, put back after the name in
// its first NormalizerSpec (see testdata/pack.py).
func modelBytes(t testing.TB, name, charsmap string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "models", name+".model"))
	if err != nil {
		t.Fatal(err)
	}
	if charsmap == "" {
		return b
	}
	cm := readCharsmap(t, charsmap)
	var out []byte
	done := false
	for len(b) > 0 {
		num, typ, n := consumeTag(b)
		m := skipValue(num, typ, b[n:], maxGroupDepth)
		if n < 0 || m < 0 {
			t.Fatalf("%s: bad model", name)
		}
		if num != 3 || done {
			out = append(out, b[:n+m]...)
			b = b[n+m:]
			continue
		}
		done = true
		spec, _ := consumeBytes(b[n:])
		_, _, k := consumeTag(spec)
		k += skipValue(1, bytesType, spec[k:], maxGroupDepth)
		var s []byte
		s = append(s, spec[:k]...)
		s = appendBytesField(s, 2, cm)
		s = append(s, spec[k:]...)
		out = appendBytesField(out, 3, s)
		b = b[n+m:]
	}
	return out
}

var charsmaps sync.Map

func readCharsmap(t testing.TB, name string) []byte {
	if b, ok := charsmaps.Load(name); ok {
		return b.([]byte)
	}
	f, err := os.Open(filepath.Join("testdata", "charsmaps", name+".bin.gz"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(z)
	if err != nil {
		t.Fatal(err)
	}
	charsmaps.Store(name, b)
	return b
}

// testModel loads a test model, checking that it is the file spm_train
// made.
func testModel(t testing.TB, name string) *Model {
	t.Helper()
	g := testGoldens(t)
	for _, gm := range g.Models {
		if gm.Name != name {
			continue
		}
		b := modelBytes(t, gm.Name, gm.Charsmap)
		if sum := sha256.Sum256(b); hex.EncodeToString(sum[:]) != gm.SHA256 {
			t.Fatalf("%s: reassembled model is not the one spm_train made", name)
		}
		m, err := Parse(b)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return m
	}
	t.Fatalf("no test model %s", name)
	return nil
}

func TestGoldens(t *testing.T) {
	g := testGoldens(t)
	if len(g.Models) < 20 {
		t.Fatalf("%d models in the goldens", len(g.Models))
	}
	for _, gm := range g.Models {
		t.Run(gm.Name, func(t *testing.T) {
			m := testModel(t, gm.Name)
			fails := 0
			for i, line := range g.Lines {
				want := gm.Pieces[i]
				got, err := m.Encode(line)
				if len(want) == 0 && err == nil && len(got) != 0 {
					t.Errorf("%q: got %q, want no pieces", line, got)
				}
				if len(want) == 0 {
					continue // sentencepiece fails, or there are no pieces
				}
				if err != nil || !slicesEqual(got, want) {
					t.Errorf("%q: error %v\n%s", line, err, cmp.Diff(want, got))
					if fails++; fails > 5 {
						t.FailNow()
					}
				}
			}
		})
	}
}

func slicesEqual(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestEncodeError(t *testing.T) {
	// sentencepiece fails on a word that is a control symbol (here "<s>",
	// first and so without a dummy prefix), and the binding returns no
	// pieces.
	m := testModel(t, "word_no_prefix")
	dst := []string{"x"}
	got, err := m.AppendPieces(dst, "<s> word")
	if err == nil || !strings.HasPrefix(err.Error(), "spm: ") {
		t.Errorf("error %v", err)
	}
	if len(got) != 1 || got[0] != "x" {
		t.Errorf("dst became %q", got)
	}
}

func TestMalformed(t *testing.T) {
	good := modelBytes(t, "unigram_identity", "")
	tests := []struct {
		name string
		b    []byte
	}{
		{"empty", nil},
		{"truncated", good[:len(good)-1]},
		{"garbage", []byte("not a model at all")},
		{"no unk", appendPiece(nil, "a", 1)},
		{"two unk", appendPiece(appendPiece(nil, "<unk>", 2), "<u2>", 2)},
		{"empty piece", appendPiece(appendPiece(nil, "<unk>", 2), "", 1)},
		{"duplicate", appendPiece(appendPiece(appendPiece(nil, "<unk>", 2), "a", 1), "a", 1)},
		{"byte without fallback", appendPiece(appendPiece(nil, "<unk>", 2), "<0x41>", 6)},
		{"only unk", appendPiece(nil, "<unk>", 2)},
		{"broken charsmap", appendCharsmap(appendPiece(appendPiece(nil, "<unk>", 2), "a", 1), []byte{9, 0, 0, 0, 1})},
	}
	for _, tt := range tests {
		m, err := Parse(tt.b)
		if err == nil || m != nil {
			t.Errorf("%s: Parse gave no error", tt.name)
			continue
		}
		if !strings.HasPrefix(err.Error(), "spm: ") {
			t.Errorf("%s: error %q lacks the package prefix", tt.name, err)
		}
	}
}

func appendPiece(b []byte, piece string, typ int) []byte {
	p := appendBytesField(nil, 1, []byte(piece))
	p = appendVarint(appendVarint(p, 3<<3|uint64(varintType)), uint64(typ))
	return appendBytesField(b, 1, p)
}

func appendCharsmap(b, cm []byte) []byte {
	return appendBytesField(b, 3, appendBytesField(nil, 2, cm))
}

func TestLoadFile(t *testing.T) {
	if _, err := LoadFile(filepath.Join(t.TempDir(), "missing.model")); err == nil || !strings.HasPrefix(err.Error(), "spm: ") {
		t.Errorf("LoadFile of a missing file: %v", err)
	}
	b := modelBytes(t, "char", "nmt_nfkc")
	m, err := Load(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if m.Type() != Char || m.Len() == 0 {
		t.Errorf("Type %v, Len %d", m.Type(), m.Len())
	}
}

// TestSelfTest checks that a model's self-test samples are run at load:
// spm_train's pass, and a sample appended with a wrong expectation fails.
func TestSelfTest(t *testing.T) {
	b := modelBytes(t, "unigram_selftest", "")
	pm, err := parseModel(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(pm.samples) == 0 {
		t.Fatal("the model has no self-test samples")
	}
	sample := appendBytesField(appendBytesField(nil, 1, []byte("kamiro")), 2, []byte("▁kamiro▁wrong"))
	bad := appendBytesField(append([]byte(nil), b...), 4, appendBytesField(nil, 1, sample))
	if _, err := Parse(bad); err == nil || !strings.Contains(err.Error(), "spm: self-test failure") {
		t.Errorf("Parse with a failing sample: %v", err)
	}
}

// charsmapAToX is a precompiled charsmap built by hand: a double array
// with the one key "a", whose value is value, and the normalized
// strings "x\x00".
func charsmapAToX(value uint32) []byte {
	units := make([]uint32, 98)
	units[0] = 1 << 10             // root: children at 0^1
	units[96] = 1<<10 | 1<<8 | 'a' // 1^'a': label 'a', has a leaf at 96^1
	units[97] = 1<<31 | value      // the leaf: the value
	b := binary.LittleEndian.AppendUint32(nil, uint32(4*len(units)))
	for _, u := range units {
		b = binary.LittleEndian.AppendUint32(b, u)
	}
	return append(b, "x\x00"...)
}

func TestCharsmapByHand(t *testing.T) {
	model := appendPiece(appendPiece(appendPiece(nil, "<unk>", 2), "▁x", 1), "x", 1)
	m, err := Parse(appendCharsmap(model, charsmapAToX(0)))
	if err != nil {
		t.Fatal(err)
	}
	got, err := m.Encode("a ab")
	if want := []string{"▁x", "▁x", "b"}; err != nil || !slicesEqual(got, want) {
		t.Errorf("got %q, %v; want %q", got, err, want)
	}
	for _, v := range []uint32{1, 2, 100} {
		// 1 points at the NUL (an empty replacement, which is valid); 2
		// and 100 point past the strings.
		_, err := Parse(appendCharsmap(model, charsmapAToX(v)))
		if (err == nil) != (v == 1) {
			t.Errorf("value %d: %v", v, err)
		}
	}
}
