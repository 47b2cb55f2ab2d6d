// Object model: vtables, pure virtuals, virtual destructors, multiple and
// virtual inheritance (VTT, virtual base offsets, thunks), covariant
// returns, RTTI via typeid and dynamic_cast, pointers to members, and
// devirtualisable final classes; dispatch in loops.
#include <cstdio>
#include <memory>
#include <typeinfo>

struct Base {
  virtual ~Base() = default;
  virtual int value() const = 0;
  virtual Base *clone() const = 0;
  virtual const char *name() const { return "Base"; }
  int plain = 1;
};

struct Left : virtual Base {
  int l = 2;
  int value() const override { return l + plain; }
  const char *name() const override { return "Left"; }
};
struct Right : virtual Base {
  int r = 3;
  int value() const override { return r * plain; }
};
struct Diamond final : Left, Right {
  int d = 4;
  int value() const override { return Left::value() + Right::value() + d; }
  Diamond *clone() const override { return new Diamond(*this); }
  const char *name() const override { return "Diamond"; }
};

struct Leaf : Left {
  Leaf *clone() const override { return new Leaf(*this); }
};

struct IShape { virtual double area() const = 0; virtual ~IShape() {} };
struct IPrintable { virtual void print() const = 0; virtual ~IPrintable() {} };
struct Rect : IShape, IPrintable {
  double w, h;
  Rect(double a, double b) : w(a), h(b) {}
  double area() const override { return w * h; }
  void print() const override { std::printf("Rect %g x %g\n", w, h); }
};

int total_value(Base *const *objs, int n) {
  int s = 0;
  for (int i = 0; i < n; i++) s += objs[i]->value();
  return s;
}

int count_left(Base *const *objs, int n) {
  int c = 0;
  for (int i = 0; i < n; i++)
    if (dynamic_cast<Left *>(objs[i])) c++;
  return c;
}

bool same_type(const Base &a, const Base &b) { return typeid(a) == typeid(b); }
const char *type_name(const Base &a) { return typeid(a).name(); }

int try_ref_cast(Base &b) {
  try {
    Diamond &d = dynamic_cast<Diamond &>(b);
    return d.d;
  } catch (const std::bad_cast &) {
    return -1;
  }
}

struct Counter {
  int hits = 0;
  int misses = 0;
  void hit() { hits++; }
  virtual void miss() { misses++; }
  virtual ~Counter() = default;
};

int use_member_pointers(Counter &c) {
  int Counter::*field = &Counter::hits;
  void (Counter::*fn)() = &Counter::hit;
  void (Counter::*vfn)() = &Counter::miss;
  for (int i = 0; i < 3; i++) (c.*fn)();
  (c.*vfn)();
  return c.*field + c.misses;
}

void *to_most_derived(Base *b) { return dynamic_cast<void *>(b); }
IPrintable *cross_cast(IShape *s) { return dynamic_cast<IPrintable *>(s); }

int main() {
  Diamond d;
  Leaf l;
  Base *objs[] = {&d, &l, &d};
  std::unique_ptr<Base> c(d.clone());
  Rect rect(2, 3);
  IShape *s = &rect;
  if (IPrintable *p = cross_cast(s)) p->print();
  Counter ctr;
  int r = total_value(objs, 3) + count_left(objs, 3) + same_type(d, *c) + try_ref_cast(l) +
          try_ref_cast(d) + use_member_pointers(ctr) + (to_most_derived(objs[0]) == &d) + int(s->area());
  std::printf("%d %s %s %s\n", r, type_name(l), objs[1]->name(), c->name());
  return 0;
}
