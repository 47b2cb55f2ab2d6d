#include "common.h"

void insertion_sort(int32_t *a, size_t n) {
  for (size_t i = 1; i < n; i++) {
    int32_t x = a[i];
    size_t j = i;
    while (j > 0 && a[j - 1] > x) {
      a[j] = a[j - 1];
      j--;
    }
    a[j] = x;
  }
}

void counting_sort_u8(uint8_t *a, size_t n) {
  size_t counts[256] = {0};
  for (size_t i = 0; i < n; i++)
    counts[a[i]]++;
  size_t k = 0;
  for (int v = 0; v < 256; v++)
    for (size_t c = 0; c < counts[v]; c++)
      a[k++] = (uint8_t)v;
}
