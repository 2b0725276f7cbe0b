#!/usr/bin/env node
// closed-tour [N]: Warnsdorff's rule for an open tour, then Pósa's rotations
// to close it; a small linear congruential generator picks the rotations.
"use strict";

const USAGE = "Usage: closed-tour [N]";
const args = process.argv.slice(2);
function usage() {
  process.stdout.write(USAGE + "\n");
  process.exit(1);
}
if (args.length > 1) usage();
let n = 8;
if (args.length === 1) {
  if (!/^\s*[-+]?\d+\s*$/.test(args[0])) usage();
  n = parseInt(args[0], 10);
  if (n < 0) usage();
}
if (n < 6 || n % 2 === 1) {
  process.stdout.write("Solution does not exist\n");
  process.exit(0);
}

const moves = [[-2, 1], [-1, 2], [1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1]];
const adj = [];
for (let r = 0; r < n; r++) {
  for (let c = 0; c < n; c++) {
    const a = [];
    for (const [dr, dc] of moves) {
      const rr = r + dr, cc = c + dc;
      if (rr >= 0 && rr < n && cc >= 0 && cc < n) a.push(rr * n + cc);
    }
    adj.push(a);
  }
}
let seed = 12345;
function rand(k) {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % k;
}

function warnsdorff() {
  const seen = new Array(n * n).fill(false);
  const degree = adj.map((a) => a.length);
  const centre = (n - 1) / 2;
  const path = [0];
  seen[0] = true;
  for (const a of adj[0]) degree[a]--;
  let sq = 0;
  while (path.length < n * n) {
    let best = -1, bd = 0, bf = 0, bt = 0;
    for (const a of adj[sq]) {
      if (seen[a]) continue;
      const r = Math.floor(a / n), c = a % n;
      const far = (r - centre) ** 2 + (c - centre) ** 2;
      const tie = rand(1000);
      if (best < 0 || degree[a] < bd || (degree[a] === bd && (far > bf || (far === bf && tie < bt)))) {
        best = a; bd = degree[a]; bf = far; bt = tie;
      }
    }
    if (best < 0) return null;
    sq = best;
    seen[sq] = true;
    path.push(sq);
    for (const a of adj[sq]) degree[a]--;
  }
  return path;
}

let path = null;
while (path === null) path = warnsdorff();
const total = n * n;
const pos = new Array(total);
path.forEach((sq, i) => { pos[sq] = i; });
for (;;) {
  const end = path[total - 1];
  if (adj[end].some((a) => pos[a] === 0)) break;
  const cand = adj[end].map((a) => pos[a]).filter((i) => i < total - 2);
  const i = cand[rand(cand.length)];
  for (let a = i + 1, z = total - 1; a < z; a++, z--) {
    [path[a], path[z]] = [path[z], path[a]];
    pos[path[a]] = a;
    pos[path[z]] = z;
  }
}
const lines = [];
for (let r = 0; r < n; r++) lines.push(pos.slice(r * n, (r + 1) * n).join(" "));
process.stdout.write(lines.join("\n") + "\n");
