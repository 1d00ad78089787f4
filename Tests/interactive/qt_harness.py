"""Runs drag gestures through a real Qt 5 QListView (InternalMove) and reports what happened.

Not a test module: conformance_qt_tests.py runs it under Debian's /usr/bin/python3 (which has
python3-pyqt5) with QT_QPA_PLATFORM=minimal, QT_NO_GLIB=1 and LD_PRELOAD of the virtual clock
(qt_vclock.c, compiled by the test), and passes the path of that library in QT_VCLOCK_LIB.

    qt_harness.py JOBS.json      one JSON result line per job on standard output

A job: {"id", "viewport", "width", "labels", "heights", "scroll", "actions"}; actions are
["press", Y], ["move", Y], ["tick", N], ["release"] (Y: viewport y, integer; the pointer's x
is the middle of the view). A result: {"id", "order", "offsets" (the scroll bar value after
every frame), "maximum" (the scroll bar's maximum), "started" (the index of the action that
started the drag, or null)}.

How Qt is driven: QTest's QWindow mouse functions go through QWindowSystemInterface, as real
input does, so QCursor::pos() (read by QAbstractItemView::doAutoScroll()) follows them and
the platform drag (QSimpleDrag, an application event filter) sees them. A drag runs its own
nested event loop inside QDrag::exec(); the view's startDrag() is overridden only to post an
event that continues the gesture from inside that loop (then it calls QListView's own). After
the release it posts one more event: QTest's own processEvents() inside mouseRelease() takes
the wake-up of the loop's exit(), and with no timer pending the loop would sleep in poll()
for ever (if that event finds the drag still running, it cancels it and reports "stuck").
Time: the library replaces clock_gettime(CLOCK_MONOTONIC), which Qt's timers read; it starts
each job at a whole second (1000 s, then 100 s later for each job) and moves only when a
frame is run: the clock is set to the frame's time (k/60 s after the job's start) and the
event loop processes what is due (QBasicTimer's 50 ms auto-scroll timer among it)."""

import ctypes
import json
import os
import sys

try:
    from PyQt5.QtCore import QCoreApplication, QEvent, QObject, QPoint, QSize, QStringListModel, Qt
    from PyQt5 import sip
    from PyQt5.QtGui import QDrag
    from PyQt5.QtTest import QTest
    from PyQt5.QtWidgets import (QAbstractItemView, QApplication, QFrame, QListView,
                                 QStyledItemDelegate)
except ImportError as error:
    sys.exit(f"qt_harness: PyQt5 is missing ({error}); install python3-pyqt5")

FPS = 60
START_NS = 1000 * 10**9
JOB_SPACING_NS = 100 * 10**9


class Rows(QStringListModel):
    """A list whose rows are not drop targets, so a drop lands above or below a row (the
    reorder set-up: QAbstractItemViewPrivate::position() turns OnItem into Above/BelowItem
    by the row's centre)."""

    def flags(self, index):
        flags = super().flags(index)
        return flags & ~Qt.ItemIsDropEnabled if index.isValid() else flags


class Heights(QStyledItemDelegate):
    def __init__(self, heights, parent):
        super().__init__(parent)
        self.heights = heights  # label -> height: rows keep their height when they move

    def sizeHint(self, option, index):
        return QSize(100, self.heights[index.data()])


CONTINUE = QEvent.registerEventType()
FINISH = QEvent.registerEventType()


