import RowdragEngine

/// The wording of the engine's refusals: the engine reports data, this layer speaks.
extension EngineError {
  /// A short lowercase message that says what is wrong and what would be right.
  public var message: String {
    switch self {
    case .gestureInProgress(let phase):
      "a gesture is in progress (\(phase)); release or cancel it first"
    case .noGesture:
      "no gesture in progress; press a row first"
    case .noLiftedRow(let phase):
      "no row is lifted (phase \(phase)); press a row first"
    case .emptyList:
      "the list is empty"
    case .rowOutOfRange(let row, let count):
      count == 0
        ? "row \(row) does not exist; the list is empty"
        : "row \(row) does not exist; rows are 1 to \(count)"
    case .sectionOutOfRange(let section, let count):
      "section \(section) does not exist; sections are 1 to \(count)"
    case .sectionRowOutOfRange(let section, let row, let limit):
      limit == 0
        ? "section \(section) has no row \(row); it is empty"
        : "section \(section) has no row \(row); use 1 to \(limit)"
    case .rowLocked(let row):
      "row \(row) is locked; unlock it first"
    case .rowPinned(let row):
      "row \(row) is pinned; unlock it first"
    case .outsideViewport(let y, let viewport):
      "y=\(NumberText.short(y)) is outside the viewport; use 0 <= y < \(NumberText.short(viewport))"
    case .noRowAt(let y):
      "no row at y=\(NumberText.short(y)) (a header, a footer or empty space); press a row"
    case .pointNotOnRange(let x, let y, let first, let last):
      "\(x.map { "x=\(NumberText.short($0)) " } ?? "")y=\(NumberText.short(y)) is not on rows "
        + "\(first) to \(last); press the range where one of its rows shows"
    case .crossesPinned(let row, let pinned):
      "row \(row) would cross pinned row \(pinned); pinned rows cannot be passed"
    case .rangeAcrossSections(let first, let last):
      "rows \(first) to \(last) are not in one section; a range must lie within one section"
    case .blockPastEnd(let row, let count, let rows):
      "\(count) rows starting at row \(row) would run past the last row (\(rows)); "
        + "the first row can go at most to row \(rows - count + 1) ($)"
    case .otherSection(let row):
      "row \(row) would change section, but sections are kept (set sections cross)"
    case .nothingToUndo:
      "nothing to undo"
    case .nothingToRedo:
      "nothing to redo"
    case .invalidSetting(let setting, let problem):
      "\(setting.key): \(problem.message(for: setting))"
    case .parameterOutOfRange(let parameter, let range):
      "\(parameter) must be \(range.text)"
    case .unknownParameter(let behaviour, let parameter):
      "unknown parameter '\(parameter)' for \(behaviour)"
    case .wrongParameterCount(let behaviour, let expected, let got):
      "\(behaviour) takes \(expected) parameters, got \(got)"
    case .invalidDuration:
      "wait: seconds must be a finite number >= 0"
    case .notFinite(let quantity):
      "\(quantity.name) is out of range; use a smaller number"
    case .tooManyFrames:
      "too many frames; use at most 2147483647"
    case .needsBoard(let what):
      "\(what) needs board mode (--board or set board on)"
    case .outsideScreen(let x, let screen):
      "x=\(NumberText.short(x)) is outside the screen; use 0 <= x < \(NumberText.short(screen))"
    case .noColumnAt(let x):
      "no column at x=\(NumberText.short(x)) (between columns or off the board); press a row"
    case .ruleNotOnBoard(let rule, .setRule):
      "\(rule) is not available in board mode; use \(Engine.boardRuleList)"
    case .ruleNotOnBoard(let rule, .setBoard):
      "the rule \(rule) is not available in board mode; set rule \(Engine.boardRuleList) first"
    case .boardOff:
      "pages need board mode (--board or set board on)"
    case .pageOutOfRange(let page, let count):
      "no page \(page); use 1 to \(count), $, next or prev"
    case .interrupted(let run, let asked):
      "interrupted after \(run) of \(asked) frames; the frames run are kept"
    }
  }
}

extension SettingName {
  /// The key `set` and `get` take.
  public var key: String {
    switch self {
    case .viewport: "viewport"
    case .insets: "inset"
    case .rowHeight: "row-height"
    case .fps: "fps"
    case .hold: "hold"
    case .autoscroll: "autoscroll"
    case .rule: "rule"
    case .slop: "slop"
    case .distance: "distance"
    case .reveal: "reveal"
    case .screen: "screen"
    case .column: "column"
    case .spacing: "spacing"
    case .paging: "paging"
    }
  }
}

extension SettingProblem {
  fileprivate func message(for setting: SettingName) -> String {
    switch (self, setting) {
    case (.outOfRange, .insets): "takes two finite numbers >= 0 (top bottom)"
    case (.outOfRange, .hold): "must be a number of seconds >= 0"
    case (.outOfRange(let range), _): "must be a number \(range.text)"
    case (.contentOverflow, _): "too large; the content height would overflow"
    case (.invalidParameters, _): "a parameter is outside its range"
    case (.widerThanScreen, _): "must be 'screen' or a number > 0 and <= the screen's width"
    case (.narrowerThanColumn, _): "must be at least the column width (set column first)"
    }
  }
}

extension ParameterRange {
  /// The range as messages and help say it: `> 0`, `>= 0`.
  public var text: String {
    switch self {
    case .positive: "> 0"
    case .nonNegative: ">= 0"
    case .length: "a length (N, Nv, v/N, Nh, Nh+M, Nh-M)"
    case .flag: "0 or 1"
    }
  }
}

extension Quantity {
  fileprivate var name: String {
    switch self {
    case .fingerY: "the finger's y"
    case .snapshotPosition: "the snapshot's position"
    case .offset: "the offset"
    }
  }
}

extension Engine {
  /// `edge, midpoint or under`: the rules a board takes, from the registry.
  public static var boardRuleList: String {
    let names = boardRuleNames
    guard names.count > 1 else { return names.joined() }
    return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
  }
}
