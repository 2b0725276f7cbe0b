# Prints its environment, one VAR=value a line.
env
