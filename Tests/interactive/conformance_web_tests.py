"""The `sortablejs` and `jqueryui` presets against the real libraries, run for real.

Debian's SortableJS 1.14 (`libjs-sortable`, with its AutoScroll plugin) and jQuery UI
1.13 sortable (`libjs-jquery-ui` on `libjs-jquery`) run in headless Chromium
(`chromium.py`, DevTools over --remote-debugging-pipe; nothing is downloaded, the page
is a local file and the network is off). Before any page script runs, the page's
clocks and timers are replaced (`performance.now`, `Date.now`, `setTimeout`,
`setInterval`, their `clear…`, `requestAnimationFrame`): time moves only when the
test advances it, one display frame (1/60 s) at a time, and the timers due in a frame
fire in time order. The list is a scroll container of rows (equal or mixed heights,
viewport 200-800 points) with scroll anchoring and text selection off. A seeded random
gesture (press at a random point of a row, moves into, onto and past the edge zones,
ticks of 1-120 frames, release) drives the library with trusted mouse events and the
fake clock, and the same gesture runs through `rowdrag --preset NAME --trace -`. The
test compares the final order, the scroll offset after every frame, and the first
frame whose offset differs from the offset at the press.

rowdrag models what CATALOGUE.md says, and the catalogue leaves some real behaviour
out, so some gestures disagree. Every disagreeing gesture is listed in EXPECTED with
the real behaviour that causes it (library file and function as in Debian's copy,
which is the upstream file bundled) and what differs. The test fails when a gesture
not listed disagrees, or a listed one agrees or differs otherwise, and prints a
reproducer. `ROWDRAG_CONFORMANCE_SEEDS=N` runs N gestures per library (default 30);
gestures past the table's range are reported with their figures but cannot fail."""

import json
import math
import os
import random
import subprocess
import tempfile
import urllib.parse

import chromium

SORTABLE_JS = "/usr/share/javascript/sortable/Sortable.js"
JQUERY_JS = "/usr/share/javascript/jquery/jquery.js"
JQUERY_UI_JS = "/usr/share/javascript/jquery-ui/jquery-ui.js"

TABLE_SEEDS = 30  # the gestures EXPECTED covers, per library
MARGIN = 150      # page space above and below the list: "past the edge" is inside the page
LEFT, WIDTH = 40, 300
FPS = 60

# The page's clocks and timers, installed before any page script (see the module text).
# Time is in milliseconds; frame k ends at k*1000/60. A timer due at or before a frame's
# end fires in that frame, in time order (ties in the order they were set); an interval
# is due again `period` later. Input events run the timers already due (setTimeout 0).
FAKE_CLOCK = r"""(() => {
  let now = 0, frame = 0, nextId = 1, order = 0;
  const timers = new Map(), frames = new Map();
  const epoch = 1767225600000;
  performance.now = () => now;
  Date.now = () => epoch + Math.floor(now);
  const add = (fn, delay, args, repeat) => {
    const id = nextId++;
    delay = Math.max(0, Number(delay) || 0);
    timers.set(id, {fn, args, due: now + delay, order: order++, period: repeat ? Math.max(1, delay) : null});
    return id;
  };
  window.setTimeout = (fn, delay, ...args) => add(fn, delay, args, false);
  window.setInterval = (fn, delay, ...args) => add(fn, delay, args, true);
  window.clearTimeout = window.clearInterval = id => { timers.delete(id); };
  window.requestAnimationFrame = fn => { const id = nextId++; frames.set(id, fn); return id; };
  window.cancelAnimationFrame = id => { frames.delete(id); };
  const call = (fn, args) => {
    try { typeof fn === 'function' ? fn(...args) : (0, eval)(String(fn)); }
    catch (e) { (window.__clockErrors = window.__clockErrors || []).push(String(e && e.stack || e)); }
  };
  const run = until => {
    for (;;) {
      let next = null;
      for (const [id, t] of timers)
        if (t.due <= until + 1e-6 && (!next || t.due < next[1].due - 1e-9 ||
            (Math.abs(t.due - next[1].due) <= 1e-9 && t.order < next[1].order))) next = [id, t];
      if (!next) break;
      const [id, t] = next;
      now = Math.max(now, t.due);
      if (t.period === null) timers.delete(id); else { t.due += t.period; t.order = order++; }
      call(t.fn, t.args || []);
    }
    now = Math.max(now, until);
  };
  window.__clock = {
    flush() { run(now); },
    frames(n, read) {
      const offsets = [];
      for (let i = 0; i < n; i++) {
        frame += 1;
        run(frame * 1000 / 60);
        const callbacks = [...frames.values()]; frames.clear();
        for (const fn of callbacks) call(fn, [now]);
        offsets.push(read());
      }
      return offsets;
    },
  };
})();"""

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>rowdrag conformance</title>
<style>
html, body {{ margin: 0; padding: 0; width: 100%; height: 100%; overflow: hidden; }}
* {{ overflow-anchor: none; user-select: none; -webkit-user-select: none; box-sizing: border-box; }}
#list {{ position: absolute; left: {left}px; top: {top}px; width: {width}px; margin: 0; padding: 0;
        overflow-y: auto; overflow-x: hidden; background: #fff; }}
