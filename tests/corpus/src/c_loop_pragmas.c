// Every loop directive clang understands, to populate llvm.loop metadata:
// vectorize/interleave/unroll/unroll_and_jam/distribute/pipeline, #pragma
// unroll and nounroll, vectorize_predicate, vectorize.scalable, and loops
// carrying several directives at once, across for/while/do-while.
#define N 1024
float A[N], B[N], C[N], D[N];
int IA[N], IB[N];
float M[64][64], R[64][64];

void vec_enable(int n) {
#pragma clang loop vectorize(enable)
  for (int i = 0; i < n; i++) A[i] = B[i] + C[i];
}
void vec_disable(int n) {
#pragma clang loop vectorize(disable)
  for (int i = 0; i < n; i++) A[i] = B[i] * C[i];
}
void vec_width(int n) {
#pragma clang loop vectorize_width(8)
  for (int i = 0; i < n; i++) A[i] += B[i];
}
void vec_width_scalable(int n) {
#pragma clang loop vectorize_width(4, scalable)
  for (int i = 0; i < n; i++) A[i] -= B[i];
}
void vec_fixed(int n) {
#pragma clang loop vectorize_width(fixed) interleave(enable)
  for (int i = 0; i < n; i++) A[i] *= 2.0f;
}
void interleave(int n) {
#pragma clang loop interleave_count(4)
  for (int i = 0; i < n; i++) IA[i] = IB[i] * 3;
}
void interleave_off(int n) {
#pragma clang loop interleave(disable) vectorize(assume_safety)
  for (int i = 0; i < n; i++) IA[IB[i] & (N - 1)] += 1;
}
void predicate(int n) {
#pragma clang loop vectorize_predicate(enable)
  for (int i = 0; i < n; i++) A[i] = B[i] > 0 ? C[i] : D[i];
}
void unroll_full(void) {
#pragma clang loop unroll(full)
  for (int i = 0; i < 16; i++) A[i] = (float)i;
}
void unroll_enable(int n) {
#pragma clang loop unroll(enable)
  for (int i = 0; i < n; i++) B[i] = A[i] + 1;
}
void unroll_disable(int n) {
#pragma clang loop unroll(disable)
  for (int i = 0; i < n; i++) B[i] = A[i] - 1;
}
void unroll_count(int n) {
#pragma clang loop unroll_count(8)
  for (int i = 0; i < n; i++) C[i] = A[i] * B[i];
}
void pragma_unroll(int n) {
#pragma unroll
  for (int i = 0; i < n; i++) C[i] += 1;
}
void pragma_unroll_n(int n) {
#pragma unroll 4
  for (int i = 0; i < n; i++) C[i] -= 1;
}
void pragma_unroll_paren(void) {
#pragma unroll(3)
  for (int i = 0; i < 9; i++) D[i] = C[i];
}
void pragma_nounroll(int n) {
#pragma nounroll
  for (int i = 0; i < n; i++) D[i] = 0;
}
void unroll_and_jam(int n) {
#pragma unroll_and_jam(4)
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < n && j < 64; j++) R[i][j] += M[j][i];
}
void nounroll_and_jam(void) {
#pragma nounroll_and_jam
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < 64; j++) R[i][j] = M[i][j];
}
void clang_unroll_and_jam(void) {
#pragma unroll_and_jam
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < 64; j++) R[i][j] *= 0.5f;
}
void distribute(int n) {
#pragma clang loop distribute(enable)
  for (int i = 1; i < n; i++) {
    A[i] = B[i - 1] * 2;
    C[i] = A[i - 1] + D[i];
  }
}
void pipeline(int n) {
#pragma clang loop pipeline(disable)
  for (int i = 0; i < n; i++) A[i] = B[i];
}
void pipeline_ii(int n) {
#pragma clang loop pipeline_initiation_interval(10)
  for (int i = 0; i < n; i++) A[i] = C[i];
}
void combined(int n) {
#pragma clang loop vectorize(enable) vectorize_width(4) interleave_count(2) unroll(disable) distribute(disable)
  for (int i = 0; i < n; i++) D[i] = A[i] * B[i] + C[i];
}
void while_pragma(int n) {
  int i = 0;
#pragma clang loop unroll_count(2)
  while (i < n) { A[i] = 1; i++; }
}
void do_pragma(int n) {
  int i = 0;
#pragma clang loop vectorize(disable) unroll(disable)
  do { B[i] = 2; i++; } while (i < n);
}
void nested_pragmas(void) {
#pragma clang loop unroll(disable)
  for (int i = 0; i < 64; i++) {
#pragma clang loop vectorize(enable) interleave_count(2)
    for (int j = 0; j < 64; j++) R[i][j] = M[i][j] + M[j][i];
  }
}
void mustprogress_free(int n) {
  for (int i = 0; ; i++) { if (i >= n) break; A[i] = 0; }
}

int main(void) {
  for (int i = 0; i < N; i++) { B[i] = (float)i; C[i] = (float)(N - i); D[i] = 1; IB[i] = i; }
  vec_enable(N); vec_disable(N); vec_width(N); vec_width_scalable(N); vec_fixed(N);
  interleave(N); interleave_off(N); predicate(N); unroll_full(); unroll_enable(N);
  unroll_disable(N); unroll_count(N); pragma_unroll(N); pragma_unroll_n(N); pragma_unroll_paren();
  pragma_nounroll(N); unroll_and_jam(64); nounroll_and_jam(); clang_unroll_and_jam(); distribute(N);
  pipeline(N); pipeline_ii(N); combined(N); while_pragma(N); do_pragma(N); nested_pragmas();
  mustprogress_free(N);
  float s = 0;
  for (int i = 0; i < N; i++) s += A[i] + B[i] + C[i] + D[i];
  return s != 0 ? 0 : 1;
}
