// Lambdas and callables: captures by value/reference/init-capture/this,
// mutable lambdas, generic and template lambdas, recursive lambdas via
// std::function, std::function type erasure, function pointers from
// captureless lambdas, immediately-invoked lambdas, and lambdas in loops.
#include <algorithm>
#include <cstdio>
#include <functional>
#include <numeric>
#include <vector>

struct Accum {
  int base = 10;
  auto adder() { return [this](int x) { return base + x; }; }
  auto copier() { return [*this](int x) { return base * x; }; }
};

int apply_fp(int (*fp)(int), int v) { return fp(v); }

std::function<int(int)> make_counter() {
  int count = 0;
  return [count](int step) mutable { count += step; return count; };
}

template <typename F> int run_n(F f, int n) { int s = 0; for (int i = 0; i < n; i++) s += f(i); return s; }

int main() {
  int k = 3;
  std::vector<int> v(20);
  std::iota(v.begin(), v.end(), -5);
  auto by_val = [k](int x) { return x * k; };
  auto by_ref = [&k](int x) { k += x; return k; };
  auto init_cap = [n = k * 2, vec = std::vector<int>{1, 2, 3}](int x) { return x + n + int(vec.size()); };
  auto generic = [](auto a, auto b) { return a < b ? b : a; };
  auto templ = []<typename T>(const std::vector<T> &c) { return c.empty() ? T{} : c.front(); };
  int (*fp)(int) = [](int x) { return x - 1; };
  std::function<int(int)> fib = [&fib](int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); };
  auto counter = make_counter();
  Accum acc;
  auto add = acc.adder();
  auto copy = acc.copier();
  int iife = [&] { int s = 0; for (int x : v) s += x; return s; }();

  std::sort(v.begin(), v.end(), [](int a, int b) { return std::abs(a) < std::abs(b); });
  auto it = std::find_if(v.begin(), v.end(), [k](int x) { return x > k; });
  int evens = static_cast<int>(std::count_if(v.begin(), v.end(), [](int x) { return x % 2 == 0; }));
  std::transform(v.begin(), v.end(), v.begin(), by_val);
  int folded = std::accumulate(v.begin(), v.end(), 0, [](int a, int b) { return a + b * 2; });

  std::vector<std::function<int(int)>> table;
  for (int i = 0; i < 5; i++) table.push_back([i](int x) { return x * i; });
  int tsum = 0;
  for (auto &f : table) tsum += f(3);

  int r = by_val(2) + by_ref(1) + init_cap(1) + generic(3, 4) + int(generic(1.5, 0.5)) + templ(v) +
          apply_fp(fp, 5) + fib(15) + counter(2) + counter(3) + add(1) + copy(2) + iife +
          (it != v.end() ? *it : 0) + evens + folded + tsum +
          run_n([&](int i) { return i * k; }, 10) + run_n(std::function<int(int)>(fp), 4);
  std::printf("%d\n", r);
  return 0;
}
