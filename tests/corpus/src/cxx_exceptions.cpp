// C++ exceptions: throw/catch by type, catch(...), rethrow, nested try,
// cleanups (destructors run during unwinding), noexcept (terminate edges),
// function-try-blocks on functions and constructors, std::exception_ptr,
// and exceptions thrown from loops.
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>

struct Tracker {
  static int live;
  int id;
  explicit Tracker(int i) : id(i) { ++live; }
  Tracker(const Tracker &o) : id(o.id) { ++live; }
  ~Tracker() { --live; }
};
int Tracker::live = 0;

struct MyError : std::runtime_error {
  int code;
  MyError(const char *m, int c) : std::runtime_error(m), code(c) {}
};

[[noreturn]] void raise_code(int c) { throw MyError("boom", c); }

int may_throw(int x) {
  Tracker t(x);
  if (x < 0) raise_code(-x);
  if (x == 13) throw 13;
  if (x == 7) throw std::string("seven");
  return x * 2;
}

int catch_many(int x) {
  try {
    Tracker outer(100);
    return may_throw(x);
  } catch (const MyError &e) {
    return -e.code;
  } catch (int i) {
    return i + 1000;
  } catch (const std::exception &e) {
    return -9999;
  } catch (...) {
    return -1;
  }
}

int rethrow_it(int x) {
  try {
    try {
      return may_throw(x);
    } catch (...) {
      Tracker during(1);
      throw;
    }
  } catch (const MyError &e) {
    return e.code;
  }
}

int sum_until_throw(const int *a, int n) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    Tracker t(i);
    try {
      s += may_throw(a[i]);
    } catch (int) {
      break;
    } catch (const std::string &) {
      continue;
    }
  }
  return s;
}

int no_except_wrapper(int x) noexcept { return may_throw(x > 0 ? x : 1); }
void conditional_noexcept(int &x) noexcept(noexcept(x + 1)) { x += 1; }

int function_try(int x) try {
  return may_throw(x);
} catch (const MyError &e) {
  return e.code * 10;
}

struct Member {
  int v;
  explicit Member(int x) : v(may_throw(x)) {}
};
struct Owner {
  Tracker t;
  Member m;
  Owner(int x) try : t(x), m(x) {
  } catch (...) {
    // implicitly rethrown
  }
};

std::exception_ptr capture(int x) {
  try {
    may_throw(x);
  } catch (...) {
    return std::current_exception();
  }
  return nullptr;
}

int from_ptr(std::exception_ptr p) {
  if (!p) return 0;
  try {
    std::rethrow_exception(p);
  } catch (const MyError &e) {
    return e.code;
  } catch (...) {
    return -1;
  }
}

struct Guard {
  int *p;
  ~Guard() noexcept(false) {
    if (*p == 42 && !std::uncaught_exceptions()) throw MyError("dtor", 42);
    *p = 0;
  }
};

int dtor_throws(int v) {
  try {
    Guard g{&v};
    v = 42;
  } catch (const MyError &e) {
    return e.code;
  }
  return v;
}

int main() {
  int arr[] = {1, 2, 7, 3, 13, 4};
  int r = catch_many(3) + catch_many(-4) + catch_many(13) + catch_many(7) + rethrow_it(-5) +
          sum_until_throw(arr, 6) + no_except_wrapper(2) + function_try(-2) +
          from_ptr(capture(-6)) + from_ptr(capture(1)) + dtor_throws(1);
  try {
    Owner o(-3);
  } catch (const MyError &e) {
    r += e.code;
  }
  int z = 0;
  conditional_noexcept(z);
  std::printf("%d %d\n", r, Tracker::live);
  return Tracker::live == 0 ? 0 : 1;
}
