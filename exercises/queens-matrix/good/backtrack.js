#!/usr/bin/env node
// queens-matrix [N]: row-by-row backtracking with sets, stopping at the first
// solution.
"use strict";

function usage() {
  console.log("Usage: queens-matrix [N]");
  process.exit(1);
}

const args = process.argv.slice(2);
if (args.length > 1) usage();
let n = 8;
if (args.length === 1) {
  if (!/^[-+]?\d+$/.test(args[0].trim())) usage();
  n = parseInt(args[0], 10);
  if (n < 0) usage();
}

const cols = new Set(), diag = new Set(), anti = new Set();
const at = [];
function place(row) {
  if (row === n) return true;
  for (let c = 0; c < n; c++) {
    if (cols.has(c) || diag.has(row - c) || anti.has(row + c)) continue;
    cols.add(c); diag.add(row - c); anti.add(row + c); at[row] = c;
    if (place(row + 1)) return true;
    cols.delete(c); diag.delete(row - c); anti.delete(row + c);
  }
  return false;
}

if (!place(0)) {
  console.log("Solution does not exist");
} else if (n > 0) {
  // N = 0 is the empty board: solved, with no rows to print.
  const lines = at.map((c) => Array.from({ length: n }, (_, j) => (j === c ? 1 : 0)).join(" "));
  console.log(lines.join("\n"));
}
