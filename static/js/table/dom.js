/* Building the page: elements from plain data (text always as text, never as HTML), and numbers as the
 * players write them on paper (2,525). Every screen of the sheet is drawn into one element, `app`. */
export const app = document.getElementById("sheet-app");

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

export function fmt(n) {
  return (n === null || n === undefined || isNaN(n)) ? "–" : Number(n).toLocaleString("en-US");
}

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
