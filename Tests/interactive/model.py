"""A second, deliberately naive reading of SPEC.md §1-§4 and §9 and of the behaviour
catalogue (CATALOGUE.md), written apart from the Swift engine: the layout is
recomputed from scratch for every question, every step is taken one at a time, every
timer firing simulated. model_tests.py runs it side by side with the binary."""

import math

import catalogue

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
        self.rule_end = self.rule_visible = self.rule_open = False
        self.rule_every = 0.0  # under every=MS: the rule's own interval, 0 = every event
        self.rule_shadow = False  # under shadow=1: SortableJS's memory of its last swap
        self.profile = catalogue.parse(["linear"])
        self.slop, self.distance, self.clamp_mode = 10.0, 0.0, "none"
        self.start = "first"
        self.reveal = (0.0, False)  # seconds, coarse
        self.t = 0.0
        self.phase = "idle"
        self.touch = None  # holding: dict(row, press, finger, held)
        self.finger = None
        self.lift = None  # dict(source=(s, r, g), finger, center, grab, h)
        self.undo, self.redo = [], []
        self.saved = self.snapshot()
        self.dirty_at_press = False
        self.helper = None  # range=helper: content y of the snapshot's bottom, which the range reaches
        self.o = self.o_min()

    # -- layout -----------------------------------------------------------------
    # A lifted range (SPEC §10) stands in its section as one element ("block", ids):
    # one item of the summed height to every rule, its rows again once it is dropped.
    @staticmethod
    def members(rid):
        return list(rid[1]) if isinstance(rid, tuple) else [rid]

    def h(self, rid):
        if isinstance(rid, tuple):
            return sum(self.h(r) for r in rid[1])
        return self.own.get(rid, self.row_height)

    def header_h(self, s):
        return TITLED if self.sections[s][0] else 0.0

    def order(self):
        return [x for _, rows in self.sections for rid in rows for x in self.members(rid)]

    def snapshot(self):
        return [[x for rid in rows for x in self.members(rid)] for _, rows in self.sections]

    def raw(self):
        """The sections as they stand, a lifted block as one element."""
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
        content = self.content() if self.helper is None else max(self.content(), self.helper)
        return max(self.o_min(), content + self.B - self.V)

    def clamp(self, o):
        return min(max(o, self.o_min()), self.o_max())

    def global_index(self, s, i):
        before = sum(len(self.members(r)) for _, rows in self.sections[:s] for r in rows)
        return before + sum(len(self.members(r)) for r in self.sections[s][1][:i])

    def locate(self, g):
        """Global row index -> (section, index); a row of a lifted block gives the block."""
        for s, (_, rows) in enumerate(self.sections):
            for i, rid in enumerate(rows):
                k = len(self.members(rid))
                if g < k:
                    return s, i
                g -= k
        raise Refused("no such row")

    def row_centre(self, g):
        """Content y of the centre of global row g, inside a lifted block too."""
        s, i = self.locate(g)
        top, hh = self.row_item(s, i)
        rid = self.rid_at(s, i)
        if not isinstance(rid, tuple):
            return top + hh / 2
        inner = g - self.global_index(s, i)
        return top + sum(self.h(r) for r in rid[1][:inner]) + self.h(rid[1][inner]) / 2

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

    def range_at(self, n, m):
        """Rows n to m (1-based) of one section: (section, index, count)."""
        s, i = self.address(n)
        s2, i2 = self.address(m)
        if m < n or s != s2:
            raise Refused("range")
        return s, i, m - n + 1

    def press(self, n=None, y=None, last=None):
        self.require_idle()
        k = 1
        if y is None:
            s, i, k = self.range_at(n, n if last is None else last)
            rows = self.sections[s][1][i:i + k]
            if any(rid in self.flags for rid in rows):
                raise Refused("flag")
            top, _ = self.row_item(s, i)
            hh = sum(self.h(r) for r in rows)
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
        self.touch = {"at": (s, i), "press": finger, "finger": finger, "held": 0.0, "k": k, "armed": False}
        if self.hold > 0 or self.distance > 0:
            self.phase = "holding"
            top, hh = self.row_item(s, i)
            if self.reveal[0] > 0 and not (top >= self.o and top + hh <= self.o + self.V):
                self.touch["reveal_at"] = catalogue.reveal_expiry(self.reveal, round(self.t * 1e9))
        else:
            self.do_lift()

    def do_lift(self):
        s, i = self.touch["at"]
        k = self.touch["k"]
        if k > 1:
            rows = self.sections[s][1]
            rows[i:i + k] = [("block", tuple(rows[i:i + k]))]
        top, hh = self.row_item(s, i)
        finger = self.touch["finger"]
        # grab press (§4.4): measured from the press's finger (nothing scrolls while holding).
        g = top + hh / 2 - (self.o + (self.touch["press"] if self.grab_mode == "press" else finger))
        measured = self.o  # rows=cached: the rows are measured before the lift's clamp
        if self.profile["keys"]["range"] == "helper":
            # The list laid out once without the row, the helper still where the row was.
            bottom = max(self.content() - hh, top + hh)
            self.o = min(self.o, max(self.o_min(), bottom + self.B - self.V))
            self.helper = top + hh
        self.lift = {"s": s, "i": i, "src": (s, i), "from": self.global_index(s, i) + 1, "finger": finger,
                     "grab": g, "h": hh, "k": k, "at_lift": self.raw(), "finger_at_lift": finger, "time": self.t,
                     "timer": None, "count": 0.0, "run_start": None, "stored": (0.0, 0.0), "latched": False, "quiet": -math.inf, "damped": False,
                     "pec": None, "pec_fresh": False, "pec_root": False, "scrolling": False,
                     "up": False, "down": False,
                     "measured": measured if self.profile["keys"]["rows"] == "cached" else None,
                     "rule_timer": {"start": self.t, "fired": 0, "pointed": False} if self.rule_every > 0 else None,
                     "memory": self.fresh_memory(),
                     # SPEC §2.1 (turn 4): an item taller than the viewport waits for a drag.
                     "waits": hh > self.V}
        self.lift["center"] = self.snapshot_center(finger)
        self.lift["last"] = self.o + finger if 0 <= finger < self.V else None
        self.phase = "lifted"
        keys = self.profile["keys"]
        if keys["damp"] != "none":
            d, _ = self.evaluate(self.t)
            self.lift["damped"] = (d < 0 and self.o > self.o_min()) or (d > 0 and self.o < self.o_max())
        if keys["sample"] == "frame":
            self.control(self.evaluate(self.t)[0], drag=False)

    def snapshot_center(self, y):
        g = 0.0 if self.grab_mode == "center" else self.lift["grab"]
        if self.clamp_mode == "inset":
            return self.o + max(self.T, min(y + g, self.V - self.B))
        return (self.o + y) + g

    def drag(self, y=None, by=None, row=None):
        if self.phase == "idle":
            raise Refused("idle")
        current = self.touch["finger"] if self.phase in ("holding", "panning") else self.lift["finger"]
        if by is not None:
            y = current + by
        if row is not None:
            self.address(row)
            y = self.row_centre(row - 1) - self.o
        starts = False
        if self.phase == "holding" and self.distance > 0:
            moved = abs(y - self.touch["press"])
            if self.start == "first":
                starts = moved >= self.distance
            elif not self.touch["armed"]:
                self.touch["armed"] = True  # start armed: the first drag only arms
            else:
                starts = moved > self.distance
        if starts and self.grab_mode == "press":
            # §4.4: lift where the press left the row, then this drag is a drag in lifted.
            self.do_lift()
            if self.profile["keys"]["lift"] == "drag":  # first a drag to the press point
                self.lifted_drag(self.touch["press"])
        if self.phase == "holding":
            self.touch["finger"] = y
            if self.distance > 0:
                if starts:
                    self.do_lift()
            elif abs(y - self.touch["press"]) > self.slop:
                self.phase = "panning"
        elif self.phase == "panning":
            self.o = self.clamp(self.o - (y - self.touch["finger"]))
            self.touch["finger"] = y
        else:
            self.lifted_drag(y)

    def lifted_drag(self, y):
        """A drag of the lifted row (§2.1, §2.2, §2.4)."""
        lift = self.lift
        delta = y - lift["finger"]
        lift["up"] = lift["up"] or delta < 0
        lift["down"] = lift["down"] or delta > 0
        lift["waits"] = lift["waits"] and delta == 0
        lift["finger"] = y
        lift["center"] = self.snapshot_center(y)
        lift["last"] = self.o + y if 0 <= y < self.V else None
        keys = self.profile["keys"]
        if keys["range"] == "helper":  # the helper placed: the range reaches its bottom
            self.helper = lift["center"] + lift["h"] / 2
            if self.clamp(self.o) != self.o:
                self.o = self.clamp(self.o)
                lift["center"] = self.snapshot_center(y)
        # latch=MS: a drag decides only when none has latched and the last decision is MS old.
        decides = keys["latch"] == "none" or (not lift["latched"] and self.t >= lift["quiet"] - 1e-9)
        if decides and keys["latch"] != "none":
            lift["quiet"] = self.t + float(keys["latch"]) / 1000
        if keys["sample"] == "move" and decides:
            lift["stored"] = self.evaluate(self.t)
        if keys["clock"] == "move" and decides:
            self.apply(self.t)
            lift["center"] = self.snapshot_center(y)
        if lift.get("rule_timer") is not None:
            lift["rule_timer"]["pointed"] = True
        self.reorder(("drag", delta))
        if not decides:
            # SortableJS: while `scrolling` (set by the autoScroll() call that last
            # (re)created the scroll interval, until the next call) a move re-creates the
            # 10 ms pointer interval with its own event; that interval's next call decides.
            if lift["latched"] and keys["clock"].startswith("timer:") and lift["scrolling"] \
                    and self.t < self.pec_call(lift["pec"]) - 1e-9:
                lift["pec"], lift["pec_fresh"] = self.t, True
                if lift["timer"] is not None and lift["timer"]["rearm"] is not None:
                    lift["timer"]["rearm"], lift["pec_root"] = None, True  # the old interval's call is gone
            return
        d = lift["stored"][0] if keys["sample"] == "move" else self.evaluate(self.t)[0]
        self.control(d, drag=True)
        if keys["latch"] != "none" and d != 0 and 0 <= y < self.V:
            # latched only when the offset can move that way
            lift["latched"] = self.o > self.o_min() if d < 0 else self.o < self.o_max()
            if lift["latched"]:
                lift["pec"], lift["pec_fresh"], lift["scrolling"] = self.t, False, True

    def pec_call(self, created):
        """The pointer interval (created at `created`, firing every 10 ms): its first call
        the 30 ms throttle (ending at lift["quiet"]) lets through."""
        k = max(1, math.ceil(max(self.lift["quiet"] - created, 0.0) / 0.010 - 1e-9))
        return created + k * 0.010

    def pec_fresh_call(self, at):
        """The pointer interval's call at `at` with a move's event: autoScroll() with it."""
        lift, keys = self.lift, self.profile["keys"]
        root, lift["pec_fresh"], lift["pec_root"] = lift["pec_root"], False, False
        lift["quiet"] = at + float(keys["latch"]) / 1000
        lift["scrolling"] = False
        d, amount = self.evaluate(at)
        if (d < 0 and self.o <= self.o_min()) or (d > 0 and self.o >= self.o_max()):
            d, amount = 0.0, 0.0  # vy: nothing to scroll that way
        current = lift["timer"]["d"] if lift["timer"] is not None else 0.0
        if not root and d == current:
            return
        if keys["sample"] == "move":
            lift["stored"] = (d, amount)
        if d == 0:
            lift["timer"] = None
            return
        lift["timer"] = self.started_timer(d, at, False)
        lift["count"] = 0.0
        lift["scrolling"] = True

    # -- auto-scroll (the catalogue §2) ---------------------------------------------
    def evaluate(self, now):
        """(d, A) for the lifted row as it is, at time `now`; reads, never writes."""
        lift, prof = self.lift, self.profile
        if lift["waits"]:
            return (0.0, 0.0)
        keys, law = prof["keys"], prof["law"]
        V, T, B = self.V, self.T, self.B
        top, bottom = {"view": (0.0, V), "inset": (T, V - B), "top-inset": (T, V), "pixel": (0.0, V - 1)}[
            keys["edges"]]
        span, h = (V if keys["edges"] == "pixel" else bottom - top), lift["h"]
        S, F = lift["center"] - self.o, lift["finger"]
        pt, pb = {"center": (S, S), "finger": (F, F), "edge": (S - h / 2, S + h / 2)}[keys["point"]]
        if law == "linear":
            Z = catalogue.length(prof["params"]["zone"], span, h)
        elif law == "rate":
            Z = span / float(prof["params"]["divisor"])
        else:
            Z = catalogue.length(keys["zone"], span, h)
        if Z < 0:
            return (0.0, 0.0)
        if keys["test"] == "lt":
            in_top, in_bottom = pt < top + Z, pb > bottom - Z
        else:
            in_top, in_bottom = pt <= top + Z, pb >= bottom - Z
        if keys["gate"] == "net":
            in_top, in_bottom = in_top and F < lift["finger_at_lift"], in_bottom and F > lift["finger_at_lift"]
        elif keys["gate"] == "intent":
            in_top, in_bottom = in_top and lift["up"], in_bottom and lift["down"]
        elif keys["gate"] == "inside":
            inside = 0 <= F < V
            in_top, in_bottom = in_top and inside, in_bottom and inside
        if keys["order"] == "top":
            d = -1.0 if in_top else (1.0 if in_bottom else 0.0)
        elif keys["order"] == "bottom":
            d = 1.0 if in_bottom else (-1.0 if in_top else 0.0)
        else:
            d = (1.0 if in_bottom else 0.0) if bottom - pb < pt - top else (-1.0 if in_top else 0.0)
        if d == 0:
            return (0.0, 0.0)
        start = lift["run_start"] if lift["run_start"] is not None else now
        if d < 0:
            D, dist, room = (top + Z) - pt, pt - top, self.o - self.o_min()
        else:
            D, dist, room = pb - (bottom - Z), bottom - pb, self.o_max() - self.o
        A = catalogue.amount(prof, D, Z, dist, span, h, room, 1000 * (now - start), lift["count"])
        if A is None:
            return (0.0, 0.0)
        if keys["damp"] != "none" and lift["damped"]:
            a, b = (float(x) for x in keys["damp"].split(":"))
            ms = 1000 * (now - lift["time"])
            if ms < a - 1e-6:
                A = 1.0
            elif ms < b - 1e-6:
                q = (ms - a) / (b - a)
                A = max(1.0, float(math.ceil(A * (q * q))))
        if keys["round"] == "ceil":
            A = float(math.ceil(A))
        elif keys["round"] == "trunc":
            A = float(math.trunc(A))
        if not math.isfinite(A) or A < 0:
            return (0.0, 0.0)
        return (d, A)

    def apply(self, now):
        """One application (§2.1): the offset and the snapshot move, the run follows."""
        lift, prof = self.lift, self.profile
        d, A = lift["stored"] if prof["keys"]["sample"] == "move" else self.evaluate(now)
        if d == 0:
            if prof["law"] == "quintic":
                lift["run_start"] = None
            return
        if prof["law"] == "quintic" and lift["run_start"] is None:
            lift["run_start"] = now
        if prof["law"] == "count":
            lift["count"] = A
        add = d * (A * (1.0 / self.fps)) if prof["keys"]["clock"] == "frame" else d * A
        new = self.clamp(self.o + add)
        lift["center"] += new - self.o
        self.o = new
        if lift["measured"] is not None:  # rows=cached: a zone found measures the rows again
            lift["measured"] = new

    def control(self, d, drag):
        """The timer control after an evaluation (§2.1)."""
        keys, lift = self.profile["keys"], self.lift
        if not keys["clock"].startswith("timer:"):
            return
        if d == 0:
            lift["timer"] = None
            return
        timer = lift["timer"]
        if timer is not None and timer["d"] == d and not (drag and keys["restart"] == "drag"):
            return
        lift["timer"] = self.started_timer(d, self.t, drag)
        lift["count"] = 0.0

    def started_timer(self, d, start, drag):
        """A timer (re)started at `start`: with expiry=coarse its first expiry (ns), with
        rearm after a drag when it starts once more."""
        keys = self.profile["keys"]
        timer = {"d": d, "start": start, "fired": 0, "due": 0, "rearm": None}
        if keys["expiry"] == "coarse":
            now = round(start * 1e9)
            timer["due"] = catalogue.coarse_next(now, now, catalogue.period(keys["clock"]))
        if drag and keys["rearm"] != "none":
            timer["rearm"] = start + float(keys["rearm"]) / 1000
        return timer

    def next_firing(self, timer, period):
        if self.profile["keys"]["expiry"] == "coarse":
            return timer["due"] / 1e9
        return timer["start"] + (timer["fired"] + 1) * period

    def tick(self, n=1):
        for _ in range(n):
            dt = 1.0 / self.fps
            self.t += dt
            if self.phase == "holding":
                self.touch["held"] += dt
                due = self.touch.get("reveal_at")
                if due is not None and round(self.t * 1e9) >= due:
                    # The reveal: the row scrolled fully into view, the press point with it.
                    self.touch["reveal_at"] = None
                    s, i = self.touch["at"]
                    top, hh = self.row_item(s, i)
                    if not (top >= self.o and top + hh <= self.o + self.V):
                        target = top if (hh > self.V or top < self.o) else top + hh - self.V
                        before, self.o = self.o, self.clamp(target)
                        self.touch["press"] -= self.o - before
                if self.distance == 0 and self.touch["held"] >= self.hold - 1e-9:
                    self.do_lift()
                else:
                    continue
            if self.phase != "lifted":
                continue
            clock = self.profile["keys"]["clock"]
            if clock in ("frame", "step"):
                before = self.o
                self.apply(self.t)
                self.reorder(("frame",) if self.o != before else ("still",))
                self.run_rule_timer(self.t)
            elif clock == "move":
                self.run_rule_timer(self.t)
            elif clock.startswith("timer:"):
                period = catalogue.period(clock)
                coarse = self.profile["keys"]["expiry"] == "coarse"
                while True:
                    timer = self.lift["timer"]
                    if self.lift["pec_fresh"]:
                        call = self.pec_call(self.lift["pec"])
                        if call <= self.t + 1e-9 and (timer is None or call < self.next_firing(timer, period) - 1e-9):
                            self.run_rule_timer(call)
                            self.pec_fresh_call(call)
                            continue
                    if timer is None:
                        break
                    firing = self.next_firing(timer, period)
                    if timer["rearm"] is not None and timer["rearm"] < firing - 1e-9:
                        # rearm: started once more before its next firing.
                        if not timer["rearm"] <= self.t + 1e-9:
                            break
                        self.lift["timer"] = self.started_timer(timer["d"], timer["rearm"], False)
                        self.lift["count"] = 0.0
                        if self.lift["latched"] and self.profile["keys"]["latch"] != "none":
                            # the pointer interval's call: the throttle is its, `scrolling` set
                            self.lift["quiet"] = timer["rearm"] + float(self.profile["keys"]["latch"]) / 1000
                            self.lift["scrolling"] = True
                        continue
                    if not (timer["due"] <= round(self.t * 1e9) if coarse else firing <= self.t + 1e-9):
                        break
                    # the rule's own interval first at a tie (started at the lift)
                    self.run_rule_timer(firing)
                    timer["fired"] += 1
                    if coarse:
                        timer["due"] = catalogue.coarse_next(timer["due"], round(self.t * 1e9), period)
                    before = self.o
                    self.apply(firing)
                    self.reorder(("frame",) if self.o != before else ("still",))
                self.run_rule_timer(self.t)
                if self.profile["keys"]["sample"] == "frame":
                    self.control(self.evaluate(self.t)[0], drag=False)

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

    def run_rule_timer(self, limit):
        """under every=MS: the rule at each firing of its interval (started at the lift)
        due by `limit`, at most 1,000 in one call (the rest counted as fired)."""
        timer = self.lift.get("rule_timer")
        if timer is None or self.rule_every <= 0:
            return
        period = self.rule_every / 1000
        runs = 0
        while timer["start"] + (timer["fired"] + 1) * period <= limit + 1e-9:
            timer["fired"] += 1
            if runs == 1000:
                # as Engine.firings(start:period:by:from:) counts them
                due = math.floor((limit + 1e-9 - timer["start"]) / period)
                if not math.isfinite(due) or due >= float((2**63 - 1) // 4):
                    timer["fired"] = (2**63 - 1) // 4
                    return
                k = max(timer["fired"], int(due))
                while k > timer["fired"] and timer["start"] + k * period > limit + 1e-9:
                    k -= 1
                while timer["start"] + (k + 1) * period <= limit + 1e-9:
                    k += 1
                timer["fired"] = k
                return
            runs += 1
            if timer["pointed"]:  # a drag since the lift gave it a pointer
                self.reorder(("frame",), clock=True)

    def reorder(self, event=("frame",), clock=False):
        """The rule; under every=MS only at its own firings (and the release); under
        rows=cached it sees the finger and the snapshot at the offset the rows were last
        measured at, and a move of the row measures them again."""
        if self.rule_every > 0 and not clock and event[0] != "release":
            return  # every=MS: only at the rule's own firings
        lift = self.lift
        measured = lift["measured"]
        if measured is None:
            return self.run_rule(event)
        o, shift, before = self.o, measured - self.o, (lift["s"], lift["i"])
        self.o, lift["center"] = measured, lift["center"] + shift
        try:
            self.run_rule(event)
        finally:
            self.o, lift["center"] = o, lift["center"] - shift
        if (lift["s"], lift["i"]) != before:
            lift["measured"] = self.o

    def run_rule(self, event):
        if self.rule in ("drop", "itemview") or (self.rule == "intersect" and event[0] != "drag"):
            return
        if self.rule == "halves":
            # §3.9: drags and applications that moved the offset only.
            return None if event[0] == "still" else self.halves()
        if self.rule == "nearest":
            return self.nearest()
        if self.rule == "far":
            return self.far()
        if self.rule == "guarded":
            found = self.hit(self.o + self.lift["finger"])
            if found is not None:
                top, hh = self.row_item(*found)
                if (self.o + self.lift["finger"]) - top > hh - self.lift["h"]:
                    self.under()
            return
        if self.rule == "intersect":
            return self.intersect(event[1])
        if self.rule == "overlap":
            return self.overlap()
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
        elif self.rule == "under" and self.rule_shadow:
            self.under_shadow()
        else:
            self.under()

    @staticmethod
    def fresh_memory():
        # SortableJS's lastTarget (here the row's identity), lastDirection,
        # targetMoveDistance and pastFirstInvertThresh.
        return {"target": None, "dir": 0, "moved": 0.0, "past": False}

    def under_shadow(self):
        """`under shadow=1`: SortableJS's _onDragOver and _getSwapDirection (swapThreshold
        1) with its memory of the last swap, written from the library's code: the
        target is remembered by identity, not by position."""
        memory, lift = self.lift["memory"], self.lift
        finger = lift["finger"]
        if self.rule_visible and not 0 <= finger < self.V:
            return  # the pointer is off the list: _onDragOver is not called
        p = self.o + finger
        found = self.hit(p)
        ls, li = lift["s"], lift["i"]
        if found is None:
            if self.rule_end:
                self.to_end()
            if (lift["s"], lift["i"]) == (ls, li):
                memory["target"] = None  # the list itself is the target
            return
        s, i = found
        if (s, i) == (ls, li):
            memory["target"] = None  # over dragEl
            return
        target = self.rid_at(s, i)
        if self.pinned(target) or (not self.cross and s != ls):
            return
        a, b = sorted((self.global_index(ls, li), self.global_index(s, i)))
        order = self.order()
        if any(self.pinned(order[k]) for k in range(a + 1, b)):
            return
        top, hh = self.row_item(s, i)
        is_last = memory["target"] == target
        if not is_last:
            memory["past"] = False
        if is_last and memory["moved"] < hh:
            down = memory["dir"] == 1
            if not memory["past"] and (p > top + hh / 2 if down else p < top + hh / 2):
                memory["past"] = True
            if not memory["past"]:
                over = p < top + memory["moved"] if down else p > top + hh - memory["moved"]
                direction = -memory["dir"] if over else 0
            else:
                direction = 0 if p == top + hh / 2 else (1 if p > top + hh / 2 else -1)
        elif self.rule_open and p == top:
            direction = 0
        else:
            direction = 1 if self.global_index(ls, li) < self.global_index(s, i) else -1
        if direction == 0:
            return
        # Insert the lifted row after (1) or before (-1) the target, unless it is there.
        rows = [list(r) for _, r in self.sections]
        del rows[ls][li]
        at = rows[s].index(target) + (1 if direction == 1 else 0)
        if (s, at) == (ls, li):
            return
        rid = self.sections[ls][1].pop(li)
        self.sections[s][1].insert(at, rid)
        lift["s"], lift["i"] = s, at
        if not is_last:
            memory["moved"] = abs(top - self.row_item(s, self.sections[s][1].index(target))[0])
        memory["target"], memory["dir"] = target, direction

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

    def set_rule(self, words):
        """`set rule NAME [end=0|1] [visible=0|1] [open=0|1] [every=MS] [shadow=0|1]`: the
        parameters belong to `under` only; set during a gesture, every=MS starts its
        interval now and the rule remembers nothing."""
        flags = {"end": "0", "visible": "0", "open": "0", "shadow": "0"}
        every = 0.0
        for word in words[1:]:
            key, _, value = word.partition("=")
            if words[0] == "under" and key == "every":
                try:
                    every = float(value)
                except ValueError:
                    raise Refused("rule")
                if not every >= 0 or every == math.inf:
                    raise Refused("rule")
                continue
            if words[0] != "under" or key not in flags or value not in ("0", "1"):
                raise Refused("rule")
            flags[key] = value
        self.rule, self.rule_end, self.rule_visible = words[0], flags["end"] == "1", flags["visible"] == "1"
        self.rule_open = flags["open"] == "1"
        self.rule_every = every
        self.rule_shadow = flags["shadow"] == "1"
        if self.phase == "lifted":
            self.lift["rule_timer"] = {"start": self.t, "fired": 0, "pointed": False} if every > 0 else None
            self.lift["memory"] = self.fresh_memory()

    def under(self):
        if self.rule == "under" and self.rule_visible and not 0 <= self.lift["finger"] < self.V:
            return  # visible=1: off screen no row is hit
        found = self.hit(self.o + self.lift["finger"])
        if found is None:
            if self.rule == "under" and self.rule_end:
                self.to_end()
            return
        s, i = found
        ls, li = self.lift["s"], self.lift["i"]
        if (s, i) == (ls, li) or self.pinned(self.rid_at(s, i)):
            return
        if self.rule == "under" and self.rule_open and self.o + self.lift["finger"] == self.row_item(s, i)[0]:
            return  # open=1: a finger on the row's top line hits none
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

    def to_end(self):
        """`under end=1`: a finger on screen below the last row moves L after it."""
        rows = [item for item in self.items() if item[0] == "row"]
        finger = self.lift["finger"]
        if not rows or not 0 <= finger < self.V:
            return
        _, s, i, top, hh = rows[-1]
        ls, li = self.lift["s"], self.lift["i"]
        if not self.o + finger > top + hh or (s, i) == (ls, li) or self.pinned(self.rid_at(s, i)):
            return
        if not self.cross and s != ls:
            return
        order = self.order()
        after = self.global_index(ls, li) + len(self.members(self.rid_at(ls, li)))
        if any(self.pinned(order[k]) for k in range(after, len(order) - 1)):
            return
        rid = self.sections[ls][1].pop(li)
        self.sections[s][1].append(rid)
        self.lift["s"], self.lift["i"] = s, len(self.sections[s][1]) - 1

    # -- the catalogue's rules (§3.2-§3.8) ------------------------------------------
    def lifted_top(self):
        return self.row_item(self.lift["s"], self.lift["i"])[0]

    def place(self, s, i):
        """Moves L to index i of section s (indexes of the list without L)."""
        rid = self.sections[self.lift["s"]][1].pop(self.lift["i"])
        self.sections[s][1].insert(i, rid)
        self.lift["s"], self.lift["i"] = s, i

    def nearest(self):
        rid = self.sections[self.lift["s"]][1][self.lift["i"]]
        without = [list(rows) for _, rows in self.sections]
        without[self.lift["s"]].pop(self.lift["i"])
        # Insertion points of W in layout order; between two of them lies a row or a
        # section boundary.
        points, between = [], []
        for s, rows in enumerate(without):
            for i in range(len(rows) + 1):
                if points:
                    between.append(("row", rows[i - 1]) if i > 0 else ("boundary", s))
                points.append((s, i))
        cur = points.index((self.lift["s"], self.lift["i"]))
        ok = lambda item: (not self.pinned(item[1])) if item[0] == "row" else self.cross
        lo = cur
        while lo > 0 and ok(between[lo - 1]):
            lo -= 1
        hi = cur
        while hi < len(points) - 1 and ok(between[hi]):
            hi += 1
        saved = [list(rows) for _, rows in self.sections]
        distances = []
        for k in range(lo, hi + 1):
            s, i = points[k]
            self.restore(without)
            self.sections[s][1].insert(i, rid)
            top, _ = self.row_item(s, i)
            distances.append(abs(self.lift["center"] - (top + self.lift["h"] / 2)))
        self.restore(saved)
        best = min(distances)
        k = cur if distances[cur - lo] == best else lo + distances.index(best)
        self.place(*points[k])

    def halves(self):
        """§3.9, Flutter's _dragUpdateItems(): one pass over every row but L, top to
        bottom, with the four cases literally, then steps towards the target."""
        h, c = self.lift["h"], self.lift["center"]
        a, b = c - h / 2, c + h / 2
        ls, li = self.lift["s"], self.lift["i"]
        points = [(s, i) for s, (_, rows) in enumerate(self.sections)
                  for i in range(len(rows) + (0 if s == ls else 1))]
        cur = points.index((ls, li))
        target = cur
        for kind, s, i, top, hh in self.items():
            if kind != "row" or (s, i) == (ls, li):
                continue
            p = points.index((s, i - 1 if (s == ls and i > li) else i))
            mid, end = top + hh / 2, top + hh
            if top <= a <= mid:
                target = p
                break
            if mid <= b <= end:
                target = p + 1
                break
            if end < a and target <= p:
                target = p + 1
            elif b < top and target > p:
                target = p
        while cur != target:
            nxt, prv = self.neighbours()
            item = nxt if cur < target else prv
            if not item or not self.passable(item):
                return
            self.step(item, down=cur < target)
            cur += 1 if cur < target else -1

    def far(self):
        h = self.lift["h"]
        y = self.lift["center"] - h / 2
        top = self.lifted_top()
        if abs(y - top) < h * 0.5:
            return
        nxt, prv = self.neighbours()
        if y > top:
            if nxt and self.passable(nxt) and nxt[2] + nxt[3] < y + h:
                self.step(nxt, down=True)
        elif prv and self.passable(prv) and prv[2] > y:
            self.step(prv, down=False)

    def target(self, y):
        """The row at content y that L may move next to, as (s, i, top, h), or None."""
        found = self.hit(y)
        if found is None:
            return None
        s, i = found
        ls, li = self.lift["s"], self.lift["i"]
        if (s, i) == (ls, li) or self.pinned(self.rid_at(s, i)) or (not self.cross and s != ls):
            return None
        a, b = sorted((self.global_index(ls, li), self.global_index(s, i)))
        order = self.order()
        if any(self.pinned(order[k]) for k in range(a + 1, b)):
            return None
        top, hh = self.row_item(s, i)
        return s, i, top, hh

    def beside(self, s, i, after):
        """L right before or after the row now at (s, i)."""
        rid_r = self.rid_at(s, i)
        rid = self.sections[self.lift["s"]][1].pop(self.lift["i"])
        rows = self.sections[s][1]
        j = rows.index(rid_r) + (1 if after else 0)
        rows.insert(j, rid)
        self.lift["s"], self.lift["i"] = s, j

    def intersect(self, delta):
        y = self.o + self.lift["finger"]
        hit = self.target(y)
        if delta == 0 or hit is None:
            return
        s, i, top, hh = hit
        ls, li = self.lift["s"], self.lift["i"]
        if delta > 0:
            if s == ls and i == li - 1:
                return
            if y >= top + hh / 2:
                self.beside(s, i, after=True)
        else:
            if s == ls and i == li + 1:
                return
            if y < top + hh / 2:
                self.beside(s, i, after=False)

    def overlap(self):
        lift = self.lift
        rid = self.sections[lift["s"]][1][lift["i"]]
        self.restore(lift["at_lift"])
        ss, si = lift["src"]
        lift["s"], lift["i"] = ss, si
        a, b = lift["center"] - lift["h"] / 2, lift["center"] + lift["h"] / 2
        order = self.order()
        src_global = self.global_index(ss, si)
        best, winner = -1.0, None
        for kind, s, i, top, hh in self.items():
            if kind != "row":
                continue
            ov = min(b, top + hh) - max(a, top)
            if ov <= 0:
                continue
            r = self.rid_at(s, i)
            if r != rid:
                lo, hi = sorted((src_global, self.global_index(s, i)))
                if self.pinned(r) or any(self.pinned(order[k]) for k in range(lo + 1, hi)):
                    continue
                if not self.cross and s != ss:
                    continue
            ratio = catalogue.to_fixed4(ov / (hh + lift["h"] - ov))
            if ratio > best:
                best, winner = ratio, (None if r == rid else (s, i))
        if winner is not None:
            self.sections[ss][1].pop(si)
            self.sections[winner[0]][1].insert(winner[1], rid)
            lift["s"], lift["i"] = winner

    def drop(self):
        y = self.o + self.lift["finger"]
        hit = self.target(y)
        if hit is not None:
            s, i, top, hh = hit
            self.beside(s, i, after=y >= top + hh / 2)

    def itemview_drop(self):
        """Qt's QListView drop: the drop indicator's margins and integer centre, the end
        below the last row, nothing off screen."""
        finger = self.lift["finger"]
        last = self.lift["last"]  # Qt drops only if it accepted the last drag-move event
        if not 0 <= finger < self.V or last is None or self.hit(last) == (self.lift["s"], self.lift["i"]):
            return
        y = self.o + finger
        found = self.hit(y)
        if found is not None:
            s, i = found
            top, hh = self.row_item(s, i)
            rel = y - top
            margin = min(12, max(2, math.floor(hh / 5.5 + 0.5)))
            after = False if rel < margin else True if (hh - 1) - rel < margin else rel >= math.floor((hh - 1) / 2)
        else:
            total = sum(len(rows) for _, rows in self.sections)
            if total == 0:
                return
            s, i = self.locate(total - 1)
            top, hh = self.row_item(s, i)
            if y < top + hh:
                return
            after, y = True, top
        hit = self.target(y)
        if hit is not None:
            self.beside(hit[0], hit[1], after)

    def end_helper(self):
        """range=helper: the helper is gone; returns whether the offset moved."""
        if self.helper is None:
            return False
        self.helper = None
        before, self.o = self.o, self.clamp(self.o)
        return self.o != before

    def release(self):
        if self.phase == "idle":
            raise Refused("idle")
        if self.phase == "lifted" and self.rule == "itemview":
            self.itemview_drop()
        if self.phase == "lifted" and self.rule == "drop":
            self.drop()
        if self.phase == "lifted":
            if (self.lift["s"], self.lift["i"]) != self.lift["src"]:
                self.undo.append(self.snapshot_pair(before=self.before_gesture()))
                self.redo = []
            self.restore(self.snapshot())  # a block's rows again, in their order
        self.phase, self.lift, self.touch = "idle", None, None
        self.end_helper()

    def before_gesture(self):
        snap = self.raw()
        rid = snap[self.lift["s"]].pop(self.lift["i"])
        s, i = self.lift["src"]
        snap[s].insert(i, rid)
        return [[x for r in rows for x in self.members(r)] for rows in snap]

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
        self.end_helper()

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

    def move_range(self, n, m, to):
        """SPEC §10: TO is the first row's final number; down the block goes right after
        the row now at TO + k - 1, up right before the row now at TO, in its section."""
        self.require_idle()
        s, i, k = self.range_at(n, m)
        rows = self.sections[s][1][i:i + k]
        if any(rid in self.flags for rid in rows):
            raise Refused("flag")
        order = self.order()
        last = len(order) - k + 1
        to = last if to == "$" else to
        if not 1 <= to <= last:
            raise Refused("past the end")
        a, b = n - 1, to - 1
        anchor = b + k - 1 if b > a else b
        passed = range(a + k, b + k) if b > a else range(b, a)
        if any(self.pinned(order[x]) for x in passed):
            raise Refused("pinned")
        ts, _ = self.locate(anchor)
        if not self.cross and ts != s:
            raise Refused("section")
        if a == b:
            return
        before = self.snapshot()
        anchor_rid = order[anchor]
        del self.sections[s][1][i:i + k]
        target = self.sections[ts][1]
        j = target.index(anchor_rid) + (1 if b > a else 0)
        target[j:j] = rows
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
            lifted = '{"row":%d,"from":%d,"finger":%s,"center":%s%s}' % (
                row, frm, n(self.lift["finger"]), n(self.lift["center"]),
                ',"count":%d' % self.lift["k"] if self.lift["k"] > 1 else "")
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
                elif "," in args[0]:
                    a, b = args[0].split(",")
                    self.press(n=int(a), last=int(b))
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
            elif name == "move" and "," in args[0]:
                a, b = args[0].split(",")
                to = args[1]
                # $, N, or +N / -N: the block that many places further (SPEC §10).
                to = "$" if to == "$" else int(a) + int(to) if to[0] in "+-" else int(to)
                self.move_range(int(a), int(b), to)
            elif name == "move":
                self.move(int(args[0]), int(args[1]))
            elif name == "undo":
                self.do_undo()
            elif name == "redo":
                self.do_redo()
            elif name in ("lock", "pin", "unlock") and "," in args[0]:
                a, b = (int(x) for x in args[0].split(","))
                self.require_idle()
                s, i, k = self.range_at(a, b)
                for g in range(a, b + 1):
                    self.set_flag(g, {"lock": "L", "pin": "P", "unlock": None}[name])
            elif name in ("lock", "pin", "unlock"):
                self.set_flag(int(args[0]), {"lock": "L", "pin": "P", "unlock": None}[name])
            elif name == "scroll":
                self.scroll_by(float(args[0]))
            elif name == "set":
                key = args[0]
                if key == "rule":
                    self.set_rule(args[1:])
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
                    try:
                        self.profile = catalogue.parse(args[1:])
                    except catalogue.Invalid:
                        raise Refused("autoscroll")
                    moved = self.profile["keys"]["range"] != "helper" and self.end_helper()
                    if self.phase == "lifted":  # §2.7
                        self.lift.update(timer=None, count=0.0, run_start=None, stored=(0.0, 0.0), latched=False,
                                         quiet=-math.inf, pec=None, pec_fresh=False, pec_root=False,
                                         scrolling=False)
                        cached = self.profile["keys"]["rows"] == "cached"
                        measured = self.lift["measured"]
                        self.lift["measured"] = (self.o if measured is None else measured) if cached else None
                        if moved:
                            self.lift["center"] = self.snapshot_center(self.lift["finger"])
                elif key == "slop":
                    self.slop = float(args[1])
                elif key == "distance":
                    self.distance = float(args[1])
                elif key == "clamp":
                    self.clamp_mode = args[1]
                elif key == "start":
                    self.start = args[1]
                elif key == "reveal":
                    self.reveal = (0.0, False) if args[1] == "off" else (float(args[1]), len(args) > 2)
                elif key == "preset":
                    self.require_idle()
                    autoscroll, rule, hold, slop, distance, grab, clamp = catalogue.PRESETS[args[1]]
                    self.profile = catalogue.parse(autoscroll.split())
                    self.set_rule(rule.split())
                    self.hold, self.slop, self.distance = float(hold), float(slop), float(distance)
                    self.grab_mode, self.clamp_mode = grab, clamp
                    self.start = catalogue.STARTS.get(args[1], "first")
                    self.reveal = catalogue.REVEALS.get(args[1], (0.0, False))
            else:
                raise AssertionError(command)
        except Refused:
            return False
        return True
