//! The cheapest walks over a grid of cells given as data, in the host: a
//! bot that rates moves on a board of rooms searches it many times a
//! decision, and run by the interpreter each search costs hundreds of
//! operations. The script says what the grid is (each cell's exits, what
//! entering it costs); the host knows no game.
//!
//! `grid_costs(#{ width, exits, enter, from, ends })`: cells are numbered
//! row by row, `width` a row; `exits[i]` are cell i's exits as bits (north
//! 1, east 2, south 4, west 8); a step joins two neighbours whose exits face
//! each other and costs what entering the new cell costs (`enter[i]`, a
//! negative one: the cell can not be entered); the cells in `ends` (optional)
//! can be entered but a walk goes no further. Gives each cell's cheapest
//! cost from `from` (0 there), or -1 where no walk reaches. Charged against
//! the step's operation budget per cell and bounded in size.
//!
//! `grid_walk(#{ width, exits, from, steps })`: a random walk of `steps`
//! steps from `from`, each through one of the cell's joined exits taken at
//! random (`random(k)` among the k that join, in the order N, E, S, W, from
//! the game's own stream, as the script's `random` draws); a cell with none
//! stays put and draws nothing. Gives the cell where the walk ends.

use super::{fail, Fallible, Host, Shared};
use crate::script::host::limit;
use crate::script::limits::MAX_ITEMS;
use rhai::{Array, Dynamic, Engine, Map, NativeCallContext};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The keys the grid's map may hold.
const GRID_KEYS: &str = "width, exits, enter, from, ends";
/// The keys a walk's map may hold.
const WALK_KEYS: &str = "width, exits, from, steps";

/// Operations charged for each cell: a search looks at four neighbours.
const CHARGE_PER_CELL: u64 = 4;

/// What the script said of the grid.
struct Grid {
    width: usize,
    exits: Vec<i64>,
    enter: Vec<i64>,
    from: usize,
    ends: Vec<bool>,
}

fn number(key: &str, value: &Dynamic) -> Fallible<i64> {
    value
        .as_int()
        .or_else(|found| fail(format!("`{key}` of the grid is a number, not {found}")))
}

fn numbers(key: &str, value: &Dynamic) -> Fallible<Vec<i64>> {
    let Some(items) = value.read_lock::<Array>() else {
        return fail(format!(
            "`{key}` of the grid is an array of numbers, one a cell, not {}",
            value.type_name()
        ));
    };
    if items.len() > MAX_ITEMS {
        return Err(limit(format!(
            "a grid of {} cells is more than the {MAX_ITEMS} a search may take",
            items.len()
        )));
    }
    items
        .iter()
        .map(|item| {
            item.as_int()
                .or_else(|found| fail(format!("`{key}` of the grid holds {found}: numbers only")))
        })
        .collect()
}

/// A cell number within the grid's `cells`.
fn cell(key: &str, n: i64, cells: usize) -> Fallible<usize> {
    match usize::try_from(n) {
        Ok(i) if i < cells => Ok(i),
        _ => fail(format!(
            "`{key}` names cell {n}, not one of the grid's {cells} (0 to {})",
            cells.saturating_sub(1)
        )),
    }
}

/// The map's value for `key`, which it must hold.
fn needed<'m>(map: &'m Map, key: &str, keys: &str) -> Fallible<&'m Dynamic> {
    match map.get(key) {
        Some(value) => Ok(value),
        None => fail(format!("a grid needs `{key}` (keys: {keys})")),
    }
}

/// What every use of a grid says: its width, exits and first cell, with
/// every other key one of `keys`. `enter` and `ends` are left empty.
fn layout(map: &Map, keys: &str) -> Fallible<Grid> {
    if let Some(other) = map
        .keys()
        .find(|k| !keys.split(", ").any(|g| g == k.as_str()))
    {
        return fail(format!("no key `{other}` in a grid (keys: {keys})"));
    }
    let width = number("width", needed(map, "width", keys)?)?;
    let exits = numbers("exits", needed(map, "exits", keys)?)?;
    let cells = exits.len();
    let width = match usize::try_from(width) {
        Ok(w) if w > 0 && cells.is_multiple_of(w) => w,
        _ => {
            return fail(format!(
            "`width` is the cells of a row, a whole part of the grid's {cells} cells, not {width}"
        ))
        }
    };
    let from = cell("from", number("from", needed(map, "from", keys)?)?, cells)?;
    Ok(Grid {
        width,
        exits,
        enter: Vec::new(),
        from,
        ends: Vec::new(),
    })
}

fn grid_of(map: &Map) -> Fallible<Grid> {
    let mut grid = layout(map, GRID_KEYS)?;
    let cells = grid.exits.len();
    grid.enter = numbers("enter", needed(map, "enter", GRID_KEYS)?)?;
    if grid.enter.len() != cells {
        return fail(format!(
            "`enter` is one number a cell, as `exits` is: {} for {cells} cells",
            grid.enter.len()
        ));
    }
    grid.ends = vec![false; cells];
    if let Some(list) = map.get("ends").filter(|v| !v.is_unit()) {
        for n in numbers("ends", list)? {
            grid.ends[cell("ends", n, cells)?] = true;
        }
    }
    Ok(grid)
}

