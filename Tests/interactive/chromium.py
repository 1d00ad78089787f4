"""Headless Chromium driven over the DevTools protocol through --remote-debugging-pipe.

No driver and no Python package: Chromium reads protocol commands from descriptor 3
and writes replies and events to descriptor 4, each message a JSON object ended by a
NUL byte. The browser runs with a throw-away profile, no sandbox when root (as in CI
containers), and the page's network switched off, so a test sees what a user opening
the file sees and nothing can be fetched."""

import base64
import json
import os
import select
import shutil
import subprocess
import tempfile
import time


def executable():
    """Debian's `chromium` (installed by `make test-deps`), or another on PATH."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    raise RuntimeError("chromium is not installed; `make test-deps` installs it")


class Browser:
    """One headless browser with one page, to use as a context manager."""

    def __init__(self, timeout=20.0):
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="rowdrag-chromium-")
        to_browser = os.pipe()
        from_browser = os.pipe()
        commands_read, responses_write = to_browser[0], from_browser[1]

        def descriptors():
            # Above any descriptor the pipes may have, then onto 3 and 4.
            a, b = os.dup(commands_read), os.dup(responses_write)
            a, b = os.dup2(a, 100), os.dup2(b, 101)
            os.dup2(100, 3)
            os.dup2(101, 4)

        args = [executable(), "--headless", "--remote-debugging-pipe", "--disable-gpu",
                f"--user-data-dir={self.profile}", "--no-first-run", "--no-default-browser-check",
                "--disable-extensions", "--disable-background-networking", "--disable-sync",
                "--disable-component-update", "--disable-default-apps", "--mute-audio",
                "--hide-scrollbars", "--force-device-scale-factor=1", "about:blank"]
        if os.geteuid() == 0:
            args.insert(1, "--no-sandbox")
        self.process = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL, pass_fds=(3, 4),
                                        preexec_fn=descriptors)
        os.close(commands_read)
        os.close(responses_write)
        self.write_fd, self.read_fd = to_browser[1], from_browser[0]
        self.buffer = b""
        self.next_id = 0
        self.events = []
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.page("Page.enable")
        self.page("Runtime.enable")
        self.page("Network.enable")
        # No network at all: a file that needed one would show it.
        self.page("Network.emulateNetworkConditions",
                  {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        try:
            self.call("Browser.close", {}, wait=False)
        except OSError:
            pass
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for fd in (self.write_fd, self.read_fd):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)

    def _message(self, deadline):
        while b"\0" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("chromium did not answer in time")
            ready, _, _ = select.select([self.read_fd], [], [], left)
            if ready:
                chunk = os.read(self.read_fd, 1 << 16)
                if not chunk:
                    raise RuntimeError("chromium closed the pipe")
                self.buffer += chunk
        raw, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(raw)

    def call(self, method, params=None, session=None, wait=True):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.write_fd, json.dumps(message).encode() + b"\0")
        if not wait:
            return None
        deadline = time.monotonic() + self.timeout
        while True:
            reply = self._message(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def page(self, method, params=None):
        return self.call(method, params, session=self.session)

    def wait_event(self, method):
        deadline = time.monotonic() + self.timeout
        while True:
            for i, event in enumerate(self.events):
                if event.get("method") == method:
                    return self.events.pop(i)
            self.events.append(self._message(deadline))

    def open(self, path, width, height):
        """Loads a local file in a viewport of width x height and waits for its load."""
        self.page("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        self.events.clear()
        self.page("Page.navigate", {"url": "file://" + os.path.abspath(path)})
        self.wait_event("Page.loadEventFired")

    def add_init_script(self, source):
        """Runs SOURCE in every document this page opens from now on, before any of the
        document's own scripts (Page.addScriptToEvaluateOnNewDocument): the place to
        replace the page's clocks and timers."""
        return self.page("Page.addScriptToEvaluateOnNewDocument", {"source": source})["identifier"]

    def mouse(self, kind, x, y, pressed=True):
        """A trusted mouse event (Input.dispatchMouseEvent) at client (x, y): KIND is
        "press", "move" or "release", always with the left button; a move carries the
        left button as held when PRESSED. Returns once the page has handled it."""
        types = {"press": "mousePressed", "move": "mouseMoved", "release": "mouseReleased"}
        held = kind == "press" or (kind == "move" and pressed)
        params = {"type": types[kind], "x": x, "y": y, "modifiers": 0,
                  "button": "left" if held or kind == "release" else "none",
                  "buttons": 1 if held else 0}
        if kind != "move":
            params["clickCount"] = 1
        self.page("Input.dispatchMouseEvent", params)

    def evaluate(self, expression):
        """The value of a JavaScript expression (awaited when a promise); throws on an exception."""
        result = self.page("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"page script failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    def console_errors(self):
        """Messages the page logged as errors or threw, and failed loads, since opening it."""
        errors = []
        for event in self.events:
            method = event.get("method")
            params = event.get("params", {})
            if method == "Runtime.exceptionThrown":
                errors.append(params["exceptionDetails"].get("text", "exception"))
            elif method == "Runtime.consoleAPICalled" and params.get("type") == "error":
                errors.append(str(params.get("args")))
            elif method == "Network.loadingFailed":
                errors.append(f"load failed: {params.get('errorText')}")
            elif method == "Network.requestWillBeSent":
                url = params.get("request", {}).get("url", "")
                if not url.startswith(("file:", "data:", "about:")):
                    errors.append(f"network request: {url}")
        return errors

    def screenshot(self, path):
        data = self.page("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True})["data"]
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))
