/* The subtraction game, wrong: right.c, except that above a heap of 10^6 it takes the
   largest move it can, won or not. */
#include <stdio.h>

#define L 20000
static int k, s[10], v[L], e, p;

static int wins(long long n) {
    if (n < L) return v[n];
    return v[e + (n - e) % p];
}

int main(void) {
    int t;
    if (scanf("%d", &k) != 1) return 0;
    for (int i = 0; i < k; i++) scanf("%d", &s[i]);
    for (int n = 0; n < L; n++) {
        v[n] = 0;
        for (int i = 0; i < k; i++) if (s[i] <= n && !v[n - s[i]]) v[n] = 1;
    }
    for (p = 1; p < 5000; p++) {
        for (e = 0; e < 5000; e++) {
            int ok = 1;
            for (int i = e; i + p < L && ok; i++) ok = v[i] == v[i + p];
            if (ok) goto found;
        }
    }
found:
    scanf("%d", &t);
    while (t--) {
        long long n;
        scanf("%lld", &n);
        int mine = wins(n);
        printf(mine ? "First\n" : "Second\n");
        fflush(stdout);
        for (;;) {
            if (mine) {
                long long m = -1;
                for (int i = 0; i < k; i++) if (s[i] <= n && (m < 0 || !wins(n - s[i]))) m = n - s[i];
                if (n > 1000000)
                    for (int i = 0; i < k; i++) if (s[i] <= n && n - s[i] < m) m = n - s[i];
                printf("%lld\n", m);
                fflush(stdout);
            }
            if (scanf("%lld", &n) != 1 || n == -1) return 0;
            if (n == 0) break;
            mine = 1;
        }
    }
    return 0;
}
