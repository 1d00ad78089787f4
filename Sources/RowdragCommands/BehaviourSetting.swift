import RowdragEngine

/// Reads `NAME [K=V…]` for a setting whose value is a registered behaviour without
/// generic keys (the reorder rule): the names, parameters and ranges come from the
/// engine's registry, the wording from here. The auto-scroll profile, which has keys
/// of its own, is read by `AutoScrollText`.
struct BehaviourSetting<Function: Sendable>: Sendable {
  let key: String
  let kinds: [BehaviourKind<Function>]

  /// Omitted parameters take their defaults; unknown or repeated parameters are errors.
  func parse(_ words: [String]) throws -> Behaviour<Function> {
    let names = kinds.map(\.name)
    if words.count != 1 && kinds.allSatisfy(\.parameters.isEmpty) {
      throw fail(" takes one value, got \(words.count)")
    }
    guard let name = words.first else {
      throw fail(" needs a value: \(Self.list(names, last: "or"))")
    }
    guard let kind = kinds.first(where: { $0.name == name }) else {
      throw fail(
        ": '\(name)' is not one of \(names.joined(separator: ", "))"
          + Suggestion.hint(for: name, in: names))
    }
    let allowed = kind.parameters.map(\.name)
    var chosen: [String: Length] = [:]
    for word in words.dropFirst() {
      let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2, allowed.contains(parts[0]) else {
        let keyName = parts.first ?? word
        throw fail(
          allowed.isEmpty
            ? ": '\(name)' takes no parameters"
            : ": unknown parameter '\(keyName)' for \(name); use "
              + allowed.map { "\($0)=N" }.joined(separator: " ")
              + Suggestion.hint(for: keyName, in: allowed))
      }
      guard chosen[parts[0]] == nil else { throw fail(": \(parts[0]) is given twice") }
      guard let v = NumberText.parse(parts[1]), v.isFinite else {
        throw fail(": '\(parts[1])' is not a number for \(parts[0])")
      }
      chosen[parts[0]] = .points(v)
    }
    do {
      return try Behaviour(kind, values: chosen)
    } catch {
      throw fail(": \(error.message)")
    }
  }

  private func fail(_ rest: String) -> CommandError {
    CommandError(command: "", message: key + rest)
  }

  /// `a, b, c or d`.
  static func list(_ names: [String], last: String) -> String {
    guard names.count > 1, let final = names.last else { return names.joined() }
    return names.dropLast().joined(separator: ", ") + " \(last) \(final)"
  }
}
