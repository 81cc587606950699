//! Tarjan's strongly connected components on at most 64 nodes whose successors are
//! bit sets: no allocation, one pass.

/// The component number of each node of a graph on `succ.len() ≤ 64` nodes (entries
/// past the last node are `u32::MAX`). Components are numbered in the order Tarjan's
/// algorithm closes them: a component's successors outside it have smaller numbers.
pub fn components(succ: &[u64]) -> [u32; 64] {
    let mut comp = [u32::MAX; 64];
    components_into(succ, &mut comp);
    comp
}

/// [`components`] written into `comp` (no copy of the result; the hot path of the
/// `csp` backend's `gac` filter).
pub fn components_into(succ: &[u64], comp: &mut [u32; 64]) {
    let n = succ.len().min(64);
    comp.fill(u32::MAX);
    let mut t = Tarjan {
        succ,
        index: [u32::MAX; 64],
        low: [0; 64],
        comp,
        stack: [0; 64],
        depth: 0,
        on_stack: 0,
        next_index: 0,
        next_comp: 0,
    };
    for x in 0..n {
        if t.index[x] == u32::MAX {
            t.visit(x);
        }
    }
}

struct Tarjan<'a> {
    succ: &'a [u64],
    index: [u32; 64],
    low: [u32; 64],
    comp: &'a mut [u32; 64],
    stack: [u8; 64],
    depth: usize,
    on_stack: u64,
    next_index: u32,
    next_comp: u32,
}

impl Tarjan<'_> {
    fn visit(&mut self, x: usize) {
        self.index[x] = self.next_index;
        self.low[x] = self.next_index;
        self.next_index += 1;
        self.stack[self.depth] = x as u8;
        self.depth += 1;
        self.on_stack |= 1 << x;
        let mut next = self.succ[x];
        while next != 0 {
            let y = next.trailing_zeros() as usize;
            next &= next - 1;
            if self.index[y] == u32::MAX {
                self.visit(y);
                self.low[x] = self.low[x].min(self.low[y]);
            } else if self.on_stack >> y & 1 == 1 {
                self.low[x] = self.low[x].min(self.index[y]);
            }
        }
        if self.low[x] == self.index[x] {
            while self.depth > 0 {
                self.depth -= 1;
                let y = self.stack[self.depth] as usize;
                self.on_stack &= !(1 << y);
                self.comp[y] = self.next_comp;
                if y == x {
                    break;
                }
            }
            self.next_comp += 1;
        }
    }
}

/// The nodes from which `target` can be reached (itself included), by a backward
/// search over bit-set successors.
pub fn reaching(succ: &[u64], target: usize) -> u64 {
    let mut found = 1u64 << target;
    loop {
        let mut grown = found;
        for (x, &s) in succ.iter().enumerate() {
            if s & found != 0 {
                grown |= 1 << x;
            }
        }
        if grown == found {
            return found;
        }
        found = grown;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_cycles_joined_by_one_edge() {
        // 0 <-> 1 -> 2 <-> 3, and 4 alone.
        let succ = [0b10, 0b101, 0b1000, 0b100, 0];
        let comp = components(&succ);
        assert_eq!(comp[0], comp[1]);
        assert_eq!(comp[2], comp[3]);
        assert_ne!(comp[1], comp[2]);
        assert_ne!(comp[4], comp[0]);
        // {2,3} is closed first: a component's successors have smaller numbers.
        assert!(comp[2] < comp[0]);
        assert_eq!(comp[5], u32::MAX);
    }

    #[test]
    fn reaching_walks_edges_backwards() {
        let succ = [0b10, 0b101, 0b1000, 0b100, 0];
        assert_eq!(reaching(&succ, 2), 0b1111);
        assert_eq!(reaching(&succ, 0), 0b11);
        assert_eq!(reaching(&succ, 4), 0b10000);
    }
}
