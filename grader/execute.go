package grader

import (
	"context"

	"github.com/boardcheck/boardcheck/grader/sandbox"
)

// RunSpec and RunResult are one run of a submission, as package sandbox
// runs it.
type (
	RunSpec   = sandbox.Spec
	RunResult = sandbox.Result
)

// Execute runs spec in the sandbox (see sandbox.Run).
func Execute(ctx context.Context, spec RunSpec) (*RunResult, error) { return sandbox.Run(ctx, spec) }

// Protections lists the isolation in force on this machine (see
// sandbox.Protections).
func Protections(l Limits) []string { return sandbox.Protections(l) }

// Isolated reports whether the sandbox isolates runs fully on this
// machine, and what it lacks (see sandbox.Isolated).
func Isolated() (bool, []string) { return sandbox.Isolated() }

// WarmSandbox starts, in the background, what the first run needs (see
// sandbox.Warm): a caller that is about to grade calls it first.
func WarmSandbox() { sandbox.Warm() }
