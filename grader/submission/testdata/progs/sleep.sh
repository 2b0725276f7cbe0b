# Sleeps forever, in a child process of the shell.
sleep 1000
