// SPDX-License-Identifier: Apache-2.0

/// A behaviour kind with its parameter values chosen: what the engine's settings hold
/// for the auto-scroll profile and the reorder rule.
///
/// Two behaviours are equal when their kinds have the same name and their values are
/// equal: a kind's function must depend on nothing but its parameter values.
public struct Behaviour<Function: Sendable>: Sendable, Equatable {
  /// What this behaviour is.
  public let kind: BehaviourKind<Function>
  /// One value per parameter of `kind`, in its order.
  public let values: [Length]
  /// The function built from `values`.
  public let function: Function

  /// Chooses values for `kind`'s parameters; a parameter not in `values` takes its
  /// default.
  /// - Throws: `EngineError.parameterOutOfRange` for a value outside its range, and
  ///   `EngineError.unknownParameter` for a name `kind` does not have.
  public init(_ kind: BehaviourKind<Function>, values: [String: Length] = [:])
    throws(EngineError)
  {
    for name in values.keys.sorted() where !kind.parameters.contains(where: { $0.name == name }) {
      throw .unknownParameter(behaviour: kind.name, parameter: name)
    }
    try self.init(kind, orderedValues: kind.parameters.map { values[$0.name] ?? $0.defaultValue })
  }

  /// Chooses values for `kind`'s parameters by position.
  /// - Throws: `EngineError.parameterOutOfRange` for a value outside its range, and
  ///   `EngineError.wrongParameterCount` when there is not one value per parameter.
  public init(_ kind: BehaviourKind<Function>, orderedValues: [Length]) throws(EngineError) {
    guard orderedValues.count == kind.parameters.count else {
      throw .wrongParameterCount(
        behaviour: kind.name, expected: kind.parameters.count, got: orderedValues.count)
    }
    for (parameter, value) in zip(kind.parameters, orderedValues)
    where !parameter.range.contains(value) {
      throw .parameterOutOfRange(parameter: parameter.name, range: parameter.range)
    }
    self.kind = kind
    self.values = orderedValues
    self.function = kind.make(ParameterValues(lengths: orderedValues))
  }

  private init(kind: BehaviourKind<Function>, values: [Length]) {
    self.kind = kind
    self.values = values
    self.function = kind.make(ParameterValues(lengths: values))
  }

  /// A behaviour built without checking its values. The engine checks every behaviour
  /// it is given (`isValid`), so a wrong value is refused there.
  static func unchecked(_ kind: BehaviourKind<Function>, _ values: [Double]) -> Behaviour {
    Behaviour(kind: kind, values: values.map { .points($0) })
  }

  /// The kind's name.
  public var name: String { kind.name }

  /// Parameter names with their values, in the kind's order.
  public var parameters: [(name: String, value: Length)] {
    zip(kind.parameters, values).map { ($0.name, $1) }
  }

  /// Whether the values are still valid for the kind (the engine checks this for
  /// settings it is given whole).
  var isValid: Bool {
    values.count == kind.parameters.count
      && zip(kind.parameters, values).allSatisfy { $0.range.contains($1) }
  }

  /// The value of the parameter called `name`, if the kind has one.
  public func value(_ name: String) -> Length? {
    kind.parameters.firstIndex { $0.name == name }.map { values[$0] }
  }

  /// Same kind name and same values.
  public static func == (a: Behaviour, b: Behaviour) -> Bool {
    a.kind.name == b.kind.name && a.values == b.values
  }
}
