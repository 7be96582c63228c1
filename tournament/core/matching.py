"""A maximum matching that answers "can the rest still be paired as well if these two play?" cheaply.

The pairing (`tournament.core.pairing`) fixes one table at a time, best-ranked team first, and must never
fix a table that makes the best achievable pairing of the rest worse. That question is exact through
Berge's theorem: keep a maximum matching of the allowed pairs (no rematch, no same club) among the teams
still unpaired; removing two teams frees at most two partners, and only an augmenting path starting at one
of those can restore the size (any other would have augmented the matching before), so one or two
searches of Edmonds' blossom algorithm settle it. The size of the matching tells how many tables can be
made of allowed pairs; the teams left over must play a pair that is not allowed.

Vertices are 0..n-1; `adjacent[v]` lists the allowed partners of v. Each search is O(n^2) at worst; when
the pair asked about is already in the matching, the answer costs nothing, which is the usual case when
the matching starts from the pairing the standings prefer.
"""

from collections import deque


class Matching:
    def __init__(self, adjacent: list[list[int]], start: list[tuple[int, int]] = ()):
        n = len(adjacent)
        self.adjacent = adjacent
        self.allowed = [set(row) for row in adjacent]
        self.alive = [True] * n
        self.live = n
        self.mate = [-1] * n
        for a, b in start:
            if b in self.allowed[a] and self.mate[a] == -1 and self.mate[b] == -1:
                self.mate[a], self.mate[b] = b, a
        for v in range(n):  # greedy first, so that few searches remain
            if self.mate[v] == -1:
                for w in adjacent[v]:
                    if self.mate[w] == -1:
                        self.mate[v], self.mate[w] = w, v
                        break
        for v in range(n):
            if self.mate[v] == -1:
                self._augment(v)
        self.size = sum(1 for v in range(n) if self.mate[v] != -1) // 2

    def snapshot(self) -> tuple:
        return list(self.mate), list(self.alive), self.size, self.live

    def restore(self, state: tuple) -> None:
        mate, alive, self.size, self.live = state
        self.mate, self.alive = list(mate), list(alive)

    def remove(self, a: int, b: int) -> int:
        """Take a and b out (they play each other) and return the size of a maximum matching of the rest."""
        freed = []
        for x in (a, b):
            m = self.mate[x]
            if m != -1:
                self.mate[x] = self.mate[m] = -1
                self.size -= 1
                if m not in (a, b):
                    freed.append(m)
        self.alive[a] = self.alive[b] = False
        self.live -= 2
        for x in freed:
            if self.mate[x] == -1 and self._augment(x):
                self.size += 1
        return self.size

    def _augment(self, root: int) -> bool:
        """Edmonds' search for an augmenting path from `root` among live vertices; flips it if found."""
        mate, alive, adjacent = self.mate, self.alive, self.adjacent
        n = len(mate)
        used = [False] * n
        parent = [-1] * n
        base = list(range(n))
        used[root] = True
        queue = deque([root])

        def lca(a: int, b: int) -> int:
            seen = [False] * n
            while True:
                a = base[a]
                seen[a] = True
                if mate[a] == -1:
                    break
                a = parent[mate[a]]
            while True:
                b = base[b]
                if seen[b]:
                    return b
                b = parent[mate[b]]

        def mark(v: int, top: int, child: int, blossom: list[bool]) -> None:
            while base[v] != top:
                blossom[base[v]] = blossom[base[mate[v]]] = True
                parent[v] = child
                child = mate[v]
                v = parent[mate[v]]

        while queue:
            v = queue.popleft()
            for to in adjacent[v]:
                if not alive[to] or base[v] == base[to] or mate[v] == to:
                    continue
                if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                    top = lca(v, to)
                    blossom = [False] * n
                    mark(v, top, to, blossom)
                    mark(to, top, v, blossom)
                    for i in range(n):
                        if blossom[base[i]]:
                            base[i] = top
                            if not used[i]:
                                used[i] = True
                                queue.append(i)
                elif parent[to] == -1:
                    parent[to] = v
                    if mate[to] == -1:
                        while to != -1:
                            pv = parent[to]
                            nxt = mate[pv]
                            mate[to], mate[pv] = pv, to
                            to = nxt
                        return True
                    used[mate[to]] = True
                    queue.append(mate[to])
        return False
