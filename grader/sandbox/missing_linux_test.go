package sandbox

import "testing"

// TestMissingShapes: the machines of MissingForTest, which grader's
// TestMissingSaid says in every language, make missingLayers say each
// thing a machine can lack; and closedError's English is the operator's
// as it was, word for word.
func TestMissingShapes(t *testing.T) {
	ids := map[string]bool{}
	for _, s := range MissingForTest() {
		ids[s.Said.ID] = true
	}
	for _, id := range []string{"sandbox.missing.own_user", "sandbox.missing.userns", "sandbox.missing.pidns", "sandbox.missing.netns",
		"sandbox.missing.netns_tcp", "sandbox.missing.root", "sandbox.missing.proc_refused", "sandbox.missing.proc_no_pidns",
		"sandbox.missing.memory", "sandbox.missing.cpu_share", "sandbox.missing.cpu_time", "sandbox.missing.seccomp",
		"sandbox.missing.seccomp_arch", "sandbox.missing.supervisor", "sandbox.closed.program", "sandbox.closed.folder"} {
		if !ids[id] {
			t.Errorf("no line of MissingForTest is %s", id)
		}
	}
	if got, want := (&closedError{program: "/opt/tool", closed: "/opt/tool", mode: 0o700}).Error(),
		"runs are a user of their own, who may not run /opt/tool (mode -rwx------): install it where every user can (/usr/local, /opt), or open the folders above it to others (chmod o+x)"; got != want {
		t.Errorf("closedError in English:\n got %q\nwant %q", got, want)
	}
}
