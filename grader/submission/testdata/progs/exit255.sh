# Exits with status 255.
echo bye >&2
exit 255
