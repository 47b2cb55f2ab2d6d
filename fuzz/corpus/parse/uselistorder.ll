; Use-list order directives: uselistorder for values, globals and
; constants, and uselistorder_bb for block addresses.
target triple = "x86_64-unknown-linux-gnu"

@g = global i32 0
@h = global ptr @g

define i32 @f(i32 %a, i32 %b) {
entry:
  %x = add i32 %a, %b
  %y = mul i32 %x, %a
  %z = sub i32 %y, %a
  %w = xor i32 %a, %z
  br label %next

next:
  %l = load i32, ptr @g, align 4
  store i32 %w, ptr @g, align 4
  %r = add i32 %l, %x
  %s = add i32 %r, %x
  ret i32 %s

  uselistorder i32 %a, { 3, 2, 1, 0 }
  uselistorder i32 %x, { 2, 1, 0 }
}

define ptr @g_user() {
  %v = load ptr, ptr @h, align 8
  ret ptr @g
}

define ptr @addr(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  ret ptr blockaddress(@addr, %b)
b:
  ret ptr blockaddress(@addr, %b)
}

define ptr @addr2() {
  ret ptr blockaddress(@addr, %b)
}

uselistorder ptr @g, { 1, 0, 3, 2 }
uselistorder_bb @addr, %b, { 1, 0 }
