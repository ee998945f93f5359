/* Interactive Nim, wrong: right.c without its fflush calls. Its output is a pipe, so
   printf holds the lines in its buffer while it waits for the judge's reply. */
#include <stdio.h>

static long long x[100];

int main(void) {
    int t;
    if (scanf("%d", &t) != 1) return 0;
    while (t--) {
        int n;
        long long s = 0, a, b;
        if (scanf("%d", &n) != 1) return 0;
        for (int i = 0; i < n; i++) { scanf("%lld", &x[i]); s ^= x[i]; }
        printf(s ? "First\n" : "Second\n");
        int mine = s != 0;
        for (;;) {
            if (mine) {
                s = 0;
                for (int i = 0; i < n; i++) s ^= x[i];
                int i = 0;
                while ((x[i] ^ s) >= x[i]) i++;
                x[i] ^= s;
                printf("%d %lld\n", i + 1, x[i]);
            }
            if (scanf("%lld %lld", &a, &b) != 2 || a == -1) return 0;
            if (a == 0) break;
            x[a - 1] = b;
            mine = 1;
        }
    }
    return 0;
}
