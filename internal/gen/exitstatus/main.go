// Command exitstatus records how sacreBLEU 2.6.0's command line ends on
// the command lines of cmd/bleu/testdata/exitstatus/cases.json (bad input,
// bad usage, and a few good runs beside them): its exit status, standard
// output and the last line of standard error, in golden.json beside the
// cases. TestExitStatus in cmd/bleu compares the command with it.
//
// Usage, from the module root:
//
//	go run ./internal/gen/exitstatus -sacrebleu DIR [-python /usr/bin/python3]
//
// DIR is a checkout of sacreBLEU 2.6.0 (or $SACREBLEU_DIR):
//
//	git clone https://github.com/mjpost/sacrebleu DIR
//	git -C DIR checkout v2.6.0
//	echo '__version__ = "2.6.0"' > DIR/sacrebleu/version.py
//
// run with a Python 3.11 that has its dependencies; on Debian 12:
//
//	apt-get install python3 python3-regex python3-numpy python3-tabulate \
//	    python3-portalocker python3-colorama python3-lxml
//
// No case downloads anything: the test-set cases fail before sacreBLEU
// would.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// testCase is one command line of cases.json.
type testCase struct {
	Name      string            `json:"name"`
	Args      []string          `json:"args"`
	Stdin     string            `json:"stdin,omitempty"`
	StdinFile string            `json:"stdin_file,omitempty"` // standard input from this file
	Env       map[string]string `json:"env,omitempty"`
}

// run is how one case ended.
type run struct {
	Name   string `json:"name"`
	RC     int    `json:"rc"`
	Stdout string `json:"stdout"`
	Stderr string `json:"stderr_tail"` // the last line
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("exitstatus: ")
	sacre := flag.String("sacrebleu", os.Getenv("SACREBLEU_DIR"), "a checkout of sacreBLEU 2.6.0")
	python := flag.String("python", "/usr/bin/python3", "the Python to run it with")
	dir := flag.String("dir", filepath.Join("cmd", "bleu", "testdata", "exitstatus"), "the directory of cases.json")
	flag.Parse()
	if *sacre == "" {
		log.Fatal("give the sacreBLEU checkout with -sacrebleu or $SACREBLEU_DIR")
	}
	abs, err := filepath.Abs(*sacre)
	if err != nil {
		log.Fatal(err)
	}
	version, err := exec.Command(*python, "-c", "import sys; sys.path.insert(0, sys.argv[1]); import sacrebleu; print(sacrebleu.__version__)", abs).Output()
	if err != nil || strings.TrimSpace(string(version)) != "2.6.0" {
		log.Fatalf("%s is not sacreBLEU 2.6.0 (%q, %v)", abs, version, err)
	}
	var cases []testCase
	b, err := os.ReadFile(filepath.Join(*dir, "cases.json"))
	if err != nil {
		log.Fatal(err)
	}
	if err := json.Unmarshal(b, &cases); err != nil {
		log.Fatal(err)
	}
	runs := make([]run, len(cases))
	for i, c := range cases {
		if runs[i], err = runCase(*python, abs, *dir, c); err != nil {
			log.Fatalf("%s: %v", c.Name, err)
		}
	}
	out, err := json.MarshalIndent(struct {
		Note string `json:"note"`
		Runs []run  `json:"runs"`
	}{"sacreBLEU 2.6.0 on cases.json; made by go run ./internal/gen/exitstatus", runs}, "", " ")
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*dir, "golden.json"), append(out, '\n'), 0o644); err != nil {
		log.Fatal(err)
	}
}

// runCase runs sacreBLEU on one case, in dir, with an environment of its
// own (no SACREBLEU_* variables but the case's).
func runCase(python, sacre, dir string, c testCase) (run, error) {
	cmd := exec.Command(python, append([]string{"-m", "sacrebleu"}, c.Args...)...)
	cmd.Dir = dir
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"), "PYTHONPATH=" + sacre, "LANG=C.UTF-8"}
	for k, v := range c.Env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	cmd.Stdin = strings.NewReader(c.Stdin)
	if c.StdinFile != "" {
		f, err := os.Open(filepath.Join(dir, c.StdinFile))
		if err != nil {
			return run{}, err
		}
		defer f.Close()
		cmd.Stdin = f
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	r := run{Name: c.Name, Stdout: stdout.String()}
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		r.RC = ee.ExitCode()
	case err != nil:
		return run{}, err
	}
	lines := strings.Split(strings.TrimRight(stderr.String(), "\n"), "\n")
	r.Stderr = lines[len(lines)-1]
	if r.RC < 0 {
		return run{}, fmt.Errorf("killed: %s", stderr.String())
	}
	return r, nil
}
