# Binds the AF_VSOCK port the test holds on the host (the test writes it
# into this file): vsock's ports are the host's, which no network namespace
# divides, so a run that may make a vsock socket finds the host's port taken
# (EADDRINUSE): a channel between runs, and the hypervisor's side of ports
# to squat. The syscall filter refuses the family.
import errno
import socket

vport = VPORT
try:
    s = socket.socket(socket.AF_VSOCK, socket.SOCK_STREAM)
except OSError as e:
    print("blocked: no AF_VSOCK socket: %s" % e.strerror)
    raise SystemExit(0)
try:
    s.bind((socket.VMADDR_CID_ANY, vport))
    print("blocked: bound vsock port %d, which is not the host's" % vport)
except OSError as e:
    if e.errno == errno.EADDRINUSE:
        print("ESCAPED: the host's vsock port %d is taken for the run too: it shares the host's vsock ports" % vport)
    else:
        print("blocked: vsock port %d: %s" % (vport, e.strerror))
