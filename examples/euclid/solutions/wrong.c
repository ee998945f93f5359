/* Euclid's game, a wrong submission: its recursion stops one step early. */
#include <stdio.h>

/* Whether the player to move at (a, b), a <= b, wins. */
static int wins(long long a, long long b) {
    if (b % a == 0 || b / a >= 2) return 1;
    return 0; /* wrong: the forced move to (b - a, a) is not looked at */
}

int main(void) {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        long long a, b;
        if (scanf("%lld %lld", &a, &b) != 2) return 1;
        puts(wins(a < b ? a : b, a < b ? b : a) ? "Stan wins" : "Ollie wins");
    }
    return 0;
}
