import HearthHTML
import Foundation
import HearthCharts
import HearthCore
import Testing
@testable import HearthWeb

/// Every page of every area, rendered from a sample model: a name a template asks for that
/// the model does not answer (a misspelling on either side) fails here, as does a triple
/// brace given anything but `HTML`, and a page whose template is missing.
@Suite("Page templates")
struct PageTemplateTests {
    static let strings = try! Localization(directory: packageRoot + "/Templates/i18n")

    static func fields(_ names: [String]) -> FormFields {
        var errors = FieldErrors()
        for name in names { errors.add(name, "error.text.invalid") }
        return FormFields(names, input: Dictionary(uniqueKeysWithValues: names.map { ($0, "x") }), errors: errors, strings: strings, language: .en)
    }

    static let options = [OptionView(value: "a", label: "A", selected: true), OptionView(value: "b", label: "B", selected: false)]
    static let checkboxes = [CheckboxView(name: "urine", label: "Urine", checked: true)]
    static let html: HTML = "<li>x</li>"

    /// One sample per page, every optional set and every list with a row.
    static let samples: [any Page] = [
        ErrorPage(status: 404, message: "Not found"),
        HelpPage(body: "<h1>Pets</h1>", contents: [.init(href: "/help", title: "Help", current: true)]),
        SetupPage(fields: fields(SetupPage.fieldNames), timeZones: [TimeZoneGroup(label: "Likely", options: options)], languages: options, hasErrors: true),
        SignInPage(username: "mina", next: "/pets", message: "Wrong password"),
        ConnectPage(
            httpsAddress: "https://192.168.0.20:8443/", otherAddresses: ["https://10.0.0.2:8443/"],
            qrCode: QRCode("https://192.168.0.20:8443/")?.svg(label: "QR"),
            fingerprint: "AB:CD", overHTTPS: false, checkURL: "https://192.168.0.20:8443/connect/check", isOwner: true),
        OfflinePage(),
        AccountsPage(
            members: [
                .init(
                    id: 1, displayName: "Mina", username: "mina", roleLabel: "Owner", roles: options, disabled: true, isSelf: false, sees: "Bori",
                    limited: true, canLimit: true, subjects: [CheckboxView(name: "subject_1", label: "Bori", checked: true)])
            ],
            fields: fields(AccountsPage.fieldNames), roles: options, languages: options, notice: "Saved", problem: "No"),
        SettingsPage(
            fields: fields(SettingsPage.fieldNames), keeping: fields(SettingsPage.keepingNames), timeZones: html, languages: options,
            weightUnits: options, volumeUnits: options, historyYears: options, historySize: "287,981 changes, 64 MB", saved: true,
            keepingSaved: true, hasErrors: true),
        MyAccountPage(fields: fields(MyAccountPage.fieldNames), languages: options, username: "mina", notice: "Saved", reminders: html, tokens: html),
        APIPage(address: "http://192.168.0.20:8080", canRecord: true, personID: 3),
        TokenMadePage(token: "hearth_00", name: "Kitchen tablet", scope: "Read", address: "http://192.168.0.20:8080"),
        HomeAssistantPage(package: "rest: []", address: "http://192.168.0.20:8080"),
        GalleryPage(
            heading: "Photos", subjects: [.init(label: "Everyone", href: "/gallery", current: true)],
            favourites: [.init(label: "All", href: "/gallery", current: true)],
            views: [.init(label: "Photo diary", href: "/gallery?subject=1", current: true)], body: "<p></p>", empty: "None", newest: "/gallery",
            older: "/gallery?after=1_2_0",
            makeAnimation: "/gallery/animations/new"),
        GalleryPhotoPage(
            preview: "/photos/a-1600.jpg", alt: "Nabi", caption: "Nabi · Diary", record: "/calendar/2026-01-02", newer: "/gallery/1-0", older: "/gallery/2-0",
            back: "/gallery", original: "/photos/a.jpg", originalSize: "1 MB", favourite: true, canChange: true,
            favouriteAction: "/gallery/1-0/favourite", removeAction: "/gallery/1-0/remove"),
        AnimationFormPage(
            photos: [.init(place: "1-0", thumbnail: "/photos/a-320.jpg", alt: "Nabi", order: "1")], list: "1-0",
            sides: [OptionView(value: "320", label: "320", selected: true)], fields: fields(["photos", "side", "seconds", "loop"]),
            problems: FormProblems(["No"]), loop: true, subject: "1", canMake: true),
        AnimationPage(
            status: "Ready", making: true, file: "/gallery/animations/1/file", figures: "12 frames",
            subjects: [OptionView(value: "1", label: "Nabi", selected: true)],
            saveAction: "/gallery/animations/1/save", failed: true),
        RecipeListPage(
            query: "찌개", ingredients: "두부, 양파", matchAll: true, categories: [.init(label: "Rice 3", href: "/recipes?category=3", current: true)],
            recipes: [.init(href: "/recipes/1", title: "된장찌개", category: "Soup")], next: "/recipes?after=1", problem: "Twice", nothing: "None",
            notice: "Deleted", canRecord: true),
        RecipePage(
            id: 1, title: "된장찌개", category: "Soup", tags: [.init(label: "#여름", href: "/recipes?tag=%EC%97%AC%EB%A6%84", current: false)], servings: "6",
            scaled: "For 6", scalable: true,
            ingredients: [.init(amount: "1½큰술", words: "된장", note: "heaped", nameFirst: true)],
            parts: [
                .init(
                    name: "The broth", start: 1,
                    steps: [.init(number: 1, text: "Boil.", photo: String(repeating: "a", count: 64), link: "https://example.org/1.jpg")])
            ],
            tip: "Less salt", description: "A stew", source: "https://example.org", sourceName: "Example", photo: String(repeating: "b", count: 64),
            image: "https://example.org/a.jpg", bookmarked: true, canRecord: true,
            food: .init(action: "/recipes/1/food", energy: "120 kcal", done: true), figures: "10 min"),
        RecipeBookmarksPage(groups: [.init(name: "Rice", recipes: [.init(id: "1", title: "김치볶음밥")])]),
        RecipeFormPage(
            heading: "Add", action: "/recipes", cancel: "/recipes", fields: fields(RecipeForm.fieldNames), problems: FormProblems(["No"]),
            categories: [OptionView(value: "1", label: "Rice", selected: true)],
            steps: [
                RecipeForm.StepRow(
                    {
                        var row = RecipeStepRow(
                            index: 0, text: "Boil.", section: "Broth", order: "1", keptPhoto: String(repeating: "c", count: 64),
                            link: "https://example.org/1.jpg")
                        row.error = "Too long"
                        return row
                    }())
            ],
            photo: "/photos/a-320.jpg", imageLink: "https://example.org/a.jpg", stepsError: "Mend a step"),
        RecipeCategoriesPage(categories: [.init(id: "1", name: "Rice", count: "3")], added: "Bread", problem: "Taken"),
        RecipeImportPage(
            pasted: "{}", problem: "Nothing",
            summary: .init(
                heading: "1 imported", imported: [.init(title: "Stew", href: "/recipes/1")],
                duplicates: ["Cake"], refused: ["x.html: no recipe"], imageLinks: true)),
        ReportIndexPage(
            thisMonth: "November 2026", lastMonth: "October 2026",
            household: .init(
                name: "Everyone", month: "/reports/household/2026-11", previous: "/reports/household/2026-10", vet30: nil, vet90: nil, rangeAction: nil),
            subjects: [
                .init(
                    name: "Nabi", month: "/reports/1/2026-11", previous: "/reports/1/2026-10", vet30: "/reports/1/vet?days=30", vet90: "/reports/1/vet?days=90",
                    rangeAction: "/reports/1/vet")
            ],
            choices: [OptionView(value: "household", label: "Everyone", selected: true)], month: "2026-11"),
        ReportPage(
            heading: "Nabi", paper: "a4", paperLinks: [.init(label: "A4", href: "?paper=a4")], contents: [.init(label: "Nabi", href: "#subject-1")],
            body: "<p></p>", pdf: "?pdf=1", autoPrint: true, previous: "/reports/1/2026-10", next: "/reports/1/2026-12"),
        BackupsPage(
            fields: fields(["folder"]), problems: FormProblems(["No"]), notice: "Saved", running: "Running", last: "Last", lastFailed: true,
            archives: [.init(name: "hearth-20260102-000000.tar", when: "2 Jan", size: "1 MB", href: "/settings/backups/hearth-20260102-000000.tar")],
            csvLinks: [.init(label: "Weights", href: "/settings/export/weights.csv")],
            restoreCommand: "/opt/hearth/hearth restore /d/backups/x.tar --data-dir /d"),
        ReminderSettingsPage(
            fields: fields(["ntfy_url", "webhook_url", "again_minutes", "escalate_minutes", "web_address"]), problems: FormProblems(["No"]), saved: true,
            lastDelivery: "Delivered", here: "https://hearth.local:8443"),
        ReminderAnswerPage(dose: "08:00 — Nabi: Heart pills", message: "Tap", state: "ask", action: "/reminders/answer/x", button: "Given", doses: "/doses"),
        HomePage(
            greeting: "Hello", today: "Monday", isViewer: true, calendarToday: "/calendar/2026-11-23", did: "Bori: Meal recorded.", todo: todo,
            cards: homeCards, isEmpty: false),
        TodayPage(today: "Monday", todo: todo),
        PersonListPage(people: [.init(id: 1, name: "Mina", colour: "teal", age: "40 y 1 m", photo: "/p-320.jpg")], canRecord: true),
        PersonPage(
            id: 1, name: "Mina", colour: "teal", age: "40 y", photo: "/p-1600.jpg", thumbnail: "/p-320.jpg",
            facts: [.init(label: "Born", value: "1 May 1986")], canRecord: true, mayLog: true, day: "2026-11-23", dayHeading: "Monday",
            beforeHearth: true,
            water: .init(glass: "<svg></svg>", drank: "500 ml", progress: "Goal 2,000 ml", reached: true, addCup: "+1 cup", removeCup: "−1 cup"),
            steps: "8,000 steps", stepsGoal: "goal 10,000", weight: "72 kg", weightRange: "60–75 kg", weightUnit: "kg", fields: fields(PersonPage.fieldNames),
            problems: FormProblems(["x"]), notice: "Saved", cards: .sample),
        CalendarMonthPage(
            heading: "November 2026", previous: "/calendar/2026-10", next: "/calendar/2026-12", today: "/calendar", yearLink: "/calendar/2026",
            subjects: "<option>Mina</option>", kinds: "<option>Meals</option>", filtered: true, grid: "<table></table>", legend: "<ul></ul>"),
        CalendarDayPage(
            heading: "Monday", day: "2026-11-23", previous: "/calendar/2026-11-22", next: "/calendar/2026-11-24", monthLink: "/calendar/2026-11",
            subjects: [.init(name: "Mina", href: "/people/1", colour: "teal", figures: ["Water: 1 l"], records: "<li></li>", hasRecords: true)],
            areas: [
                DaySection(
                    rank: 10, heading: "Doses", cardClass: "care-due", listClass: "dose-list", items: "<li></li>",
                    link: .init(href: "/doses?day=2026-11-23", label: "Mark them"))
            ]),
        CalendarYearPage(heading: "2026", previous: "/calendar/2025", next: "/calendar/2027", months: "<ol></ol>"),
        ChartsPage(
            name: "Mina", colour: "teal", back: "/people/1", charts: [.init(label: "Steps", href: "?chart=steps", current: true)],
            periods: [.init(label: "Week", href: "?period=week", current: true)],
            previous: "/people/1/charts?at=2026-10-01", next: nil, span: "November 2026",
            sections: [.init(heading: "Steps", figures: ["Total 1"], chart: "<figure></figure>")]),
        ImportFormPage(personID: 1, personName: "Mina", sources: options, fields: fields(ImportFormPage.fieldNames), problems: FormProblems(["x"])),
        ImportProgressPage(
            id: 1, personID: 1, personName: "Mina", fileName: "export.zip", running: true, done: true, percent: 40, records: "10 records read",
            days: "3 days written", problem: "Cut off"),
        PersonGoalsPage(id: 1, name: "Mina", fields: fields(PersonGoalsPage.fieldNames), waterUnits: options, weightUnit: "kg", problems: FormProblems(["x"])),
        PersonFormPage(
            fields: fields(PersonFormPage.fieldNames), sexes: options, colours: options,
            accounts: options, problems: FormProblems(["bad photo"]), action: "/people", cancel: "/people", heading: "Add a person", today: "2026-11-23"),
        PetListPage(pets: [.init(id: 1, name: "Nabi", species: "Cat", age: "3 y", photo: "/photos/a-320.jpg")], archived: true, canRecord: true),
        PetPage(
            pet: .init(
                id: 1, name: "Nabi", species: "Cat", age: "3 y", archived: true, notes: "Shy", facts: [.init(label: "Breed", value: "Korean shorthair")],
                photo: "/p-1600.jpg", thumbnail: "/p-320.jpg"),
            latestWeight: .init(value: "4 kg", date: "Monday", change: "+0.1 kg"), today: html, hasToday: true, recordForm: html,
            photos: html, hasPhotos: true, foods: html, hasFoods: true,
            cards: .sample,
            canRecord: true, mayArchive: true, newRecord: "/pets/1/records/new?kind=",
            notice: "Saved"),
        PetFormPage(
            fields: fields(PetFormPage.fieldNames), species: options, sexes: options, neutered: options, weightUnits: options,
            problems: FormProblems(["bad photo"], errors: FieldErrors()), action: "/pets", cancel: "/pets", heading: "Add a pet", today: "2026-11-23"),
        TimelinePage(
            petID: 1, petName: "Nabi", petPhoto: "/p-320.jpg", days: html, empty: true, recordForm: html, kinds: html, from: "2026-01-01",
            to: "2026-02-01", isFirstPage: false, newest: "/pets/1/timeline", older: "/pets/1/timeline?before=1_1",
            undo: .init(id: 3, title: "Weight"), notice: "Restored"),
        RecordFormPage(
            kind: .meal, kindLabel: "Meal", petID: 1, petName: "Nabi", action: "/pets/1/records", cancel: "/pets/1", heading: "Add a meal",
            fields: fields(RecordFormPage.fieldNames), problems: FormProblems(["bad photo"]), photoHint: "Up to 4",
            existingPhotos: [.init(sha: "abc", thumbnail: "/abc-320.jpg", kept: true)], editing: true,
            alsoFor: options, together: 2, changeLog: html, units: options, foods: options, foodKinds: options, amountUnits: options, outcomes: options,
            colours: options,
            scores: options,
            checks: checkboxes, signs: checkboxes, severities: options, activities: options, vaccineRows: html, clinics: options,
            preventives: options, cycles: options, currency: "KRW"),
        ClinicListPage(clinics: html, hasClinics: true, canRecord: true, summary: html, importError: "No", home: html, query: "행복"),
        ClinicFormPage(
            heading: "Add a clinic", action: "/clinics", fields: fields(ClinicFormPage.fieldNames), problems: FormProblems(["No"]),
            days: [.init(field: "hours_1", label: "Monday", value: "09:00-18:00", error: "Bad")], open24Hours: true, favourite: true, maybe24Hours: true,
            deleteAction: "/clinics/1/delete"),
        EmergencyPage(clinics: html, hasClinics: true, pets: [.init(name: "Nabi", card: "/pets/1/card")]),
        HealthCardPage(
            name: "Nabi", photo: "/p-320.jpg", facts: [.init(label: "Breed", value: "Korean shorthair")], allergies: "Chicken", dislikes: "Fish",
            medicines: "Ear drops", vaccinations: html, due: html, clinic: html),
        MedicineListPage(query: "타이", items: html, count: "3 items", nothingFound: true, narrowed: true, canRecord: true, summary: "Added", importError: "No"),
        MedicinePage(
            photo: "/p-1600.jpg", id: 1, name: "Tylenol", kind: "Medicine", facts: [.init(label: "Company", value: "Janssen")], canRecord: true,
            subjects: options),
        MedicineFormPage(
            heading: "Add", action: "/medicines", cancel: "/medicines", fields: fields(MedicineInput.fieldNames), problems: FormProblems(["No"]),
            kinds: options, prescription: options, photo: "/p-320.jpg"),
        MedicineImportPage(
            id: "0c4a", fileName: "drugs.csv", running: true, percent: 40, progress: "400 of 1,000 rows saved", summary: "Drug list: 1 added",
            problem: "Not a list"),
        RegimenListPage(items: html, canRecord: true, subjects: options),
        SearchPage(query: "노란 구토", form: html, results: html, searched: true, found: false),
        ActivityPage(filters: html, rows: html, older: "/activity?before=9"),
        BinPage(
            intro: "Kept 30 days", notice: "Put back.",
            archivedPet: .init(said: "Bori is archived.", action: "/pets/1/unarchive", button: "Bring Bori back too"), rows: html, canEmpty: true),
        PillsPage(query: "하양 원형 YH", results: html, noList: true, nothingFound: true, source: "The public list"),
        RegimenFormPage(
            heading: "New regimen", action: "/regimens", cancel: "/pets/1", subjectID: 1, isEdit: true,
            fields: fields(["name", "purpose", "every", "start", "end_date", "end_days", "minimum_hours", "weekdays", "repeat", "hint"]),
            problems: FormProblems(["No"]),
            items: html, times: html, weekdays: html, repeats: options, ends: options, hint: "With food", weight: "Latest weight: 4 kg", remind: true,
            interactions: html, interactionsSeen: "D1+D2:1-2"),
        RegimenPage(
            id: 1, name: "Heart pills", subject: "Nabi", subjectLink: "/pets/1", purpose: "Heart", schedule: "Every day at 08:00", items: html,
            interactions: html, ended: "Ended", adherence: "90%", chart: html, changes: html, history: html, changeLog: html, canRecord: true, hasEnded: false,
            remind: false),
        DosesPage(
            day: "Monday", isToday: true, previous: "/doses?day=1", next: "/doses?day=3", partURL: "/doses?part=list", scheduled: html, asNeeded: html,
            message: "Already given", confirm: html),
        RoutineListPage(items: html, canRecord: true),
        PersonTimelinePage(
            personID: 1, personName: "Mina", photo: "/photos/a-320.jpg", days: html, empty: false, from: "2026-01-01", to: "2026-01-31",
            isFirstPage: false, newest: "/people/1/timeline", older: "/people/1/timeline?before=1_r1"),
        AppointmentListPage(coming: html, past: html, canRecord: true),
        TrackerListPage(trackers: html, readyMade: html, canRecord: true),
        TrackerFormPage(
            heading: "New tracker", action: "/trackers", fields: fields(["name", "subjects", "regimen_id"]), problems: FormProblems(["No"]),
            subjects: options, regimens: options, rows: html, asksToRemove: true, delete: "/trackers/1/delete"),
        TrackerRecordPage(
            heading: "Blood pressure for Grandma", action: "/people/1/trackers/1", cancel: "/people/1", fields: fields(["date", "time", "note"]),
            problems: FormProblems(["No"]), trackerFields: html),
        AppointmentFormPage(
            heading: "Book an appointment", action: "/appointments", cancel: "/appointments",
            fields: fields(["subject", "kind", "date", "time", "clinic_id", "place", "note"]), problems: FormProblems(["No"]), subjects: options,
            kinds: options, clinics: options),
        AppointmentPage(
            id: 1, title: "Tori check-up", dDay: "D-3", when: "Fri 27 Nov 10:00 · Day Clinic", subjectLink: "/pets/1", clinicLink: "/clinics/1",
            note: "Teeth", isPast: true, isDone: false, recordLink: RecordRoutes.edit(2),
            outcome: "/pets/1/records/new?kind=vet_visit", canRecord: true),
        RoutineFormPage(
            heading: "Add a routine", action: "/routines", cancel: "/routines",
            fields: fields(["name", "how", "subject", "every", "time_1", "start", "soon_days", "end_date", "end_days", "weekdays", "repeat", "assign"]),
            problems: FormProblems(["No"]), subjects: options, weekdays: html, repeats: options, ends: options, assignments: options, members: options,
            remind: true),
        RoutinePage(
            id: 1, name: "Teeth", subject: "Tori", subjectLink: "/pets/1", how: "Finger brush", schedule: "Every 2 days", soon: "due soon 1 day before",
            assignment: "In turn: Mom, Dad", next: html, hasNext: true, history: html, canRecord: true, message: "Already done"),
        VaccineSettingsPage(
            species: html, speciesOptions: options, fields: fields(["species", "name", "booster_months"]), problems: FormProblems(["No"]), saved: true),
    ]

