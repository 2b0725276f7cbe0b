const readline = require('readline');

const rl = readline.createInterface({
  input: process.stdin,
  output: process.stdout,
});

function solve(n) {
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
  return place(0) ? cols : null;
}

rl.question('Enter board size: ', (answer) => {
  const n = parseInt(answer, 10);
  const cols = solve(n);
  if (cols === null) {
    console.log('No solution');
  } else {
    for (let r = 0; r < n; r++) {
      const row = [];
      for (let c = 0; c < n; c++) row.push(cols[r] === c ? 1 : 0);
      console.log(row.join(' '));
    }
  }
  rl.close();
});
