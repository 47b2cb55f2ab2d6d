#include <iostream>
#include <functional>
#include <algorithm>
#include <unordered_map>
#include <thread>
#include <mutex>
#include <atomic>
#include <optional>
#include <variant>
struct A { virtual ~A(); virtual int f() const = 0; int a = 1; };
A::~A() {}
struct B : virtual A { int f() const override { return a + 2; } };
struct C : virtual A { int f() const override { return a + 3; } };
struct D : B, C { int f() const override { return B::f() + C::f(); } };
thread_local int tl = 3;
static std::mutex mu;
std::atomic<int> cnt{0};
template <class T> struct Box { T v; T get() const { return v; } };
int use(const A &a) { return a.f(); }
int main() {
  D d; std::unordered_map<int, std::string> m; m[1] = "x";
  std::function<int(int)> fn = [&](int x) { return x + d.f() + tl; };
  std::vector<int> v{3,1,2}; std::sort(v.begin(), v.end());
  std::optional<int> o = v[0]; std::variant<int, double> var = 2.0;
  std::thread t([]{ std::lock_guard<std::mutex> g(mu); cnt++; }); t.join();
  Box<double> bx{1.5};
  try { std::cout << fn(2) << use(d) << *o << std::get<double>(var) << bx.get() << m[1] << std::endl; }
  catch (std::bad_variant_access &) { return 3; }
  return cnt.load();
}
