#!/usr/bin/env node
// Prints each solution with JSON.stringify: [[0,1],[1,3],...], no spaces.
"use strict";

const args = process.argv.slice(2);
function fail(msg) {
  console.log(msg);
  process.exit(1);
}
if (args.length !== 1) fail("Usage: nqueens N");
const n = Number(args[0]);
if (args[0].trim() === "" || !Number.isInteger(n)) fail("N must be a number");
if (n < 4) fail("N must be at least 4");

const board = [];
const cols = new Set(), diag = new Set(), anti = new Set();
function place(row) {
  if (row === n) {
    console.log(JSON.stringify(board));
    return;
  }
  for (let c = 0; c < n; c++) {
    if (cols.has(c) || diag.has(row - c) || anti.has(row + c)) continue;
    cols.add(c); diag.add(row - c); anti.add(row + c);
    board.push([row, c]);
    place(row + 1);
    board.pop();
    cols.delete(c); diag.delete(row - c); anti.delete(row + c);
  }
}
place(0);
