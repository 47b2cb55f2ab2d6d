//! `loop-rotate`: placeholder, implemented next.
