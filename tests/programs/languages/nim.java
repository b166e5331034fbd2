// A correct solution to `nim` in Java: Bouton's theorem, the first winning move. The file is
// not named after its class, which javac allows for a class that is not public.
import java.io.*;
import java.util.*;

class Main {
    public static void main(String[] args) throws IOException {
        StreamTokenizer in = new StreamTokenizer(new BufferedReader(new InputStreamReader(System.in)));
        in.nextToken();
        int cases = (int) in.nval;
        StringBuilder out = new StringBuilder();
        while (cases-- > 0) {
            in.nextToken();
            int n = (int) in.nval;
            long[] heaps = new long[n];
            long x = 0;
            for (int i = 0; i < n; i++) {
                in.nextToken();
                heaps[i] = (long) in.nval;
                x ^= heaps[i];
            }
            if (x == 0) {
                out.append("second\n");
                continue;
            }
            for (int i = 0; i < n; i++) {
                if ((heaps[i] ^ x) < heaps[i]) {
                    out.append("first ").append(i + 1).append(' ').append(heaps[i] ^ x).append('\n');
                    break;
                }
            }
        }
        System.out.print(out);
    }
}
