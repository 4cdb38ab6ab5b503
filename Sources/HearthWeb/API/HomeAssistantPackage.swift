import Foundation
import HearthCore
import HearthStore

/// `packages/hearth.yaml` for Home Assistant, written for this household: RESTful sensors
/// (doses due now, the next dose, the open flags with their words, each person's water today,
/// each pet's last meal and weight) and `rest_command`s (+1 cup, a dose given, a walk), with the token and this
/// server's address in them. Every string is written as a JSON string, which YAML reads as
/// its own double-quoted string, so a name with a quote or a colon cannot break the file.
enum HomeAssistantPackage {
    /// `words` gives the names and comments in the member's language (`api.ha.yaml.*`).
    static func yaml(
        address: String, token: String, subjects: [SubjectSummary], household: String, made: LocalDate, words: (String, [String: String]) -> String
    ) -> String {
        let api = address + "/api/v1"
        let auth = "      Authorization: \(quoted("Bearer " + token))\n"
        var text = """
            # \(words("api.ha.yaml.header", ["household": household, "date": made.description]))
            # \(words("api.ha.yaml.put", [:]))
            #   homeassistant:
            #     packages: !include_dir_named packages
            # \(words("api.ha.yaml.token", [:]))
            rest:
              - resource: \(quoted(api + "/due?days=0"))
                headers:
            \(auth)    scan_interval: 60
                sensor:
                  - name: \(quoted(words("api.ha.yaml.due_now", [:])))
                    unique_id: hearth_doses_due_now
                    availability: "{{ (value_json or {}).due is defined }}"
                    value_template: "{{ value_json.due | selectattr('kind', 'eq', 'dose') | list | count }}"
                    json_attributes: [due]
              - resource: \(quoted(api + "/doses"))
                headers:
            \(auth)    scan_interval: 60
                sensor:
                  - name: \(quoted(words("api.ha.yaml.next_dose", [:])))
                    unique_id: hearth_next_dose
                    device_class: timestamp
                    availability: "{{ ((value_json or {}).next or {}).at is string }}"
                    value_template: "{{ value_json.next.at }}"
                    json_attributes: [next]
              - resource: \(quoted(api + "/flags"))
                headers:
            \(auth)    scan_interval: 300
                sensor:
                  - name: \(quoted(words("api.ha.yaml.flags", [:])))
                    unique_id: hearth_flags
                    availability: "{{ (value_json or {}).flags is defined }}"
                    value_template: "{{ value_json.flags | count }}"
                    json_attributes: [flags]

            """
        let people = subjects.filter { $0.kind == .person }, pets = subjects.filter { $0.kind == .pet }
        // Two pets called 나비 get sensors Home Assistant can tell apart.
        let repeated = Set(Dictionary(grouping: subjects, by: \.name).filter { $0.value.count > 1 }.keys)
        let name = { (subject: SubjectSummary) in repeated.contains(subject.name) ? "\(subject.name) #\(subject.id)" : subject.name }
        if !subjects.isEmpty {
            text += "  - resource: \(quoted(api + "/subjects"))\n    headers:\n\(auth)    scan_interval: 300\n    sensor:\n"
            for person in people {
                text += sensor(
                    words("api.ha.yaml.water", ["name": name(person)]), id: "hearth_water_\(person.id)", unit: "mL", subject: person.id,
                    value: "(((s.today or {}).water or {}).ml)")
            }
            for pet in pets {
                text += sensor(
                    words("api.ha.yaml.last_meal", ["name": name(pet)]), id: "hearth_last_meal_\(pet.id)", deviceClass: "timestamp", subject: pet.id,
                    value: "((s.today or {}).lastMeal)")
                text += sensor(
                    words("api.ha.yaml.weight", ["name": name(pet)]), id: "hearth_weight_\(pet.id)", unit: "g", deviceClass: "weight", subject: pet.id,
                    value: "(((s.today or {}).latestWeight or {}).grams)")
            }
        }
        text += "\nrest_command:\n"
        text += command("hearth_dose_given", url: api + "/doses/{{ dose }}/given", payload: "{}", auth: auth)
        for person in people {
            text += command("hearth_water_cup_\(person.id)", url: api + "/people/\(person.id)/water", payload: #"{"cups": 1}"#, auth: auth)
        }
        for pet in pets {
            text += command(
                "hearth_walk_\(pet.id)", url: api + "/subjects/\(pet.id)/records",
                payload: #"{"kind": "walk", "fields": {"activity": "walk", "minutes": "{{ minutes | default(30) }}"}}"#, auth: auth)
        }
        return text
    }

    /// A sensor of `/subjects` whose `value` is read from the subject `s` (an empty mapping when
    /// it is not in the answer). It is unavailable — not "None", which a number or a time cannot
    /// be, nor 0 — while there is nothing to show: no weighing yet, the subject gone, or an
    /// answer that is no list (a revoked token's 401).
    private static func sensor(_ name: String, id: String, unit: String? = nil, deviceClass: String? = nil, subject: Int64, value: String) -> String {
        var text = "      - name: \(quoted(name))\n        unique_id: \(id)\n"
        if let unit { text += "        unit_of_measurement: \(unit)\n" }
        if let deviceClass { text += "        device_class: \(deviceClass)\n" }
        let find = "{% set s = ((value_json or {}).subjects or []) | selectattr('id', 'eq', \(subject)) | first | default({}) %}"
        let shown = deviceClass == "timestamp" ? "string" : "number"
        text += "        availability: \(quoted(find + "{{ (\(value)) is \(shown) }}"))\n"
        return text + "        value_template: \(quoted(find + "{{ \(value) }}"))\n"
    }

    private static func command(_ name: String, url: String, payload: String, auth: String) -> String {
        "  \(name):\n    url: \(quoted(url))\n    method: post\n    headers:\n\(auth)    content_type: \"application/json\"\n    payload: \(quoted(payload))\n"
    }

    /// `text` as a JSON string: a YAML double-quoted scalar.
    static func quoted(_ text: String) -> String { JSONString.quoted(text) }
}
