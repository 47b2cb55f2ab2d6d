//! Order-maintenance lists: a doubly linked list of dense item ids whose
//! items carry integer keys that increase along the list, so that "does
//! `a` come before `b`" is one comparison while items are inserted and
//! removed anywhere in O(1) amortized time.
//!
//! The analyses keep orders that edits change locally: the layout order of
//! the control-flow graph (predecessor lists are sorted by it), and the
//! depth-first walk of the graph (reverse post-order, discovery order).
//! A list built in order spaces its keys [`GAP`] apart. An insertion takes
//! the middle of the gap between its neighbours; when there is none, the
//! keys of a window around the insertion point are spread again, the
//! window doubling until its keys have room (gaps of at least
//! [`MIN_GAP`]), as in the classic list-labeling schemes. Relabeling
//! keeps the order, so only the keys of the window change.

const NIL: u32 = u32::MAX;
/// The key of an item that is not in the list.
const ABSENT: u64 = u64::MAX;
/// The distance between the keys of a list built in order.
pub(crate) const GAP: u64 = 1 << 24;
/// The smallest gap a relabeled window is spread with.
const MIN_GAP: u64 = 64;
/// Keys lie in `1..=MAX_KEY`; 0 and `u64::MAX` bound the ends.
const MAX_KEY: u64 = u64::MAX - 1;

/// A list of item ids `0..capacity` in some order, each present at most
/// once, with increasing keys.
#[derive(Clone, Debug)]
pub(crate) struct OrderList {
    prev: Vec<u32>,
    next: Vec<u32>,
    key: Vec<u64>,
    head: u32,
    tail: u32,
    len: usize,
}

impl Default for OrderList {
    fn default() -> Self {
        OrderList {
            prev: Vec::new(),
            next: Vec::new(),
            key: Vec::new(),
            head: NIL,
            tail: NIL,
            len: 0,
        }
    }
}

impl OrderList {
    /// Empties the list and makes room for ids `0..n`.
    pub(crate) fn reset(&mut self, n: usize) {
        self.prev.clear();
        self.prev.resize(n, NIL);
        self.next.clear();
        self.next.resize(n, NIL);
        self.key.clear();
        self.key.resize(n, ABSENT);
        self.head = NIL;
        self.tail = NIL;
        self.len = 0;
    }

    /// Makes room for ids `0..n` (never shrinks).
    pub(crate) fn grow(&mut self, n: usize) {
        if n > self.key.len() {
            self.prev.resize(n, NIL);
            self.next.resize(n, NIL);
            self.key.resize(n, ABSENT);
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    pub(crate) fn contains(&self, i: u32) -> bool {
        self.key.get(i as usize).is_some_and(|&k| k != ABSENT)
    }

    /// The key of `i`, if it is in the list.
    pub(crate) fn key(&self, i: u32) -> Option<u64> {
        self.key.get(i as usize).copied().filter(|&k| k != ABSENT)
    }

    pub(crate) fn first(&self) -> Option<u32> {
        (self.head != NIL).then_some(self.head)
    }

    pub(crate) fn last(&self) -> Option<u32> {
        (self.tail != NIL).then_some(self.tail)
    }

    /// The item after `i` (`i` must be in the list).
    pub(crate) fn next(&self, i: u32) -> Option<u32> {
        let n = self.next[i as usize];
        (n != NIL).then_some(n)
    }

    /// The item before `i` (`i` must be in the list).
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) fn prev(&self, i: u32) -> Option<u32> {
        let p = self.prev[i as usize];
        (p != NIL).then_some(p)
    }

    /// Appends `i` (not in the list) with a key [`GAP`] after the last one;
    /// the way a list is built in order.
    pub(crate) fn push_back(&mut self, i: u32) {
        let k = if self.tail == NIL {
            GAP
        } else {
            self.key[self.tail as usize].saturating_add(GAP)
        };
        if k >= MAX_KEY {
            self.insert_after(self.last(), i);
            return;
        }
        self.link_after(self.last(), i, k);
    }

    /// Inserts `i` (not in the list) after `anchor`, or first when `anchor`
    /// is `None`.
    pub(crate) fn insert_after(&mut self, anchor: Option<u32>, i: u32) {
        let lo = anchor.map_or(0, |a| self.key[a as usize]);
        let next = match anchor {
            Some(a) => self.next[a as usize],
            None => self.head,
        };
        let hi = if next == NIL {
            u64::MAX
        } else {
            self.key[next as usize]
        };
        if hi - lo >= 2 {
            self.link_after(anchor, i, lo + (hi - lo) / 2);
            return;
        }
        // No room: link it with a provisional key, then spread a window.
        self.link_after(anchor, i, lo);
        self.relabel_around(i);
    }

    /// Inserts `i` before `anchor`, or last when `anchor` is `None`.
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) fn insert_before(&mut self, anchor: Option<u32>, i: u32) {
        let after = match anchor {
            Some(a) => self.prev(a),
            None => self.last(),
        };
        self.insert_after(after, i);
    }

    fn link_after(&mut self, anchor: Option<u32>, i: u32, k: u64) {
        debug_assert!(!self.contains(i), "item {i} is already in the list");
        let iu = i as usize;
        let next = match anchor {
            Some(a) => {
                let n = self.next[a as usize];
                self.next[a as usize] = i;
                n
            }
            None => {
                let n = self.head;
                self.head = i;
                n
            }
        };
        self.prev[iu] = anchor.unwrap_or(NIL);
        self.next[iu] = next;
        if next == NIL {
            self.tail = i;
        } else {
            self.prev[next as usize] = i;
        }
        self.key[iu] = k;
        self.len += 1;
    }

