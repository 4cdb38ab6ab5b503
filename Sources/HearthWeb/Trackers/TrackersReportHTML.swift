import HearthCore
import HearthHTML
import HearthStore

/// A subject's trackers in its report: for each, its number and duration fields summed up
/// (how many, the mean, the lowest and highest with when, how many urgent) and every record as a line.
enum TrackersReportHTML {
    static func sections(_ shown: ShownReport, _ snapshot: Snapshot) throws -> [ReportSection] {
        let kept = try TrackersReport.read(shown.report, in: snapshot).trackers
        guard !kept.isEmpty else { return [] }
        let format = shown.format
        var html: HTML = #"<div class="report-block report-trackers">"#
        for tracker in kept {
            html += #"<h3>\#(tracker.tracker.name)</h3><ul class="report-lines">"#
            if tracker.readyMade == ReadyMadeTracker.bloodPressure.rawValue, let line = homeAverage(tracker, shown: shown) {
                html += #"<li class="bp-average">\#(line)</li>"#
            }
            for field in tracker.tracker.fields where !field.removed {
                if let line = summary(field, tracker.records, format: format) { html += "<li>\(line)</li>" }
            }
            html += "</ul>"
            // A tied regimen's curve: the span's last day of readings by hours since the shot, as the vet charts it.
            let report = shown.report
            if let field = TrackerCharts.curveField(tracker.tracker).flatMap(tracker.tracker.field), let regimenID = tracker.tracker.regimenID,
                let read = try snapshot.read({ db in
                    try TrackerRepository.curveDay(
                        trackerID: tracker.trackerID, field: field.key, regimenID: regimenID, subjectID: report.subject.id, from: report.from, to: report.to,
                        timeZone: format.timeZone, db)
                }),
                let curve = TrackerCharts.curve(tracker.trackerID, field, read, format: format)
            {
                html += #"<h4>\#(curve.heading)</h4><p class="meta">\#(curve.figures.joined(separator: " · "))</p>\#(curve.chart)"#
            }
            html += #"<ol class="report-records">"#
            for record in tracker.records {
                guard case .tracker(let entry) = record.details else { continue }
                html += #"<li>\#(format.moment(record.occurredAt)) · \#(format.trackerLine(entry))\#(record.note.map { " · \($0)" } ?? "")</li>"#
            }
            html += "</ol>"
        }
        return [ReportSection(rank: 70, html: html + "</div>", recorded: true)]
    }

    /// "가정 혈압 7일 평균 (첫날 11월 2일 뺌): 132/84 mmHg — 11월 3일–8일, 측정 24번": the
    /// ready-made tracker's first two fields as systolic and diastolic, as NICE NG136 averages them.
    static func homeAverage(_ tracker: TrackersReport.Kept, shown: ShownReport) -> String? {
        let format = shown.format
        let fields = tracker.tracker.fields.filter { !$0.removed && $0.kind.code == "number" }
        guard fields.count >= 2, case .number(let rules) = fields[0].kind else { return nil }
        let readings = tracker.records.compactMap { record -> HomeBloodPressure.Reading? in
            guard case .tracker(let entry) = record.details, case .number(let systolic) = entry.values[fields[0].key],
                case .number(let diastolic) = entry.values[fields[1].key]
            else { return nil }
            return HomeBloodPressure.Reading(day: record.localDate, systolic: systolic, diastolic: diastolic)
        }
        guard let average = HomeBloodPressure(readings) else { return format.t("trackers.report.bp_too_few", ["days": String(HomeBloodPressure.leastDays)]) }
        var line = format.t(
            "trackers.report.bp_average",
            [
                "value": "\(format.number(average.systolic, decimals: 0))/\(format.number(average.diastolic, decimals: 0)) \(rules.unit)",
                "day_one": format.shortDay(average.dayOne), "from": format.shortDay(average.from), "to": format.shortDay(average.to),
                "n": String(average.count),
            ])
        if average.isHigh { line += " " + format.t("trackers.report.bp_high") }
        return line
    }

    /// "수축기: 14번, 평균 131 mmHg, 가장 낮음 118 (11월 3일 07:30), 가장 높음 182 (11월 9일 19:10), 긴급 1번".
    static func summary(_ field: TrackerField, _ records: [StoredEntry], format: Formatting) -> String? {
        var values: [(value: Double, record: StoredEntry)] = []
        for record in records {
            guard case .tracker(let entry) = record.details else { continue }
            switch entry.values[field.key] {
            case .number(let number): values.append((number, record))
            case .seconds(let seconds): values.append((Double(seconds), record))
            default: break
            }
        }
        guard !values.isEmpty, let low = values.min(by: { $0.value < $1.value }), let high = values.max(by: { $0.value < $1.value }) else { return nil }
        func shown(_ value: Double) -> String {
            switch field.kind {
            case .number: return format.trackerValue(.number(value), of: field)
            default: return format.duration(Int(value.rounded()))
            }
        }
        let mean = values.map(\.value).reduce(0, +) / Double(values.count)
        var parts = [
            format.t("trackers.report.count", ["n": String(values.count)]), format.t("trackers.report.mean", ["value": shown(mean)]),
            format.t("trackers.report.lowest", ["value": shown(low.value), "when": format.moment(low.record.occurredAt)]),
            format.t("trackers.report.highest", ["value": shown(high.value), "when": format.moment(high.record.occurredAt)]),
        ]
        if let urgentFrom = field.urgentFrom {
            let urgent = values.filter { $0.value >= urgentFrom }.count
            parts.append(format.t("trackers.report.urgent", ["n": String(urgent), "from": shown(urgentFrom)]))
        }
        return "\(field.name): " + parts.joined(separator: ", ")
    }
}
