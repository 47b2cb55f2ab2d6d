// GCC vector extensions, clang ext_vector_type, __builtin_shufflevector,
// __builtin_convertvector, vector compares and selects, and SIMD-style loops.
#include <stdint.h>
#include <string.h>

typedef float v4f __attribute__((vector_size(16)));
typedef int v4i __attribute__((vector_size(16)));
typedef double v2d __attribute__((vector_size(16)));
typedef uint8_t v16u8 __attribute__((vector_size(16)));
typedef int64_t v4i64 __attribute__((vector_size(32)));
typedef float float4 __attribute__((ext_vector_type(4)));
typedef float float3 __attribute__((ext_vector_type(3)));
typedef int int8 __attribute__((ext_vector_type(8)));
typedef _Bool bool8 __attribute__((ext_vector_type(8)));
typedef short v8s __attribute__((vector_size(16), aligned(4)));

v4f vmad(v4f a, v4f b, v4f c) { return a * b + c; }
v4i vcmp(v4i a, v4i b) { return a < b; }
v4i vsel(v4i a, v4i b) { v4i m = a > b; return (a & m) | (b & ~m); }
v4i vshift(v4i a, int s) { return (a << s) ^ (a >> 1); }
v4f vreverse(v4f a) { return __builtin_shufflevector(a, a, 3, 2, 1, 0); }
v4f vinterleave(v4f a, v4f b) { return __builtin_shufflevector(a, b, 0, 4, 1, 5); }
v4f vundef_lanes(v4f a) { return __builtin_shufflevector(a, a, 0, -1, 2, -1); }
v2d vnarrow(v4f a) { return __builtin_convertvector(__builtin_shufflevector(a, a, 0, 1), v2d); }
v4i vconv(v4f a) { return __builtin_convertvector(a, v4i); }
v4i64 vwiden(v4i a) { return __builtin_convertvector(a, v4i64); }
float vextract(v4f a, int i) { return a[i]; }
v4f vinsert(v4f a, float x, int i) { a[i] = x; return a; }
v16u8 vbytes(v16u8 a, v16u8 b) { return (a & b) | ~(a ^ b); }
v8s vsplat(short s) { return (v8s){s, s, s, s, s, s, s, s} + 1; }

float4 ext_swizzle(float4 a) { return a.wzyx + a.xxyy * 2.0f; }
float3 ext_three(float3 a, float3 b) { return a.yzx * b.zxy - a.zxy * b.yzx; }
float ext_dot(float4 a, float4 b) { float4 m = a * b; return m.x + m.y + m.z + m.w; }
int8 ext_int8(int8 a) { int8 b = a.s76543210; return b + a.even.xxyyzzww; }
float4 ext_hi_lo(float4 a) { float4 r; r.lo = a.hi; r.hi = a.lo; return r; }
int ext_bool(int8 a, int8 b) { bool8 m = __builtin_convertvector(a < b, bool8); return __builtin_reduce_or(__builtin_convertvector(m, int8)); }

int reduce_ops(v4i a) {
  return __builtin_reduce_add(a) ^ __builtin_reduce_max(a) ^ __builtin_reduce_min(a) ^
         __builtin_reduce_and(a) ^ __builtin_reduce_xor(a);
}
v4f elementwise(v4f a, v4f b) {
  return __builtin_elementwise_max(a, b) + __builtin_elementwise_abs(a) +
         __builtin_elementwise_sqrt(b) + __builtin_elementwise_floor(a) +
         __builtin_elementwise_fma(a, b, a);
}

/* Loops over vector types. */
void vec_axpy(v4f *restrict y, const v4f *restrict x, float a, int n) {
  v4f va = {a, a, a, a};
  for (int i = 0; i < n; i++)
    y[i] = va * x[i] + y[i];
}

float vec_sum(const float *p, int n) {
  v4f acc = {0, 0, 0, 0};
  int i = 0;
  for (; i + 4 <= n; i += 4) {
    v4f t;
    memcpy(&t, p + i, sizeof t);
    acc += t;
  }
  float s = acc[0] + acc[1] + acc[2] + acc[3];
  for (; i < n; i++)
    s += p[i];
  return s;
}

void transpose4(float4 m[4]) {
  float4 t0 = __builtin_shufflevector(m[0], m[1], 0, 4, 1, 5);
  float4 t1 = __builtin_shufflevector(m[0], m[1], 2, 6, 3, 7);
  float4 t2 = __builtin_shufflevector(m[2], m[3], 0, 4, 1, 5);
  float4 t3 = __builtin_shufflevector(m[2], m[3], 2, 6, 3, 7);
  m[0] = __builtin_shufflevector(t0, t2, 0, 1, 4, 5);
  m[1] = __builtin_shufflevector(t0, t2, 2, 3, 6, 7);
  m[2] = __builtin_shufflevector(t1, t3, 0, 1, 4, 5);
  m[3] = __builtin_shufflevector(t1, t3, 2, 3, 6, 7);
}

int main(void) {
  float data[19];
  for (int i = 0; i < 19; i++) data[i] = (float)i;
  v4f x[4], y[4];
  for (int i = 0; i < 4; i++) { x[i] = (v4f){1, 2, 3, 4}; y[i] = (v4f){0, 0, 0, 0}; }
  vec_axpy(y, x, 2.0f, 4);
  float4 m[4] = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}, {13, 14, 15, 16}};
  transpose4(m);
  float s = vec_sum(data, 19) + y[3][3] + m[0].y + ext_dot(m[1], m[2]);
  return s > 0 ? 0 : 1;
}
