# Sleeps forever.
import time

time.sleep(1000)
