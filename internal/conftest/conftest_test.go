package conftest

import (
	"path/filepath"
	"testing"
)

func TestThousands(t *testing.T) {
	for _, tt := range []struct {
		n    int64
		want string
	}{
		{0, "0"}, {7, "7"}, {999, "999"}, {1000, "1,000"}, {12345, "12,345"}, {123456, "123,456"},
		{1234567, "1,234,567"}, {-1000, "-1,000"}, {-999, "-999"}, {-123456, "-123,456"},
	} {
		if got := Thousands(tt.n); got != tt.want {
			t.Errorf("Thousands(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}

func TestSets(t *testing.T) {
	root := filepath.Join("..", "..")
	t.Setenv("BLEU_CONFORMANCE_DIR", filepath.Join(t.TempDir(), "absent"))
	sets := Sets(t, root)
	if len(sets) != 1 || sets[0].Name != Portable || !filepath.IsAbs(sets[0].Dir) {
		t.Fatalf("Sets without a WMT set = %+v, want the portable set alone, its directory absolute", sets)
	}
	if d := WMTDir(root); d != "" {
		t.Errorf("WMTDir = %q with $BLEU_CONFORMANCE_DIR absent", d)
	}
	// The portable set has the WMT set's layout: it can stand in for it.
	t.Setenv("BLEU_CONFORMANCE_DIR", filepath.Join(root, "testdata", "portable"))
	if sets := Sets(t, root); len(sets) != 2 || sets[1].Name != WMT {
		t.Errorf("Sets with a WMT set = %+v, want portable and wmt", sets)
	}
}
