#!/usr/bin/python3
"""Walks the review page in headless Chromium as a new user would, at one window size, for
ReviewPageTests: what each control says before and after each step, measured in the page.

usage: review_page.py live URL WIDTH HEIGHT SERVER_PID SHOTS_DIR  -> JSON on stdout
       review_page.py nojs FILE WIDTH HEIGHT SHOTS_DIR             (JavaScript disabled: what the HTML shows)
       review_page.py static FILE WIDTH HEIGHT SHOTS_DIR           (a static report with JavaScript)
Exits 3 when Selenium or Chromium cannot start (the Swift test then skips with a message).
"""
import json
import os
import signal
import sys
import time

try:
    from selenium import webdriver
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.support.ui import WebDriverWait
except Exception as error:  # pragma: no cover
    print("selenium unavailable: %s" % error, file=sys.stderr)
    sys.exit(3)


def browser(width, height, javascript=True):
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=%d,%d" % (width, height), "--no-first-run", "--disable-extensions"):
        options.add_argument(argument)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    options.binary_location = "/usr/bin/chromium"
    try:
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    except Exception as error:
        print("chromium unavailable: %s" % error, file=sys.stderr)
        sys.exit(3)
    phone = width < 600
    # Exactly the viewport asked for; a phone is a touch device with a phone's viewport rules.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": phone})
    if phone:
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    return driver


def wait(driver, condition, what, timeout=20):
    try:
        return WebDriverWait(driver, timeout).until(lambda d: condition(d))
    except Exception:
        raise SystemExit("timed out waiting for %s; page says: %s" % (what, driver.find_element(By.TAG_NAME, "body").text[:800]))


def ready(driver):
    wait(driver, lambda d: d.execute_script("return document.body.dataset.ready === '1'"), "the page to load")


# Measurements made inside the page, one function each, returning JSON-able values.
MEASURE = r"""
const lum = (rgb) => { const c = rgb.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]; };
const parse = (text) => { const m = text.match(/[\d.]+/g) || []; return m.map(Number); };
// The background an element's text is drawn on: its own, else the nearest ancestor's that is opaque.
function background(el) {
  for (let e = el; e; e = e.parentElement) { const c = parse(getComputedStyle(e).backgroundColor); if (c.length >= 3 && (c.length < 4 || c[3] > 0.5)) return c.slice(0, 3); }
  return [255, 255, 255];
}
function contrast(el) {
  const fg = parse(getComputedStyle(el).color).slice(0, 3), bg = background(el);
  const a = lum(fg), b = lum(bg); return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}
const visible = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== "hidden"; };
window.cullAudit = {
  tiles: () => [...document.querySelectorAll(".tile")].map((t) => ({ id: t.dataset.id, state: t.className.split(" ")[1],
    name: t.querySelector(".base") ? t.querySelector(".base").textContent : "", role: t.getAttribute("role"), label: t.getAttribute("aria-label") || "",
    badge: (t.querySelector(".badge") || {}).textContent, reason: (t.querySelector(".reason") || {}).textContent || "",
    section: t.closest("section.rule") ? +t.closest("section.rule").dataset.section : -1,
    group: t.closest(".group") ? [...document.querySelectorAll(".group")].indexOf(t.closest(".group")) : -1,
    groupTitle: t.closest(".group") ? (t.closest(".group").querySelector(".why") || {}).textContent || "" : "",
    thumbLoaded: (() => { const i = t.querySelector(".thumb img"); return !!(i && i.complete && i.naturalWidth > 0); })(),
    nameCut: (() => { const b = t.querySelector(".base"); return !b || b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1; })() })),
  sections: () => [...document.querySelectorAll("section.rule")].map((s) => ({ rule: (s.querySelector(".rule-name") || s.querySelector("h2 span") || {}).textContent,
    totals: (s.querySelector(".totals") || {}).textContent,
    button: (() => { const b = s.querySelector(".stage-section"); return b && visible(b) ? b.textContent : null; })(),
    going: [...s.querySelectorAll(".tile.staged, .tile.proposed")].length, shown: s.querySelectorAll(".tile").length })),
  groups: () => [...document.querySelectorAll(".group .why strong")].map((e) => e.textContent),
  buttons: () => { const c = document.getElementById("commit"), a = document.getElementById("stage-all");
    return { commit: c.textContent, commitShown: visible(c), commitEnabled: !c.disabled, stageAll: a && visible(a) ? a.textContent : null }; },
  // Text that must be readable: badges, marks, enabled buttons, muted texts.
  contrasts: () => [...document.querySelectorAll(".badge, .keeper-mark, button:not(:disabled), .facts, .reason, .dir, .totals, .file, .sub, .why")]
    .filter(visible).map((e) => ({ what: e.className || e.id || e.tagName, text: e.textContent.slice(0, 30), ratio: Math.round(contrast(e) * 100) / 100 })),
  targets: () => [...document.querySelectorAll("button, select")].filter((e) => visible(e) && !e.disabled && !e.closest("#viewer[hidden], dialog:not([open])"))
    .map((e) => ({ what: e.textContent.trim().slice(0, 24) || e.id, height: Math.round(e.getBoundingClientRect().height) })),
  // Height of what stays on screen while scrolling (sticky or fixed), at the top and the bottom.
  chrome: () => [...document.querySelectorAll("body *")].filter((e) => { const p = getComputedStyle(e).position; return (p === "sticky" || p === "fixed") && visible(e)
      && !e.closest("#viewer, dialog, #notice"); })
    .map((e) => { const r = e.getBoundingClientRect(); return Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0)); }).reduce((a, b) => a + b, 0),
  a11y: () => ({ notice: document.getElementById("notice").getAttribute("aria-live"), noticeRole: document.getElementById("notice").getAttribute("role"),
    viewerRole: document.getElementById("viewer").getAttribute("role"), viewerModal: document.getElementById("viewer").getAttribute("aria-modal"),
    tilesWithoutRole: [...document.querySelectorAll(".tile")].filter((t) => !t.getAttribute("role") || !t.getAttribute("aria-label")).length }),
  viewer: () => { const v = document.getElementById("viewer"); return { open: !v.hidden, figures: v.querySelectorAll("figure").length,
    captions: [...v.querySelectorAll("figcaption")].map((f) => f.textContent), caption: v.querySelector(".caption").textContent,
    actions: [...v.querySelectorAll(".viewer-actions button")].filter(visible).map((b) => b.textContent),
    focusInside: v.contains(document.activeElement) }; },
};
"""


