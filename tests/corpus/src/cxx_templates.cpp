// Templates: class and function templates, partial and full specialisation,
// variadic templates and fold expressions, CRTP, concepts, constexpr and
// consteval, non-type template parameters, template template parameters,
// and SFINAE; each instantiation becomes a linkonce_odr function or comdat.
#include <concepts>
#include <cstddef>
#include <cstdio>
#include <type_traits>
#include <utility>

template <typename T, std::size_t N> struct Array {
  T data[N];
  constexpr T &operator[](std::size_t i) { return data[i]; }
  constexpr const T &operator[](std::size_t i) const { return data[i]; }
  constexpr std::size_t size() const { return N; }
  template <typename F> constexpr void for_each(F f) { for (std::size_t i = 0; i < N; ++i) f(data[i]); }
};

template <typename T> T sum(const T *p, int n) { T s{}; for (int i = 0; i < n; ++i) s += p[i]; return s; }
template <> float sum<float>(const float *p, int n) { float s = 0; for (int i = n - 1; i >= 0; --i) s += p[i]; return s; }

template <typename T> struct Traits { static constexpr int id = 0; };
template <typename T> struct Traits<T *> { static constexpr int id = 1; };
template <typename T> struct Traits<const T> { static constexpr int id = 2; };
template <> struct Traits<void> { static constexpr int id = 3; };

template <typename... Ts> auto sum_all(Ts... xs) { return (xs + ... + 0); }
template <typename... Ts> bool all_positive(Ts... xs) { return ((xs > 0) && ...); }
template <typename F, typename... Args> decltype(auto) invoke_twice(F &&f, Args &&...args) {
  f(args...);
  return std::forward<F>(f)(std::forward<Args>(args)...);
}

template <typename Derived> struct Shape {
  double area() const { return static_cast<const Derived *>(this)->area_impl(); }
  double twice() const { return 2 * area(); }
};
struct Square : Shape<Square> { double s; double area_impl() const { return s * s; } };
struct Circle : Shape<Circle> { double r; double area_impl() const { return 3.14159 * r * r; } };

template <typename T>
concept Numeric = std::integral<T> || std::floating_point<T>;
template <Numeric T> T clamp_to(T v, T lo, T hi) { return v < lo ? lo : v > hi ? hi : v; }
template <typename T>
  requires requires(T t) { t.size(); }
std::size_t size_of(const T &t) { return t.size(); }

constexpr long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
consteval int square_ce(int x) { return x * x; }
template <int N> struct Factorial { static constexpr long value = N * Factorial<N - 1>::value; };
template <> struct Factorial<0> { static constexpr long value = 1; };

template <template <typename, std::size_t> class C, typename T> T first_of(const C<T, 4> &c) { return c[0]; }

template <typename T> std::enable_if_t<std::is_integral_v<T>, int> kind(T) { return 1; }
template <typename T> std::enable_if_t<!std::is_integral_v<T>, int> kind(T) { return 2; }

template <typename T> struct Stack {
  T items[32];
  int top = 0;
  void push(const T &v) { items[top++] = v; }
  T pop() { return items[--top]; }
  bool empty() const { return top == 0; }
};

template <typename T, typename U> struct Pair { T first; U second; auto sum() const { return first + second; } };
template <typename T, typename U> Pair(T, U) -> Pair<T, U>;

template <auto V> constexpr auto value_of() { return V; }

template <typename T> T power(T base, unsigned e) {
  T r = 1;
  while (e) { if (e & 1) r *= base; base *= base; e >>= 1; }
  return r;
}

template <std::size_t... Is> constexpr int index_sum(std::index_sequence<Is...>) { return (int(Is) + ...); }

int main() {
  Array<int, 4> a{{1, 2, 3, 4}};
  int acc = 0;
  a.for_each([&](int &v) { acc += v; v *= 2; });
  float fs[3] = {1, 2, 3};
  double ds[3] = {1, 2, 3};
  Square sq; sq.s = 2;
  Circle ci; ci.r = 1;
  Stack<double> st;
  for (int i = 0; i < 10; i++) st.push(i * 0.5);
  double popped = 0;
  while (!st.empty()) popped += st.pop();
  Pair p{1, 2.5};
  long r = acc + sum(fs, 3) + sum(ds, 3) + sum(&a[0], 4) + Traits<int *>::id + Traits<const int>::id +
           Traits<void>::id + sum_all(1, 2L, 3.0) + all_positive(1, 2, 3) +
           invoke_twice([](int x) { return x + 1; }, 4) + long(sq.twice() + ci.area()) +
           clamp_to(15, 0, 10) + clamp_to(2.5, 0.0, 1.0) + long(size_of(a)) + fib(20) + square_ce(7) +
           Factorial<10>::value + first_of(a) + kind(1) + kind(1.0) + long(popped) + long(p.sum()) +
           value_of<'x'>() + power(3L, 13) + long(power(1.5, 4)) + index_sum(std::make_index_sequence<10>{});
  std::printf("%ld\n", r);
  return 0;
}
