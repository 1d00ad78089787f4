"""A second, deliberately naive reading of SPEC.md §1-§4 and §9, written apart from
the Swift engine: the layout is recomputed from scratch for every question, every
step is taken one at a time. model_tests.py runs it side by side with the binary."""

import math

TITLED = 28.0


class Refused(Exception):
    pass


class Model:
    def __init__(self, sections, heights=None, row_height=44.0):
        # sections: list of (titled, [row ids]); ids are 0..n-1 in file order.
        self.sections = [(t, list(rows)) for t, rows in sections] or [(False, [])]
        self.own = dict(heights or {})
        self.row_height = row_height
        self.flags = {}
        self.V, self.T, self.B = 600.0, 0.0, 0.0
        self.fps, self.hold = 60.0, 0.0
        self.rule, self.grab_mode, self.cross = "edge", "keep", True
        self.profile = ("linear", {"zone": 100.0, "max": 1200.0})
        self.t = 0.0
        self.phase = "idle"
        self.touch = None  # holding: dict(row, press, finger, held)
        self.finger = None
        self.lift = None  # dict(source=(s, r, g), finger, center, grab, h)
        self.undo, self.redo = [], []
        self.saved = self.snapshot()
        self.dirty_at_press = False
        self.o = self.o_min()

    # -- layout -----------------------------------------------------------------
    def h(self, rid):
        return self.own.get(rid, self.row_height)

    def header_h(self, s):
        return TITLED if self.sections[s][0] else 0.0

    def order(self):
        return [rid for _, rows in self.sections for rid in rows]

    def snapshot(self):
        return [list(rows) for _, rows in self.sections]

    def items(self):
        """(kind, section, index, top, height) top to bottom; kinds: header, row, footer."""
        out, y = [], 0.0
        for s, (_, rows) in enumerate(self.sections):
            out.append(("header", s, None, y, self.header_h(s)))
            y += self.header_h(s)
            for i, rid in enumerate(rows):
                out.append(("row", s, i, y, self.h(rid)))
                y += self.h(rid)
            out.append(("footer", s, None, y, 0.0))
        return out

    def content(self):
        return sum(self.header_h(s) for s in range(len(self.sections))) + sum(self.h(r) for r in self.order())

    def o_min(self):
        return -self.T

    def o_max(self):
        return max(self.o_min(), self.content() + self.B - self.V)

    def clamp(self, o):
        return min(max(o, self.o_min()), self.o_max())

    def global_index(self, s, i):
        return sum(len(rows) for _, rows in self.sections[:s]) + i

    def locate(self, g):
        """Global row index -> (section, index)."""
        for s, (_, rows) in enumerate(self.sections):
            if g < len(rows):
                return s, g
            g -= len(rows)
        raise Refused("no such row")

    def row_item(self, s, i):
        for kind, ss, ii, top, hh in self.items():
            if kind == "row" and ss == s and ii == i:
                return top, hh
        raise AssertionError

    def hit(self, y):
        for kind, s, i, top, hh in self.items():
            if kind == "row" and top <= y < top + hh:
                return s, i
        return None

    def rid_at(self, s, i):
        return self.sections[s][1][i]

    def pinned(self, rid):
        return self.flags.get(rid) == "P"

    # -- commands ---------------------------------------------------------------
    def require_idle(self):
        if self.phase != "idle":
            raise Refused("busy")

    def address(self, n):
        if not 1 <= n <= len(self.order()):
            raise Refused("no row")
        return self.locate(n - 1)

    def press(self, n=None, y=None):
        self.require_idle()
        if y is None:
            s, i = self.address(n)
            rid = self.rid_at(s, i)
            if rid in self.flags:
                raise Refused("flag")
            top, hh = self.row_item(s, i)
            if not (top >= self.o and top + hh <= self.o + self.V):
                target = top if (hh > self.V or top < self.o) else top + hh - self.V
                self.o = self.clamp(target)
            finger = top + hh / 2 - self.o
        else:
            if not 0 <= y < self.V:
                raise Refused("outside")
            found = self.hit(self.o + y)
            if found is None:
                raise Refused("nothing")
            s, i = found
            if self.rid_at(s, i) in self.flags:
                raise Refused("flag")
            finger = y
        self.dirty_at_press = self.snapshot() != self.saved
        self.touch = {"at": (s, i), "press": finger, "finger": finger, "held": 0.0}
        if self.hold > 0:
            self.phase = "holding"
        else:
            self.do_lift()

    def do_lift(self):
        s, i = self.touch["at"]
        top, hh = self.row_item(s, i)
        finger = self.touch["finger"]
        g = top + hh / 2 - (self.o + finger)
        eff = 0.0 if self.grab_mode == "center" else g
        self.lift = {"s": s, "i": i, "src": (s, i), "from": self.global_index(s, i) + 1, "finger": finger, "center": self.o + finger + eff, "grab": g,
                     "h": hh}
        self.phase = "lifted"

    def drag(self, y=None, by=None, row=None):
        if self.phase == "idle":
            raise Refused("idle")
        current = self.touch["finger"] if self.phase in ("holding", "panning") else self.lift["finger"]
        if by is not None:
            y = current + by
        if row is not None:
            s, i = self.address(row)
            top, hh = self.row_item(s, i)
            y = top + hh / 2 - self.o
        if self.phase == "holding":
            self.touch["finger"] = y
            if abs(y - self.touch["press"]) > 10:
                self.phase = "panning"
        elif self.phase == "panning":
            self.o = self.clamp(self.o - (y - self.touch["finger"]))
            self.touch["finger"] = y
        else:
            g = 0.0 if self.grab_mode == "center" else self.lift["grab"]
            self.lift["finger"] = y
            self.lift["center"] = (self.o + y) + g
            self.reorder()

    def velocity(self):
        c, o, F, hl = self.lift["center"], self.o, self.lift["finger"], self.lift["h"]
        name, p = self.profile
        V, T = self.V, self.T
        if name == "linear":
            S = c - o
            if S < p["zone"]:
                return -p["max"] * min(1.0, (p["zone"] - S) / p["zone"])
            if S > V - p["zone"]:
                return p["max"] * min(1.0, (S - (V - p["zone"])) / p["zone"])
            return 0.0
        if name == "fixed":
            if c - hl / 2 < o:
                return -p["speed"]
            if c + hl / 2 > o + V:
                return p["speed"]
            return 0.0
        if name == "rate":
            z = (V - T) / p["divisor"]
            if z <= 0:
                return 0.0
            if F >= V - z:
                return p["scale"] * (F - (V - z)) / z
            if F <= T + z:
                return p["scale"] * (F - (T + z)) / z
            return 0.0
        return 0.0

    def tick(self, n=1):
        for _ in range(n):
            dt = 1.0 / self.fps
            self.t += dt
            if self.phase == "holding":
                self.touch["held"] += dt
                if self.touch["held"] >= self.hold - 1e-9:
                    self.do_lift()
                else:
                    continue
            if self.phase == "lifted":
                v = self.velocity()
                new = self.clamp(self.o + v * dt)
                delta = new - self.o
                self.o = new
                self.lift["center"] += delta
                self.reorder()

    # -- reorder rules ----------------------------------------------------------
    def neighbours(self):
        """(next, previous) items of L as (kind, payload, top, height) or None."""
        s, i = self.lift["s"], self.lift["i"]
        items = self.items()
        k = next(k for k, it in enumerate(items) if it[0] == "row" and it[1] == s and it[2] == i)
        nxt = prv = None
        after = items[k + 1]
        if after[0] == "row":
            nxt = ("row", after, after[3], after[4])
        elif s + 1 < len(self.sections):  # footer(s) + header(s+1): one boundary item
            nxt = ("boundary", s, after[3], self.header_h(s + 1))
        before = items[k - 1]
        if before[0] == "row":
            prv = ("row", before, before[3], before[4])
        elif s > 0:
            footer = items[k - 2]
            prv = ("boundary", s - 1, footer[3], self.header_h(s))
        return nxt, prv

    def reorder(self):
        if self.rule in ("edge", "midpoint"):
            # edge: the snapshot's leading edge against the neighbour's midpoint;
            # midpoint: its center.
            half = self.lift["h"] / 2 if self.rule == "edge" else 0
            while True:
                c = self.lift["center"]
                nxt, prv = self.neighbours()
                if nxt and self.passable(nxt) and c + half > nxt[2] + nxt[3] / 2:
                    self.step(nxt, down=True)
                elif prv and self.passable(prv) and c - half < prv[2] + prv[3] / 2:
                    self.step(prv, down=False)
                else:
                    return
        else:
            self.under()

    def passable(self, item):
        if item[0] == "boundary":
            return self.cross
        _, s, i, _, _ = item[1]
        return not self.pinned(self.rid_at(s, i))

    def step(self, item, down):
        s, i = self.lift["s"], self.lift["i"]
        rows = self.sections[s][1]
        if item[0] == "row":
            j = i + 1 if down else i - 1
            rows[i], rows[j] = rows[j], rows[i]
            self.lift["i"] = j
        else:
            rid = rows.pop(i)
            if down:
                self.sections[s + 1][1].insert(0, rid)
                self.lift["s"], self.lift["i"] = s + 1, 0
            else:
                self.sections[s - 1][1].append(rid)
                self.lift["s"], self.lift["i"] = s - 1, len(self.sections[s - 1][1]) - 1

    def under(self):
        found = self.hit(self.o + self.lift["finger"])
        if found is None:
            return
        s, i = found
        ls, li = self.lift["s"], self.lift["i"]
        if (s, i) == (ls, li) or self.pinned(self.rid_at(s, i)):
            return
        if not self.cross and s != ls:
            return
        a, b = sorted((self.global_index(ls, li), self.global_index(s, i)))
        order = self.order()
        if any(self.pinned(order[k]) for k in range(a + 1, b)):
            return
        rid = self.sections[ls][1].pop(li)
        # moveRowAtIndexPath(L -> R): L ends at R's index path.
        self.sections[s][1].insert(i, rid)
        self.lift["s"], self.lift["i"] = s, i

    def release(self):
        if self.phase == "idle":
            raise Refused("idle")
        if self.phase == "lifted":
            if (self.lift["s"], self.lift["i"]) != self.lift["src"]:
                self.undo.append(self.snapshot_pair(before=self.before_gesture()))
                self.redo = []
        self.phase, self.lift, self.touch = "idle", None, None

    def before_gesture(self):
        snap = self.snapshot()
        rid = snap[self.lift["s"]].pop(self.lift["i"])
        s, i = self.lift["src"]
        snap[s].insert(i, rid)
        return snap

    def snapshot_pair(self, before):
        return (before, self.snapshot())

    def cancel(self):
        if self.phase == "idle":
            raise Refused("idle")
        if self.phase == "lifted":
            before = self.before_gesture()
            for s, rows in enumerate(before):
                self.sections[s] = (self.sections[s][0], rows)
        self.phase, self.lift, self.touch = "idle", None, None

    def restore(self, snap):
        for s, rows in enumerate(snap):
            self.sections[s] = (self.sections[s][0], list(rows))

    def do_undo(self):
        self.require_idle()
        if not self.undo:
            raise Refused("nothing")
        before, after = self.undo.pop()
        self.restore(before)
        self.redo.append((before, after))

    def do_redo(self):
        self.require_idle()
        if not self.redo:
            raise Refused("nothing")
        before, after = self.redo.pop()
        self.restore(after)
        self.undo.append((before, after))

    def move(self, n, to):
        self.require_idle()
        s, i = self.address(n)
        rid = self.rid_at(s, i)
        if rid in self.flags:
            raise Refused("flag")
        ts, ti = self.address(to)
        a, b = n - 1, to - 1
        order = self.order()
        passed = range(a + 1, b + 1) if b > a else range(b, a)
        if any(self.pinned(order[k]) for k in passed):
            raise Refused("pinned")
        if not self.cross and ts != s:
            raise Refused("section")
        if a == b:
            return
        before = self.snapshot()
        target_rid = order[b]
        self.sections[s][1].pop(i)
        rows = self.sections[ts][1]
        j = rows.index(target_rid)
        rows.insert(j + 1 if b > a else j, rid)
        self.undo.append((before, self.snapshot()))
        self.redo = []

    def set_flag(self, n, flag):
        self.require_idle()
        s, i = self.address(n)
        rid = self.rid_at(s, i)
        if flag is None:
            self.flags.pop(rid, None)
        elif flag == "P" or self.flags.get(rid) != "P":
            self.flags[rid] = flag

    def scroll_by(self, d):
        self.require_idle()
        self.o = self.clamp(self.o + d)

    def set_viewport(self, v):
        self.require_idle()
        self.V = v
        self.o = self.clamp(self.o)

    def set_inset(self, t, b):
        self.require_idle()
        self.T, self.B = t, b
        self.o = self.clamp(self.o)

    # -- output -----------------------------------------------------------------
    def state(self):
        def n(x):
            text = "%.3f" % x
            text = text.rstrip("0").rstrip(".")
            return "0" if text == "-0" else text

        lifted = "null"
        if self.phase == "lifted":
            row = self.global_index(self.lift["s"], self.lift["i"]) + 1
            frm = self.lift["from"]
            lifted = '{"row":%d,"from":%d,"finger":%s,"center":%s}' % (
                row, frm, n(self.lift["finger"]), n(self.lift["center"]))
        dirty = self.dirty_at_press if self.phase != "idle" else self.snapshot() != self.saved
        return ('{"t":%s,"offset":%s,"content":%s,"viewport":%s,"phase":"%s","rows":%d,"lifted":%s,"dirty":%s}'
                % (n(self.t), n(self.o), n(self.content()), n(self.V), self.phase, len(self.order()), lifted,
                   "true" if dirty else "false"))

    # -- one command line --------------------------------------------------------
    def run(self, command):
        """Runs one command in the binary's syntax; returns False if refused."""
        words = command.split()
        name, args = words[0], words[1:]
        try:
            if name == "press":
                if args[0].startswith("y="):
                    self.press(y=float(args[0][2:]))
                else:
                    self.press(n=int(args[0]))
            elif name == "drag":
                a = args[0]
                if a.startswith("y="):
                    self.drag(y=float(a[2:]))
                elif a[0] in "+-":
                    self.drag(by=float(a))
                else:
                    self.drag(row=int(a))
            elif name == "tick":
                self.tick(int(args[0]))
            elif name == "release":
                self.release()
            elif name == "cancel":
                self.cancel()
            elif name == "move":
                self.move(int(args[0]), int(args[1]))
            elif name == "undo":
                self.do_undo()
            elif name == "redo":
                self.do_redo()
            elif name in ("lock", "pin", "unlock"):
                self.set_flag(int(args[0]), {"lock": "L", "pin": "P", "unlock": None}[name])
            elif name == "scroll":
                self.scroll_by(float(args[0]))
            elif name == "set":
                key = args[0]
                if key == "rule":
                    self.rule = args[1]
                elif key == "sections":
                    self.cross = args[1] == "cross"
                elif key == "grab":
                    self.grab_mode = args[1]
                elif key == "hold":
                    self.hold = float(args[1])
                elif key == "fps":
                    self.fps = float(args[1])
                elif key == "viewport":
                    self.set_viewport(float(args[1]))
                elif key == "inset":
                    self.set_inset(float(args[1]), float(args[2]))
                elif key == "autoscroll":
                    defaults = {"linear": {"zone": 100.0, "max": 1200.0}, "fixed": {"speed": 240.0},
                                "rate": {"divisor": 6.0, "scale": 600.0}, "off": {}}
                    p = dict(defaults[args[1]])
                    for kv in args[2:]:
                        k, v = kv.split("=")
                        p[k] = float(v)
                    self.profile = (args[1], p)
            else:
                raise AssertionError(command)
        except Refused:
            return False
        return True