.row {{ margin: 0; padding: 0 8px; border: 0; width: 100%; overflow: hidden;
        font: 11px/14px 'DejaVu Sans', sans-serif; background: #e8e8e8; outline: 1px solid #999; }}
</style>
{scripts}
</head><body><div id="list"></div>
<script>
const config = JSON.parse(decodeURIComponent(location.search.slice(1)));
const list = document.getElementById('list');
list.style.height = config.viewport + 'px';
config.heights.forEach((h, i) => {{
  const row = document.createElement('div');
  row.className = 'row'; row.dataset.id = 'r' + (i + 1); row.textContent = 'r' + (i + 1);
  row.style.height = h + 'px'; list.appendChild(row);
}});
list.scrollTop = config.offset;
window.order = () => [...list.children].filter(e => e.dataset.id && !e.classList.contains('sortable-fallback')
  && !e.classList.contains('ui-sortable-placeholder') && !e.classList.contains('ui-sortable-helper')).map(e => e.dataset.id);
{setup}
</script></body></html>
"""

LIBRARIES = {
    # AutoScroll.js defaults are the preset's: scrollSensitivity 30, scrollSpeed 10 per
    # setInterval(…, 24); forceFallback drives the drag from mouse events.
    "sortablejs": {
        "scripts": [SORTABLE_JS],
        "setup": "window.sortable = new Sortable(list, {forceFallback: true, animation: 0, delay: 0, "
                 "swapThreshold: 1, scroll: true, scrollSensitivity: 30, scrollSpeed: 10, "
                 "bubbleScroll: true, fallbackTolerance: 0});",
        "zone": 30,
    },
    # sortable.js defaults are the preset's: scrollSensitivity 20, scrollSpeed 20,
    # distance 1, tolerance "intersect", delay 0.
    "jqueryui": {
        "scripts": [JQUERY_JS, JQUERY_UI_JS],
        "setup": "$(list).sortable({scroll: true, scrollSensitivity: 20, scrollSpeed: 20, distance: 1, "
                 "delay: 0, tolerance: 'intersect', helper: 'original', revert: false});",
        "zone": 20,
    },
}


def seed_count():
    text = os.environ.get("ROWDRAG_CONFORMANCE_SEEDS", "")
    return int(text) if text.strip() else TABLE_SEEDS


def gesture(library, seed):
    """The list, the viewport, the starting offset and the commands of gesture SEED."""
    rng = random.Random(f"{library}:{seed}")
    zone = LIBRARIES[library]["zone"]
    viewport = rng.randint(200, 800)
    heights = []
    equal = rng.random() < 0.5
    height = rng.choice([20, 30, 44, 50, 64])
    goal = viewport * rng.uniform(0.8, 3.5)
    while sum(heights) < goal or len(heights) < 4:
        heights.append(height if equal else rng.randint(20, 90))
    content = sum(heights)
    o_max = max(0, content - viewport)
    offset = rng.choice([0, 0, o_max, rng.randint(0, o_max)])
    commands = []
    y = rng.randint(0, min(viewport, content - offset) - 1)
    commands.append(("press", y))
    if rng.random() < 0.3:
        commands.append(("tick", rng.randint(1, 30)))
    for _ in range(rng.randint(1, 5)):
        kind = rng.choice(["inside", "top", "bottom", "line", "past"])
        if kind == "inside":
            y = rng.randint(zone + 1, viewport - zone - 1)
        elif kind == "top":
            y = rng.randint(0, zone)
        elif kind == "bottom":
            y = rng.randint(viewport - zone, viewport - 1)
        elif kind == "line":
            y = rng.choice([0, zone, zone + 1, viewport - zone, viewport - zone - 1, viewport - 1, viewport, -1])
        else:
            y = rng.choice([rng.randint(-120, -1), rng.randint(viewport, viewport + 120)])
        commands.append(("drag", y))
        commands.append(("tick", rng.randint(1, 120)))
    commands.append(("release", None))
    return {"viewport": viewport, "heights": heights, "offset": offset, "commands": commands}


def script_of(case):
    lines = []
    for name, value in case["commands"]:
        lines.append(f"{name} y={value}" if name in ("press", "drag") else
                     f"tick {value}" if name == "tick" else name)
    return lines


def listing_of(case):
    return json.dumps([{"title": f"r{i + 1}", "height": h} for i, h in enumerate(case["heights"])])


def rowdrag_command(binary, library, case, listing):
    script = "; ".join((["scroll y=%d" % case["offset"]] if case["offset"] else []) + ["trace -"]
                       + script_of(case) + ["trace off", "list"])
    return [binary, "-n", "--preset", library, "--viewport", str(case["viewport"]), "-e", script, listing]


def run_rowdrag(binary, library, case, listing):
    out = subprocess.run(rowdrag_command(binary, library, case, listing), capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, f"rowdrag failed: {out.stderr}"
    offsets, order = [], []
    for line in out.stdout.splitlines():
        if line.startswith("{"):
            offsets.append(json.loads(line)["offset"])
        elif line.strip():
            order.append(line.split("\t")[2])
    return {"order": order, "offsets": offsets}


def run_browser(browser, page, library, case):
    config = {"viewport": case["viewport"], "heights": case["heights"], "offset": case["offset"]}
    browser.events.clear()
    browser.page("Page.navigate", {"url": "file://" + page + "?" + urllib.parse.quote(json.dumps(config, separators=(",", ":")))})
    browser.wait_event("Page.loadEventFired")
    start = browser.evaluate("list.scrollTop")
    assert start == case["offset"], f"the page starts at {start}, not {case['offset']}"
    read = "() => list.scrollTop"
    x = LEFT + WIDTH // 2
    offsets = []
    for name, value in case["commands"]:
        if name == "tick":
            offsets += browser.evaluate(f"__clock.frames({value}, {read})")
        else:
            kind = {"press": "press", "drag": "move", "release": "release"}[name]
            browser.mouse(kind, x, MARGIN + (value if value is not None else last_y))
            browser.evaluate("__clock.flush()")
            if value is not None:
                last_y = value
    order = browser.evaluate("window.order()")
    errors = browser.evaluate("window.__clockErrors || []") + browser.console_errors()
    assert not errors, f"{library} page errors: {errors}"
    return {"order": order, "offsets": [round(o, 3) for o in offsets]}


def first_scroll(offsets, start):
    return next((i + 1 for i, o in enumerate(offsets) if o != start), None)


def differences(case, real, model):
    found = set()
    if real["order"] != model["order"]:
        found.add("order")
    if real["offsets"] != model["offsets"]:
        found.add("offsets")
    if first_scroll(real["offsets"], case["offset"]) != first_scroll(model["offsets"], case["offset"]):
        found.add("first")
    return found


def page_file(directory, library):
    spec = LIBRARIES[library]
    scripts = "\n".join(f'<script src="file://{s}"></script>' for s in spec["scripts"])
    path = os.path.join(directory, f"{library}.html")
    with open(path, "w") as f:
        f.write(PAGE.format(left=LEFT, top=MARGIN, width=WIDTH, scripts=scripts, setup=spec["setup"]))
    return path


def run_library(binary, library, count):
    results = {}
    with tempfile.TemporaryDirectory(prefix="rowdrag-conformance-") as directory:
        page = page_file(directory, library)
        with chromium.Browser() as browser:
            browser.add_init_script(FAKE_CLOCK)
            # The window holds the list with MARGIN above and below it.
            browser.page("Emulation.setDeviceMetricsOverride",
                         {"width": LEFT * 2 + WIDTH, "height": 800 + 2 * MARGIN, "deviceScaleFactor": 1,
                          "mobile": False})
            for seed in range(count):
                case = gesture(library, seed)
                listing = os.path.join(directory, "list.json")
                with open(listing, "w") as f:
                    f.write(listing_of(case))
                real = run_browser(browser, page, library, case)
                model = run_rowdrag(binary, library, case, listing)
                assert len(real["offsets"]) == len(model["offsets"]), (seed, len(real["offsets"]),
                                                                       len(model["offsets"]))
                results[seed] = (case, real, model, differences(case, real, model))
    return results


def reproducer(binary, library, seed, case, real, model):
    command = rowdrag_command(os.path.basename(binary), library, case, "list.json")
    first_real = first_scroll(real["offsets"], case["offset"])
    first_model = first_scroll(model["offsets"], case["offset"])
    frame = next((i + 1 for i, (a, b) in enumerate(zip(real["offsets"], model["offsets"])) if a != b), None)
    return "\n".join([
        f"  {library} seed {seed}: viewport {case['viewport']}, offset {case['offset']}, "
        f"heights {case['heights']}",
        f"    gesture: {'; '.join(script_of(case))}",
        f"    list.json: {listing_of(case)}",
        "    command: " + " ".join(json.dumps(a) if " " in a or ";" in a else a for a in command),
        f"    order  real {' '.join(real['order'])}",
        f"           rowdrag {' '.join(model['order'])}",
        f"    first scrolling frame: real {first_real}, rowdrag {first_model}; first differing offset "
        f"at frame {frame}: real {real['offsets'][frame - 1] if frame else '-'}, "
        f"rowdrag {model['offsets'][frame - 1] if frame else '-'}",
    ])


def check_library(binary, library):
    count = seed_count()
    results = run_library(binary, library, count)
    expected = EXPECTED[library]
    problems = []
    agree = {"order": 0, "offsets": 0, "first": 0, "all": 0}
    for seed, (case, real, model, found) in sorted(results.items()):
        for key in ("order", "offsets", "first"):
            agree[key] += key not in found
        agree["all"] += not found
        if seed >= TABLE_SEEDS:
            if found:
                print(f"     {library} seed {seed} (past the table) differs in {sorted(found)}")
            continue
        want = set(expected[seed][0]) if seed in expected else set()
        if found != want:
            problems.append(f"{library} seed {seed}: differs in {sorted(found) or 'nothing'}, "
                            f"EXPECTED says {sorted(want) or 'nothing'}\n"
                            + reproducer(binary, library, seed, case, real, model))
    print(f"     {library}: {count} gestures; agree: order {agree['order']}/{count}, offset after every "
          f"frame {agree['offsets']}/{count}, first scrolling frame {agree['first']}/{count}, "
          f"all three {agree['all']}/{count}")
    assert not problems, "\n".join(problems)


# Why gestures disagree: the real behaviour, with the library source that shows it. Line
# numbers are those of Debian's files (SortableJS 1.14.0's UMD bundle
# /usr/share/javascript/sortable/Sortable.js, which bundles upstream src/Sortable.js and
# plugins/AutoScroll/AutoScroll.js; jQuery UI 1.13.2's /usr/share/javascript/jquery-ui/
# ui/widgets/sortable.js, the same code as the jquery-ui.js bundle the page loads).
# The catalogue parameter each would need is in the README's closing note (issue 24).
CAUSES = {
    "first-move": "SortableJS: the press never lifts and the first move neither sorts nor scrolls. "
                  "Sortable.js _onTouchMove (l. 1445) only calls _onDragStart (l. 1463) on the first "
                  "move; _onDragStart defers _dragStarted by _nextTick (l. 1593), which appends the "
                  "ghost and fires the AutoScroll plugin's dragStarted (l. 2406), whose mousemove "
                  "listener (l. 2416) is added only then; _emulateDragOver (l. 1411, every 50 ms) "
                  "reads touchEvt, which _onTouchMove sets only once the ghost exists (l. 1486). So "
                  "only the second move starts sorting and scrolling (rowdrag: lift at the press, "
                  "the first drag already runs `under` and the timer).",
    "timer-restart": "SortableJS: the 24 ms scroll interval is re-created 30 ms after the move that "
                     "started it, so it fires 24, 54, 78 ... ms after the move instead of 24, 48, 72. "
                     "AutoScroll.js autoScroll(): `if (scrollRootEl !== rootEl)` clears and re-creates "
                     "the intervals (l. 2512); _handleAutoScroll passes the element under the pointer "
                     "(document.elementFromPoint, l. 2450/2458), the 10 ms pointerElemChangedInterval "
                     "(l. 2465-2472) passes its scroller, and the 30 ms throttle lets the interval's "
                     "first call through at the first 10 ms tick 30 ms after the move.",
    "ghost-last": "SortableJS: a pointer below the last row (in the list's empty space) moves the "
                  "dragged row to the end: Sortable.js _onDragOver (l. 1741-1742) `_ghostIsLast` "
                  "(l. 2220). rowdrag's `under` finds no row there and moves nothing.",
    "lift-clamp": "jQuery UI: the lift clamps scrollTop to the range shrunk by the lifted row. "
                  "sortable.js _mouseStart makes the helper (the row itself) absolute (l. 241), then "
                  "_createPlaceholder (l. 262) inserts an empty placeholder whose update() reads "
                  "`p.height()` (l. 966) before giving it the row's height: that read lays the list "
                  "out without the row, so a list scrolled to (near) its end loses offset at the "
                  "lifting move. rowdrag keeps the row's slot, so the offset stays.",
    "helper-range": "jQuery UI: the helper extends the scroll range. The helper is absolutely "
                    "positioned inside the list (appendTo \"parent\", l. 45) and follows the pointer "
                    "(_mouseDrag, l. 421), so a helper below the last row adds to scrollHeight and "
                    "_scroll (l. 358) scrolls on past rowdrag's o_max.",
}

# library -> seed -> (what differs, causes): exactly the gestures 0..TABLE_SEEDS-1 that
# disagree. "order": the final order; "offsets": the offset after some frame; "first": the
# first frame whose offset differs from the offset at the press. The first cause named is
# the one that makes the first difference (the frame, or the order when offsets agree).
EXPECTED = {
    "sortablejs": {
        0: (("order", "offsets", "first"), ("first-move",)),
        1: (("order", "offsets", "first"), ("first-move",)),
        3: (("order", "offsets", "first"), ("first-move",)),
        4: (("order", "offsets"), ("timer-restart",)),
        5: (("order", "offsets", "first"), ("first-move",)),
        6: (("offsets", "first"), ("first-move",)),
        7: (("offsets",), ("timer-restart",)),
        8: (("order", "offsets", "first"), ("first-move",)),
        9: (("order", "offsets", "first"), ("first-move",)),
        10: (("order",), ("first-move", "ghost-last")),
        11: (("order", "offsets", "first"), ("first-move",)),
        13: (("offsets",), ("timer-restart",)),
        14: (("order",), ("first-move",)),
        15: (("offsets",), ("timer-restart",)),
        16: (("order", "offsets", "first"), ("first-move",)),
        18: (("order", "offsets", "first"), ("first-move",)),
        19: (("order", "offsets", "first"), ("first-move",)),
        20: (("order", "offsets", "first"), ("first-move",)),
        22: (("offsets", "first"), ("first-move",)),
        23: (("order",), ("first-move",)),
        24: (("order",), ("first-move",)),
        26: (("order",), ("first-move",)),
        27: (("order", "offsets", "first"), ("first-move",)),
    },
    "jqueryui": {
        3: (("order", "offsets", "first"), ("lift-clamp",)),
        5: (("order", "offsets", "first"), ("lift-clamp",)),
        11: (("order", "offsets", "first"), ("lift-clamp",)),
        13: (("offsets",), ("helper-range",)),
        19: (("order", "offsets", "first"), ("lift-clamp",)),
        21: (("order", "offsets", "first"), ("lift-clamp",)),
        22: (("offsets", "first"), ("helper-range",)),
        25: (("offsets",), ("helper-range",)),
    },
}


def test_expected_table_names_known_causes(binary):
    for library, seeds in EXPECTED.items():
        for seed, (what, causes) in seeds.items():
            assert 0 <= seed < TABLE_SEEDS, (library, seed)
            assert what and set(what) <= {"order", "offsets", "first"}, (library, seed, what)
            assert causes and set(causes) <= set(CAUSES), (library, seed, causes)


def test_sortablejs_against_the_real_library(binary):
    check_library(binary, "sortablejs")


def test_jqueryui_against_the_real_library(binary):
    check_library(binary, "jqueryui")
