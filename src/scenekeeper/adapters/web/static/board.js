// The board page, live: one EventSource per page; each "board" event carries the new <main>
// content (rendered once on the server for every viewer) and a line for screen readers. A
// "revoked" event, or a stream the server refuses (404), ends it. Without this script the page
// still shows the board as it was when loaded; a reload brings it up to date.
"use strict";
(function () {
  var main = document.getElementById("board");
  var live = document.getElementById("live");
  if (!main) { return; }
  // An overlay fits its frame: ?parts=waiting,conflict,rolls (by section), rolls=N (default 1),
  // corner=tl|tr|bl|br, width=<px>; and it is scaled down to the frame's height if need be.
  var overlay = document.body.classList.contains("overlay");
  var query = new URLSearchParams(window.location.search);
  var parts = (query.get("parts") || "").split(",").filter(Boolean);
  var rolls = parseInt(query.get("rolls") || (overlay ? "1" : "0"), 10);
  var corner = query.get("corner");
  var width = parseInt(query.get("width") || "0", 10);
  if (overlay && /^(tl|tr|bl|br)$/.test(corner || "")) {
    document.body.classList.add("corner", "corner-" + corner);
  }
  if (overlay && width > 0) { main.style.maxWidth = width + "px"; }
  function fit() {
    if (!overlay) { return; }
    main.querySelectorAll("[data-part]").forEach(function (part) {
      var name = part.getAttribute("data-part");
      var chosen = parts.length ? parts.indexOf(name) >= 0 : name !== "people";
      part.hidden = !chosen;
    });
    if (rolls > 0) {
      main.querySelectorAll(".rolls li").forEach(function (item, index) {
        item.hidden = index >= rolls;
      });
    }
    main.style.transform = "";
    var tall = main.scrollHeight;
    var room = window.innerHeight;
    if (tall > room) {
      main.style.transform = "scale(" + (room / tall).toFixed(3) + ")";
    }
  }
  fit();
  window.addEventListener("resize", fit);
  if (!window.EventSource) { return; }
  var url = main.getAttribute("data-events") + "?after=" + main.getAttribute("data-seq");
  var source = new EventSource(url);
  function say(text) { if (live) { live.textContent = text; } }
  function stop(text) {
    source.close();
    document.body.classList.add("stopped");
    say(text);
  }
  source.addEventListener("board", function (event) {
    var data = JSON.parse(event.data);
    main.innerHTML = data.html;
    main.setAttribute("data-seq", String(data.seq));
    say(data.news);
    fit();
  });
  source.addEventListener("revoked", function () {
    stop("This board's link was revoked: it no longer follows the table.");
  });
  source.addEventListener("open", function () {
    document.body.classList.remove("offline");
  });
  source.addEventListener("error", function () {
    if (source.readyState === EventSource.CLOSED) {
      stop("This board no longer follows the table (its link may have been revoked).");
    } else {
      document.body.classList.add("offline");
    }
  });
})();
