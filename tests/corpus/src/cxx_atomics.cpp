// std::atomic in every flavour: integral/pointer/float/bool/struct
// atomics, all memory orders on load/store/rmw, compare_exchange weak and
// strong with differing failure orders, fences, atomic_ref, atomic_flag
// wait/notify, and a lock-free stack and spinlock used by threads.
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <thread>
#include <vector>

std::atomic<int> ai{0};
std::atomic<unsigned long long> au{0};
std::atomic<int *> ap{nullptr};
std::atomic<bool> ab{false};
std::atomic<float> af{0.0f};
std::atomic<double> ad{0.0};
struct Pt { int x, y; };
std::atomic<Pt> apt{Pt{0, 0}};
struct Big { long a, b, c; };
std::atomic<Big> abig{Big{0, 0, 0}};
std::atomic_flag aflag = ATOMIC_FLAG_INIT;

int all_orders() {
  int s = 0;
  for (auto mo : {std::memory_order_relaxed, std::memory_order_consume, std::memory_order_acquire,
                  std::memory_order_seq_cst})
    s += ai.load(mo);
  ai.store(1, std::memory_order_relaxed);
  ai.store(2, std::memory_order_release);
  ai.store(3, std::memory_order_seq_cst);
  s += ai.fetch_add(1, std::memory_order_relaxed);
  s += ai.fetch_sub(1, std::memory_order_acquire);
  s += ai.fetch_and(7, std::memory_order_release);
  s += ai.fetch_or(8, std::memory_order_acq_rel);
  s += ai.fetch_xor(3, std::memory_order_seq_cst);
  s += ai.exchange(5, std::memory_order_acq_rel);
  s += ++ai + ai++ + --ai + ai--;
  s += ai += 4;
  return s;
}

bool cas_all(int e, int d) {
  bool r = false;
  r |= ai.compare_exchange_strong(e, d, std::memory_order_seq_cst, std::memory_order_relaxed);
  r |= ai.compare_exchange_strong(e, d, std::memory_order_acq_rel, std::memory_order_acquire);
  r |= ai.compare_exchange_weak(e, d, std::memory_order_release, std::memory_order_relaxed);
  r |= ai.compare_exchange_weak(e, d, std::memory_order_acquire, std::memory_order_acquire);
  r |= ai.compare_exchange_strong(e, d);
  unsigned long long ue = 1;
  r |= au.compare_exchange_weak(ue, 2, std::memory_order_relaxed);
  Pt pe{0, 0};
  r |= apt.compare_exchange_strong(pe, Pt{1, 2});
  return r;
}

float float_ops(float x) {
  af.fetch_add(x, std::memory_order_relaxed);
  af.fetch_sub(x / 2, std::memory_order_seq_cst);
  ad.fetch_add(double(x));
  return af.load() + float(ad.load(std::memory_order_acquire));
}

void fences() {
  std::atomic_thread_fence(std::memory_order_acquire);
  std::atomic_thread_fence(std::memory_order_release);
  std::atomic_thread_fence(std::memory_order_acq_rel);
  std::atomic_thread_fence(std::memory_order_seq_cst);
  std::atomic_signal_fence(std::memory_order_seq_cst);
  std::atomic_signal_fence(std::memory_order_acquire);
}

long big_ops() {
  Big b = abig.load();
  b.a++;
  abig.store(b);
  Big old = abig.exchange(Big{1, 2, 3});
  return old.a + (abig.is_lock_free() ? 1 : 0);
}

int ref_ops(int *p, int n) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    std::atomic_ref<int> r(p[i]);
    s += r.fetch_add(1, std::memory_order_relaxed);
  }
  return s;
}

struct Spin {
  std::atomic<bool> locked{false};
  void lock() {
    while (locked.exchange(true, std::memory_order_acquire))
      while (locked.load(std::memory_order_relaxed)) {
      }
  }
  void unlock() { locked.store(false, std::memory_order_release); }
};

struct StackNode { int v; StackNode *next; };
std::atomic<StackNode *> head{nullptr};
void push(StackNode *n) {
  n->next = head.load(std::memory_order_relaxed);
  while (!head.compare_exchange_weak(n->next, n, std::memory_order_release, std::memory_order_relaxed)) {
  }
}

int main() {
  Spin spin;
  long shared = 0;
  std::vector<StackNode> nodes(200);
  std::vector<std::thread> ts;
  for (int t = 0; t < 2; t++)
    ts.emplace_back([&, t] {
      for (int i = 0; i < 100; i++) {
        spin.lock();
        shared += i;
        spin.unlock();
        nodes[t * 100 + i].v = i;
        push(&nodes[t * 100 + i]);
        au.fetch_add(1, std::memory_order_relaxed);
      }
    });
  for (auto &t : ts) t.join();
  while (aflag.test_and_set(std::memory_order_acquire)) {
  }
  aflag.clear(std::memory_order_release);
  aflag.notify_one();
  int arr[4] = {1, 2, 3, 4};
  int local = 0;
  ap.store(&local);
  ab.store(true, std::memory_order_release);
  fences();
  int r = all_orders() + cas_all(3, 4) + int(float_ops(2.0f)) + int(big_ops()) + ref_ops(arr, 4) +
          int(ab.load()) + (ap.load() == &local);
  std::printf("%d %ld %llu\n", r, shared, au.load());
  return 0;
}
