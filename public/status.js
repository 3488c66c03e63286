// Writes every <time data-local> of the status page in the visitor's own time zone.
(function () {
  var format = new Intl.DateTimeFormat(undefined, {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
  });
  function localize() {
    var times = document.querySelectorAll("time[data-local]");
    for (var i = 0; i < times.length; i++) {
      var date = new Date(times[i].getAttribute("datetime"));
      if (!isNaN(date.getTime())) {
        times[i].title = times[i].textContent;
        times[i].textContent = format.format(date);
      }
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", localize);
  else localize();
})();
