/* Writes one endless line. */
#include <stdio.h>
int main(void) {
    for (;;) fputs("xxxxxxxxxxxxxxxx", stdout);
}
