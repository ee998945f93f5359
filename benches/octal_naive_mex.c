/* The naive O(n^2) mex for octal games: the baseline of benches/octal.rs, for whole-process
 * comparisons with `gamecheck prove octal`.
 *
 *   gcc -O2 -o /tmp/octal_naive_mex benches/octal_naive_mex.c
 *   /tmp/octal_naive_mex 0.16 105351 149459
 *
 * Arguments: an octal code (digits 0-7 after the point, an optional 4. before it), the
 * claimed preperiod E and period P. It computes G(n) for n < 2E + 2P + t (t = the number of
 * digits after the point) by listing every option of every heap, then checks the Guy-Smith
 * condition G(n + P) = G(n) for E <= n < 2E + P + t, and prints the verdict, the heaps
 * computed, the largest value and the seconds spent. Exit 0 when proved, 1 when refuted.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: %s CODE PREPERIOD PERIOD\n", argv[0]);
        return 2;
    }
    const char *code = argv[1];
    int split0 = 0; /* digit 4 before the point: split without taking */
    if (code[0] == '4' && code[1] == '.') {
        split0 = 1;
        code += 2;
    } else if (code[0] == '0' && code[1] == '.') {
        code += 2;
    } else if (code[0] == '.') {
        code += 1;
    } else {
        fprintf(stderr, "not an octal code: %s\n", argv[1]);
        return 2;
    }
    int t = (int)strlen(code);
    int digit[64] = {0};
    if (t == 0 || t > 63) {
        fprintf(stderr, "between 1 and 63 digits after the point\n");
        return 2;
    }
    for (int j = 1; j <= t; j++) {
        char c = code[j - 1];
        if (c < '0' || c > '7') {
            fprintf(stderr, "`%c` is not an octal digit\n", c);
            return 2;
        }
        digit[j] = c - '0';
    }
    if (split0) digit[0] = 4;
    long e = atol(argv[2]), p = atol(argv[3]);
    if (e < 0 || p < 1) {
        fprintf(stderr, "a preperiod >= 0 and a period >= 1\n");
        return 2;
    }
    long needed = 2 * e + 2 * p + t;
    struct timespec start, stop;
    clock_gettime(CLOCK_MONOTONIC, &start);
    uint16_t *g = calloc((size_t)needed, sizeof *g);
    /* seen[v] == n + 1 marks value v as an option of heap n. */
    uint32_t *seen = calloc(1 << 16, sizeof *seen);
    if (!g || !seen) {
        fprintf(stderr, "out of memory\n");
        return 2;
    }
    unsigned largest = 0;
    for (long n = 0; n < needed; n++) {
        uint32_t mark = (uint32_t)n + 1;
        for (int j = 0; j <= t && j <= n; j++) {
            long r = n - j;
            int d = digit[j];
            if ((d & 1) && r == 0) seen[0] = mark;
            if ((d & 2) && r > 0) seen[g[r]] = mark;
            if (d & 4)
                for (long a = 1; 2 * a <= r; a++) seen[g[a] ^ g[r - a]] = mark;
        }
        unsigned v = 0;
        while (seen[v] == mark) v++;
        g[n] = (uint16_t)v;
        if (v > largest) largest = v;
    }
    long bad = -1;
    for (long n = e; n < 2 * e + p + t; n++)
        if (g[n + p] != g[n]) {
            bad = n;
            break;
        }
    clock_gettime(CLOCK_MONOTONIC, &stop);
    double seconds = (double)(stop.tv_sec - start.tv_sec) + 1e-9 * (double)(stop.tv_nsec - start.tv_nsec);
    if (bad < 0)
        printf("%s: periodic from n = %ld with period %ld, proved (Guy-Smith, values for n < %ld); "
               "largest value %u; %.2f s\n",
               argv[1], e, p, needed, largest, seconds);
    else
        printf("%s: refuted at n = %ld: G(n) = %u, G(n + %ld) = %u; %.2f s\n", argv[1], bad, g[bad], p,
               g[bad + p], seconds);
    free(g);
    free(seen);
    return bad < 0 ? 0 : 1;
}
