import HearthHTML
import HearthCore
import Mustache

/// A page's typed model: the template it fills and, beside it, its values by name for
/// that template (`child(named:)`, a switch per type; see `Renderer` for why not Mirror).
/// A name a template asks for that the model does not answer renders nothing, and the page
/// test (`PageTemplateTests`) fails on it. An absent optional answers `false`, not nil: nil
/// would send Mustache searching every enclosing context for the name.
protocol Page: MustacheParent, Sendable {
    /// `pets/show` for `Templates/pets/show.mustache`. Checked when the server starts.
    static var template: String { get }
}

/// A part of a page (a card, a row, a list item) with its values by name, like `Page`.
typealias PagePart = MustacheParent & Sendable

/// What every template sees: `layout` and `page`.
struct PageModel: MustacheParent {
    let layout: LayoutView
    let page: any Page

    func child(named name: String) -> Any? {
        switch name {
        case "layout": layout
        case "page": page
        case "site": SiteLinks()
        default: nil
        }
    }
}

/// One form field as a template sees it: what the member typed and what is wrong with it.
struct FieldView: PagePart {
    let value: String
    let error: String?

    func child(named name: String) -> Any? {
        switch name {
        case "value": value
        case "error": error ?? false
        default: nil
        }
    }
}

/// A form's fields: `{{#page.fields.name}}{{>partials/field-error}}{{/page.fields.name}}` and
/// `{{page.fields.name.value}}`. Every field the form declares answers, typed in or not, so a
/// template that names a field the form does not have renders nothing and fails the page test.
struct FormFields: PagePart {
    private let fields: [String: FieldView]

    init(_ names: [String], input: [String: String], errors: FieldErrors = FieldErrors(), strings: Localization, language: Language) {
        var fields: [String: FieldView] = [:]
        for name in Set(names).union(input.keys).union(errors.messages.keys) where name != "_csrf" {
            fields[name] = FieldView(value: input[name] ?? "", error: errors[name].map { strings.text($0, language, errors.values[name] ?? [:]) })
        }
        self.fields = fields
    }

    subscript(name: String) -> FieldView? { fields[name] }

    func child(named name: String) -> Any? { fields[name] }
}

/// One line of a page's facts (`<dl class="facts">`): a label and its value.
struct FactView: PagePart {
    let label: String
    let value: String

    func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "value": value
        default: nil
        }
    }
}

extension [FactView] {
    /// Adds a fact when it is known: a page lists only what has a value.
    mutating func add(_ label: String, _ value: String?) {
        if let value, !value.isEmpty { append(FactView(label: label, value: value)) }
    }
}

/// A link among others, one of them the page being shown (`aria-current`): the chips that
/// filter a list, the choice of chart or period.
struct LinkView: PagePart {
    let label: String
    let href: String
    let current: Bool

    func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "href": href
        case "current": current
        default: nil
        }
    }
}

/// One choice of a `<select>`.
struct OptionView: PagePart {
    let value: String
    let label: String
    let selected: Bool

    func child(named name: String) -> Any? {
        switch name {
        case "value": value
        case "label": label
        case "selected": selected
        default: nil
        }
    }

    /// The `<option>`s as HTML, for a `<select>` repeated down a busy page (one per food on a
    /// pet's page), where Mustache's three lookups per option cost more than the rest of the page.
    static func html(_ options: [OptionView]) -> HTML {
        options.map { #"<option value="\#($0.value)"\#($0.selected ? " selected" : "")>\#($0.label)</option>"# }.joined()
    }
}

/// A checkbox of a list of them (a toilet record's "urine", "stool"…).
struct CheckboxView: PagePart {
    let name: String
    let label: String
    let checked: Bool

    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "label": label
        case "checked": checked
        default: nil
        }
    }
}

/// The message under a form that could not be saved: the fields' own messages are beside
/// them; photo problems are listed here (`partials/problems`).
struct FormProblems: Sendable {
    let problems: [String]
    let hasFieldErrors: Bool

    init(_ problems: [String] = [], errors: FieldErrors = FieldErrors()) {
        self.problems = problems
        self.hasFieldErrors = !errors.isEmpty
    }

    /// The names `partials/problems` uses, for a page's `child(named:)` to answer with.
    func child(named name: String) -> Any? {
        switch name {
        case "problems": problems
        case "hasProblems": !problems.isEmpty || hasFieldErrors
        case "hasPhotoProblems": !problems.isEmpty
        default: nil
        }
    }
}
