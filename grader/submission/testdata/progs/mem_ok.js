// Uses about 100 MiB, well under the limit, and says so.
const keep = [];
for (let i = 0; i < 100; i++) keep.push(Buffer.alloc(1 << 20, 1));
console.log("ok", keep.length);
