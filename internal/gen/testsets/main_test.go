package main

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"
)

// TestGenerated checks that testset/catalogue_gen.go is what this program
// makes of the committed catalogue.json.
func TestGenerated(t *testing.T) {
	data, err := os.ReadFile("catalogue.json")
	if err != nil {
		t.Fatal(err)
	}
	var c catalogue
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatal(err)
	}
	want, err := render(&c)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../../testset/catalogue_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("testset/catalogue_gen.go is stale: run go generate ./testset")
	}
}
