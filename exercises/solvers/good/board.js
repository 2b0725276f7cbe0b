#!/usr/bin/env node
// solvers COMMAND [N], the Korean article's way: a Board with row, column and
// diagonal conflict helpers, and recursive searches that toggle pieces on and
// off. Each search checks only the lines through the piece it just placed.
"use strict";

const USAGE =
  "Usage: solvers COMMAND [N]\n" +
  "Commands: find-rooks N, count-rooks N, find-queens N, count-queens N, conflicts (board on standard input)";

class Board {
  constructor(rows) {
    this.grid = rows;
    this.n = rows.length;
  }
  static empty(n) {
    return new Board(Array.from({ length: n }, () => new Array(n).fill(0)));
  }
  rows() {
    return this.grid;
  }
  togglePiece(r, c) {
    this.grid[r][c] = 1 - this.grid[r][c];
  }
  _isInBounds(r, c) {
    return r >= 0 && r < this.n && c >= 0 && c < this.n;
  }
  hasRowConflictAt(r) {
    return this.grid[r].reduce((a, b) => a + b, 0) > 1;
  }
  hasColConflictAt(c) {
    let count = 0;
    for (let r = 0; r < this.n; r++) count += this.grid[r][c];
    return count > 1;
  }
  // the major diagonal through (0, c): c may be negative
  hasMajorDiagonalConflictAt(c) {
    let count = 0;
    for (let r = 0; r < this.n; r++, c++) if (this._isInBounds(r, c)) count += this.grid[r][c];
    return count > 1;
  }
  // the minor diagonal through (0, c): c may be past the right edge
  hasMinorDiagonalConflictAt(c) {
    let count = 0;
    for (let r = 0; r < this.n; r++, c--) if (this._isInBounds(r, c)) count += this.grid[r][c];
    return count > 1;
  }
  hasAnyRowConflicts() {
    for (let r = 0; r < this.n; r++) if (this.hasRowConflictAt(r)) return true;
    return false;
  }
  hasAnyColConflicts() {
    for (let c = 0; c < this.n; c++) if (this.hasColConflictAt(c)) return true;
    return false;
  }
  hasAnyMajorDiagonalConflicts() {
    for (let c = -(this.n - 1); c < this.n; c++) if (this.hasMajorDiagonalConflictAt(c)) return true;
    return false;
  }
  hasAnyMinorDiagonalConflicts() {
    for (let c = 0; c <= 2 * (this.n - 1); c++) if (this.hasMinorDiagonalConflictAt(c)) return true;
    return false;
  }
}

// search places a piece in each row from row on; it calls done() for every
// complete board and stops when done() returns true.
function search(board, queens, row, done) {
  if (row === board.n) return done();
  for (let c = 0; c < board.n; c++) {
    board.togglePiece(row, c);
    const ok =
      !board.hasColConflictAt(c) &&
      !(queens && (board.hasMajorDiagonalConflictAt(c - row) || board.hasMinorDiagonalConflictAt(c + row)));
    if (ok && search(board, queens, row + 1, done)) return true;
    board.togglePiece(row, c);
  }
  return false;
}

function find(n, queens) {
  const board = Board.empty(n);
  if (!search(board, queens, 0, () => true)) return Board.empty(n).rows();
  return board.rows();
}

function count(n, queens) {
  if (!queens) {
    let f = 1n;
    for (let i = 2n; i <= BigInt(n); i++) f *= i;
    return f;
  }
  let solutions = 0;
  search(Board.empty(n), true, 0, () => {
    solutions++;
    return false;
  });
  return solutions;
}

function fail(msg) {
  console.log(msg);
  process.exit(1);
}

function conflicts(text) {
  const prefix = "solvers: conflicts: reading the board on standard input: ";
  if (text.trim() === "") fail(prefix + "no board");
  let rows;
  try {
    rows = JSON.parse(text);
  } catch (e) {
    fail(prefix + "not JSON: " + e.message);
  }
  if (!Array.isArray(rows)) fail(prefix + "not an array of rows");
  rows.forEach((row, r) => {
    if (!Array.isArray(row) || row.length !== rows.length) fail(prefix + `row ${r} is not ${rows.length} squares long`);
    row.forEach((v, c) => {
      if (v !== 0 && v !== 1) fail(prefix + `row ${r} col ${c} is ${JSON.stringify(v)}; want 0 or 1`);
    });
  });
  const board = new Board(rows);
  const found = [];
  if (board.hasAnyRowConflicts()) found.push("row");
  if (board.hasAnyColConflicts()) found.push("column");
  if (board.hasAnyMajorDiagonalConflicts()) found.push("major diagonal");
  if (board.hasAnyMinorDiagonalConflicts()) found.push("minor diagonal");
  return found.length ? found.join("\n") : "none";
}

const [command, ...args] = process.argv.slice(2);
const takesN = ["find-rooks", "count-rooks", "find-queens", "count-queens"];
if (command === "conflicts" && args.length === 0) {
  console.log(conflicts(require("fs").readFileSync(0, "utf8")));
} else if (takesN.includes(command) && args.length === 1) {
  if (!/^\d+$/.test(args[0])) fail(`solvers: ${command}: N must be a whole number, 0 or more: "${args[0]}"`);
  const n = Number(args[0]);
  const queens = command.endsWith("queens");
  if (command.startsWith("find")) console.log(JSON.stringify(find(n, queens)));
  else console.log(String(count(n, queens)));
} else {
  fail(USAGE);
}
