#!/usr/bin/env node
// good/warnsdorff.js with one parenthesis left out, in the search's for
// line: Node refuses the whole file before it runs, so not even the usage
// message is printed.
"use strict";

const MOVES = [[2, 1], [1, 2], [-1, 2], [-2, 1], [-2, -1], [-1, -2], [1, -2], [2, -1]];

function usage() {
  console.log("Usage: knights-tour [N]");
  process.exit(1);
}

const args = process.argv.slice(2);
if (args.length > 1) usage();
let n = 8;
if (args.length === 1) {
  if (!/^\s*[-+]?\d+\s*$/.test(args[0])) usage();
  n = parseInt(args[0], 10);
  if (n < 0) usage();
}
if (n === 0) process.exit(0);

const board = Array.from({ length: n }, () => new Array(n).fill(-1));
const free = (r, c) => r >= 0 && r < n && c >= 0 && c < n && board[r][c] < 0;
const onward = (r, c) => MOVES.map(([dr, dc]) => [r + dr, c + dc]).filter(([a, b]) => free(a, b));
const centre = (n - 1) / 2;
const far = ([r, c]) => (r - centre) ** 2 + (c - centre) ** 2;

// exhaustive backtracking, only for the small boards
function search(r, c, move) {
  if (move === n * n) return true;
  for (const [a, b] of onward(r, c) {
    board[a][b] = move;
    if (search(a, b, move + 1)) return true;
    board[a][b] = -1;
  }
  return false;
}

function warnsdorff() {
  let [r, c] = [0, 0];
  for (let move = 1; move < n * n; move++) {
    const next = onward(r, c);
    if (next.length === 0) return false;
    next.sort((p, q) => onward(...p).length - onward(...q).length || far(q) - far(p));
    [r, c] = next[0];
    board[r][c] = move;
  }
  return true;
}

board[0][0] = 0;
const found = n <= 4 ? search(0, 0, 1) : warnsdorff();
if (!found) {
  console.log("Solution does not exist");
} else {
  const width = String(n * n - 1).length;
  console.log(board.map((row) => row.map((v) => String(v).padStart(width)).join(" ")).join("\n"));
}
