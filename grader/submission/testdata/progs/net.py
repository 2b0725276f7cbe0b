# Connects to the TCP port given as its argument on 127.0.0.1, and says
# whether it could.
import socket
import sys

try:
    socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=2).close()
    print("connected")
except OSError as e:
    print("denied:", e.strerror or e)
