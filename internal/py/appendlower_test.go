package py

import "testing"

// TestAppendLower checks AppendLower against Lower, after a prefix.
func TestAppendLower(t *testing.T) {
	for _, s := range []string{"", "abc", "ABC", "İstanbul", "ΟΔΟΣ ΣΑΣ Σ", "aΣ", "ǅǈ K Ω ẞ", "x\xffY", "日本語 ABC"} {
		got := string(AppendLower([]byte("p:"), s))
		if want := "p:" + Lower(s); got != want {
			t.Errorf("AppendLower(%q) = %q, want %q", s, got, want)
		}
		if want := refPyLower(s); Lower(s) != want {
			t.Errorf("Lower(%q) = %q, want %q", s, Lower(s), want)
		}
	}
}
