// Modern C++ grab bag: operator overloading, three-way comparison,
// structured bindings, enum class with switch, std::span, std::array,
// range-for over user iterators, move semantics, placement new, unions
// with non-trivial members, [[likely]]/[[unlikely]], [[assume]], and
// bit manipulation via <bit>.
#include <array>
#include <bit>
#include <compare>
#include <cstdint>
#include <cstdio>
#include <new>
#include <span>
#include <string>
#include <utility>

struct Vec3 {
  double x, y, z;
  Vec3 operator+(const Vec3 &o) const { return {x + o.x, y + o.y, z + o.z}; }
  Vec3 operator*(double s) const { return {x * s, y * s, z * s}; }
  Vec3 &operator+=(const Vec3 &o) { x += o.x; y += o.y; z += o.z; return *this; }
  double &operator[](int i) { return i == 0 ? x : i == 1 ? y : z; }
  auto operator<=>(const Vec3 &) const = default;
};

struct Version {
  int major, minor, patch;
  std::strong_ordering operator<=>(const Version &) const = default;
};

enum class Color : std::uint8_t { Red, Green, Blue, Alpha = 200 };
const char *color_name(Color c) {
  switch (c) {
  case Color::Red: return "red";
  case Color::Green: return "green";
  case Color::Blue: return "blue";
  case Color::Alpha: return "alpha";
  }
  return "?";
}

struct Range {
  int lo, hi;
  struct It {
    int v;
    int operator*() const { return v; }
    It &operator++() { ++v; return *this; }
    bool operator!=(const It &o) const { return v != o.v; }
  };
  It begin() const { return {lo}; }
  It end() const { return {hi}; }
};

double span_sum(std::span<const double> s) { double t = 0; for (double d : s) t += d; return t; }

struct Buffer {
  std::size_t n;
  int *data;
  explicit Buffer(std::size_t k) : n(k), data(new int[k]()) {}
  Buffer(Buffer &&o) noexcept : n(std::exchange(o.n, 0)), data(std::exchange(o.data, nullptr)) {}
  Buffer &operator=(Buffer &&o) noexcept { std::swap(n, o.n); std::swap(data, o.data); return *this; }
  ~Buffer() { delete[] data; }
};

union Storage {
  std::string s;
  long l;
  Storage() : l(0) {}
  ~Storage() {}
};

int classify(int x) {
  if (x > 1000) [[unlikely]] return 2;
  else [[likely]] return x & 1;
}

int assume_positive(int x) {
  [[assume(x > 0)]];
  return x / 2;
}

unsigned bits(std::uint32_t v) {
  return unsigned(std::popcount(v) + std::countl_zero(v) + std::countr_zero(v | 1) + std::bit_width(v)) ^
         std::rotl(v, 3) ^ std::bit_ceil(v | 1) ^ std::bit_cast<std::uint32_t>(float(v));
}

int main() {
  Vec3 a{1, 2, 3}, b{4, 5, 6};
  a += b * 2.0;
  Vec3 c = a + b;
  auto [x, y, z] = c;
  Version v1{1, 2, 3}, v2{1, 3, 0};
  std::array<double, 5> arr{1, 2, 3, 4, 5};
  int rs = 0;
  for (int i : Range{0, 10}) rs += i;
  Buffer b1(10), b2(20);
  b1 = std::move(b2);
  Storage st;
  new (&st.s) std::string("placement");
  std::size_t len = st.s.size();
  st.s.~basic_string();
  alignas(Vec3) unsigned char raw[sizeof(Vec3)];
  Vec3 *pv = new (raw) Vec3{7, 8, 9};
  double sum = x + y + z + span_sum(arr) + (*pv)[1] + double(v1 < v2) + double((a <=> b) > 0);
  std::printf("%g %s %d %zu %zu %d %d %u\n", sum, color_name(Color::Alpha), rs, b1.n, len, classify(1001),
              assume_positive(9), bits(12345));
  return 0;
}
