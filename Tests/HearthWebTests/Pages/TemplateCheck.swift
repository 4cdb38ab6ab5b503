import HearthHTML
import Mustache
@testable import HearthWeb

/// Walks a template's tags with Mustache's own name lookup (the context stack, then dotted
/// names through `child(named:)`) against a sample model, and reports every name that finds
/// nothing and every triple brace that finds something other than `HTML`. It looks inside
/// every section, true or false, so one sample checks every branch of a page.
struct TemplateCheck {
    /// Templates by name, with their `{{t.…}}` strings already written in.
    let sources: [String: String]
    private(set) var problems: [String] = []

    init(sources: [String: String]) { self.sources = sources }

    indirect enum Node {
        case variable(String, triple: Bool)
        case section(String, inverted: Bool, [Node])
        case partial(String)
        case parent(String, [Node])
        case block([Node])
    }

    mutating func check(template name: String, model: Any) {
        check(template: name, stack: [model], path: name)
    }

    private mutating func check(template name: String, stack: [Any], path: String) {
        guard let source = sources[name] else {
            problems.append("\(path): no template \(name)")
            return
        }
        do {
            var tags = try Self.tags(source)[...]
            let nodes = try Self.parse(&tags, until: nil)
            check(nodes, stack: stack, path: path)
        } catch {
            problems.append("\(path): \(error)")
        }
    }

    private mutating func check(_ nodes: [Node], stack: [Any], path: String) {
        for node in nodes {
            switch node {
            case .variable(let name, let triple):
                guard name != "." else { continue }
                guard let value = Self.resolve(name, in: stack) else {
                    problems.append("\(path): {{\(name)}} finds nothing")
                    continue
                }
                if triple && !(value is HTML) { problems.append("\(path): {{{\(name)}}} is \(type(of: value)), not HTML") }
            case .section(let name, let inverted, let children):
                guard let value = Self.resolve(name, in: stack) else {
                    problems.append("\(path): {{\(inverted ? "^" : "#")\(name)}} finds nothing")
                    continue
                }
                if inverted || value is Bool {
                    check(children, stack: stack, path: path)
                } else if let list = value as? [Any] {
                    if list.isEmpty { problems.append("\(path): the sample's \(name) is empty, so its rows go unchecked") }
                    for item in list { check(children, stack: stack + [item], path: "\(path) › \(name)") }
                } else {
                    check(children, stack: stack + [value], path: "\(path) › \(name)")
                }
            case .partial(let name) where name.hasPrefix("*"):
                // A dynamic partial (`{{>*template}}`): the name is the model's.
                guard let template = Self.resolve(String(name.dropFirst()), in: stack) as? String else {
                    problems.append("\(path): {{>\(name)}} names no template")
                    continue
                }
                check(template: template, stack: stack, path: "\(path) › >\(template)")
            case .partial(let name):
                check(template: name, stack: stack, path: "\(path) › >\(name)")
            case .parent(let name, let blocks):
                check(blocks, stack: stack, path: path)
                check(template: name, stack: stack, path: "\(path) › <\(name)")
            case .block(let children):
                check(children, stack: stack, path: path)
            }
        }
    }

    static func resolve(_ name: String, in stack: [Any]) -> Any? {
        let names = name.split(separator: ".").map(String.init)
        guard let first = names.first else { return nil }
        for object in stack.reversed() {
            guard let parent = object as? MustacheParent, var value = parent.child(named: first) else { continue }
            for next in names.dropFirst() {
                guard let parent = value as? MustacheParent, let child = parent.child(named: next) else { return nil }
                value = child
            }
            return value
        }
        return nil
    }

    struct Tag {
        let sigil: Character?
        let name: String
        let triple: Bool
    }

    struct ParseError: Error, CustomStringConvertible {
        let description: String
    }

    static func tags(_ source: String) throws -> [Tag] {
        var tags: [Tag] = []
        var rest = Substring(source)
        while let open = rest.range(of: "{{") {
            rest = rest[open.upperBound...]
            let triple = rest.first == "{"
            if triple { rest = rest.dropFirst() }
            guard let close = rest.range(of: triple ? "}}}" : "}}") else { throw ParseError(description: "a tag is not closed") }
            var inner = rest[..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            rest = rest[close.upperBound...]
            var sigil: Character?
            if let first = inner.first, "#^/!>%<$&".contains(first) {
                sigil = first
                inner = String(inner.dropFirst()).trimmingCharacters(in: .whitespaces)
            }
            if sigil == "!" || sigil == "%" { continue }
            tags.append(Tag(sigil: sigil == "&" ? nil : sigil, name: inner, triple: triple || sigil == "&"))
        }
        return tags
    }

    static func parse(_ tags: inout ArraySlice<Tag>, until closing: String?) throws -> [Node] {
        var nodes: [Node] = []
        while let tag = tags.popFirst() {
            switch tag.sigil {
            case nil: nodes.append(.variable(tag.name, triple: tag.triple))
            case "#", "^": nodes.append(.section(tag.name, inverted: tag.sigil == "^", try parse(&tags, until: tag.name)))
            case "<": nodes.append(.parent(tag.name, try parse(&tags, until: tag.name)))
            case "$": nodes.append(.block(try parse(&tags, until: tag.name)))
            case ">": nodes.append(.partial(tag.name))
            case "/":
                guard tag.name == closing else { throw ParseError(description: "{{/\(tag.name)}} closes \(closing ?? "nothing")") }
                return nodes
            default: break
            }
        }
        if let closing { throw ParseError(description: "{{#\(closing)}} is not closed") }
        return nodes
    }
}
