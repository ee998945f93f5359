/* Interactive Nim, wrong: chooses First exactly when the total of the piles is odd. It
   moves to XOR 0 when it can, else takes one stone. */
#include <stdio.h>

static long long x[100];

int main(void) {
    int t;
    if (scanf("%d", &t) != 1) return 0;
    while (t--) {
        int n;
        long long total = 0, a, b;
        if (scanf("%d", &n) != 1) return 0;
        for (int i = 0; i < n; i++) { scanf("%lld", &x[i]); total += x[i]; }
        printf(total % 2 ? "First\n" : "Second\n");
        fflush(stdout);
        int mine = total % 2;
        for (;;) {
            if (mine) {
                long long s = 0;
                for (int i = 0; i < n; i++) s ^= x[i];
                int i = 0;
                if (s) { while ((x[i] ^ s) >= x[i]) i++; x[i] ^= s; }
                else { while (x[i] == 0) i++; x[i]--; }
                printf("%d %lld\n", i + 1, x[i]);
                fflush(stdout);
            }
            if (scanf("%lld %lld", &a, &b) != 2 || a == -1) return 0;
            if (a == 0) break;
            x[a - 1] = b;
            mine = 1;
        }
    }
    return 0;
}
