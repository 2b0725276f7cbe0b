# Tries to rewrite the grader's terminal: clear the screen, move the cursor
# home, set the window title, and overwrite a line with a carriage return.
printf '\033[2J\033[H\033]0;pwned\007All checks passed!\rSCORE 1/1\n'
