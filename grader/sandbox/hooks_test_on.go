//go:build boardcheck_testhooks

package sandbox

import (
	"os"
	"slices"
	"strings"
	"sync"
)

// LayerOff, in a binary built with -tags boardcheck_testhooks, reads the
// layers to turn off from BOARDCHECK_LAYERS_OFF (comma-separated names, see
// Layers), so that the escape suite can show each layer's attack succeed
// without it. Builds without the tag ignore the variable.
func LayerOff(layer string) bool {
	offOnce()
	return slices.Contains(off, layer)
}

var (
	off     []string
	offOnce = sync.OnceFunc(func() {
		if v := os.Getenv("BOARDCHECK_LAYERS_OFF"); v != "" {
			off = strings.Split(v, ",")
		}
	})
)
