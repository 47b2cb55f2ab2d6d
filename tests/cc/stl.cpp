// A C++ program using the standard library, for the compiler driver's
// build test (crates/driver/tests/cc_builds.rs): built by loopwright c++
// and by clang++-19, both at -O3; the two programs must print the same.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <numeric>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

uint32_t lcg(uint64_t &s) {
  s = s * 6364136223846793005ULL + 1442695040888963407ULL;
  return static_cast<uint32_t>(s >> 32);
}

template <typename T, size_t N> T poly(const std::array<T, N> &c, T x) {
  T r = 0;
  for (size_t i = N; i-- > 0;)
    r = r * x + c[i];
  return r;
}

struct Point {
  double x, y;
};

double perimeter(const std::vector<Point> &pts) {
  double p = 0;
  for (size_t i = 0; i < pts.size(); i++) {
    const Point &a = pts[i], &b = pts[(i + 1) % pts.size()];
    double dx = a.x - b.x, dy = a.y - b.y;
    p += dx * dx + dy * dy;
  }
  return p;
}

} // namespace

int main() {
  uint64_t s = 7;
  std::vector<int> v(5000);
  for (int &x : v)
    x = static_cast<int>(lcg(s) % 10000) - 5000;
  std::vector<int> sorted = v;
  std::sort(sorted.begin(), sorted.end());
  long long sum = std::accumulate(v.begin(), v.end(), 0LL);
  std::printf("sum %lld min %d median %d max %d\n", sum, sorted.front(),
              sorted[sorted.size() / 2], sorted.back());

  std::vector<long long> prefix(v.size());
  std::partial_sum(v.begin(), v.end(), prefix.begin());
  std::printf("prefix %lld %lld\n", prefix[1234], prefix.back());

  std::map<int, int> buckets;
  for (int x : v)
    buckets[x / 1000]++;
  for (const auto &[k, n] : buckets)
    std::printf("bucket %d %d\n", k, n);

  std::unordered_map<std::string, int> words;
  const char *text[] = {"loop", "unroll", "vector", "loop", "peel", "loop", "vector"};
  for (const char *w : text)
    words[w]++;
  std::set<std::pair<int, std::string>> ranked;
  for (const auto &[w, n] : words)
    ranked.insert({-n, w});
  for (const auto &[n, w] : ranked)
    std::printf("word %s %d\n", w.c_str(), -n);

  std::string str;
  for (int i = 0; i < 40; i++)
    str.push_back(static_cast<char>('a' + lcg(s) % 26));
  std::string rev(str.rbegin(), str.rend());
  std::transform(rev.begin(), rev.end(), rev.begin(),
                 [](char c) { return static_cast<char>(c - 'a' + 'A'); });
  std::printf("string %s %s\n", str.c_str(), rev.c_str());

  std::array<double, 6> coeff{1.0, -0.5, 0.25, -0.125, 0.0625, -0.03125};
  double acc = 0;
  for (int i = 0; i < 100; i++)
    acc += poly(coeff, i / 50.0);
  std::printf("poly %.9f\n", acc);

  std::vector<Point> pts;
  for (int i = 0; i < 64; i++)
    pts.push_back({static_cast<double>(lcg(s) % 100), static_cast<double>(lcg(s) % 100)});
  std::printf("perimeter %.3f\n", perimeter(pts));

  std::function<uint64_t(int)> fib = [&](int n) -> uint64_t {
    uint64_t a = 0, b = 1;
    for (int i = 0; i < n; i++) {
      uint64_t t = a + b;
      a = b;
      b = t;
    }
    return a;
  };
  std::printf("fib %llu\n", static_cast<unsigned long long>(fib(90)));

  auto evens = std::count_if(v.begin(), v.end(), [](int x) { return x % 2 == 0; });
  auto it = std::find_if(v.begin(), v.end(), [](int x) { return x > 4990; });
  std::printf("evens %ld first>4990 at %ld\n", static_cast<long>(evens),
              static_cast<long>(it - v.begin()));
  return 0;
}