    /// Removes `i` from the list (nothing when it is not in it).
    pub(crate) fn remove(&mut self, i: u32) {
        if !self.contains(i) {
            return;
        }
        let iu = i as usize;
        let (p, n) = (self.prev[iu], self.next[iu]);
        if p == NIL {
            self.head = n;
        } else {
            self.next[p as usize] = n;
        }
        if n == NIL {
            self.tail = p;
        } else {
            self.prev[n as usize] = p;
        }
        self.prev[iu] = NIL;
        self.next[iu] = NIL;
        self.key[iu] = ABSENT;
        self.len -= 1;
    }

    /// Spreads the keys of a window around `i` (whose key may equal its
    /// predecessor's) so that neighbours differ by at least [`MIN_GAP`],
    /// doubling the window until its bounds leave enough room.
    fn relabel_around(&mut self, i: u32) {
        let mut first = i;
        let mut last = i;
        let mut count: u64 = 1;
        let mut want: u64 = 1;
        loop {
            // Grow the window to `want` items on each side where possible.
            let mut grown = false;
            for _ in 0..want {
                let p = self.prev[first as usize];
                if p != NIL {
                    first = p;
                    count += 1;
                    grown = true;
                }
                let n = self.next[last as usize];
                if n != NIL {
                    last = n;
                    count += 1;
                    grown = true;
                }
            }
            let lo = match self.prev[first as usize] {
                NIL => 0,
                p => self.key[p as usize],
            };
            let hi = match self.next[last as usize] {
                NIL => u64::MAX,
                n => self.key[n as usize],
            };
            let room = (hi - lo) / (count + 1);
            if room >= MIN_GAP || (!grown && room >= 1) {
                let mut k = lo;
                let mut x = first;
                loop {
                    k += room;
                    self.key[x as usize] = k;
                    if x == last {
                        break;
                    }
                    x = self.next[x as usize];
                }
                return;
            }
            assert!(grown, "order list keys exhausted");
            want *= 2;
        }
    }

    /// The items in order.
    pub(crate) fn iter(&self) -> OrderIter<'_> {
        OrderIter {
            list: self,
            front: self.head,
            back: self.tail,
            done: self.head == NIL,
        }
    }
}

/// Iterator over an [`OrderList`], from both ends.
#[derive(Clone)]
pub(crate) struct OrderIter<'a> {
    list: &'a OrderList,
    front: u32,
    back: u32,
    done: bool,
}

impl Iterator for OrderIter<'_> {
    type Item = u32;
    fn next(&mut self) -> Option<u32> {
        if self.done {
            return None;
        }
        let x = self.front;
        if x == self.back {
            self.done = true;
        } else {
            self.front = self.list.next[x as usize];
        }
        Some(x)
    }
}

impl DoubleEndedIterator for OrderIter<'_> {
    fn next_back(&mut self) -> Option<u32> {
        if self.done {
            return None;
        }
        let x = self.back;
        if x == self.front {
            self.done = true;
        } else {
            self.back = self.list.prev[x as usize];
        }
        Some(x)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(l: &OrderList, expect: &[u32]) {
        let got: Vec<u32> = l.iter().collect();
        assert_eq!(got, expect);
        let back: Vec<u32> = l.iter().rev().collect();
        let mut rev = expect.to_vec();
        rev.reverse();
        assert_eq!(back, rev);
        assert_eq!(l.len(), expect.len());
        for w in expect.windows(2) {
            assert!(l.key(w[0]).unwrap() < l.key(w[1]).unwrap(), "{w:?}");
        }
    }

    #[test]
    fn build_insert_remove() {
        let mut l = OrderList::default();
        l.reset(10);
        for i in [3, 1, 4] {
            l.push_back(i);
        }
        check(&l, &[3, 1, 4]);
        l.insert_after(Some(3), 0);
        l.insert_after(None, 9);
        l.insert_before(None, 7);
        l.insert_before(Some(1), 2);
        check(&l, &[9, 3, 0, 2, 1, 4, 7]);
        l.remove(3);
        l.remove(7);
        l.remove(7);
        check(&l, &[9, 0, 2, 1, 4]);
        assert!(!l.contains(3));
        assert_eq!(l.key(3), None);
        l.insert_after(Some(4), 3);
        check(&l, &[9, 0, 2, 1, 4, 3]);
    }

    #[test]
    fn relabels_when_a_gap_is_used_up() {
        // Inserting again and again at one place halves the gap each time:
        // the window is respread and the order kept.
        let n = 5000u32;
        let mut l = OrderList::default();
        l.reset(n as usize + 2);
        l.push_back(n);
        l.push_back(n + 1);
        let mut expect = vec![n];
        for i in 0..n {
            l.insert_after(Some(n), i);
            expect.insert(1, i);
        }
        expect.push(n + 1);
        check(&l, &expect);
        // And at the very front and back.
        let mut l = OrderList::default();
        l.reset(200);
        let mut expect = Vec::new();
        for i in 0..100 {
            l.insert_after(None, i);
            expect.insert(0, i);
        }
        for i in 100..200 {
            l.insert_before(None, i);
            expect.push(i);
        }
        check(&l, &expect);
    }

    #[test]
    fn iterates_from_both_ends() {
        let mut l = OrderList::default();
        l.reset(4);
        assert_eq!(l.iter().next(), None);
        l.push_back(2);
        assert_eq!(l.iter().collect::<Vec<_>>(), [2]);
        l.push_back(0);
        l.push_back(1);
        let mut it = l.iter();
        assert_eq!(it.next(), Some(2));
        assert_eq!(it.next_back(), Some(1));
        assert_eq!(it.next(), Some(0));
        assert_eq!(it.next_back(), None);
        assert_eq!(it.next(), None);
    }
}
