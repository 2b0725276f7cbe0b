//go:build linux

package launcher

import "testing"

func TestLinkTmp(t *testing.T) { _ = forkSupervisor }
