// Aggregates: packed structs, bitfields, flexible array members, unions,
// nested structs, by-value passing/returning (byval/sret), anonymous members,
// designated initialisers, and struct copies in loops.
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct __attribute__((packed)) packed_hdr {
  uint8_t tag;
  uint32_t len;
  uint16_t kind;
  uint64_t stamp;
};

struct bits {
  unsigned a : 3;
  unsigned b : 5;
  signed c : 7;
  unsigned : 0;
  unsigned d : 17;
  _Bool flag : 1;
  uint64_t wide : 40;
};

struct flex {
  int n;
  double vals[];
};

union number {
  int64_t i;
  double d;
  uint8_t bytes[8];
  struct { uint32_t lo, hi; };
};

struct point { float x, y, z; };
struct big { int64_t a[16]; };
struct mixed { char c; struct point p; union number u; struct bits b; };

uint32_t read_len(const struct packed_hdr *h) { return h->len + h->kind; }
void write_hdr(struct packed_hdr *h, uint64_t t) { h->stamp = t; h->len = (uint32_t)t; }

int bit_math(struct bits *b) {
  b->a = 5;
  b->b += 3;
  b->c = -b->c;
  b->d ^= 0x1ffff;
  b->flag = !b->flag;
  b->wide = b->wide * 3 + 1;
  return b->a + b->b + b->c + (int)b->d + b->flag + (int)(b->wide & 0xff);
}

struct flex *make_flex(int n) {
  struct flex *f = malloc(sizeof *f + (size_t)n * sizeof(double));
  if (!f) return 0;
  f->n = n;
  for (int i = 0; i < n; i++) f->vals[i] = i * 0.5;
  return f;
}

double flex_sum(const struct flex *f) {
  double s = 0;
  for (int i = 0; i < f->n; i++) s += f->vals[i];
  return s;
}

uint32_t union_pun(double d) { union number u = {.d = d}; return u.hi ^ u.lo ^ u.bytes[7]; }

struct point add_points(struct point a, struct point b) {
  return (struct point){a.x + b.x, a.y + b.y, a.z + b.z};
}
struct big make_big(int64_t seed) {
  struct big r;
  for (int i = 0; i < 16; i++) r.a[i] = seed * i;
  return r;
}
int64_t sum_big(struct big b) {
  int64_t s = 0;
  for (int i = 0; i < 16; i++) s += b.a[i];
  return s;
}

struct point centroid(const struct point *ps, int n) {
  struct point c = {0, 0, 0};
  for (int i = 0; i < n; i++) c = add_points(c, ps[i]);
  c.x /= n; c.y /= n; c.z /= n;
  return c;
}

void copy_mixed(struct mixed *dst, const struct mixed *src, int n) {
  for (int i = 0; i < n; i++) dst[i] = src[i];
}

static const struct mixed defaults = {.c = 'x', .p = {1, 2, 3}, .u = {.i = 99}, .b = {.a = 1, .d = 7}};

int main(void) {
  struct packed_hdr h = {1, 2, 3, 4};
  write_hdr(&h, 77);
  struct bits b = {0};
  struct flex *f = make_flex(10);
  struct point ps[3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
  struct point c = centroid(ps, 3);
  struct mixed m[2];
  struct mixed src[2] = {defaults, defaults};
  copy_mixed(m, src, 2);
  int64_t s = sum_big(make_big(3));
  int r = (int)read_len(&h) + bit_math(&b) + (int)flex_sum(f) + (int)c.y + (int)union_pun(1.0) +
          m[1].c + (int)s;
  free(f);
  return r ? 0 : 1;
}
