#!/usr/bin/env node
// Prints the usage but exits with status 0.
"use strict";

function usage() {
  console.log("Usage: queens-board [--all] N");
  process.exit(0);
}

let args = process.argv.slice(2);
const every = args[0] === "--all";
if (every) args = args.slice(1);
if (args.length !== 1 || !/^[-+]?\d+$/.test(args[0].trim())) usage();
const n = parseInt(args[0], 10);
if (n < 0) usage();
if (n === 0) process.exit(0); // the empty board: one solution, no rows

const rowOf = []; // rowOf[col]
const boards = [];
const rows = new Set(), diag = new Set(), anti = new Set();

function draw() {
  const lines = [];
  for (let r = n - 1; r >= 0; r--) {
    const cells = [];
    for (let c = 0; c < n; c++) cells.push(rowOf[c] === r ? "Q" : ".");
    lines.push(cells.join("|"));
  }
  return lines.join("\n");
}

function solve(col) {
  if (col === n) {
    boards.push(draw());
    return !every;
  }
  for (let r = 0; r < n; r++) {
    if (rows.has(r) || diag.has(r - col) || anti.has(r + col)) continue;
    rows.add(r); diag.add(r - col); anti.add(r + col); rowOf[col] = r;
    if (solve(col + 1)) return true;
    rows.delete(r); diag.delete(r - col); anti.delete(r + col);
  }
  return false;
}

solve(0);
console.log(boards.length ? boards.join("\n\n") : "Solution does not exist");
