// C11 _Atomic and <stdatomic.h>: every memory order, cmpxchg, fences,
// atomic flags, and atomics inside loops.
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

_Atomic int counter;
_Atomic long long big_counter = 5;
long long plain_ll;
atomic_uint ucounter;
_Atomic(float) fcounter;
_Atomic(double) dcounter;
double plain_double;
atomic_flag flag = ATOMIC_FLAG_INIT;
struct pair { int a, b; };
_Atomic struct pair apair;
_Atomic(int *) aptr;
int plain_int;
unsigned plain_uint;

int loads(void) {
  int s = atomic_load_explicit(&counter, memory_order_relaxed);
  s += atomic_load_explicit(&counter, memory_order_consume);
  s += atomic_load_explicit(&counter, memory_order_acquire);
  s += atomic_load_explicit(&counter, memory_order_seq_cst);
  s += counter; /* implicit seq_cst */
  return s;
}

void stores(int v) {
  atomic_store_explicit(&counter, v, memory_order_relaxed);
  atomic_store_explicit(&counter, v, memory_order_release);
  atomic_store_explicit(&counter, v, memory_order_seq_cst);
  counter = v;
  big_counter += v;
  ucounter -= (unsigned)v;
}

int rmws(int v) {
  int r = atomic_fetch_add_explicit(&counter, v, memory_order_relaxed);
  r ^= atomic_fetch_sub_explicit(&counter, v, memory_order_acquire);
  r ^= atomic_fetch_or_explicit(&counter, v, memory_order_release);
  r ^= atomic_fetch_and_explicit(&counter, v, memory_order_acq_rel);
  r ^= atomic_fetch_xor_explicit(&counter, v, memory_order_seq_cst);
  r ^= atomic_exchange_explicit(&counter, v, memory_order_seq_cst);
  r ^= __atomic_fetch_nand(&plain_int, v, __ATOMIC_SEQ_CST);
  r ^= __atomic_fetch_max(&plain_int, v, __ATOMIC_RELAXED);
  r ^= __atomic_fetch_min(&plain_int, v, __ATOMIC_RELAXED);
  r ^= (int)__atomic_fetch_max(&plain_uint, (unsigned)v, __ATOMIC_RELAXED);
  r ^= (int)__atomic_fetch_min(&plain_uint, (unsigned)v, __ATOMIC_RELAXED);
  r ^= __atomic_add_fetch(&plain_int, 1, __ATOMIC_SEQ_CST);
  r ^= __sync_fetch_and_add(&plain_int, 3);
  r ^= __sync_val_compare_and_swap(&plain_int, 3, 4);
  return r;
}

float frmw(float x) {
  fcounter += x;
  return __atomic_fetch_add(&plain_double, (double)x, __ATOMIC_RELAXED) > 0 ? x : -x;
}

bool cas(int expected, int desired) {
  bool ok = atomic_compare_exchange_strong_explicit(
      &counter, &expected, desired, memory_order_acq_rel, memory_order_acquire);
  ok |= atomic_compare_exchange_weak_explicit(
      &counter, &expected, desired, memory_order_release, memory_order_relaxed);
  ok |= atomic_compare_exchange_strong(&counter, &expected, desired);
  ok |= __atomic_compare_exchange_n(&plain_ll, &(long long){1}, 2, true,
                                    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  return ok;
}

void fences(void) {
  atomic_thread_fence(memory_order_acquire);
  atomic_thread_fence(memory_order_release);
  atomic_thread_fence(memory_order_acq_rel);
  atomic_thread_fence(memory_order_seq_cst);
  atomic_signal_fence(memory_order_seq_cst);
  __sync_synchronize();
}

void spin_lock(void) {
  while (atomic_flag_test_and_set_explicit(&flag, memory_order_acquire))
    ;
}
void spin_unlock(void) { atomic_flag_clear_explicit(&flag, memory_order_release); }

struct pair swap_pair(struct pair p) { return atomic_exchange(&apair, p); }

int *publish(int *p) { return atomic_exchange_explicit(&aptr, p, memory_order_acq_rel); }

/* A CAS loop: a loop whose exit depends on an atomic result. */
int atomic_max_loop(int v) {
  int cur = atomic_load_explicit(&counter, memory_order_relaxed);
  while (cur < v &&
         !atomic_compare_exchange_weak_explicit(&counter, &cur, v, memory_order_relaxed,
                                                memory_order_relaxed))
    ;
  return cur;
}

long long sum_atomic_array(_Atomic long long *a, int n) {
  long long s = 0;
  for (int i = 0; i < n; i++)
    s += atomic_load_explicit(&a[i], memory_order_relaxed);
  return s;
}

int main(void) {
  stores(3);
  int r = rmws(7) + loads();
  fences();
  spin_lock();
  spin_unlock();
  r += cas(3, 4) + atomic_max_loop(100);
  frmw(1.5f);
  swap_pair((struct pair){1, 2});
  publish(&r);
  _Atomic long long arr[4] = {1, 2, 3, 4};
  return (int)((r + sum_atomic_array(arr, 4)) & 0x7f) == 0;
}
