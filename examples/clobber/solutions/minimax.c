/* Clobber with the outcome class asked: T, then T boards (`r c`, then r rows of `.`, `x`
   and `o`, at most 32 cells). Right: who wins with Left (`x`) to move and with Right
   (`o`) to move, by a plain search of the moves; L, R, N or P. */
#include <stdio.h>

static int R, C;
static char cell[32];

/* Returns whether `me` to move wins. */
static int wins(char me, char them) {
    static const int dy[4] = {-1, 1, 0, 0}, dx[4] = {0, 0, -1, 1};
    for (int i = 0; i < R * C; i++) {
        if (cell[i] != me) continue;
        for (int d = 0; d < 4; d++) {
            int y = i / C + dy[d], x = i % C + dx[d], j = y * C + x;
            if (y < 0 || y >= R || x < 0 || x >= C || cell[j] != them) continue;
            cell[i] = '.';
            cell[j] = me;
            int lost = !wins(them, me);
            cell[i] = me;
            cell[j] = them;
            if (lost) return 1;
        }
    }
    return 0;
}

int main(void) {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        char row[64];
        if (scanf("%d %d", &R, &C) != 2) return 1;
        for (int i = 0; i < R; i++) {
            if (scanf("%63s", row) != 1) return 1;
            for (int j = 0; j < C; j++) cell[i * C + j] = row[j];
        }
        int l = wins('x', 'o'), r = wins('o', 'x');
        puts(l && r ? "N" : l ? "L" : r ? "R" : "P");
    }
    return 0;
}
