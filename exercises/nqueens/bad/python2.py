import sys

def solve(n):
	cols = []
	found = []
	def place(row):
		if row == n:
			found.append([[r, c] for r, c in enumerate(cols)])
			return
		for c in xrange(n):
			ok = True
			for r in xrange(row):
			    if cols[r] == c or abs(cols[r] - c) == row - r:
				ok = False
			if ok:
				cols.append(c)
				place(row + 1)
				cols.pop()
	place(0)
	return found

if len(sys.argv) != 2:
	print "Usage: nqueens N"
	sys.exit(1)
try:
	n = int(sys.argv[1])
except ValueError:
	print "N must be a number"
	sys.exit(1)
if n < 4:
	print "N must be at least 4"
	sys.exit(1)
for s in solve(n):
	print s
