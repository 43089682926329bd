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

// The workshop: keep the underlay scrolled with the script, and let a finding take the caret
// to the place it names.
(function () {
  function sync() {
    var script = document.getElementById("script");
    var underlay = document.getElementById("underlay");
    if (script && underlay) {
      underlay.scrollTop = script.scrollTop;
      underlay.scrollLeft = script.scrollLeft;
    }
  }
  document.addEventListener("scroll", function (event) {
    if (event.target && event.target.id === "script") sync();
  }, true);
  document.addEventListener("htmx:afterSettle", sync);
  function goTo(finding) {
    var script = document.getElementById("script");
    if (!script || !finding) return;
    var lines = script.value.split("\n");
    var line = Math.max(1, Math.min(parseInt(finding.dataset.line, 10) || 1, lines.length));
    var offset = 0;
    for (var i = 0; i < line - 1; i++) offset += lines[i].length + 1;
    offset += Math.max(0, (parseInt(finding.dataset.column, 10) || 1) - 1);
    script.focus();
    script.setSelectionRange(offset, offset);
  }
  document.addEventListener("click", function (event) {
    var finding = event.target.closest && event.target.closest(".finding");
    if (finding) goTo(finding);
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && event.target.classList && event.target.classList.contains("finding")) goTo(event.target);
  });
})();

// Ctrl+Z (or Cmd+Z) takes back the last decision, as the table's Take back button does.
document.addEventListener("keydown", function (event) {
  if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== "z" || event.shiftKey) return;
  if (event.target.closest && event.target.closest("input, textarea, select")) return;
  var button = document.querySelector("#table .take-back");
  if (button) {
    event.preventDefault();
    button.click();
  }
});

// On a narrow screen the card panel sits under the whole table: a card tapped (not one of its
// buttons) opens the panel over the foot of the screen instead, and a tap on the panel, or any
// choice, closes it.
(function () {
  function narrow() { return window.matchMedia("(max-width: 900px)").matches; }
  document.addEventListener("click", function (event) {
    var inspector = document.getElementById("inspector");
    if (!inspector || !event.target.closest) return;
    if (event.target.closest("#inspector")) {
      if (!event.target.closest("details")) inspector.classList.remove("open");
    } else if (event.target.closest(".choice, button, a")) {
      inspector.classList.remove("open");
    } else if (narrow() && event.target.closest(".card[hx-get]")) {
      inspector.classList.add("open");
    }
  });
})();
