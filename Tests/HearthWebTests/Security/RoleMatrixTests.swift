import Foundation
import GRDB
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

/// Every route the router answers × every role. The table below must name each route the
/// router has (the first test walks the router's own list), so a new route that nobody put
/// here fails before it ships. State-changing requests carry a valid CSRF token, so a 403
/// comes from the role check on the server and nothing else.
@Suite("Roles on the server")
struct RoleMatrixTests {
    /// The least a member needs to use a route.
    enum Needs: Sendable { case anyone, member, recorder, owner }

    /// What one route is asked in the matrix: a concrete path from the household's ids and a form.
    struct Route: Sendable {
        let needs: Needs
        let path: @Sendable (IDs) -> String
        var fields: [String: String] = [:]
        /// Fields that name the household's ids (a regimen, a subject), when the form has them.
        var fieldsFor: (@Sendable (IDs) -> [String: String])?
        /// A file sent with the form: (field, file name, contents).
        var file: (field: String, filename: String, text: String)?
        /// An API call's JSON body.
        var json: String?
    }

    /// The ids the household of each case has: another member, a pet, its live record and its deleted one.
    struct IDs: Sendable {
        let member: Int64
        let pet: Int64
        let record: Int64
        let deletedRecord: Int64
        let food: Int64
        let photo: String
        let person: Int64
        /// A weighing of the person's.
        let personRecord: Int64
        let importJob: Int64
        let clinic: Int64
        let medicine: Int64
        let regimen: Int64
        let recipe: Int64
        let routine: Int64
        let appointment: Int64
        let tracker: Int64
    }

