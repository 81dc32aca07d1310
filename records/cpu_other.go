//go:build !unix

package records

import "time"

// ProcessCPU is the CPU time this process has used: zero here, where the
// system does not say (js/wasm, for the workbench's engine, which
// imports records through render).
func ProcessCPU() time.Duration { return 0 }
