package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
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

// TestDumpCurrent checks catalogue.json against sacreBLEU itself when its
// source tree ($SACREBLEU_SRC, or ../sacrebleu beside the module) and
// Debian's python are present.
func TestDumpCurrent(t *testing.T) {
	src := os.Getenv("SACREBLEU_SRC")
	if src == "" {
		src = filepath.Join("..", "..", "..", "..", "sacrebleu")
	}
	if _, err := os.Stat(filepath.Join(src, "sacrebleu", "dataset", "__init__.py")); err != nil {
		t.Skip("no sacreBLEU source tree at", src)
	}
	if _, err := os.Stat("/usr/bin/python3"); err != nil {
		t.Skip("no /usr/bin/python3")
	}
	cmd := exec.Command("/usr/bin/python3", "dump.py")
	cmd.Env = append(os.Environ(), "PYTHONPATH="+src)
	got, err := cmd.Output()
	if err != nil {
		t.Fatalf("dump.py: %v", err)
	}
	want, err := os.ReadFile("catalogue.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("catalogue.json differs from what dump.py makes of sacreBLEU: run go generate ./testset")
	}
}
