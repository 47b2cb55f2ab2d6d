// Dynamic initialisation: thread_local objects with dynamic initialisers
// and destructors (TLS wrappers and init functions), function-local
// statics (guard variables, __cxa_guard_acquire), global constructors and
// destructors across a translation unit (llvm.global_ctors), inline
// variables, constinit, and init_priority.
#include <cstdio>
#include <map>
#include <string>
#include <vector>

int compute_seed() { return 17; }

struct Registry {
  std::map<std::string, int> entries;
  Registry() { entries["boot"] = compute_seed(); }
  ~Registry() { std::printf("registry had %zu entries\n", entries.size()); }
};

Registry global_registry;
std::vector<int> global_vec = {1, 2, 3, compute_seed()};
int dynamic_global = compute_seed() * 2;
constinit int constant_init = 42;
inline std::string inline_var = "inline";
__attribute__((init_priority(200))) std::string early_string("early");

thread_local int tls_plain = 5;
thread_local int tls_dynamic = compute_seed();
thread_local std::vector<int> tls_vector(8, 1);
thread_local std::string tls_string = "per-thread";
static thread_local Registry tls_registry;

Registry &lazy_registry() {
  static Registry r; // guard variable + atexit
  return r;
}

int counter() {
  static int calls = compute_seed(); // guarded dynamic init of a scalar
  return ++calls;
}

int tls_sum() {
  int s = tls_plain + tls_dynamic;
  for (int v : tls_vector) s += v;
  s += int(tls_string.size()) + int(tls_registry.entries.size());
  thread_local int hits = 0;
  return s + ++hits;
}

struct Local {
  int v;
  Local() : v(compute_seed()) {}
};

int use_many_statics(int n) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    static Local l;
    static const std::string tag = std::to_string(l.v);
    s += l.v + int(tag.size());
  }
  return s;
}

int main() {
  lazy_registry().entries["main"] = 1;
  int r = counter() + counter() + tls_sum() + tls_sum() + use_many_statics(3) + dynamic_global +
          constant_init + int(inline_var.size() + early_string.size() + global_vec.size()) +
          int(global_registry.entries.size());
  std::printf("%d\n", r);
  return 0;
}
