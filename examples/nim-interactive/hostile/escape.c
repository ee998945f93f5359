/* Forks a child that leaves the process group (setsid) and sleeps holding the output
   open, then chooses its side right and exits mid-game with code 0. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
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
    if (fork() == 0) {
        setsid();
        sleep(1000);
        return 0;
    }
    right_side();
    return 0;
}
