/* The network: JSON requests to the API (the director's with the CSRF token, all given up after 15 s),
 * the address of a table endpoint that names this page's game, the connection line that tells the players
 * when the server cannot be reached, and the one timer that polls the server for the state of a submitted
 * sheet. */
import {config, director} from "./state.js";

const connection = document.getElementById("connection");
let pollTimer = null;

function csrf() {
  const match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  return match ? decodeURIComponent(match[1]) : "";
}

// Resolves to {status, data} (data {} when the answer is not JSON); rejects when nothing came back.
export function request(method, url, body, headers) {
  const controller = window.AbortController ? new AbortController() : null;
  const timer = setTimeout(() => { if (controller) { controller.abort(); } }, 15000);
  const allHeaders = {"Content-Type": "application/json", "Accept": "application/json"};
  Object.keys(headers || {}).forEach((k) => { allHeaders[k] = headers[k]; });
  if (director) { allHeaders["X-CSRFToken"] = csrf(); }
  return fetch(url, {method: method, headers: allHeaders, credentials: "same-origin",
                     body: body === undefined ? undefined : JSON.stringify(body),
                     signal: controller ? controller.signal : undefined})
    .then((response) => {
      clearTimeout(timer);
      return response.text().then((text) => {
        let data = null;
        try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
        return {status: response.status, data: data || {}};
      });
    }, (error) => { clearTimeout(timer); throw error; });
}

// A table endpoint's address naming this page's game, so a sheet, a draft or an answer that arrives after
// the director has seated the next game is about this game, never the next (the practice form has none).
export function named(url) {
  if (!config.game) { return url; }
  return url + (url.indexOf("?") < 0 ? "?" : "&") + "game=" + encodeURIComponent(config.game);
}

export function online(ok, text) {
  connection.hidden = ok && !text;
  connection.className = "connection " + (ok ? "ok" : "offline");
  connection.textContent = text || "";
}

export function clearPoll() { clearTimeout(pollTimer); pollTimer = null; }
export function poll(every, then) { clearPoll(); pollTimer = setTimeout(then, every); }
