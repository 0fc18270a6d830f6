#!/usr/bin/python3
"""Drives `cull review` in headless Chromium (Selenium), for ReviewBrowserTests.

usage: review_browser.py live URL SHOTS_DIR   -> JSON on stdout: what the page showed and did
       review_browser.py static FILE SHOTS_DIR
Exits 3 when Selenium or Chromium cannot start (the Swift test then skips with a message).
"""
import json
import os
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


def browser(width):
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=%d,900" % width, "--no-first-run", "--disable-extensions"):
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    try:
        return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    except Exception as error:
        print("chromium unavailable: %s" % error, file=sys.stderr)
        sys.exit(3)


def wait(driver, condition, what, timeout=20):
    try:
        return WebDriverWait(driver, timeout).until(lambda d: condition(d))
    except Exception:
        raise SystemExit("timed out waiting for %s; page says: %s" % (what, driver.find_element(By.TAG_NAME, "body").text[:800]))


def ready(driver):
    wait(driver, lambda d: d.execute_script("return document.body.dataset.ready === '1'"), "the page to load")


def states(driver):
    return driver.execute_script(
        "return Object.fromEntries([...document.querySelectorAll('.tile')].map(t => [t.dataset.id, t.className.split(' ')[1]]))")


def shoot(driver, folder, name):
    driver.save_screenshot(os.path.join(folder, name))


def live(url, shots):
    report = {}
    driver = browser(1280)
    try:
        driver.get(url)
        ready(driver)
        report["tiles"] = len(driver.find_elements(By.CSS_SELECTOR, ".tile"))
        report["header"] = driver.find_element(By.ID, "commit").text
        report["initial"] = states(driver)
        report["thumbnails_loaded"] = driver.execute_script(
            "return [...document.querySelectorAll('.thumb img')].filter(i => i.complete && i.naturalWidth > 0).length")
        shoot(driver, shots, "live-1280-plan.png")
        # t stages the focused tile, u unstages it again (back to proposed: nothing is staged by the plan itself).
        first = driver.find_element(By.CSS_SELECTOR, ".tile").get_attribute("data-id")
        driver.execute_script("document.querySelector('.tile[data-id=\"%s\"]').focus()" % first)
        driver.switch_to.active_element.send_keys("t")
        wait(driver, lambda d: states(d)[first] == "staged", "the t key to stage")
        report["after_t"] = driver.find_element(By.ID, "commit").text
        driver.switch_to.active_element.send_keys("u")
        wait(driver, lambda d: states(d)[first] == "proposed", "the u key to unstage")
        report["after_u"] = driver.find_element(By.ID, "commit").text
        # Stage the whole section, as a click on its button.
        driver.find_element(By.CSS_SELECTOR, ".stage-section").click()
        wait(driver, lambda d: all(s == "staged" for s in states(d).values() if s != "new"), "the section to be staged")
        ids = [t.get_attribute("data-id") for t in driver.find_elements(By.CSS_SELECTOR, ".tile.staged")]
        # Keep one by a click on its Keep button ...
        by_click = ids[0]
        driver.find_element(By.CSS_SELECTOR, '.tile[data-id="%s"] .act-keep' % by_click).click()
        wait(driver, lambda d: states(d)[by_click] == "kept", "the click to keep")
        # ... and one by focusing it and pressing k.
        by_key = ids[1]
        driver.execute_script("document.querySelector('.tile[data-id=\"%s\"]').focus()" % by_key)
        driver.switch_to.active_element.send_keys("k")
        wait(driver, lambda d: states(d)[by_key] == "kept", "the k key to keep")
        # Arrow keys move the focus; Enter opens the large view.
        driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
        report["moved_to"] = driver.execute_script("return document.activeElement.dataset.id")
        driver.switch_to.active_element.send_keys(Keys.ENTER)
        wait(driver, lambda d: d.find_element(By.ID, "viewer").is_displayed(), "the large view")
        report["viewer"] = driver.execute_script(
            "const m = document.querySelector('#viewer .stage img, #viewer .stage video'); return m ? m.tagName + ' ' + m.getAttribute('src') : ''")
        shoot(driver, shots, "live-1280-viewer.png")
        driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
        wait(driver, lambda d: not d.find_element(By.ID, "viewer").is_displayed(), "the large view to close")
        report["kept"] = [by_click, by_key]
        report["header_before_commit"] = driver.find_element(By.ID, "commit").text
        report["fingerprint"] = driver.execute_script("return doc.fingerprint")
        shoot(driver, shots, "live-1280-decided.png")
        driver.set_window_size(420, 900)
        time.sleep(0.3)
        shoot(driver, shots, "live-420-decided.png")
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        report["dark_background"] = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
        shoot(driver, shots, "live-420-dark.png")
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]})
        report["light_background"] = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
        driver.set_window_size(1280, 900)
        driver.find_element(By.ID, "commit").click()
        wait(driver, lambda d: d.find_element(By.ID, "confirm").is_displayed(), "the confirmation")
        report["confirmation"] = driver.find_element(By.ID, "confirm-text").text
        shoot(driver, shots, "live-1280-confirm.png")
        driver.find_element(By.ID, "confirm-yes").click()
        wait(driver, lambda d: d.find_element(By.ID, "receipt").is_displayed(), "the receipt")
        report["receipt"] = driver.find_element(By.ID, "receipt").text
        report["after"] = states(driver)
        report["header_after"] = driver.find_element(By.ID, "commit").text
        shoot(driver, shots, "live-1280-receipt.png")
    finally:
        driver.quit()
    return report


def static(path, shots):
    report = {}
    driver = browser(1280)
    try:
        driver.get("file://" + path)
        ready(driver)
        report["tiles"] = len(driver.find_elements(By.CSS_SELECTOR, ".tile"))
        report["buttons"] = len(driver.find_elements(By.CSS_SELECTOR, ".tile button, .stage-section"))
        report["commit_visible"] = driver.find_element(By.ID, "commit").is_displayed()
        report["summary"] = driver.find_element(By.ID, "summary").text
        report["thumbnails_loaded"] = driver.execute_script(
            "return [...document.querySelectorAll('.thumb img')].filter(i => i.complete && i.naturalWidth > 0).length")
        shoot(driver, shots, "static-1280.png")
        driver.set_window_size(420, 900)
        time.sleep(0.3)
        shoot(driver, shots, "static-420.png")
    finally:
        driver.quit()
    return report


if __name__ == "__main__":
    mode, target, shots = sys.argv[1:4]
    os.makedirs(shots, exist_ok=True)
    print(json.dumps(live(target, shots) if mode == "live" else static(target, shots)))
