"""End-to-end for the recipe book (issue 14), on a phone (390×844): a recipe site's page
saved by the browser is imported from the import page; the recipe is found by two of its
ingredients, bookmarked, scaled to 6 servings and printed to PDF, which must be one A4 page
with the ingredients beside the steps (kept as PNG in the screenshots folder to look at).
The recipe form is used to add a step with a photo; the book, the recipe and the form are
also shot at desktop size. axe-core checks every page."""

import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from playwright.sync_api import expect

import demo
from accessibility import Audit
from monthly import DESKTOP, PHONE, demo_folder, demo_server, sign_in_demo

ROOT = Path(__file__).resolve().parents[2]

# Written here for the test (the shared fixtures' recipes may not be carried): a page as a
# browser saves it, the recipe in one ld+json block among the site's other scripts.
SAVED_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Spicy tofu stew | Example kitchen</title>
<script>window.dataLayer = [{"@type": "Recipe", "name": "not this"}];</script>
<script type="application/ld+json">{"@context": "https://schema.org", "@graph": [
  {"@type": "WebSite", "name": "Example kitchen", "url": "https://example.org"},
  {"@type": "Recipe", "name": "Spicy tofu stew", "url": "https://example.org/spicy-tofu-stew",
   "author": {"@type": "Person", "name": "Example kitchen"},
   "image": ["https://example.org/tofu-1x1.jpg", "https://example.org/tofu-4x3.jpg"],
   "recipeYield": "4 servings", "prepTime": "PT10M", "cookTime": "PT30M", "recipeCategory": "Soup and stew",
   "nutrition": {"@type": "NutritionInformation", "calories": "320 kcal", "servingSize": "400 g"},
   "recipeIngredient": ["1 block (400 g) firm tofu, cubed", "2 tbsp gochujang", "1 tsp gochugaru", "1 onion, sliced",
                        "2 cloves garlic, minced", "1/2 cup kimchi", "3 cups anchovy stock", "1 spring onion"],
   "recipeInstructions": [
     {"@type": "HowToSection", "name": "The broth", "itemListElement": [
       {"@type": "HowToStep", "text": "Bring the anchovy stock to the boil."},
       {"@type": "HowToStep", "text": "Stir in the gochujang, gochugaru and garlic."}]},
     {"@type": "HowToSection", "name": "The stew", "itemListElement": [
       {"@type": "HowToStep", "text": "Add the kimchi and onion and simmer for ten minutes."},
       {"@type": "HowToStep", "text": "Slide in the tofu and simmer five minutes more."},
       {"@type": "HowToStep", "text": "Scatter the spring onion over and serve with rice."}]}]}]}</script>
