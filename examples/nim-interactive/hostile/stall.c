/* Chooses its side right, then computes forever instead of moving. */
#include <stdio.h>
#include <stdlib.h>
/* Reads T and the first game, and writes the side that wins it (the nim-sum). */
static void right_side(void) {
    int t, n;
    unsigned long long x, s = 0;
    if (scanf("%d %d", &t, &n) != 2) exit(0);
    for (int i = 0; i < n; i++) { if (scanf("%llu", &x) != 1) exit(0); s ^= x; }
    printf(s ? "First\n" : "Second\n");
    fflush(stdout);
}

int main(void) {
    right_side();
    volatile unsigned long long n = 0;
    for (;;) n++;
}
