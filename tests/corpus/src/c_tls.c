// Thread-local storage: __thread and _Thread_local with every TLS model,
// TLS arrays in loops, and pthread usage from main.
#include <pthread.h>
#include <stdio.h>

__thread int tls_counter;
_Thread_local long tls_array[16];
static __thread int tls_static = 7;
extern __thread int tls_extern;
__thread int tls_ie __attribute__((tls_model("initial-exec"))) = 1;
__thread int tls_le __attribute__((tls_model("local-exec"))) = 2;
__thread int tls_ld __attribute__((tls_model("local-dynamic"))) = 3;
__thread int tls_gd __attribute__((tls_model("global-dynamic"))) = 4;

int bump(void) { return ++tls_counter + tls_static++; }
int models(void) { return tls_ie + tls_le + tls_ld + tls_gd; }
int *tls_addr(void) { return &tls_counter; }
int use_extern(void) { return tls_extern; }

long fill_tls(int n) {
  long s = 0;
  for (int i = 0; i < n && i < 16; i++) {
    tls_array[i] = i * tls_static;
    s += tls_array[i];
  }
  return s;
}

static void *worker(void *arg) {
  long n = (long)arg;
  for (long i = 0; i < n; i++) bump();
  return (void *)(fill_tls(16) + tls_counter);
}

__thread int tls_extern = 11;

int main(void) {
  pthread_t t[2];
  for (long i = 0; i < 2; i++) pthread_create(&t[i], 0, worker, (void *)(i + 3));
  long total = 0;
  for (int i = 0; i < 2; i++) {
    void *r;
    pthread_join(t[i], &r);
    total += (long)r;
  }
  printf("%ld %d\n", total, models() + use_extern());
  return 0;
}
