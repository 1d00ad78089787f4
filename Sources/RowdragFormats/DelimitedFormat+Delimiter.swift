/// Which delimiter a CSV file is read with (FORMATS.md §3.4, revision 2): Excel's
/// `sep=C` first line, else the candidate that reads the file's first records most
/// consistently, else a comma. Spreadsheets in most of Europe write `;`, and such a
/// file read with `,` makes one field of each record and cuts a quoted field's record
/// in two; so the choice is made from the file, as Excel and LibreOffice make it.
///
/// The detection reads only the start of the file, before either half of a large file
/// is read, so both halves read with the same delimiter.
extension DelimitedFormat {
  /// The delimiters tried, in the order that breaks ties.
  public static let candidates: [UInt8] = [44, 59, 9, 124]  // , ; tab |
  /// The sample: at most this many records (the header record included) …
  static let sampleRecords = 20
  /// … and only those that start before this offset.
  static let sampleBytes = 64 << 10

  /// What precedes a file's first record: a UTF-8 byte-order mark and Excel's `sep=`
  /// line, both trivia that stay first, and the delimiter they leave.
  struct Preamble {
    /// Where the first record may start.
    var end = 0
    /// Lines it covers (1 with a `sep=` line).
    var lines = 0
    /// The delimiter an Excel line names.
    var excelDelimiter: UInt8?
  }

  /// The byte-order mark and, when `parameters` read Excel's line (csv), a first line
  /// that is exactly `sep=C` (`C` one byte, not a quote or CR; then LF, CR LF or the
  /// end of the file).
  static func preamble(_ buf: UnsafeBufferPointer<UInt8>, _ parameters: Parameters) -> Preamble {
    var lines = LineCursor(buf)
    var result = Preamble()
    let start = lines.byteOrderMark()?.end ?? 0
    result.end = start
    guard parameters.readsExcelLine, buf.count >= start + 5,
      buf[start..<start + 4].elementsEqual("sep=".utf8)
    else { return result }
    let c = buf[start + 4]
    var end = start + 5
    if end < buf.count && buf[end] == 13 { end += 1 }
    guard c != 34 && c != 13 && c != 10,
      end == buf.count ? end == start + 5 : buf[end] == 10
    else { return result }
    result.end = Swift.min(end + 1, buf.count)
    result.lines = 1
    result.excelDelimiter = c
    return result
  }

  /// The delimiter for a file whose first record may start at `start` and that names
  /// none: each candidate reads the sample; one that meets no error and gives the
  /// first record at least two fields scores the records with as many fields as that
  /// one; the highest score wins, a tie the earlier candidate, and a comma when no
  /// candidate takes part.
  /// - Complexity: the sample's bytes, once a candidate (records that start in the
  ///   first 64 KiB are read to their end).
  public static func detectedDelimiter(_ buf: UnsafeBufferPointer<UInt8>, from start: Int)
    -> UInt8
  {
    var best: (delimiter: UInt8, score: Int)?
    for candidate in candidates {
      guard let score = score(candidate, buf, from: start) else { continue }
      if score > best?.score ?? 0 { best = (candidate, score) }
    }
    return best?.delimiter ?? 44
  }

  /// The number of sampled records with as many fields as the first, read with
  /// `delimiter`; nil when the candidate takes no part.
  static func score(_ delimiter: UInt8, _ buf: UnsafeBufferPointer<UInt8>, from start: Int)
    -> Int?
  {
    var offset = start
    var records = 0
    var fields = 0
    var score = 0
    while offset < buf.count && offset < sampleBytes && records < sampleRecords {
      guard
        let record = try? scan(buf, from: offset, line: 1, delimiter: delimiter, keeping: .none)
      else { return nil }
      offset = record.end
      if record.isBlank { continue }
      if records == 0 {
        fields = record.fieldCount
        guard fields >= 2 else { return nil }
      }
      if record.fieldCount == fields { score += 1 }
      records += 1
    }
    return records > 0 ? score : nil
  }
}
