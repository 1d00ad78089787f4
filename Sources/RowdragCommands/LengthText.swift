import RowdragEngine

/// Lengths as the auto-scroll keys spell them (the behaviour catalogue §2.3): `N`
/// points, `Nv` of the span, `v/N`, `Nh`, `Nh+M`, `Nh-M` of the lifted row; `N` and `M`
/// unsigned decimals.
public enum LengthText {
  /// The length `text` spells, or nil.
  public static func parse(_ text: String) -> Length? {
    if text.hasPrefix("v/") { return unsigned(text.dropFirst(2)).map { .spanDivided($0) } }
    if text.hasSuffix("v") { return unsigned(text.dropLast()).map { .span($0) } }
    if let h = text.firstIndex(of: "h") {
      guard let n = unsigned(text[..<h]) else { return nil }
      let rest = text[text.index(after: h)...]
      if rest.isEmpty { return .rows(n, plus: 0) }
      guard let sign = rest.first, sign == "+" || sign == "-",
        let m = unsigned(rest.dropFirst())
      else { return nil }
      return .rows(n, plus: sign == "+" ? m : -m)
    }
    return unsigned(Substring(text)).map { .points($0) }
  }

  /// A decimal without a sign.
  private static func unsigned(_ text: Substring) -> Double? {
    guard let first = text.first, first.isNumber || first == "." else { return nil }
    guard let value = NumberText.parse(text), value.isFinite else { return nil }
    return value
  }

  /// The length as written.
  public static func format(_ length: Length) -> String {
    switch length {
    case .points(let n): NumberText.short(n)
    case .span(let n): NumberText.short(n) + "v"
    case .spanDivided(let n): "v/" + NumberText.short(n)
    case .rows(let n, let m):
      NumberText.short(n) + "h" + (m == 0 ? "" : (m > 0 ? "+" : "-") + NumberText.short(abs(m)))
    }
  }
}