def measure(driver, name):
    driver.execute_script(MEASURE)
    return driver.execute_script("return window.cullAudit.%s()" % name)


def click(driver, css):
    element = driver.find_element(By.CSS_SELECTOR, css)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()
    return element


def states(driver):
    return {t["id"]: t["state"] for t in measure(driver, "tiles")}


def colour_schemes(driver, report, key):
    report[key] = {}
    for scheme in ("light", "dark"):
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        report[key][scheme] = measure(driver, "contrasts")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]})


def live(url, width, height, pid, shots):
    """Each step runs even when an earlier one failed (on a page without a control, its step
    fails and says why in `failed`): every test then checks its own facts."""
    report = {"failed": {}}
    driver = browser(width, height)
    tag = "%dx%d" % (width, height)
    found = {}

    def step(name, body):
        try:
            body()
        except BaseException as error:  # SystemExit from wait() too
            report["failed"][name] = str(error)[:300]

    def load():
        driver.get(url)
        ready(driver)
        wait(driver, lambda d: any(t["thumbLoaded"] for t in measure(d, "tiles")), "the first thumbnails")
        driver.save_screenshot(os.path.join(shots, "page-%s-plan.png" % tag))
        report["initial"] = {"tiles": measure(driver, "tiles"), "sections": measure(driver, "sections"), "groups": measure(driver, "groups"),
                             "buttons": measure(driver, "buttons"), "a11y": measure(driver, "a11y"), "targets": measure(driver, "targets")}
        found["burst"] = next(i for i, s in enumerate(report["initial"]["sections"]) if s["rule"] == "burst-extras")

    def look():
        colour_schemes(driver, report, "contrast")
        report["icon"] = driver.execute_script(
            "const l = document.querySelector('link[rel~=icon]'); const r = await fetch(l ? l.href : '/favicon.ico'); return r.status")
        report["favicon"] = driver.execute_script("const r = await fetch('/favicon.ico'); return r.status")
        # Scrolled down: what still covers the page.
        driver.execute_script("window.scrollTo(0, 700)")
        time.sleep(0.2)
        report["chrome"] = measure(driver, "chrome")
        driver.execute_script("window.scrollTo(0, 0)")

    def tap_reason():
        longest = max(report["initial"]["tiles"], key=lambda t: len(t["reason"]))
        reason = click(driver, '.tile[data-id="%s"] .reason' % longest["id"])
        report["reason_tapped"] = driver.execute_script(
            "const r = arguments[0]; return {whole: r.scrollHeight <= r.clientHeight + 1 && r.scrollWidth <= r.clientWidth + 1,"
            + " cls: r.className, h: [r.scrollHeight, r.clientHeight]}", reason)

    def stage_section():
        burst = found["burst"]
        click(driver, 'section.rule[data-section="%d"] .stage-section' % burst)
        try:
            wait(driver, lambda d: all(t["state"] == "staged" for t in measure(d, "tiles") if t["section"] == burst and t["badge"] != "stays"),
                 "the section to be staged", timeout=8)
        finally:
            time.sleep(0.3)
            report["after_section"] = {"sections": measure(driver, "sections"), "buttons": measure(driver, "buttons"), "tiles": measure(driver, "tiles")}

    def keep_one():
        burst = found["burst"]
        frame = next(t for t in report["after_section"]["tiles"] if t["section"] == burst and t["state"] == "staged")
        found["kept"] = frame["id"]
        click(driver, '.tile[data-id="%s"] .act-keep' % frame["id"])
        wait(driver, lambda d: states(d)[frame["id"]] == "kept", "the keep", timeout=8)
        report["after_keep"] = {"sections": measure(driver, "sections"), "buttons": measure(driver, "buttons")}

    def view_twin():
        burst = found["burst"]
        other = next(t for t in report["after_section"]["tiles"] if t["section"] == burst and t["state"] == "staged" and t["id"] != found.get("kept"))
        found["viewed"] = other["id"]
        click(driver, '.tile[data-id="%s"] .thumb' % other["id"])
        wait(driver, lambda d: measure(d, "viewer")["open"], "the large view", timeout=8)
        report["viewer"] = measure(driver, "viewer")
        driver.save_screenshot(os.path.join(shots, "page-%s-viewer.png" % tag))
        for _ in range(12):
            driver.switch_to.active_element.send_keys(Keys.TAB)
        report["viewer_focus_after_tabs"] = measure(driver, "viewer")["focusInside"]

    def unstage_in_view():
        driver.find_elements(By.CSS_SELECTOR, "#viewer .act-unstage")[0].click()
        wait(driver, lambda d: states(d)[found["viewed"]] == "proposed", "the large view's unstage", timeout=8)
        report["viewer_after_unstage"] = measure(driver, "viewer")

    def close_view():
        driver.switch_to.active_element.send_keys(Keys.ESCAPE)
        wait(driver, lambda d: not measure(d, "viewer")["open"], "the large view to close", timeout=8)
        report["focus_after_close"] = driver.execute_script("return document.activeElement.dataset.id || document.activeElement.tagName")

    def view_keeper():
        keeper = next(t for t in measure(driver, "tiles") if t["badge"].lower() == "stays")
        click(driver, '.tile[data-id="%s"] .thumb' % keeper["id"])
        wait(driver, lambda d: measure(d, "viewer")["open"], "the keeper's large view", timeout=8)
        report["keeper_viewer"] = measure(driver, "viewer")
        report["keeper_badge"] = keeper["badge"]
        driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
        driver.execute_script("const v = document.getElementById('viewer'); if (!v.hidden) v.querySelector('.close').click()")

    def stage_all():
        click(driver, "#stage-all")
        wait(driver, lambda d: "proposed" not in states(d).values(), "everything proposed to be staged", timeout=8)
        report["after_stage_all"] = {"sections": measure(driver, "sections"), "buttons": measure(driver, "buttons")}

    def stage_rest_by_sections():
        # Without a "stage all" button, each section's own (so the commit below has what to move).
        for button in driver.find_elements(By.CSS_SELECTOR, ".stage-section"):
            if button.is_displayed():
                driver.execute_script("arguments[0].click()", button)
                time.sleep(0.5)

    def confirm_enter():
        click(driver, "#commit")
        wait(driver, lambda d: d.find_element(By.ID, "confirm").is_displayed(), "the confirmation", timeout=8)
        report["confirm_focus"] = driver.execute_script("return document.activeElement.id")
        driver.switch_to.active_element.send_keys(Keys.ENTER)
        time.sleep(1)
        report["after_enter"] = measure(driver, "buttons")
        report["receipt_after_enter"] = driver.find_element(By.ID, "receipt").is_displayed()
        driver.execute_script("const c = document.getElementById('confirm'); if (c.open) c.close()")

    def commit():
        if not driver.find_element(By.ID, "receipt").is_displayed():
            click(driver, "#commit")
            wait(driver, lambda d: d.find_element(By.ID, "confirm").is_displayed(), "the confirmation", timeout=8)
            click(driver, "#confirm-yes")
        wait(driver, lambda d: d.find_element(By.ID, "receipt").is_displayed(), "the receipt", timeout=15)
        report["receipt"] = driver.find_element(By.ID, "receipt").text
        report["after_commit"] = {"sections": measure(driver, "sections"), "buttons": measure(driver, "buttons")}
        driver.save_screenshot(os.path.join(shots, "page-%s-receipt.png" % tag))

    def reload():
        driver.refresh()
        ready(driver)
        time.sleep(0.3)
        receipt = driver.find_element(By.ID, "receipt")
        report["receipt_after_reload"] = receipt.text if receipt.is_displayed() else ""

    def server_gone():
        os.kill(pid, signal.SIGINT)
        time.sleep(1.5)
        tile = next(t for t in measure(driver, "tiles") if t["state"] in ("new", "kept"))
        click(driver, '.tile[data-id="%s"] .act-stage' % tile["id"])
        time.sleep(1)
        notice = driver.find_element(By.ID, "notice")
        report["gone_notice"] = notice.text if notice.is_displayed() else ""
        report["errors"] = [e["message"] for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
        driver.save_screenshot(os.path.join(shots, "page-%s-gone.png" % tag))

    try:
        for name, body in [("load", load), ("look", look), ("tap_reason", tap_reason), ("stage_section", stage_section),
                           ("keep_one", keep_one), ("view_twin", view_twin), ("unstage_in_view", unstage_in_view),
                           ("close_view", close_view), ("view_keeper", view_keeper), ("stage_all", stage_all)]:
            step(name, body)
        if "stage_all" in report["failed"]:
            step("stage_rest_by_sections", stage_rest_by_sections)
        for name, body in [("confirm_enter", confirm_enter), ("commit", commit), ("reload", reload), ("server_gone", server_gone)]:
            step(name, body)
    finally:
        driver.quit()
    return report


def static(path, width, height, shots, javascript):
    report = {}
    driver = browser(width, height, javascript=javascript)
    tag = "%dx%d-%s" % (width, height, "js" if javascript else "nojs")
    try:
        driver.get("file://" + path)
        if javascript:
            ready(driver)
        else:
            time.sleep(0.5)
        report["script_ran"] = driver.execute_script("return 1") == 1 if javascript else False
        driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
        time.sleep(0.3)
        driver.execute_script("window.scrollTo(0, 0)")
        report["tiles"] = measure(driver, "tiles") if javascript else tiles_without_script(driver)
        report["images_loaded"] = sum(1 for t in report["tiles"] if t["thumbLoaded"])
        report["groups"] = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".group .why strong")]
        report["summary"] = driver.find_element(By.ID, "summary").text
        report["controls_shown"] = driver.find_element(By.ID, "controls").is_displayed()
        report["empty"] = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".empty")]
        report["buttons"] = len(driver.find_elements(By.CSS_SELECTOR, ".tile button, .stage-section"))
        if javascript:
            first = report["tiles"][0]["id"]
            click(driver, '.tile[data-id="%s"] .thumb' % first)
            wait(driver, lambda d: measure(d, "viewer")["open"], "the large view")
            report["viewer"] = measure(driver, "viewer")
            driver.switch_to.active_element.send_keys(Keys.ESCAPE)
            kinds = [o.get_attribute("value") for o in driver.find_elements(By.CSS_SELECTOR, "#kind option")]
            report["kinds"] = kinds
            if "video" in kinds:
                driver.find_element(By.CSS_SELECTOR, "#kind option[value=video]").click()
                time.sleep(0.2)
                report["visible_after_filter"] = driver.execute_script(
                    "return [...document.querySelectorAll('.tile')].filter(t => t.offsetParent !== null).map(t => t.dataset.kind)")
        driver.save_screenshot(os.path.join(shots, "report-%s.png" % tag))
    finally:
        driver.quit()
    return report


def tiles_without_script(driver):
    """What a reader sees with scripts off, read through WebDriver (which still may run its own script)."""
    tiles = []
    for t in driver.find_elements(By.CSS_SELECTOR, ".tile"):
        img = t.find_element(By.CSS_SELECTOR, ".thumb img")
        tiles.append({"id": t.get_attribute("data-id"), "state": t.get_attribute("data-state"), "displayed": t.is_displayed(),
                      "name": t.find_element(By.CSS_SELECTOR, ".base").text, "badge": t.find_element(By.CSS_SELECTOR, ".badge").text,
                      "reason": t.find_element(By.CSS_SELECTOR, ".reason").text,
                      "thumbLoaded": driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", img)})
    return tiles


if __name__ == "__main__":
    mode = sys.argv[1]
    if mode == "live":
        url, width, height, pid, shots = sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
        os.makedirs(shots, exist_ok=True)
        print(json.dumps(live(url, width, height, pid, shots)))
    else:
        path, width, height, shots = sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
        os.makedirs(shots, exist_ok=True)
        print(json.dumps(static(path, width, height, shots, javascript=(mode == "static"))))
