/// How the comparison chart tells its series apart: a colour, a dash pattern and a
/// marker shape per series.
///
/// Colour alone fails in greyscale print and for colour-blind readers, and eight
/// colours for 17 presets made three of them the same blue. So each of up to 17 series
/// has its own colour; lines also cycle through nine dash patterns, ordered so the two
/// series that share a pattern differ in lightness by a fifth of the scale or more
/// (series `i` and `i + 9`), and the speed panel's points through nine marker shapes,
/// filled then hollow. The offset panel also names each line at its end. Past 17
/// series (more rows than presets) colours repeat, with other dashes and markers.
enum ChartPalette {
  /// 17 colours that stay apart on white: six of matplotlib's `tab10`, then hues and
  /// lightnesses unlike those (relative luminance in the comments).
  static let colours = [
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",  // .41 .30 .50 .57 .47 .38
    "#e377c2", "#17becf", "#a6761d", "#bcbd22", "#66c2a5", "#000000",  // .58 .61 .48 .70 .68 0
    "#393b79", "#f0027f", "#fb9a99", "#006d2c", "#800000",  // .25 .24 .68 .32 .11
  ]

  /// `stroke-dasharray` values; `nil` is a solid line.
  static let dashes: [String?] = [
    nil, "8 3", "2 2", "8 3 2 3", "4 4", "12 3 2 3 2 3", "1 3", "14 5", "5 2 1 2 1 2 1 2",
  ]

  /// Marker outlines around (0, 0), about 7 points across: circle, square, diamond,
  /// triangles up, down, right and left, plus and cross.
  static let shapes = [
    "M-3.2,0a3.2,3.2 0 1,0 6.4,0a3.2,3.2 0 1,0 -6.4,0z",
    "M-2.8,-2.8h5.6v5.6h-5.6z",
    "M0,-3.8L3.8,0L0,3.8L-3.8,0z",
    "M0,-3.6L3.5,2.7H-3.5z",
    "M0,3.6L3.5,-2.7H-3.5z",
    "M3.6,0L-2.7,3.5V-3.5z",
    "M-3.6,0L2.7,3.5V-3.5z",
    "M-1.1,-3.6h2.2v2.5h2.5v2.2h-2.5v2.5h-2.2v-2.5h-2.5v-2.2h2.5z",
    "M-3.3,-1.8L-1.8,-3.3L0,-1.5L1.8,-3.3L3.3,-1.8L1.5,0L3.3,1.8L1.8,3.3L0,1.5L-1.8,3.3L-3.3,1.8L-1.5,0z",
  ]

  /// The look of series `index` (in the order the comparison lists them).
  struct Style: Equatable {
    var colour: String
    var dash: String?
    var shape: String
    /// Hollow markers (white inside) for the second round of shapes.
    var hollow: Bool

    /// The attributes that draw a line in this style.
    var lineAttributes: String {
      "stroke=\"\(colour)\"" + (dash.map { " stroke-dasharray=\"\($0)\"" } ?? "")
    }

    /// The attributes that draw a marker in this style.
    var markerAttributes: String {
      hollow
        ? "fill=\"white\" stroke=\"\(colour)\" stroke-width=\"1.2\""
        : "fill=\"\(colour)\" stroke=\"none\""
    }
  }

  static func style(_ index: Int) -> Style {
    Style(
      colour: colours[index % colours.count], dash: dashes[index % dashes.count],
      shape: shapes[index % shapes.count], hollow: (index / shapes.count) % 2 == 1)
  }
}
