/* The network: JSON requests to the API (the director's with the CSRF token, given up after 15 s unless
 * the caller waits longer), the address of a table endpoint that names this page's game, the connection
 * line that tells the players when the server cannot be reached, and the one timer that polls the server
 * for the state of a submitted sheet. Every request asks for the page's language (Accept-Language), so
 * the server's sentences (a refusal's detail, the rules' messages) come in it.
 *
 * A slow answer is not a lost connection: a request that fails at once found no connection, one that was
 * given up had no answer in time (its error says `slow`), and a caller may be told after a few seconds
 * that the answer is still coming. Pages that wait for the server to be reached (a page opened from this
 * device's copy) ask `whenReached`. */
import {lang} from "./dom.js";
import {config, director} from "./state.js";

const connection = document.getElementById("connection");
let pollTimer = null;

function csrf() {
  const match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  return match ? decodeURIComponent(match[1]) : "";
}

const SLOW_AFTER = 4000;    // no answer after this long: still sending, and the caller may say so
let reachedListeners = [];

// Once, at the next answer from the server itself (a 5xx may be a proxy with the server down behind it).
export function whenReached(listener) { reachedListeners.push(listener); }

function reached(status) {
  if (status >= 500 || !reachedListeners.length) { return; }
  const listeners = reachedListeners;
  reachedListeners = [];
  listeners.forEach((listener) => { listener(); });
}

// Resolves to {status, data} (data {} when the answer is not JSON); rejects when nothing came back, with
// `slow` true when the answer did not come in time. Options: {wait: ms before giving up (15 s), slow: called
// once when no answer has come after SLOW_AFTER}.
export function request(method, url, body, headers, options) {
  const opts = options || {};
  const controller = window.AbortController ? new AbortController() : null;
  let gaveUp = false;
  const timer = setTimeout(() => { gaveUp = true; if (controller) { controller.abort(); } }, opts.wait || 15000);
  const slowTimer = opts.slow ? setTimeout(opts.slow, SLOW_AFTER) : null;
  const done = () => { clearTimeout(timer); clearTimeout(slowTimer); };
  // The API answers in the language it is asked for: the page's, so its refusals read as the page does.
  const allHeaders = {"Content-Type": "application/json", "Accept": "application/json", "Accept-Language": lang};
  Object.keys(headers || {}).forEach((k) => { allHeaders[k] = headers[k]; });
  if (director) { allHeaders["X-CSRFToken"] = csrf(); }
  return fetch(url, {method: method, headers: allHeaders, credentials: "same-origin",
                     body: body === undefined ? undefined : JSON.stringify(body),
                     signal: controller ? controller.signal : undefined})
    .then((response) => {
      done();
      return response.text().then((text) => {
        let data = null;
        try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
        reached(response.status);
        return {status: response.status, data: data || {}};
      });
    }, () => {
      done();
      const failure = new Error(gaveUp ? "The server did not answer in time." : "No connection.");
      failure.slow = gaveUp;
      throw failure;
    });
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
