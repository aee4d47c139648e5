package main

import (
	"context"
	"fmt"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
)

// knownRunners are the runners this command links in, under their usual
// names, for the message about one it does not have.
const knownRunners = "prism (the default, also for direct), dataflow, flink, spark, universal (portable)"

// checkRunner returns an error when no runner of that name is registered.
// Beam's Run exits the process through its logger for an unknown runner,
// and the command silences Beam's logs (see run), so it exited 1 without
// a word. Beam has no lookup: registering a name panics when it is taken,
// so a registration that does not panic shows that the name was free (the
// placeholder it leaves never runs: the command stops here).
func checkRunner(name string) (err error) {
	defer func() {
		if recover() != nil {
			err = nil // taken: a runner of that name exists
		}
	}()
	beam.RegisterRunner(name, func(context.Context, *beam.Pipeline) (beam.PipelineResult, error) {
		return nil, fmt.Errorf("no runner %q", name)
	})
	return fmt.Errorf("unknown runner %q: this command has %s", name, knownRunners)
}
