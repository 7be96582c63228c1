/* Points as the page's language writes them and reads them: 8,500 in English, 8.500 in Spanish, Portuguese
 * and Italian (grouped from four digits, as the server's intcomma does). A score typed in the page's
 * language is read back the same way: "8.500", "8500" and "-1.500" in Spanish; a mark that cannot be a
 * thousands separator there ("8,500" in Spanish, "8.500" or "85,00" in English) is refused with a plain
 * sentence rather than guessed. */
import {gettext, interpolate, pageLanguage} from "./i18n.js";

// The language's thousands mark and decimal mark ("." and "," in Spanish), read off a number of seven
// digits, which every browser groups (older ones group four digits in Spanish only when asked "always",
// which they do not know).
function marks(language) {
  const group = (1234567).toLocaleString(language).replace(/[0-9]/g, "").charAt(0);
  const decimal = (1.5).toLocaleString(language).replace(/[0-9]/g, "");
  return {group: group.trim() ? group : "", decimal: decimal};
}

// The mark the language writes thousands with ("," in English, "." in Spanish).
export function groupMark(language) {
  return marks(language || pageLanguage()).group;
}

// Grouped from four digits (8.500), as the server's intcomma does, by hand: the browsers' own format
// leaves four digits ungrouped in Spanish and Italian.
export function formatNumber(n, language) {
  if (n === null || n === undefined || n === "" || isNaN(n)) { return "–"; }
  const lang = language || pageLanguage();
  const value = Number(n);
  if (!Number.isInteger(value)) { return value.toLocaleString(lang); }
  const group = marks(lang).group || ",";
  return (value < 0 ? "-" : "") + String(Math.abs(value)).replace(/\B(?=(\d{3})+(?!\d))/g, group);
}

function escaped(mark) {
  return mark.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/* {value, error}: value is the whole number typed (null when nothing is, or it cannot be read), error the
 * sentence to show beside the field (null when there is nothing to say, as while "-" is being typed). */
export function parseWhole(text, language) {
  const lang = language || pageLanguage();
  const typed = String(text === undefined || text === null ? "" : text)
    .replace(/[\s\u00a0\u202f]/g, "").replace(/\u2212/g, "-");
  if (typed === "" || typed === "-") { return {value: null, error: null}; }
  const {group, decimal} = marks(lang);
  let digits = null;
  if (/^-?[0-9]+$/.test(typed)) { digits = typed; }
  else if (group && new RegExp("^-?[1-9][0-9]{0,2}(" + escaped(group) + "[0-9]{3})+$").test(typed)) {
    digits = typed.split(group).join("");
  }
  if (digits !== null && /^-?[0-9]{1,9}$/.test(digits)) { return {value: parseInt(digits, 10), error: null}; }
  const example = {example: formatNumber(8500, lang), plain: "8500"};
  let error;
  if (digits === null && decimal && decimal !== group && typed.indexOf(decimal) !== -1) {
    error = interpolate(gettext("Points are whole numbers: type %(example)s or %(plain)s, without “%(mark)s”."),
                        Object.assign({mark: decimal}, example));
  } else if (digits === null && group && typed.indexOf(group) !== -1) {
    error = interpolate(gettext("“%(mark)s” goes only between thousands: type %(example)s or %(plain)s."),
                        Object.assign({mark: group}, example));
  } else {
    error = interpolate(gettext("Type the points as a whole number, such as %(example)s."), example);
  }
  return {value: null, error: error};
}
