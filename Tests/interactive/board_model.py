"""A second, naive reading of BOARD.md (board mode), written apart from the Swift engine:
every question recomputes the columns from scratch, every frame is simulated.
board_model_tests.py runs it side by side with the binary."""

import math

TITLED = 28.0


class Refused(Exception):
    pass


def n3(x):
    text = "%.3f" % x
    text = text.rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


class Board:
    def __init__(self, columns, heights=None, flags=None):
        # columns: list of (titled, [row ids]); ids 0..n-1 in file order.
        self.cols = [(t, list(rows)) for t, rows in columns] or [(False, [])]
        self.own = dict(heights or {})
        self.flags = dict(flags or {})
        self.W, self.w, self.s = 375.0, None, 0.0
        self.paging = (40.0, 0.5, 0.3)
        self.V, self.T, self.B = 600.0, 0.0, 0.0
        self.fps, self.hold, self.rule, self.grab, self.cross = 60.0, 0.0, "edge", "keep", True
        self.profile = ("linear", 100.0, 1200.0)
        self.t, self.x = 0.0, 0.0
        self.o = [-self.T for _ in self.cols]
        self.phase, self.touch, self.lift = "idle", None, None
        self.fx = self.fy = 0.0
        self.turn, self.dwell = None, (0, 0)
        self.undo, self.redo = [], []
        self.saved = self.snap()
        self.dirty_at_press = False

    # -- geometry --------------------------------------------------------------------
    # A lifted range (SPEC §10) stands in its column as one card ("block", ids), as high
    # as its rows together, and is its rows again once dropped.
    @staticmethod
    def members(rid):
        return list(rid[1]) if isinstance(rid, tuple) else [rid]

    def h(self, rid):
        if isinstance(rid, tuple):
            return sum(self.h(r) for r in rid[1])
        return self.own.get(rid, 44.0)

    def header(self, k):
        return TITLED if self.cols[k][0] else 0.0

    def width(self):
        return self.w if self.w is not None else self.W

    def pitch(self):
        return self.width() + self.s

    def board_width(self):
        n = len(self.cols)
        return n * self.width() + (n - 1) * self.s

    def xmax(self):
        return max(0.0, self.board_width() - self.W)

    def pages(self):
        return [min(k * self.pitch(), self.xmax()) for k in range(len(self.cols))]

    def page_column(self):
        for k in range(len(self.cols)):
            if k * self.pitch() >= self.x - 1e-9:
                return k
        return len(self.cols) - 1

    def column_at(self, bx):
        for k in range(len(self.cols)):
            if k * self.pitch() <= bx < k * self.pitch() + self.width():
                return k
        return None

    def content(self, k):
        return self.header(k) + sum(self.h(r) for r in self.cols[k][1])

    def orange(self, k):
        return (-self.T, max(-self.T, self.content(k) + self.B - self.V))

    def clamp(self, k, o):
        lo, hi = self.orange(k)
        return min(max(o, lo), hi)

    def top(self, k, i):
        return self.header(k) + sum(self.h(r) for r in self.cols[k][1][:i])

    def snap(self):
        return [[x for r in rows for x in self.members(r)] for _, rows in self.cols]

    def restore(self, snap):
        self.cols = [(t, list(rows)) for (t, _), rows in zip(self.cols, snap)]

    def order(self):
        return [x for _, rows in self.cols for r in rows for x in self.members(r)]

    def locate_rid(self, rid):
        for k, (_, rows) in enumerate(self.cols):
            if rid in rows:
                return k, rows.index(rid)
        raise AssertionError(rid)

    def clamp_all(self):
        self.o = [self.clamp(k, o) for k, o in enumerate(self.o)]

    def visible(self, k):
        return k * self.pitch() >= self.x and k * self.pitch() + self.width() <= self.x + self.W

    def pinned(self, rid):
        return self.flags.get(rid) == "P"

    # -- commands ------------------------------------------------------------------------
    def require_idle(self):
        if self.phase != "idle":
            raise Refused("busy")

    def press_addr(self, c, r, last=None):
        self.require_idle()
        last = r if last is None else last
        if not (1 <= c <= len(self.cols) and 1 <= r <= last <= len(self.cols[c - 1][1])):
            raise Refused("address")
        k, i = c - 1, r - 1
        rows = self.cols[k][1][i:last]
        if any(rid in self.flags for rid in rows):
            raise Refused("flag")
        if not self.visible(k):
            self.x = self.pages()[k]
        top, hh, o = self.top(k, i), sum(self.h(rid) for rid in rows), self.o[k]
        if not (top >= o and top + hh <= o + self.V):
            self.o[k] = self.clamp(k, top if (hh > self.V or top < o) else top + hh - self.V)
        self.begin(k, rows[0], k * self.pitch() + self.width() / 2 - self.x, top + hh / 2 - self.o[k],
                   len(rows))

    def press_point(self, X, Y):
        self.require_idle()
        if not (0 <= X < self.W) or not (0 <= Y < self.V):
            raise Refused("outside")
        k = self.column_at(self.x + X)
        if k is None:
            raise Refused("no column")
        y = self.o[k] + Y
        for i, rid in enumerate(self.cols[k][1]):
            if self.top(k, i) <= y < self.top(k, i) + self.h(rid):
                if rid in self.flags:
                    raise Refused("flag")
                return self.begin(k, rid, X, Y)
        raise Refused("no row")

    def begin(self, k, rid, X, Y, count=1):
        self.dirty_at_press = self.snap() != self.saved
        self.fx, self.fy = X, Y
        self.touch = {"col": k, "rid": rid, "px": X, "py": Y, "held": 0.0, "k": count}
        if self.hold > 0:
            self.phase = "holding"
        else:
            self.do_lift()

    def do_lift(self):
        rid = self.touch["rid"]
        k, i = self.locate_rid(rid)
        count = self.touch["k"]
        if count > 1:
            rows = self.cols[k][1]
            rid = ("block", tuple(rows[i:i + count]))
            rows[i:i + count] = [rid]
        top, hh = self.top(k, i), self.h(rid)
        g = top + hh / 2 - (self.o[k] + self.fy)
        gx = (k * self.pitch() + self.width() / 2) - (self.x + self.fx)
        centered = self.grab == "center"
        self.lift = {"rid": rid, "src": (k, i), "g": g, "gx": gx, "hh": hh, "k": count, "at_lift": self.snap(),
                     "c": (self.o[k] + self.fy) + (0.0 if centered else g),
                     "cx": (self.x + self.fx) + (0.0 if centered else gx),
                     # SPEC §2.1 (turn 4): taller than the viewport, it waits for a drag.
                     "waits": hh > self.V}
        self.phase = "lifted"

    def drag(self, X=None, Y=None):
        if self.phase == "idle":
            raise Refused("idle")
        X = self.fx if X is None else X
        Y = self.fy if Y is None else Y
        if self.phase == "holding":
            self.fx, self.fy = X, Y
            if (X - self.touch["px"]) ** 2 + (Y - self.touch["py"]) ** 2 > 100:
                self.phase = "panning"
        elif self.phase == "panning":
            k = self.touch["col"]
            self.o[k] = self.clamp(k, self.o[k] - (Y - self.fy))
            self.fx, self.fy = X, Y
        else:
            k, _ = self.locate_rid(self.lift["rid"])
            centered = self.grab == "center"
            if Y != self.fy:
                self.lift["waits"] = False
            self.fx, self.fy = X, Y
            self.lift["c"] = (self.o[k] + Y) + (0.0 if centered else self.lift["g"])
            self.lift["cx"] = (self.x + X) + (0.0 if centered else self.lift["gx"])
            self.reorder()

    def velocity(self, k):
        name, a, b = self.profile
        if self.lift["waits"]:
            return 0.0
        S = self.lift["c"] - self.o[k]
        if name == "linear":
            zone, mx = a, b
            if S < zone:
                return -mx * min(1.0, (zone - S) / zone)
            if S > self.V - zone:
                return mx * min(1.0, (S - (self.V - zone)) / zone)
        return 0.0

    def tick(self, count):
        for _ in range(count):
            dt = 1.0 / self.fps
            self.t += dt
            if self.phase == "holding":
                self.touch["held"] += dt
                if self.touch["held"] >= self.hold - 1e-9:
                    self.do_lift()
                else:
                    continue
            if self.phase != "lifted":
                continue
            self.page_step(dt)
            k, _ = self.locate_rid(self.lift["rid"])
            new = self.clamp(k, self.o[k] + self.velocity(k) * dt)
            self.lift["c"] += new - self.o[k]
            self.o[k] = new
            self.reorder()

    # -- page edge scroll (§4) -----------------------------------------------------------
    def page_step(self, dt):
        if self.paging is None:
            return
        edge, delay, duration = self.paging
        if self.turn is None:
            pages = self.pages()
            if self.fx < edge and any(p < self.x for p in pages):
                zone = -1
            elif self.fx > self.W - edge and any(p > self.x for p in pages):
                zone = 1
            else:
                zone = 0
            z, count = self.dwell
            if zone != z:
                count = 0
            if zone == 0:
                self.dwell = (0, 0)
                return
            count += 1
            self.dwell = (zone, count)
            if not count * dt >= delay - 1e-9:
                return
            self.dwell = (zone, 0)
            target = max(p for p in pages if p < self.x) if zone < 0 else min(p for p in pages if p > self.x)
            self.turn = [self.x, target, 0]
        x0, x1, j = self.turn
        j += 1
        if j * dt >= duration - 1e-9:
            new, self.turn, self.dwell = x1, None, (0, 0)
        else:
            new = x0 + (x1 - x0) * (j * dt / duration)
            self.turn = [x0, x1, j]
        self.move_board(new)

    def move_board(self, x):
        """The snapshot stays under the still finger, its x computed afresh (issue 20)."""
        if self.lift is not None:
            self.lift["cx"] = (x + self.fx) + (0.0 if self.grab == "center" else self.lift["gx"])
        self.x = x

    def finish_turn(self):
        if self.turn is not None:
            self.move_board(self.turn[1])
        self.turn, self.dwell = None, (0, 0)

    # -- the reorder step (§5) -----------------------------------------------------------
    def reorder(self):
        lift = self.lift
        a, i = self.locate_rid(lift["rid"])
        moved = False
        f = self.column_at(self.x + self.fx)
        rows_a = self.cols[a][1]
        if (f is not None and f != a and self.cross
                and not any(self.pinned(r) for r in rows_a[i + 1:])):
            rows_f = self.cols[f][1]
            j = len(rows_f)
            if self.rule == "under":
                y = self.o[f] + self.fy
                for q, r in enumerate(rows_f):
                    if self.top(f, q) <= y < self.top(f, q) + self.h(r):
                        j = q
                        break
            if not any(self.pinned(r) for r in rows_f[j:]):
                screen_y = lift["c"] - self.o[a]
                rows_a.pop(i)
                rows_f.insert(j, lift["rid"])
                self.o[a] = self.clamp(a, self.o[a])
                lift["c"] = self.o[f] + screen_y
                a, i, moved = f, j, True
        rows = self.cols[a][1]
        if self.rule in ("edge", "midpoint"):
            reach = lift["hh"] / 2 if self.rule == "edge" else 0.0
            while True:
                c = lift["c"]
                if (i + 1 < len(rows) and not self.pinned(rows[i + 1])
                        and c + reach > self.top(a, i + 1) + self.h(rows[i + 1]) / 2):
                    rows[i], rows[i + 1] = rows[i + 1], rows[i]
                    i += 1
                elif (i > 0 and not self.pinned(rows[i - 1])
                      and c - reach < self.top(a, i - 1) + self.h(rows[i - 1]) / 2):
                    rows[i], rows[i - 1] = rows[i - 1], rows[i]
                    i -= 1
                else:
                    break
        elif not moved and self.column_at(self.x + self.fx) == a:
            y = self.o[a] + self.fy
            for q, r in enumerate(rows):
                if self.top(a, q) <= y < self.top(a, q) + self.h(r):
                    lo, hi = sorted((i, q))
                    if q != i and not self.pinned(r) and not any(self.pinned(x) for x in rows[lo + 1:hi]):
                        rows.insert(q, rows.pop(i))
                    break
        self.clamp_all()

    def release(self, cancel=False):
        if self.phase == "idle":
            raise Refused("idle")
        self.finish_turn()
        if self.phase == "lifted":
            before = self.lift["at_lift"]
            if cancel:
                self.restore(before)
            elif self.snap() != before:
                self.undo.append((before, self.snap()))
                self.redo = []
            self.restore(self.snap())  # a block's rows again, in their order
        self.phase, self.lift, self.touch = "idle", None, None
        self.clamp_all()

    def history(self, kind):
        self.require_idle()
        if kind == "undo":
            if not self.undo:
                raise Refused("nothing")
            before, after = self.undo.pop()
            self.restore(before)
            self.redo.append((before, after))
        elif kind == "redo":
            if not self.redo:
                raise Refused("nothing")
            before, after = self.redo.pop()
            self.restore(after)
            self.undo.append((before, after))
        else:  # reject
            if not self.undo:
                raise Refused("nothing")
            before, _ = self.undo.pop()
            self.restore(before)
            self.redo = []
        self.clamp_all()

    def page(self, arg):
        if self.phase != "idle":
            raise Refused("busy")
        pages = self.pages()
        if arg == "next":
            right = [p for p in pages if p > self.x]
            if right:
                self.x = min(right)
        elif arg == "prev":
            left = [p for p in pages if p < self.x]
            if left:
                self.x = max(left)
        else:
            k = len(pages) if arg == "$" else int(arg)
            if not 1 <= k <= len(pages):
                raise Refused("page")
            self.x = pages[k - 1]

    def set_geometry(self, key, value):
        self.require_idle()
        keep = self.page_column()
        if key == "column":
            w = None if value == "screen" else float(value)
            if w is not None and w > self.W:
                raise Refused("wide")
            self.w = w
        else:
            self.s = float(value)
        self.x = self.pages()[keep]

    # -- output --------------------------------------------------------------------------
    def state(self):
        cols = ",".join('{"offset":%s,"content":%s,"rows":%d}' % (n3(self.o[k]), n3(self.content(k)),
                                                                   sum(len(self.members(r)) for r in rows))
                        for k, (_, rows) in enumerate(self.cols))
        lifted = "null"
        if self.phase == "lifted":
            k, i = self.locate_rid(self.lift["rid"])
            sk, si = self.lift["src"]
            lifted = '{"column":%d,"row":%d,"from":[%d,%d],"finger":[%s,%s],"center":[%s,%s]%s}' % (
                k + 1, i + 1, sk + 1, si + 1, n3(self.fx), n3(self.fy), n3(self.lift["cx"]), n3(self.lift["c"]),
                ',"count":%d' % self.lift["k"] if self.lift["k"] > 1 else "")
        dirty = self.dirty_at_press if self.phase != "idle" else self.snap() != self.saved
        return ('{"t":%s,"x":%s,"width":%s,"screen":%s,"viewport":%s,"columns":[%s],"phase":"%s","rows":%d,'
                '"lifted":%s,"dirty":%s}' % (n3(self.t), n3(self.x), n3(self.board_width()), n3(self.W), n3(self.V),
                                            cols, self.phase, len(self.order()), lifted,
                                            "true" if dirty else "false"))

    def run(self, command):
        words = command.split()
        name, args = words[0], words[1:]
        try:
            if name == "press":
                keys = dict(a.split("=") for a in args if "=" in a)
                if "x" in keys:
                    self.press_point(float(keys["x"]), float(keys["y"]))
                elif "y" in keys:
                    k = self.page_column()
                    self.press_point(k * self.pitch() + self.width() / 2 - self.x, float(keys["y"]))
                elif "," in args[0]:
                    first, last = args[0].split(",")
                    c, r = first.split(":")
                    c2, r2 = last.split(":")
                    if c2 != c:
                        raise Refused("range")
                    self.press_addr(int(c), int(r), int(r2))
                else:
                    c, r = args[0].split(":")
                    self.press_addr(int(c), int(r))
            elif name == "drag":
                if len(args) == 2 and "=" not in args[0]:
                    if self.phase == "idle":
                        raise Refused("idle")
                    self.drag(self.fx + float(args[0]), self.fy + float(args[1]))
                elif "=" in args[0]:
                    keys = dict(a.split("=") for a in args)
                    self.drag(float(keys["x"]) if "x" in keys else None, float(keys["y"]) if "y" in keys else None)
                else:
                    if self.phase == "idle":
                        raise Refused("idle")
                    self.drag(None, self.fy + float(args[0]))
            elif name == "tick":
                self.tick(int(args[0]))
            elif name in ("release", "cancel"):
                self.release(cancel=name == "cancel")
            elif name in ("undo", "redo", "reject"):
                self.history(name)
            elif name == "page":
                self.page(args[0])
            elif name == "set":
                key, value = args[0], args[1]
                if key == "rule":
                    self.rule = value
                elif key == "sections":
                    self.cross = value == "cross"
                elif key == "grab":
                    self.grab = value
                elif key == "hold":
                    self.hold = float(value)
                elif key in ("column", "spacing"):
                    self.set_geometry(key, value)
                elif key == "paging":
                    self.require_idle()
                    self.paging = None if value == "off" else (40.0, 0.5, 0.3)
                else:
                    raise AssertionError(command)
            else:
                raise AssertionError(command)
        except Refused:
            return False
        return True
