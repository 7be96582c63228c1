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
