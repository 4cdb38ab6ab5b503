import HearthCore
import HearthHTML
import HearthStore

/// The section of `/me` about reminders: the calendar feed's links with how to add them (or
/// the button that makes one), and the member's own push switch and topic.
enum ReminderSettingsHTML {
    static func render(feed: (plain: String, webcal: String)?, mine: (reminders: Bool, ntfyURL: String?), csrf: String, format: Formatting) -> HTML {
        let csrfField: HTML = #"<input type="hidden" name="_csrf" value="\#(csrf)">"#
        var html: HTML = #"<h2>\#(format.t("feed.title"))</h2>"#
        if let feed {
            let (plain, webcal) = feed
            html += #"<p>\#(format.t("feed.explain"))</p><p><a class="button" href="\#(webcal)">\#(format.t("feed.subscribe"))</a></p>"#
            html += #"<label for="feed-url">\#(format.t("feed.plain"))</label><input id="feed-url" readonly value="\#(plain)">"#
            html += #"<details><summary>\#(format.t("feed.how"))</summary><p>\#(format.t("feed.iphone"))</p><p>\#(format.t("feed.android"))</p></details>"#
            html +=
                #"<form method="post" action="\#(ReminderRoutes.myFeed.pattern)" class="inline-form">\#(csrfField)<button name="action" value="renew" type="submit">\#(format.t("feed.renew"))</button> <button name="action" value="off" type="submit">\#(format.t("feed.off"))</button></form><p class="hint">\#(format.t("feed.renew_hint"))</p>"#
        } else {
            html +=
                #"<p>\#(format.t("feed.explain"))</p><form method="post" action="\#(ReminderRoutes.myFeed.pattern)">\#(csrfField)<button class="primary" name="action" value="renew" type="submit">\#(format.t("feed.make"))</button></form>"#
        }
        html += #"<h2>\#(format.t("push.title"))</h2><form method="post" action="\#(ReminderRoutes.mine.pattern)" novalidate>\#(csrfField)"#
        let checked: HTML = mine.reminders ? " checked" : .empty
        html += #"<label class="choice"><input type="checkbox" name="reminders"\#(checked)> \#(format.t("push.mine_on"))</label>"#
        html +=
            #"<label for="my-ntfy">\#(format.t("push.my_topic"))</label><input id="my-ntfy" name="ntfy_url" value="\#(mine.ntfyURL ?? "")" placeholder="http://192.168.0.10/mochi-pills" inputmode="url">"#
        html += #"<p class="hint">\#(format.t("push.my_topic_hint"))</p><button type="submit">\#(format.t("form.save"))</button></form>"#
        return html
    }
}
