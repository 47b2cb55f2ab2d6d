/* A loop in a header: its remarks name the header, after the include
 * stack. */
__attribute__((noinline)) int header_sum(const int *a) {
  int s = 0;
  for (int i = 0; i < 4; i++)
    s += a[i];
  return s;
}
