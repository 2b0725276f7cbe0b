#!/bin/sh
# Prints its whole environment, to show what a submission can see.
env
