# Connects to an abstract Unix socket on which the test listens (the test
# writes its name into this file), as a run could reach a desktop's D-Bus
# or X server: abstract sockets have no file, so no mount namespace and no
# permission hides them; only a network namespace, which has its own, or
# Landlock's scope for them.
import socket

name = "ABSTRACT"
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
try:
    s.connect("\0" + name)
    print("ESCAPED: connected to the abstract socket @%s" % name)
except OSError as e:
    print("blocked: no connection to @%s: %s" % (name, e.strerror))
