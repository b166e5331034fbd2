// A correct solution to `nim` in C#: Bouton's theorem, the first winning move.
using System;
using System.Linq;

class Nim {
    static void Main() {
        var words = Console.In.ReadToEnd().Split((char[]) null, StringSplitOptions.RemoveEmptyEntries);
        int at = 0;
        int cases = int.Parse(words[at++]);
        for (int c = 0; c < cases; c++) {
            int n = int.Parse(words[at++]);
            var heaps = words.Skip(at).Take(n).Select(ulong.Parse).ToArray();
            at += n;
            ulong x = heaps.Aggregate(0UL, (a, h) => a ^ h);
            int i = Array.FindIndex(heaps, h => (h ^ x) < h);
            Console.WriteLine(x == 0 ? "second" : $"first {i + 1} {heaps[i] ^ x}");
        }
    }
}
