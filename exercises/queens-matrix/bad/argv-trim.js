// queens-matrix N: one placement of N queens as a 0/1 matrix.
const input = process.argv[2];
const n = Number(input.trim());

if (process.argv.length > 3 || !Number.isInteger(n) || n < 0) {
  console.log('Usage: queens-matrix [N]');
  process.exit(1);
}

const cols = [];
function place(row) {
  if (row === n) return true;
  for (let c = 0; c < n; c++) {
    let ok = true;
    for (let r = 0; r < row; r++) {
      if (cols[r] === c || Math.abs(cols[r] - c) === row - r) ok = false;
    }
    if (ok) {
      cols[row] = c;
      if (place(row + 1)) return true;
    }
  }
  return false;
}

if (!place(0)) {
  console.log('Solution does not exist');
} else {
  for (let r = 0; r < n; r++) {
    const line = [];
    for (let c = 0; c < n; c++) line.push(cols[r] === c ? 1 : 0);
    console.log(line.join(' '));
  }
}
