"""axe-core (bundled by axe-playwright-python) on every page the browser checks visit: a
serious or critical violation fails the check, so later pages stay as clean as these."""

from axe_playwright_python.sync_playwright import Axe

AXE = Axe()
FAILING = {"serious", "critical"}


def violations(page):
    """The serious and critical violations on the page as it is now, one line each."""
    found = AXE.run(page).response["violations"]
    return [f'{v["id"]} ({v["impact"]}): {v["help"]} — {len(v["nodes"])}× e.g. {v["nodes"][0]["target"]}'
            for v in found if v.get("impact") in FAILING]


class Audit:
    """Follows one browser page: `shot` audits before each screenshot; `rest` goes back to
    every other address the page loaded (that still answers 200) and audits it there."""

    def __init__(self, page):
        self.page = page
        self.visited = []
        self.audited = set()
        page.on("framenavigated", lambda frame: self.visited.append(frame.url) if frame == page.main_frame else None)

    def now(self):
        problems = violations(self.page)
        self.audited.add(self.page.url)
        assert not problems, f"accessibility, {self.page.url}:\n  " + "\n  ".join(problems)

    def shot(self, **screenshot):
        self.now()
        self.page.screenshot(**screenshot)

    def rest(self):
        for url in dict.fromkeys(self.visited):
            if url in self.audited or url.startswith("about:"):
                continue
            response = self.page.goto(url)
            if response is not None and response.status == 200:
                self.now()
            self.audited.add(url)
