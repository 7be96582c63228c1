// One way to make a short sound on any page (the clock's warning and time-up chimes, a call to the director on
// the board), with Web Audio and no sound file. Browsers allow sound only once the person has tapped the page,
// so `unlock` is called from a tap or key press and a page that was never touched plays nothing, silently.
(function () {
  if (window.canastaChime) return;  // a page that includes it twice keeps one audio context
  var audio = null;

  function unlock() {
    try {
      var Ctx = window.AudioContext || window.webkitAudioContext;
      if (!Ctx) return false;
      if (!audio) audio = new Ctx();
      audio.resume();
      return true;
    } catch (e) {
      audio = null;
      return false;
    }
  }

  // notes: frequencies in Hz, played one after the other; shape: {wave, peak, length, gap} in seconds.
  function play(notes, shape) {
    if (!audio) return false;
    window.canastaChime.played += 1;  // read by the browser tests: a sound was made, not only wanted
    var t = audio.currentTime + 0.05;
    notes.forEach(function (hz) {
      var osc = audio.createOscillator(), gain = audio.createGain();
      osc.type = shape.wave;
      osc.frequency.value = hz;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(shape.peak, t + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + shape.length);
      osc.connect(gain).connect(audio.destination);
      osc.start(t);
      osc.stop(t + shape.length + 0.05);
      t += shape.length + shape.gap;
    });
    return true;
  }

  window.canastaChime = { unlock: unlock, play: play, played: 0 };
})();
