; EXPECT: 3:24: error: expected unsigned integer
; LLVM: same
!0 = !DILocation(line: "one", scope: !1)
!1 = distinct !DISubprogram(name: "f")
