//! Unit tests of loop access analysis: one test per rule, with near misses.
