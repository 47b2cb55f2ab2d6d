#include <array>
#include <cstdint>
#include <utility>
template <typename T, std::size_t N> struct Matrix {
  std::array<T, N * N> d{};
  T &at(std::size_t i, std::size_t j) { return d[i * N + j]; }
  Matrix operator*(const Matrix &o) const {
    Matrix r;
    for (std::size_t i = 0; i < N; ++i)
      for (std::size_t j = 0; j < N; ++j) {
        T s{};
        for (std::size_t k = 0; k < N; ++k) s += d[i * N + k] * o.d[k * N + j];
        r.d[i * N + j] = s;
      }
    return r;
  }
};
template <typename... Ts> auto sum(Ts... ts) { return (ts + ... + 0); }
struct Shape { virtual ~Shape() = default; virtual double area() const = 0; };
struct Sq final : Shape { double s; explicit Sq(double s) : s(s) {} double area() const override { return s * s; } };
double total(Shape *const *sh, int n) { double t = 0; for (int i = 0; i < n; ++i) t += sh[i]->area(); return t; }
constexpr std::uint64_t fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
static_assert(fib(10) == 55);
int main(int argc, char **) {
  Matrix<float, 4> a, b; a.at(1, 2) = 2.0f; b.at(2, 1) = 3.0f;
  auto c = a * b; Sq s(argc); Shape *sh[] = {&s};
  return static_cast<int>(c.at(1, 1) + total(sh, 1) + sum(1, 2L, 3.0f)) + fib(argc);
}
