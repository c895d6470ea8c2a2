"""A plain GIPF engine written for checking, and the speed :mod:`gamekit.gipf` is measured
against (``make bench`` prints both rates and their ratio).

It follows ``docs/rules/gipf.md`` for the basic and standard games and shares nothing with
:mod:`gamekit.gipf` but the board's labels (:mod:`gamekit.grids`): a dict of pieces by spot
label, every line scanned after every move, one mutable position played on. Before timing,
the benchmark plays random games of the engine move by move in it and checks that both see
the same legal moves, pieces, player to move and winner.

>>> ref = ReferenceGipf("standard")
>>> len(ref.choices())
42
"""

from __future__ import annotations

import random

from gamekit.grids import HEX_DIRECTIONS, hexhex

__all__ = ["ReferenceGipf", "random_game", "agrees"]


class ReferenceGipf:
    """GIPF's basic and standard games as docs/rules/gipf.md states them, written plainly
    for checking: a dict of pieces by spot label, every line scanned after every move,
    one mutable position played on. It shares nothing with :mod:`gamekit.gipf` but the
    board's labels (:mod:`gamekit.grids`); the benchmark checks that it agrees with the
    engine move by move before it times either.
    """

    def __init__(self, variant: str = "standard") -> None:
        grid = hexhex(5)

        def ring(i: int) -> int:
            q, r = grid.coords[i]
            return max(abs(q), abs(r), abs(q + r))

        spots = {grid.label(i) for i in range(len(grid)) if ring(i) < 4}
        self.runs: dict[tuple[str, str], list[str]] = {}  # (dot, entry) -> spots pushed along
        for i in range(len(grid)):
            if ring(i) != 4:
                continue
            for d in HEX_DIRECTIONS:
                run, j = [], grid.step(i, d)
                while j is not None and grid.label(j) in spots:
                    run.append(grid.label(j))
                    j = grid.step(j, d)
                if run:
                    self.runs[(grid.label(i), run[0])] = run
        self.lines = []  # the 21 lines of spots
        for run in self.runs.values():
            if run[::-1] not in self.lines and run not in self.lines:
                self.lines.append(run)
        gipf_piece = variant == "standard"
        self.variant = variant
        self.pieces: dict[str, tuple[str, bool]] = {}
        for spot in ("b5", "e2", "h5"):
            self.pieces[spot] = ("white", gipf_piece)
        for spot in ("b2", "e8", "h2"):
            self.pieces[spot] = ("black", gipf_piece)
        self.reserve = {"white": 12, "black": 12}
        self.captured = {"white": 0, "black": 0}
        self.to_move = "white"
        self.pusher: str | None = None
        self.winner: str | None = None
        self.standing: list[tuple[str, list[str]]] = []  # the rows on the board

    @staticmethod
    def other(colour: str) -> str:
        return "black" if colour == "white" else "white"

    def pushes(self) -> list[tuple[str, str]]:
        """(dot, entry) of every push whose line has an empty spot."""
        return [k for k, run in self.runs.items() if any(s not in self.pieces for s in run)]

    def push(self, dot: str, entry: str) -> None:
        colour = self.to_move
        carried, run = (colour, False), self.runs[(dot, entry)]
        for spot in run:
            carried, self.pieces[spot] = self.pieces.get(spot), carried
            if carried is None:
                break
        self.reserve[colour] -= 1
        self.pusher = colour
        self.settle()

    def rows(self) -> list[tuple[str, list[str]]]:
        """(owner, segment) of every row: four or more of one colour in a line, with every
        piece touching it along the line."""
        out = []
        for line in self.lines:
            segment: list[str] = []
            owners: set[str] = set()
            run, last = 0, None
            for spot in line + [None]:
                piece = self.pieces.get(spot) if spot is not None else None
                if piece is None:
                    out.extend((owner, segment) for owner in sorted(owners))
                    segment, owners, run, last = [], set(), 0, None
                    continue
                segment.append(spot)
                run = run + 1 if piece[0] == last else 1
                last = piece[0]
                if run >= 4:
                    owners.add(last)
        return out

    def removals(self) -> list[list[str]]:
        """The spots each removal open to the player to move takes: a row of his with its
        extensions, each GIPF piece in it taken or left (not leaving a row standing)."""
        out: list[list[str]] = []
        for owner, segment in self.standing:
            if owner != self.to_move:
                continue
            gipfs = [s for s in segment if self.pieces[s][1]]
            for mask in range(2 ** len(gipfs)):
                kept = {g for j, g in enumerate(gipfs) if mask >> j & 1}
                taken = [s for s in segment if s not in kept]
                if sorted(taken) in [sorted(t) for t in out]:
                    continue
                left = [self.pieces[s][0] if s in kept else None for s in segment]
                if any(len(set(left[j : j + 4])) == 1 and left[j] for j in range(len(left) - 3)):
                    continue
                out.append(taken)
        return out

    def remove(self, taken: list[str]) -> None:
        me = self.to_move
        for spot in taken:
            colour, gipf_piece = self.pieces.pop(spot)
            weight = 2 if gipf_piece else 1
            if colour == me:
                self.reserve[me] += weight
            else:
                self.captured[colour] += weight
        if self.variant == "standard":
            lost = [c for c in ("white", "black") if (c, True) not in self.pieces.values()]
            if lost:
                self.winner = me if len(lost) == 2 else self.other(lost[0])
                return
        self.settle()

    def settle(self) -> None:
        """Who acts next: the pusher's rows first, then the opponent's, then his push."""
        self.standing = self.rows()
        owners = {owner for owner, _ in self.standing}
        if owners:
            self.to_move = self.pusher if self.pusher in owners else self.other(self.pusher)
            return
        self.to_move = self.other(self.pusher)
        if self.reserve[self.to_move] == 0:
            self.winner = self.pusher

    def choices(self) -> list:
        """The decisions open now: removals while rows stand, else pushes."""
        if self.winner is not None:
            return []
        return self.removals() if self.standing else self.pushes()

    def play(self, choice) -> None:
        if isinstance(choice, tuple):
            self.push(*choice)
        else:
            self.remove(choice)


def random_game(variant: str, rng: random.Random) -> int:
    """Play one game with uniformly random decisions; the number of decisions."""
    ref = ReferenceGipf(variant)
    count = 0
    while True:
        options = ref.choices()
        if not options:
            return count
        ref.play(options[rng.randrange(len(options))])
        count += 1


def agrees(variant: str, seed: int) -> bool:
    """Whether a random game of :mod:`gamekit.gipf` replays alike here, decision by decision:
    the same legal pushes and removals, pieces, player to act, and winner."""
    from gamekit import gipf

    rng = random.Random(seed)
    state, ref = gipf.Rules(variant=variant).start(), ReferenceGipf(variant)
    while state.outcome is None:
        legal = state.legal_moves()
        if state.phase == "push":
            if sorted((m.dot, m.entry) for m in legal) != sorted(ref.pushes()):
                return False
        elif sorted(sorted(m.taken) for m in legal) != sorted(sorted(t) for t in ref.removals()):
            return False
        move = legal[rng.randrange(len(legal))]
        ref.play((move.dot, move.entry) if state.phase == "push" else list(move.taken))
        state = state.play(move)
        pieces = {s: c + (" gipf" if g else "") for s, (c, g) in ref.pieces.items()}
        if state.pieces() != pieces or state.to_move != (None if ref.winner else ref.to_move):
            return False
    return state.outcome.winner == ref.winner
