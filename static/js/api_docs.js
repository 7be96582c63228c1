// /api/docs/: what Swagger UI's markup lacks for a keyboard and a screen reader, added as its parts appear.
// A control drawn without a name gets one (axe-core's select-name, label, button-name): a parameter's list
// of values takes the parameter's name, the body's examples and text box say what they hold, the dialog's
// close button says "Close", the toggle of a schema nested in another takes its property's name. An
// example that scrolls takes the keyboard's focus, so that it can be scrolled without a mouse
// (scrollable-region-focusable). Checked by tests/browser/test_accessibility.py.
const NAMES = [
  ["tr[data-param-name] select", (control) => control.closest("tr").dataset.paramName],
  ["select.examples-select-element", () => "Example"],
  ["textarea.body-param__text", () => "Request body"],
  ["button.close-modal", () => "Close"],
  ["tr button.model-box-control", (toggle) => (toggle.textContent.trim() ? null : propertyName(toggle))],
];

function propertyName(control) {
  return control.closest("tr").querySelector("td").textContent.replace("*", "").trim();
}

function complete() {
  for (const [selector, name] of NAMES) {
    for (const control of document.querySelectorAll(`${selector}:not([aria-label])`)) {
      const label = name(control);
      if (label) control.setAttribute("aria-label", label);
    }
  }
  for (const example of document.querySelectorAll(".highlight-code > .microlight:not([tabindex])")) {
    example.setAttribute("tabindex", "0");
  }
}

new MutationObserver(complete).observe(document.getElementById("swagger-ui"), { childList: true, subtree: true });
