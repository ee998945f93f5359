/* Clobber with the outcome class asked: T, then T boards (`r c`, then r rows of `.`, `x`
   and `o`). Wrong: it says whoever has more stones that can move (next to a stone of the
   other colour) wins, L or R; with as many, the player to move wins (N), or, with none, the
   player not to move (P). Right on `xo` and on a lone stone; `xxo` is Left's (^ > 0). */
#include <stdio.h>

int main(void) {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        int r, c, x = 0, o = 0;
        char b[32][64];
        if (scanf("%d %d", &r, &c) != 2) return 1;
        for (int i = 0; i < r; i++)
            if (scanf("%63s", b[i]) != 1) return 1;
        for (int i = 0; i < r; i++)
            for (int j = 0; j < c; j++) {
                char me = b[i][j], them = me == 'x' ? 'o' : 'x';
                if (me == '.') continue;
                int movable = (i > 0 && b[i - 1][j] == them) || (i + 1 < r && b[i + 1][j] == them)
                    || (j > 0 && b[i][j - 1] == them) || (j + 1 < c && b[i][j + 1] == them);
                if (movable) {
                    x += me == 'x';
                    o += me == 'o';
                }
            }
        puts(x > o ? "L" : o > x ? "R" : x > 0 ? "N" : "P");
    }
    return 0;
}
