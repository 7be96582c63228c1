/* The page of a table with no game to score (a sit-out, or before the seating): it looks again every 30 s
 * by reloading itself, as a <meta refresh> did, but not while someone is using the call to the director
 * (a reload under a finger loses the tap). */
const RELOAD_MS = 30000;

setInterval(() => {
  const busy = document.activeElement && document.activeElement.closest("#director-call");
  if (!document.hidden && !busy) window.location.reload();
}, RELOAD_MS);
