/* Chooses its side right, then exits with code 3 before its next move. */
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
    exit(3);
}
