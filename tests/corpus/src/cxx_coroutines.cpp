// C++20 coroutines: a generator and an eagerly-started task; clang emits
// llvm.coro.* intrinsics and presplitcoroutine functions at every -O level
// (split only by the optimiser pipeline).
#include <coroutine>
#include <cstdio>
#include <exception>
#include <utility>

template <typename T> struct Generator {
  struct promise_type {
    T current{};
    Generator get_return_object() { return Generator{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(T v) { current = v; return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  explicit Generator(std::coroutine_handle<promise_type> hh) : h(hh) {}
  Generator(Generator &&o) noexcept : h(std::exchange(o.h, {})) {}
  ~Generator() { if (h) h.destroy(); }
  bool next() { h.resume(); return !h.done(); }
  T value() const { return h.promise().current; }
};

Generator<int> range(int lo, int hi, int step) {
  for (int i = lo; i < hi; i += step) co_yield i;
}

Generator<long> fibs() {
  long a = 0, b = 1;
  for (;;) {
    co_yield a;
    long t = a + b;
    a = b;
    b = t;
  }
}

struct Task {
  struct promise_type {
    int result = 0;
    Task get_return_object() { return Task{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_value(int v) { result = v; }
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  ~Task() { if (h) h.destroy(); }
  int get() const { return h.promise().result; }
};

struct Ready {
  int v;
  bool await_ready() const noexcept { return true; }
  void await_suspend(std::coroutine_handle<>) const noexcept {}
  int await_resume() const noexcept { return v; }
};

Task compute(int n) {
  int s = 0;
  for (int i = 0; i < n; i++) s += co_await Ready{i};
  co_return s;
}

int main() {
  int s = 0;
  auto g = range(0, 20, 3);
  while (g.next()) s += g.value();
  auto f = fibs();
  long last = 0;
  for (int i = 0; i < 30 && f.next(); i++) last = f.value();
  Task t = compute(10);
  std::printf("%d %ld %d\n", s, last, t.get());
  return 0;
}
