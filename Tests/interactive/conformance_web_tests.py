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
out; the presets reproduce some of it with parameters of their own (REPRODUCED, each
checked to be needed), and the rest makes some gestures disagree. Every disagreeing gesture is listed in EXPECTED with
the real behaviours that cause it (CAUSES: what the library does, where in Debian's copy,
and what the catalogue would need) and what differs. The test fails when a gesture not
listed disagrees, or a listed one agrees or differs otherwise, and prints a reproducer
(the rowdrag command, the list and the gesture). The causes are checked too: the page can
load copies of the libraries in which each cause can be turned off (SWITCHES); with a
gesture's causes off it must agree with rowdrag in everything, and (with
`ROWDRAG_CONFORMANCE_EXPLAIN=full`, as the table was made) with any one of them left on it
must not. `ROWDRAG_CONFORMANCE_SEEDS=N` runs N gestures per library (default
30, the table's range); gestures past the table's range are reported with their figures
but cannot fail. `ROWDRAG_CONFORMANCE_GESTURES=38,46,200-599` runs only the gestures
listed (numbers and ranges, either library), to look into a few quickly."""

import contextlib
import json
import os
import random
import subprocess
import tempfile
import urllib.parse

import chromium
import fit_check

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
        "setup": "window.sortable = new Sortable(list, {{forceFallback: true, animation: 0, delay: 0, "
                 "swapThreshold: 1, scroll: true, scrollSensitivity: 30, scrollSpeed: 10, "
                 "bubbleScroll: true, fallbackTolerance: 0{extra}}});",
        "zone": 30,
    },
    # sortable.js defaults are the preset's: scrollSensitivity 20, scrollSpeed 20,
    # distance 1, tolerance "intersect", delay 0.
    "jqueryui": {
        "scripts": [JQUERY_JS, JQUERY_UI_JS],
        "setup": "$(list).sortable({{scroll: true, scrollSensitivity: 20, scrollSpeed: 20, distance: 1, "
                 "delay: 0, tolerance: 'intersect', helper: 'original', revert: false{extra}}});",
        "zone": 20,
    },
}


def seed_count():
    text = os.environ.get("ROWDRAG_CONFORMANCE_SEEDS", "")
    return int(text) if text.strip() else TABLE_SEEDS


def chosen_seeds():
    """The gestures to run: ROWDRAG_CONFORMANCE_GESTURES (`38,46,200-599`) when set, else
    the first seed_count()."""
    text = os.environ.get("ROWDRAG_CONFORMANCE_GESTURES", "").strip()
    if not text:
        return list(range(seed_count()))
    seeds = []
    for part in text.split(","):
        first, _, last = part.strip().partition("-")
        seeds += range(int(first), int(last or first) + 1)
    return sorted(set(seeds))


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


def rowdrag_command(binary, library, case, listing, setup=()):
    script = "; ".join(list(setup) + (["scroll y=%d" % case["offset"]] if case["offset"] else []) + ["trace -"]
                       + script_of(case) + ["trace off", "list"])
    return [binary, "-n", "--preset", library, "--viewport", str(case["viewport"]), "-e", script, listing]


def run_rowdrag(binary, library, case, listing, setup=()):
    out = subprocess.run(rowdrag_command(binary, library, case, listing, setup), capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, f"rowdrag failed: {out.stderr}"
    offsets, order = [], []
    for line in out.stdout.splitlines():
        if line.startswith("{"):
            offsets.append(json.loads(line)["offset"])
        elif line.strip():
            order.append(line.split("\t")[2])
    return {"order": order, "offsets": offsets}


def run_browser(browser, page, library, case, press_move=False):
    config = {"viewport": case["viewport"], "heights": case["heights"], "offset": case["offset"]}
    browser.events.clear()
    query = urllib.parse.quote(json.dumps(config, separators=(",", ":")))
    browser.page("Page.navigate", {"url": "file://" + page + "?" + query})
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
            if name == "press" and press_move:
                # Two moves onto the press point: the first starts the drag, the second
                # reaches the AutoScroll listener that the start added.
                for _ in range(2):
                    browser.mouse("move", x, MARGIN + value)
                    browser.evaluate("__clock.flush()")
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


def page_file(directory, library, causes=None):
    """The page for LIBRARY: the original files, or with CAUSES (a tuple, maybe empty)
    turned off, the patched copies of SWITCHES."""
    spec = LIBRARIES[library]
    sources = list(spec["scripts"])
    extra = ""
    name = library
    if causes is not None:
        extra = "".join(", " + VARIANT_OPTIONS[c] for c in causes if c in VARIANT_OPTIONS)
        name = "-".join((library, "off") + tuple(causes))
        for i, script in enumerate(sources):
            if script not in SWITCHES:
                continue
            with open(script) as f:
                text = f.read()
            for old, new in SWITCHES[script]:
                assert text.count(old) == 1, f"{script}: the switch does not fit: {old!r}"
                text = text.replace(old, new)
            sources[i] = os.path.join(directory, "switched-" + os.path.basename(script))
            with open(sources[i], "w") as f:
                f.write(text)
    scripts = "\n".join(f'<script src="file://{s}"></script>' for s in sources)
    if causes is not None:
        scripts = (f"<script>window.__off = new Set({json.dumps(list(causes))});\n{ROW_AT}</script>\n"
                   + scripts)
    path = os.path.join(directory, name + ".html")
    with open(path, "w") as f:
        f.write(PAGE.format(left=LEFT, top=MARGIN, width=WIDTH, scripts=scripts,
                            setup=spec["setup"].format(extra=extra)))
    return path


@contextlib.contextmanager
def conformance_browser():
    """Chromium with the fake clock installed and a window that holds the list with
    MARGIN above and below it."""
    with chromium.Browser() as browser:
        browser.add_init_script(FAKE_CLOCK)
        browser.page("Emulation.setDeviceMetricsOverride",
                     {"width": LEFT * 2 + WIDTH, "height": 800 + 2 * MARGIN, "deviceScaleFactor": 1,
                      "mobile": False})
        yield browser


def run_library(binary, library, seeds):
    results = {}
    with tempfile.TemporaryDirectory(prefix="rowdrag-conformance-") as directory:
        page = page_file(directory, library)
        with conformance_browser() as browser:
            for seed in seeds:
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
    seeds = chosen_seeds()
    count = len(seeds)
    results = run_library(binary, library, seeds)
    expected = EXPECTED[library]
    problems = []
    agree = {"order": 0, "offsets": 0, "first": 0, "all": 0}
    for seed, (case, real, model, found) in sorted(results.items()):
        for key in ("order", "offsets", "first"):
            agree[key] += key not in found
        agree["all"] += not found
        if seed >= TABLE_SEEDS:
            if found:
                print(f"     {library} seed {seed} (past the table) differs in {sorted(found)}\n"
                      + reproducer(binary, library, seed, case, real, model))
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


# Why gestures disagree: the real behaviour, the library source that shows it, and what
# the catalogue needs to reproduce it (CATALOGUE.md leaves each out; the jQuery UI ones
# are now reproduced by the preset, see REPRODUCED). Line numbers are those of Debian's files: SortableJS 1.14.0's UMD bundle
# /usr/share/javascript/sortable/Sortable.js (upstream src/Sortable.js, src/utils.js and
# plugins/AutoScroll/AutoScroll.js, bundled), and jQuery UI 1.13.2's
# /usr/share/javascript/jquery-ui/ui/widgets/{sortable,mouse}.js (the same code as the
# jquery-ui.js bundle the page loads).
CAUSES = {
    # SortableJS (forceFallback: true)
    "first-move": "The press never lifts, and the first move neither sorts nor scrolls: "
                  "_onTouchMove (Sortable.js l. 1445) only calls _onDragStart (l. 1463) on the first "
                  "move; _onDragStart defers _dragStarted by _nextTick (l. 1593), which appends the "
                  "ghost and fires AutoScroll's dragStarted (l. 2406), whose mousemove listener "
                  "(l. 2416) exists only from then; _emulateDragOver (l. 1411) reads touchEvt, which "
                  "_onTouchMove sets only once the ghost exists (l. 1486). Catalogue: an activation "
                  "where the first drag lifts with no rule and no scroll in it: reproduced by the "
                  "preset's `distance 1` (§4.2: the lifting drag neither sorts nor scrolls) with "
                  "`sample=move` (the zone is decided only at a drag after the lift).",
    "timer-restart": "The 24 ms scroll interval is re-created at the first 10 ms tick 30 ms after "
                     "the move that started it, so it fires 24, 54, 78 ... ms after the move, not "
                     "24, 48, 72: autoScroll() re-creates the intervals whenever `scrollRootEl !== "
                     "rootEl` (AutoScroll.js, Sortable.js l. 2512); the move passes the element under "
                     "the pointer (l. 2450, 2458), the 10 ms pointerElemChangedInterval (l. 2465-2472) "
                     "passes its scroller, and the 30 ms throttle (l. 2500, 2585) lets the interval's "
                     "first call through 30 ms after the move. Catalogue: a timer restart 30 ms "
                     "(rounded up to 10 ms ticks) after each restart by a drag: reproduced by the "
                     "preset's `autoscroll rearm=30` (the 10 ms rounding is left out: it matters only "
                     "when the interval was created before the move).",
    "kept-event": "Leaving the zone does not stop the scroll: the 10 ms pointerElemChangedInterval "
                  "(l. 2465-2472) keeps calling autoScroll() with the event of the move that created "
                  "it, and is re-created only while `scrolling` is true (l. 2462), which the "
                  "interval's own calls reset to false (l. 2584). Catalogue: the zone test keeps "
                  "the pointer of the drag that started the scroll: reproduced, with the throttle, "
                  "by the preset's `autoscroll latch=30` (once a drag on screen has started a "
                  "scroll that can move, no later drag decides until the release, except in the "
                  "window where `scrolling` is true: steer).",
    "steer": "While `scrolling` is true (from an autoScroll() call that (re)created the scroll "
             "interval until the next call, l. 2584), a move re-creates the 10 ms "
             "pointerElemChangedInterval with its own event (l. 2462-2474); that interval's first "
             "call the 30 ms throttle lets through decides with the move's pointer, and takes the "
             "place of the call that would have re-created the scroll interval (timer-restart). "
             "So a move within 30 ms of the one that started a scroll, or within 30 ms of that "
             "restart, still steers or stops it. Catalogue: part of `latch`: reproduced by the "
             "preset's `autoscroll latch=30` (a drag before the pointer interval's next call, "
             "while the scroll is fresh, decides at that call).",
    "throttle": "autoScroll() is throttled to one call per 30 ms (throttle(), l. 481-496; l. 2500, "
                "2585): a move within 30 ms of the last call (the 10 ms interval calls it "
                "constantly) is ignored, so a change of zone or direction takes effect one to two "
                "frames late. Catalogue: a 30 ms minimum between zone evaluations, which the 10 ms "
                "interval (kept-event) takes before any later move: reproduced by the preset's "
                "`autoscroll latch=30` (a drag within 30 ms of the last one that decided does not "
                "decide; once one has latched, none does).",
    "outside": "The scroller comes from document.elementFromPoint (l. 2450, 2466): a pointer "
               "outside the list finds the page, and the list does not scroll (autoScroll() "
               "clears the list's interval, l. 2512-2514). Catalogue: a gate that needs the "
               "finger inside [0, V): reproduced by the preset's `autoscroll gate=inside`.",
    "zone-limit": "The zone has an outer limit: `Math.abs(bottom - y) <= sens` (l. 2547), so a "
                  "pointer more than 30 past the edge scrolls nothing (CATALOGUE §6.1 lists it as "
                  "left out). Catalogue: `test=` a band |dist| <= zone. With `outside` (gate=inside) "
                  "it cannot show: a pointer past the list's edge is outside it, and inside the "
                  "list |dist| is dist; gesture 5 differed by both together and agrees with "
                  "gate=inside.",
    "sort-interval": "Sorting runs only in _emulateDragOver on setInterval(..., 50) (l. 1411, "
                     "1577), with the latest pointer, not on each move or scroll step, so a row "
                     "moves up to 50 ms late, and only once a move after the drag's start has set "
                     "the pointer it reads (touchEvt, l. 1486). Reproduced by the preset's `rule "
                     "under every=50`: the rule runs only at the firings of its own 50 ms interval "
                     "from the lift, once a drag since the lift has come.",
    "silent": "After each insert, _onDragOver is silent for 30 ms (`_silent = true; "
              "setTimeout(_unsilent, 30)`, l. 1819-1820; checked at l. 1616; CATALOGUE §6.1 left "
              "out). Catalogue: a pause of the rule after each move of L.",
    "hidden-rows": "The sort target comes from document.elementFromPoint (_emulateDragOver, "
                   "l. 1416): rows scrolled out of the list, and any row while the pointer is "
                   "outside it, cannot be hit; rowdrag's `under` hits the row at o + Y whatever "
                   "is visible. Catalogue: `under` that hits only the visible part of the list: "
                   "reproduced by the preset's `rule under visible=1` (a finger off screen hits no "
                   "row; on screen the row at o + Y is visible).",
    "shadow": "The \"dragEl shadow\" (_getSwapDirection, l. 2225-2247, with isLastTarget from "
              "l. 1795): after a swap with a target, moving back over it needs the pointer past "
              "the distance the target moved, which stops `under`'s oscillation on mixed heights "
              "(CATALOGUE §6.1 left out). With the sort on its 50 ms interval (`every=50`) the rule "
              "runs again and again with the pointer resting, so plain `under` oscillates where the "
              "shadow holds the row still. Catalogue: `under` that remembers its last swap: "
              "reproduced by the preset's `rule under shadow=1`.",
    "top-line": "A pointer exactly on a row's top line does not swap with it: _getSwapDirection "
                "tests `mouseOnAxis > targetS1 + ...` and `< targetS2 - ...` (l. 2251, strict), so a "
                "pointer on a boundary line hits no row; rowdrag's `under` hit-tests [top, top + h). "
                "Catalogue: `under` with rows hit on the open (top, top + h): reproduced by the "
                "preset's `rule under open=1`.",
    "ghost-last": "A pointer below the last row (in the list's empty space) moves the row to the "
                  "end: _onDragOver (l. 1741-1763) with _ghostIsLast (l. 2220-2224: clientY > the "
                  "last child's bottom), reached while elementFromPoint finds the list (l. 1416). "
                  "Catalogue's `under` finds no row there: reproduced by the preset's `rule under "
                  "end=1` (a finger on screen below the last row moves the row to the end).",
    # jQuery UI sortable
    "lift-clamp": "The lift clamps the offset to the range without the row: _mouseStart makes the "
                  "helper (the row itself) absolute (sortable.js l. 241), then _createPlaceholder "
                  "(l. 262) inserts an empty placeholder whose update() reads its height (l. 966) "
                  "before giving it the row's: that layout has neither, so a list scrolled to (near) "
                  "its end loses up to the row's height at the lifting move. Catalogue: at lift, "
                  "o = min(o, o_max - h_L).",
    "press-drag": "_mouseStart ends with `this._mouseDrag( event )` (sortable.js l. 352) where "
                  "event is the mousedown (mouse.js l. 180 passes this._mouseDownEvent), before "
                  "mouse.js l. 182 handles the lifting move: a press within scrollSensitivity of "
                  "an edge scrolls once more at lift. Catalogue: with `grab press` and "
                  "`clock=move`, the lifting drag first applies the law at the press point.",
    "cached-rows": "The rule tests cached rows: _intersectsWithPointer (sortable.js l. 682, called "
                   "at l. 448) compares the pointer with the item.top that _refreshItemPositions "
                   "(l. 854) stored from offset(), measured in _mouseStart by refreshPositions() "
                   "(l. 199) before the lift clamps scrollTop (lift-clamp), again only after a drag "
                   "whose _scroll found a zone (l. 426-429) and after _rearrange moved the "
                   "placeholder (l. 1460-1464). So after a lift near the end of a scrolled list, a "
                   "drag outside the zones tests the rows as they were before the clamp (the "
                   "pointer lands up to a row lower). Catalogue: the rule reads the rows at the "
                   "offset of their last measure: reproduced by the preset's `autoscroll "
                   "rows=cached`.",
    "helper-range": "The helper extends the scroll range: it stays inside the list (appendTo "
                    "\"parent\", sortable.js l. 45), absolutely positioned under the pointer "
                    "(_mouseDrag l. 421), so a helper below the last row adds to scrollHeight and "
                    "_scroll (l. 358) scrolls past rowdrag's o_max. Catalogue: during a gesture "
                    "o_max = max(o_max, snapshot bottom - V).",
}


# Each cause can be turned off inside the library, to check that it explains the
# gestures listed with it. The variant page loads copies of Debian's files in which every
# SWITCHES site is patched to consult `__off` (the set of causes turned off, set by the page
# before the libraries load); with `__off` empty each copy behaves as the original. Two causes
# are turned off from outside: `first-move` by the driver (two moves onto the press point
# right after the press, so the drag and its scroll listener have started, and the press
# point has been tested for a zone, when the gesture's first move comes) and
# `helper-range` by the option `appendTo: document.body` (the helper leaves the list).
LIST = "document.getElementById('list')"
# With `outside` off, a pointer outside the list is taken as over its first row (an element
# inside it, as a pointer over the list finds, so that a move there re-creates the scroll
# interval as one over a row does: `timer-restart`).
HIT = (f"((e) => __off.has('outside') && !{LIST}.contains(e) ? {LIST}.firstElementChild : e)")
SWITCHES = {
    SORTABLE_JS: [
        # outside: the pointer is taken as over the list (its first row) wherever it is.
        ("elem = document.elementFromPoint(x, y);\n",
         f"elem = {HIT}(document.elementFromPoint(x, y));\n"),
        # kept-event: the 10 ms interval reads the latest pointer, not the one it started with.
        ("var newElem = getParentAutoScrollElement(document.elementFromPoint(x, y), true);",
         "var now = __off.has('kept-event') ? touchEvt : evt;\n"
         f"              var newElem = getParentAutoScrollElement({HIT}(document.elementFromPoint("
         "now.clientX, now.clientY)), true);"),
        ("autoScroll(evt, _this.options, newElem, fallback);",
         "autoScroll(now, _this.options, newElem, fallback);"),
        # timer-restart: a new root with the same scroller keeps the running interval.
        ("if (scrollRootEl !== rootEl) {",
         "if (scrollRootEl !== rootEl && !(__off.has('timer-restart') && scrollRootEl && "
         "getParentAutoScrollElement(scrollRootEl, true) === getParentAutoScrollElement(rootEl, true))) {"),
        # zone-limit: a pointer past the edge is in the zone however far past it is.
        ("var vy = canScrollY && (Math.abs(bottom - y) <= sens && scrollPosY + height < scrollHeight) - "
         "(Math.abs(top - y) <= sens && !!scrollPosY);",
         "var vy = canScrollY && ((__off.has('zone-limit') ? bottom - y : Math.abs(bottom - y)) <= sens && "
         "scrollPosY + height < scrollHeight) - ((__off.has('zone-limit') ? y - top : Math.abs(top - y)) <= sens "
         "&& !!scrollPosY);"),
        # steer: a move does not re-create the pointer-element interval once there is one.
        ("if (scrolling && (!pointerElemChangedInterval || x !== lastAutoScrollX || y !== lastAutoScrollY)) {",
         "if (scrolling && (!pointerElemChangedInterval || !__off.has('steer') && (x !== lastAutoScrollX || "
         "y !== lastAutoScrollY))) {"),
        # throttle: autoScroll() (its only user) runs on every call, not once per 30 ms.
        ("      if (!_throttleTimeout) {",
         "      if (!_throttleTimeout || __off.has('throttle')) {"),
        # sort-interval: the sort runs on every move and after every scroll step, not only
        # in _emulateDragOver on its 50 ms interval.
        ("          touchEvt$1 = touch;\n",
         "          touchEvt$1 = touch;\n          if (__off.has('sort-interval')) this._emulateDragOver();\n"),
        ("scrollBy(autoScrolls[this.layer].el, scrollOffsetX, scrollOffsetY);",
         "scrollBy(autoScrolls[this.layer].el, scrollOffsetX, scrollOffsetY);\n"
         "            if (__off.has('sort-interval') && isFallback && this.layer === 0) Sortable.active._emulateDragOver();"),
        # silent: no 30 ms pause of _onDragOver after each insert.
        ("            _silent = true;\n", "            _silent = !__off.has('silent');\n"),
        # hidden-rows: the sort target is the row at the pointer's height in the list's
        # content, also when that row is scrolled out of the list (or the pointer is outside it).
        ("var target = document.elementFromPoint(touchEvt$1.clientX, touchEvt$1.clientY);",
         "var target = __off.has('hidden-rows') ? __rowAt(touchEvt$1.clientX, touchEvt$1.clientY) : "
         "document.elementFromPoint(touchEvt$1.clientX, touchEvt$1.clientY);"),
        # shadow: no "dragEl shadow" after a swap with the same target (_getSwapDirection's
        # isLastTarget branch), so the row under the pointer is always the target.
        ("isCircumstantialInvert, lastTarget === target);",
         "isCircumstantialInvert, !__off.has('shadow') && lastTarget === target);"),
        # top-line: a pointer exactly on a row's top line is inside it.
        ("        if (mouseOnAxis > targetS1 + targetLength * (1 - swapThreshold) / 2 && mouseOnAxis < targetS2",
         "        if ((__off.has('top-line') ? mouseOnAxis >= targetS1 + targetLength * (1 - swapThreshold) / 2 "
         ": mouseOnAxis > targetS1 + targetLength * (1 - swapThreshold) / 2) && mouseOnAxis < targetS2"),
        # ghost-last: a pointer below the last row does not append.
        ("_ghostIsLast(evt, vertical, this) && !elLastChild.animated",
         "!__off.has('ghost-last') && _ghostIsLast(evt, vertical, this) && !elLastChild.animated"),
    ],
    JQUERY_UI_JS: [
        # lift-clamp: the helper becomes absolute after the placeholder has its height.
        ('\t\tthis.helper.css( "position", "absolute" );\n\t\tthis.cssPosition = this.helper.css( "position" );\n',
         '\t\tif ( !__off.has( "lift-clamp" ) ) {\n\t\t\tthis.helper.css( "position", "absolute" );\n'
         '\t\t\tthis.cssPosition = this.helper.css( "position" );\n\t\t}\n'),
        ("\t\tthis._createPlaceholder();\n",
         "\t\tthis._createPlaceholder();\n\t\tif ( __off.has( \"lift-clamp\" ) ) {\n"
         '\t\t\tthis.helper.css( "position", "absolute" );\n'
         '\t\t\tthis.cssPosition = this.helper.css( "position" );\n\t\t}\n'),
        # cached-rows: the item positions are measured again before every intersection
        # test, not only at the start, after a scroll and after a move of the placeholder.
        ("\t\tthis.dragDirection = {\n\t\t\tvertical: this._getDragVerticalDirection(),",
         "\t\tif ( __off.has( \"cached-rows\" ) ) {\n\t\t\tthis._refreshItemPositions( true );\n\t\t}\n"
         "\t\tthis.dragDirection = {\n\t\t\tvertical: this._getDragVerticalDirection(),"),
        # press-drag: _mouseStart does not end with a _mouseDrag of the press event.
        ("\t\tthis._mouseDrag( event );\n\n\t\treturn true;\n",
         "\t\tif ( !__off.has( \"press-drag\" ) ) {\n\t\t\tthis._mouseDrag( event );\n\t\t}\n\n"
         "\t\treturn true;\n"),
    ],
}
# The row of the list whose box holds the client height y (rows scrolled out included),
# else what document.elementFromPoint finds.
ROW_AT = """window.__rowAt = (x, y) => {
  const list = document.getElementById('list');
  for (const row of list.children) {
    if (!row.dataset.id || row.classList.contains('sortable-fallback')) continue;
    const r = row.getBoundingClientRect();
    if (r.top <= y && y < r.bottom) return row;
  }
  return document.elementFromPoint(x, y);
};"""
VARIANT_OPTIONS = {"helper-range": "appendTo: document.body"}


# library -> seed -> (what differs, causes): exactly the gestures 0..TABLE_SEEDS-1 that
# disagree. "order": the final order; "offsets": the offset after some frame; "first": the
# first frame whose offset differs from the offset at the press. The causes are checked: with
# all of them turned off (SWITCHES) the gesture agrees in everything, and with any one of
# them left on it does not (so none is superfluous; ROWDRAG_CONFORMANCE_EXPLAIN=full).
EXPECTED = {
    "sortablejs": {
    },
    "jqueryui": {},
}


# The causes a preset reproduces, with the catalogue parameter that does it and gestures
# that agree with the real library and disagree once the cause is turned off inside it (so
# the parameter is needed, and is what makes them agree).
REPRODUCED = {
    "sortablejs": {
        "first-move": ("distance 1, autoscroll sample=move", (9, 11, 14)),
        "timer-restart": ("autoscroll rearm=30", (7, 13, 15, 22)),
        "ghost-last": ("rule under end=1", (10,)),
        "throttle": ("autoscroll latch=30", (0, 4, 19, 27)),
        "kept-event": ("autoscroll latch=30", (0, 3, 4, 19, 27)),
        "outside": ("autoscroll gate=inside", (8,)),
        "hidden-rows": ("rule under visible=1", (8,)),
        "top-line": ("rule under open=1", (32,)),  # past the table: no gesture of 0..29 needs it
        "sort-interval": ("rule under every=50", (34, 42, 46, 55, 59)),  # past the table too
        "shadow": ("rule under shadow=1", (65, 79, 82)),  # past the table too
        "steer": ("autoscroll latch=30", (279,)),  # past the table too
    },
    "jqueryui": {
        "lift-clamp": ("autoscroll range=helper", (5, 11, 19)),
        "helper-range": ("autoscroll range=helper", (13, 22, 25)),
        "press-drag": ("autoscroll lift=drag", (3,)),
        # Past the table's range: none of its 30 gestures needs it.
        "cached-rows": ("autoscroll rows=cached", (38, 46, 94, 104, 178)),
    },
}


# Causes whose switch changes a reproduced one: turning the first off inside the library
# turns the second off too, and rowdrag then runs without the parameter that reproduces it
# (UNDO). The restart's 30 ms is the throttle's: with autoScroll() unthrottled, the 10 ms
# interval re-creates the scroll interval 10 ms after the move.
IMPLIES = {"throttle": ("timer-restart",)}
UNDO = {"timer-restart": "rearm=none", "throttle": "latch=none", "kept-event": "latch=none",
        "outside": "gate=none"}


def with_implied(causes):
    off = list(causes)
    for cause in causes:
        off += [c for c in IMPLIES.get(cause, ()) if c not in off]
    return tuple(off)


def undo_setup(binary, library, off):
    """The commands that take the parameters reproducing the causes `off` out of the preset."""
    words = [UNDO[c] for c in off if c in UNDO and c in REPRODUCED[library]]
    if not words:
        return ()
    out = subprocess.run([binary, "-n", "--preset", library, "-e", "get autoscroll"], capture_output=True,
                         text=True, timeout=60, check=True)
    keys = {w.split("=")[0] for w in words}
    kept = [w for w in out.stdout.split() if w.split("=")[0] not in keys]
    return ("set autoscroll " + " ".join(kept + words),)


def test_expected_table_names_known_causes(binary):
    for library, seeds in EXPECTED.items():
        for seed, (what, causes) in seeds.items():
            assert 0 <= seed < TABLE_SEEDS, (library, seed)
            assert what and set(what) <= {"order", "offsets", "first"}, (library, seed, what)
            assert causes and set(causes) <= set(CAUSES), (library, seed, causes)


def explain_library(binary, library):
    """For each gesture of EXPECTED: the page with its causes turned off agrees with
    rowdrag in everything; and with ROWDRAG_CONFORMANCE_EXPLAIN=full (three times the
    runs), with any one of them left on, it does not."""
    full = os.environ.get("ROWDRAG_CONFORMANCE_EXPLAIN", "") == "full"
    problems = []
    runs = 0
    with tempfile.TemporaryDirectory(prefix="rowdrag-conformance-") as directory:
        listing = os.path.join(directory, "list.json")
        with conformance_browser() as browser:
            for seed, (_, causes) in sorted(EXPECTED[library].items()):
                case = gesture(library, seed)
                with open(listing, "w") as f:
                    f.write(listing_of(case))
                trials = [(tuple(causes), True)]
                if full:
                    trials += [(tuple(c for c in causes if c != on), False) for on in causes]
                for off, should_agree in trials:
                    off = with_implied(off)
                    model = run_rowdrag(binary, library, case, listing, undo_setup(binary, library, off))
                    page = page_file(directory, library, off)
                    real = run_browser(browser, page, library, case, press_move="first-move" in off)
                    runs += 1
                    found = differences(case, real, model)
                    if should_agree and found:
                        problems.append(f"{library} seed {seed} with {', '.join(off)} off still differs in "
                                        f"{sorted(found)}\n" + reproducer(binary, library, seed, case, real, model))
                    elif not should_agree and not found:
                        left = sorted(set(causes) - set(off))
                        problems.append(f"{library} seed {seed} agrees with {left[0]} left on: EXPECTED names a "
                                        f"cause it does not need\n" + reproducer(binary, library, seed, case, real,
                                                                                    model))
    print(f"     {library}: {len(EXPECTED[library])} differing gestures, each explained by its causes"
          f"{' (none superfluous)' if full else ''} ({runs} runs with behaviours turned off)")
    assert not problems, "\n".join(problems)


def reproduced_library(binary, library):
    """Each REPRODUCED cause: its gestures agree with the real library, and disagree with
    the cause turned off inside it."""
    problems = []
    with tempfile.TemporaryDirectory(prefix="rowdrag-conformance-") as directory:
        listing = os.path.join(directory, "list.json")
        with conformance_browser() as browser:
            for cause, (parameter, seeds) in sorted(REPRODUCED[library].items()):
                for seed in seeds:
                    case = gesture(library, seed)
                    with open(listing, "w") as f:
                        f.write(listing_of(case))
                    model = run_rowdrag(binary, library, case, listing)
                    for off in ((), (cause,)):
                        real = run_browser(browser, page_file(directory, library, off), library, case,
                                           press_move="first-move" in off)
                        found = differences(case, real, model)
                        if bool(found) != bool(off):
                            problems.append(
                                f"{library} seed {seed} with {cause} {'off' if off else 'on'} "
                                f"{'agrees' if not found else 'differs in ' + str(sorted(found))}: "
                                f"{parameter} should make it agree only with {cause} on\n"
                                + reproducer(binary, library, seed, case, real, model))
    print(f"     {library}: {len(REPRODUCED[library])} reproduced behaviours, each needed")
    assert not problems, "\n".join(problems)


def test_sortablejs_against_the_real_library(binary):
    check_library(binary, "sortablejs")


def test_jqueryui_against_the_real_library(binary):
    check_library(binary, "jqueryui")


def test_sortablejs_differences_are_explained(binary):
    explain_library(binary, "sortablejs")


def test_sortablejs_reproduced_behaviours_are_needed(binary):
    reproduced_library(binary, "sortablejs")


def test_jqueryui_reproduced_behaviours_are_needed(binary):
    reproduced_library(binary, "jqueryui")


# How many real traces `fit` is given (issue 43): the table's first gestures in which
# the library scrolls.
FIT_TRACES = 3


def fit_library(binary, library):
    with tempfile.TemporaryDirectory(prefix="rowdrag-conformance-") as directory:
        page = page_file(directory, library)
        listing = os.path.join(directory, "list.json")
        fitted = 0
        with conformance_browser() as browser:
            for seed in range(TABLE_SEEDS):
                if fitted == FIT_TRACES:
                    break
                case = gesture(library, seed)
                with open(listing, "w") as f:
                    f.write(listing_of(case))
                real = run_browser(browser, page, library, case)
                if len(set(real["offsets"])) < 2:
                    continue
                fitted += 1
                script = "; ".join((["scroll y=%d" % case["offset"]] if case["offset"] else [])
                                   + script_of(case))
                print("     " + fit_check.check(binary, ["--viewport", str(case["viewport"])], script,
                                                listing, real["offsets"], f"{library} seed {seed}"))
        assert fitted == FIT_TRACES, f"{library} scrolled in only {fitted} of {TABLE_SEEDS} gestures"


def test_fit_on_real_sortablejs_traces_is_never_worse_than_the_presets(binary):
    fit_library(binary, "sortablejs")


def test_fit_on_real_jqueryui_traces_is_never_worse_than_the_presets(binary):
    fit_library(binary, "jqueryui")
