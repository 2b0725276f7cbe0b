# Leaves a child that holds standard output and error open, and exits.
sleep 1000 &
echo started
exit 0
