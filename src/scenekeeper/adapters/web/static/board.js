// The board page, live: one EventSource per page; each "board" event carries the new <main>
// content (rendered once on the server for every viewer) and a line for screen readers. A
// "revoked" event, or a stream the server refuses (404), ends it. Without this script the page
// still shows the board as it was when loaded; a reload brings it up to date.
"use strict";
(function () {
  var main = document.getElementById("board");
  var live = document.getElementById("live");
  if (!main || !window.EventSource) { return; }
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
