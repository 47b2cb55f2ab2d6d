// Byte and string processing loops: strlen/strchr-style scans, tokenising,
// case conversion, hashing, UTF-8 decoding, run-length encoding, and
// memcmp-like comparisons; includes wide strings and string literals.
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <wchar.h>

size_t my_strlen(const char *s) { const char *p = s; while (*p) p++; return (size_t)(p - s); }
const char *my_strchr(const char *s, int c) { for (; *s; s++) if (*s == (char)c) return s; return c ? NULL : s; }
int my_strcmp(const char *a, const char *b) { while (*a && *a == *b) { a++; b++; } return (unsigned char)*a - (unsigned char)*b; }
void to_upper(char *s) { for (; *s; s++) if (*s >= 'a' && *s <= 'z') *s -= 32; }

uint32_t fnv1a(const char *s, size_t n) {
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < n; i++) { h ^= (uint8_t)s[i]; h *= 16777619u; }
  return h;
}

uint64_t djb2(const unsigned char *s) { uint64_t h = 5381; int c; while ((c = *s++)) h = ((h << 5) + h) + (uint64_t)c; return h; }

int count_words(const char *s) {
  int n = 0, in = 0;
  for (; *s; s++) {
    int space = *s == ' ' || *s == '\t' || *s == '\n';
    if (!space && !in) n++;
    in = !space;
  }
  return n;
}

int utf8_decode(const unsigned char *s, uint32_t *out, int max) {
  int n = 0;
  while (*s && n < max) {
    uint32_t c = *s;
    int extra = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc0 ? 1 : 0;
    c &= extra == 3 ? 0x07 : extra == 2 ? 0x0f : extra == 1 ? 0x1f : 0x7f;
    s++;
    while (extra-- > 0 && (*s & 0xc0) == 0x80) c = (c << 6) | (*s++ & 0x3f);
    out[n++] = c;
  }
  return n;
}

size_t rle(const char *in, char *out) {
  size_t o = 0;
  while (*in) {
    char c = *in;
    int run = 0;
    while (*in == c && run < 9) { in++; run++; }
    out[o++] = (char)('0' + run);
    out[o++] = c;
  }
  out[o] = 0;
  return o;
}

size_t wide_len(const wchar_t *w) { size_t n = 0; while (w[n]) n++; return n; }

int parse_int(const char *s) {
  int sign = 1, v = 0;
  while (*s == ' ') s++;
  if (*s == '-') { sign = -1; s++; }
  while (*s >= '0' && *s <= '9') v = v * 10 + (*s++ - '0');
  return sign * v;
}

static const char *const messages[] = {"zero", "one\ttab", "two\nnewline", "three \"quoted\"",
                                       "four \\ backslash", "five \x01\x7f\xff bytes", "six \u00e9\u4e2d"};

int main(void) {
  char buf[64] = "hello, wide world";
  char enc[128];
  uint32_t cps[16];
  to_upper(buf);
  int r = (int)my_strlen(buf) + (my_strchr(buf, 'W') != NULL) + my_strcmp("abc", "abd") +
          (int)(fnv1a(buf, 5) & 0xff) + (int)(djb2((const unsigned char *)"x") & 0xf) +
          count_words("  a bb  ccc ") + utf8_decode((const unsigned char *)"h\xc3\xa9\xe4\xb8\xad", cps, 16) +
          (int)rle("aaabccdddd", enc) + (int)wide_len(L"wide \u00fc") + parse_int(" -123");
  for (size_t i = 0; i < sizeof messages / sizeof *messages; i++) r += (int)my_strlen(messages[i]);
  printf("%s %s %d\n", buf, enc, r);
  return 0;
}
