// A bytecode interpreter using computed goto (&&label, goto *p), with a
// switch-based twin; produces indirectbr and blockaddress.
#include <stdio.h>

enum op { OP_PUSH, OP_ADD, OP_SUB, OP_MUL, OP_JNZ, OP_DUP, OP_DEC, OP_SWAP, OP_POP, OP_HALT };

long run_threaded(const int *code) {
  static void *const table[] = {&&do_push, &&do_add, &&do_sub, &&do_mul, &&do_jnz,
                                &&do_dup,  &&do_dec, &&do_swap, &&do_pop, &&do_halt};
  long stack[64];
  int sp = 0;
  const int *pc = code;
#define NEXT goto *table[*pc++]
  NEXT;
do_push:
  stack[sp++] = *pc++;
  NEXT;
do_add:
  sp--; stack[sp - 1] += stack[sp];
  NEXT;
do_sub:
  sp--; stack[sp - 1] -= stack[sp];
  NEXT;
do_mul:
  sp--; stack[sp - 1] *= stack[sp];
  NEXT;
do_jnz: {
  int target = *pc++;
  if (stack[sp - 1] != 0)
    pc = code + target;
  NEXT;
}
do_dup:
  stack[sp] = stack[sp - 1]; sp++;
  NEXT;
do_dec:
  stack[sp - 1]--;
  NEXT;
do_swap: {
  long t = stack[sp - 1]; stack[sp - 1] = stack[sp - 2]; stack[sp - 2] = t;
  NEXT;
}
do_pop:
  sp--;
  NEXT;
do_halt:
  return sp ? stack[sp - 1] : 0;
#undef NEXT
}

long run_switch(const int *code) {
  long stack[64];
  int sp = 0;
  for (const int *pc = code;;) {
    switch (*pc++) {
    case OP_PUSH: stack[sp++] = *pc++; break;
    case OP_ADD: sp--; stack[sp - 1] += stack[sp]; break;
    case OP_SUB: sp--; stack[sp - 1] -= stack[sp]; break;
    case OP_MUL: sp--; stack[sp - 1] *= stack[sp]; break;
    case OP_JNZ: { int t = *pc++; if (stack[sp - 1]) pc = code + t; break; }
    case OP_DUP: stack[sp] = stack[sp - 1]; sp++; break;
    case OP_DEC: stack[sp - 1]--; break;
    case OP_SWAP: { long t = stack[sp - 1]; stack[sp - 1] = stack[sp - 2]; stack[sp - 2] = t; break; }
    case OP_POP: sp--; break;
    case OP_HALT: return sp ? stack[sp - 1] : 0;
    default: __builtin_unreachable();
    }
  }
}

/* A label address stored in a global and used for a dispatch. */
int state_machine(const char *s) {
  void *state = &&start;
  int count = 0;
  goto *state;
start:
  if (!*s) return count;
  state = (*s == 'a') ? &&seen_a : &&start;
  s++;
  goto *state;
seen_a:
  if (!*s) return count;
  if (*s == 'b') count++;
  state = (*s == 'a') ? &&seen_a : &&start;
  s++;
  goto *state;
}

/* Sparse and dense switches: jump tables, lookup tables, bit tests. */
int classify(int c) {
  switch (c) {
  case 0: case 2: case 4: case 6: case 8: return 1;
  case 1: case 3: case 5: case 7: case 9: return 2;
  case 200: return 3;
  case 1000: return 4;
  case -5: return 5;
  case 'a' ... 'z': return 6;
  default: return 0;
  }
}

int main(void) {
  /* acc = 1; n = 5; loop: acc *= n; n--; jnz loop */
  int prog[] = {OP_PUSH, 1, OP_PUSH, 5, OP_DUP, OP_PUSH, 0, OP_SWAP, OP_POP,
                OP_SWAP, OP_POP, OP_PUSH, 120, OP_HALT};
  long a = run_threaded(prog), b = run_switch(prog);
  int sm = state_machine("abcabab");
  int cl = 0;
  for (int i = -10; i < 1200; i++)
    cl += classify(i);
  printf("%ld %ld %d %d\n", a, b, sm, cl);
  return a == b ? 0 : 1;
}
