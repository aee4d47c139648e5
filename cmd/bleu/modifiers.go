package main

import "slices"

// Options that modify another option. sacreBLEU ignores such an option
// when the one it modifies is not given (-cin without -ci, -pbsn without
// --paired-bs, -sv with -s exp, the chrF and TER options without their
// metric): its output does not change, and this command's output stays
// sacreBLEU's, but the command says so on standard error rather than let
// a mistyped command line pass for the run asked for. Where a modifier has
// a plain meaning without its option (-f html always computes intervals
// and, for several systems, a paired bootstrap test: -cin and -pbsn size
// them), it takes effect; where it has none that can be guessed (-parn
// with -f html, which would not run approximate randomization;
// --compat-options without --compat) the command refuses it, exit 2.

// modifier is an option that only takes effect with another.
type modifier struct {
	name   string // its first name in optionTable, the key of options.given
	shown  string // as messages show it
	base   string // what it modifies, as messages show it
	active func(o *options) bool
	refuse func(o *options) bool // nil: inactive means a warning
}

// html reports whether the run writes the HTML report.
func (o *options) html() bool { return o.format == "html" && o.compat == "" }

func hasMetric(name string) func(o *options) bool {
	return func(o *options) bool { return slices.Contains(o.metrics, name) }
}

var modifiers = func() []modifier {
	ms := []modifier{
		{"--confidence-n", "-cin/--confidence-n", "-ci/--confidence", func(o *options) bool { return o.confidence || o.html() }, nil},
		{"--paired-bs-n", "-pbsn/--paired-bs-n", "--paired-bs", func(o *options) bool { return o.pairedBS || o.html() && !o.pairedAR }, nil},
		{"--paired-ar-n", "-parn/--paired-ar-n", "--paired-ar", func(o *options) bool { return o.pairedAR },
			func(o *options) bool { return o.html() && !o.pairedBS }},
		{"--paired-jobs", "-j/--paired-jobs", "--paired-bs or --paired-ar (none with -f html, whose tests use every core)",
			func(o *options) bool { return o.paired() && !o.html() }, nil},
		{"--smooth-value", "-sv/--smooth-value", "-s floor or -s add-k",
			func(o *options) bool { return o.compat != "" || o.smoothMethod == "floor" || o.smoothMethod == "add-k" }, nil},
		{"--compat-options", "--compat-options", "--compat", func(o *options) bool { return o.compat != "" }, func(*options) bool { return true }},
		{"--width", "-w/--width", "text, JSON or LaTeX output (none with -f html or --compat)", func(o *options) bool { return !o.html() && o.compat == "" }, nil},
		{"--detail", "-d/--detail", "text, JSON or LaTeX output (none with -f html or --compat)", func(o *options) bool { return !o.html() && o.compat == "" }, nil},
	}
	for _, name := range []string{"--chrf-char-order", "--chrf-word-order", "--chrf-beta", "--chrf-whitespace", "--chrf-lowercase", "--chrf-eps-smoothing"} {
		ms = append(ms, modifier{name, name, "-m chrf", hasMetric("chrf"), nil})
	}
	for _, name := range []string{"--ter-case-sensitive", "--ter-asian-support", "--ter-no-punct", "--ter-normalized"} {
		ms = append(ms, modifier{name, name, "-m ter", hasMetric("ter"), nil})
	}
	return ms
}()

// checkModifiers warns of each modifier given without effect, or refuses
// it (see above).
func (c *cli) checkModifiers(o *options) error {
	for _, m := range modifiers {
		if !o.given[m.name] || m.active(o) {
			continue
		}
		if m.refuse != nil && m.refuse(o) {
			return usageErrorf("%s modifies %s, which was not given: give both, or neither", m.shown, m.base)
		}
		also := ""
		if !o.html() && o.compat == "" {
			also = " (sacreBLEU ignores it too)"
		}
		c.warnf("%s has no effect without %s%s", m.shown, m.base, also)
	}
	return nil
}
