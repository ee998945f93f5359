/* Chooses First, then exits with code 3 before its first move. */
#include <stdio.h>
#include <stdlib.h>
int main(void) {
    printf("First\n");
    fflush(stdout);
    exit(3);
}
