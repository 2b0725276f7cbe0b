// namazons N, wrongly: the usage goes to standard error.
const args = process.argv.slice(2);
if (args.length !== 1 || !/^\d+$/.test(args[0])) {
  console.error("Usage: namazons N");
  process.exit(1);
}
const n = Number(args[0]);
const board = [];
const lines = [];
function safe(row, col) {
  for (let r = 0; r < row; r++) {
    const c = board[r], dr = row - r, dc = Math.abs(col - c);
    if (c === col || dr === dc) return false;
    if ((dr === 1 && dc === 2) || (dr === 2 && dc === 1)) return false;
  }
  return true;
}
function place(row) {
  if (row === n) {
    lines.push("[" + board.map((c, r) => `[${r}, ${c}]`).join(", ") + "]");
    return;
  }
  for (let col = 0; col < n; col++) {
    if (safe(row, col)) {
      board.push(col);
      place(row + 1);
      board.pop();
    }
  }
}
place(0);
console.log(lines.length ? lines.join("\n") : "No solution");
