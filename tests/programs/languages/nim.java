// A correct solution to `nim` in Java: Bouton's theorem, the first winning move. The file is
// not named after its class, which javac allows for a class that is not public.
import java.io.*;
import java.util.*;

class Main {
    public static void main(String[] args) throws IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder text = new StringBuilder();
        for (String line; (line = reader.readLine()) != null; ) text.append(line).append(' ');
        StringTokenizer in = new StringTokenizer(text.toString());
        int cases = Integer.parseInt(in.nextToken());
        StringBuilder out = new StringBuilder();
        while (cases-- > 0) {
            int n = Integer.parseInt(in.nextToken());
            long[] heaps = new long[n];
            long x = 0;
            for (int i = 0; i < n; i++) {
                heaps[i] = Long.parseLong(in.nextToken());
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
