# Connects to the grader's machine on the TCP port the test writes in
# place of PORT below (a listener of its own on 127.0.0.1), and says
# whether it could.
import socket

port = int("PORT")
try:
    socket.create_connection(("127.0.0.1", port), timeout=2).close()
    print("connected")
except OSError as e:
    print("denied:", e.strerror or e)
