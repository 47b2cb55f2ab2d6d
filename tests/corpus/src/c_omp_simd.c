// corpus-flags: -fopenmp-simd
// OpenMP SIMD directives (no runtime needed with -fopenmp-simd): they lower
// to llvm.loop.parallel_accesses with llvm.access.group, vectorize.enable
// and vectorize.width metadata, plus safelen/simdlen/aligned/linear clauses.
void simd_add(float *a, const float *b, int n) {
#pragma omp simd
  for (int i = 0; i < n; i++) a[i] += b[i];
}

float simd_reduce(const float *a, int n) {
  float s = 0;
#pragma omp simd reduction(+ : s)
  for (int i = 0; i < n; i++) s += a[i];
  return s;
}

void simd_safelen(int *a, int n) {
#pragma omp simd safelen(8)
  for (int i = 8; i < n; i++) a[i] = a[i - 8] + 1;
}

void simd_simdlen(double *a, const double *b, int n) {
#pragma omp simd simdlen(4) aligned(a, b : 32)
  for (int i = 0; i < n; i++) a[i] = b[i] * 2.0;
}

int simd_linear(int *a, int n) {
  int j = 0;
#pragma omp simd linear(j : 2)
  for (int i = 0; i < n; i++) { a[i] = j; j += 2; }
  return j;
}

void simd_collapse(float m[16][16]) {
#pragma omp simd collapse(2)
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 16; j++) m[i][j] *= 0.5f;
}

#pragma omp declare simd
float scalar_kernel(float x) { return x * x + 1.0f; }

void simd_call(float *a, int n) {
#pragma omp simd
  for (int i = 0; i < n; i++) a[i] = scalar_kernel(a[i]);
}

int main(void) {
  float a[64], b[64], m[16][16];
  int ia[64];
  double da[64], db[64];
  for (int i = 0; i < 64; i++) { a[i] = (float)i; b[i] = 1; ia[i] = i; db[i] = i; }
  for (int i = 0; i < 16; i++) for (int j = 0; j < 16; j++) m[i][j] = (float)(i + j);
  simd_add(a, b, 64);
  simd_safelen(ia, 64);
  simd_simdlen(da, db, 64);
  simd_collapse(m);
  simd_call(a, 64);
  float r = simd_reduce(a, 64) + (float)simd_linear(ia, 64) + (float)da[3] + m[2][3];
  return r > 0 ? 0 : 1;
}