class Gesture(QObject):
    def __init__(self, app, clock, job, start_ns):
        super().__init__()
        self.app, self.clock, self.job, self.start_ns = app, clock, job, start_ns
        self.width, self.y = job["width"], None
        self.view = view = QListView()
        self.model = Rows(job["labels"])
        view.setModel(self.model)
        view.setItemDelegate(Heights(dict(zip(job["labels"], job["heights"])), view))
        view.setFrameShape(QFrame.NoFrame)
        view.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        view.setVerticalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        view.setVerticalScrollMode(QAbstractItemView.ScrollPerPixel)  # 50 ms timer, 1 px units
        view.setDragDropMode(QAbstractItemView.InternalMove)
        view.setGeometry(0, 0, job["width"], job["viewport"])
        view.startDrag = self.start_drag
        self.frame, self.offsets, self.started, self.index = 0, [], None, -1
        self.dragging = self.stuck = False
        self.actions = iter(job["actions"])

    def start_drag(self, actions):
        self.started, self.dragging = self.index, True
        QCoreApplication.postEvent(self, QEvent(CONTINUE))
        QListView.startDrag(self.view, actions)
        self.dragging = False

    def event(self, event):
        if event.type() == CONTINUE:
            self.run(inside_drag=True)  # returns after the release, so QDrag::exec() can end
            QCoreApplication.postEvent(self, QEvent(FINISH))
            return True
        if event.type() == FINISH:
            if self.dragging:
                sys.stderr.write(f"job {self.job['id']}: the drag loop outlived the release\n")
                self.stuck = True
                QDrag.cancel()
            return True
        return super().event(event)

    def run(self, inside_drag=False):
        window = self.view.windowHandle()
        for action in self.actions:
            self.index += 1
            kind = action[0]
            if kind == "press":
                self.y = action[1]
                QTest.mousePress(window, Qt.LeftButton, Qt.NoModifier, QPoint(self.width // 2, self.y))
            elif kind == "move":
                self.y = action[1]
                QTest.mouseMove(window, QPoint(self.width // 2, self.y))
            elif kind == "release":
                QTest.mouseRelease(window, Qt.LeftButton, Qt.NoModifier, QPoint(self.width // 2, self.y))
                if inside_drag:
                    return
            elif kind == "tick":
                for _ in range(action[1]):
                    self.frame += 1
                    self.clock.value = self.start_ns + (self.frame * 10**9 + FPS // 2) // FPS
                    self.app.processEvents()
                    self.offsets.append(self.view.verticalScrollBar().value())
            else:
                raise ValueError(f"unknown action {action!r}")

    def play(self):
        self.clock.value = self.start_ns
        self.view.show()
        self.app.processEvents()  # the delayed item layout (a 0 ms timer)
        self.view.verticalScrollBar().setValue(self.job["scroll"])
        self.app.processEvents()
        self.run()
        result = {"id": self.job["id"], "order": self.model.stringList(), "offsets": self.offsets,
                  "maximum": self.view.verticalScrollBar().maximum(), "started": self.started, "stuck": self.stuck}
        self.view.hide()
        self.app.processEvents()
        # Now, not by deleteLater() (which processEvents() never runs at this level): a view
        # left alive would outlive its model.
        sip.delete(self.view)
        return result


def quiet(kind, context, message):
    # QTest warns about events outside the window (a pointer past the view's edge is part of
    # the gesture); anything else would be worth seeing.
    if "occurs outside of target window" not in message and "XDG_RUNTIME_DIR" not in message:
        sys.stderr.write(message + "\n")


def main():
    from PyQt5.QtCore import qInstallMessageHandler
    library = os.environ.get("QT_VCLOCK_LIB")
    if not library:
        sys.exit("qt_harness: QT_VCLOCK_LIB (the virtual clock library, also in LD_PRELOAD) is not set")
    clock = ctypes.c_longlong.in_dll(ctypes.CDLL(library), "vclock_ns")
    clock.value = START_NS
    qInstallMessageHandler(quiet)
    app = QApplication(["qt_harness"])
    # The platform defaults the gestures are made for (QPlatformTheme's hints).
    if (QApplication.startDragDistance(), QApplication.doubleClickInterval()) != (10, 400):
        sys.exit(f"qt_harness: startDragDistance {QApplication.startDragDistance()} and doubleClickInterval "
                 f"{QApplication.doubleClickInterval()}, not 10 and 400")
    with open(sys.argv[1]) as f:
        jobs = json.load(f)
    for number, job in enumerate(jobs):
        result = Gesture(app, clock, job, START_NS + number * JOB_SPACING_NS).play()
        print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
