package sigfields_test

import (
	"testing"

	"github.com/go-bleu/bleu/internal/sigfields"
)

func TestFormat(t *testing.T) {
	fields := []sigfields.Field{{"nrefs", "#", "1"}, {"bs", "bs", ""}, {"case", "c", "mixed"}, {"version", "v", "2.6.0"}}
	for _, tt := range []struct {
		fields []sigfields.Field
		short  bool
		want   string
	}{
		{fields, false, "nrefs:1|case:mixed|version:2.6.0"},
		{fields, true, "#:1|c:mixed|v:2.6.0"},
		{fields[1:2], false, ""},
		{nil, true, ""},
		{fields[1:], false, "case:mixed|version:2.6.0"},
	} {
		if got := sigfields.Format(tt.fields, tt.short); got != tt.want {
			t.Errorf("Format(%v, %v) = %q, want %q", tt.fields, tt.short, got, tt.want)
		}
	}
}
