// The web table's few lines of script: keep the log scrolled to its newest line, and hide the
// new-game form's seats beyond the number of players.
(function () {
  function scrollLog() {
    var log = document.getElementById("log");
    if (log) log.scrollTop = log.scrollHeight;
  }
  function showSeats() {
    var players = document.getElementById("players");
    if (!players) return;
    var count = parseInt(players.value, 10) || 1;
    document.querySelectorAll(".seat").forEach(function (seat) {
      seat.style.display = parseInt(seat.dataset.seat, 10) < count ? "" : "none";
    });
  }
  document.addEventListener("DOMContentLoaded", function () {
    scrollLog();
    showSeats();
    var players = document.getElementById("players");
    if (players) players.addEventListener("input", showSeats);
  });
  document.addEventListener("htmx:afterSettle", scrollLog);
})();

// The replay viewer's keys: arrows step one decision, Page Up/Down a turn, Home/End the ends.
document.addEventListener("keydown", function (event) {
  if (!document.querySelector(".table.replay") || event.target.closest("input, textarea, select")) return;
  var keys = { ArrowLeft: "back", ArrowRight: "next", PageUp: "previous-turn", PageDown: "next-turn", Home: "start", End: "end" };
  var button = keys[event.key] && document.querySelector(".steps .step-" + keys[event.key]);
  if (button && !button.disabled) {
    event.preventDefault();
    button.click();
  }
});