impl Grid {
    /// The neighbour of cell i in direction d (0 north, 1 east, 2 south, 3
    /// west), if the grid has one.
    fn neighbour(&self, i: usize, d: usize) -> Option<usize> {
        let w = self.width;
        match d {
            0 => i.checked_sub(w),
            1 => (i % w + 1 < w).then_some(i + 1),
            2 => Some(i + w).filter(|&j| j < self.exits.len()),
            _ => (!i.is_multiple_of(w)).then(|| i - 1),
        }
    }

    /// Whether way d joins cell i to its neighbour j: both exits face.
    fn joins(&self, i: usize, d: usize, j: usize) -> bool {
        self.exits[i] & (1 << d) != 0 && self.exits[j] & (1 << ((d + 2) % 4)) != 0
    }

    /// The neighbours cell i is joined to, N E S W, and how many.
    fn ways(&self, i: usize) -> ([usize; 4], usize) {
        let mut ways = [0; 4];
        let mut count = 0;
        for d in 0..4 {
            if let Some(j) = self.neighbour(i, d).filter(|&j| self.joins(i, d, j)) {
                ways[count] = j;
                count += 1;
            }
        }
        (ways, count)
    }

    /// Each cell's cheapest cost from `from`, or -1: Dijkstra's search, as
    /// every cost of entering is at least zero.
    fn costs(&self) -> Vec<i64> {
        let mut cost = vec![-1_i64; self.exits.len()];
        let mut done = vec![false; self.exits.len()];
        let mut frontier = BinaryHeap::new();
        cost[self.from] = 0;
        frontier.push(Reverse((0_i64, self.from)));
        while let Some(Reverse((c, i))) = frontier.pop() {
            if done[i] {
                continue;
            }
            done[i] = true;
            if self.ends[i] {
                continue;
            }
            for d in 0..4 {
                let Some(j) = self.neighbour(i, d) else {
                    continue;
                };
                if !self.joins(i, d, j) || done[j] || self.enter[j] < 0 {
                    continue;
                }
                let through = c.saturating_add(self.enter[j]);
                if cost[j] < 0 || through < cost[j] {
                    cost[j] = through;
                    frontier.push(Reverse((through, j)));
                }
            }
        }
        cost
    }
}

fn grid_costs(rt: &dyn Host, map: &Map) -> Fallible<Array> {
    let grid = grid_of(map)?;
    rt.charge(CHARGE_PER_CELL * grid.exits.len() as u64);
    Ok(grid.costs().into_iter().map(Dynamic::from).collect())
}

/// Where a random walk over the grid ends, its choices drawn from `rt`.
fn grid_walk(rt: &mut dyn Host, map: &Map, site: u64) -> Fallible<i64> {
    let grid = layout(map, WALK_KEYS)?;
    let steps = number("steps", needed(map, "steps", WALK_KEYS)?)?;
    let steps = super::count_of(steps, "steps")?;
    rt.charge(steps as u64);
    let mut at = grid.from;
    for _ in 0..steps {
        let (ways, count) = grid.ways(at);
        if count > 0 {
            at = ways[rt.random_below(count, site)?];
        }
    }
    Ok(at as i64)
}

pub(super) fn register<H: Host>(engine: &mut Engine, rt: &Shared<H>) {
    let r = rt.clone();
    engine.register_fn("grid_costs", move |grid: Map| -> Fallible<Array> {
        grid_costs(&*r.borrow(), &grid)
    });
    let r = rt.clone();
    engine.register_fn(
        "grid_walk",
        move |context: NativeCallContext, walk: Map| -> Fallible<i64> {
            grid_walk(&mut *r.borrow_mut(), &walk, super::site_of(&context))
        },
    );
}

#[cfg(test)]
mod tests {
    use super::Grid;

    /// A grid from rows of (exits, enter) pairs.
    fn grid(width: usize, cells: &[(i64, i64)], from: usize, ends: &[usize]) -> Vec<i64> {
        let mut end = vec![false; cells.len()];
        for &e in ends {
            end[e] = true;
        }
        Grid {
            width,
            exits: cells.iter().map(|c| c.0).collect(),
            enter: cells.iter().map(|c| c.1).collect(),
            from,
            ends: end,
        }
        .costs()
    }

    #[test]
    fn a_walk_costs_what_its_cells_cost_to_enter_the_cheapest_way() {
        // 2 by 2, every cell open every way; the north-east cell is dear,
        // so the south-east is reached by the west and south.
        let open = 15;
        let costs = grid(2, &[(open, 0), (open, 9), (open, 1), (open, 1)], 0, &[]);
        assert_eq!(costs, [0, 9, 1, 2]);
    }

    #[test]
    fn only_facing_exits_join_and_blocked_cells_stay_out() {
        // A row of three: the first opens east, the second only west (so
        // it is a dead end), the third is not joined.
        assert_eq!(grid(3, &[(2, 0), (8, 1), (15, 1)], 0, &[]), [0, 1, -1]);
        // A negative cost: no entry.
        assert_eq!(grid(3, &[(2, 0), (10, -1), (8, 1)], 0, &[]), [0, -1, -1]);
    }

    #[test]
    fn a_walk_stops_at_an_end_and_does_not_wrap_around_a_row() {
        let open = 15;
        assert_eq!(
            grid(3, &[(open, 1), (open, 1), (open, 1)], 0, &[1]),
            [0, 1, -1]
        );
        // The east edge of row one does not lead to the west of row two.
        assert_eq!(
            grid(2, &[(2, 1), (2, 1), (8, 1), (8, 1)], 1, &[]),
            [-1, 0, -1, -1]
        );
    }
}