    /// Keyed by the router's own "METHOD path".
    static let routes: [String: Route] = [
        "GET /healthz": Route(needs: .anyone, path: { _ in "/healthz" }),
        "GET /setup": Route(needs: .anyone, path: { _ in "/setup" }),
        "POST /setup": Route(needs: .anyone, path: { _ in "/setup" }),
        "GET /login": Route(needs: .anyone, path: { _ in "/login" }),
        "POST /login": Route(needs: .anyone, path: { _ in "/login" }),
        "POST /logout": Route(needs: .member, path: { _ in "/logout" }),
        "GET /connect": Route(needs: .anyone, path: { _ in "/connect" }),
        "GET /connect/check": Route(needs: .anyone, path: { _ in "/connect/check" }),
        "GET /connect/hearth-household.crt": Route(needs: .anyone, path: { _ in "/connect/hearth-household.crt" }),
        "GET /connect/hearth.mobileconfig": Route(needs: .anyone, path: { _ in "/connect/hearth.mobileconfig" }),
        "GET /manifest.webmanifest": Route(needs: .anyone, path: { _ in "/manifest.webmanifest" }),
        "GET /offline": Route(needs: .anyone, path: { _ in "/offline" }),
        "GET /": Route(needs: .member, path: { _ in "/" }),
        "GET /today": Route(needs: .member, path: { _ in "/today" }),
        "GET /photos/{name}": Route(needs: .member, path: { "/photos/\($0.photo)-320.jpg" }),
        "GET /calendar": Route(needs: .member, path: { _ in "/calendar" }),
        "GET /calendar/{when}": Route(needs: .member, path: { _ in "/calendar/2026-01-02" }),
        "GET /me": Route(needs: .member, path: { _ in "/me" }),
        "GET /help": Route(needs: .member, path: { _ in "/help" }),
        "GET /help/{topic}": Route(needs: .member, path: { _ in "/help/pets" }),
        "POST /me": Route(needs: .member, path: { _ in "/me" }, fields: ["display_name": "New name", "language": "ko"]),
        "POST /me/password": Route(
            needs: .member, path: { _ in "/me/password" },
            fields: [
                "current_password": "member password 1", "new_password": "member password 2", "new_password_confirm": "member password 2",
            ]),
        "GET /accounts": Route(needs: .owner, path: { _ in "/accounts" }),
        "POST /accounts": Route(needs: .owner, path: { _ in "/accounts" }, fields: ["username": "intruder", "password": "0123456789ab", "role": "owner"]),
        "POST /accounts/{id}/role": Route(needs: .owner, path: { "/accounts/\($0.member)/role" }, fields: ["role": "owner"]),
        "POST /accounts/{id}/password": Route(needs: .owner, path: { "/accounts/\($0.member)/password" }, fields: ["password": "a new password 1"]),
        "POST /accounts/{id}/disable": Route(needs: .owner, path: { "/accounts/\($0.member)/disable" }),
        "POST /accounts/{id}/enable": Route(needs: .owner, path: { "/accounts/\($0.member)/enable" }),
        "POST /accounts/{id}/access": Route(needs: .owner, path: { "/accounts/\($0.member)/access" }, fields: ["access": "limited"]),
        "GET /settings": Route(needs: .owner, path: { _ in "/settings" }),
        "GET /activity": Route(needs: .owner, path: { _ in "/activity" }),
        "POST /settings": Route(needs: .owner, path: { _ in "/settings" }, fields: ["household_name": "Changed", "time_zone": "UTC", "language": "en"]),
        "POST /settings/keeping": Route(needs: .owner, path: { _ in "/settings/keeping" }, fields: ["bin_days": "60", "history_years": "5"]),
        "GET /people": Route(needs: .member, path: { _ in "/people" }),
        "GET /people/{id}": Route(needs: .member, path: { "/people/\($0.person)" }),
        "GET /people/{id}/timeline": Route(needs: .member, path: { "/people/\($0.person)/timeline" }),
        "GET /people/new": Route(needs: .recorder, path: { _ in "/people/new" }),
        "POST /people": Route(needs: .recorder, path: { _ in "/people" }, fields: ["name": "Intruder", "colour": "red"]),
        "GET /people/{id}/edit": Route(needs: .recorder, path: { "/people/\($0.person)/edit" }),
        "POST /people/{id}": Route(needs: .recorder, path: { "/people/\($0.person)" }, fields: ["name": "Renamed", "colour": "green"]),
        "POST /people/{id}/water": Route(needs: .recorder, path: { "/people/\($0.person)/water" }, fields: ["change": "cup"]),
        "POST /people/{id}/weight": Route(needs: .recorder, path: { "/people/\($0.person)/weight" }, fields: ["weight": "70"]),
        "POST /people/{id}/records/{record}/delete": Route(needs: .recorder, path: { "/people/\($0.person)/records/\($0.personRecord)/delete" }),
        "POST /people/{id}/steps": Route(needs: .recorder, path: { "/people/\($0.person)/steps" }, fields: ["steps": "4000"]),
        "GET /people/{id}/import": Route(needs: .recorder, path: { "/people/\($0.person)/import" }),
        "POST /people/{id}/import": Route(
            needs: .recorder, path: { "/people/\($0.person)/import" }, fields: ["source": "google-fit"],
            file: ("file", "metrics.csv", "Date,Step count\n2026-01-02,4000\n")),
        "GET /imports/{id}": Route(needs: .member, path: { "/imports/\($0.importJob)" }),
        "GET /imports/{id}/status": Route(needs: .member, path: { "/imports/\($0.importJob)/status" }),
        "GET /people/{id}/charts": Route(needs: .member, path: { "/people/\($0.person)/charts?period=year&at=2026-01-02" }),
        "GET /pets/{id}/charts": Route(needs: .member, path: { "/pets/\($0.pet)/charts?period=year&at=2026-01-02" }),
        "GET /people/{id}/goals": Route(needs: .recorder, path: { "/people/\($0.person)/goals" }),
        "POST /people/{id}/goals": Route(
            needs: .recorder, path: { "/people/\($0.person)/goals" }, fields: ["water": "8", "water_unit": "cups", "cup_ml": "250"]),
        "GET /pets": Route(needs: .member, path: { _ in "/pets" }),
        "GET /pets/{id}": Route(needs: .member, path: { "/pets/\($0.pet)" }),
        "GET /pets/{id}/timeline": Route(needs: .member, path: { "/pets/\($0.pet)/timeline" }),
        "GET /pets/new": Route(needs: .recorder, path: { _ in "/pets/new" }),
        "POST /pets": Route(needs: .recorder, path: { _ in "/pets" }, fields: ["name": "Intruder", "species": "dog"]),
        "GET /pets/{id}/edit": Route(needs: .recorder, path: { "/pets/\($0.pet)/edit" }),
        "POST /pets/{id}": Route(needs: .recorder, path: { "/pets/\($0.pet)" }, fields: ["name": "Renamed", "species": "cat"]),
        "POST /subjects/{id}/flags/seen": Route(needs: .recorder, path: { "/subjects/\($0.pet)/flags/seen" }, fields: ["key": "vomiting"]),
        "POST /pets/{id}/archive": Route(needs: .recorder, path: { "/pets/\($0.pet)/archive" }),
        "POST /pets/{id}/unarchive": Route(needs: .recorder, path: { "/pets/\($0.pet)/unarchive" }),
        "POST /pets/{id}/foods/{food}/preference": Route(
            needs: .recorder, path: { "/pets/\($0.pet)/foods/\($0.food)/preference" }, fields: ["preference": "loves"]),
        "GET /pets/{id}/records/new": Route(needs: .recorder, path: { "/pets/\($0.pet)/records/new?kind=weight" }),
        "POST /pets/{id}/records": Route(
            needs: .recorder, path: { "/pets/\($0.pet)/records" },
            fields: ["kind": "weight", "weight": "4", "unit": "kg", "date": "2026-01-02", "time": "08:00"]),
        "GET /records/{id}/edit": Route(needs: .recorder, path: { "/records/\($0.record)/edit" }),
        "POST /records/{id}": Route(
            needs: .recorder, path: { "/records/\($0.record)" }, fields: ["weight": "5", "unit": "kg", "date": "2026-01-02", "time": "08:00"]),
        "POST /records/{id}/delete": Route(needs: .recorder, path: { "/records/\($0.record)/delete" }),
        "POST /records/{id}/restore": Route(needs: .recorder, path: { "/records/\($0.deletedRecord)/restore" }),
        "GET /bin": Route(needs: .member, path: { _ in "/bin" }),
        "POST /bin/put-back": Route(
            needs: .recorder, path: { _ in "/bin/put-back" }, fieldsFor: { ["kind": "entry", "id": String($0.deletedRecord)] }),
        "POST /bin/empty": Route(needs: .owner, path: { _ in "/bin/empty" }),
        "GET /emergency": Route(needs: .member, path: { _ in "/emergency" }),
        "GET /pets/{id}/card": Route(needs: .member, path: { "/pets/\($0.pet)/card" }),
        "POST /pets/{id}/feeding": Route(
            needs: .recorder, path: { "/pets/\($0.pet)/feeding" }, fields: ["stage": "weight_loss", "target": "3.5", "meals": "3"]),
        "GET /clinics": Route(needs: .member, path: { _ in "/clinics" }),
        "GET /clinics/new": Route(needs: .recorder, path: { _ in "/clinics/new" }),
        "POST /clinics": Route(
            needs: .recorder, path: { _ in "/clinics" }, fields: ["name": "Night Clinic", "phone": "02-123-4567", "hours_1": "22:00-06:00"]),
        "POST /clinics/import": Route(
            needs: .recorder, path: { _ in "/clinics/import" },
            file: (
                "file", "clinics.csv", "사업장명,영업상태명,소재지전화,도로명전체주소,관리번호\n행복 24시 동물병원,영업/정상,02-000-0000,서울특별시 마포구 양화로 1,A1\n"
            )),
        "POST /clinics/home": Route(needs: .recorder, path: { _ in "/clinics/home" }, fields: ["coordinates": "37.5665, 126.9780"]),
        "GET /clinics/{id}/edit": Route(needs: .recorder, path: { "/clinics/\($0.clinic)/edit" }),
        "POST /clinics/{id}": Route(needs: .recorder, path: { "/clinics/\($0.clinic)" }, fields: ["name": "Renamed Clinic", "favourite": "on"]),
        "POST /clinics/{id}/delete": Route(needs: .recorder, path: { "/clinics/\($0.clinic)/delete" }),
        "GET /care/vaccines": Route(needs: .member, path: { _ in "/care/vaccines" }),
        "POST /care/vaccines/interval": Route(needs: .owner, path: { _ in "/care/vaccines/interval" }, fields: ["code": "dog.rabies", "months": "12"]),
        "GET /medicines": Route(needs: .member, path: { _ in "/medicines?q=Tylenol" }),
        "GET /medicines/pills": Route(needs: .member, path: { _ in "/medicines/pills?q=YH" }),
        "GET /medicines/new": Route(needs: .recorder, path: { _ in "/medicines/new" }),
        "POST /medicines": Route(needs: .recorder, path: { _ in "/medicines" }, fields: ["kind": "supplement", "name": "Vitamin D"]),
        "POST /medicines/import": Route(
            needs: .recorder, path: { _ in "/medicines/import" },
            file: (
                "file", "supplements.csv", "PRDLST_REPORT_NO,PRDLST_NM,BSSH_NM,NTK_MTHD\n1,오메가3,바다건강,1일 1회\n"
            )),
        "GET /feeds/{file}": Route(needs: .anyone, path: { _ in "/feeds/0123456789abcdef0123456789abcdef0123456789abcdef.ics" }),
        // A reminder's button: its token is the credential (`ReminderAnswerTests`).
        "GET /reminders/answer/{token}": Route(needs: .anyone, path: { _ in "/reminders/answer/0123456789abcdef" }),
        "POST /reminders/answer/{token}": Route(needs: .anyone, path: { _ in "/reminders/answer/0123456789abcdef" }),
        "POST /me/feed": Route(needs: .member, path: { _ in "/me/feed" }, fields: ["action": "renew"]),
        "POST /me/reminders": Route(needs: .member, path: { _ in "/me/reminders" }, fields: ["reminders": "on", "ntfy_url": "http://127.0.0.1:9/mine"]),
        "GET /gallery": Route(needs: .member, path: { _ in "/gallery?favourites=1" }),
        // "ab" is inside the hidden pet's name (Nabi): found for those who see it, left out for those who do not.
        "GET /search": Route(needs: .member, path: { _ in "/search?q=ab" }),
        "GET /gallery/{place}": Route(needs: .member, path: { "/gallery/\($0.record)-0" }),
        "POST /gallery/{place}/favourite": Route(needs: .recorder, path: { "/gallery/\($0.record)-0/favourite" }, fields: ["favourite": "1"]),
        "POST /gallery/{place}/remove": Route(needs: .recorder, path: { "/gallery/\($0.record)-1/remove" }),
        "GET /gallery/animations/new": Route(needs: .recorder, path: { "/gallery/animations/new?photo=\($0.record)-0&photo=\($0.record)-1" }),
        "POST /gallery/animations": Route(
            needs: .recorder, path: { _ in "/gallery/animations" },
            fieldsFor: { ["photos": "\($0.record)-0,\($0.record)-1", "side": "320", "seconds": "1", "loop": "on"] }),
        "GET /gallery/animations/{job}": Route(needs: .recorder, path: { _ in "/gallery/animations/1" }),
        "GET /gallery/animations/{job}/file": Route(needs: .recorder, path: { _ in "/gallery/animations/1/file" }),
        "POST /gallery/animations/{job}/save": Route(
            needs: .recorder, path: { _ in "/gallery/animations/1/save" }, fieldsFor: { ["subject": String($0.pet), "title": "Moving"] }),
        "GET /recipes": Route(needs: .member, path: { _ in "/recipes?i=%EB%91%90%EB%B6%80" }),
        "GET /recipes/bookmarks": Route(needs: .member, path: { _ in "/recipes/bookmarks" }),
        "GET /recipes/{id}": Route(needs: .member, path: { "/recipes/\($0.recipe)?servings=6" }),
        "POST /recipes/{id}/bookmark": Route(needs: .member, path: { "/recipes/\($0.recipe)/bookmark" }, fields: ["on": "1"]),
        "POST /recipes/{id}/food": Route(needs: .recorder, path: { "/recipes/\($0.recipe)/food" }),
        "GET /recipes/new": Route(needs: .recorder, path: { _ in "/recipes/new" }),
        "POST /recipes": Route(
            needs: .recorder, path: { _ in "/recipes" },
            fields: ["title": "Barley tea", "ingredients": "1 cup barley", "step_count": "1", "step_0_text": "Roast it."]),
        "GET /recipes/categories": Route(needs: .recorder, path: { _ in "/recipes/categories" }),
        "POST /recipes/categories": Route(needs: .recorder, path: { _ in "/recipes/categories" }, fields: ["added": "Bread"]),
        "GET /recipes/import": Route(needs: .recorder, path: { _ in "/recipes/import" }),
        "POST /recipes/import": Route(
            needs: .recorder, path: { _ in "/recipes/import" },
            fields: [
                "pasted": #"{"@type": "Recipe", "name": "Barley tea", "recipeIngredient": ["1 cup barley"], "recipeInstructions": "Roast it."}"#
            ]),
        "GET /recipes/export": Route(needs: .member, path: { _ in "/recipes/export" }),
        "GET /recipes/{id}/edit": Route(needs: .recorder, path: { "/recipes/\($0.recipe)/edit" }),
        "GET /recipes/{id}/export": Route(needs: .member, path: { "/recipes/\($0.recipe)/export" }),
        "POST /recipes/{id}": Route(
            needs: .recorder, path: { "/recipes/\($0.recipe)" }, fields: ["title": "된장찌개", "ingredients": "된장 2큰술", "step_count": "0"]),
        "POST /recipes/{id}/delete": Route(needs: .recorder, path: { "/recipes/\($0.recipe)/delete" }),
        "GET /reports": Route(needs: .member, path: { _ in "/reports" }),
        "GET /reports/household/{month}": Route(needs: .member, path: { _ in "/reports/household/2026-01" }),
        "GET /reports/{subject}/{span}": Route(needs: .member, path: { "/reports/\($0.pet)/2026-01" }),
        "GET /reports/{subject}/{span}/mar": Route(needs: .member, path: { "/reports/\($0.person)/2026-01/mar" }),
        "GET /settings/backups": Route(needs: .owner, path: { _ in "/settings/backups" }),
        "POST /settings/backups": Route(needs: .owner, path: { _ in "/settings/backups" }, fields: ["folder": ""]),
        "POST /settings/backups/now": Route(needs: .owner, path: { _ in "/settings/backups/now" }),
        "GET /settings/backups/{name}": Route(needs: .owner, path: { _ in "/settings/backups/hearth-20260102-000000.tar" }),
        "GET /settings/export/{file}": Route(needs: .owner, path: { _ in "/settings/export/weights.csv" }),
        "GET /settings/reminders": Route(needs: .owner, path: { _ in "/settings/reminders" }),
        "POST /settings/reminders": Route(
            needs: .owner, path: { _ in "/settings/reminders" },
            fields: ["ntfy_url": "http://127.0.0.1:9/doses", "again_minutes": "30", "escalate_minutes": "60"]),
        "GET /regimens": Route(needs: .member, path: { _ in "/regimens" }),
        "GET /regimens/new": Route(needs: .recorder, path: { "/regimens/new?subject=\($0.pet)" }),
        "POST /regimens": Route(
            needs: .recorder, path: { _ in "/regimens" },
            fieldsFor: {
                [
                    "subject": "\($0.pet)", "name": "Eye drops", "item_1_name": "Pimobendan", "item_1_amount": "1", "item_1_unit": "tablet", "repeat": "daily",
                    "time_1": "08:00", "start": "2026-01-01",
                ]
            }),
        "GET /regimens/{id}": Route(needs: .member, path: { "/regimens/\($0.regimen)" }),
        "GET /regimens/{id}/edit": Route(needs: .recorder, path: { "/regimens/\($0.regimen)/edit" }),
        "POST /regimens/{id}": Route(
            needs: .recorder, path: { "/regimens/\($0.regimen)" },
            fields: [
                "name": "Heart pills 2", "item_1_name": "Pimobendan", "item_1_amount": "2", "item_1_unit": "tablet", "repeat": "daily", "time_1": "09:00",
                "start": "2026-01-01",
            ]),
        "POST /regimens/{id}/end": Route(needs: .recorder, path: { "/regimens/\($0.regimen)/end" }),
        "POST /regimens/{id}/delete": Route(needs: .recorder, path: { "/regimens/\($0.regimen)/delete" }),
        "GET /routines": Route(needs: .member, path: { _ in "/routines" }),
        "GET /routines/new": Route(needs: .recorder, path: { "/routines/new?subject=\($0.pet)" }),
        "POST /routines": Route(
            needs: .recorder, path: { _ in "/routines" },
            fieldsFor: { ["subject": "\($0.pet)", "name": "Teeth", "repeat": "days", "every": "2", "start": "2026-01-01"] }),
        "GET /routines/{id}": Route(needs: .member, path: { "/routines/\($0.routine)" }),
        "GET /routines/{id}/edit": Route(needs: .recorder, path: { "/routines/\($0.routine)/edit" }),
        "POST /routines/{id}": Route(
            needs: .recorder, path: { "/routines/\($0.routine)" },
            fieldsFor: { ["subject": "\($0.pet)", "name": "Bath", "repeat": "as_needed", "start": "2026-01-01"] }),
        "POST /routines/{id}/mark": Route(needs: .recorder, path: { "/routines/\($0.routine)/mark" }, fields: ["action": "done"]),
        "POST /routines/{id}/delete": Route(needs: .recorder, path: { "/routines/\($0.routine)/delete" }),
        "GET /appointments": Route(needs: .member, path: { _ in "/appointments" }),
        "GET /appointments/new": Route(needs: .recorder, path: { "/appointments/new?subject=\($0.pet)&kind=vet" }),
        "POST /appointments": Route(
            needs: .recorder, path: { _ in "/appointments" },
            fieldsFor: { ["subject": "\($0.pet)", "kind": "vet", "date": "2026-12-04", "time": "10:00", "place": "Day Clinic"] }),
        "GET /appointments/{id}": Route(needs: .member, path: { "/appointments/\($0.appointment)" }),
        "GET /appointments/{id}/edit": Route(needs: .recorder, path: { "/appointments/\($0.appointment)/edit" }),
        "POST /appointments/{id}": Route(
            needs: .recorder, path: { "/appointments/\($0.appointment)" },
            fieldsFor: { ["subject": "\($0.pet)", "kind": "grooming", "date": "2026-12-05", "time": "11:00"] }),
        "POST /appointments/{id}/done": Route(needs: .recorder, path: { "/appointments/\($0.appointment)/done" }),
        "POST /appointments/{id}/delete": Route(needs: .recorder, path: { "/appointments/\($0.appointment)/delete" }),
        "GET /trackers": Route(needs: .member, path: { _ in "/trackers" }),
        "GET /trackers/new": Route(needs: .recorder, path: { _ in "/trackers/new" }),
        "POST /trackers": Route(
            needs: .recorder, path: { _ in "/trackers" }, fields: ["name": "Coughs", "subjects": "people", "field_1_name": "How", "field_1_kind": "text"]),
        "POST /trackers/ready-made": Route(needs: .recorder, path: { _ in "/trackers/ready-made" }, fields: ["ready": "glucose"]),
        "GET /trackers/{id}/edit": Route(needs: .recorder, path: { "/trackers/\($0.tracker)/edit" }),
        "POST /trackers/{id}": Route(
            needs: .recorder, path: { "/trackers/\($0.tracker)" },
            fields: [
                "name": "Pressure", "subjects": "people", "field_1_key": "f1", "field_1_name": "Top", "field_1_kind": "number", "field_1_unit": "mmHg",
                "field_1_low": "50", "field_1_high": "300",
            ]),
        "POST /trackers/{id}/delete": Route(needs: .recorder, path: { "/trackers/\($0.tracker)/delete" }),
        "GET /people/{id}/trackers/{tracker}": Route(needs: .recorder, path: { "/people/\($0.person)/trackers/\($0.tracker)" }),
        "POST /people/{id}/trackers/{tracker}": Route(
            needs: .recorder, path: { "/people/\($0.person)/trackers/\($0.tracker)" },
            fields: ["date": "2026-01-02", "time": "07:30", "tracker_f1": "128", "tracker_f2": "82"]),
        "GET /doses": Route(needs: .member, path: { _ in "/doses?day=2026-01-02" }),
        "POST /doses/mark": Route(
            needs: .recorder, path: { _ in "/doses/mark" }, fieldsFor: { ["regimen": "\($0.regimen)", "day": "2026-01-02", "time": "480", "action": "given"] }),
        "POST /doses/change": Route(
            needs: .recorder, path: { _ in "/doses/change" }, fieldsFor: { ["regimen": "\($0.regimen)", "day": "2099-01-02", "time": "480", "action": "skip"] }),
        // The job's id is random and its page is its starter's: each case starts its own (`ownImport`).
        "GET /medicines/imports/{job}": Route(needs: .recorder, path: { _ in "/medicines/imports/none" }),
        "GET /medicines/imports/{job}/status": Route(needs: .recorder, path: { _ in "/medicines/imports/none/status" }),
        "GET /medicines/{id}": Route(needs: .member, path: { "/medicines/\($0.medicine)" }),
        "GET /medicines/{id}/edit": Route(needs: .recorder, path: { "/medicines/\($0.medicine)/edit" }),
        "POST /medicines/{id}": Route(needs: .recorder, path: { "/medicines/\($0.medicine)" }, fields: ["kind": "medicine", "name": "Tylenol 500"]),
        "POST /care/vaccines/own": Route(
            needs: .owner, path: { _ in "/care/vaccines/own" }, fields: ["species": "dog", "name": "Kennel cough nasal", "booster_months": "12"]),
        // The API: called with a token of the member's (`send`), writes with JSON.
        "GET /api": Route(needs: .member, path: { _ in "/api" }),
        "GET /api/v1/openapi.yaml": Route(needs: .anyone, path: { _ in "/api/v1/openapi.yaml" }),
        "POST /me/tokens": Route(needs: .member, path: { _ in "/me/tokens" }, fields: ["name": "kitchen tablet", "scope": "read"]),
        "POST /me/tokens/{id}/revoke": Route(needs: .member, path: { _ in "/me/tokens/own/revoke" }),
        "GET /me/devices/key": Route(needs: .member, path: { _ in "/me/devices/key" }),
        "POST /me/devices": Route(needs: .member, path: { _ in "/me/devices" }, fields: PushDevicesWebTests.subscription()),
        "POST /me/devices/{id}/remove": Route(needs: .member, path: { _ in "/me/devices/own/remove" }),
        "GET /api/home-assistant": Route(needs: .recorder, path: { _ in "/api/home-assistant" }),
        "POST /api/home-assistant": Route(needs: .recorder, path: { _ in "/api/home-assistant" }),
        "GET /api/v1/me": Route(needs: .member, path: { _ in "/api/v1/me" }),
        "GET /api/v1/members": Route(needs: .owner, path: { _ in "/api/v1/members" }),
        "GET /api/v1/subjects": Route(needs: .member, path: { _ in "/api/v1/subjects" }),
        "GET /api/v1/subjects/{subject}": Route(needs: .member, path: { "/api/v1/subjects/\($0.pet)" }),
        "GET /api/v1/flags": Route(needs: .member, path: { _ in "/api/v1/flags" }),
        "GET /api/v1/trackers": Route(needs: .member, path: { _ in "/api/v1/trackers" }),
        "GET /api/v1/subjects/{subject}/records": Route(needs: .member, path: { "/api/v1/subjects/\($0.pet)/records?kind=weight&limit=5" }),
        "POST /api/v1/subjects/{subject}/records": Route(
            needs: .recorder, path: { "/api/v1/subjects/\($0.pet)/records" }, json: #"{"kind": "weight", "fields": {"weight": "4.2", "unit": "kg"}}"#),
        "GET /api/v1/records/{record}": Route(needs: .member, path: { "/api/v1/records/\($0.record)" }),
        "PATCH /api/v1/records/{record}": Route(needs: .recorder, path: { "/api/v1/records/\($0.record)" }, json: #"{"note": "After the walk"}"#),
        "DELETE /api/v1/records/{record}": Route(needs: .recorder, path: { "/api/v1/records/\($0.record)" }),
        "POST /api/v1/records/{record}/photos": Route(needs: .recorder, path: { "/api/v1/records/\($0.record)/photos" }),
        "POST /api/v1/people/{subject}/water": Route(needs: .recorder, path: { "/api/v1/people/\($0.person)/water" }, json: #"{"cups": 1}"#),
        "PUT /api/v1/people/{subject}/steps": Route(needs: .recorder, path: { "/api/v1/people/\($0.person)/steps" }, json: #"{"steps": 4000}"#),
        "GET /api/v1/doses": Route(needs: .member, path: { _ in "/api/v1/doses?date=2026-01-02" }),
        "POST /api/v1/doses/{dose}/given": Route(needs: .recorder, path: { "/api/v1/doses/\($0.regimen)-2026-01-02-480/given" }),
        "POST /api/v1/doses/{dose}/skipped": Route(
            needs: .recorder, path: { "/api/v1/doses/\($0.regimen)-2026-01-02-480/skipped" }, json: #"{"reason": "Asleep"}"#),
        "DELETE /api/v1/doses/{dose}/mark": Route(needs: .recorder, path: { "/api/v1/doses/\($0.regimen)-2026-01-02-480/mark" }),
        "GET /api/v1/due": Route(needs: .member, path: { _ in "/api/v1/due?days=30" }),
    ]

    /// The method a route's name starts with.
    static func method(_ routeName: String) -> HTTPRequest.Method {
        HTTPRequest.Method(String(routeName.prefix { $0 != " " }))!
    }

    /// Gives `browser` an API token of `username`'s (the owner's may act as the owner) for a
    /// route of the API, and a token of its own to revoke for that route.
    static func prepareAPI(_ route: Route, routeName: String, _ browser: Browser, username: String, hearth: Hearth, ids: IDs) async throws -> Route {
        let tokens = APITokenRepository(hearth.database)
        if routeName.contains(" /api/v1/") {
            browser.apiToken = try await tokens.make(for: username, scope: username == "mina" ? .admin : .record, database: hearth.database)
        }
        if routeName == "POST /api/v1/records/{record}/photos" {
            // A weighing takes no photos; a diary page does.
            let diary = RecordInput(occurredAt: Date(), localDate: LocalDate("2026-01-02")!, note: nil, details: .diary(title: "Sunny", text: nil))
            let record = try await EntryRepository(hearth.database).create(subjectID: ids.pet, diary, photos: [], createdBy: nil)
            return Route(needs: route.needs, path: { _ in "/api/v1/records/\(record)/photos" })
        }
        if routeName == "POST /me/devices/{id}/remove" {
            let account = try #require(try await AccountRepository(hearth.database).account(username: username)?.id)
            let devices = PushDeviceRepository(hearth.database)
            guard case .valid(let subscription) = PushSubscription.validate(PushDevicesWebTests.subscription()) else { throw CancellationError() }
            try await devices.add(accountID: account, subscription)
            let id = try #require(try devices.devices(accountID: account).last?.id)
            return Route(needs: route.needs, path: { _ in "/me/devices/\(id)/remove" })
        }
        guard routeName == "POST /me/tokens/{id}/revoke" else { return route }
        let account = try await AccountRepository(hearth.database).all().first { $0.username == username }!
        let id = try await tokens.create(accountID: account.id!, name: "old tablet", scope: .read).id
        return Route(needs: route.needs, path: { _ in "/me/tokens/\(id)/revoke" })
    }

    static func key(_ route: Hearth.Route) -> String {
        "\(route.method.rawValue) \(route.path.replacing(/:([a-z]+)/) { "{\($0.output.1)}" })"
    }

    @Test("every route the router answers is in the matrix, and every route in the matrix is answered")
    func matrixCoversTheRouter() async throws {
        let hearth = try await makeHearth()
        defer { try? hearth.database.close() }
        let registered = Set(hearth.routes.map(Self.key))
        #expect(registered.subtracting(Self.routes.keys).sorted() == [], "routes missing from RoleMatrixTests.routes")
        #expect(Set(Self.routes.keys).subtracting(registered).sorted() == [], "routes in the matrix the router does not have")
    }

    @Test(
        "each role gets 403 where it falls short, and nothing changes; elsewhere it gets through",
        arguments: [Role.adult, Role.viewer], Self.routes.keys.sorted())
    func memberRoutes(role: Role, routeName: String) async throws {
        let route = Self.routes[routeName]!
        guard route.needs != .anyone else { return }
        try await withHousehold { hearth, owner in
            let ids = try await Self.household(owner, hearth: hearth, photo: routeName.contains("/photos/") || routeName.contains("/gallery/"))
            try await owner.addMember("member", role: role, database: hearth.database)
            let member = Browser(owner.client)
            #expect(try await member.signIn("member", "member password 1").status == .seeOther)
            try await member.get("/")

            let allowed =
                switch route.needs {
                case .anyone, .member: true
                case .recorder: role.canRecord
                case .owner: role.canManageHousehold
                }
            if allowed, routeName.contains("/gallery/animations/{job}") { try await Self.makeAnimation(member, ids: ids) }
            var route = try await Self.prepareAPI(route, routeName: routeName, member, username: "member", hearth: hearth, ids: ids)
            if allowed, routeName.contains("/medicines/imports/{job}") { route = try await Self.ownImport(route, member, ids: ids) }
            let before = try await Snapshot(hearth.database)
            let response = try await Self.send(route, ids: ids, as: member, method: Self.method(routeName))
            if allowed {
                #expect(response.status != .forbidden && response.status != .notFound, "\(role) \(routeName): \(response.status)")
            } else {
                #expect(response.status == .forbidden, "\(role) \(routeName)")
                #expect(response.text.contains("Your account may not do this."))
                #expect(try await Snapshot(hearth.database) == before, "nothing written")
            }
        }
    }

    @Test("the owner may use every route", arguments: Self.routes.keys.sorted())
    func ownerRoutes(routeName: String) async throws {
        let route = Self.routes[routeName]!
        guard route.needs != .anyone else { return }
        try await withHousehold { hearth, owner in
            let ids = try await Self.household(owner, hearth: hearth, photo: routeName.contains("/photos/") || routeName.contains("/gallery/"))
            if routeName.hasSuffix("/enable") { try await AccountRepository(hearth.database).setDisabled(true, accountID: ids.member) }
            if routeName == "GET /settings/backups/{name}" {
                _ = try Backup.make(
                    hearth.database, dataDirectory: hearth.dataDirectory, into: hearth.dataDirectory + "/backups",
                    now: Date(timeIntervalSince1970: 1_767_312_000))
            }
            if routeName.contains("/gallery/animations/{job}") { try await Self.makeAnimation(owner, ids: ids) }
            if routeName.hasSuffix("/unarchive") { try await PetRepository(hearth.database).setArchived(true, id: ids.pet) }
            var fields = route.fields
            if routeName == "POST /me/password" { fields["current_password"] = ownerPassword }
            var route = routeName.contains("/medicines/imports/{job}") ? try await Self.ownImport(route, owner, ids: ids) : route
            route = try await Self.prepareAPI(route, routeName: routeName, owner, username: "mina", hearth: hearth, ids: ids)
            let lastChange = try hearth.database.read { db in try Int64.fetchOne(db, sql: "SELECT coalesce(max(id), 0) FROM history") ?? 0 }
            let response = try await Self.send(
                Route(needs: route.needs, path: route.path, fields: fields, fieldsFor: route.fieldsFor, file: route.file, json: route.json), ids: ids,
                as: owner, method: Self.method(routeName))
            #expect([.ok, .seeOther, .created, .noContent].contains(response.status), "owner \(routeName): \(response.status) \(response.text.prefix(300))")
            // Whatever the route wrote is in the history, by the owner (through the API, with the token's name).
            let mina = try #require(try await AccountRepository(hearth.database).account(username: "mina")?.id)
            let authors = try hearth.database.read { db in
                try Row.fetchAll(db, sql: "SELECT DISTINCT account_id, via FROM history WHERE id > ?", arguments: [lastChange]).map {
                    "\($0[0] as Int64? ?? -1) \($0[1] as String? ?? "hearth")"
                }
            }
            let via = routeName.contains(" /api/v1/") ? "api" : "page"
            #expect(authors.allSatisfy { $0 == "\(mina) \(via)" }, "owner \(routeName) wrote history as \(authors)")
            if Self.method(routeName) == .post, routeName.contains("/records") || routeName.contains("/doses/") || routeName.contains("/regimens") {
                #expect(!authors.isEmpty, "owner \(routeName) changed the household without a history entry")
            }
        }
    }

    @Test("adults and viewers cannot even open the accounts and settings pages, and the navigation does not offer them", arguments: [Role.adult, Role.viewer])
    func ownerPages(role: Role) async throws {
        try await withHousehold { hearth, owner in
            try await owner.addMember("member", role: role, database: hearth.database)
            let member = Browser(owner.client)
            try await member.signIn("member", "member password 1")
            let home = try await member.get("/")
            #expect(home.status == .ok)
            #expect(!home.text.contains(#"href="/accounts""#), "navigation shows only what this member may open")
        }
    }

    /// Another member, a pet with a food, a record and a deleted record; a photo only for the
    /// route that serves one (making it is most of a case's time).
    static func household(_ owner: Browser, hearth: Hearth, photo withPhoto: Bool) async throws -> IDs {
        let member = try await owner.addMember("target", role: .adult, database: hearth.database)
        let pet = try await owner.addPet("Nabi", photo: withPhoto ? try fixture("exif-orientation/Landscape_1.jpg") : nil)
        let photo = try await PetRepository(hearth.database).pet(id: pet, access: .everyone)?.photoSHA ?? "none"
        let input = RecordInput(
            occurredAt: Date(timeIntervalSince1970: 1_767_312_000), localDate: LocalDate("2026-01-02")!, note: nil, details: .weight(value: 4, unit: .kg))
        let entries = EntryRepository(hearth.database)
        // With a photo, the record has it twice (places 0 and 1): enough to pick for an animation.
        let photoRecord = try hearth.database.read { db in try PhotoRecord.fetch(sha: photo, db) }
        let record = try await entries.create(subjectID: pet, input, photos: photoRecord.map { [$0, $0] } ?? [], createdBy: nil)
        let deleted = try await entries.create(subjectID: pet, input, photos: [], createdBy: nil)
        try await entries.delete(id: deleted)
        let food = try await FoodRepository(hearth.database).create(name: "Kibble", kind: .food, kcalPer100g: 380)
        try await FoodRepository(hearth.database).setPreference(.likes, subjectID: pet, foodID: food)
        let person = try await PersonRepository(hearth.database).create(PersonProfile(name: "Mina", colour: .teal), photo: nil)
        let weighing = try await entries.create(
            subjectID: person.id, RecordInput(occurredAt: input.occurredAt, localDate: input.localDate, note: nil, details: .weight(value: 60, unit: .kg)),
            photos: [], createdBy: nil)
        let imports = ImportRepository(hearth.database)
        let job = try await imports.start(subjectID: person.id, source: "apple-health", fileName: "export.zip", bytesTotal: 10, createdBy: nil)
        try await imports.fail(jobID: job, message: "imports.problem.truncated")
        let clinic = try await ClinicRepository(hearth.database).create(ClinicInput(name: "Day Clinic", phone: "02-555-0000"))
        let medicine = try await MedicineRepository(hearth.database).create(MedicineInput(kind: .medicine, name: "Tylenol", company: "Janssen"))
        try await owner.get("/medicines")
        _ = try await owner.postMultipart("/medicines/import", [:], files: [("file", "drugs.csv", Array("ITEM_SEQ,ITEM_NAME\n1,Aspirin\n".utf8))])
        let regimen = try await RegimenRepository(hearth.database).create(
            subjectID: pet,
            RegimenInput(
                name: "Heart pills", items: [RegimenItemInput(name: "Pimobendan", amount: 1, unit: "tablet")],
                schedule: CareSchedule(repeatRule: .daily, times: [480], start: LocalDate("2026-01-01")!)))
        var stew = RecipeInput(title: "된장찌개")
        stew.servings = 2
        stew.ingredients = [Ingredient.parse("두부 1/2모")]
        let recipe = try await RecipeRepository(hearth.database).create(stew, createdBy: nil)
        let routine = try await RoutineRepository(hearth.database).create(
            RoutineInput(
                name: "Bath", subjectID: pet, schedule: CareSchedule(repeatRule: .asNeeded(minimumMinutes: 0), times: [], start: LocalDate("2026-01-01")!)),
            by: member)
        let appointment = try await AppointmentRepository(hearth.database).create(
            AppointmentInput(
                subjectID: pet, kind: .vet, date: LocalDate("2026-01-02")!, minutes: 600, startsAt: Date(timeIntervalSince1970: 1_767_315_600),
                note: "Teeth"), by: member)
        let tracker = try await TrackerRepository(hearth.database).create(ReadyMadeTracker.bloodPressure.tracker { $0 }, readyMade: "blood_pressure")
        try await owner.get("/")
        return IDs(
            member: member, pet: pet, record: record, deletedRecord: deleted, food: food, photo: photo, person: person.id, personRecord: weighing,
            importJob: job, clinic: clinic,
            medicine: medicine, regimen: regimen, recipe: recipe, routine: routine, appointment: appointment, tracker: tracker)
    }

    /// Animation 1 of this server, made by `browser` and finished.
    /// The route with the path of a drug-list import `browser` started.
    static func ownImport(_ route: Route, _ browser: Browser, ids: IDs) async throws -> Route {
        try await browser.get("/medicines")
        let started = try await browser.postMultipart("/medicines/import", [:], files: [("file", "drugs.csv", Array("ITEM_SEQ,ITEM_NAME\n1,Aspirin\n".utf8))])
        let page = try #require(started.headers[.location])
        let path = route.path(ids).replacingOccurrences(of: "/medicines/imports/none", with: page)
        return Route(needs: route.needs, path: { _ in path }, fields: route.fields, fieldsFor: route.fieldsFor, file: route.file)
    }

    static func makeAnimation(_ browser: Browser, ids: IDs) async throws {
        try await browser.get("/gallery")
        let made = try await browser.post("/gallery/animations", ["photos": "\(ids.record)-0,\(ids.record)-1", "side": "320", "seconds": "1"])
        #expect(made.headers[.location] == "/gallery/animations/1")
        for _ in 0..<100 where !(try await browser.get("/gallery/animations/1").text.contains("/gallery/animations/1/file")) {
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    static func send(_ route: Route, ids: IDs, as browser: Browser, method: HTTPRequest.Method) async throws -> TestResponse {
        let path = route.path(ids)
        if path.hasPrefix("/api/v1/") && path != "/api/v1/openapi.yaml" {
            // A script with the member's token: no cookies, no CSRF token.
            let api = APIClient(client: browser.client, token: browser.apiToken)
            if path.hasSuffix("/photos") { return try await api.photos(path, [("cat.jpg", try fixture("exif-orientation/Landscape_1.jpg"))]) }
            return try await api.call(method, path, json: route.json)
        }
        if method == .get { return try await browser.get(path) }
        // Photo forms are multipart; the others are plain forms. Both carry the token.
        if path.hasPrefix("/people") && !path.hasSuffix("/water") && !path.hasSuffix("/steps") && !path.hasSuffix("/weight") && !path.hasSuffix("/goals")
            && !path.contains("/trackers/")
            || path.hasPrefix("/pets") && !path.contains("/foods/") && !path.hasSuffix("archive") && !path.hasSuffix("/feeding") || path == "/clinics/import"
            || path == "/medicines/import" || path.hasPrefix("/records") && !path.hasSuffix("delete") && !path.hasSuffix("restore")
        {
            return try await browser.postMultipart(path, route.fields, files: route.file.map { [($0.field, $0.filename, Array($0.text.utf8))] } ?? [])
        }
        return try await browser.post(path, route.fieldsFor?(ids) ?? route.fields)
    }

    /// What a state-changing request could have touched.
    struct Snapshot: Equatable {
        let rows: [String]

        init(_ database: AppDatabase) async throws {
            rows = try database.read { db in
                try String.fetchAll(
                    db,
                    sql: """
                        SELECT 'household|' || name || '|' || time_zone || '|' || language FROM household
                        UNION ALL SELECT 'account|' || username || '|' || display_name || '|' || role || '|' || ifnull(language, '-') || '|' || password_hash || '|' || ifnull(disabled_at, '-') FROM account
                        UNION ALL SELECT 'subject|' || id || '|' || name || '|' || updated_at || '|' || ifnull(archived_at, '-') || '|' || ifnull(colour, '-') FROM subject
                        UNION ALL SELECT 'entry|' || id || '|' || updated_at || '|' || ifnull(deleted_at, '-') FROM entry
                        UNION ALL SELECT 'daily|' || subject_id || '|' || local_date || '|' || water_ml || '|' || ifnull(steps, '-') FROM daily_value
                        UNION ALL SELECT 'goal|' || subject_id || '|' || effective_from || '|' || ifnull(water_ml, '-') || '|' || cup_ml FROM person_goal
                        UNION ALL SELECT 'import|' || id || '|' || state FROM import_job
                        UNION ALL SELECT 'preference|' || subject_id || '|' || food_id || '|' || preference FROM food_preference
                        UNION ALL SELECT 'clinic|' || id || '|' || name || '|' || updated_at FROM clinic
                        UNION ALL SELECT 'medicine|' || id || '|' || name || '|' || updated_at FROM medicine
                        UNION ALL SELECT 'regimen|' || id || '|' || name || '|' || updated_at || '|' || ifnull(deleted_at, '-') FROM regimen
                        UNION ALL SELECT 'schedule|' || id || '|' || times || '|' || ifnull(until_date, '-') FROM regimen_schedule
                        UNION ALL SELECT 'dose|' || regimen_id || '|' || day || '|' || time || '|' || status FROM dose
                        UNION ALL SELECT 'change|' || regimen_id || '|' || day || '|' || time FROM dose_change
                        UNION ALL SELECT 'interval|' || code || '|' || booster_months FROM vaccine_interval
                        UNION ALL SELECT 'vaccine|' || species || '|' || name FROM own_vaccine
                        UNION ALL SELECT 'feeding|' || subject_id || '|' || feeding_stage || '|' || ifnull(target_weight_grams, '-') || '|' || meals_per_day FROM pet_profile
                        UNION ALL SELECT 'recipe|' || id || '|' || title || '|' || updated_at FROM recipe
                        UNION ALL SELECT 'recipe_category|' || id || '|' || name FROM recipe_category
                        UNION ALL SELECT 'recipe_bookmark|' || account_id || '|' || recipe_id FROM recipe_bookmark
                        """
                ).sorted()
            }
        }
    }
}