</head><body><h1>Spicy tofu stew</h1><p>A story about this stew.</p></body></html>
"""


def recipes_on_a_phone(browser, binary, server_class, shots):
    folder = demo_folder(binary)
    server = demo_server(server_class, binary, folder)
    work = Path(tempfile.mkdtemp(prefix="hearth-e2e-recipes-"))
    try:
        saved = work / "Spicy tofu stew - Example kitchen.html"
        saved.write_text(SAVED_PAGE)
        context = demo.context(browser, server, viewport=PHONE, locale="en-GB")
        page = context.new_page()
        audit = Audit(page)
        sign_in_demo(page, server)

        page.goto(server.url + "/recipes")
        expect(page.locator(".recipe-list")).to_contain_text("된장찌개")
        audit.shot(path=str(shots / "recipes-phone.png"), full_page=True)

        # Import the saved page.
        page.click("text=Import recipes")
        page.set_input_files("#files", str(saved))
        page.click("main button.primary")
        expect(page.locator(".import-summary h2")).to_have_text("1 imported, 0 skipped as already in the book, 0 refused.")
        expect(page.locator(".import-summary")).to_contain_text("Hearth did not fetch them")
        audit.shot(path=str(shots / "recipes-import-phone.png"), full_page=True)

        # Find it by two ingredients, all of them.
        page.goto(server.url + "/recipes")
        page.fill("#i", "tofu, kimchi")
        page.check("input[name=match][value=all]")
        page.locator("#i").press("Enter")
        results = page.locator(".recipe-list li")
        expect(results).to_have_count(1)
        expect(results.first).to_contain_text("Spicy tofu stew")
        audit.shot(path=str(shots / "recipes-found-phone.png"), full_page=True)
        results.first.locator("a").click()
        expect(page.locator("h1")).to_have_text("Spicy tofu stew")

        # Bookmark it, and see it among the bookmarks.
        page.click("button:has-text('Bookmark')")
        expect(page.locator("button[aria-pressed=true]")).to_contain_text("Remove the bookmark")
        recipe_url = page.url
        page.goto(server.url + "/recipes/bookmarks")
        expect(page.locator("main")).to_contain_text("Spicy tofu stew")
        page.goto(recipe_url)

        # Scale to 6 servings: 2 tbsp → 3 tbsp, ½ cup → ¾ cup, 3 cups → 4½ cups.
        page.fill("#servings", "6")
        page.click("button:has-text('Scale')")
        expect(page.locator(".notice")).to_have_text("Quantities for 6 servings (the recipe is for 4).")
        ingredients = page.locator(".ingredients").inner_text()
        for expected in ("3 tbsp gochujang", "¾ cup kimchi", "4½ cups anchovy stock", "1½ onion"):
            assert expected in ingredients, f"{expected!r} not in {ingredients!r}"
        audit.shot(path=str(shots / "recipe-scaled-phone.png"), full_page=True)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"the recipe is {width}px wide on a phone"

        # Print: one A4 page, the ingredients beside the steps.
        page.emulate_media(media="print")
        left, right = page.evaluate("""[...document.querySelectorAll('.recipe-ingredients, .recipe-steps')]
            .map(e => e.getBoundingClientRect()).map(r => [r.left, r.top])""")
        assert left[0] < right[0] and abs(left[1] - right[1]) < 2, f"in print the ingredients are not beside the steps: {left} {right}"
        page.emulate_media(media="null")  # back to no emulation (None would leave "print" on)
        pdf = work / "recipe.pdf"
        page.pdf(path=str(pdf), prefer_css_page_size=True, print_background=True)
        data = pdf.read_bytes()
        pages = len(re.findall(rb"/Type\s*/Page[^s]", data))
        box = re.search(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", data)
        assert abs(float(box.group(1)) - 595.9) < 2 and abs(float(box.group(2)) - 841.9) < 2, box.group(0)
        assert pages == 1, f"the recipe printed on {pages} pages"
        subprocess.run(["pdftoppm", "-r", "70", "-png", str(pdf), str(shots / "recipe-print")], check=True)
        print("  the scaled recipe printed on one A4 page, ingredients beside the steps", flush=True)

        # The form: a step added with a photo, moved to the top.
        page.goto(recipe_url.split("?")[0] + "/edit")
        page.fill("#step_5_text", "Taste, and add a pinch of sugar if it is sharp.")
        page.fill("#step_5_order", "1")
        page.set_input_files("#step_5_photo", str(ROOT / "Tests/Fixtures/exif-orientation/Landscape_6.jpg"))
        audit.shot(path=str(shots / "recipe-form-phone.png"), full_page=True)
        page.click("main button.primary")
        expect(page.locator("h1")).to_have_text("Spicy tofu stew")
        first_step = page.locator(".steps li").first
        expect(first_step).to_contain_text("Taste, and add a pinch of sugar")
        expect(first_step.locator("img")).to_be_visible()
        # Decoded, not only laid out: on a busy machine the photo arrives after the heading.
        page.wait_for_function("() => { const i = document.querySelector('.steps li img'); return i && i.complete && i.naturalWidth > 0 }",
                               timeout=15000)
        audit.rest()
        context.close()

        context = demo.context(browser, server, viewport=DESKTOP, locale="en-GB")
        page = context.new_page()
        audit = Audit(page)
        sign_in_demo(page, server)
        page.goto(server.url + "/recipes")
        audit.shot(path=str(shots / "recipes-desktop.png"), full_page=True)
        page.goto(recipe_url)
        audit.shot(path=str(shots / "recipe-desktop.png"), full_page=True)
        context.close()
    finally:
        server.cleanup()
        shutil.rmtree(folder, ignore_errors=True)
        shutil.rmtree(work, ignore_errors=True)


def run(check, server_class, browser, binary, shots):
    check("recipes on a phone: a saved page imported, found by two ingredients, bookmarked, scaled to 6, printed on one A4 page",
          recipes_on_a_phone, browser, binary, server_class, shots)
