//! Unit tests of vectorization legality: one per rejection with a near
//! miss that is legal; expectations from opt-19.
