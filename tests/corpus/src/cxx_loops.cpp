// C++ loop idioms with loop directives: range-for over containers and
// arrays, iterator loops, std algorithms, nested loops over a matrix class
// with pragmas, loops with exceptions inside, and reductions in templates.
#include <cstdio>
#include <numeric>
#include <stdexcept>
#include <vector>

template <typename T> struct Matrix {
  int rows, cols;
  std::vector<T> d;
  Matrix(int r, int c) : rows(r), cols(c), d(std::size_t(r) * std::size_t(c)) {}
  T &operator()(int i, int j) { return d[std::size_t(i) * std::size_t(cols) + std::size_t(j)]; }
  const T &operator()(int i, int j) const { return d[std::size_t(i) * std::size_t(cols) + std::size_t(j)]; }
};

template <typename T> Matrix<T> multiply(const Matrix<T> &a, const Matrix<T> &b) {
  Matrix<T> c(a.rows, b.cols);
  for (int i = 0; i < a.rows; i++)
#pragma clang loop unroll(disable)
    for (int k = 0; k < a.cols; k++) {
      T aik = a(i, k);
#pragma clang loop vectorize(enable) interleave_count(2)
      for (int j = 0; j < b.cols; j++) c(i, j) += aik * b(k, j);
    }
  return c;
}

template <typename T> T reduce(const std::vector<T> &v) {
  T s{};
#pragma clang loop vectorize_width(4)
  for (const T &x : v) s += x;
  return s;
}

int checked_sum(const std::vector<int> &v) {
  int s = 0;
  for (auto it = v.begin(); it != v.end(); ++it) {
    if (*it < 0) throw std::invalid_argument("negative");
    s += *it;
  }
  return s;
}

int safe_total(const std::vector<std::vector<int>> &rows) {
  int total = 0;
  for (const auto &r : rows) {
    try {
      total += checked_sum(r);
    } catch (const std::invalid_argument &) {
      total -= 1;
    }
  }
  return total;
}

void scale(std::vector<float> &v, float f) {
#pragma unroll 4
  for (float &x : v) x *= f;
}

int array_loops() {
  int arr[32];
  int i = 0;
  for (int &x : arr) x = i++;
  int s = 0;
#pragma nounroll
  for (int x : arr) s += x;
  return s;
}

long while_iter(std::vector<long> &v) {
  auto it = v.rbegin();
  long s = 0;
  while (it != v.rend()) {
    s = s * 3 + *it;
    if (s > 1000000) break;
    ++it;
  }
  return s;
}

int main() {
  Matrix<double> a(8, 8), b(8, 8);
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++) { a(i, j) = i + j; b(i, j) = i == j; }
  Matrix<double> c = multiply(a, b);
  std::vector<int> iv(100);
  std::iota(iv.begin(), iv.end(), 1);
  std::vector<float> fv(50, 2.0f);
  scale(fv, 1.5f);
  std::vector<long> lv(20, 2);
  std::vector<std::vector<int>> rows = {{1, 2, 3}, {4, -5, 6}, {7, 8}};
  std::printf("%g %d %g %d %d %ld\n", c(3, 4), reduce(iv), double(reduce(fv)), safe_total(rows), array_loops(),
              while_iter(lv));
  return 0;
}
