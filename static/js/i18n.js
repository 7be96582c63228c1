/* The pages' words in the page's language, for the scripts that are modules: Django's JavaScript catalog
 * (/jsi18n/<language>/, loaded by templates/base.html) asked at each use, so that a page whose catalog did
 * not arrive (the venue's Wi-Fi) still reads, in English. Marked strings are gathered by
 * `python3 dev.py messages` from the calls to gettext and ngettext, as from the catalog's own globals. */

// The page's language, as the server chose it ("es", "pt-br"): what the API is asked to answer in.
export function pageLanguage() {
  return document.documentElement.lang || "en";
}

// The header every request to the API sends, so that its refusals read in the page's language.
export function languageHeader() {
  return document.documentElement.lang ? {"Accept-Language": document.documentElement.lang} : {};
}

export function gettext(text) {
  return window.gettext ? window.gettext(text) : text;
}

export function ngettext(one, many, count) {
  return window.ngettext ? window.ngettext(one, many, count) : (count === 1 ? one : many);
}

// Named placeholders only: interpolate("Hand %(hand)s", {hand: 2}).
export function interpolate(format, values) {
  if (window.interpolate) { return window.interpolate(format, values, true); }
  return format.replace(/%\(\s*([^)]+)\)s/g, (match, name) => String(values[name]));
}
