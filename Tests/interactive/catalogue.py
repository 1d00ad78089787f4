"""The behaviour catalogue (CATALOGUE.md §1-§6) read a second time, apart from the Swift
engine: the autoscroll syntax, the laws with their defaults, and the presets. model.py
drives them frame by frame."""

import math
from decimal import Decimal, ROUND_HALF_UP

# §2.5: each law's own parameters (in print order) and its defaults for the generic keys.
GENERIC = {"clock": "frame", "sample": "frame", "point": "center", "edges": "view", "zone": "0",
           "order": "top", "test": "lt", "gate": "none", "restart": "dir", "round": "none", "damp": "none",
           "range": "content", "lift": "none", "rows": "live", "rearm": "none", "expiry": "exact",
           "latch": "none"}
KEY_ORDER = ["clock", "sample", "point", "edges", "zone", "order", "test", "gate", "restart", "round", "damp",
             "range", "lift", "rows", "rearm", "expiry", "latch"]
LAWS = {
    "linear": ({"zone": "100", "max": "1200", "min": "0"}, {}),
    "fixed": ({"speed": "240"}, {"point": "edge", "zone": "0"}),
    "rate": ({"divisor": "6", "scale": "600"}, {"point": "finger", "edges": "top-inset", "order": "bottom",
                                                 "test": "le"}),
    "ramp": ({"max": "10", "per": "0"}, {"point": "finger", "zone": "0.2v", "test": "le"}),
    "power": ({"max": "28", "full": "0.05v", "exp": "2"}, {"zone": "0.25v", "order": "closer", "test": "le"}),
    "quintic": ({"max": "20", "time": "2000"}, {"point": "edge", "zone": "0"}),
    "overflow": ({"cap": "20"}, {"point": "edge", "zone": "0"}),
    "count": ({"cap": "1v"}, {"point": "finger", "zone": "16"}),
    "off": ({}, {}),
}

# §6, the seven parameters of each preset.
PRESETS = {
    "rowdrag": ("linear zone=100 max=1200", "edge", 0, 10, 0, "keep", "none"),
    "uikit-longpress": ("linear zone=100 max=1200", "edge", 0.5, 10, 0, "keep", "none"),
    "swiftreorder": ("linear zone=30 max=280 min=60 point=edge edges=inset", "nearest", 0.3, 10, 0, "keep",
                     "inset"),
    "itemtouchhelper": ("quintic max=20 time=2000 clock=step edges=inset gate=net", "far", 0.4, 8, 0, "keep",
                        "none"),
    "flutter": ("overflow cap=20 clock=timer:20", "halves", 0.5, 18, 0, "keep", "none"),
    "sortablejs": ("fixed speed=10 clock=timer:24 sample=move point=finger zone=30 test=le gate=inside rearm=30 latch=30",
                   "under end=1 visible=1 open=1 every=50 shadow=1",
                   0, 1, 1, "keep", "none"),
    "rbd": ("power max=28 full=0.05v exp=2 clock=step damp=360:1200", "edge", 0.12, 0, 0, "keep", "none"),
    "dndkit": ("ramp max=10 clock=timer:5 gate=intent restart=drag", "overlap", 0, 10, 0, "keep", "none"),
    "bvreorder": ("rate divisor=6 scale=10 clock=step sample=move", "guarded", 0.5, 10, 0, "center", "none"),
    "fmmove": ("ramp per=5 clock=timer:1000/60 sample=move point=center zone=0.6h round=ceil", "under", 0.5, 10, 0,
               "keep", "none"),
    "ats": ("linear zone=0.5h+6 max=5 clock=step round=ceil", "edge", 0.5, 5, 0, "keep", "none"),
    "jqueryui": ("fixed speed=20 clock=move point=finger zone=20 order=bottom range=helper lift=drag rows=cached",
                 "intersect", 0, 10, 1, "press", "none"),
    "qt": ("count cap=1v clock=timer:50 edges=pixel gate=inside restart=drag expiry=coarse", "itemview", 0, 10, 10, "keep",
           "none"),
    "displaylink-fixed": ("fixed speed=4 clock=step sample=move", "under", 0.5, 10, 0, "center", "none"),
    "half-row": ("off", "edge", 0.5, 10, 0, "keep", "none"),
    "edge-ramp": ("ramp max=20 clock=step point=center zone=150 test=lt", "under", 0.5, 10, 0, "center", "none"),
    "hpreorder-rate": ("rate divisor=6 scale=10 clock=step sample=move", "under", 0.5, 10, 0, "center", "none"),
}


# `start` and `reveal`, the eighth and ninth preset settings (`first` and off unless
# named here).
STARTS = {"qt": "armed"}
REVEALS = {"qt": (0.5, True)}


def reveal_expiry(reveal, now):
    """When a reveal armed at `now` (ns) fires, on Qt's coarse timer when it is coarse."""
    delay, coarse = reveal
    interval = round(delay * 1000)
    due = now + round(delay * 1e9)
    return coarse_expiry(due, now, interval) if coarse and interval > 0 else due


