// The director's board keeps its tables current in place every 20 s: a reload would stop the clock's
// chime (browsers allow sound only after a tap on the page that plays it).
window.canastaBoardRefresh = window.canastaLiveRegion("board-live", 20000);  // also for the browser test
