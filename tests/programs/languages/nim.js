// A correct solution to `nim` in JavaScript: Bouton's theorem, the first winning move.
const words = require("fs").readFileSync(0, "utf8").split(/\s+/).filter((w) => w).map(BigInt);
let at = 0;
const out = [];
for (let cases = Number(words[at++]); cases > 0; cases--) {
  const n = Number(words[at++]);
  const heaps = words.slice(at, at + n);
  at += n;
  const x = heaps.reduce((a, h) => a ^ h, 0n);
  const i = heaps.findIndex((h) => (h ^ x) < h);
  out.push(x === 0n ? "second" : `first ${i + 1} ${heaps[i] ^ x}`);
}
console.log(out.join("\n"));
