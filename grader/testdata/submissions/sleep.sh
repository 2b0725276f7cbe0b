#!/bin/sh
# Sleeps far past any time limit.
sleep 971
