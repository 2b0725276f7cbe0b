def solve(n):
    cols = [0] * n
    out = []
    def place(r, used, d1, d2):
        if r == n:
            out.append([[i, cols[i]] for i in range(n)])
            return
        for c in range(n):
            if c in used or r - c in d1 or r + c in d2:
                continue
            cols[r] = c
            place(r + 1, used | {c}, d1 | {r - c}, d2 | {r + c})
    place(0, set(), set(), set())
    return out

n = int(input("Enter the number of queens: "))
for s in solve(n):
    print(s)
