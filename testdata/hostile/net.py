# Connects to the grader's machine on the TCP port written in port.txt
# beside this file (the test writes it: a listener of its own on 127.0.0.1),
# and says whether it could.
import os
import socket

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "port.txt")) as f:
    port = int(f.read())
try:
    socket.create_connection(("127.0.0.1", port), timeout=2).close()
    print("connected")
except OSError as e:
    print("denied:", e.strerror or e)
