// Header-free C++ so that it also compiles for foreign targets.
struct E { int code; explicit E(int c) : code(c) {} virtual ~E() {} };
struct Guard { int *p; ~Guard() { ++*p; } };
void may_throw(int x) { if (x > 2) throw E(x); }
int run(int x) {
  int n = 0;
  try {
    Guard g{&n};
    may_throw(x);
  } catch (const E &e) {
    return e.code + n;
  } catch (...) {
    return -1;
  }
  return n;
}
template <class T> T twice(T v) { return v + v; }
int use_templates(int x) { return twice(x) + static_cast<int>(twice(1.5)); }