def coarse_next(last, now, period):
    """expiry=coarse: the expiry (ns) after one at `last` processed at `now`
    (qtimerinfo_unix.cpp calculateNextTimeout): last + period, or now + period when that is
    later, then the coarse rounding; the period in whole ms, at most a day."""
    ms = int(min(max(round_half_away(period * 1000), 1), 86_400_000))
    following = last + ms * 10**6
    if following < now:
        following = now + ms * 10**6
    return coarse_expiry(following, now, ms)


def round_half_away(x):
    """Swift's .rounded(): half away from zero."""
    return math.floor(x + 0.5) if x >= 0 else -math.floor(-x + 0.5)


def nanoseconds(t):
    """Seconds in whole ns, as the engine's timers read them."""
    return int(round_half_away(t * 1e9))


def coarse_expiry(due, now, interval):
    """Qt's coarse timer (qtimerinfo_unix.cpp calculateCoarseTimerTimeout) for an interval
    of `interval` ms due at `due` ns: whole milliseconds, moved at most interval/20 towards a
    multiple of 500 ms (50 ms for intervals that are not multiples of 500), or to the whole
    second when that is within reach; never before `now`."""
    sec, nsec = divmod(due, 10**9)
    msec = nsec // 10**6
    rounding = interval // 20
    low, high = max(0, msec - rounding), min(1000, msec + rounding)
    if low == 0:
        msec = 0
    elif high == 1000:
        msec = 1000
    else:
        multiple = 500 if interval % 500 == 0 else 50
        base = msec // multiple * multiple
        msec = max(base, low) if msec < base + multiple // 2 else min(base + multiple, high)
    return max(sec * 10**9 + msec * 10**6, now)


class Invalid(Exception):
    pass


def parse(words):
    """`set autoscroll` words -> profile dict: law, params (text), keys (text)."""
    words = [w for word in words for w in word.split(",") if w]
    if not words or words[0] not in LAWS:
        raise Invalid("law")
    law = words[0]
    own, defaults = LAWS[law]
    params = dict(own)
    keys = dict(GENERIC)
    keys.update(defaults)
    seen = set()
    for word in words[1:]:
        if "=" not in word:
            raise Invalid(word)
        k, v = word.split("=", 1)
        if k in seen:
            raise Invalid("twice")
        seen.add(k)
        if k in own:
            params[k] = v
        elif k in GENERIC and not (k == "zone" and law == "rate"):
            keys[k] = v
        else:
            raise Invalid(k)
    if "per" in seen and "max" in seen and law == "ramp":
        raise Invalid("both")
    if keys["damp"] != "none" and law != "power":
        raise Invalid("damp")
    if keys["sample"] == "move" and (law in ("quintic", "count") or keys["damp"] != "none"):
        raise Invalid("sample")
    return {"law": law, "params": params, "keys": keys}


def length(text, span, h):
    """§2.3 lengths: N, Nv, v/N, Nh, Nh+M, Nh-M."""
    if text.startswith("v/"):
        return span / float(text[2:])
    if text.endswith("v"):
        return float(text[:-1]) * span
    if "h" in text:
        n, rest = text.split("h")
        m = 0.0 if rest == "" else (float(rest[1:]) if rest[0] == "+" else -float(rest[1:]))
        return float(n) * h + m
    return float(text)


def period(clock):
    """Seconds between firings of `timer:P` or `timer:A/B`."""
    p = clock[len("timer:"):]
    if "/" in p:
        a, b = p.split("/")
        ms = float(a) / float(b)
    else:
        ms = float(p)
    return ms / 1000


def amount(profile, D, Z, dist, span, h, room, ms, count):
    """§2.5: A, or None for no zone."""
    law, p = profile["law"], profile["params"]
    num = lambda k: float(p[k])
    if law == "linear":
        if Z <= 0:
            return None
        return num("min") + (num("max") - num("min")) * min(1.0, D / Z)
    if law == "fixed":
        return num("speed")
    if law == "rate":
        if Z <= 0:
            return None
        return num("scale") * D / Z
    if law == "ramp":
        if num("per") > 0:
            return D / num("per")
        if Z <= 0:
            return None
        return num("max") * D / Z
    if law == "power":
        if h > span:
            return None
        F = length(p["full"], span, h)
        if dist <= F:
            return num("max")
        if Z - F <= 0:
            return None
        q = 1 - (dist - F) / (Z - F)
        return max(1.0, float(math.ceil(num("max") * q ** num("exp"))))
    if law == "quintic":
        r = min(1.0, D / h)
        q = r - 1
        cap = float(math.trunc(num("max") * (q * q * q * q * q + 1)))
        tau = 1.0 if ms >= num("time") - 1e-6 else ms / num("time")
        value = float(math.trunc(cap * (tau * tau * tau * tau * tau)))
        return 1.0 if value == 0 else value
    if law == "overflow":
        a = min(D, num("cap"), room)
        return 0.0 if a < 1 else a
    if law == "count":
        return min(count + 1, length(p["cap"], span, h))
    return None


def to_fixed4(x):
    """JavaScript's Number(x.toFixed(4)) for x >= 0: the exact binary value, half up."""
    return float(Decimal(x).quantize(Decimal("0.0001"), rounding=ROUND_HALF_UP))