    /// Home's list of what needs doing, cut, with a counted line.
    static let todo = TodaySection(
        rows: "<li></li>", more: "3 more", notes: [.init(text: "2 of 4 doses", href: "/doses")], isEmpty: false, onHome: true)

    /// One of every area's cards on the home page, checked inside the home page's sample.
    static let homeCards: [HomeCard] = [
        HomeCard(
            rank: 30,
            model: PeopleTodayCard(
                people: [
                    .init(
                        id: 1, name: "Mina", colour: "teal",
                        water: .init(glass: "<svg></svg>", drank: "500 ml", progress: "Goal 2,000 ml", reached: true, addCup: "+1 cup", removeCup: "−1 cup"),
                        steps: "6,000 of 10,000 steps", stepsReached: true, canRecord: true)
                ], more: DaySection.Link(href: "/people", label: "3 more people — see all"))),
        HomeCard(
            rank: 40,
            model: PetsTodayCard(
                pets: [
                    .init(
                        id: 2, name: "Bori", photo: "/p-320.jpg", records: "Meal ×2", weight: "12 kg", canRecord: true,
                        usualMeal: .init(food: "Kibble", amountLabel: "40 g", foodID: 1, amount: "40", unit: "g", date: "2026-11-23", time: "08:30"))
                ], more: DaySection.Link(href: "/pets", label: "12 more pets — see all"))),
        HomeCard(rank: 45, model: OnThisDayCard(years: "<h3>3 years ago today</h3>")),
        HomeCard(
            rank: 25, model: FlagsHomeCard(flags: #"<ul class="flags"><li class="flag">Nabi: <strong>Vomited 3 times in the last 30 days</strong></li></ul>"#)),
    ]

    static let sources: [String: String] = {
        let raw = try! Renderer.templateSources(in: packageRoot + "/Templates")
        return raw.mapValues { strings.resolve($0, .en) }
    }()

    static let layout = LayoutView(
        lang: "en", title: "Title", householdName: "Home", csrf: "token",
        member: .init(displayName: "Mina", roleLabel: "Owner"),
        navigation: Navigation(bar: "<li><a href=\"/\">Home</a></li>", more: "<li></li>", moreHoldsCurrent: true), help: "/help/pets")

    @Test("every page of every area has a sample here", arguments: Areas.pages.map { "\($0)" })
    func sampled(page: String) {
        let sampled = Self.samples + Self.homeCards.map(\.model)
        #expect(sampled.contains { "\(type(of: $0))" == page }, "add a sample of \(page) to PageTemplateTests.samples (or homeCards)")
    }

    @Test("every name a page's template asks for is answered by its model", arguments: Self.samples.map { type(of: $0).template })
    func namesResolve(template: String) throws {
        let page = try #require(Self.samples.first { type(of: $0).template == template })
        var check = TemplateCheck(sources: Self.sources)
        check.check(template: template, model: PageModel(layout: Self.layout, page: page))
        #expect(check.problems.isEmpty, "\(check.problems.joined(separator: "\n"))")
    }

    @Test("the check catches a misspelled name, a missing partial (named or dynamic) and a String in triple braces")
    func checkCanFail() {
        var check = TemplateCheck(sources: [
            "a": "{{page.greting}}", "b": "{{>partials/nope}}", "c": "{{{page.greeting}}}", "d": "{{#page.isEmpty}}{{nope}}{{/page.isEmpty}}",
            "e": "{{>*page.greeting}}",
        ])
        let model = PageModel(
            layout: Self.layout,
            page: HomePage(greeting: "Hi", today: "Monday", isViewer: false, calendarToday: "/calendar", todo: Self.todo, cards: [], isEmpty: false))
        for name in ["a", "b", "c", "d", "e"] { check.check(template: name, model: model) }
        #expect(check.problems.count == 5, "\(check.problems)")
    }

    @Test("a page whose template is missing stops the server from starting, naming the file")
    func missingTemplate() throws {
        let folder = NSTemporaryDirectory() + "hearth-templates-" + UUID().uuidString
        try FileManager.default.copyItem(atPath: packageRoot + "/Templates", toPath: folder)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try Renderer(templatesDirectory: folder, pages: Areas.pages)
        try FileManager.default.removeItem(atPath: folder + "/pets/show.mustache")
        #expect {
            try Renderer(templatesDirectory: folder, pages: Areas.pages)
        } throws: { error in
            "\(error)".contains("Templates/pets/show.mustache is missing")
        }
    }
}

@Suite("HTML")
struct HTMLTests {
    @Test("text interpolated into HTML is escaped; HTML interpolated is not")
    func escapes() {
        let name = #"<script>alert("x")</script> & 'y'"#
        let inner: HTML = "<b>\(name)</b>"
        let outer: HTML = #"<p title="\#(name)">\#(inner)</p>"#
        #expect(inner.text == "<b>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;</b>")
        #expect(outer.text.hasPrefix(#"<p title="&lt;script&gt;"#))
        #expect(outer.text.hasSuffix("</b></p>"))
        #expect([inner, inner].joined(separator: "\n").text == inner.text + "\n" + inner.text)
    }
}

extension SubjectCardSlots {
    /// Every place filled: a pet's care and feeding, and one area's card.
    static var sample: SubjectCardSlots {
        var slots = SubjectCardSlots(care: "<p></p>", feeding: "<p></p>", feedingForm: "<form></form>")
        slots.add(SubjectCard(rank: 10, id: "medicines", heading: "Medicines", html: "<ul></ul>"))
        return slots
    }
}
