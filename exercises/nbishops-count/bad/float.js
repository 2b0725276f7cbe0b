// nbishops N, wrongly: the formula 2^N, printed as a float.
const args = process.argv.slice(2);
if (args.length !== 1 || !/^\d+$/.test(args[0]) || Number(args[0]) < 1) {
  console.log("Usage: nbishops N");
  process.exit(1);
}
const n = Number(args[0]);
console.log(n === 1 ? "1" : Math.pow(2, n).toFixed(1));
