// SPDX-License-Identifier: Apache-2.0

/// One entry of a behaviour registry: a named function (an auto-scroll law, a reorder
/// strategy) with the parameters it takes and how to build it from their values.
///
/// A kind describes itself completely, so adding a profile or a rule is one new file
/// that declares its kind plus one line in its registry; the command language, help and
/// completion find names, defaults and ranges here. Library users build their own kinds
/// the same way and pass them to the engine through ``Behaviour/init(_:values:)``.
public struct BehaviourKind<Function: Sendable>: Sendable {
  /// The name `set` and the command line take (`linear`, `midpoint`).
  public let name: String
  /// One line for help: what the behaviour does and where it comes from.
  public let summary: String
  /// The parameters, in the order `get` prints them and `make` receives their values.
  public let parameters: [Parameter]
  /// Builds the function from one value per parameter, in the order of `parameters`;
  /// the values are already checked against their ranges.
  public let make: @Sendable (ParameterValues) -> Function

  /// Describes a behaviour.
  public init(
    name: String, summary: String, parameters: [Parameter] = [],
    make: @escaping @Sendable (ParameterValues) -> Function
  ) {
    self.name = name
    self.summary = summary
    self.parameters = parameters
    self.make = make
  }

  /// The parameters' default values, in order.
  public var defaults: [Length] { parameters.map(\.defaultValue) }
}

/// The checked values a kind's constructor receives, one per parameter in order.
public struct ParameterValues: Sendable {
  /// The values as given.
  public let lengths: [Length]

  /// The value at `index` of a numeric parameter (its range admits plain numbers only).
  public subscript(index: Int) -> Double { lengths[index].points ?? .nan }

  /// The value at `index` of a length parameter.
  public func length(_ index: Int) -> Length { lengths[index] }
}
