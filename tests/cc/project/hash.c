#include "common.h"

static uint32_t table[256];
static int table_ready;

static void make_table(void) {
  for (uint32_t i = 0; i < 256; i++) {
    uint32_t c = i;
#pragma unroll
    for (int k = 0; k < 8; k++)
      c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    table[i] = c;
  }
  table_ready = 1;
}

uint32_t crc32(const uint8_t *data, size_t n) {
  if (!table_ready)
    make_table();
  uint32_t c = 0xFFFFFFFFu;
  for (size_t i = 0; i < n; i++)
    c = table[(c ^ data[i]) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

uint64_t fnv1a(const uint8_t *data, size_t n) {
  uint64_t h = 1469598103934665603ULL;
  for (size_t i = 0; i < n; i++) {
    h ^= data[i];
    h *= 1099511628211ULL;
  }
  return h;
}
