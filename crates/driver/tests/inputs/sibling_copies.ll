; Loops whose trip counts an enclosing loop's induction variable fixes
; (unroll_conformance.rs, copies_of_child_loops_are_revisited). Fully
; unrolling the enclosing loop puts its child loops, the original ones and
; their copies, at its level with constant trip counts, and
; `loop-unroll-full` under LLVM's loop pass manager visits them next
; (`LPMUpdater::addSiblingLoops`) and fully unrolls them: in @tri at the top
; level (the new loops are visited backwards through the function), in @nest
; inside a loop with an unknown trip count (two child loops per copy).
@a = global [64 x i32] zeroinitializer
@fmt = private constant [4 x i8] c"%d\0A\00"

declare i32 @printf(ptr, ...)

define void @tri() {
entry:
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %outer.latch ]
  %row = shl nuw nsw i32 %i, 3
  br label %inner
inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner ]
  %idx = add nuw nsw i32 %row, %j
  %p = getelementptr inbounds [64 x i32], ptr @a, i32 0, i32 %idx
  %v = load i32, ptr %p, align 4
  %w = add i32 %v, %j
  store i32 %w, ptr %p, align 4
  %j.next = add nuw nsw i32 %j, 1
  %c = icmp ule i32 %j.next, %i
  br i1 %c, label %inner, label %outer.latch
outer.latch:
  %i.next = add nuw nsw i32 %i, 1
  %d = icmp ult i32 %i.next, 4
  br i1 %d, label %outer, label %exit
exit:
  ret void
}

define void @nest(i32 %n) {
entry:
  br label %outer
outer:
  %o = phi i32 [ 0, %entry ], [ %o.next, %outer.latch ]
  br label %mid
mid:
  %i = phi i32 [ 0, %outer ], [ %i.next, %mid.latch ]
  %row = shl nuw nsw i32 %i, 3
  %base = add nuw nsw i32 %row, 32
  br label %first
first:
  %j = phi i32 [ 0, %mid ], [ %j.next, %first ]
  %idx = add nuw nsw i32 %base, %j
  %p = getelementptr inbounds [64 x i32], ptr @a, i32 0, i32 %idx
  %v = load i32, ptr %p, align 4
  %w = add i32 %v, %o
  store i32 %w, ptr %p, align 4
  %j.next = add nuw nsw i32 %j, 1
  %c = icmp ule i32 %j.next, %i
  br i1 %c, label %first, label %second.ph
second.ph:
  br label %second
second:
  %k = phi i32 [ %i, %second.ph ], [ %k.next, %second ]
  %idx2 = add nuw nsw i32 %base, %k
  %p2 = getelementptr inbounds [64 x i32], ptr @a, i32 0, i32 %idx2
  %v2 = load i32, ptr %p2, align 4
  %w2 = xor i32 %v2, %k
  store i32 %w2, ptr %p2, align 4
  %k.next = add nuw nsw i32 %k, 1
  %c2 = icmp ult i32 %k.next, 3
  br i1 %c2, label %second, label %mid.latch
mid.latch:
  %i.next = add nuw nsw i32 %i, 1
  %d = icmp ult i32 %i.next, 3
  br i1 %d, label %mid, label %outer.latch
outer.latch:
  %o.next = add i32 %o, 1
  %e = icmp slt i32 %o.next, %n
  br i1 %e, label %outer, label %exit
exit:
  ret void
}

define i32 @main() {
entry:
  call void @tri()
  call void @nest(i32 5)
  br label %sum
sum:
  %x = phi i32 [ 0, %entry ], [ %x.next, %sum ]
  %t = phi i32 [ 0, %entry ], [ %t.next, %sum ]
  %p = getelementptr inbounds [64 x i32], ptr @a, i32 0, i32 %x
  %v = load i32, ptr %p, align 4
  %m = mul i32 %t, 31
  %t.next = add i32 %m, %v
  %x.next = add nuw nsw i32 %x, 1
  %c = icmp ult i32 %x.next, 64
  br i1 %c, label %sum, label %exit
exit:
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %t.next)
  ret i32 0
}
