/* Building the page: elements from plain data (text always as text, never as HTML), the page's words in
 * its language, and numbers as the players write them on paper (2,525 in English, 2.525 in Spanish,
 * Portuguese and Italian). Every screen of the sheet is drawn into one element, `app`.
 *
 * The words come from Django's catalog of the page's language (/jsi18n/<lang>/, loaded before the page's
 * modules: docs/languages.md). Where it is absent (the table's first visit offline, before the worker kept
 * it; a test page without it) the page speaks its English source, so these take its place. The modules
 * import them under the catalog's names, which is also how `python3 dev.py messages` finds the strings. */
import {formatNumber, groupMark, parseWhole} from "../numbers.js";

export const app = document.getElementById("sheet-app");

// The page's language, as the server wrote it on <html lang> ("es", "pt-br").
export const lang = document.documentElement.lang || "en";

export {gettext, ngettext, interpolate} from "../i18n.js";

export function el(tag, attrs, children) {
  const node = document.createElement(tag);
  Object.keys(attrs || {}).forEach((key) => {
    if (key === "text") { node.textContent = attrs[key]; }
    else if (key === "class") { node.className = attrs[key]; }
    else if (key.slice(0, 2) === "on") { node.addEventListener(key.slice(2), attrs[key]); }
    else if (attrs[key] !== null && attrs[key] !== undefined && attrs[key] !== false) {
      node.setAttribute(key, attrs[key] === true ? "" : attrs[key]);
    }
  });
  (children || []).forEach((child) => {
    if (child) { node.appendChild(typeof child === "string" ? document.createTextNode(child) : child); }
  });
  return node;
}

// The language's thousands separator (",", ".").
export const GROUP = groupMark(lang) || ",";

// Points as the page's language writes them: 8,500 or 8.500 (static/js/numbers.js, as every page writes them).
export function fmt(n) {
  if (n === null || n === undefined || isNaN(n)) { return "–"; }
  return formatNumber(n, lang);
}

// What a player typed as points, read in the page's language by the one reader of every page
// (static/js/numbers.js): {value, problem}. value is null for nothing typed, the number, or NaN; problem is
// null, "separator" (a "." or "," that is no thousands separator in this language: "8,5" in Spanish, "85.00"
// in English, refused rather than guessed) or "number". Spaces and a true minus sign ("−300") are read too.
export function readPoints(text) {
  const clean = String(text === undefined || text === null ? "" : text).replace(/\s/g, "").replace(/\u2212/g, "-");
  if (clean === "") { return {value: null, problem: null}; }
  const read = parseWhole(clean, lang);
  if (read.value !== null) { return {value: read.value, problem: null}; }
  return {value: NaN, problem: /^-?[\d.,'’]*\d[\d.,'’]*$/.test(clean) ? "separator" : "number"};
}

export function parsePoints(text) { return readPoints(text).value; }

// A number as players write it, with a true minus sign: "−65".
export function signed(n) {
  return typeof n === "number" && n < 0 ? "\u2212" + fmt(-n) : fmt(n);
}

// A line's sum as players write it: "400 + 65 = 465", and "400 − 65 = 335" (never "400 + -65").
export function sumWords(base, count) {
  const total = typeof base === "number" && typeof count === "number" ? base + count : null;
  const sum = typeof count === "number" && count < 0 ? signed(base) + " \u2212 " + fmt(-count)
                                                       : signed(base) + " + " + signed(count);
  return sum + " = " + signed(total);
}
